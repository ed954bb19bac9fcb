// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: tail -n +3 %t.cu | diff - %s
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Block-wide barriers in every spelling: the builtins, cooperative groups'
// member and free sync.  A warp tile's sync is not a block barrier.
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

// PLAN: KERNEL name=forms checked=no reason="local of a type that cannot be hoisted" at=13:17
// PLAN-NEXT: TARGET kernel=forms space=global name=out at=13:28 written=yes
// PLAN-NEXT: TARGET kernel=forms space=global name=flags at=13:38 written=yes
// PLAN-NEXT: TARGET kernel=forms space=shared name=s at=14:18 written=yes
// PLAN-NEXT: BARRIER kernel=tail form=cg.sync at=11:48
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads at=17:3
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_count at=18:11
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_and at=19:11
// PLAN-NEXT: BARRIER kernel=forms form=__syncthreads_or at=20:11
// PLAN-NEXT: BARRIER kernel=forms form=cg.sync at=21:3
// PLAN-NEXT: BARRIER kernel=forms form=cg.sync at=22:3
// PLAN-NEXT: BARRIER kernel=forms form=cg::sync at=23:3
// PLAN-NEXT: LAUNCH kernel=forms at=33:3
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/coop_groups.cu"{{$}}
