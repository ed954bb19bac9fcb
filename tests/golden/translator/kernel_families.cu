// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels that share a name: a template kernel with explicit
// specializations, overloads, kernels of two namespaces.  Each launch
// names its kernel by the declaration its call resolves to, and each
// kernel's generated names take a stem of their own, `<name>__<n>`
// (`__ldcc_scale__1`, `__ldcc_meta_scale__1`, `__ldcc_g_update__0`): an
// explicit specialization's clones are plain functions (its `template <>`
// and `<float>` cut), launches of it drop the template arguments in the
// clones' names, and overloads are told apart by a cast to their pointer
// type.  Before, all of them were left unchecked ("template kernel with an
// explicit specialization", "another kernel of the file has its name"),
// 12 kernels of HeCBench's fma-cuda, gd-cuda and mf-sgd-cuda among them.
// A launch in a template that may run any member of a family with explicit
// specializations stays as written (the runtime counts it unchecked), and
// two template kernels of one name are refused (`&k<4>` names both).
template <typename T> __global__ void scale(const T *a, T *c) {
  extern __shared__ char raw[];
  T *s = reinterpret_cast<T *>(raw);
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  c[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
template <> __global__ void scale<float>(const float *a, float *c) {
  extern __shared__ char raw[];
  float *s = reinterpret_cast<float *>(raw);
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  c[threadIdx.x] = 2 * s[(threadIdx.x + 1) % blockDim.x];
}
// A specialization whose arguments are deduced from its parameters.
template <> __global__ void scale(const double *a, double *c) {
  c[threadIdx.x] = a[threadIdx.x];
}
// PLAN: KERNEL name=scale checked=yes at=19:39 template
// PLAN: KERNEL name=scale checked=yes at=26:29
// PLAN: KERNEL name=scale checked=yes at=34:29 global=yes

__global__ void update(float *x, const float *g, float *norm) {
  x[threadIdx.x] -= g[threadIdx.x];
  norm[0] = x[0];
}
__global__ void update(float *x, const float *g) {
  x[threadIdx.x] -= g[threadIdx.x];
}
// PLAN: KERNEL name=update checked=yes at=41:17 global=yes
// PLAN: KERNEL name=update checked=yes at=45:17 global=yes

namespace a {
__global__ void zero(int *p) { p[threadIdx.x] = 0; }
} // namespace a
namespace b {
__global__ void zero(int *p) { p[threadIdx.x + 1] = 0; }
} // namespace b
// PLAN: KERNEL name=zero checked=yes at=52:17 global=yes
// PLAN: KERNEL name=zero checked=yes at=55:17 global=yes

template <int N> __global__ void tile(float *x) { x[threadIdx.x] = N; }
template <int N> __global__ void tile(double *x) { x[threadIdx.x] = N; }
// PLAN: KERNEL name=tile checked=no reason="another kernel of the file has its name, and launches cannot tell them apart" at=60:34 template
// PLAN: KERNEL name=tile checked=no reason="another kernel of the file has its name, and launches cannot tell them apart" at=61:34 template

__global__ void other(float *x) { x[threadIdx.x] = 1.0f; }
// PLAN: KERNEL name=other checked=yes at=[[@LINE-1]]:17 global=yes

template <typename T> void run(const T *a, T *c) {
  scale<<<1, 32, 32 * sizeof(T)>>>(a, c);
}

int main() {
  float *f = nullptr;
  int *i = nullptr;
  double *d = nullptr;
  scale<<<1, 32, 128>>>(f, f);
  scale<int><<<1, 32, 128>>>(i, i);
  scale<<<1, 32>>>(d, d);
  run(f, f);
  update<<<1, 32>>>(f, f, f);
  update<<<1, 32>>>(f, f);
  a::zero<<<1, 32>>>(i);
  b::zero<<<1, 32>>>(i);
  tile<4><<<1, 32>>>(f);
  other<<<1, 32>>>(f);
  return 0;
}
// The clones: the template's, the specializations' as plain functions.
// TEXT: __global__ void __ldcc_g_scale__0(const T *a, T *c, __ldcc::global_info __ldcc_gi)
// TEXT: struct __ldcc_layout_scale__1 {
// TEXT: {{^}}template <> __global__ void scale<float>(const float *a, float *c) {
// TEXT: {{^}}__global__ void __ldcc_g_scale__1(const float *a, float *c, __ldcc::global_info __ldcc_gi)
// TEXT: {{^}}__global__ void {{.*}}__ldcc_scale__1(const float *a, float *c, __ldcc::launch_info __ldcc_li
// TEXT: {{^}}__global__ void __ldcc_g_scale__2(const double *a, double *c, __ldcc::global_info __ldcc_gi)
// TEXT: __global__ void __ldcc_g_update__0(float *x, const float *g, float *norm, __ldcc::global_info __ldcc_gi)
// TEXT: __global__ void __ldcc_g_update__1(float *x, const float *g, __ldcc::global_info __ldcc_gi)
// TEXT: __global__ void __ldcc_g_zero__0(int *p, __ldcc::global_info __ldcc_gi)
// TEXT: __global__ void __ldcc_g_zero__1(int *p, __ldcc::global_info __ldcc_gi)
// The launch in run() may run scale<float> or the template: as written.
// TEXT: scale<<<1, 32, 32 * sizeof(T)>>>(a, c);
// TEXT: __ldcc::launch(&__ldcc_meta_scale__1::meta, (const void *)__ldcc_scale__1,
// TEXT-SAME: __ldcc_scale__1<<<
// TEXT-SAME: scale<float><<<
// TEXT: __ldcc::launch(&__ldcc_meta_scale__0<int>::meta
// TEXT-SAME: __ldcc_g_scale__0<int><<<
// TEXT: plain_fn(&scale<double>)
// TEXT-SAME: __ldcc_g_scale__2<<<
// TEXT: plain_fn(static_cast<void (*)(float *, const float *, float *)>(&update))
// TEXT-SAME: __ldcc_g_update__0<<<
// TEXT: plain_fn(static_cast<void (*)(float *, const float *)>(&update))
// TEXT-SAME: __ldcc_g_update__1<<<
// TEXT: a::__ldcc_g_zero__0<<<
// TEXT: b::__ldcc_g_zero__1<<<
// TEXT: tile<4><<<1, 32>>>(f);
// Registrations, for launches that bypass __ldcc::launch.
// TEXT: __ldcc::registration {{.*}}((const void *)scale<float>,
// TEXT: __ldcc::registration {{.*}}((const void *)scale<double>,
// TEXT: __ldcc::registration {{.*}}((const void *)static_cast<void (*)(float *, const float *, float *)>(&update),
// TEXT: __ldcc::registration {{.*}}((const void *)static_cast<void (*)(float *, const float *)>(&update),
// TEXT: __ldcc::registration {{.*}}((const void *)static_cast<void (*)(int *)>(&a::zero),
// TEXT: __ldcc::registration {{.*}}((const void *)static_cast<void (*)(int *)>(&b::zero),
// TEXT: __ldcc::registration {{.*}}((const void *)other,
