// File-scope __shared__ variables (issue 24): one tile declared at file
// scope, used by a transpose, by a template copy and, through a device
// function, by a kernel that reads it back.  Each kernel's replay gets the
// tile in its own layout; the originals keep the file's declaration.
// Racy twin (-DE2E_RACE): the transpose reads the tile without the
// barrier after the fill, and the device function's store lands on an
// element another warp reads in the same region.
#include "e2e.h"

#define TILE 16
__shared__ float tile[TILE][TILE + 1];

__global__ void transpose(const float *in, float *out, int n) {
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
#ifndef E2E_RACE
  __syncthreads();
#endif
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

template <typename T> __global__ void copy_tile(const T *in, T *out) {
  int i = blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[TILE - 1 - threadIdx.y][TILE - 1 - threadIdx.x];
}

__device__ void put(int row, int col, float v) {
#ifdef E2E_RACE
  tile[(row + 2) % TILE][col] = v;
#else
  tile[row][col] = v;
#endif
}

__global__ void scatter(const float *in, float *out) {
  int i = blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  put(threadIdx.y, threadIdx.x, in[i] * 2.0f);
  out[i] = tile[threadIdx.y][threadIdx.x];
}

int main() {
  const int n = 64, blocks = 4;
  static float a[n * n], at[n * n], c[n * n], s[n * n];
  for (int i = 0; i < n * n; i++)
    a[i] = (float)((i * 5) % 19) - 9.0f;
  float *da = e2e_to_device(a, n * n), *dat, *dc, *ds;
  E2E_CHECK(cudaMalloc(&dat, sizeof at));
  E2E_CHECK(cudaMalloc(&dc, sizeof c));
  E2E_CHECK(cudaMalloc(&ds, sizeof s));
  transpose<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, dat, n);
  E2E_CHECK(cudaGetLastError());
  copy_tile<float><<<blocks, dim3(TILE, TILE)>>>(da, dc);
  E2E_CHECK(cudaGetLastError());
  scatter<<<blocks, dim3(TILE, TILE)>>>(da, ds);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(at, dat, n * n);
  e2e_to_host(c, dc, blocks * TILE * TILE);
  e2e_to_host(s, ds, blocks * TILE * TILE);
  printf("transpose %g %g hash %llx\n", at[1], at[n * n - 1],
         e2e_hash(at, sizeof at));
  printf("copy %g hash %llx\n", c[0], e2e_hash(c, sizeof c));
  printf("scatter %g hash %llx\n", s[3], e2e_hash(s, sizeof s));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel transpose
// RACE-CHECK: in kernel scatter
// RACE-CHECK: ldcc: summary:
// NOPROOF
