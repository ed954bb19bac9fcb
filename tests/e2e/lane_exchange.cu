// Lanes of a warp hand values to their neighbours through shared memory
// (a rotate by one lane), as warp-synchronous code did before shuffles.
// Racy twin (-DE2E_RACE): no __syncwarp between the write of buf[lane] and
// the read of buf[lane + 1], so a lane may read its neighbour's slot before
// the neighbour wrote it (volatile does not order lanes either).
// Fixed: __syncwarp() between the write and the read, and again before the
// slot is written the next round.
#include "e2e.h"

#define ROUNDS 8

__global__ void rotate(const int *in, int *out) {
  __shared__ int buf[4][32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int r = 0; r < ROUNDS; r++) {
    buf[warp][lane] = v;
#ifndef E2E_RACE
    __syncwarp();
#endif
    v = buf[warp][(lane + 1) % 32] * 3 + r;
#ifndef E2E_RACE
    __syncwarp();
#endif
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
  const int blocks = 256, threads = 128, n = blocks * threads;
  static int h[256 * 128], out[256 * 128];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 16);
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  rotate<<<blocks, threads>>>(d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  e2e_print_ints(out, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: intra-warp race on shared variable buf[
// RACE-CHECK: in kernel rotate
// RACE-CHECK: with no __syncwarp, warp collective or barrier between
// RACE-CHECK: statements that write buf there: lane_exchange.cu:17
// RACE-CHECK: ldcc: summary:
