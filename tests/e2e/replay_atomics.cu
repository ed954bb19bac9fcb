// Shared-memory reductions that finish with a global atomic (llm.c's
// norm_kernel1, jacobi's finalError, HeCBench reductions): the shared
// memory is checked by the replay, and since session 19 the global memory
// across blocks too, by the direct one run riding in the replay clone
// (docs/global-check.md, "With the replay").  Before, such a kernel had no
// check across blocks ("atomic operations").  Fixed twin: each block sums
// its tile in shared memory, stores the sum to its own slot and adds it to
// a total with atomicAdd; a second kernel counts with atomicAdd and stores
// a flag per block.  Racy twin: two blocks store their sums to one slot,
// and one block resets the count that the others add to (a lost update).
#include <cstdio>

#include "e2e.h"

#define BLOCK 256

__global__ void block_sum(int *total, int *partial, const int *in, int n) {
  __shared__ int s[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st)
      s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
#ifdef E2E_RACE
    partial[blockIdx.x / 2] = s[0]; // two blocks share a slot
#else
    partial[blockIdx.x] = s[0];
#endif
    atomicAdd(total, s[0]);
  }
}

__global__ void count_big(int *count, int *seen, const int *in, int n) {
  __shared__ int hits;
  if (threadIdx.x == 0)
    hits = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 50)
    atomicAdd(&hits, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(count, hits);
    seen[blockIdx.x] = hits > 0;
#ifdef E2E_RACE
    if (blockIdx.x == 3)
      count[0] = 0; // a reset racing with the other blocks' atomics
#endif
  }
}

int main() {
  const int nb = 16, n = nb * BLOCK;
  static int hin[n], hpart[nb], hseen[nb];
  for (int i = 0; i < n; i++)
    hin[i] = (i * 37) % 101;
  int zero[1] = {0};
  int *in = e2e_to_device(hin, n), *partial = e2e_to_device(hpart, nb);
  int *total = e2e_to_device(zero, 1), *count = e2e_to_device(zero, 1);
  int *seen = e2e_to_device(hseen, nb);
  block_sum<<<nb, BLOCK>>>(total, partial, in, n);
  count_big<<<nb, BLOCK>>>(count, seen, in, n);
  E2E_CHECK(cudaGetLastError());
  int t, c;
  e2e_to_host(&t, total, 1);
  e2e_to_host(&c, count, 1);
  e2e_to_host(hpart, partial, nb);
  e2e_to_host(hseen, seen, nb);
#ifndef E2E_RACE
  printf("total %d count %d partial hash %llx seen hash %llx\n", t, c,
         e2e_hash(hpart, sizeof hpart), e2e_hash(hseen, sizeof hseen));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory partial[
// RACE-CHECK: in kernel block_sum
// RACE-CHECK: lost update (a plain store and another unit's atomic) on global memory count[0] in kernel count_big
// RACE-CHECK-NOT: not checked
