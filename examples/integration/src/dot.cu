// Dot product of two vectors: each block multiplies its slice and sums the
// products in shared memory with a tree, the host adds the block sums.
// Built with -DRACY the barrier inside the tree loop is missing: warps then
// read partial sums other warps have not written yet, a read-write race on
// `acc` that ldcc reports (and that a plain nvcc build hides or not,
// depending on timing).
#include <cstdio>
#include <cstdlib>

#define BLOCK 256

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(err_));                                       \
      return 2;                                                                \
    }                                                                          \
  } while (0)

__global__ void dot(const int *x, const int *y, long long *block_sums, int n) {
  __shared__ long long acc[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  acc[t] = i < n ? (long long)x[i] * y[i] : 0;
  __syncthreads();
  for (int half = BLOCK / 2; half > 0; half >>= 1) {
    if (t < half)
      acc[t] += acc[t + half];
#ifndef RACY
    __syncthreads();
#endif
  }
  if (t == 0)
    block_sums[blockIdx.x] = acc[0];
}

int main() {
  const int n = 1 << 16, blocks = (n + BLOCK - 1) / BLOCK;
  int *x = (int *)malloc(n * sizeof(int)), *y = (int *)malloc(n * sizeof(int));
  long long *sums = (long long *)malloc(blocks * sizeof(long long));
  int *dx, *dy;
  long long *dsums, total = 0;

  for (int i = 0; i < n; i++) {
    x[i] = i % 13 - 6;
    y[i] = i % 7 + 1;
  }
  CHECK(cudaMalloc(&dx, n * sizeof(int)));
  CHECK(cudaMalloc(&dy, n * sizeof(int)));
  CHECK(cudaMalloc(&dsums, blocks * sizeof(long long)));
  CHECK(cudaMemcpy(dx, x, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y, n * sizeof(int), cudaMemcpyHostToDevice));
  dot<<<blocks, BLOCK>>>(dx, dy, dsums, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(sums, dsums, blocks * sizeof(long long),
                   cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; b++)
    total += sums[b];
  printf("dot = %lld\n", total);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dsums);
  free(x);
  free(y);
  free(sums);
  return 0;
}
