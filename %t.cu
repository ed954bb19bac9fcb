#include <ldcc/ldcc.h>
#line 1 "tests/golden/translator/kernel_families.cu"
static const __ldcc::global_meta *__ldcc__gmeta(int);
#line 1 "tests/golden/translator/kernel_families.cu"
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels that share a name: a template kernel with explicit
// specializations, and overloads.  Launches and clones are named by the
// kernel's name, so the clone of one would run for another's launches (or
// the two clones' edits collide, which before made the whole file fail
// with "value out of range" or "overlapping source edits").  They are left
// unchecked with the reason; the file's other kernels are translated.
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
// PLAN: KERNEL name=scale checked=no reason="template kernel with an explicit specialization" at=11:39 template
// PLAN: KERNEL name=scale checked=no reason="template kernel with an explicit specialization" at=18:29

__global__ void update(float *x, const float *g, float *norm) {
  x[threadIdx.x] -= g[threadIdx.x];
  norm[0] = x[0];
}
__global__ void update(float *x, const float *g) {
  x[threadIdx.x] -= g[threadIdx.x];
}
// PLAN: KERNEL name=update checked=no reason="another kernel of the file has its name" at=28:17
// PLAN: KERNEL name=update checked=no reason="another kernel of the file has its name" at=32:17

__global__ void other(float *x) { x[threadIdx.x] = 1.0f; }
#line 38 "tests/golden/translator/kernel_families.cu"
__global__ void __ldcc_g_other(float *x, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, x, 0); (*__ldcc::gput(__ldcc_gi, 0, &(x[threadIdx.x]))) = 1.0f; }
#line 38 "tests/golden/translator/kernel_families.cu"
                                                          
// PLAN: KERNEL name=other checked=yes at=[[@LINE-1]]:17 global=yes

int main() {
  float *f = nullptr;
  int *i = nullptr;
  scale<<<1, 32, 128>>>(f, f);
  scale<<<1, 32, 128>>>(i, i);
  update<<<1, 32>>>(f, f, f);
  update<<<1, 32>>>(f, f);
  __ldcc::launch_as<decltype(__ldcc::plain_fn(&other))>::run(__ldcc__gmeta(0), 0, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_other<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else other<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, f);
  return 0;
}
// The family's launches stay as written; the other kernel's is rewritten.
// TEXT: scale<<<1, 32, 128>>>(f, f);
// TEXT: update<<<1, 32>>>(f, f);
// TEXT: __ldcc::launch

#if __cplusplus >= 201402L
static cudaError_t __ldcc__rl_4(dim3 __ldcc_r__g, dim3 __ldcc_r__b, void **__ldcc_r__a, size_t __ldcc_r__sh, cudaStream_t __ldcc_r__st) {
  return [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&other))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&other))>::run(__ldcc__gmeta(0), 1, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_other<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else other<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, __ldcc_a__p...); }); }((const void *)other, __ldcc_r__g, __ldcc_r__b, __ldcc_r__a, __ldcc_r__sh, __ldcc_r__st);
}
#endif

/* ldcc: metadata of the kernels checked across blocks */
static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {
  static const char __ldcc_file[] = "tests/golden/translator/kernel_families.cu";
  static const char *const __ldcc_n0[] = {"x"};
  static const unsigned char __ldcc_f0[] = {7};
  static const signed char __ldcc_p0[] = {0};
  static const int __ldcc_l0[] = {48, 38};
  static const __ldcc_own_term __ldcc_o0[] = {{1ll, 255, 1, 0, 0, 0}, {1ll, 255, 255, 0, 1, 0}, {1ll, 255, 2, 1, 0, 0}, {1ll, 255, 255, 1, 1, 0}, {1ll, 255, 3, 2, 0, 0}, {1ll, 255, 255, 2, 1, 0}, {1ll, 255, 4, 3, 0, 0}, {1ll, 255, 255, 3, 1, 0}, {1ll, 255, 5, 4, 0, 0}, {1ll, 255, 255, 4, 1, 0}, {1ll, 255, 0, 5, 0, 0}, {0ll, 255, 255, 5, 0, 0}, {2147483648ll, 255, 255, 5, 1, 0}};
  static const __ldcc::global_meta m[] = {
      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "other", __ldcc_file, 38, 0, NULL, 0, 16, NULL, NULL, __ldcc_l0, 2, 0}, 1, __LDCC_GM_OWN, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 0, NULL, 13, __ldcc_o0},
  };
  return &m[__ldcc_i];
}
/* ldcc: the file's kernels, for launches that bypass __ldcc::launch */
#if __cplusplus >= 201402L
static const __ldcc::registration __ldcc__reg_4((const void *)other, __ldcc__rl_4, "other", __LDCC_REG_CHECKED);
#endif
