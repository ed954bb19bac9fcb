// A program that checks its own CUDA errors after each launch (issue 5):
// the launches go through the runtime's protocol, yet cudaGetLastError and
// cudaPeekAtLastError say what they say with nvcc: success after a good
// launch, CUDA's error for a launch of 2048 threads per block
// (cudaErrorInvalidValue with CUDA 13; reported once, then cleared), success
// again after that (the fixed twin's output must equal nvcc's).  The
// "racy" twin is the same program; it checks that the bad launch was run
// unchanged and reported as not checked (exit status 0); it runs with
// proofs=0, since a proved launch runs the kernel as built and there is
// no clone to refuse.
#include "e2e.h"

__global__ void twice(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2;
}

int main() {
  const int n = 1 << 12;
  static int h[1 << 12];
  for (int i = 0; i < n; i++)
    h[i] = i;
  int *d = e2e_to_device(h, n);
  twice<<<n / 128, 128>>>(d, n);
  printf("good launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  twice<<<1, 2048>>>(d, n);
  printf("bad launch, peek: %s\n", cudaGetErrorName(cudaPeekAtLastError()));
  printf("bad launch, get: %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("after it: %s\n", cudaGetErrorName(cudaGetLastError()));
  twice<<<n / 128, 128>>>(d, n);
  printf("good again: %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  e2e_to_host(h, d, n);
  printf("a[3] %d a[%d] %d hash %llx\n", h[3], n - 1, h[n - 1],
         e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=proofs=0
// RACE-EXIT: 0
// RACE-CHECK: bad launch, get: cudaErrorInvalid
// RACE-CHECK: after it: cudaSuccess
// RACE-CHECK: good again: cudaSuccess
// RACE-CHECK: not checked: the instrumented kernel could not be launched
