// A block sum the modern way: each warp adds its lanes with shuffles, its
// lane 0 writes the warp's sum to shared memory, and after a barrier warp 0
// adds the warps' sums with shuffles again.  The kernel is warp-synchronous
// (shuffles), so it carries the inline intra-warp checks, and since issue
// 24 the shared-memory replay and the check across blocks as well.
// Racy twin (-DE2E_RACE): the barrier between the warps' writes of their
// sums and warp 0's reads is missing (racecheck reports the hazard).
// Fixed: with the barrier.
#include "e2e.h"

#define BLOCK 256

__global__ void reduce_shfl(const int *in, int *out, int n) {
  __shared__ int warpsum[BLOCK / 32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffff, v, o);
  if ((threadIdx.x & 31) == 0)
    warpsum[threadIdx.x >> 5] = v;
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (threadIdx.x < 32) {
    v = threadIdx.x < BLOCK / 32 ? warpsum[threadIdx.x] : 0;
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffff, v, o);
    if (threadIdx.x == 0)
      out[blockIdx.x] = v;
  }
}

int main() {
  const int blocks = 256, n = blocks * BLOCK - 17;
  static int h[256 * BLOCK], out[256];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 20) - 2048;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  reduce_shfl<<<blocks, BLOCK>>>(d, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel reduce_shfl
// RACE-CHECK: ldcc: summary:
