// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// A templated reduction: block size as a template parameter, a second
// array sized by a macro, two instantiations and an explicit one.  The
// template is reported once.
#define WARPS 8

template <typename T, int BLOCK>
__global__ void reduce(T *out, const T *in, int n) {
  __shared__ T partial[BLOCK];
  __shared__ T per_warp[WARPS];
  unsigned tid = threadIdx.x;
  T v = tid < n ? in[tid] : T(0);
  partial[tid] = v;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid % 32 == 0)
    per_warp[tid / 32] = partial[0];
  __syncthreads();
  if (tid == 0)
    *out = per_warp[0];
}

template __global__ void reduce<double, 64>(double *, const double *, int);

int main() {
  float *f = 0;
  int *k = 0;
  reduce<float, 256><<<1, 256>>>(f, f, 256);
  reduce<int, 128><<<1, 128, 0>>>(k, k, 128);
  return 0;
}

// PLAN: KERNEL name=reduce checked=yes at=12:17 template
// PLAN-NEXT: TARGET kernel=reduce space=global name=out at=12:27 written=yes
// PLAN-NEXT: TARGET kernel=reduce space=shared name=partial at=13:16 written=yes
// PLAN-NEXT: TARGET kernel=reduce space=shared name=per_warp at=14:16 written=yes
// PLAN-NEXT: BARRIER kernel=reduce form=__syncthreads at=18:3
// PLAN-NEXT: BARRIER kernel=reduce form=__syncthreads at=22:5
// PLAN-NEXT: BARRIER kernel=reduce form=__syncthreads at=26:3
// PLAN-NEXT: LAUNCH kernel=reduce at=36:3
// PLAN-NEXT: LAUNCH kernel=reduce at=37:3
// PLAN-NEXT: SITE kernel=reduce id=0 at=12:17 form=entry
// PLAN-NEXT: SITE kernel=reduce id=1 at=18:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=reduce id=2 at=22:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=reduce id=3 at=26:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=reduce id=4 at=29:1 form=exit
// PLAN-NEXT: COPIES kernel=reduce scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=reduce proved=no reason="'partial' is used other than element by element (line 21)"
// PLAN-NEXT: OWN kernel=reduce proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/template_reduce.cu"{{$}}

// CLONE: {{^ *}}template <typename T, int BLOCK>
// CLONE-NEXT: {{^ *}}struct __ldcc_layout_reduce {
// CLONE-NEXT: {{^ *}}T partial[BLOCK];
// CLONE-NEXT: {{^ *}}T per_warp[WARPS];
// CLONE: __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_reduce(T *out, const T *in, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 1);
// CLONE-NEXT: {{^ *}}typedef __ldcc_layout_reduce<T, BLOCK> __ldcc_L;
// CLONE: {{^ *}}for (s = BLOCK / 2; s > 0; s >>= 1) {
// CLONE: {{^ *}}(*__ldcc::glog(__ldcc_c, &(*out))) = ((__ldcc_c.rd = 1, __ldcc_p)->per_warp)[0];
// CLONE: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&reduce<float, 256>))>::run(__ldcc__gmeta(0), 0, 1, 256, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_reduce<float, 256>::meta, (const void *)__ldcc_reduce<float, 256>, (const void *)__ldcc_reduce__lb<float, 256>, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_reduce__lb<float, 256><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_reduce<float, 256><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_reduce<float, 256><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else reduce<float, 256><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, f, f, 256);{{$}}
// CLONE: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&reduce<int, 128>))>::run(__ldcc__gmeta(0), 1, 1, 128, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_reduce<int, 128>::meta, (const void *)__ldcc_reduce<int, 128>, (const void *)__ldcc_reduce__lb<int, 128>, 1, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_reduce__lb<int, 128><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_reduce<int, 128><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_reduce<int, 128><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else reduce<int, 128><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, k, k, 128);{{$}}
// CLONE: {{^ *}}template <typename T, int BLOCK>
// CLONE-NEXT: {{^ *}}const __ldcc::target_meta __ldcc_meta_reduce<T, BLOCK>::targets[2] = {
