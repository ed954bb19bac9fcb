// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Block-wide barriers in every spelling: the builtins, cooperative groups'
// member and free sync.  A warp tile's sync is not a block barrier; it
// makes the kernel warp-synchronous, so it gets the inline intra-warp checks
// (docs/inline-checks.md), and each barrier steps the warp's sync epoch.
// Since session 16 the tile is hoisted in the replay clone like the block
// handle it is made from, so the kernel has the replay and the check
// across blocks too (it used to be "local of a type that cannot be
// hoisted", and `cg::this_thread_block().sync()` kept it from the check
// across blocks: a function's address counted as a pointer written
// through).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void tail(cg::thread_block block) { block.sync(); }

__global__ void forms(int *out, int *flags) {
  __shared__ int s[128];
  cg::thread_block block = cg::this_thread_block();
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int c = __syncthreads_count(s[threadIdx.x] & 1);
  int a = __syncthreads_and(c > 0);
  int o = __syncthreads_or(a);
  block.sync();
  cg::this_thread_block().sync();
  cg::sync(block);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  warp.sync();
  tail(block);
  out[threadIdx.x] = s[127 - threadIdx.x] + o;
  flags[0] = warp.thread_rank();
}

int main() {
  int *o = 0;
  forms<<<1, 128>>>(o, o);
  return 0;
}

// PLAN: KERNEL name=forms checked=yes at=20:17 global=yes units=blocks writes=out,flags one_run=out,flags
// PLAN-NEXT: TARGET kernel=forms space=global name=out at=20:28 written=yes
// PLAN-NEXT: TARGET kernel=forms space=global name=flags at=20:38 written=yes
// PLAN-NEXT: TARGET kernel=forms space=shared name=s at=21:18 written=yes
// PLAN-NEXT: BARRIER kernel=tail form=cg.sync at=18:48
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads at=24:3
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_count at=25:11
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_and at=26:11
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_or at=27:11
// PLAN-NEXT: BARRIER kernel=forms form=cg.sync at=28:3
// PLAN-NEXT: BARRIER kernel=forms form=cg.sync at=29:3
// PLAN-NEXT: BARRIER kernel=forms form=cg::sync at=30:3
// PLAN-NEXT: LAUNCH kernel=forms at=40:3
// PLAN-NEXT: SITE kernel=forms id=0 at=20:17 form=entry
// PLAN-NEXT: SITE kernel=forms id=1 at=24:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=forms id=2 at=25:11 form=SYNC_COUNT
// PLAN-NEXT: SITE kernel=forms id=3 at=26:11 form=SYNC_AND
// PLAN-NEXT: SITE kernel=forms id=4 at=27:11 form=SYNC_OR
// PLAN-NEXT: SITE kernel=forms id=5 at=28:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=forms id=6 at=29:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=forms id=7 at=30:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=forms id=8 at=33:3 form=call callee=tail base=9
// PLAN-NEXT: SITE kernel=forms id=9 at=18:0 form=entry in=tail
// PLAN-NEXT: SITE kernel=forms id=10 at=18:48 form=SYNC_PLAIN in=tail
// PLAN-NEXT: SITE kernel=forms id=11 at=18:62 form=exit in=tail
// PLAN-NEXT: SITE kernel=forms id=12 at=36:1 form=exit
// PLAN-NEXT: COPIES kernel=forms scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=forms proved=no reason="the barrier at line 33 is under a condition or is a call"
// PLAN-NEXT: ITS kernel=forms checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=forms id=1 at=23:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=forms id=2 at=25:31 var=s mode=read
// PLAN-NEXT: ACCESS kernel=forms id=3 at=34:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=forms id=4 at=34:22 var=s mode=read
// PLAN-NEXT: ACCESS kernel=forms id=5 at=35:3 var=flags mode=write
// PLAN-NEXT: WSYNC kernel=forms at=24:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=forms at=25:11 form=__syncthreads_count
// PLAN-NEXT: WSYNC kernel=forms at=26:11 form=__syncthreads_and
// PLAN-NEXT: WSYNC kernel=forms at=27:11 form=__syncthreads_or
// PLAN-NEXT: WSYNC kernel=forms at=28:3 form=cg.sync
// PLAN-NEXT: WSYNC kernel=forms at=29:3 form=cg.sync
// PLAN-NEXT: WSYNC kernel=forms at=30:3 form=cg::sync
// PLAN-NEXT: WSYNC kernel=forms at=32:3 form=sync
// PLAN-NEXT: WSYNC kernel=forms at=33:3 form=tail
// PLAN-NEXT: OWN kernel=forms proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/coop_groups.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);
// TEXT-NEXT: {{^}}#include <ldcc/its.cuh>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/coop_groups.cu"{{$}}
// TEXT: {{^}}__global__ void forms(int *out, int *flags) { __ldcc::its_enter();
// TEXT: {{^}}  cg::thread_block block = cg::this_thread_block();
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(s[threadIdx.x]), s, 0u, 1u)) = threadIdx.x;
// TEXT-NEXT: {{^}}  (__syncthreads(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  int c = __ldcc::its_after(__syncthreads_count((*__ldcc::its_r(&(s[threadIdx.x]), s, 0u, 2u)) & 1));
// TEXT-NEXT: {{^}}  int a = __ldcc::its_after(__syncthreads_and(c > 0));
// TEXT-NEXT: {{^}}  int o = __ldcc::its_after(__syncthreads_or(a));
// TEXT-NEXT: {{^}}  (block.sync(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  (cg::this_thread_block().sync(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  (cg::sync(block), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
// TEXT-NEXT: {{^}}  (warp.sync(), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  (tail(block), __ldcc::its_sync());
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(out[threadIdx.x]), out, 0u, 3u)) = (*__ldcc::its_r(&(s[127 - threadIdx.x]), s, 0u, 4u)) + o;
// TEXT-NEXT: {{^}}  (*__ldcc::its_w(&(flags[0]), flags, 0u, 5u)) = warp.thread_rank();
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_forms(int *out, int *flags, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter();
// TEXT: {{^}}  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
// TEXT: {{^}}  __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&forms))>::run(
// TEXT: {{^}}static const __ldcc_kernel_meta *const __ldcc_its_metas[] = {&__ldcc_its_meta_0, };
