// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// cudaMalloc-family calls in host code tell the runtime the name of the
// variable they fill and the size of its element (include/ldcc/host.h
// alloc_name/alloc_done), so that a report on memory reached through a
// pointer loaded from memory names it (`h.dist[12]`, docs/global-check.md
// "Pointers loaded from memory").  In a macro's argument too; a helper's
// local it returns is not named (every allocation of the helper would
// share it), nor is an argument that is not `&X`; a void pointer has no
// element size.
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess)                                                      \
      printf("%s\n", cudaGetErrorString(e));                                   \
  } while (0)

struct Graph {
  int *dist;
  float *w;
};

template <class T> static T *device_array(size_t n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  return p;
}
// TEXT: T *p;
// TEXT-NEXT: cudaMalloc(&p, n * sizeof(T));

static void fill_pointer(void **out, size_t n) { cudaMalloc(out, n); }
// TEXT: static void fill_pointer(void **out, size_t n) { cudaMalloc(out, n); }

int main() {
  Graph h;
  int *d_a;
  void *raw;
  float *pinned;
  cudaMalloc(&h.dist, 64 * sizeof(int));
  CHECK(cudaMalloc((void **)&d_a, 64 * sizeof(int)));
  cudaMallocManaged(&h.w, 64 * sizeof(float));
  cudaMalloc(&raw, 16);
  cudaMallocHost(&pinned, 64 * sizeof(float));
  float *made = device_array<float>(8);
  fill_pointer(&raw, 8);
  printf("%p %p %p %p\n", (void *)d_a, raw, (void *)made, (void *)pinned);
  return 0;
}
// TEXT: (__ldcc::alloc_name("h.dist", (unsigned)sizeof *(h.dist)), __ldcc::alloc_done(cudaMalloc(&h.dist, 64 * sizeof(int))));
// TEXT: CHECK((__ldcc::alloc_name("d_a", (unsigned)sizeof *(d_a)), __ldcc::alloc_done(cudaMalloc((void **)&d_a, 64 * sizeof(int)))));
// TEXT: (__ldcc::alloc_name("h.w", (unsigned)sizeof *(h.w)), __ldcc::alloc_done(cudaMallocManaged(&h.w, 64 * sizeof(float))));
// TEXT: (__ldcc::alloc_name("raw", 0u), __ldcc::alloc_done(cudaMalloc(&raw, 16)));
// TEXT: (__ldcc::alloc_name("pinned", (unsigned)sizeof *(pinned)), __ldcc::alloc_done(cudaMallocHost(&pinned, 64 * sizeof(float))));
// TEXT: fill_pointer(&raw, 8);
