// RUN: %ldcc-translate --coverage %s -- -I%S/Inputs | FileCheck %s --check-prefix=FILE
// A directory: its .cu files in name order, subdirectories included, hidden
// entries and other files left out; a file that does not parse is counted.
// RUN: rm -rf %t.d && mkdir -p %t.d/sub %t.d/.hidden
// RUN: cp %s %t.d/sub/a.cu && cp %s %t.d/.hidden/h.cu && cp %s %t.d/c.cuh
// RUN: printf '__global__ void k(int *p) { p[0] = 1 }\n' > %t.d/b.cu
// RUN: %ldcc-translate --coverage %t.d -- -I%S/Inputs | FileCheck %s --check-prefix=DIR
// RUN: sh -c '%ldcc-translate --coverage 2> %t.none; test $? -eq 2'
// RUN: FileCheck %s --check-prefix=USAGE < %t.none
//
// --coverage reads the finished plan: per kernel whether the shared-memory
// replay, the check across blocks and the inline warp checks apply (yes),
// give up (no, with the reason) or have nothing to check (-).
#include "header_kernel.h"

// Fully checked: a replay clone and the check across blocks.
__global__ void both(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x];
}

// Fully: warp-synchronous, so inline warp checks, carried inside the
// replay clone with the check across blocks.
__global__ void tail(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 32];
}

// Not checked: inline assembly.
__global__ void with_asm(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  asm volatile("bar.sync 0;" ::: "memory");
  p[threadIdx.x] = s[31 - threadIdx.x];
}

// Partly: the replay, but not across blocks (an atomic next to a global
// read the replay renders anew: a barrier's predicate).
__global__ void counted(int *n) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  if (__syncthreads_or(n[threadIdx.x] > 0))
    atomicAdd(n, s[0]);
}

// Nothing written: nothing to check, fully checked.
__global__ void reads(const int *p) {
  (void)p[threadIdx.x];
}

int main() {
  int *p = 0;
  both<<<1, 32>>>(p);
  elsewhere<<<1, 32>>>(p);
  elsewhere<<<1, 32>>>(p);
  return 0;
}

// FILE: {{^}}FILE path={{.*}}coverage.cu parsed=yes kernels=6{{$}}
// FILE-NEXT: {{^}}KERNEL name=from_header at=header_kernel.h:4 coverage=full shared=yes global=yes warp=-{{$}}
// FILE-NEXT: {{^}}KERNEL name=both at=17 coverage=full shared=yes global=yes warp=-{{$}}
// FILE-NEXT: {{^}}KERNEL name=tail at=26 coverage=full shared=yes global=yes warp=yes warp_rule="__syncwarp or warp collective"{{$}}
// FILE-NEXT: {{^}}KERNEL name=with_asm at=34 coverage=none reason="inline assembly" shared=no shared_reason="inline assembly" global=no global_reason="inline assembly" warp=-{{$}}
// FILE-NEXT: {{^}}KERNEL name=counted at=43 coverage=partly shared=yes global=no global_reason="a global access inside code the shared-memory replay rewrites" warp=yes warp_rule="shared memory across threads in a region"{{$}}
// FILE-NEXT: {{^}}KERNEL name=reads at=51 coverage=full shared=- global=- warp=-{{$}}
// FILE-NEXT: {{^}}UNSEEN name=elsewhere launched_at=58 reason="not translated: defined in a header or another file"{{$}}
// FILE-NEXT: {{^}}SUMMARY files=1 parsed=1 kernels=6 full=4 partly=1 none=1 unseen=1{{$}}
// FILE-NOT: {{.}}

// DIR: {{^}}FILE path={{.*}}.d/b.cu parsed=no reason="{{.*}}b.cu:1:37: expected ';' after expression"{{$}}
// DIR-NEXT: {{^}}FILE path={{.*}}.d/sub/a.cu parsed=yes kernels=6{{$}}
// DIR: {{^}}SUMMARY files=2 parsed=1 kernels=6 full=4 partly=1 none=1 unseen=1{{$}}
// DIR-NOT: {{.}}

// USAGE: ldcc-translate: --coverage needs a file or a directory
// USAGE-NEXT: usage: ldcc-translate --coverage
