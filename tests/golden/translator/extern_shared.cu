// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | sed '/^\/\* ldcc: the file.s kernels/,$d' | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Dynamic shared memory: extern __shared__, sized at the launch, and a
// second view of it through a pointer.

__global__ void scale(float *data, float f) {
  extern __shared__ float buf[];
  float *second = buf + blockDim.x;
  buf[threadIdx.x] = data[threadIdx.x] * f;
  second[threadIdx.x] = 1.0f;
  __syncthreads();
  data[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

int main() {
  float *d = 0;
  scale<<<1, 128, 2 * 128 * sizeof(float)>>>(d, 2.0f);
  return 0;
}

// PLAN: KERNEL name=scale checked=no reason="non-const pointer to a shared variable" at=9:17
// PLAN-NEXT: TARGET kernel=scale space=global name=data at=9:30 written=yes
// PLAN-NEXT: TARGET kernel=scale space=shared name=buf at=10:27 extern written=yes
// PLAN-NEXT: BARRIER kernel=scale form=__syncthreads at=14:3
// PLAN-NEXT: LAUNCH kernel=scale at=20:3
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/extern_shared.cu"{{$}}
