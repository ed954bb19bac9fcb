// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// The check across blocks clones its kernels and rewrites their launches.
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Every launch form in the main file: <<<>>> with 2, 3 and 4 configuration
// arguments, a namespaced kernel, a template; cudaLaunchKernel of a kernel
// (rewritten too) with and without casts, 4 to 6 arguments, in expressions;
// a cudaLaunchKernel of something not known to be a kernel is not a launch.
#include <cuda_runtime.h>

namespace ns {
__global__ void inner(int *p) { p[0] = 1; }
}

template <int N> __global__ void fill(int *p) { p[threadIdx.x] = N; }

__global__ void k(int *p) { p[1] = 2; }

int main() {
  int *p = 0;
  cudaStream_t st = 0;
  void *args[] = {&p};
  void *fp = (void *)k;
  k<<<1, 1>>>(p);
  k<<<dim3(1), dim3(2), 0>>>(p);
  ns::inner<<<1, 1, 0, st>>>(p);
  fill<4><<<1, 4>>>(p);
  cudaLaunchKernel((void *)k, dim3(1), dim3(1), args, 0, st);
  cudaLaunchKernel(fill<8>, dim3(1), dim3(8), args, 0, st);
  cudaLaunchKernel(fp, dim3(1), dim3(1), args, 0, st);
  cudaLaunchKernel(ns::inner, 1, 1, args);
  cudaError_t e = cudaLaunchKernel(reinterpret_cast<const void *>(&k), 1, 2, args, 0);
  if (cudaLaunchKernel(&fill<2>, dim3(1), dim3(2), args, 0, st) != cudaSuccess)
    return 1;
  return e;
}

// PLAN: KERNEL name=inner checked=yes at=13:17 global=yes units=warps writes=p
// PLAN-NEXT: KERNEL name=fill checked=yes at=16:34 template global=yes units=warps writes=p
// PLAN-NEXT: KERNEL name=k checked=yes at=18:17 global=yes units=warps writes=p
// PLAN-NEXT: TARGET kernel=inner space=global name=p at=13:28 written=yes
// PLAN-NEXT: TARGET kernel=fill space=global name=p at=16:44 written=yes
// PLAN-NEXT: TARGET kernel=k space=global name=p at=18:24 written=yes
// PLAN-NEXT: LAUNCH kernel=k at=25:3
// PLAN-NEXT: LAUNCH kernel=k at=26:3
// PLAN-NEXT: LAUNCH kernel=inner at=27:7
// PLAN-NEXT: LAUNCH kernel=fill at=28:3
// PLAN-NEXT: LAUNCH kernel=k at=29:3 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=fill at=30:3 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=inner at=32:3 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=k at=33:19 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=fill at=34:7 cudaLaunchKernel
// PLAN-NEXT: OWN kernel=inner proved=yes conds="1*(blockDim.x-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NEXT: OWN kernel=fill proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=k proved=yes conds="1*(blockDim.x-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/launches.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_inner(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[0]), 13) = 1; }{{$}}
// TEXT: {{^}}template <int N> __global__ void __ldcc_g_fill(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[threadIdx.x]), 16) = N; }{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_k(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[1]), 18) = 2; }{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&k))>::run(__ldcc__gmeta(2), 0, 1, 1, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&k))>::run(__ldcc__gmeta(2), 1, dim3(1), dim3(2), 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&ns::inner))>::run(__ldcc__gmeta(0), 0, 1, 1, 0, st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) ns::__ldcc_g_inner<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else ns::inner<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill<4>))>::run(__ldcc__gmeta(1), 0, 1, 4, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_fill<4><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else fill<4><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);{{$}}
// TEXT-NEXT: {{^}}  [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&k))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&k))>::run(__ldcc__gmeta(2), 2, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, __ldcc_a__p...); }); }((void *)k, dim3(1), dim3(1), args, 0, st);{{$}}
// TEXT-NEXT: {{^}}  [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&fill<8>))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill<8>))>::run(__ldcc__gmeta(1), 1, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_fill<8><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else fill<8><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, __ldcc_a__p...); }); }(fill<8>, dim3(1), dim3(8), args, 0, st);{{$}}
// TEXT-NEXT: {{^}}  cudaLaunchKernel(fp, dim3(1), dim3(1), args, 0, st);{{$}}
// TEXT-NEXT: {{^}}  [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&ns::inner))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&ns::inner))>::run(__ldcc__gmeta(0), 1, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) ns::__ldcc_g_inner<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else ns::inner<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, __ldcc_a__p...); }); }(ns::inner, 1, 1, args, 0, 0);{{$}}
// TEXT-NEXT: {{^}}  cudaError_t e = [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&k))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&k))>::run(__ldcc__gmeta(2), 3, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else k<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, __ldcc_a__p...); }); }(reinterpret_cast<const void *>(&k), 1, 2, args, 0, 0);{{$}}
// TEXT-NEXT: {{^}}  if ([&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&fill<2>))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill<2>))>::run(__ldcc__gmeta(1), 2, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_fill<2><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else fill<2><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, __ldcc_a__p...); }); }(&fill<2>, dim3(1), dim3(2), args, 0, st) != cudaSuccess){{$}}
// TEXT-NEXT: {{^}}    return 1;{{$}}
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}  static const int __ldcc_l0[] = {27, 32, 13};{{$}}
// TEXT: {{^}}  static const int __ldcc_l1[] = {28, 30, 34};{{$}}
// TEXT: {{^}}  static const int __ldcc_l2[] = {25, 26, 29, 33, 18};{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "inner", __ldcc_file, 13, 0, NULL, 0, 16, NULL, NULL, __ldcc_l0, 3, 0}, 1, __LDCC_GM_OWN, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 0, NULL, 12, __ldcc_o0},{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "fill", __ldcc_file, 16, 0, NULL, 0, 16, NULL, NULL, __ldcc_l1, 3, 0}, 1, __LDCC_GM_OWN, __ldcc_n1, __ldcc_f1, __ldcc_p1, NULL, 0, NULL, 13, __ldcc_o1},{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "k", __ldcc_file, 18, 0, NULL, 0, 16, NULL, NULL, __ldcc_l2, 5, 0}, 1, __LDCC_GM_OWN, __ldcc_n2, __ldcc_f2, __ldcc_p2, NULL, 0, NULL, 12, __ldcc_o2},{{$}}
// Both kernels are registered (the namespaced one by its qualified name;
// before session 33 a `namespace` before a kernel left it unregistered, so
// `cudaLaunchKernel(fp, ...)` above ran k unchecked); each registration's
// launcher adds its kernel's definition line to its launch lines.
// TEXT: {{^}}static const __ldcc::registration __ldcc__reg_0((const void *)ns::inner, __ldcc__rl_0, "inner", __LDCC_REG_CHECKED);{{$}}
// TEXT: {{^}}static const __ldcc::registration __ldcc__reg_2((const void *)k, __ldcc__rl_2, "k", __LDCC_REG_CHECKED);{{$}}
