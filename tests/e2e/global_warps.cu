// A kernel without block barriers: its units are warps, so a race between
// two warps of one block is found too (issue 5).  Every thread writes its
// own element; in the racy twin lane 0 of each warp also writes a flag
// shared by the whole block, each warp with its own value.
#include "e2e.h"

__global__ void tag(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * 3;
#ifdef E2E_RACE
  if (threadIdx.x % 32 == 0)
    flag[blockIdx.x] = threadIdx.x / 32 + 1;
#else
  if (threadIdx.x == 0)
    flag[blockIdx.x] = 1;
#endif
}

int main() {
  const int nblocks = 4, nthreads = 64, n = nblocks * nthreads;
  static int h[4 * 64], f[4];
  int *d, *df;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&df, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(df, 0, nblocks * sizeof(int)));
  tag<<<nblocks, nthreads>>>(d, df);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
  e2e_to_host(f, df, nblocks);
  printf("out[%d] %d flags %d %d %d %d hash %llx\n", n - 1, h[n - 1], f[0],
         f[1], f[2], f[3], e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: write-write race on global memory flag[
// RACE-CHECK: in kernel tag
// RACE-CHECK: warp 0 wrote 1 (0x00000001)
// RACE-CHECK: warp 1 wrote 2 (0x00000002)
// RACE-CHECK: launched at global_warps.cu:
// RACE-CHECK: ldcc: summary:
