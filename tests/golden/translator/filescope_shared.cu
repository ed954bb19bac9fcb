// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | sed '/^\/\* ldcc: the file.s kernels/,$d' | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// File-scope __shared__ variables used by device functions that a kernel
// calls, transitively; a barrier in a device function; an unused one.
__shared__ int counts[32];
__shared__ float table[32];
__shared__ int unused[8];

__device__ void bump(int i) { counts[i]++; }

__device__ float lookup(int i) { return table[i]; }

__device__ void fill(int i) {
  bump(i);
  table[i] = 1.0f;
  __syncthreads();
}

__global__ void histogram(float *out) {
  fill(threadIdx.x % 32);
  out[threadIdx.x] = lookup(threadIdx.x % 32) + counts[0];
}

__global__ void reader(float *out) { out[threadIdx.x] = lookup(0); }

int main() {
  float *o = 0;
  histogram<<<1, 32>>>(o);
  reader<<<1, 32>>>(o);
  return 0;
}

// PLAN: KERNEL name=histogram checked=no reason="file-scope shared variable" at=22:17
// PLAN-NEXT: KERNEL name=reader checked=no reason="file-scope shared variable" at=27:17
// PLAN-NEXT: TARGET kernel=histogram space=shared name=counts at=8:16 written=yes
// PLAN-NEXT: TARGET kernel=histogram space=shared name=table at=9:18 written=yes
// PLAN-NEXT: TARGET kernel=histogram space=global name=out at=22:34 written=yes
// PLAN-NEXT: TARGET kernel=reader space=shared name=table at=9:18 written=no
// PLAN-NEXT: TARGET kernel=reader space=global name=out at=27:31 written=yes
// PLAN-NEXT: BARRIER kernel=fill form=__syncthreads at=19:3
// PLAN-NEXT: LAUNCH kernel=histogram at=31:3
// PLAN-NEXT: LAUNCH kernel=reader at=32:3
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/filescope_shared.cu"{{$}}
