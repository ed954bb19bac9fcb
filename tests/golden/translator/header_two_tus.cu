// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %S/Inputs/headers/two_b.cu | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.a.cu
// RUN: %ldcc-translate %S/Inputs/headers/two_b.cu > %t.b.cu
// RUN: grep -v '^ *// ' %t.a.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.b.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.a.cu -o %t.a.o
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S/Inputs/headers -c %t.b.cu -o %t.b.o
// RUN: %nvcc-ptx -arch=sm_90 %t.a.o %t.b.o -o %t.exe
// One header included by two translation units (issue 23) is translated
// in each: each unit gets its own clones of the header's kernels (a
// template and a static one, as public code writes kernels in headers),
// and the two objects link without a clash.
#include "Inputs/headers/shared_k.cuh"

void second(int *p);

int main() {
  int *p = 0;
  zero_all<<<1, 32>>>(p);
  scale_all<float><<<1, 32>>>((float *)p, 2.0f);
  second(p);
  return 0;
}

// PLAN-DAG: KERNEL name=scale_all checked=yes at=shared_k.cuh:6:39 template
// PLAN-DAG: KERNEL name=zero_all checked=yes at=shared_k.cuh:9:24

// TEXT: {{^}}#line 1 "{{.*}}/Inputs/headers/shared_k.cuh"{{$}}
// TEXT: __ldcc_g_scale_all(T *p, T f, __ldcc::global_info __ldcc_gi)
// TEXT: {{^}}static __global__ void __ldcc_g_zero_all(int *p, __ldcc::global_info __ldcc_gi)
