// RUN: %ldcc-translate --dump-plan %s -- -std=c++17 | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -- -std=c++17 > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -std=c++17 -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// `cuda::atomic_ref` in device functions (docs/global-check.md, "Direct one
// run"; session 33).  An atomic helper whose atomic is a reference made on
// `*p` or `p[i]` of its parameter (`add_to`, `release_flag`) is an atomic
// of that argument at the kernel's call, claimed there; an ordered call
// on it makes the helper a fence of its scope.  A free device function
// with a plain store beside its reference (`place`) is cloned, the
// reference's location claimed where it is made.  A template helper whose
// reference has a dependent type (`inc_ref<T>`, `add_t<T>`) is not
// followed, and its kernel keeps `atomic operations` (`cursor.c`
// `ld__libcu_dependent`: before, `add_t`'s temporary hid its atomic and
// histo_t went to the copies, a check that assumes no atomics).  Before, each of these kernels was "not
// checked across blocks: atomic operations".
#include <cuda/atomic>

typedef cuda::atomic_ref<int, cuda::thread_scope_device> dev_ref;

__device__ __forceinline__ void add_to(int *p, int v) {
  dev_ref(*p).fetch_add(v, cuda::memory_order_relaxed);
}

__device__ void release_flag(int *f) {
  dev_ref r(*f);
  r.store(1, cuda::memory_order_release);
}

__device__ void place(int *keys, int *fill, int key, int b) {
  dev_ref f(fill[b]);
  const int at = f.fetch_add(1, cuda::memory_order_relaxed);
  keys[b * 64 + at] = key;
}

template <typename T> __device__ T inc_ref(T *p) {
  cuda::atomic_ref<T, cuda::thread_scope_device> r(*p);
  return r.fetch_add(1);
}

template <typename T> __device__ void add_t(T *p, T v) {
  cuda::atomic_ref<T, cuda::thread_scope_device>(*p).fetch_add(v);
}

__global__ void histo(int *hist, const int *in) {
  add_to(&hist[in[threadIdx.x] & 7], 1);
}

__global__ void publish(int *data, int *flag) {
  data[blockIdx.x] = 1;
  if (threadIdx.x == 0)
    release_flag(flag + blockIdx.x);
}

__global__ void bucket(int *keys, int *fill, const int *in) {
  place(keys, fill, in[threadIdx.x], in[threadIdx.x] % 4);
}

__global__ void ticket(int *out, int *count) {
  out[inc_ref(count)] = 1;
}

__global__ void histo_t(int *hist, const int *in) {
  add_t(&hist[in[threadIdx.x] & 7], 1);
}

int main() {
  int *p = 0;
  histo<<<4, 64>>>(p, p);
  publish<<<4, 64>>>(p, p);
  bucket<<<4, 64>>>(p, p, p);
  ticket<<<4, 64>>>(p, p);
  histo_t<<<4, 64>>>(p, p);
  return 0;
}

// PLAN: KERNEL name=histo checked=yes at=45:17 global=yes units=warps writes=hist one_run=hist,in direct=yes atomics=1{{$}}
// PLAN-NEXT: KERNEL name=publish checked=yes at=49:17 global=yes units=warps writes=data,flag one_run=data,flag direct=yes atomics=1 fences=1{{$}}
// PLAN-NEXT: KERNEL name=bucket checked=yes at=55:17 global=yes units=warps writes=keys,fill one_run=keys,fill,in direct=yes atomics=0 devfns=place:2:1{{$}}
// PLAN-NEXT: KERNEL name=ticket checked=yes at=59:17 global=no global_reason="atomic operations"{{$}}
// PLAN-NEXT: KERNEL name=histo_t checked=yes at=63:17 global=no global_reason="atomic operations"{{$}}

// TEXT: __device__ void __ldcc_gd_place(
// TEXT-NEXT: dev_ref f((*__ldcc::gatomic_claim(__ldcc_gi, -1, &(fill[b]), 1, 31)));
// TEXT: __global__ void __ldcc_g_histo(
// TEXT-NEXT: add_to(__ldcc::gatomic_claim(__ldcc_gi, 0, (&hist[(*__ldcc::gget(__ldcc_gi, 1, &(in[threadIdx.x]), 46)) & 7]), 1, 46), 1);
// TEXT: __global__ void __ldcc_g_publish(
// TEXT: release_flag(__ldcc::gatomic_claim(__ldcc_gi, 1, (flag + blockIdx.x), 1, 52))
// TEXT: __global__ void __ldcc_g_bucket(
// TEXT-NEXT: __ldcc_gd_place(__ldcc_gi, keys, fill,
