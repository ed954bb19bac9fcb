// A sum on the device with a block reduction; the result comes back as a
// double so the check in main.cpp is exact for the small integers used.
#include <vector>

#include "ops.cuh"

template <int BLOCK>
__global__ void partial_sums(const float *x, double *out, int n) {
  __shared__ double s[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  s[threadIdx.x] = i < n ? x[i] : 0.0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

double device_sum(const float *d_x, int n) {
  const int block = 128;
  int blocks = (n + block - 1) / block;
  double *d_out, total = 0;
  std::vector<double> h(blocks);

  cudaMalloc(&d_out, blocks * sizeof(double));
  partial_sums<block><<<blocks, block>>>(d_x, d_out, n);
  cudaMemcpy(h.data(), d_out, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  for (double v : h)
    total += v;
  return total;
}
