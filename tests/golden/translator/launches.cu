// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Every launch form in the main file: <<<>>> with 2, 3 and 4 configuration
// arguments, a namespaced kernel, a template, cudaLaunchKernel with and
// without a cast; a cudaLaunchKernel of something not known to be a kernel
// is not a launch.
#include <cuda_runtime.h>

namespace ns {
__global__ void inner(int *p) { p[0] = 1; }
}

template <int N> __global__ void fill(int *p) { p[threadIdx.x] = N; }

__global__ void k(int *p) { p[1] = 2; }

int main() {
  int *p = 0;
  cudaStream_t st = 0;
  void *args[] = {&p};
  void *fp = (void *)k;
  k<<<1, 1>>>(p);
  k<<<dim3(1), dim3(2), 0>>>(p);
  ns::inner<<<1, 1, 0, st>>>(p);
  fill<4><<<1, 4>>>(p);
  cudaLaunchKernel((void *)k, dim3(1), dim3(1), args, 0, st);
  cudaLaunchKernel(fill<8>, dim3(1), dim3(8), args, 0, st);
  cudaLaunchKernel(fp, dim3(1), dim3(1), args, 0, st);
  return 0;
}

// PLAN: KERNEL name=inner checked=yes at=13:17
// PLAN-NEXT: KERNEL name=fill checked=yes at=16:34 template
// PLAN-NEXT: KERNEL name=k checked=yes at=18:17
// PLAN-NEXT: TARGET kernel=inner space=global name=p at=13:28 written=yes
// PLAN-NEXT: TARGET kernel=fill space=global name=p at=16:44 written=yes
// PLAN-NEXT: TARGET kernel=k space=global name=p at=18:24 written=yes
// PLAN-NEXT: LAUNCH kernel=k at=25:3
// PLAN-NEXT: LAUNCH kernel=k at=26:3
// PLAN-NEXT: LAUNCH kernel=inner at=27:7
// PLAN-NEXT: LAUNCH kernel=fill at=28:3
// PLAN-NEXT: LAUNCH kernel=k at=29:3 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=fill at=30:3 cudaLaunchKernel
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/launches.cu"{{$}}
