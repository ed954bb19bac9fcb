// A generic kernel launched only by a function template that forwards its
// functor or lambda (`template <class F> void for_each(int n, F f) {
// k<<<b, t>>>(n, f); }`, the common launcher): the launch's argument is the
// launcher's parameter, judged by the argument of every call of the
// launcher in the unit (writes.c, functor_arg), launchers of launchers
// too.  Before, the launch named an overload set and the kernel was "not
// checked: calls parameter f, a functor or lambda no launch in this file
// shows".
// RUN: %ldcc-translate --extended-lambda --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --extended-lambda %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 --extended-lambda -isystem %srcroot/include -c %t.cu -o %t.o
template <typename F> __global__ void for_each_kernel(int n, F f) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    f(i);
}
// PLAN: KERNEL name=for_each_kernel checked=yes at=[[@LINE-5]]:39 template global=yes units=blocks writes=f{{$}}
// TEXT: {{^}}template <typename F> __global__ void __ldcc_g_for_each_kernel(int n, F f, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gpatch(__ldcc_gi, __ldcc_gc, f, 1);{{$}}

template <typename F> void for_each(int n, F f, int threads = 256) {
  for_each_kernel<<<(n + threads - 1) / threads, threads>>>(n, f);
}
// (the launch: its argument is the launcher's parameter f)

// A launcher of the launcher: followed to its callers.
template <typename F> void for_each_2d(int w, int h, F f) {
  for_each(w * h, f);
}

// The same forms where one call's lambda writes through what the walk
// cannot follow (an atomic): every call must pass.
template <typename F> __global__ void apply_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
// PLAN: KERNEL name=apply_kernel checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)" at=[[@LINE-5]]:39 template
// TEXT-NOT: {{__ldcc_g_}}apply_kernel
// PLAN: KERNEL name=fill_kernel checked=yes at={{[0-9]+}}:39 template global=yes units=blocks writes=f{{$}}
// PLAN: KERNEL name=elementwise_kernel checked=yes at={{[0-9]+}}:17 template global=yes units=blocks writes=f{{$}}
// PLAN: KERNEL name=tally_kernel checked=no reason="calls parameter f, a functor or lambda holding a pointer (its writes are not followed)"
template <typename F> void apply(int n, F f) {
  apply_kernel<<<(n + 127) / 128, 128>>>(n, f);
}
// PLAN: LAUNCH kernel=for_each_kernel at=22:3
// PLAN: LAUNCH kernel=apply_kernel at=[[@LINE-3]]:3

// A functor through the launcher: its operator() writes its own field.
struct scale {
  float *v;
  float k;
  __device__ void operator()(int i) const { v[i] *= k; }
};

void run(float *a, float *b, int *count, int n) {
  for_each(n, [=] __device__(int i) { b[i] = 2.0f * a[i]; });
  for_each_2d(16, n / 16, [=] __device__(int i) { a[i] = b[i] + 1.0f; });
  for_each(n, scale{a, 0.5f});
  apply(n, [=] __device__(int i) { b[i] = a[i]; });
  apply(n, [=] __device__(int i) { atomicAdd(count, 1); });
}

// Launchers that take the functor by reference and forward it.
#include <utility>
template <typename F> __global__ void fill_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
// (checked: the launchers forward a lambda writing its capture)
template <typename F> void fill(int n, F &&f) {
  fill_kernel<<<(n + 127) / 128, 128>>>(n, static_cast<F &&>(f));
}
template <typename F> void fill_ref(int n, const F &f) { fill(n, f); }
template <typename F> void fill_fwd(int n, F &&f) {
  fill(n, std::forward<F>(f));
}

void run_fill(float *a, int n) {
  fill(n, [=] __device__(int i) { a[i] = 1.0f; });
  fill_ref(n, [=] __device__(int i) { a[i] = 2.0f; });
  fill_fwd(n, [=] __device__(int i) { a[i] = 3.0f; });
}

// A launcher called from a function template, its lambda's types
// dependent (`launch_unfold<64, 4>(n, loop)` in `template <typename
// scalar_t> void unfold(...)`, as HeCBench's unfold writes it): the call
// is unresolved there, and names the launcher through its overload set.
template <int THREADS, typename func_t>
__global__ void elementwise_kernel(int n, func_t f) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (i < n)
    f(i);
}
template <int THREADS, typename func_t>
static void launch_elementwise(int n, func_t f) {
  elementwise_kernel<THREADS, func_t><<<(n + THREADS - 1) / THREADS, THREADS>>>(n, f);
}
template <typename scalar_t>
void accumulate(scalar_t *__restrict__ out, const scalar_t *__restrict__ in,
                int n) {
  auto loop = [=] __device__(int i) {
    auto *__restrict__ o = out + i;
    *o += in[i];
  };
  launch_elementwise<64>(n, loop);
}
void run_accumulate(float *a, const float *b, int n) { accumulate(a, b, n); }

// Every call counts, also one inside another launcher: the lambda handed
// to `tally_ref` (through `tally`, unresolved there) uses an atomic, so the
// kernel stays unchecked.
template <typename F> __global__ void tally_kernel(int n, F f) {
  if ((int)threadIdx.x < n)
    f((int)threadIdx.x);
}
template <typename F> void tally(int n, const F &f) {
  tally_kernel<<<1, 128>>>(n, f);
}
template <typename F> void tally_ref(int n, const F &f) { tally(n, f); }
void run_tally(float *a, int *c, int n) {
  tally(n, [=] __device__(int i) { a[i] = 1.0f; });
  tally_ref(n, [=] __device__(int i) { atomicAdd(c, 1); });
}
