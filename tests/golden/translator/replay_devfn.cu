// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: __device__ functions that contain barriers (shared-replay.md
// section 7).  Each gets a clone per calling kernel with its own sites,
// numbered from the call's site base; the caller's region ends before the
// call and a new one starts after it; stores through the function's
// pointers go through __ldcc::pwr (the pointer may point into the warp's
// copy); `return` goes to the function's exit site.
__device__ void tree(int *s, int *out, int tid) {
  for (int stride = 64; stride > 0; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid != 0)
    return;
  out[0] = s[0];
}

__device__ int value(int *s) {
  __syncthreads();
  return s[0];
}

__device__ void inner() { __syncthreads(); }
__device__ void outer() { inner(); }

__device__ void counts(int *s) {
  atomicAdd(s, 1);
  __syncthreads();
}

__global__ void called(int *out, int n) {
  __shared__ int buf[128];
  int t = threadIdx.x;
  for (int r = 0; r < n; r++) {
    buf[t] = t + r;
    __syncthreads();
    tree(buf, out + r, t);
  }
  if (n > 2)
    tree(buf, out, t);
  out[t] = buf[t];
}

__global__ void valued(int *out) {
  __shared__ int buf[32];
  buf[threadIdx.x] = 1;
  out[0] = value(buf);
}

__global__ void nested(int *out) {
  __shared__ int buf[32];
  buf[threadIdx.x] = 1;
  outer();
  out[0] = buf[0];
}

__global__ void atomic(int *out) {
  __shared__ int buf[32];
  buf[threadIdx.x] = 1;
  counts(buf);
  out[0] = buf[0];
}

__device__ void later(int *s);

__global__ void defined_later(int *out) {
  __shared__ int buf[32];
  buf[threadIdx.x] = 1;
  later(buf);
  out[0] = buf[0];
}

__device__ void later(int *s) { __syncthreads(); }

int main() {
  int *d = 0;
  called<<<1, 128>>>(d, 2);
  valued<<<1, 32>>>(d);
  nested<<<1, 32>>>(d);
  atomic<<<1, 32>>>(d);
  defined_later<<<1, 32>>>(d);
  return 0;
}

// PLAN: KERNEL name=called checked=yes at=35:17
// Since session 35 a value stored elsewhere than in a local (`out[0] =
// value(buf);`) is held in a local of the clone until the store, and a
// device function reaching a barrier through another is cloned with its
// callee's (replay_nested_devfn.cu).
// PLAN: KERNEL name=valued checked=yes at=48:17
// PLAN: KERNEL name=nested checked=yes at=54:17
// counts's atomic goes through its pointer: patomic_add (session 30; it
// was "atomic in a device function with a barrier").
// PLAN: KERNEL name=atomic checked=yes at=61:17
// PLAN: KERNEL name=defined_later checked=yes shared_reason="barrier in device function later defined after the kernel" at=70:17
// PLAN: SITE kernel=called id=0 at=35:17 form=entry
// PLAN-NEXT: SITE kernel=called id=1 at=40:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=called id=2 at=41:5 form=call callee=tree base=4
// PLAN-NEXT: SITE kernel=called id=3 at=44:5 form=call callee=tree base=7
// PLAN-NEXT: SITE kernel=called id=4 at=11:0 form=entry in=tree
// PLAN-NEXT: SITE kernel=called id=5 at=15:5 form=SYNC_PLAIN in=tree
// PLAN-NEXT: SITE kernel=called id=6 at=20:1 form=exit in=tree
// PLAN-NEXT: SITE kernel=called id=7 at=11:0 form=entry in=tree
// PLAN-NEXT: SITE kernel=called id=8 at=15:5 form=SYNC_PLAIN in=tree
// PLAN-NEXT: SITE kernel=called id=9 at=20:1 form=exit in=tree
// PLAN-NEXT: SITE kernel=called id=10 at=46:1 form=exit
// PLAN-NEXT: COPIES kernel=called scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN: SITE kernel=atomic id=0 at=61:17 form=entry
// PLAN-NEXT: SITE kernel=atomic id=1 at=64:3 form=call callee=counts base=2
// PLAN-NEXT: SITE kernel=atomic id=2 at=30:0 form=entry in=counts
// PLAN-NEXT: SITE kernel=atomic id=3 at=32:3 form=SYNC_PLAIN in=counts
// PLAN-NEXT: SITE kernel=atomic id=4 at=33:1 form=exit in=counts
// PLAN-NEXT: SITE kernel=atomic id=5 at=66:1 form=exit
// PLAN-NOT: SITE

// The original function stays; its clone for `called` comes before the
// kernel's clones, with the protocol's state and the site base first.
// CLONE: {{^}}__device__ void tree(int *s, int *out, int tid) {
// CLONE: {{^}}__device__ void __ldcc_called__f_tree(__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state &__ldcc_bs, int __ldcc_sb, int *s, int *out, int tid) {
// CLONE-NEXT: {{^}}  int stride{};
// CLONE: {{^}}  __ldcc_c.start_site = __ldcc_sb;
// CLONE-NEXT: {{^}}__ldcc_L0:;
// CLONE: {{^}}      (*__ldcc::pwr(__ldcc_c, &(s[tid]))) += s[tid + stride];
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, __ldcc_sb + 1, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}      switch (__ldcc_c.start_site - __ldcc_sb) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
// CLONE: {{^}}    __ldcc_c.start_site = __ldcc_sb + 1;
// CLONE: {{^}}    goto __ldcc_exit;
// CLONE: {{^}}  (*__ldcc::pwr(__ldcc_c, &(out[0]))) = s[0];
// CLONE: {{^}}__ldcc_exit:
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, __ldcc_sb + 2, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE-NOT: __ldcc::finish
// CLONE: {{^}}#define __LDCC_CLONE_PLACE __ldcc::PLACE_SHARED
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_called(int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter(); const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0);
// The caller's side: region end before the call (site 2), the call with
// base 4, the snapshot and label after it.
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}  __ldcc_called__f_tree
// CLONE-NEXT: {{^}}#line 41
// CLONE-NEXT: {{^ *}}(__ldcc_c, __ldcc_bs, 4, ((__ldcc_c.rd = 1, __ldcc_p)->buf), out + r, t);
// CLONE: {{^}}    __ldcc_c.start_site = 2;
// CLONE-NEXT: {{^}}  }
// CLONE-NEXT: {{^}}__ldcc_L2:;
// An unbraced `if` body gets braces around the whole.
// CLONE: {{^}}  if (n > 2)
// CLONE-NEXT: {{^}}    { {
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^ *}}(__ldcc_c, __ldcc_bs, 7, ((__ldcc_c.rd = 1, __ldcc_p)->buf), out, t);
// CLONE: {{^}}__ldcc_L3:; __ldcc::its_sync(); }
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 10, 1, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}static const int __ldcc__sites_0[] = {35, 40, 41, 44, 11, 15, 20, 11, 15, 20, 46};
// The function's store counts as a write of the target handed to it.
// CLONE-NEXT: {{^}}static const int __ldcc__wl_0_0[] = {14, 19, 39};
// CLONE: __ldcc__sites_0, 11, __ldcc__launches, 8);

// Deterministic mode (docs/deterministic.md): the kernels' clones take the
// global copies (composed); the device functions' clones do not.
// RUN: %ldcc-translate --deterministic %s > %t.det.cu
// RUN: grep -v '^ *// ' %t.det.cu | FileCheck %s --check-prefix=DET
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -D__LDCC_DETERMINISTIC=1 -c %t.det.cu -o %t.det.o
// DET: __device__ void __ldcc_{{[a-z_]+}}__f_{{[a-z_]+}}(__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state &__ldcc_bs, int __ldcc_sb, {{[^)]*}}) {
// DET-NOT: __ldcc::gcopy
// DET: __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi);
