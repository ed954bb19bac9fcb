// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// A shared tile, a barrier and one launch: the smallest checked kernel.

__global__ void shift(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n)
    out[i] = tile[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  float *a = 0, *b = 0;
  shift<<<4, 256>>>(b, a, 1024);
  return 0;
}

// PLAN: KERNEL name=shift checked=yes at=8:17
// PLAN-NEXT: TARGET kernel=shift space=global name=out at=8:30 written=yes
// PLAN-NEXT: TARGET kernel=shift space=shared name=tile at=9:20 written=yes
// PLAN-NEXT: BARRIER kernel=shift form=__syncthreads at=12:3
// PLAN-NEXT: LAUNCH kernel=shift at=19:3
// PLAN-NEXT: SITE kernel=shift id=0 at=8:17 form=entry
// PLAN-NEXT: SITE kernel=shift id=1 at=12:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shift id=2 at=15:1 form=exit
// PLAN-NEXT: COPIES kernel=shift scratch=lazy
// PLAN-NEXT: PROOF kernel=shift proved=yes bounds=x<=extent(tile,0),y=1,z=1
// PLAN-NEXT: OWN kernel=shift proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1*blockDim.x;1*(blockDim.x-1)+1*blockDim.x*(gridDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/simple_shared.cu"{{$}}

// The original stays, the clone follows it with the user's line numbers.
// CLONE: {{^ *}}struct __ldcc_layout_shift {
// CLONE-NEXT: {{^ *}}float tile[256];
// CLONE: {{^}}#line 8 "{{.*}}simple_shared.cu"
// CLONE-NEXT: {{^ *}}__global__ void shift(float *out, const float *in, int n) {
// CLONE-NEXT: {{^ *}}__shared__ float tile[256];
// CLONE: {{^}}#line 8 "{{.*}}simple_shared.cu"
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_shift(float *out, const float *in, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) {
// CLONE: {{^ *}}(*__ldcc::swr(__ldcc_c, &((__ldcc_p->tile)[threadIdx.x]))) = i < n ? in[i] : 0.0f;
// CLONE: {{^ *}}(*__ldcc::glog(__ldcc_c, &(out[i]))) = (*__ldcc::srd(__ldcc_c, &((__ldcc_p->tile)[(threadIdx.x + 1) % blockDim.x])));
// CLONE: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&shift))>::run(__ldcc__gmeta(0), 0, 4, 256, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_shift::meta, (const void *)__ldcc_shift, (const void *)__ldcc_shift__lb, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_shift__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_shift<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_shift<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else shift<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, b, a, 1024);{{$}}
