// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// The bounded twin (docs/global-check.md, "Resident grids"): a kernel's
// clone is emitted again as `__launch_bounds__(1024, 2) __ldcc_g_<k>__lb`
// and registered with the runtime by a file-scope `__ldcc::bounded_clone`
// right after it, so that a persistent grid sized for the original's
// residency, or a block the clone cannot run, runs checked on it.  In a
// namespace the registration is in the namespace.  A kernel the user
// bounded to T threads gets `__launch_bounds__(T, 2048 / (T))` instead
// (ECL-CC's persistent grids of `__launch_bounds__(ThreadsPerBlock)`
// kernels).  None for a template kernel (no stub before a launch
// instantiates it) or a bound hidden in a macro.
#include <cstdio>

__global__ void relax(int *dist, const int *edges, int *changed, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    int d = dist[edges[i]] + 1;
    if (d < dist[i]) {
      dist[i] = d;
      atomicExch(changed, 1);
    }
  }
}

namespace graph {
__global__ void mark(int *seen, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && seen[i] == 0) {
    seen[i] = 1;
    atomicAdd(count, 1);
  }
}
} // namespace graph

template <class T> __global__ void tally(T *out, int *count) {
  out[blockIdx.x] = (T)blockIdx.x;
  atomicAdd(count, 1);
}

__global__ void __launch_bounds__(256) bounded(int *out, int *count) {
  out[blockIdx.x] = blockIdx.x;
  atomicAdd(count, 1);
}

__global__ void plain(int *out) { out[blockIdx.x] = blockIdx.x; }

// A bound hidden in a macro: nvcc refuses __maxnreg__ next to the twin's
// __launch_bounds__, so a head with a word the translator does not know
// gets no twin.
#define KERNEL_REGS __maxnreg__(40)
static __global__ void KERNEL_REGS hidden(int *out, int *count) {
  out[blockIdx.x] = blockIdx.x;
  atomicAdd(count, 1);
}

void run(int *d, const int *e, int *c, int *o, float *f, int n) {
  relax<<<n / 256, 256>>>(d, e, c, n);
  graph::mark<<<n / 256, 256>>>(d, c, n);
  tally<<<4, 256>>>(f, c);
  bounded<<<4, 256>>>(o, c);
  plain<<<4, 256>>>(o);
  hidden<<<4, 256>>>(o, c);
}

// TEXT: __global__ void __launch_bounds__(1024, 2) __ldcc_g_relax__lb(int *dist, const int *edges, int *changed, int n, __ldcc::global_info __ldcc_gi) {
// TEXT: static const __ldcc::bounded_clone __ldcc_bc_relax((const void *)__ldcc_g_relax, (const void *)__ldcc_g_relax__lb);
// TEXT: namespace graph {
// TEXT: __global__ void __launch_bounds__(1024, 2) __ldcc_g_mark__lb(
// TEXT: static const __ldcc::bounded_clone __ldcc_bc_mark((const void *)__ldcc_g_mark, (const void *)__ldcc_g_mark__lb);
// TEXT: } // namespace graph
// TEXT-NOT: __ldcc_g_tally__lb
// TEXT: __global__ void __launch_bounds__(256, 2048 / (256)) __ldcc_g_bounded__lb(int *out, int *count, __ldcc::global_info __ldcc_gi) {
// TEXT: static const __ldcc::bounded_clone __ldcc_bc_bounded(
// TEXT: __global__ void __launch_bounds__(1024, 2) __ldcc_g_plain__lb(int *out, __ldcc::global_info __ldcc_gi) {
// TEXT: static const __ldcc::bounded_clone __ldcc_bc_plain(
// TEXT-NOT: __ldcc_g_hidden__lb
// TEXT-NOT: bounded_clone
