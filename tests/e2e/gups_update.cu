// Random-access updates as NVIDIA's GUPS benchmark writes them: each thread
// walks a pseudo-random sequence, points a local declared without a value
// at a table entry (`unsigned long long *address, old, assumed; address =
// (unsigned long long *)&t[k].data;`) and xors the entry with a
// compare-and-swap loop; a counter of updates is bumped with atomicAdd.
// Until session 44 the local was no alias of the table and the kernel was
// "not checked across blocks: atomic operations: atomicCAS on memory it
// cannot follow" (global_facts.c first_value).
// Racy twin (-DE2E_RACE): the update is a plain load and store, so two
// threads hitting one entry lose an update.
#include "e2e.h"

typedef union {
  unsigned long long data;
} benchtype;

#define POLY 7ull

__global__ void gups(benchtype *t, size_t mask, int per,
                     unsigned long long *done) {
  unsigned long long ran = 0x9e3779b97f4a7c15ull *
                           (blockIdx.x * blockDim.x + threadIdx.x + 1);
  for (int i = 0; i < per; ++i) {
    ran = (ran << 1) ^ ((long long)ran < 0 ? POLY : 0);
    unsigned long long *address, old, assumed;
    address = (unsigned long long *)&t[ran & mask].data;
    old = *address;
#ifdef E2E_RACE
    *address = old ^ ran;
#else
    do {
      assumed = old;
      old = atomicCAS(address, assumed, assumed ^ ran);
    } while (assumed != old);
#endif
  }
  if (threadIdx.x == 0)
    atomicAdd(done, (unsigned long long)per * blockDim.x);
}

int main() {
  const size_t entries = 1024;
  const int blocks = 64, threads = 128, per = 4;
  static benchtype table[entries];
  for (size_t i = 0; i < entries; i++)
    table[i].data = i;
  benchtype *dt = e2e_to_device(table, entries);
  unsigned long long *ddone, done = 0;
  E2E_CHECK(cudaMalloc(&ddone, sizeof done));
  E2E_CHECK(cudaMemset(ddone, 0, sizeof done));
  gups<<<blocks, threads>>>(dt, entries - 1, per, ddone);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(table, dt, entries);
  e2e_to_host(&done, ddone, 1);
  printf("updates %llu hash %llx\n", done, e2e_hash(table, sizeof table));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory
// RACE-CHECK: in kernel gups
// RACE-CHECK: ldcc: summary:
