// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Shared variables declared in device functions (issue 24): each joins the
// layout of every kernel that reaches it, one member whatever the number of
// calls (CUDA gives it one block-wide instance), and the function's clone,
// a template on the layout, names the warp's copy.  A block reduce that
// returns its value with barriers inside (called twice, for a declaration
// and an assignment), a helper without a barrier reached directly and
// through another function, a template kernel; what stays unchecked.
__device__ float block_sum(float v) {
  static __shared__ float part[256];
  part[threadIdx.x] = v;
  __syncthreads();
  float total = 0.0f;
  for (int w = 0; w < blockDim.x; w++)
    total += part[w];
  __syncthreads();
  return total;
}

__device__ int counter_get(int i) {
  __shared__ int hits[32];
  hits[i % 32] = i;
  return hits[(i + 1) % 32];
}

__device__ int twice(int i) { return counter_get(i) + counter_get(i + 1); }

__device__ void stage(float *out, float v) {
  __shared__ float buf[256];
  buf[threadIdx.x] = v;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[255 - threadIdx.x];
}

__global__ void sums(const float *in, float *out) {
  float s = block_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  float t;
  t = block_sum(s);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s + t;
}

__global__ void counts(int *out) {
  out[threadIdx.x] = twice(threadIdx.x) + counter_get(2);
}

template <int N> __global__ void staged(const float *in, float *out) {
  __shared__ float own[N];
  own[threadIdx.x % N] = in[threadIdx.x];
  stage(out, own[(threadIdx.x + 1) % N]);
}

__global__ void in_expression(float *out) {
  out[threadIdx.x] = block_sum(1.0f);
}

int main() {
  float *f = 0;
  int *i = 0;
  sums<<<1, 256>>>(f, f);
  counts<<<1, 32>>>(i);
  staged<64><<<1, 256>>>(f, f);
  in_expression<<<1, 256>>>(f);
  return 0;
}

// PLAN: KERNEL name=sums checked=yes at=38:17
// PLAN-NEXT: KERNEL name=counts checked=yes at=46:17
// PLAN-NEXT: KERNEL name=staged checked=yes at=50:34
// A result stored to global memory: held in a local of the clone, stored
// in the caller's next region (session 35; it was refused).
// PLAN-NEXT: KERNEL name=in_expression checked=yes at=56:17
// PLAN: TARGET kernel=sums space=shared name=part at=13:27 written=yes
// PLAN: TARGET kernel=counts space=shared name=hits at=24:18 written=yes
// Each call is a site of the caller and a block of the callee's sites.
// PLAN: SITE kernel=sums id=0 at=38:17 form=entry
// PLAN-NEXT: SITE kernel=sums id=1 at=39:13 form=call callee=block_sum base=3
// PLAN-NEXT: SITE kernel=sums id=2 at=41:7 form=call callee=block_sum base=7
// PLAN-NEXT: SITE kernel=sums id=3 at=12:0 form=entry in=block_sum
// PLAN-NEXT: SITE kernel=sums id=4 at=15:3 form=SYNC_PLAIN in=block_sum
// PLAN-NEXT: SITE kernel=sums id=5 at=19:3 form=SYNC_PLAIN in=block_sum
// PLAN-NEXT: SITE kernel=sums id=6 at=21:1 form=exit in=block_sum
// PLAN-NEXT: SITE kernel=sums id=7 at=12:0 form=entry in=block_sum
// PLAN: SITE kernel=sums id=11 at=44:1 form=exit
// PLAN-NEXT: COPIES kernel=sums scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=sums proved=no reason="a device function it calls uses a target"
// No barrier in the callees: no sites but entry and exit.
// PLAN: SITE kernel=counts id=0 at=46:17 form=entry
// PLAN-NEXT: SITE kernel=counts id=1 at=48:1 form=exit
// PLAN: PROOF kernel=counts proved=no reason="a device function it calls uses a target"
// PLAN: PROOF kernel=staged proved=no reason="a device function it calls uses a target"

// TEXT: {{^}}#include <ldcc/ldcc.h>
// The layouts hold the functions' variables.
// TEXT: {{^}}struct __ldcc_layout_sums {{{$}}
// TEXT-NEXT: {{^}}  float part[256];{{$}}
// TEXT-NEXT: {{^}}};{{$}}
// The value-returning clone keeps its value in __ldcc_ret, compares it
// between the passes at its exit and returns it after.
// TEXT: {{^}}template <class __ldcc_L> __device__ float __ldcc_sums__f_block_sum(__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state &__ldcc_bs, int __ldcc_sb, float v) {{{$}}
// TEXT-NEXT: {{^}}  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p;{{$}}
// TEXT: {{^}}  float __ldcc_ret{}; decltype(__ldcc_ret) __ldcc_eret;{{$}}
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &((__ldcc_p->part)[threadIdx.x]))) = v;{{$}}
// TEXT: {{^}}    total += (*__ldcc::srd(__ldcc_c, &((__ldcc_p->part)[w])));{{$}}
// TEXT: {{^}}  { __ldcc_ret = ( total); goto __ldcc_exit; }{{$}}
// TEXT: {{^}}    if (__ldcc_c.pass == 1) { __ldcc_eret = __ldcc_ret; } else{{$}}
// TEXT-NEXT: {{^}}      __ldcc_c.local_diff = __ldcc::differs(__ldcc_ret, __ldcc_eret);{{$}}
// TEXT: {{^}}  return __ldcc_ret;{{$}}
// The kernel names no member itself: no __ldcc_p of its own.
// TEXT: __ldcc_sums(const float *in, float *out, __ldcc::launch_info __ldcc_li
// TEXT-NOT: __ldcc_L *__ldcc_p
// The caller's region ends before the call; the declaration is hoisted,
// its value set by the call before the snapshot of the next region.
// TEXT: {{^}}  s = __ldcc_sums__f_block_sum<__ldcc_L>{{$}}
// TEXT-NEXT: {{^}}#line 39
// TEXT-NEXT: {{^ *}}(__ldcc_c, __ldcc_bs, 3, in[blockIdx.x * blockDim.x + threadIdx.x]);{{$}}
// TEXT-NEXT: {{^}}  {{{$}}
// TEXT-NEXT: {{^}}    __ldcc_s2 = s; __ldcc_s3 = t; {{$}}
// TEXT-NEXT: {{^}}    __ldcc_c.start_site = 1;{{$}}
// TEXT: {{^}}  t = __ldcc_sums__f_block_sum<__ldcc_L>(__ldcc_c, __ldcc_bs, 7, s);{{$}}
// The helper reached through another function: both cloned, the deeper
// one first; `hits` is one member.
// TEXT: {{^}}struct __ldcc_layout_counts {{{$}}
// TEXT-NEXT: {{^}}  int hits[32];{{$}}
// TEXT-NEXT: {{^}}};{{$}}
// TEXT: {{^}}template <class __ldcc_L> __device__ int __ldcc_counts__f_counter_get(__ldcc::thread_ctx &__ldcc_c, int i) { __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p;{{$}}
// TEXT: {{^}}template <class __ldcc_L> __device__ int __ldcc_counts__f_twice(__ldcc::thread_ctx &__ldcc_c, int i) { __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p; return __ldcc_counts__f_counter_get<__ldcc_L>(__ldcc_c, i) + __ldcc_counts__f_counter_get<__ldcc_L>(__ldcc_c, i + 1); }{{$}}
// TEXT: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(out[threadIdx.x]), out, 1u, 1u, __ldcc_c.pass))))) = __ldcc_counts__f_twice<__ldcc_L>(__ldcc_c, threadIdx.x) + __ldcc_counts__f_counter_get<__ldcc_L>(__ldcc_c, 2);{{$}}
// A template kernel: the layout is a template, the clone takes the instance.
// TEXT: {{^}}template <int N>{{$}}
// TEXT-NEXT: {{^}}struct __ldcc_layout_staged {{{$}}
// TEXT-NEXT: {{^}}  float own[N];{{$}}
// TEXT-NEXT: {{^}}  float buf[256];{{$}}
// TEXT: {{^}}template <class __ldcc_L> __device__ void __ldcc_staged__f_stage(__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state &__ldcc_bs, int __ldcc_sb, float *out, float v) {{{$}}
// TEXT: {{^}}  typedef __ldcc_layout_staged<N> __ldcc_L;{{$}}
// TEXT: {{^}}  __ldcc_staged__f_stage<__ldcc_L>{{$}}
// The result's store: after the call's site, from a local of the clone.
// TEXT: {{^}}__global__ void {{.*}}__ldcc_in_expression(
// TEXT: {{^}}  float __ldcc_h1;
// TEXT: {{^}}  __ldcc_h1 = (__ldcc_in_expression__f_block_sum<__ldcc_L>(__ldcc_c, __ldcc_bs, 2, 1.0f));
// TEXT: {{^}}  out[threadIdx.x]), out, 2u, 1u, __ldcc_c.pass))))) = __ldcc_h1;
