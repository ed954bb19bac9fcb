// Command-line macros named like identifiers of headers the user never
// included (session 45's parse-parity gap, session 46's fix):
// - clang's CUDA wrapper force-includes curand_mtgp32_kernel.h, which
//   nvcc does not; `-DV=2 -DMAT=3` (and -Dk, -Dbid, -DX) broke the parse
//   there ("expected ')'"), so the file was built unchecked.  args.c
//   ld__curand_shim hides them around that header.
// - ldcc's own headers name template parameters V and locals k: the
//   translation nvcc compiled failed with the same macros, and the
//   driver built the file unchecked.  translate.c include_ldcc hides
//   them around `#include <ldcc/ldcc.h>`.
// Macros starting with `_` or `LDCC_` stay defined there.
// RUN: %ldcc-translate --dump-plan -DV=2 -DMAT=3 -D k=4 -Dbid=1 -DX=1 %s | FileCheck %s
// CHECK: KERNEL name=scale checked=yes
// CHECK: TARGET kernel=scale space=global name=x {{.*}}written=yes
// RUN: %ldcc-translate -DV=2 -DMAT=3 -D k=4 -Dbid=1 -DX=1 -D_KEEP=1 -DLDCC_KEEP %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// TEXT: #pragma push_macro("V")
// TEXT-NEXT: #undef V
// TEXT: #pragma push_macro("k")
// TEXT-NEXT: #undef k
// TEXT-NOT: _KEEP
// TEXT: #include <ldcc/ldcc.h>
// TEXT-NEXT: #pragma pop_macro("V")
// TEXT: #pragma pop_macro("X")
// TEXT-NEXT: #line 1
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -DV=2 -DMAT=3 -Dk=4 -Dbid=1 -DX=1 -c %t.cu -o %t.o
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * V * MAT * k * bid * X;
}

void run(float *x, int n) { scale<<<(n + 255) / 256, 256>>>(x, n); }
