// Block sums whose last 64 partial sums are added by warp 0 alone, the
// warp-synchronous way, through a volatile pointer (written for lockstep
// lanes).  Since Volta the lanes of a warp are not in lockstep: without a
// __syncwarp between reading a neighbour's partial sum and overwriting one's
// own, lane 0 may read s[16] before or after lane 16 updated it.
// Racy twin (-DE2E_RACE): the classic volatile tail, no __syncwarp.
// Fixed: each step reads, __syncwarp, writes, __syncwarp.
#include "e2e.h"

#define BLOCK 256

__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[BLOCK];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 32; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
#ifdef E2E_RACE
    volatile int *vs = s;
    vs[tid] += vs[tid + 32];
    vs[tid] += vs[tid + 16];
    vs[tid] += vs[tid + 8];
    vs[tid] += vs[tid + 4];
    vs[tid] += vs[tid + 2];
    vs[tid] += vs[tid + 1];
#else
    int v = s[tid] + s[tid + 32];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
    for (int offset = 16; offset > 0; offset /= 2) {
      v += s[tid + offset];
      __syncwarp();
      s[tid] = v;
      __syncwarp();
    }
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int blocks = 512, n = blocks * BLOCK;
  static int h[512 * BLOCK], out[512];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 20) - 2048;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  block_sum<<<blocks, BLOCK>>>(d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: intra-warp race on shared variable vs[
// RACE-CHECK: in kernel block_sum
// RACE-CHECK: with no __syncwarp, warp collective or barrier between
// RACE-CHECK: statements that write vs there: warp_tail.cu:25, warp_tail.cu:26, warp_tail.cu:27, warp_tail.cu:28, warp_tail.cu:29, warp_tail.cu:30
// RACE-CHECK: ldcc: summary:
