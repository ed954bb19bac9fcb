// Host driver: fills a matrix, transposes it twice with each tile size,
// runs saxpy, and prints checksums that must equal the CPU's.
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "api.h"

int main() {
  const int n = 512, count = n * n;
  std::vector<float> h(count), back(count);
  for (int i = 0; i < count; i++)
    h[i] = (float)(i % 97);

  float *a, *b;
  if (cudaMalloc(&a, count * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&b, count * sizeof(float)) != cudaSuccess) {
    fprintf(stderr, "cudaMalloc failed\n");
    return 2;
  }
  cudaMemcpy(a, h.data(), count * sizeof(float), cudaMemcpyHostToDevice);
  run_transpose<16>(b, a, n);
  run_transpose<32>(a, b, n);
  cudaMemcpy(back.data(), a, count * sizeof(float), cudaMemcpyDeviceToHost);
  int same = back == h;

  run_saxpy(b, a, 2.0f, count); // b = 2*a + b, b holds a's transpose
  double sum = device_sum(b, count), expect = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      expect += 2.0 * h[r * n + c] + h[c * n + r];
  cudaError_t err = cudaDeviceSynchronize();

  printf("transpose round trip: %s\n", same ? "ok" : "WRONG");
  printf("sum = %.1f (expected %.1f): %s\n", sum, expect, sum == expect ? "ok" : "WRONG");
  cudaFree(a);
  cudaFree(b);
  if (err != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(err));
    return 2;
  }
  return same && sum == expect ? 0 : 1;
}
