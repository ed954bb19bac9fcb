// The same neighbour rotation as lane_exchange.cu, through global memory:
// each warp owns 32 slots of a global scratch array.
// Racy twin (-DE2E_RACE): no __syncwarp between a lane's store and its
// neighbour's load of that slot.
// Fixed: __syncwarp() between them (it orders global memory among the
// participating lanes too) and before the slot is overwritten.
#include "e2e.h"

#define ROUNDS 8

__global__ void rotate_global(const int *in, int *scratch, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int base = i - threadIdx.x % 32;
  int v = in[i];
  for (int r = 0; r < ROUNDS; r++) {
    scratch[i] = v;
#ifndef E2E_RACE
    __syncwarp();
#endif
    v = scratch[base + (threadIdx.x + 1) % 32] * 5 - r;
#ifndef E2E_RACE
    __syncwarp();
#endif
  }
  out[i] = v;
}

int main() {
  const int blocks = 256, threads = 128, n = blocks * threads;
  static int h[256 * 128], out[256 * 128];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 40503u) >> 4);
  int *d = e2e_to_device(h, n), *scratch, *dout;
  E2E_CHECK(cudaMalloc(&scratch, sizeof out));
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  rotate_global<<<blocks, threads>>>(d, scratch, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  e2e_print_ints(out, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: intra-warp race on global memory scratch[
// RACE-CHECK: in kernel rotate_global
// RACE-CHECK: with no __syncwarp, warp collective or barrier between
// RACE-CHECK: statements that write scratch there: lane_exchange_global.cu:16
// RACE-CHECK: ldcc: summary:
