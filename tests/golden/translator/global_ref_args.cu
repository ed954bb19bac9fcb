// RUN: %ldcc-translate --dump-plan %s -- -std=c++17 | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -- -std=c++17 > %t.cu
// RUN: %nvcc-ptx -std=c++17 -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Arguments bound to references to non-const (docs/global-check.md, "One
// run"; session 33): `cuda::std::swap(a[i], a[j])`, a user `set(float &,
// float)`, a free `operator+=(float2 &, float2)` may write the argument,
// which a claim at the call cannot say; the one run (claims) would have
// taken it for a read.  Such a kernel goes to the copies (no `one_run=`),
// and a kernel that needs the direct run (an atomic) is refused.  Const
// references (`cuda::std::min`) are reads and keep the one run.  A device
// function of the file in a direct kernel is cloned as before (`set` in
// `counted_set`).
#include <cuda/std/utility>
#include <cuda/std/__algorithm/min.h>

inline __device__ void operator+=(float2 &a, float2 b) {
  a.x += b.x;
  a.y += b.y;
}

__device__ void set(float &x, float v) { x = v; }

__global__ void swaps(int *a) {
  int i = 2 * threadIdx.x;
  if (a[i] > a[i + 1])
    cuda::std::swap(a[i], a[i + 1]);
}

__global__ void sets(float *out) { set(out[threadIdx.x], 2.f); }

__global__ void adds(float2 *acc, const float2 *in) {
  acc[threadIdx.x] += in[threadIdx.x];
}

__global__ void mins(int *out, const int *a, const int *b) {
  out[threadIdx.x] = cuda::std::min(a[threadIdx.x], b[threadIdx.x]);
}

__global__ void counted_swaps(int *a, int *count) {
  int i = 2 * threadIdx.x;
  if (a[i] > a[i + 1]) {
    cuda::std::swap(a[i], a[i + 1]);
    atomicAdd(count, 1);
  }
}

__global__ void counted_set(float *out, int *count) {
  set(out[threadIdx.x], 1.f);
  atomicAdd(count, 1);
}

int main() {
  int *p = 0;
  swaps<<<4, 64>>>(p);
  sets<<<4, 64>>>((float *)p);
  adds<<<4, 64>>>((float2 *)p, (float2 *)p);
  mins<<<4, 64>>>(p, p, p);
  counted_swaps<<<4, 64>>>(p, p);
  counted_set<<<4, 64>>>((float *)p, p);
  return 0;
}

// PLAN: KERNEL name=swaps checked=yes at=23:17 global=yes units=warps writes=a{{$}}
// PLAN-NEXT: KERNEL name=sets checked=yes at=29:17 global=yes units=warps writes=out{{$}}
// PLAN-NEXT: KERNEL name=adds checked=yes at=31:17 global=yes units=warps writes=acc{{$}}
// PLAN-NEXT: KERNEL name=mins checked=yes at=35:17 global=yes units=warps writes=out one_run=out,a,b{{$}}
// PLAN-NEXT: KERNEL name=counted_swaps checked=yes at=39:17 global=no global_reason="atomic operations: a, which it writes through, is used other than as the base of an access"{{$}}
// PLAN-NEXT: KERNEL name=counted_set checked=yes at=47:17 global=yes units=warps writes=out,count one_run=out,count direct=yes atomics=1 devfns=set:1:0{{$}}
