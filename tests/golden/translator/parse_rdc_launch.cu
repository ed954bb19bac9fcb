// A kernel launched from device code parses only with relocatable device
// code, in clang as in nvcc: -rdc=true reaches the parser as -fgpu-rdc.
// RUN: %ldcc-translate --dump-plan -rdc=true %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -rdc=true %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -rdc=true -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: not %ldcc-translate --dump-plan %s 2>&1 | FileCheck %s --check-prefix=NORDC
#ifndef __CUDACC_RDC__
#error "nvcc defines __CUDACC_RDC__ under -rdc=true"
#endif

__global__ void child(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= 2;
}

__global__ void parent(int *data, int n) {
  if (threadIdx.x == 0)
    child<<<(n + 31) / 32, 32>>>(data, n);
}

int main() {
  parent<<<1, 1>>>(0, 32);
  return 0;
}

// PLAN: KERNEL name=child checked={{yes|no}} at=11:17
// PLAN: KERNEL name=parent checked={{yes|no}} at=17:17
// NORDC: __CUDACC_RDC__
