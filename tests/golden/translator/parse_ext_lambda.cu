// Extended __device__ lambdas under --extended-lambda, given to
// ldcc-translate in nvcc's spelling: the parser sees
// __CUDACC_EXTENDED_LAMBDA__ as nvcc's code does, and Thrust takes them.
// RUN: %ldcc-translate --dump-plan --extended-lambda -std=c++17 %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --extended-lambda -std=c++17 %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 --extended-lambda -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
#include <thrust/device_vector.h>
#include <thrust/transform.h>

#ifndef __CUDACC_EXTENDED_LAMBDA__
#error "nvcc defines __CUDACC_EXTENDED_LAMBDA__ under --extended-lambda"
#endif

template <typename F> __global__ void for_n(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

int main() {
  thrust::device_vector<float> v(64, 1.0f);
  float a = 3.0f;
  float *x = thrust::raw_pointer_cast(v.data());
  for_n<<<1, 64>>>(64, [=] __device__(int i) { x[i] = a * x[i]; });
  for_n<<<1, 64>>>(64, [=] __host__ __device__(int i) { x[i] += 1.0f; });
  thrust::transform(v.begin(), v.end(), v.begin(),
                    [=] __device__(float y) { return a * y; });
  return 0;
}

// The lambdas write through their captured pointer only (issues 23 and
// 25): the kernel is checked across blocks, the clone patching the
// closure's pointers (global_lambda_capture.cu).
// PLAN: KERNEL name=for_n checked=yes at=14:39 template global=yes units=blocks writes=f
// PLAN: KERNEL name=make_list checked=yes at=40:17
// PLAN: LAUNCH kernel=for_n at=24:3
// PLAN: LAUNCH kernel=for_n at=25:3
// A device `new` (cuda_wrappers/new's operator new calls the device
// malloc, which clang's wrapper declares after cuda_runtime.h).
__global__ void make_list(int **out) { out[threadIdx.x] = new int[4]; }
// The coverage report takes the build's nvcc options as the translation does.
// COV: KERNEL name=make_list at=40 coverage=none
// COV: SUMMARY files=1 parsed=1 kernels=2 full=1 partly=0 none=1
// NOOPT: parsed=no
// RUN: %ldcc-translate --coverage --extended-lambda -std=c++17 %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=NOOPT
