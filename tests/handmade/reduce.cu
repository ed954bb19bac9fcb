// Handmade translation (docs/shared-replay.md §2 shape) of a templated block
// reduction whose tree loop misses its barrier; -DFIXED adds it.  Built with
// -DLDCC_NATIVE it is the plain original for output comparison.
#include <cstdio>
#include <cstdlib>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

template <int BLOCK>
struct __ldcc_layout_block_sum {
  int partial[BLOCK];
};

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
#ifdef FIXED
    __syncthreads();
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

#ifndef LDCC_NATIVE
template <int BLOCK> struct __ldcc_meta_block_sum {
  static const __ldcc::target_meta targets[1];
  static const __ldcc::kernel_meta meta;
};

template <int BLOCK>
__global__ void __ldcc_block_sum(const int *in, int *out, int n,
                                 __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_block_sum<BLOCK> __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int tid{}; int i{}; int stride{};
  const int *__ldcc_s0; int *__ldcc_s1; int __ldcc_s2; int __ldcc_s3; int __ldcc_s4; int __ldcc_s5;
  const int *__ldcc_e0; int *__ldcc_e1; int __ldcc_e2; int __ldcc_e3; int __ldcc_e4; int __ldcc_e5;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = tid; __ldcc_s4 = i; __ldcc_s5 = stride;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  tid = threadIdx.x;
  i = blockIdx.x * BLOCK + tid;
  (__ldcc_p->partial)[tid] = i < n ? in[i] : 0;
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = tid; __ldcc_e4 = i; __ldcc_e5 = stride; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(tid, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(stride, __ldcc_e5);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; tid = __ldcc_s3; i = __ldcc_s4; stride = __ldcc_s5;
#ifdef FIXED
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
#else
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
#endif
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = tid; __ldcc_s4 = i; __ldcc_s5 = stride;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
  for (stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      (__ldcc_p->partial)[tid] += (__ldcc_p->partial)[tid + stride];
#ifdef FIXED
    {
      if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = tid; __ldcc_e4 = i; __ldcc_e5 = stride; }
      else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(tid, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(stride, __ldcc_e5);
      if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_PLAIN, 0)) {
        in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; tid = __ldcc_s3; i = __ldcc_s4; stride = __ldcc_s5;
        switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
      }
      __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = tid; __ldcc_s4 = i; __ldcc_s5 = stride;
      __ldcc_c.start_site = 2;
    }
__ldcc_L2:;
#endif
  }
  if (tid == 0)
    (*__ldcc::glog(__ldcc_c, &(out[blockIdx.x]))) = (__ldcc_p->partial)[0];
  goto __ldcc_exit;
__ldcc_exit:
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = tid; __ldcc_e4 = i; __ldcc_e5 = stride; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(tid, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(stride, __ldcc_e5);
#ifdef FIXED
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; tid = __ldcc_s3; i = __ldcc_s4; stride = __ldcc_s5;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
    }
#else
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; tid = __ldcc_s3; i = __ldcc_s4; stride = __ldcc_s5;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
#endif
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
}
#endif

int main() {
  const int n = 1 << 20, block = 256, blocks = n / block;
  std::vector<int> in(n), out(blocks);
  long long got = 0;

  for (int i = 0; i < n; i++)
    in[i] = (i * 7) % 13 - 6;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, blocks * sizeof(int));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  /* HM_REPS=N: time N more launches (stderr), for the slowdown. */
  int reps = getenv("HM_REPS") ? atoi(getenv("HM_REPS")) : 0;
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int rep = 0; rep <= reps; rep++) {
    if (rep == 1)
      cudaEventRecord(e0);
#ifdef LDCC_NATIVE
  block_sum<block><<<blocks, block>>>(d_in, d_out, n);
#else
  __ldcc::launch(&__ldcc_meta_block_sum<block>::meta, (const void *)__ldcc_block_sum<block>, 0, blocks, block, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_block_sum<block><<<__g, __b, __sh, __st>>>(d_in, d_out, n, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   block_sum<block><<<__g, __b, __sh, __st>>>(d_in, d_out, n); });
#endif
  }
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  if (reps) {
    float ms;
    cudaEventElapsedTime(&ms, e0, e1);
    fprintf(stderr, "time: %.4f ms per launch\n", ms / reps);
  }
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; b++)
    got += out[b];
  printf("sum = %lld (%s)\n", got, cudaGetErrorString(err));
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}

#ifndef LDCC_NATIVE
static const int __ldcc_launches[] = {132};
#ifdef FIXED
static const int __ldcc_sites_block_sum[] = {17, 22, 27, 32};
#else
static const int __ldcc_sites_block_sum[] = {17, 22, 32};
#endif
static const int __ldcc_wl_block_sum_partial[] = {21, 25};
template <int BLOCK>
const __ldcc::target_meta __ldcc_meta_block_sum<BLOCK>::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_block_sum<BLOCK>::partial)>(
        "partial", offsetof(__ldcc_layout_block_sum<BLOCK>, partial),
        __ldcc_wl_block_sum_partial, 2)};
template <int BLOCK>
const __ldcc::kernel_meta __ldcc_meta_block_sum<BLOCK>::meta =
    __ldcc::kernel<__ldcc_layout_block_sum<BLOCK>, __ldcc_meta_block_sum<BLOCK>>(
        "block_sum", "reduce.cu", 17, targets, 1, __ldcc_sites_block_sum,
        sizeof __ldcc_sites_block_sum / sizeof(int), __ldcc_launches, 1);
#endif

// VARIANTS: race fixed
// EXPECT race: has ^ldcc: read-write race on shared variable partial\[[0-9]+\] in kernel block_sum<256>$
// EXPECT race: has ^  region: between reduce.cu:22 and kernel exit$
// EXPECT race: has ^  statements that write partial there: reduce.cu:25$
// EXPECT race: has ^  launched at reduce.cu:132$
// EXPECT race: has ^ldcc: summary: [0-9]+ distinct races? 
// EXPECT race: exit 66
// EXPECT fixed: same-output
// EXPECT fixed: lacks race (on|through)
// EXPECT fixed: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT fixed: exit 0
