// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefixes=REF,COMP
// RUN: not grep -E '__ldcc_gd_(fenced|rec|byref_call)\(' %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Device functions in the direct one run (docs/global-check.md, "Device
// functions in the direct run"): a kernel with atomics (its own or its
// device functions') calls a clone `__ldcc_gd_<f>` of each device function
// that is handed a pointer into written memory or has atomics; the clone
// takes `__ldcc_gi` first and claims every access through a pointer by
// address (ordinal -1, the owner table).  Before, such a kernel kept
// "atomic operations" (an atomic in a device function, a helper updating
// its parameter at an offset) or lost its claim of the parameter handed
// over.  Forms: a function declared before the kernel and defined after it
// (the clone's prototype follows the declaration), a `__host__ __device__`
// template in a namespace called qualified and with explicit arguments
// (`__host__` dropped in the clone), nested calls, a local alias, a struct
// of pointers handed over whole, a non-const reference parameter (its uses
// claimed at its address, the argument handed over like `&c[i]`; session
// 27, cuda-samples' eigenvalues `subdivideActiveInterval(..., float &left,
// ..., unsigned &converged)`).  Left to the kernel's reason: a fence in the
// function, recursion, a call inside a lambda, a reference handed on to a
// call or a method; beside a shared-memory replay that carries the claims,
// a function with atomics or calls of other clones.
struct Bins {
  int *count;
  float *sum;
};

__device__ void scatter(double lc, float value, float *field);

namespace util {
template <typename T>
__host__ __device__ inline void accum(T *out, int i, T v) {
  atomicAdd(out + i, v);
}
__device__ __forceinline__ void store2(float *o, int i, float a) {
  o[i] = a;
  o[i + 1] = a;
}
} // namespace util

__device__ void put(float *o, int i, float a) { o[i] = a; }
__device__ void nested(float *o, int i, float v) {
  util::store2(o, 2 * i, v);
  util::accum<float>(o, 0, v);
}
__device__ int via_local(int *p, int i) {
  int *q = p + i;
  return atomicAdd(q, 1);
}
__device__ void bin(Bins b, int k, float v) {
  atomicAdd(&b.count[k], 1);
  b.sum[k] += v;
}
__device__ void fenced(int *flag, int *data, int v) {
  data[0] = v;
  __threadfence();
  atomicExch(flag, 1);
}
__device__ void byref(int &slot, int v) { atomicAdd(&slot, v); }
__device__ void keep(int &slot, int v) { slot = v; }
__device__ void inc(int &n) { n += 1; }
__device__ void byref_call(int &slot, int *c) {
  inc(slot);
  atomicAdd(c, 1);
}
__device__ void rec(int *p, int n) {
  if (n > 0) {
    atomicAdd(p, 1);
    rec(p, n - 1);
  }
}

// PLAN: KERNEL name=particles checked=yes {{.*}} global=yes {{.*}} direct=yes atomics=0 devfns=scatter:2:2
__global__ void particles(const float *__restrict__ x, float *den, long n) {
  long p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n)
    scatter(x[p], 1.f, den);
}
// PLAN: KERNEL name=nest checked=yes {{.*}} direct=yes atomics=0 devfns=store2:2:0,accum:1:1,nested:0:0
__global__ void nest(float *o, int n) {
  int i = threadIdx.x;
  if (i < n)
    nested(o, i, 1.0f);
}
// PLAN: KERNEL name=alias checked=yes {{.*}} writes=c,out {{.*}} direct=yes atomics=0 devfns=via_local:1:1
__global__ void alias(int *c, int *out) {
  out[threadIdx.x] = via_local(c, threadIdx.x % 8);
}
// PLAN: KERNEL name=template_call checked=yes {{.*}} devfns=accum:1:1
__global__ void template_call(float *o) { util::accum(o, threadIdx.x, 1.0f); }
// PLAN: KERNEL name=whole_struct checked=yes {{.*}} writes=b {{.*}} direct=yes atomics=0 devfns=bin:2:1
__global__ void whole_struct(Bins b, const float *v) {
  bin(b, threadIdx.x % 4, v[threadIdx.x]);
}
// PLAN: KERNEL name=with_fence checked=yes {{.*}} global=no global_reason="memory fence"
__global__ void with_fence(int *f, int *d) { fenced(f, d, 3); }
// PLAN: KERNEL name=with_ref checked=yes {{.*}} global=yes units=warps writes=c,out one_run=c,out direct=yes atomics=0 devfns=byref:1:1,keep:1:0{{$}}
__global__ void with_ref(int *c, int *out) {
  int mine = 0;
  byref(c[threadIdx.x % 4], 1);
  keep(out[blockIdx.x * blockDim.x + threadIdx.x], 2);
  keep(mine, 3); // a local: nothing to claim
  out[blockIdx.x * blockDim.x + threadIdx.x] += mine;
}
// PLAN: KERNEL name=ref_handed_on checked=yes {{.*}} global=no global_reason="atomic operations: calls byref_call, whose atomics it cannot follow: a pointer or reference parameter used other than as an access's base"
__global__ void ref_handed_on(int *c) { byref_call(c[1], c); }
// PLAN: KERNEL name=recursive checked=yes {{.*}} global=no global_reason="atomic operations: calls rec, whose atomics it cannot follow: calls rec recursively"
__global__ void recursive(int *c) { rec(c, 3); }
// PLAN: KERNEL name=in_lambda checked=yes {{.*}} global=no global_reason="atomic operations: calls accum, whose atomics it cannot follow"
__global__ void in_lambda(float *o) {
  auto f = [=](int i) { util::accum(o, i, 2.0f); };
  f(threadIdx.x);
}
// The replay refuses an atomic in a device function: the direct run (and the block's shadow).
// PLAN: KERNEL name=replayed checked=yes at=119:17 global=yes units=blocks {{.*}} devfns=accum:1:1
__global__ void replayed(float *o) {
  __shared__ float s[64];
  s[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  util::accum(o, threadIdx.x, s[63 - threadIdx.x]);
}
// A replay clone carrying the direct run's claims (composed, session 46):
// the replay's own clone of the function claims its stores (inside pwr)
// and reads by address through `__ldcc_c.gdi`; the global clone calls the
// direct clone.  Before, the
// kernel kept "atomic operations: o, which it writes through, is used
// other than as the base of an access".
// PLAN: KERNEL name=composed {{.*}} global=yes units=blocks writes=o,cnt one_run=o,cnt direct=yes atomics=1 devfns=put:1:0
__global__ void composed(float *o, int *cnt) {
  __shared__ float s[64];
  s[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  put(o, 64 + threadIdx.x, s[63 - threadIdx.x]);
  atomicAdd(cnt, 1);
}
// A dependent call in a template kernel names the one template that can
// take it (`bump_t<B>(o, i)`): cloned, as a resolved call is.
// PLAN: KERNEL name=composed_t {{.*}} global=yes units=blocks writes=o,cnt one_run=o,cnt direct=yes atomics=1 devfns=bump_t:2:0
__device__ void bump(float *o, int i) { o[i] = o[i + 1] + 1.0f; }
template <int B> __device__ void bump_t(float *o, int i) { o[i] = o[i + B] + 1.0f; }
__global__ void composed_reads(float *o, int *cnt) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  bump(o, s[63 - threadIdx.x]);
  atomicAdd(cnt, 1);
}
template <int B> __global__ void composed_t(float *o, int *cnt) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  bump_t<B>(o, threadIdx.x);
  atomicAdd(cnt, (int)s[B]);
}
// A function with a cache hint beside the replay keeps the reason (one
// with an atomic has no replay: the kernel takes the direct run alone).
// PLAN: KERNEL name=composed_hint {{.*}} global=no global_reason="atomic operations: o, which it writes through, is used other than as the base of an access"
__device__ void hinted(float *o, int i) { o[i] = __ldg(&o[i + 1]); }
__global__ void composed_hint(float *o, int *cnt) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  hinted(o, s[63 - threadIdx.x]);
  atomicAdd(cnt, 1);
}
// PLAN: KERNEL name=composed_atomic {{.*}} global=yes units=blocks {{.*}} direct=yes atomics=1 devfns=accum:1:1
__global__ void composed_atomic(float *o, int *cnt) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  util::accum(o, threadIdx.x, s[63 - threadIdx.x]);
  atomicAdd(cnt, 1);
}

__device__ void scatter(double lc, float value, float *field) {
  int i = (int)lc;
  float di = lc - i;
  atomicAdd(&(field[i]), value * (1 - di));
  atomicAdd(&(field[i + 1]), value * (di));
}

int main() {
  float *x = 0, *d = 0;
  int *c = 0;
  Bins b = {0, 0};
  particles<<<16, 256>>>(x, d, 4000);
  nest<<<1, 32>>>(d, 16);
  alias<<<2, 32>>>(c, c + 100);
  template_call<<<2, 32>>>(d);
  whole_struct<<<2, 32>>>(b, d);
  with_fence<<<2, 32>>>(c, c + 8);
  with_ref<<<2, 32>>>(c, c);
  ref_handed_on<<<2, 32>>>(c);
  recursive<<<2, 32>>>(c);
  in_lambda<<<2, 32>>>(d);
  replayed<<<2, 64>>>(d);
  composed<<<2, 64>>>(d, c);
  composed_reads<<<2, 64>>>(d, c);
  composed_t<2><<<2, 64>>>(d, c);
  composed_atomic<<<2, 64>>>(d, c);
  composed_hint<<<2, 64>>>(d, c);
  return 0;
}

// The prototype's clone after the declaration, the definition's after it.
// TEXT: __device__ void scatter(double lc, float value, float *field);
// TEXT: __device__ void __ldcc_gd_scatter(const __ldcc::global_info &__ldcc_gi, double lc, float value, float *field);
// TEXT: {{^ *}}__device__ inline void __ldcc_gd_accum(const __ldcc::global_info &__ldcc_gi, T *out, int i, T v) {
// TEXT-NEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (out + i), 1, 36), v);
// TEXT: __device__ __forceinline__ void __ldcc_gd_store2(const __ldcc::global_info &__ldcc_gi, float *o, int i, float a) {
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, -1, &(o[i]), 39) = a;
// TEXT: __device__ void __ldcc_gd_nested(const __ldcc::global_info &__ldcc_gi, float *o, int i, float v) {
// TEXT-NEXT: util::__ldcc_gd_store2(__ldcc_gi, o, 2 * i, v);
// TEXT-NEXT: util::__ldcc_gd_accum<float>(__ldcc_gi, o, 0, v);
// TEXT: __device__ int __ldcc_gd_via_local(const __ldcc::global_info &__ldcc_gi, int *p, int i) {
// TEXT-NEXT: int *q = p + i;
// TEXT-NEXT: return __ldcc::gacquired(__ldcc_gi, 2u, atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (q), 1, 51), 1));
// TEXT: __device__ void __ldcc_gd_bin(const __ldcc::global_info &__ldcc_gi, Bins b, int k, float v) {
// TEXT-NEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (&b.count[k]), 1, 54), 1);
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, -1, &(b.sum[k]), 55) += v;
// The kernels' clones call the function's clones, `__ldcc_gi` first.
// TEXT: __global__ void __ldcc_g_particles(
// TEXT: scatter(__ldcc_gi, (*__ldcc::gget(__ldcc_gi, 0, &(x[p]), 80)), 1.f, den);
// TEXT: __global__ void __ldcc_g_nest(
// TEXT: __ldcc_gd_nested(__ldcc_gi, o, i, 1.0f);
// TEXT: __global__ void __ldcc_g_template_call(
// TEXT: util::__ldcc_gd_accum(__ldcc_gi, o, threadIdx.x, 1.0f);
// TEXT: __global__ void __ldcc_g_whole_struct(
// TEXT: __ldcc_gd_bin(__ldcc_gi, b, threadIdx.x % 4,
// TEXT: __device__ void __ldcc_gd_scatter(const __ldcc::global_info &__ldcc_gi, double lc, float value, float *field) {
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (&(field[i])), 1, 181), value * (1 - di));
// A reference parameter's uses claimed at its address; the argument handed
// over whole (claimed in the clone), a local's left alone.
// REF: __device__ void __ldcc_gd_byref(const __ldcc::global_info &__ldcc_gi, int &slot, int v) { atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (&slot), 1, 62), v); }
// REF: __device__ void __ldcc_gd_keep(const __ldcc::global_info &__ldcc_gi, int &slot, int v) { __ldcc::gset(__ldcc_gi, -1, &(slot), 63) = v; }
// REF: {{^}}__global__ void __ldcc_g_with_ref(
// REF: {{^}}  __ldcc_gd_byref(__ldcc_gi, c[threadIdx.x % 4], 1);
// REF-NEXT: {{^}}  __ldcc_gd_keep(__ldcc_gi, out[blockIdx.x * blockDim.x + threadIdx.x], 2);
// REF-NEXT: {{^}}  keep(mine, 3);
// The composed kernels (above): the replay's clone of bump claims its
// accesses through the replay clone's __ldcc_gi, which the clone hands
// over in __ldcc_c.gdi; the template kernel's global clone calls bump_t's
// direct clone.
// COMP: __device__ void __ldcc_composed_reads__f_bump(__ldcc::thread_ctx &__ldcc_c, float *o, int i) { (*__ldcc::pwr(__ldcc_c, __ldcc::gput(*__ldcc_c.gdi, -1, &(o[i]), 142))) = (*__ldcc::gget(*__ldcc_c.gdi, -1, &(o[i + 1]), 142)) + 1.0f; }
// COMP: __ldcc_c.gdi = &__ldcc_gi;
// COMP: __ldcc_gd_bump_t<B>(__ldcc_gi, o, threadIdx.x);
