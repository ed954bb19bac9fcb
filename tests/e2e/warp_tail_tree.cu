// A block sum whose tree part halves the partial sums with a barrier after
// each step down to 64, and whose last 64 are added by warp 0 alone, with a
// __syncwarp between reading a neighbour's sum and overwriting one's own.
// The kernel is warp-synchronous (a lane-range condition), so it carries the
// inline intra-warp checks, and since issue 24 the shared-memory replay too,
// which finds races between warps.  (Through a pointer to volatile the
// kernel would keep the inline checks alone: the replay takes no volatile
// pointer, docs/inline-checks.md.)
// Racy twin (-DE2E_RACE): the barrier inside the tree loop is missing, so a
// warp reads s[tid + stride] before or after another warp updated it
// (racecheck reports the hazard; the tail itself is correct).
// Fixed: with the barrier.
#include "e2e.h"

#define BLOCK 256

__global__ void tree_tail(const int *in, int *out) {
  __shared__ int s[BLOCK];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 32; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
#ifdef E2E_RACE
  __syncthreads();
#endif
  if (tid < 32) {
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
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int blocks = 256, n = blocks * BLOCK;
  static int h[256 * BLOCK], out[256];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 20) - 2048;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  tree_tail<<<blocks, BLOCK>>>(d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable s[
// RACE-CHECK: in kernel tree_tail
// RACE-CHECK-NOT: intra-warp race
// RACE-CHECK: ldcc: summary:
