// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A shared tile, a barrier and one launch: the smallest checked kernel.

__global__ void shift(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n)
    out[i] = tile[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  float *a = 0, *b = 0;
  shift<<<4, 256>>>(b, a, 1024);
  return 0;
}

// PLAN: KERNEL name=shift checked=yes at=8:17
// PLAN-NEXT: TARGET kernel=shift space=global name=out at=8:30 written=yes
// PLAN-NEXT: TARGET kernel=shift space=shared name=tile at=9:20 written=yes
// PLAN-NEXT: BARRIER kernel=shift form=__syncthreads at=12:3
// PLAN-NEXT: LAUNCH kernel=shift at=19:3
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/simple_shared.cu"{{$}}
