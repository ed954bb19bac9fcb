// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A templated reduction: block size as a template parameter, a second
// array sized by a macro, two instantiations and an explicit one.  The
// template is reported once.
#define WARPS 8

template <typename T, int BLOCK>
__global__ void reduce(T *out, const T *in, int n) {
  __shared__ T partial[BLOCK];
  __shared__ T per_warp[WARPS];
  unsigned tid = threadIdx.x;
  T v = tid < n ? in[tid] : T(0);
  partial[tid] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid % 32 == 0)
    per_warp[tid / 32] = partial[0];
  __syncthreads();
  if (tid == 0)
    *out = per_warp[0];
}

template __global__ void reduce<double, 64>(double *, const double *, int);

int main() {
  float *f = 0;
  int *k = 0;
  reduce<float, 256><<<1, 256>>>(f, f, 256);
  reduce<int, 128><<<1, 128, 0>>>(k, k, 128);
  return 0;
}

// PLAN: KERNEL name=reduce checked=yes at=12:17 template
// PLAN-NEXT: TARGET kernel=reduce space=global name=out at=12:27 written=yes
// PLAN-NEXT: TARGET kernel=reduce space=shared name=partial at=13:16 written=yes
// PLAN-NEXT: TARGET kernel=reduce space=shared name=per_warp at=14:16 written=yes
// PLAN-NEXT: BARRIER kernel=reduce form=__syncthreads at=18:3
// PLAN-NEXT: BARRIER kernel=reduce form=__syncthreads at=22:5
// PLAN-NEXT: BARRIER kernel=reduce form=__syncthreads at=26:3
// PLAN-NEXT: LAUNCH kernel=reduce at=36:3
// PLAN-NEXT: LAUNCH kernel=reduce at=37:3
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/template_reduce.cu"{{$}}
