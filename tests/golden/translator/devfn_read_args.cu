// RUN: %ldcc-translate --dump-plan %s -- -std=c++17 | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %s -- -std=c++17 | FileCheck %s --check-prefix=TGT
// RUN: %ldcc-translate %s -- -std=c++17 > %t.cu
// RUN: %nvcc-ptx -std=c++17 -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A pointer handed to a device function of the file counts as written
// only when the function (or one it calls) may write through it; one it
// only reads through stays read, so the kernel needs no copy of it and the
// check across blocks takes kernels that read their input in a helper
// (CoffeeBeforeArch's `thread_sum(input, n)` beside an atomicAdd).
#include <cuda/atomic>
#include <cuda_runtime.h>

__device__ int thread_sum(int *input, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4;
       i += blockDim.x * gridDim.x) {
    int4 in = ((int4 *)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}

__device__ void put(int *d, int v) { d[0] = v; }
__device__ void relay(int *d, int v) { put(d, v); }
__device__ void alias_store(int *p) {
  int *q = p + 1;
  *q = 0;
}
__device__ int first(int **rows) { return rows[0][0]; }
__device__ void bump(int &x) { x++; }
__device__ int peek(int &x) { return x; }
__device__ int later(int *p);
// A class's assignment through the pointer (a call of its operator=, not
// a built-in `=`): llm.c's st_vec, a float2 helper.
__device__ void st_vec(float *a, float4 v) {
  *reinterpret_cast<float4 *>(a) = v;
}
__device__ void put2(float2 *p) { *p = make_float2(1, 2); }
template <typename T> __device__ void add_to(T *out, T v) { atomicAdd(out, v); }
// Writes no root walk of a store sees: an atomic_ref made on the
// parameter's object, a libcu++ atomic's method through the parameter, a
// call through a function pointer, a virtual method.
typedef cuda::atomic_ref<int, cuda::thread_scope_device> dev_ref;
__device__ void ref_add(int *p, int v) {
  dev_ref(*p).fetch_add(v, cuda::memory_order_relaxed);
}
__device__ void obj_add(cuda::atomic<int, cuda::thread_scope_device> *a) {
  a->fetch_add(1, cuda::memory_order_relaxed);
}
__device__ void through(void (*f)(int *), int *p) { f(p); }
__device__ void zero(int *p) { *p = 0; }
struct Sink {
  __device__ virtual void take(int *p) { (void)p; }
};
template <typename T> __device__ T read_at(T *p) { return p[0]; }
__device__ int self(int *p, int n) { return n ? self(p, n - 1) : p[0]; }
// Mutual recursion: the first walked sees the other unwalked, so both
// keep their pointer written.
__device__ int pong(int *p, int n);
__device__ int ping(int *p, int n) { return n ? pong(p, n - 1) : p[0]; }
__device__ int pong(int *p, int n) { return n ? ping(p, n - 1) : p[1]; }

// PLAN: KERNEL name=sum_reduce checked=yes {{.*}} global=yes {{.*}}direct=yes
// TGT-DAG: TARGET kernel=sum_reduce space=global name=sum {{.*}} written=yes
// TGT-DAG: TARGET kernel=sum_reduce space=global name=input {{.*}} written=no
__global__ void sum_reduce(int *sum, int *input, int n) {
  int s = thread_sum(input, n);
  atomicAdd(sum, s);
}

// `later` is defined after the kernel (declared before it): the walks run
// callees first, so it too is known to only read.
// PLAN: KERNEL name=forms checked=yes
// TGT-DAG: TARGET kernel=forms space=global name=relayed {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=aliased {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=bumped {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=peeked {{.*}} written=no
// TGT-DAG: TARGET kernel=forms space=global name=early {{.*}} written=no
// TGT-DAG: TARGET kernel=forms space=global name=recursed {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=mutual {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=out {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=vec {{.*}} written=yes
// TGT-DAG: TARGET kernel=forms space=global name=pair {{.*}} written=yes
__global__ void forms(int *relayed, int *aliased, int *bumped, int *peeked,
                      int *early, int *recursed, int *mutual, int *out,
                      float *vec, float2 *pair) {
  st_vec(vec + 4 * threadIdx.x, make_float4(1, 2, 3, 4));
  put2(pair + threadIdx.x);
  int i = threadIdx.x;
  relay(relayed + i, i);
  alias_store(aliased + 2 * i);
  bump(bumped[i]);
  out[i] = peek(peeked[i]) + later(early + i) + self(recursed + i, 2) +
           ping(mutual + i, 3);
}

// A template's calls on dependent operands (`atomicAdd(out, v)`, T *out)
// resolve only per instantiation: its arguments stay written.
// PLAN: KERNEL name=templated checked=yes
// TGT-DAG: TARGET kernel=templated space=global name=added {{.*}} written=yes
// TGT-DAG: TARGET kernel=templated space=global name=looked {{.*}} written=yes
__global__ void templated(int *added, int *looked) {
  add_to(added, 1);
  added[1 + threadIdx.x] = read_at(looked);
}

// PLAN: KERNEL name=hidden_writes checked=
// TGT-DAG: TARGET kernel=hidden_writes space=global name=reffed {{.*}} written=yes
// TGT-DAG: TARGET kernel=hidden_writes space=global name=atom {{.*}} written=yes
// TGT-DAG: TARGET kernel=hidden_writes space=global name=called {{.*}} written=yes
// TGT-DAG: TARGET kernel=hidden_writes space=global name=sunk {{.*}} written=yes
__global__ void hidden_writes(int *reffed,
                              cuda::atomic<int, cuda::thread_scope_device> *atom,
                              int *called, int *sunk, Sink *s) {
  ref_add(reffed, 1);
  obj_add(atom);
  through(zero, called);
  s->take(sunk);
}

// The rows' memory holds pointers: the helper could load one and write
// through it, so the argument stays written.
// PLAN: KERNEL name=table checked=yes
// TGT-DAG: TARGET kernel=table space=global name=rows {{.*}} written=yes
__global__ void table(int **rows, int *out) {
  out[threadIdx.x] = first(rows);
}

// A const pointer cast to a plain one for a helper that only reads: no
// write through a const parameter, so the check across blocks keeps it.
// PLAN: KERNEL name=const_cast_read checked=yes {{.*}} global=yes
__global__ void const_cast_read(const int *in, int *out, int n) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = thread_sum((int *)in, n);
}

__device__ int later(int *p) { return p[0]; }

int main() {
  int *p = 0;
  sum_reduce<<<2, 32>>>(p, p, 64);
  forms<<<1, 32>>>(p, p, p, p, p, p, p, p, 0, 0);
  templated<<<1, 32>>>(p, p);
  hidden_writes<<<1, 32>>>(p, 0, p, p, 0);
  table<<<1, 32>>>(0, p);
  const_cast_read<<<2, 32>>>(p, p, 64);
  return 0;
}
