// A small CUDA program for the driver tests that use the real nvcc.
#include <cstdio>

#include "local.h"

extern void other_step(int *d);

__global__ void scale(int *a, int n) {
  __shared__ int tile[64];
  int i = threadIdx.x;
  tile[i] = a[i] * LOCAL_SCALE;
  __syncthreads();
  if (i < n)
    a[i] = tile[63 - i];
}

int main() {
  int *d = nullptr;
  printf("file=%s\n", __FILE__);
  cudaMalloc(&d, 64 * sizeof(int));
  scale<<<1, 64>>>(d, 64);
  other_step(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
