// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Macros: a kernel defined by a macro and a kernel whose body comes from a
// macro both name shared memory in their expansions, so the translator
// expands them in its text (docs/shared-replay.md, "Shared memory through
// macros"; before session 32 both were left unchecked, "defined inside a
// macro expansion" and "shared variable used inside a macro expansion"),
// and they are checked on the lines of their invocations; a barrier macro
// in an otherwise plain kernel is recorded at its expansion and does not
// stop checking; shared arrays indexed through a macro are fine.
#define SYNC() __syncthreads()
#define IDX(r, c) ((r) * 16 + (c))
#define DEFINE_KERNEL(name)                                                    \
  __global__ void name(int *p) {                                               \
    __shared__ int s[32];                                                      \
    s[threadIdx.x] = 1;                                                        \
    __syncthreads();                                                           \
    p[threadIdx.x] = s[0];                                                     \
  }
#define BODY                                                                   \
  __shared__ float acc[32];                                                    \
  acc[threadIdx.x] = p[threadIdx.x];                                           \
  __syncthreads();                                                             \
  p[threadIdx.x] = acc[31 - threadIdx.x];

DEFINE_KERNEL(from_macro)

__global__ void body_macro(float *p) { BODY }

__global__ void plain(int *p) {
  __shared__ int tile[16 * 16];
  tile[IDX(threadIdx.y, threadIdx.x)] = 1;
  SYNC();
  p[0] = tile[IDX(threadIdx.x, threadIdx.y)];
}

int main() {
  int *p = 0;
  from_macro<<<1, 32>>>(p);
  plain<<<1, dim3(16, 16)>>>(p);
  return 0;
}

// PLAN: KERNEL name=from_macro checked=yes at=29:17 global=yes units=blocks writes=p one_run=p block_warps=1
// PLAN-NEXT: KERNEL name=body_macro checked=yes at=31:17 global=yes units=blocks writes=p block_warps=1
// PLAN-NEXT: KERNEL name=plain checked=yes at=33:17 global=yes units=blocks writes=p one_run=p
// PLAN-NEXT: TARGET kernel=from_macro space=global name=p at=29:36 written=yes
// PLAN-NEXT: TARGET kernel=from_macro space=shared name=s at=29:57 written=yes
// PLAN-NEXT: TARGET kernel=body_macro space=global name=p at=31:35 written=yes
// PLAN-NEXT: TARGET kernel=body_macro space=shared name=acc at=31:57 written=yes
// PLAN-NEXT: TARGET kernel=plain space=global name=p at=33:28 written=yes
// PLAN-NEXT: TARGET kernel=plain space=shared name=tile at=34:18 written=yes
// PLAN-NEXT: BARRIER kernel=from_macro form=__syncthreads at=29:94
// PLAN-NEXT: BARRIER kernel=body_macro form=__syncthreads at=31:116
// PLAN-NEXT: BARRIER kernel=plain form=__syncthreads at=36:3 macro
// PLAN-NEXT: LAUNCH kernel=from_macro at=42:3
// PLAN-NEXT: LAUNCH kernel=plain at=43:3
// PLAN-NEXT: SITE kernel=from_macro id=0 at=29:17 form=entry
// PLAN-NEXT: SITE kernel=from_macro id=1 at=29:94 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=from_macro id=2 at=29:146 form=exit
// PLAN-NEXT: COPIES kernel=from_macro scratch=lazy
// PLAN-NEXT: PROOF kernel=from_macro proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=body_macro id=0 at=31:17 form=entry
// PLAN-NEXT: SITE kernel=body_macro id=1 at=31:116 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=body_macro id=2 at=31:187 form=exit
// PLAN-NEXT: COPIES kernel=body_macro scratch=lazy
// PLAN-NEXT: PROOF kernel=body_macro proved=yes bounds=x<=extent(acc,0),y=1,z=1
// PLAN-NEXT: SITE kernel=plain id=0 at=33:17 form=entry
// PLAN-NEXT: SITE kernel=plain id=1 at=36:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=plain id=2 at=38:1 form=exit
// PLAN-NEXT: COPIES kernel=plain scratch=lazy
// PLAN-NEXT: PROOF kernel=plain proved=no reason="'tile' is written in a region that also uses it at another thread's element (line 35)"
// PLAN-NEXT: ITS kernel=plain checked=no rule="shared memory across threads in a region" reason="warp synchronisation inside a macro expansion"
// PLAN-NEXT: OWN kernel=from_macro proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=body_macro proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=plain proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/macro_kernel.cu"{{$}}

// The expanded kernels get clones too.
// CLONE: __ldcc_from_macro ( int * p , __ldcc::launch_info __ldcc_li
// CLONE: __ldcc_body_macro(float *p, __ldcc::launch_info __ldcc_li
// CLONE: __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_plain(int *p, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0);
// CLONE:  __ldcc::launch_as<decltype(__ldcc::plain_fn(&plain))>::run(__ldcc__gmeta(2), 0, 1, dim3(16, 16), 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_plain::meta, (const void *)__ldcc_plain, (const void *)__ldcc_plain__lb, 1, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_plain__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_plain<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_plain<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else plain<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, p);
