// 16x16 tiled matrix product.  Racy twin (-DE2E_RACE): the second barrier
// of the tile loop is missing, so a warp can overwrite a tile another warp
// is still reading; the difference reaches only the accumulator register.
#include "e2e.h"

#define TILE 16

__global__ void matmul(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; t++) {
    as[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  c[row * n + col] = acc;
}

int main() {
  const int n = 256;
  static float a[n * n], b[n * n], c[n * n];
  for (int i = 0; i < n * n; i++) {
    a[i] = (float)((i * 7) % 11) - 5.0f;
    b[i] = (float)((i * 3) % 13) - 6.0f;
  }
  float *da = e2e_to_device(a, n * n), *db = e2e_to_device(b, n * n), *dc;
  E2E_CHECK(cudaMalloc(&dc, sizeof c));
  matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, db, dc, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(c, dc, n * n);
  printf("c[0] %g c[last] %g hash %llx\n", c[0], c[n * n - 1], e2e_hash(c, sizeof c));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race through registers in kernel matmul
// RACE-CHECK: launched at matmul.cu:
// RACE-CHECK: ldcc: summary:
// DET
// DET-CHECK-NOT: read-write race
