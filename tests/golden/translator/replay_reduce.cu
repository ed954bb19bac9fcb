// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: a templated reduction missing its loop barrier; one site, loop
// variable hoisted, global store logged; only tid is live at the barrier.
template <int BLOCK>
__global__ void block_sum(const int *in, int *out, int n) {
  __shared__ int partial[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

int main() {
  int *d = 0;
  const int block = 256;
  block_sum<block><<<4, block>>>(d, d + 1024, 1024);
  return 0;
}


// PLAN: KERNEL name=block_sum checked=yes at=8:17 template
// PLAN-NEXT: TARGET kernel=block_sum space=global name=out at=8:47 written=yes
// PLAN-NEXT: TARGET kernel=block_sum space=shared name=partial at=9:18 written=yes
// PLAN-NEXT: BARRIER kernel=block_sum form=__syncthreads at=13:3
// PLAN-NEXT: LAUNCH kernel=block_sum at=25:3
// PLAN-NEXT: SITE kernel=block_sum id=0 at=8:17 form=entry
// PLAN-NEXT: SITE kernel=block_sum id=1 at=13:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=block_sum id=2 at=20:1 form=exit
// PLAN-NEXT: COPIES kernel=block_sum scratch=lazy
// PLAN-NEXT: PROOF kernel=block_sum proved=no reason="'partial' is written in a region that also uses it at another thread's element (line 16)"
// PLAN-NEXT: OWN kernel=block_sum proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}
// The layout keeps the template head; the clone follows the original with
// its own #line; the loop variable is hoisted; the site jumps back.
// CLONE: {{^}}template <int BLOCK>
// CLONE-NEXT: {{^}}struct __ldcc_layout_block_sum {
// CLONE-NEXT: {{^}}  int partial[BLOCK];
// CLONE-NEXT: {{^}}};
// CLONE: {{^}}#line 7 "{{.*}}replay_reduce.cu"
// CLONE-NEXT: {{^}}template <int BLOCK>
// CLONE-NEXT: {{^}}__global__ void block_sum(const int *in, int *out, int n) {
// CLONE: {{^}}#define __LDCC_CLONE_PLACE __ldcc::PLACE_SHARED
// CLONE-NEXT: {{^}}#line 7 "{{.*}}replay_reduce.cu"
// CLONE-NEXT: {{^}}template <int BLOCK>
// CLONE-NEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_block_sum(const int *in, int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 1);
// CLONE-NEXT: {{^}}  typedef __ldcc_layout_block_sum<BLOCK> __ldcc_L;
// CLONE-NEXT: {{^}}  __shared__ __ldcc::block_state __ldcc_bs;
// CLONE-NEXT: {{^}}  __ldcc::thread_ctx __ldcc_c;
// CLONE-NEXT: {{^}}  __ldcc::undo_log __ldcc_ul;
// CLONE-NEXT: {{^}}  int tid{};
// CLONE-NEXT: {{^}}  int i{};
// CLONE-NEXT: {{^}}  int stride{};
// CLONE-NEXT: {{^}}  decltype(tid) __ldcc_s3; decltype(tid) __ldcc_e3;
// CLONE-NOT: decltype(i) __ldcc_s
// CLONE-NOT: decltype(stride) __ldcc_s
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE | __ldcc::COPIES_LAZY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
// CLONE-NEXT: {{^}}  __ldcc_c.gown = __ldcc_gi.owner;
// CLONE-NEXT: {{^}}  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
// CLONE-NEXT: {{^}}  __ldcc_s3 = tid;{{ *$}}
// CLONE-NEXT: {{^}}  __ldcc_c.start_site = 0;
// CLONE-NEXT: {{^}}__ldcc_L0:;
// CLONE: {{^}}  tid = threadIdx.x;
// CLONE: {{^}}  (*__ldcc::swr(__ldcc_c, &((__ldcc_p->partial)[tid]))) = i < n ? in[i] : 0;
// CLONE-NEXT: {{^}}  {
// CLONE-NEXT: {{^}}    if (__ldcc_c.pass == 1) { __ldcc_e3 = tid; } else
// CLONE-NEXT: {{^}}      __ldcc_c.local_diff = __ldcc::differs(tid, __ldcc_e3);
// CLONE-NEXT: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE-NEXT: {{^}}      tid = __ldcc_s3;{{ *$}}
// CLONE-NEXT: {{^}}      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
// CLONE-NEXT: {{^}}    }
// CLONE-NEXT: {{^}}    __ldcc_s3 = tid;{{ *$}}
// CLONE-NEXT: {{^}}    __ldcc_c.start_site = 1;
// CLONE-NEXT: {{^}}  }
// CLONE-NEXT: {{^}}__ldcc_L1:;
// CLONE-NEXT: {{^}}#line 13 "{{.*}}replay_reduce.cu"
// CLONE: {{^}}  for (stride = BLOCK / 2; stride > 0; stride /= 2) {
// CLONE: {{^}}    (*__ldcc::glog(__ldcc_c, &(out[blockIdx.x]))) = (*__ldcc::srd(__ldcc_c, &((__ldcc_p->partial)[0])));
// CLONE: {{^}}  goto __ldcc_exit;
// CLONE-NEXT: {{^}}__ldcc_exit:
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}    __ldcc::finish(__ldcc_c, __ldcc_bs);
// CLONE: {{^}}#line 20 "{{.*}}replay_reduce.cu"
// CLONE-NEXT: {{^}}}
// The second clone: the same text, named __ldcc_block_sum__lb and bounded to
// 1024 threads (the attribute after the template head and return type); the
// first runs with its copies in shared memory only, the second with either.
// CLONE-NEXT: {{^}}#undef __LDCC_CLONE_PLACE
// CLONE-NEXT: {{^}}#define __LDCC_CLONE_PLACE __ldcc::PLACE_ANY
// CLONE-NEXT: {{^}}#line 7 "{{.*}}replay_reduce.cu"
// CLONE-NEXT: {{^}}template <int BLOCK>
// CLONE-NEXT: {{^}}__global__ void __launch_bounds__(1024) __ldcc_block_sum__lb(const int *in, int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 1);
// CLONE-NEXT: {{^}}  typedef __ldcc_layout_block_sum<BLOCK> __ldcc_L;
// CLONE: {{^}}    __ldcc::finish(__ldcc_c, __ldcc_bs);
// CLONE: {{^}}#line 20 "{{.*}}replay_reduce.cu"
// CLONE-NEXT: {{^}}}
// The launch: template arguments kept, both clones' addresses, launch id 0,
// the checked lambda picks a clone by __ldcc_l__big (one branch runs, so the
// arguments are evaluated once), then the original's lambda.
// CLONE: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&block_sum<block>))>::run(__ldcc__gmeta(0), 0, 4, block, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_block_sum<block>::meta, (const void *)__ldcc_block_sum<block>, (const void *)__ldcc_block_sum__lb<block>, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_block_sum__lb<block><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_block_sum<block><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_block_sum<block><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else block_sum<block><<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, d, d + 1024, 1024);{{$}}
// The metadata after the last line.
// CLONE: {{^}}static const int __ldcc__launches[] = {25};
// CLONE-NEXT: {{^}}static const int __ldcc__sites_0[] = {8, 13, 20};
// CLONE-NEXT: {{^}}static const int __ldcc__wl_0_0[] = {12, 16};
// CLONE-NEXT: {{^}}template <int BLOCK>
// CLONE-NEXT: {{^}}const __ldcc::target_meta __ldcc_meta_block_sum<BLOCK>::targets[1] = {
// CLONE-NEXT: {{^}}  __ldcc::target<decltype(__ldcc_layout_block_sum<BLOCK>::partial)>("partial", __builtin_offsetof(__ldcc_layout_block_sum<BLOCK>, partial), __ldcc__wl_0_0, 2),
// CLONE-NEXT: {{^}}};
// CLONE-NEXT: {{^}}template <int BLOCK>
// CLONE-NEXT: {{^}}const __ldcc::kernel_meta __ldcc_meta_block_sum<BLOCK>::meta = __ldcc::kernel<__ldcc_layout_block_sum<BLOCK>, __ldcc_meta_block_sum<BLOCK>>(
// CLONE-NEXT: {{^}}    "block_sum", __ldcc__file, 8, __ldcc_meta_block_sum<BLOCK>::targets, 1, __ldcc__sites_0, 3, __ldcc__launches, 1);
