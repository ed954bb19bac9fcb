// A kernel launched from device code parses only with relocatable device
// code, in clang as in nvcc: -rdc=true reaches the parser as -fgpu-rdc.
// The launching kernel is not checked across blocks, with its reason: the
// child grid runs the original kernel (before, clang's cudaLaunchDevice
// configuration went unrecognised, the child counted as a callee and the
// parent's launch as checked while the child's writes went unseen).
// RUN: %ldcc-translate --dump-plan -rdc=true %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -rdc=true %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -rdc=true -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --coverage -rdc=true %s | FileCheck %s --check-prefix=COV
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

__global__ void parent_shared(int *data, int n) {
  __shared__ int s[32];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    child<<<1, 32>>>(data + s[31], n);
}

int main() {
  parent<<<1, 1>>>(0, 32);
  return 0;
}

// PLAN: KERNEL name=child checked=yes at=16:17 global=yes
// PLAN: KERNEL name=parent checked=yes at=22:17 global=no global_reason="kernel launch inside a kernel (the launched grid runs unchecked)"
// PLAN: KERNEL name=parent_shared checked=yes at=27:17 global=no global_reason="kernel launch inside a kernel (the launched grid runs unchecked)"
// PLAN: LAUNCH kernel=child at=24:5
// PLAN: LAUNCH kernel=child at=32:5
// PLAN: LAUNCH kernel=parent at=36:3
// COV: KERNEL name=child at=16 coverage=full
// COV: KERNEL name=parent at=22 coverage=none shared=- global=no global_reason="kernel launch inside a kernel (the launched grid runs unchecked)"
// COV: KERNEL name=parent_shared at=27 coverage=partly shared=yes global=no global_reason="kernel launch inside a kernel (the launched grid runs unchecked)" warp=yes warp_rule="shared memory without a replay"
// NORDC: __CUDACC_RDC__
