// Kernels writing page-locked host memory (zero copy), as streaming code
// and the CUDA samples' simpleZeroCopy do: a buffer from cudaHostAlloc
// (mapped, its device pointer from cudaHostGetDevicePointer), one from
// cudaMallocHost and a malloc'd one page-locked with cudaHostRegister,
// written by kernels with no cudaMemcpy in between.
// Before, such launches were "not checked: it writes through parameter
// out, a pointer ldcc does not know"; the runtime now keeps page-locked
// allocations in its registry (runtime/ld_rt_wrap.c), and the checks copy
// them with cudaMemcpyDefault.  Racy twin (-DE2E_RACE): every block's
// thread 0 also stores its block's sum to sums[0] (a write-write race
// across blocks in host memory).
#include "e2e.h"

__global__ void vec_add(const float *a, const float *b, float *c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void block_sums(const float *c, float *sums, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    float s = 0;
    for (int k = 0; k < (int)blockDim.x && i + k < n; k++)
      s += c[i + k];
#ifdef E2E_RACE
    sums[0] = s;
#else
    sums[blockIdx.x] = s;
#endif
  }
}

int main() {
  const int n = 4096, threads = 128, blocks = n / threads;
  float *h_a, *h_b, *h_c, *h_sums, *d_a, *d_b, *d_c;
  E2E_CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
  E2E_CHECK(cudaHostAlloc((void **)&h_a, n * sizeof(float), cudaHostAllocMapped));
  E2E_CHECK(cudaHostAlloc((void **)&h_b, n * sizeof(float), cudaHostAllocMapped));
  E2E_CHECK(cudaMallocHost((void **)&h_c, n * sizeof(float)));
  // The block sums in memory the program page-locks itself.
  h_sums = (float *)malloc(blocks * sizeof(float));
  E2E_CHECK(cudaHostRegister(h_sums, blocks * sizeof(float),
                             cudaHostRegisterMapped));
  for (int i = 0; i < n; i++) {
    h_a[i] = (float)(i % 17) * 0.5f;
    h_b[i] = (float)(i % 5) + 0.25f;
  }
  for (int b = 0; b < blocks; b++)
    h_sums[b] = 0;
  E2E_CHECK(cudaHostGetDevicePointer((void **)&d_a, h_a, 0));
  E2E_CHECK(cudaHostGetDevicePointer((void **)&d_b, h_b, 0));
  d_c = h_c; // (cudaMallocHost's memory is mapped at its host address)
  vec_add<<<blocks, threads>>>(d_a, d_b, d_c, n);
  E2E_CHECK(cudaGetLastError());
  float *d_sums;
  E2E_CHECK(cudaHostGetDevicePointer((void **)&d_sums, h_sums, 0));
  block_sums<<<blocks, threads>>>(d_c, d_sums, n);
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaDeviceSynchronize());
  double total = 0;
  for (int b = 0; b < blocks; b++)
    total += h_sums[b];
  printf("c[%d] %g sums %g %g total %g hash %llx\n", n - 1, h_c[n - 1],
         h_sums[0], h_sums[blocks - 1], total, e2e_hash(h_c, n * sizeof(float)));
  E2E_CHECK(cudaFreeHost(h_a));
  E2E_CHECK(cudaFreeHost(h_b));
  E2E_CHECK(cudaFreeHost(h_c));
  E2E_CHECK(cudaHostUnregister(h_sums));
  free(h_sums);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory sums[0] in kernel block_sums
// RACE-CHECK: ldcc: summary:
// RACE-CHECK: 2 checked launches
// RACE-CHECK-NOT: not checked
