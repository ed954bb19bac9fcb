// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.cu -o %t.o
// RUN: env LDCC_NVCC=%fake-nvcc %ldcc -c %s -o %t.fake.o 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// A user header with device code whose pasted text does not parse (it
// tests __INCLUDE_LEVEL__): the file is translated alone, as before header
// translation, and the plan and the driver say that its headers were left
// out, so their kernels are never silently counted as checked.
#include "Inputs/headers/counted.cuh"

__global__ void here(int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 2; }

void run(int *d) {
  counted_kernel<<<1, 32>>>(d);
  here<<<1, 32>>>(d);
}

// PLAN: HEADERS translated=no reason="the file with its user headers pasted in does not parse"
// PLAN-NOT: KERNEL name=counted_kernel
// PLAN: KERNEL name=here checked=yes
// TEXT: #include "Inputs/headers/counted.cuh"
// TEXT-NOT: __ldcc_g_{{counted}}_kernel
// WARN: ldcc: warning: {{.*}}header_fallback.cu: user headers with device code are not translated (the file with its user headers pasted in does not parse): their kernels run unchecked
