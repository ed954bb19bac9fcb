// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Block-wide barriers in every spelling: the builtins, cooperative groups'
// member and free sync.  A warp tile's sync is not a block barrier; it
// makes the kernel warp-synchronous, so it gets the inline intra-warp checks
// (docs/inline-checks.md), and each barrier steps the warp's sync epoch.
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

// PLAN: KERNEL name=forms checked=yes shared_reason="local of a type that cannot be hoisted" at=14:17
// PLAN-NEXT: TARGET kernel=forms space=global name=out at=14:28 written=yes
// PLAN-NEXT: TARGET kernel=forms space=global name=flags at=14:38 written=yes
// PLAN-NEXT: TARGET kernel=forms space=shared name=s at=15:18 written=yes
// PLAN-NEXT: BARRIER kernel=tail form=cg.sync at=12:48
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads at=18:3
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_count at=19:11
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_and at=20:11
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_or at=21:11
// PLAN-NEXT: BARRIER kernel=forms form=cg.sync at=22:3
// PLAN-NEXT: BARRIER kernel=forms form=cg.sync at=23:3
// PLAN-NEXT: BARRIER kernel=forms form=cg::sync at=24:3
// PLAN-NEXT: LAUNCH kernel=forms at=34:3
// PLAN-NEXT: ITS kernel=forms checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=forms id=1 at=17:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=forms id=2 at=19:31 var=s mode=read
// PLAN-NEXT: ACCESS kernel=forms id=3 at=28:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=forms id=4 at=28:22 var=s mode=read
// PLAN-NEXT: ACCESS kernel=forms id=5 at=29:3 var=flags mode=write
// PLAN-NEXT: WSYNC kernel=forms at=18:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=forms at=19:11 form=__syncthreads_count
// PLAN-NEXT: WSYNC kernel=forms at=20:11 form=__syncthreads_and
// PLAN-NEXT: WSYNC kernel=forms at=21:11 form=__syncthreads_or
// PLAN-NEXT: WSYNC kernel=forms at=22:3 form=cg.sync
// PLAN-NEXT: WSYNC kernel=forms at=23:3 form=cg.sync
// PLAN-NEXT: WSYNC kernel=forms at=24:3 form=cg::sync
// PLAN-NEXT: WSYNC kernel=forms at=26:3 form=sync
// PLAN-NEXT: WSYNC kernel=forms at=27:3 form=tail
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/coop_groups.cu"{{$}}
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
// TEXT: {{^}}  __ldcc::its_arm(), forms<<<1, 128>>>(o, o);
// TEXT: {{^}}static const __ldcc_kernel_meta *const __ldcc_its_metas[] = {&__ldcc_its_meta_0, };
