// 2-D blocks of 10x10 threads: four warps, the last one with 4 lanes.  Each
// thread writes its cell, then reads its mirror cell.  Racy twin
// (-DE2E_RACE): no barrier between the write and the read.
#include "e2e.h"

#define W 10

__global__ void mirror(const int *in, int *out) {
  __shared__ int cell[W][W];
  int x = threadIdx.x, y = threadIdx.y;
  int base = blockIdx.x * W * W;
  cell[y][x] = in[base + y * W + x] * 3;
#ifndef E2E_RACE
  __syncthreads();
#endif
  out[base + y * W + x] = cell[x][y] + cell[W - 1 - y][W - 1 - x];
}

int main() {
  const int blocks = 64, n = blocks * W * W;
  static int h[64 * W * W], out[64 * W * W];
  for (int i = 0; i < n; i++)
    h[i] = i % 97;
  int *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  mirror<<<blocks, dim3(W, W)>>>(din, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  printf("out[1] %d hash %llx\n", out[1], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel mirror
// RACE-CHECK: ldcc: summary:
// DET
