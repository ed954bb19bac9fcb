// The classification functions in device, host-device and host code,
// unqualified and from std::, on float and double; in a host template without
// <cmath> too (nvcc's headers include <math.h>, which puts them in ::).
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
#include <cmath>

template <class T> int count_finite(const T *v, int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    c += isfinite(v[i]) ? 1 : 0;
  return c;
}

__host__ __device__ inline bool usable(double x) {
  return std::isfinite(x) && !std::isnan(x);
}

__global__ void sanitize(float *a, double *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (!isfinite(a[i]))
      a[i] = 0.0f;
    if (isnan(b[i]) || isinf(b[i]) || !usable(b[i]))
      b[i] = 0.0;
    if (signbit(a[i]))
      a[i] = -a[i];
  }
}

int main() {
  sanitize<<<1, 32>>>(0, 0, 32);
  float v[2] = {1.0f, 2.0f};
  return usable(1.0) && count_finite(v, 2) == 2 ? 0 : 1;
}

// PLAN: KERNEL name=sanitize checked=yes at=20:17
// PLAN: LAUNCH kernel=sanitize at=33:3
