// lane_exchange.cu's rotate written the way most code spells the warp
// size: a macro (`#define WARP_SIZE 32`, `threadIdx.x % WARP_SIZE`).  The
// rule that finds lane-indexed accesses compared the divisor with the
// literal 32 as written in the file, so the macro hid the kernel's warp
// synchronisation and its intra-warp race went unreported (the replay
// treats a warp as one unit).  It now takes any constant expression
// (warp_facts.c literal).  Racy twin: no __syncwarp between the write and
// the neighbour's read.
#include "e2e.h"

#define WARP_SIZE 32
#define WARPS 4
#define ROUNDS 8

__global__ void rotate(const int *in, int *out) {
  __shared__ int buf[WARPS][WARP_SIZE];
  int warp = threadIdx.x / WARP_SIZE, lane = threadIdx.x % WARP_SIZE;
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int r = 0; r < ROUNDS; r++) {
    buf[warp][lane] = v;
#ifndef E2E_RACE
    __syncwarp();
#endif
    v = buf[warp][(lane + 1) % WARP_SIZE] * 3 + r;
#ifndef E2E_RACE
    __syncwarp();
#endif
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
  const int blocks = 64, threads = WARPS * WARP_SIZE, n = blocks * threads;
  static int h[64 * WARPS * WARP_SIZE], out[64 * WARPS * WARP_SIZE];
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
// RACE-CHECK-NOT: not checked
