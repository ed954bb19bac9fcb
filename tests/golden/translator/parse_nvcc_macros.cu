// Code that tests for nvcc by its macros, and for the options nvcc announces
// with one (-G, --expt-relaxed-constexpr), parses as nvcc compiles it.
// RUN: %ldcc-translate --dump-plan -G --expt-relaxed-constexpr -arch=sm_90a %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -G --expt-relaxed-constexpr -arch=sm_90a %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90a -G --expt-relaxed-constexpr -isystem %srcroot/include -c %t.cu -o %t.o
#if !defined(__NVCC__) || !defined(__CUDACC_VER_MAJOR__) ||                   \
    !defined(__CUDACC_VER_MINOR__) || !defined(__CUDACC_VER_BUILD__)
#error "not nvcc"
#endif
#if __CUDACC_VER_MAJOR__ < 12 || (__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10) != CUDART_VERSION
#error "nvcc's version is the toolkit's"
#endif
#if !defined(__CUDACC_DEBUG__) || !defined(__CUDACC_RELAXED_CONSTEXPR__)
#error "nvcc defines __CUDACC_DEBUG__ under -G, __CUDACC_RELAXED_CONSTEXPR__ under --expt-relaxed-constexpr"
#endif
#include <cstdio>

constexpr int twice(int x) { return 2 * x; }

__global__ void versions(int *out) {
  out[threadIdx.x] = twice(__CUDACC_VER_MAJOR__);
}

int main() {
  versions<<<1, 1>>>(0);
  printf("%d\n", __CUDA_ARCH_LIST__);
  return 0;
}

// PLAN: KERNEL name=versions checked=yes at=20:17
// PLAN: LAUNCH kernel=versions at=25:3
