// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A prototype with a default argument is not copied for the clones: their
// added parameter would need a default too, and the translated file would
// not compile (nvcc would reject it and the driver build the file
// unchecked).  The launch before the definition stays as written.  (A
// launch after it would not compile either: `decltype(__ldcc::plain_fn(&k))` of a kernel
// with a default argument is rejected by the host compiler, so such a
// kernel is still built unchecked when launched after its definition.)
#include <cuda_runtime.h>

__global__ void k(int *out, int n = 4);

void early(int *d) { k<<<1, 256>>>(d); }

__global__ void k(int *out, int n) {
  __shared__ int s[256];
  s[threadIdx.x] = threadIdx.x * n;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// PLAN: KERNEL name=k checked=yes at=18:17 global=yes units=blocks writes=out one_run=out
// PLAN: LAUNCH kernel=k at=16:22
// PLAN-NOT: LAUNCH

// TEXT: {{^}}__global__ void k(int *out, int n = 4);{{$}}
// TEXT-EMPTY:
// TEXT-NEXT: {{^}}void early(int *d) { k<<<1, 256>>>(d); }{{$}}
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_k(int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) {
