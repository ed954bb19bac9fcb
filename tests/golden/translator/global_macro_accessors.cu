// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Global memory through macros (translator/analyse/macro_inline.c, session
// 49): in device code, an invocation whose expansion names a pointer or
// array is expanded in the text, so the direct one run can wrap the
// accesses and atomic helper calls it makes.  Before, such kernels were
// "not checked across blocks: atomic operations: ... used other than as
// the base of an access".
// - accessor macros on a parameter (`A(i, j)`), in a kernel with atomics;
// - helpers behind macros (`READ(p)` for a relaxed `cuda::atomic` load);
// - a macro naming no pointer (`GRID_STRIDE`) and host code's macros
//   (`CHECK(...)`) stay as they are; a stringifying macro is never
//   expanded, nor one defined under `#ifdef __CUDA_ARCH__` (the parser
//   sees sm_90's device side; the host pass and other architectures would
//   get its body), and their kernels keep the reason.
#include <cstdio>
#include <cuda/atomic>

template <typename T> static __device__ inline T atomicRead(T *const addr) {
  return ((cuda::atomic<T> *)addr)->load(cuda::memory_order_relaxed);
}
template <typename T>
static __device__ inline void atomicWrite(T *const addr, const T val) {
  ((cuda::atomic<T> *)addr)->store(val, cuda::memory_order_relaxed);
}
#define READ(p) atomicRead(p)
#define WRITE(p, v) atomicWrite(p, v)
#define A(i, j) a[(i) * n + (j)]
#define GRID_STRIDE(i, n)                                                      \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n);                 \
       i += gridDim.x * blockDim.x)
#define SHOW(x) printf(#x " = %d\n", x)
#ifdef __CUDA_ARCH__
#define LOAD(p) __ldg(p)
#else
#define LOAD(p) (*(p))
#endif
#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess)                                                 \
      return 1;                                                                \
  } while (0)

__global__ void relax(int *dist, const int *nbr, int n) {
  GRID_STRIDE(v, n) {
    const int d = READ(&dist[v]);
    const int u = nbr[v];
    if (READ(&dist[u]) > d + 1)
      WRITE(&dist[u], d + 1);
  }
}

__global__ void count_positive(float *a, int *hits, int n) {
  const int i = blockIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
  if (A(i, j) > 0.0f)
    atomicAdd(&hits[i], 1);
  A(i, j) = 1.0f;
}

__global__ void show_first(int *out) {
  SHOW(out[0]);
  atomicAdd(&out[1], 1);
}

__global__ void bump_cached(int *out, const int *in) {
  out[threadIdx.x] = LOAD(&out[threadIdx.x + 32]) + in[threadIdx.x];
  atomicAdd(&out[64], 1);
}

int main() {
  int *d = 0;
  float *f = 0;
  CHECK(cudaMalloc(&d, 64 * sizeof(int)));
  relax<<<4, 256>>>(d, d, 1024);
  count_positive<<<dim3(4, 4), 256>>>(f, d, 1024);
  show_first<<<1, 1>>>(d);
  bump_cached<<<1, 32>>>(d, d);
  return 0;
}

// PLAN: KERNEL name=relax checked=yes at=46:17 global=yes units=warps writes=dist one_run=dist,nbr direct=yes atomics=3
// PLAN: KERNEL name=count_positive checked=yes at=55:17 global=yes units=warps writes=a,hits one_run=a,hits direct=yes atomics=1
// PLAN: KERNEL name=show_first checked=yes at=62:17 global=no global_reason="printf: out, which it writes through, is used other than as the base of an access"
// PLAN: KERNEL name=bump_cached checked=yes at=67:17 global=no global_reason="atomic operations: out, which it writes through, is used other than as the base of an access"
// The helpers' calls and the accessors, expanded where they were written
// (same lines); the loop macro and host code untouched.
// TEXT: {{^}}  GRID_STRIDE(v, n) {
// TEXT-NEXT: {{^}}    const int d = atomicRead ( &dist[v] );
// TEXT: {{^}}      atomicWrite ( &dist[u] , d + 1 );
// TEXT: gatomic_claim(__ldcc_gi, 0, (&dist[v])
// TEXT: {{^}}  if (a [ ( i ) * n + ( j ) ] > 0.0f)
// TEXT: {{^}}  SHOW(out[0]);
// TEXT: {{^}}  out[threadIdx.x] = LOAD(&out[threadIdx.x + 32]) + in[threadIdx.x];
// TEXT: {{^}}  CHECK((__ldcc::alloc_name("d", (unsigned)sizeof *(d)), __ldcc::alloc_done(cudaMalloc(&d, 64 * sizeof(int)))));
