// nvcc declares host overloads of the integer min/max that clang's CUDA mode
// has in device code only: unqualified max/min in host code (a grid size)
// must parse, as must the float and double overloads on either side.
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
#include <cstdio>

__global__ void relu(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = max(a[i], 0.0f);
}

int grid_for(int n, int threads) {
  return max(1, min((n + threads - 1) / threads, 65535));
}

int main() {
  float *a = 0;
  unsigned big = umax(3u, 4u);
  long long l = llmin(5ll, 6ll);
  double d = max(1.0, 2.0);
  relu<<<grid_for(1000, 256), 256>>>(a, 1000);
  printf("%u %lld %f\n", big, l, d);
  return 0;
}

// PLAN: KERNEL name=relu checked=yes at=9:17
// PLAN: LAUNCH kernel=relu at=24:3
