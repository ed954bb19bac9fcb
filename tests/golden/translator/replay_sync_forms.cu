// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: the barriers that return a value, in each supported statement
// shape, and barriers as the unbraced body of if/else/for.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void vote(const int *in, int *out) {
  __shared__ int flag[64];
  cg::thread_block block = cg::this_thread_block();
  int t = threadIdx.x, any;
  flag[t] = in[t] > 0;
  int n = __syncthreads_count(flag[t]);
  if (__syncthreads_or(flag[63 - t]))
    out[t] = n;
  any = __syncthreads_and(n > 0);
  if (t < 32)
    __syncthreads();
  else
    block.sync();
  for (int k = 0; k < 2; k++)
    __syncthreads_count(k);
  cg::sync(block);
  out[t] += any;
}

int main() {
  int *d = 0;
  vote<<<1, 64>>>(d, d);
  return 0;
}


// PLAN: KERNEL name=vote checked=yes at=10:17
// PLAN-NEXT: TARGET kernel=vote space=global name=out at=10:42 written=yes
// PLAN-NEXT: TARGET kernel=vote space=shared name=flag at=11:18 written=yes
// PLAN-NEXT: BARRIER kernel=vote form=__syncthreads_count at=15:11
// PLAN-NEXT: BARRIER kernel=vote form=__syncthreads_or at=16:7
// PLAN-NEXT: BARRIER kernel=vote form=__syncthreads_and at=18:9
// PLAN-NEXT: BARRIER kernel=vote form=__syncthreads at=20:5
// PLAN-NEXT: BARRIER kernel=vote form=cg.sync at=22:5
// PLAN-NEXT: BARRIER kernel=vote form=__syncthreads_count at=24:5
// PLAN-NEXT: BARRIER kernel=vote form=cg::sync at=25:3
// PLAN-NEXT: LAUNCH kernel=vote at=31:3
// PLAN-NEXT: SITE kernel=vote id=0 at=10:17 form=entry
// PLAN-NEXT: SITE kernel=vote id=1 at=15:11 form=SYNC_COUNT
// PLAN-NEXT: SITE kernel=vote id=2 at=16:7 form=SYNC_OR
// PLAN-NEXT: SITE kernel=vote id=3 at=18:9 form=SYNC_AND
// PLAN-NEXT: SITE kernel=vote id=4 at=20:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=vote id=5 at=22:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=vote id=6 at=24:5 form=SYNC_COUNT
// PLAN-NEXT: SITE kernel=vote id=7 at=25:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=vote id=8 at=27:1 form=exit
// PLAN-NEXT: COPIES kernel=vote scratch=whole reason="a call gets a target's address"
// PLAN-NEXT: PROOF kernel=vote proved=no reason="a call gets a target's address"
// PLAN-NEXT: ITS kernel=vote checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=vote id=1 at=14:3 var=flag mode=write
// PLAN-NEXT: ACCESS kernel=vote id=2 at=17:5 var=out mode=write
// PLAN-NEXT: ACCESS kernel=vote id=3 at=26:3 var=out mode=rw
// PLAN-NEXT: WSYNC kernel=vote at=15:11 form=__syncthreads_count
// PLAN-NEXT: WSYNC kernel=vote at=16:7 form=__syncthreads_or
// PLAN-NEXT: WSYNC kernel=vote at=18:9 form=__syncthreads_and
// PLAN-NEXT: WSYNC kernel=vote at=20:5 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=vote at=22:5 form=cg.sync
// PLAN-NEXT: WSYNC kernel=vote at=24:5 form=__syncthreads_count
// PLAN-NEXT: WSYNC kernel=vote at=25:3 form=cg::sync
// PLAN-NEXT: OWN kernel=vote proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}
// The block handle is re-created at the top; the predicate is evaluated
// before the site, the call is replaced by the barrier's result; unbraced
// bodies get braces.
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_vote(const int *in, int *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter(); const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 1);
// CLONE: {{^}}  cg::thread_block block = cg::this_thread_block();
// CLONE-NEXT: {{^}}  int t{};
// CLONE-NEXT: {{^}}  int any{};
// CLONE-NEXT: {{^}}  int n{};
// CLONE-NEXT: {{^}}  int k{};
// CLONE: {{^}}  t = threadIdx.x;
// CLONE-NEXT: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_wo(&((__ldcc_p->flag)[t]), (__ldcc_p->flag), 0u, 1u, __ldcc_c.pass))))) = in[t] > 0;
// CLONE-NEXT: {{^}}  __ldcc_c.pred = ((*__ldcc::srd(__ldcc_c, &((__ldcc_p->flag)[t])))); {
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_COUNT, __ldcc_c.pred)) {
// CLONE: {{^}}__ldcc_L1:; __ldcc::its_sync(); n = __ldcc_c.sync_result
// CLONE: {{^}}  __ldcc_c.pred = ((*__ldcc::srd(__ldcc_c, &((__ldcc_p->flag)[63 - t])))); {
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_OR, __ldcc_c.pred)) {
// CLONE: {{^}}  if (__ldcc_c.sync_result)
// CLONE: {{^}}  __ldcc_c.pred = (n > 0); {
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 0, __ldcc::SYNC_AND, __ldcc_c.pred)) {
// CLONE: {{^}}  any = __ldcc_c.sync_result;
// CLONE-NEXT: {{^}}  if (t < 32)
// CLONE-NEXT: {{^}}    { {
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 4, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}__ldcc_L4:; __ldcc::its_sync(); }
// CLONE: {{^}}  else
// CLONE-NEXT: {{^}}    { {
// CLONE: {{^}}__ldcc_L5:; __ldcc::its_sync(); }
// CLONE: {{^}}  for (k = 0; k < 2; k++)
// CLONE-NEXT: {{^}}    { __ldcc_c.pred = (k); {
// CLONE: {{^}}__ldcc_L6:; __ldcc::its_sync(); (void)__ldcc_c.sync_result
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 7, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 8, 1, __ldcc::SYNC_PLAIN, 0)) {
