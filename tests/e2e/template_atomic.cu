// A template kernel whose global atomic's arguments depend on the
// template's parameters (`atomicAdd(out, s[0])` with `T *out`): clang
// leaves such a call unresolved, and the shared-memory replay took it for a
// call of some overload and left it as written, so pass 2 applied it again
// (the norace build printed twice the total).  It is now redirected like
// any global atomic (replay_facts.c visit_call: an overload set named like
// an atomic).  Racy twin: the first barrier missing (warps read their
// neighbours' s before it is written, and their t differs between passes).
#include <cstdio>

#include "e2e.h"

template <typename T, int BLOCK>
__global__ void block_sum(const T *in, T *out, T *partial) {
  __shared__ T s[BLOCK];
  __shared__ T t[BLOCK];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
#ifndef E2E_RACE
  __syncthreads();
#endif
  t[tid] = s[tid] + s[(tid + 1) % BLOCK];
  if (tid == 0)
    atomicAdd(out, s[0] + s[BLOCK - 1]);
  __syncthreads();
  partial[blockIdx.x * BLOCK + tid] = t[(tid + 7) % BLOCK];
}

int main() {
  const int B = 256, blocks = 64, n = B * blocks;
  static int h[n], p[n];
  for (int i = 0; i < n; i++)
    h[i] = (i * 13) % 29;
  int *in = e2e_to_device(h, n), *out, *partial;
  E2E_CHECK(cudaMalloc(&out, sizeof(int)));
  E2E_CHECK(cudaMalloc(&partial, n * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, sizeof(int)));
  block_sum<int, B><<<blocks, B>>>(in, out, partial);
  int total = 0;
  e2e_to_host(&total, out, 1);
  e2e_to_host(p, partial, n);
  printf("total %d ", total);
  e2e_print_ints(p, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: read-write race on shared variable t[
// RACE-CHECK: in kernel block_sum
// RACE-CHECK-NOT: not checked
