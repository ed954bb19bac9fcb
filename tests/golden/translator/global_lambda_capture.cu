// Template kernels calling a functor or lambda parameter (issues 23 and
// 25): the kernel is checked across blocks when, at every launch in the
// file, the argument's operator() or the lambda's body writes only through
// its own fields or captures (writes.c, ld__follow_functors); the clone
// patches them (`__ldcc::gpatch`, the runtime finds them in the argument's
// bytes).  Anything else keeps the kernel unchecked with the reason.
// RUN: %ldcc-translate --extended-lambda --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --extended-lambda %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 --extended-lambda -isystem %srcroot/include -c %t.cu -o %t.o
template <class F> __global__ void for_each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
// Two launches, a lambda and a local initialised with one: both write
// through their captures (a local alias, a device function of the file).
// PLAN: KERNEL name=for_each checked=yes at=[[@LINE-7]]:36 template global=yes units=blocks writes=f{{$}}
// TEXT: {{^}}template <class F> __global__ void __ldcc_g_for_each(int n, F f, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gpatch(__ldcc_gi, __ldcc_gc, f, 1);{{$}}

// A launch whose lambda writes through a __device__ pointer (it captures
// nothing): every launch must pass, so the kernel is unchecked.
template <class F> __global__ void apply(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
// PLAN: KERNEL name=apply checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)" at=[[@LINE-5]]:36 template
// TEXT-NOT: {{__ldcc_g_}}apply

// An atomic in the lambda (the copies would repeat it).
template <class F> __global__ void with_atomic(int n, F f) { f(threadIdx.x); }
// PLAN: KERNEL name=with_atomic checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)" at=[[@LINE-1]]:36 template

// A kernel the shared-memory replay checks: it would run the lambda's
// stores twice, so the kernel stays unchecked (tests/e2e/functor_param.cu).
template <class F> __global__ void with_shared(int n, F f) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  __syncthreads();
  f(s[(threadIdx.x + 1) % 32]);
}
// PLAN: KERNEL name=with_shared checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)" at=[[@LINE-6]]:36 template

// A functor writing through its pointer member: checked.
template <class F> __global__ void with_functor(int n, F f) { f(threadIdx.x); }
// PLAN: KERNEL name=with_functor checked=yes at=[[@LINE-1]]:36 template global=yes units=blocks writes=f{{$}}

// A functor holding a pointer to pointers: the pointers it writes through
// are loaded from memory.
template <class F> __global__ void with_rows(int n, F f) { f(threadIdx.x); }
// PLAN: KERNEL name=with_rows checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)" at=[[@LINE-1]]:36 template

// A lambda and a functor storing a class (`o[i] = make_float2(...)`, a
// call of float2's defaulted operator=): a store through the capture, as a
// built-in `=` (before: "calls operator=, whose writes are not followed").
template <class F> __global__ void with_class(int n, F f) { f(threadIdx.x); }
// PLAN: KERNEL name=with_class checked=yes at=[[@LINE-1]]:36 template global=yes units=blocks writes=f{{$}}

__device__ float *gp;
struct Put2 {
  float2 *out;
  __device__ void operator()(int i) const { out[i] = make_float2(i, 1); }
};
struct Scale {
  float *out;
  float s;
  __device__ void operator()(int i) const { out[i] *= s; }
};
struct Rows {
  float **rows;
  __device__ void operator()(int i) const { rows[0][i] = 1; }
};
__device__ float twice(float x) { return 2 * x; }
__device__ void put(float *p, int i) { p[i] = 0; }

void host(float *p, float **pp, int *c, int n, float2 *o) {
  for_each<<<1, 32>>>(n, [=] __device__(int i) { p[i] = p[i + 1]; });
  auto inc = [=] __device__(int i) {
    float *q = p + i;
    *q += twice(1.0f);
    put(p, i);
  };
  for_each<<<1, 32>>>(n, inc);
  apply<<<1, 32>>>(n, [=] __device__(int i) { p[i] = 0; });
  apply<<<1, 32>>>(n, [=] __device__(int i) { gp[i] = 0; });
  with_atomic<<<1, 32>>>(n, [=] __device__(int i) { atomicAdd(c, 1); });
  with_shared<<<1, 32>>>(n, [=] __device__(int i) { p[i] = 0; });
  with_functor<<<1, 32>>>(n, Scale{p, 2.0f});
  with_rows<<<1, 32>>>(n, Rows{pp});
  with_class<<<1, 32>>>(n, [=] __device__(int i) { o[i] = make_float2(i, 0); });
  with_class<<<1, 32>>>(n, Put2{o});
}
// The launch hands the closure to launch_global, which passes its bytes.
// TEXT: {{^}}  __ldcc::launch_global(__ldcc__gmeta(0), 0, 1, 32, 0, 0, {{.*}} if (__ldcc_l__gi) __ldcc_g_for_each<<<{{.*}}, n, [=] __device__(int i) { p[i] = p[i + 1]; });{{$}}
// TEXT: {{^}}  static const unsigned char __ldcc_f0[] = {0, 8};{{$}}
