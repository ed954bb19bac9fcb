// Host code with OpenMP, built with -Xcompiler -fopenmp: the parser gets
// -fopenmp (so _OPENMP and the pragmas) and the host compiler's omp.h.
// RUN: %ldcc-translate --dump-plan -Xcompiler -fopenmp,-fPIC %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -Xcompiler -fopenmp %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -Xcompiler -fopenmp -isystem %srcroot/include -c %t.cu -o %t.o
#include <cstdio>
#include <omp.h>

#ifndef _OPENMP
#error "the host compiler defines _OPENMP under -fopenmp"
#endif

__global__ void twice(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2.0f;
}

int main() {
  float h[256];
#pragma omp parallel for
  for (int i = 0; i < 256; i++)
    h[i] = i;
  printf("%d\n", omp_get_max_threads());
  twice<<<1, 256>>>(h, 256);
  return 0;
}

// PLAN: KERNEL name=twice checked=yes at=13:17
// PLAN: LAUNCH kernel=twice at=25:3
