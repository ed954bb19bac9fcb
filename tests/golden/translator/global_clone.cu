// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// The check across blocks (docs/global-check.md): which parameters a kernel
// writes, its units (warps without a reachable block barrier, else blocks),
// the reasons it cannot be checked, the clone `__ldcc_g_<k>` with every
// pointer parameter shifted, and launches through __ldcc::launch_global
// (a kernel with a reason of its own goes there too, without a clone, so
// the run says it was not checked).
#include <cstdio>

struct span {
  float *data;
  int n;
};
struct plain {
  float scale;
  int n;
};

__device__ int hits;

__device__ void put(float *p, int i, float v) { p[i] = v; }
__device__ void sync_helper() { __syncthreads(); }

__global__ void axpy(float *y, const float *x, float a, plain cfg) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < cfg.n)
    put(y, i, a * x[i] + y[i] * cfg.scale);
}

__global__ void staged(float *out, const float *__restrict__ in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  sync_helper();
  if (i < n)
    out[i] = v;
}

__global__ void reader(const float *in, float *unused, int n) {
  if (threadIdx.x == 0 && n > 0 && unused == nullptr)
    (void)in[0];
}

__global__ void with_struct(span s) { s.data[threadIdx.x] = 1.0f; }
__global__ void counting(float *p) {
  p[threadIdx.x] = 0.0f;
  atomicAdd(&hits, 1);
}
__global__ void talking(float *p) {
  p[threadIdx.x] = 2.0f;
  printf("%d\n", threadIdx.x);
}
__global__ void fixed_ptr(float *const p) { p[threadIdx.x] = 3.0f; }
__global__ void to_var(float *p) {
  p[0] = 1.0f;
  ::hits = 2;
}

template <int N> __global__ void fill(int *p, int v) {
  p[blockIdx.x * N + threadIdx.x] = v;
}
template <class T> __global__ void put_all(T *p, T v) { p[threadIdx.x] = v; }

void host(float *y, const float *x, span s, int *q, cudaStream_t st) {
  plain cfg = {2.0f, 256};
  axpy<<<4, 64, 0, st>>>(y, x, 0.5f, cfg);
  staged<<<dim3(2, 2), 128>>>(y, x, 512);
  reader<<<1, 32>>>(x, y, 1);
  with_struct<<<1, 32>>>(s);
  counting<<<1, 32>>>(y);
  talking<<<1, 32>>>(y);
  fixed_ptr<<<1, 32>>>(y);
  to_var<<<1, 32>>>(y);
  fill<32><<<2, 32>>>(q, 7);
  put_all<<<1, 32>>>(y, 1.0f);
}

// PLAN: KERNEL name=axpy checked=yes at=27:17 global=yes units=warps writes=y{{$}}
// PLAN-NEXT: KERNEL name=staged checked=yes at=33:17 global=yes units=blocks writes=out one_run=out,in{{$}}
// PLAN-NEXT: KERNEL name=reader checked=yes at=41:17{{$}}
// A struct holding a pointer: the clone patches the pointers the runtime
// finds in the argument (global_struct_fields.cu).
// PLAN-NEXT: KERNEL name=with_struct checked=yes at=46:17 global=yes units=warps writes=s{{$}}
// A written __device__ variable and an atomic: the direct one run claims
// the variable like a parameter.
// PLAN-NEXT: KERNEL name=counting checked=yes at=47:17 global=yes units=warps writes=p,hits vars=::hits one_run=p,hits direct=yes atomics=1{{$}}
// printf alone: the direct one run (docs/global-check.md, "Direct one run").
// PLAN-NEXT: KERNEL name=talking checked=yes at=51:17 global=yes units=warps writes=p one_run=p direct=yes atomics=0{{$}}
// `T *const p`: the clone drops the const (global_const_params.cu).
// PLAN-NEXT: KERNEL name=fixed_ptr checked=yes at=55:17 global=yes units=warps writes=p one_run=p{{$}}
// PLAN-NEXT: KERNEL name=to_var checked=yes at=56:17 global=no global_reason="writes __device__ variable hits (named with a qualifier)"{{$}}
// PLAN-NEXT: KERNEL name=fill checked=yes at=61:34 template global=yes units=warps writes=p one_run=p{{$}}
// PLAN-NEXT: KERNEL name=put_all checked=yes at=64:36 template global=yes units=warps writes=p one_run=p{{$}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/global_clone.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// Every pointer is shifted (read-only ones too: an alias of written memory
// must see the unit's copy); the clone takes the shift table last.
// TEXT: {{^}}__global__ void __ldcc_g_axpy(float *y, const float *x, float a, plain cfg, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, y, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, x, 1);{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_staged(float *out, const float *__restrict__ in, int n, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 1);{{$}}
// TEXT-NOT: __ldcc_g_reader
// TEXT: {{^}}__global__ void __ldcc_g_with_struct(span s, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gpatch(__ldcc_gi, __ldcc_gc, s, 0); s.data[threadIdx.x] = 1.0f; }{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_counting(float *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); auto *__ldcc_v0 = &::hits; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v0, 1); auto &hits = *__ldcc_v0;{{$}}
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 0, &(p[threadIdx.x]), 48) = 0.0f;{{$}}
// TEXT-NEXT: {{^}}  atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 1, (&hits), 1, 49), 1);{{$}}
// TEXT: {{^}}template <int N> __global__ void __ldcc_g_fill(int *p, int v, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0);{{$}}
// TEXT: {{^}}template <class T> __global__ void __ldcc_g_put_all(T *p, T v, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[threadIdx.x]), 64) = v; }{{$}}
// Arguments are converted to the parameters' types (launch_as) where the
// launch names one function; the lambda runs the clone or the original.
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&axpy))>::run(__ldcc__gmeta(0), 0, 4, 64, 0, st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_axpy<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else axpy<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, y, x, 0.5f, cfg);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&staged))>::run(__ldcc__gmeta(1), 0, dim3(2, 2), 128, 0, 0, {{.*}}, y, x, 512);{{$}}
// TEXT-NEXT: {{^}}  reader<<<1, 32>>>(x, y, 1);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&with_struct))>::run(__ldcc__gmeta(2), 0, 1, 32, 0, 0, {{.*}} if (__ldcc_l__gi) __ldcc_g_with_struct<<<{{.*}}, s);{{$}}
// A kernel with a reason of its own: launched through the runtime, without
// a clone, so the run says why it is not checked.
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&counting))>::run(__ldcc__gmeta(3), 0, 1, 32,
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&talking))>::run(__ldcc__gmeta(4), 0, 1, 32,
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&fixed_ptr))>::run(__ldcc__gmeta(5), 0, 1, 32,
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&to_var))>::run(__ldcc__gmeta(6), 0, 1, 32,
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill<32>))>::run(__ldcc__gmeta(7), 0, 2, 32, 0, 0, {{.*}} if (__ldcc_l__gi) __ldcc_g_fill<32><<<{{.*}} else fill<32><<<{{.*}}, q, 7);{{$}}
// A template whose arguments the launch deduces: written out (launches.c
// with_deduced; deduced_launch.cu).
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&put_all<float>))>::run(__ldcc__gmeta(8), 0, 1, 32, 0, 0, {{.*}} if (__ldcc_l__gi) __ldcc_g_put_all<float><<<{{.*}} else put_all<float><<<{{.*}}, y, 1.0f);{{$}}
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}  static const char *const __ldcc_n0[] = {"y", "x", "a", "cfg"};{{$}}
// TEXT-NEXT: {{^}}  static const unsigned char __ldcc_f0[] = {3, 1, 0, 0};{{$}}
// TEXT-NEXT: {{^}}  static const signed char __ldcc_p0[] = {0, 1, -1, -1};{{$}}
// TEXT-NEXT: {{^}}  static const int __ldcc_l0[] = {68, 27};{{$}}
// A struct holding pointers: __LDCC_GP_FIELDS (8), no pointer ordinal.
// TEXT: {{^}}  static const unsigned char __ldcc_f2[] = {8};{{$}}
// TEXT-NEXT: {{^}}  static const signed char __ldcc_p2[] = {-1};{{$}}
// Where its pointers are, from its type (field_at): offsets, then the end.
// TEXT: {{^}}  static const uint32_t __ldcc_fa2[] = {{{.*}}__LDCC_FIELD_END};{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "axpy", __ldcc_file, 27, 0, NULL, 0, 16, NULL, NULL, __ldcc_l0, 2, 0}, 4, 0, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 0, NULL, 0, NULL},{{$}}
// TEXT-NEXT: {{^}}      {__LDCC_GLOBAL_ABI, 0, {__LDCC_HOST_ABI, 0, "staged", {{.*}}, 3, __LDCC_GM_OWN, {{.*}}, NULL, 0, NULL, 10, __ldcc_o1},{{$}}
// TEXT-NEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "with_struct", {{.*}}, 1, 0, __ldcc_n2, __ldcc_f2, __ldcc_p2, NULL, 0, NULL, 0, NULL, __ldcc_fa2},{{$}}
