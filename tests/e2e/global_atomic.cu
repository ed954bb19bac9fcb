// Kernels with atomics and printf checked across blocks in the direct one
// run (issue 25, docs/global-check.md "Direct one run").  Fixed twin:
// counting with atomicAdd, a per-block result in the block's own slot,
// printf next to a neighbour average that stays in its block.  Racy twin:
// a lost update (`cnt[0] = cnt[0] + 1` in odd blocks where the others
// atomicAdd: a plain store against other units' atomics; the same store
// from every block with no atomic at all is the copies' blind spot: every
// unit stores the same value, docs/global-check.md), a guard read (a
// plain read of a counter other blocks atomicAdd), a per-block result
// stored to a slot other blocks share, and the printf kernel reading the
// next block's first element, which that block overwrites.  The printf
// lines appear exactly once: the run is the program's own execution.
#include <cstdio>

#include "e2e.h"

__global__ void count(int *cnt) {
#ifdef E2E_RACE
  if (threadIdx.x == 0 && blockIdx.x % 2)
    cnt[0] = cnt[0] + 1; // a forgotten atomic: lost update across blocks
  else if (threadIdx.x == 0)
    atomicAdd(&cnt[0], 1);
#else
  if (threadIdx.x == 0)
    atomicAdd(&cnt[0], 1);
#endif
}

__global__ void tally(int *hits, int *slot, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0)
    atomicAdd(hits, 1);
  if (threadIdx.x == 0)
#ifdef E2E_RACE
    slot[blockIdx.x / 2] = blockIdx.x; // two blocks share a slot
#else
    slot[blockIdx.x] = blockIdx.x;
#endif
}

__global__ void guard(int *ticket, int *seen) {
  if (threadIdx.x == 0) {
    atomicAdd(ticket, 1);
#ifdef E2E_RACE
    seen[blockIdx.x] = *ticket; // a plain read of a word others update
#else
    seen[blockIdx.x] = 1;
#endif
  }
}

__global__ void talk(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    printf("talk: %d elements\n", n);
#ifdef E2E_RACE
  int j = i + 1 < n ? i + 1 : i;
#else
  int last = (blockIdx.x + 1) * blockDim.x - 1;
  int j = i + 1 <= last && i + 1 < n ? i + 1 : i;
#endif
  float v = a[j];
  __syncthreads();
  if (i < n)
    a[i] = 0.5f * (a[i] + v);
}

int main() {
  const int nb = 32, b = 128, n = nb * b;
  static int hin[nb * b], hslot[nb], hseen[nb];
  static float ha[nb * b];
  for (int i = 0; i < n; i++) {
    hin[i] = (i * 7) % 11;
    ha[i] = (float)((i * 37) % 101);
  }
  int zero[2] = {0, 0};
  int *cnt = e2e_to_device(zero, 2), *hits = e2e_to_device(zero, 2);
  int *ticket = e2e_to_device(zero, 2);
  int *in = e2e_to_device(hin, n), *slot = e2e_to_device(hslot, nb);
  int *seen = e2e_to_device(hseen, nb);
  float *a = e2e_to_device(ha, n);
  count<<<nb, b>>>(cnt);
  tally<<<nb, b>>>(hits, slot, in, n);
  guard<<<nb, b>>>(ticket, seen);
  talk<<<nb, b>>>(a, n);
  E2E_CHECK(cudaGetLastError());
  int c[2], h[2], t[2];
  e2e_to_host(c, cnt, 2);
  e2e_to_host(h, hits, 2);
  e2e_to_host(t, ticket, 2);
  e2e_to_host(hslot, slot, nb);
  e2e_to_host(ha, a, n);
#ifndef E2E_RACE
  printf("cnt %d hits %d ticket %d slot hash %llx a hash %llx\n", c[0], h[0],
         t[0], e2e_hash(hslot, sizeof hslot), e2e_hash(ha, sizeof ha));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory cnt[0] in kernel count
// RACE-CHECK: write-write race on global memory slot[
// RACE-CHECK: in kernel tally
// RACE-CHECK: unguarded read (of a word other units update atomically) on global memory ticket[0] in kernel guard
// RACE-CHECK: talk: 4096 elements
// RACE-CHECK: read-write race on global memory a[
// RACE-CHECK: in kernel talk
