// Every launch entry point the runtime wraps (issue 23), called from main:
// <<<>>> (which CUDA 13 turns into __cudaGetKernel and __cudaLaunchKernel
// in the kernel's stub), a launch through a function pointer,
// cudaLaunchKernel, cudaLaunchCooperativeKernel and cudaLaunchKernelEx.
// Linked, never run (tests/golden/driver/launch_wrap.test).
#include <cuda_runtime.h>

__global__ void fill(int *p) { p[threadIdx.x] = (int)threadIdx.x; }

int main() {
  int *d = nullptr;
  void *args[] = {&d};
  void (*fp)(int *) = fill;
  fill<<<1, 32>>>(d);
  fp<<<1, 32>>>(d);
  cudaLaunchKernel((const void *)fill, dim3(1), dim3(32), args, 0, 0);
  cudaLaunchCooperativeKernel((const void *)fill, dim3(1), dim3(32), args, 0,
                              0);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  cudaLaunchKernelEx(&config, fill, d);
  return 0;
}
