// Independent launches on two streams (issue 5): each stream's kernel
// updates its own buffer in place, several times, while the other stream
// runs; every protocol step is queued on the launch's own stream, so the
// results equal the nvcc build's.  In the racy twin the kernel on the
// second stream also has blocks writing their neighbour's first element.
#include "e2e.h"

__global__ void bump(int *a, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * 2 + k;
  __syncthreads();
}

__global__ void spill(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += i;
  __syncthreads();
#ifdef E2E_RACE
  if (threadIdx.x == 0 && i + (int)blockDim.x < n)
    a[i + blockDim.x] = -(int)blockIdx.x;
#endif
}

int main() {
  const int n = 1 << 16;
  static int h1[1 << 16], h2[1 << 16];
  for (int i = 0; i < n; i++)
    h1[i] = h2[i] = i % 97;
  int *d1 = e2e_to_device(h1, n), *d2 = e2e_to_device(h2, n);
  cudaStream_t s1, s2;
  E2E_CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  E2E_CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  for (int rep = 0; rep < 4; rep++) {
    bump<<<n / 256, 256, 0, s1>>>(d1, n, rep);
    spill<<<n / 256, 256, 0, s2>>>(d2, n);
  }
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaStreamSynchronize(s1));
  E2E_CHECK(cudaStreamSynchronize(s2));
  e2e_to_host(h1, d1, n);
  e2e_to_host(h2, d2, n);
#ifndef E2E_RACE
  printf("s1 %d %llx s2 %d %llx\n", h1[n - 1], e2e_hash(h1, sizeof h1),
         h2[n - 1], e2e_hash(h2, sizeof h2));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory a[
// RACE-CHECK: in kernel spill
// RACE-CHECK: launched at global_streams.cu:
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: in kernel bump
