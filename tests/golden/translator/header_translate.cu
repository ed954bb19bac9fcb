// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.cu -o %t.o
// The whole translation unit (issue 23): a user header with kernels and a
// launcher is pasted into the file between #line directives and
// translated like it; its subfolder header comes along (on the way to
// nothing, but it defines a device function) and its own relative include
// is made absolute; the host-only common.h is included from where it is.
// The guarded header named again and the #pragma once header named again
// are skipped by the pasted copies: their directives go.
#include "Inputs/headers/k.cuh"
#include "Inputs/headers/sub/inner.cuh"
#include "Inputs/headers/k.cuh"

__global__ void local(int *p) { p[threadIdx.x] = scale(1); }

int main() {
  int *p = 0;
  run_block_sum(p, p + 64);
  fill<<<2, 32>>>(p, 7);
  local<<<1, 32>>>(p);
  return 0;
}

// PLAN: KERNEL name=block_sum checked=yes at=k.cuh:6:17
// PLAN: KERNEL name=fill checked=yes at=k.cuh:18:17
// PLAN: KERNEL name=local checked=yes at=16:17
// PLAN: BARRIER kernel=block_sum form=__syncthreads at=k.cuh:9:3
// PLAN: LAUNCH kernel=block_sum at=k.cuh:21:3
// PLAN-NEXT: LAUNCH kernel=fill at=21:3
// PLAN-NEXT: LAUNCH kernel=local at=22:3
// PLAN: SITE kernel=block_sum id=1 at=k.cuh:9:3 form=SYNC_PLAIN

// TEXT: {{^}}#line 1 "{{.*}}/header_translate.cu"{{$}}
// TEXT: {{^}}#line 1 "{{.*}}/Inputs/headers/k.cuh"{{$}}
// TEXT-NEXT: {{^}}// A kernel and its launcher in a header
// TEXT: {{^}}//pragma once{{$}}
// TEXT: {{^}}#line 1 "{{.*}}/Inputs/headers/sub/inner.cuh"{{$}}
// TEXT: {{^}}#include "{{/.*}}/Inputs/headers/common.h"{{$}}
// TEXT: {{^}}__device__ inline int scale(int x) { return x * SCALE; }{{$}}
// TEXT: {{^}}#line 4 "{{.*}}/Inputs/headers/k.cuh"{{$}}
// TEXT: {{^}}__global__ void block_sum(const int *in, int *out) {{{$}}
// TEXT: __ldcc_block_sum(const int *in, int *out, __ldcc::launch_info __ldcc_li
// TEXT: {{^}}__global__ void __ldcc_g_fill(int *p, int v, __ldcc::global_info __ldcc_gi)
// TEXT: {{^}}__global__ void __launch_bounds__(1024, 2) __ldcc_g_fill__lb(int *p, int v, __ldcc::global_info __ldcc_gi)
// TEXT-NEXT: {{^}}static const __ldcc::bounded_clone __ldcc_bc_fill(
// TEXT-NEXT: {{^}}#line 18 "{{.*}}/Inputs/headers/k.cuh"{{$}}
// TEXT-NEXT: {{^}} {{ *$}}
// TEXT-EMPTY:
// TEXT-NEXT: {{^}}inline void run_block_sum(const int *in, int *out) {{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch
// TEXT: {{^}}#line 12 "{{.*}}/header_translate.cu"{{$}}
// TEXT-EMPTY:
// TEXT-EMPTY:
// TEXT-EMPTY:
// TEXT-EMPTY:
// TEXT-NEXT: {{^}}__global__ void local(int *p)
