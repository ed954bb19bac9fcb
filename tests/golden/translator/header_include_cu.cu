// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.cu -o %t.o
// A kernel in a .cu file the main file includes (issue 23) gets its clone
// like one written here, and the launch written here runs it.
#include "Inputs/headers/kern.cu"

int main() {
  int *p = 0;
  add_one<<<1, 32>>>(p);
  return 0;
}

// PLAN: KERNEL name=add_one checked=yes at=kern.cu:2:17
// PLAN: TARGET kernel=add_one space=shared name=tmp at=kern.cu:3:18 written=yes
// PLAN: BARRIER kernel=add_one form=__syncthreads at=kern.cu:5:3
// PLAN: LAUNCH kernel=add_one at=11:3

// TEXT: {{^}}#line 1 "{{.*}}/Inputs/headers/kern.cu"{{$}}
// TEXT: {{^}}#line 2 "{{.*}}/Inputs/headers/kern.cu"{{$}}
// TEXT-NEXT: {{^}}__global__ void add_one(int *p) {{{$}}
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_add_one(int *p, __ldcc::launch_info __ldcc_li
// TEXT: {{^}}#line 5 "{{.*}}/Inputs/headers/kern.cu"{{$}}
// TEXT: {{^}}#line 7 "{{.*}}/header_include_cu.cu"{{$}}
// TEXT: {{^}}int main() {{{$}}
// TEXT-NEXT: {{^}}  int *p = 0;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch
