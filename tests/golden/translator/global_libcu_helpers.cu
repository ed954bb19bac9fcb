// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Atomic helpers that view a parameter as a libcu++ atomic object, the way
// graph suites write atomicRead/atomicWrite (`((cuda::atomic<T> *)addr)->
// load(cuda::memory_order_relaxed)`): calls of them are atomics of their
// argument, claimed at the call with the object's scope (cuda::atomic:
// system, 3; thread_scope_device: 1).  In a template the member call is
// dependent and names no method: it is told by the object's type and the
// member's name (cursor.c dependent_libcu).  A memory order other than
// relaxed makes the helper a fence.  Before, such kernels were "not
// checked across blocks: atomic operations".
#include <cuda/atomic>

template <typename T> static __device__ inline T atomicRead(T *const addr) {
  return ((cuda::atomic<T> *)addr)->load(cuda::memory_order_relaxed);
}
template <typename T>
static __device__ inline void atomicWrite(T *const addr, const T val) {
  ((cuda::atomic<T> *)addr)->store(val, cuda::memory_order_relaxed);
}
static __device__ int bump(int *c) {
  auto *a = (cuda::atomic<int, cuda::thread_scope_device> *)c;
  return a->fetch_add(1, cuda::memory_order_relaxed);
}
static __device__ int read_acquire(int *flag) {
  return ((cuda::atomic<int> *)flag)->load(cuda::memory_order_acquire);
}

__global__ void relabel(const int *nbr, int *label, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n) {
    int d = atomicRead(&label[v]);
    int l = atomicRead(&label[nbr[v]]);
    if (l < d)
      atomicWrite(&label[v], l);
  }
}
// PLAN: KERNEL name=relabel checked=yes at=[[@LINE-9]]:17 global=yes units=warps writes=label one_run=nbr,label direct=yes atomics=3
// TEXT: int d = atomicRead(__ldcc::gatomic_claim(__ldcc_gi, 1, (&label[v]), 3, 34));
// TEXT: atomicWrite(__ldcc::gatomic_claim(__ldcc_gi, 1, (&label[v]), 3, 37), l);

__global__ void count(int *counter, int *slots) {
  slots[bump(counter)] = threadIdx.x;
}
// PLAN: KERNEL name=count checked=yes at=[[@LINE-3]]:17 global=yes units=warps writes=counter,slots one_run=counter,slots direct=yes atomics=1
// TEXT: slots[bump(__ldcc::gatomic_claim(__ldcc_gi, 0, (counter), 1, 45))]

__global__ void consume(int *flag, const int *data, int *out) {
  if (read_acquire(flag))
    out[threadIdx.x] = data[threadIdx.x];
}
// PLAN: KERNEL name=consume checked=yes at=[[@LINE-4]]:17 global=yes units=warps writes=flag,out one_run=flag,data,out direct=yes atomics=1 fences=1
