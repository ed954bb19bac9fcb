// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// A compiler builtin a macro expands to is no call that may synchronise a
// warp: `-INFINITY` is `__builtin_huge_valf()`, declared where it is first
// used, and llm.c's softmax kernels that start `float maxval = -INFINITY;`
// were left without their intra-warp checks ("warp synchronisation inside
// a macro expansion").
#include <cmath>

__device__ float warp_max(float v) {
  for (int o = 16; o > 0; o /= 2)
    v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}

__global__ void softmax_rows(float *out, const float *in, int c) {
  const float *x = in + blockIdx.x * c;
  float m = -INFINITY;
  for (int i = threadIdx.x; i < c; i += blockDim.x)
    m = fmaxf(m, x[i]);
  m = warp_max(m);
  float top = __shfl_sync(0xffffffffu, m, 0);
  for (int i = threadIdx.x; i < c; i += blockDim.x)
    out[blockIdx.x * c + i] = expf(x[i] - top);
}
// Nor one that may hide a barrier: units stay warps.
// PLAN: KERNEL name=softmax_rows checked=yes at=[[@LINE-11]]:17 global=yes units=warps
// PLAN: ITS kernel=softmax_rows checked=yes rule="__syncwarp or warp collective"

int main() {
  softmax_rows<<<4, 32>>>(nullptr, nullptr, 64);
  return 0;
}
