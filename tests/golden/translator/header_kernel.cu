// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.cu -o %t.o
// A kernel and a barrier in an included header are neither reported nor
// edited; the launch written here is.
#include "Inputs/header_kernel.h"

__global__ void local(int *p) { p[0] = 1; }

int main() {
  int *p = 0;
  from_header<<<1, 32>>>(p);
  local<<<1, 1>>>(p);
  return 0;
}

// PLAN: KERNEL name=local checked=yes at=10:17
// PLAN-NEXT: TARGET kernel=local space=global name=p at=10:28 written=yes
// PLAN-NEXT: LAUNCH kernel=from_header at=14:3
// PLAN-NEXT: LAUNCH kernel=local at=15:3
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/header_kernel.cu"{{$}}
