// Kernels and their host-side launchers: a templated tiled transpose with
// shared memory, an elementwise kernel calling a device function from
// ops.cu, and a lambda-free host wrapper per kernel.
#include <cstdio>

#include "ops.cuh"

__global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = scale_and_shift(x[i], a, y[i]);
}

template <int TILE>
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

void run_saxpy(float *d_y, const float *d_x, float a, int n) {
  saxpy<<<(n + 255) / 256, 256>>>(d_y, d_x, a, n);
}

template <int TILE> void run_transpose(float *d_out, const float *d_in, int n) {
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  transpose<TILE><<<grid, block>>>(d_out, d_in, n);
}
template void run_transpose<16>(float *, const float *, int);
template void run_transpose<32>(float *, const float *, int);
