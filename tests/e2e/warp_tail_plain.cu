// The warp-synchronous tail of a block sum without `volatile` (the other
// common spelling): the lanes of warp 0 add s[tid + offset] into s[tid].
// Racy twin (-DE2E_RACE): no __syncwarp between the steps, so lane 0 may
// read s[16] before or after lane 16 updated it.
// Fixed: the partial sums stay in registers and go through __shfl_down_sync,
// a warp collective; the result is the same sum.
#include "e2e.h"

#define BLOCK 128

__global__ void tail_sum(const int *in, int *out) {
  __shared__ int s[BLOCK];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  if (tid < 64)
    s[tid] += s[tid + 64];
  __syncthreads();
  if (tid < 32) {
#ifdef E2E_RACE
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
#else
    int v = s[tid] + s[tid + 32];
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_down_sync(0xffffffffu, v, offset);
    if (tid == 0)
      s[0] = v;
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int blocks = 1024, n = blocks * BLOCK;
  static int h[1024 * BLOCK], out[1024];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 40503u) % 1999u) - 999;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  tail_sum<<<blocks, BLOCK>>>(d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: intra-warp race on shared variable s[
// RACE-CHECK: in kernel tail_sum
// RACE-CHECK: with no __syncwarp, warp collective or barrier between
// RACE-CHECK: ldcc: summary:
