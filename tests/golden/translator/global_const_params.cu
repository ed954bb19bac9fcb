// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// `T *const p` parameters, the style of graph codes (`const int *const
// __restrict__ nindex, int *const __restrict__ dist`): the clones drop the
// `const` that makes the pointer itself const (the function's type is the
// same) so the prologue can shift it; a const the text does not spell after
// the `*` (a typedef, a macro) cannot be dropped and leaves the kernel
// unchecked across blocks with the reason.
typedef float *const fixed_float_ptr;
#define CPTR(T) T *const

static __global__ void relax(const int nodes, const int *const __restrict__ nindex,
                             const int *const __restrict__ nlist,
                             int *const __restrict__ dist,
                             int *const __restrict__ again) {
  const int v = threadIdx.x + blockIdx.x * blockDim.x;
  if (v < nodes)
    for (int i = nindex[v]; i < nindex[v + 1]; i++)
      if (atomicMin(&dist[nlist[i]], dist[v] + 1) > dist[v] + 1)
        *again = 1;
}
__global__ void both(int *const p, int *const *const q) { p[threadIdx.x] = 1; }
__global__ void defaulted(float *const p, int n = 4) { p[threadIdx.x] = n; }
__global__ void from_typedef(fixed_float_ptr p) { p[threadIdx.x] = 2.0f; }
__global__ void from_macro(CPTR(float) p) { p[threadIdx.x] = 2.0f; }

int main() {
  int *a = 0, *b = 0, *c = 0, *d = 0;
  float *f = 0;
  relax<<<4, 64>>>(256, a, b, c, d);
  defaulted<<<1, 32>>>(f);
  from_typedef<<<1, 32>>>(f);
  from_macro<<<1, 32>>>(f);
  return 0;
}

// A work-list style kernel: the value of atomicMin is used, nothing else
// synchronises through memory: the direct one run takes it.
// PLAN: KERNEL name=relax checked=yes at=14:24 global=yes units=warps writes=dist,again one_run=nindex,nlist,dist,again direct=yes atomics=1{{$}}
// A pointer to pointers cannot be shifted: the direct run takes the kernel,
// following every allocation (docs/global-check.md, "Pointers loaded from
// memory").
// PLAN: KERNEL name=both checked=yes at=24:17 global=yes units=warps writes=p,q one_run=p,q direct=yes atomics=0 loads=yes{{$}}
// PLAN: KERNEL name=defaulted checked=yes at=25:17 global=yes units=warps writes=p one_run=p{{$}}
// PLAN: KERNEL name=from_typedef checked=yes at=26:17 global=no global_reason="const pointer parameter p"{{$}}
// PLAN: KERNEL name=from_macro checked=yes at=27:17 global=no global_reason="const pointer parameter p"{{$}}

// TEXT: {{^}}static __global__ void __ldcc_g_relax(const int nodes, const int * __restrict__ nindex,{{$}}
// TEXT-NEXT: {{^}}                             const int * __restrict__ nlist,{{$}}
// TEXT-NEXT: {{^}}                             int * __restrict__ dist,{{$}}
// TEXT-NEXT: {{^}}                             int * __restrict__ again, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, nindex, 0);
// The original keeps its text.
// TEXT: {{^}}__global__ void defaulted(float *const p, int n = 4) { p[threadIdx.x] = n; }{{$}}
// Both cuts, the default argument's and the const's.
// TEXT: {{^}}__global__ void __ldcc_g_defaulted(float * p, int n, __ldcc::global_info __ldcc_gi) {
// TEXT-NOT: __ldcc_g_from_{{typedef}}
// TEXT-NOT: __ldcc_g_from_{{macro}}
