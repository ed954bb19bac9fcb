// A project with its own cuda.h in an -I directory (rodinia's util/cuda/):
// nvcc's headers still find the toolkit's cuda.h, and so must clang's CUDA
// wrapper, which includes "cuda.h" ("cuda.h did not define CUDA_VERSION"
// before).  The file's own #include "cuda.h" still means its own header.
// RUN: %ldcc-translate --dump-plan -I%S/Inputs/local_cuda_h %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -I%S/Inputs/local_cuda_h %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -I%S/Inputs/local_cuda_h -isystem %srcroot/include -c %t.cu -o %t.o
#include "cuda.h"

void setdevice(void) { cudaSetDevice(0); }

__global__ void fill(int *out) { out[threadIdx.x] = 1; }
// PLAN: KERNEL name=fill checked=yes at=[[@LINE-1]]:17 global=yes

int main() {
  setdevice();
  fill<<<1, 32>>>(nullptr);
  return 0;
}
