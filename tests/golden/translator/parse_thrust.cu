// Thrust's headers (and the CUB and libcu++ they include) parse: a kernel
// beside device_vector and sort is found and translated.
// RUN: %ldcc-translate --dump-plan -std=c++17 %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -std=c++17 %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>

__global__ void fill_desc(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = n - i;
}

int main() {
  thrust::device_vector<int> d(1024);
  fill_desc<<<4, 256>>>(thrust::raw_pointer_cast(d.data()), 1024);
  thrust::sort(d.begin(), d.end());
  thrust::host_vector<int> h = d;
  return h[0];
}

// PLAN: KERNEL name=fill_desc checked=yes at=10:17
// PLAN: LAUNCH kernel=fill_desc at=18:3
