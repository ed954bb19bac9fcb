// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Device functions with barriers reached through another device function
// (docs/shared-replay.md section 7, session 35): llm.c's overload that
// returns `blockReduce(val, false, 0.0f)`, and a void helper storing two
// results through its pointers.  The callee's clone calls the inner
// function's clone with a site base counted from its own (`__ldcc_sb +
// N`); the kernel's site table lists the inner block after the outer
// one's exit.  `return f(args);` sets __ldcc_ret before the call site's
// label and jumps to the exit after it; `LHS = f(args);` with LHS not a
// local holds the value in `__ldcc_h<site>` and stores it after the
// label, as does a call in a larger expression (`return f(x) - x;`).
// Before, these were not checked in shared memory ("barrier in device
// function blockReduce", "call of device function blockReduce with a
// barrier inside an expression").
__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

__device__ float blockReduce(float val, bool final_sync, float oob) {
  __shared__ float shared_val[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float w = warpSum(val);
  if (lane == 0)
    shared_val[warp] = w;
  __syncthreads();
  w = lane < (int)(blockDim.x / 32) ? shared_val[lane] : oob;
  float b = warpSum(w);
  if (final_sync)
    __syncthreads();
  return b;
}

__device__ float blockReduce(float val) {
  return blockReduce(val, false, 0.0f);
}

__device__ void blockStats(float v, float *sum, float *sq) {
  *sum = blockReduce(v, true, 0.0f);
  *sq = blockReduce(v * v, true, 0.0f);
}

__device__ float blockMinus(float v) {
  return blockReduce(v) - v;
}

__global__ void norm_kernel(float *out, const float *in) {
  float s = blockReduce(in[threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
}

__global__ void stats_kernel(float *sums, float *sqs, float *y,
                             const float *in) {
  float s, q;
  blockStats(in[threadIdx.x], &s, &q);
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = s;
    sqs[blockIdx.x] = q;
  }
  y[threadIdx.x] += blockReduce(s, true, 0.0f);
}

__global__ void minus_kernel(float *out, const float *in) {
  out[threadIdx.x] = blockMinus(in[threadIdx.x]);
}

// The other statements a value may stand in: a declaration, an `if`'s
// condition; and the forms left out: `&&` (not always evaluated).
__global__ void forms_kernel(float *out, const float *in) {
  float r = fabsf(blockReduce(in[threadIdx.x], true, 0.0f)) + 1.0f;
  if (blockReduce(r, true, 0.0f) > 0.0f)
    out[threadIdx.x] = r;
}

__global__ void and_kernel(float *out, const float *in) {
  if (in[0] > 0.0f && blockReduce(in[threadIdx.x]) > 0.0f)
    out[threadIdx.x] = 1.0f;
}

int main() {
  float *d = 0;
  norm_kernel<<<1, 64>>>(d, d);
  stats_kernel<<<1, 64>>>(d, d, d, d);
  minus_kernel<<<1, 64>>>(d, d);
  forms_kernel<<<1, 64>>>(d, d);
  and_kernel<<<1, 64>>>(d, d);
  return 0;
}

// PLAN: KERNEL name=norm_kernel checked=yes at=51:17
// PLAN: KERNEL name=stats_kernel checked=yes at=57:17
// PLAN: KERNEL name=minus_kernel checked=yes at=68:17
// PLAN: KERNEL name=forms_kernel checked=yes at=74:17
// PLAN: KERNEL name=and_kernel checked=yes shared_reason="call of device function blockReduce with a barrier inside an expression" at=80:17
// PLAN: SITE kernel=norm_kernel id=0 at=51:17 form=entry
// PLAN-NEXT: SITE kernel=norm_kernel id=1 at=52:13 form=call callee=blockReduce base=2
// PLAN-NEXT: SITE kernel=norm_kernel id=2 at=38:0 form=entry in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=3 at=39:10 form=call callee=blockReduce base=5 in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=4 at=40:1 form=exit in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=5 at=24:0 form=entry in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=6 at=30:3 form=SYNC_PLAIN in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=7 at=34:5 form=SYNC_PLAIN in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=8 at=36:1 form=exit in=blockReduce
// PLAN-NEXT: SITE kernel=norm_kernel id=9 at=55:1 form=exit
// PLAN: SITE kernel=stats_kernel id=0 at=57:17 form=entry
// PLAN-NEXT: SITE kernel=stats_kernel id=1 at=60:3 form=call callee=blockStats base=3
// PLAN-NEXT: SITE kernel=stats_kernel id=2 at=65:21 form=call callee=blockReduce base=15
// PLAN-NEXT: SITE kernel=stats_kernel id=3 at=42:0 form=entry in=blockStats
// PLAN-NEXT: SITE kernel=stats_kernel id=4 at=43:10 form=call callee=blockReduce base=7 in=blockStats
// PLAN-NEXT: SITE kernel=stats_kernel id=5 at=44:9 form=call callee=blockReduce base=11 in=blockStats
// PLAN-NEXT: SITE kernel=stats_kernel id=6 at=45:1 form=exit in=blockStats
// PLAN-NEXT: SITE kernel=stats_kernel id=7 at=24:0 form=entry in=blockReduce
// PLAN:      SITE kernel=stats_kernel id=15 at=24:0 form=entry in=blockReduce
// PLAN:      SITE kernel=stats_kernel id=19 at=66:1 form=exit

// The outer clone calls the inner one from its own base; its return sets
// the value before the site's label and leaves after it.
// CLONE: template <class __ldcc_L> __device__ float __ldcc_norm_kernel__f_blockReduce(__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state &__ldcc_bs, int __ldcc_sb, float val) {
// CLONE: { __ldcc_ret = (
// CLONE-NEXT: #line 39
// CLONE-NEXT: __ldcc_norm_kernel__f_blockReduce<__ldcc_L>(__ldcc_c, __ldcc_bs, __ldcc_sb + 3, val, false, 0.0f));
// CLONE: __ldcc_c.start_site = __ldcc_sb + 1;
// CLONE: __ldcc_L1:; goto __ldcc_exit; }
// The stores of the results: after the labels.
// CLONE: template <class __ldcc_L> __device__ void __ldcc_stats_kernel__f_blockStats(
// CLONE: float __ldcc_h1;
// CLONE-NEXT: float __ldcc_h2;
// CLONE: __ldcc_h1 = (__ldcc_stats_kernel__f_blockReduce<__ldcc_L>(__ldcc_c, __ldcc_bs, __ldcc_sb + 4, v, true, 0.0f));
// CLONE: __ldcc_L1:; (*__ldcc::pwr(__ldcc_c, &(
// CLONE-NEXT: #line 43
// CLONE-NEXT: *sum))) = __ldcc_h1;
// In the kernel: from the kernel's own table.
// CLONE: __ldcc_h2 = (__ldcc_stats_kernel__f_blockReduce<__ldcc_L>(__ldcc_c, __ldcc_bs, 15, s, true, 0.0f));
// `return blockReduce(v) - v;`: the value first, then the return.
// CLONE: template <class __ldcc_L> __device__ float __ldcc_minus_kernel__f_blockMinus(
// CLONE: __ldcc_h1 = (__ldcc_minus_kernel__f_blockReduce<__ldcc_L>(__ldcc_c, __ldcc_bs, __ldcc_sb + 3, v));
// CLONE: __ldcc_L1:; { __ldcc_ret = (
// CLONE-NEXT: #line 48
// CLONE-NEXT: __ldcc_h1 - v); goto __ldcc_exit; }
// The declaration and the condition: their values first.
// CLONE: __ldcc_forms_kernel(
// CLONE: __ldcc_h1 = (__ldcc_forms_kernel__f_blockReduce<__ldcc_L>(__ldcc_c, __ldcc_bs, 3, in[threadIdx.x], true, 0.0f));
// CLONE: __ldcc_L1:; __ldcc::its_sync(); r =
// CLONE-NEXT: #line 75
// CLONE-NEXT: fabsf(__ldcc_h1) + 1.0f;
// CLONE: __ldcc_h2 = (__ldcc_forms_kernel__f_blockReduce<__ldcc_L>(__ldcc_c, __ldcc_bs, 7, r, true, 0.0f));
// CLONE: __ldcc_L2:; __ldcc::its_sync();
// CLONE-NEXT: #line 76
// CLONE-NEXT: if (__ldcc_h2 > 0.0f)
// The kernels' tables: the inner blocks after each outer block's exit.
// CLONE: static const int __ldcc__sites_0[] = {51, 52, 38, 39, 40, 24, 30, 34, 36, 55};
// CLONE: static const int __ldcc__sites_1[] = {57, 60, 65, 42, 43, 44, 45, 24, 30, 34, 36, 24, 30, 34, 36, 24, 30, 34, 36, 66};
