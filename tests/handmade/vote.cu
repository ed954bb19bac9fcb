// Handmade translation (docs/shared-replay.md §2 shape) of a kernel whose
// control depends on __syncthreads_count/_or/_and, in 8x4x4 (3-D) blocks:
// the results must equal the native ones.  -DLDCC_NATIVE builds the plain
// original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

struct __ldcc_layout_vote {
  int flags[128];
};

__global__ void vote(const int *in, int *out, int n) {
  __shared__ int flags[128];
  int t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  int i = blockIdx.x * 128 + t;
  int v = i < n ? in[i] : 0;
  flags[t] = v > 0;
  int c = __syncthreads_count(v > 0);
  int any = __syncthreads_or(v < -5);
  int r = 0;
  if (__syncthreads_and(v != 0))
    r = 1;
  if (t == 0)
    out[blockIdx.x] = c * 100 + any * 10 + r + flags[(t + 5) % 128] * 1000;
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_vote {
  static const __ldcc::target_meta targets[1];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_vote(const int *in, int *out, int n,
                            __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_vote __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int t{}; int i{}; int v{}; int c{}; int any{}; int r{};
  const int * __ldcc_s0; int * __ldcc_s1; int __ldcc_s2; int __ldcc_s3; int __ldcc_s4; int __ldcc_s5; int __ldcc_s6; int __ldcc_s7; int __ldcc_s8;
  const int * __ldcc_e0; int * __ldcc_e1; int __ldcc_e2; int __ldcc_e3; int __ldcc_e4; int __ldcc_e5; int __ldcc_e6; int __ldcc_e7; int __ldcc_e8;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i; __ldcc_s5 = v; __ldcc_s6 = c; __ldcc_s7 = any; __ldcc_s8 = r;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  i = blockIdx.x * 128 + t;
  v = i < n ? in[i] : 0;
  (__ldcc_p->flags)[t] = v > 0;
  __ldcc_c.pred = (v > 0);
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; __ldcc_e5 = v; __ldcc_e6 = c; __ldcc_e7 = any; __ldcc_e8 = r; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(v, __ldcc_e5) | __ldcc::differs(c, __ldcc_e6) | __ldcc::differs(any, __ldcc_e7) | __ldcc::differs(r, __ldcc_e8);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_COUNT, __ldcc_c.pred)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4; v = __ldcc_s5; c = __ldcc_s6; any = __ldcc_s7; r = __ldcc_s8;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; case 3: goto __ldcc_L3; }
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i; __ldcc_s5 = v; __ldcc_s6 = c; __ldcc_s7 = any; __ldcc_s8 = r;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
  c = __ldcc_c.sync_result;
  __ldcc_c.pred = (v < -5);
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; __ldcc_e5 = v; __ldcc_e6 = c; __ldcc_e7 = any; __ldcc_e8 = r; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(v, __ldcc_e5) | __ldcc::differs(c, __ldcc_e6) | __ldcc::differs(any, __ldcc_e7) | __ldcc::differs(r, __ldcc_e8);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_OR, __ldcc_c.pred)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4; v = __ldcc_s5; c = __ldcc_s6; any = __ldcc_s7; r = __ldcc_s8;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; case 3: goto __ldcc_L3; }
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i; __ldcc_s5 = v; __ldcc_s6 = c; __ldcc_s7 = any; __ldcc_s8 = r;
    __ldcc_c.start_site = 2;
  }
__ldcc_L2:;
  any = __ldcc_c.sync_result;
  r = 0;
  __ldcc_c.pred = (v != 0);
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; __ldcc_e5 = v; __ldcc_e6 = c; __ldcc_e7 = any; __ldcc_e8 = r; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(v, __ldcc_e5) | __ldcc::differs(c, __ldcc_e6) | __ldcc::differs(any, __ldcc_e7) | __ldcc::differs(r, __ldcc_e8);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 0, __ldcc::SYNC_AND, __ldcc_c.pred)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4; v = __ldcc_s5; c = __ldcc_s6; any = __ldcc_s7; r = __ldcc_s8;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; case 3: goto __ldcc_L3; }
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i; __ldcc_s5 = v; __ldcc_s6 = c; __ldcc_s7 = any; __ldcc_s8 = r;
    __ldcc_c.start_site = 3;
  }
__ldcc_L3:;
  if (__ldcc_c.sync_result)
    r = 1;
  if (t == 0)
    (*__ldcc::glog(__ldcc_c, &(out[blockIdx.x]))) = c * 100 + any * 10 + r + (__ldcc_p->flags)[(t + 5) % 128] * 1000;
  goto __ldcc_exit;
__ldcc_exit:
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; __ldcc_e5 = v; __ldcc_e6 = c; __ldcc_e7 = any; __ldcc_e8 = r; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(v, __ldcc_e5) | __ldcc::differs(c, __ldcc_e6) | __ldcc::differs(any, __ldcc_e7) | __ldcc::differs(r, __ldcc_e8);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 4, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4; v = __ldcc_s5; c = __ldcc_s6; any = __ldcc_s7; r = __ldcc_s8;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; case 3: goto __ldcc_L3; }
    }
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
}
#endif

static unsigned long long fnv(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

int main() {
  const int blocks = 96, n = blocks * 128 - 50;
  std::vector<int> in(n), out(blocks);
  for (int i = 0; i < n; i++) {
    int b = i / 128;
    in[i] = b % 3 == 0 ? (i % 5) + 1 : b % 3 == 1 ? (i % 11) - 3 : (i % 17) - 9;
  }
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  dim3 block(8, 4, 4);
#ifdef LDCC_NATIVE
  vote<<<blocks, block, 0, 0>>>(din, dout, n);
#else
  __ldcc::launch(&__ldcc_meta_vote::meta, (const void *)__ldcc_vote, 0, blocks, block, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_vote<<<__g, __b, __sh, __st>>>(din, dout, n, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   vote<<<__g, __b, __sh, __st>>>(din, dout, n); });
#endif
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  printf("vote: %d %d %d %d hash %016llx (%s)\n", out[0], out[1], out[2], out[blocks - 1],
         fnv(out.data(), blocks * sizeof(int)), cudaGetErrorString(err));
  cudaFree(din);
  cudaFree(dout);
  return 0;
}

#ifndef LDCC_NATIVE
static const int __ldcc_launches[] = {131};
static const int __ldcc_sites_vote[] = {15, 2, 22, 24, 27 + 1};
static const int __ldcc_wl_vote_flags[] = {20};
const __ldcc::target_meta __ldcc_meta_vote::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_vote::flags)>(
        "flags", offsetof(__ldcc_layout_vote, flags), __ldcc_wl_vote_flags, 1)};
const __ldcc::kernel_meta __ldcc_meta_vote::meta =
    __ldcc::kernel<__ldcc_layout_vote, __ldcc_meta_vote>(
        "vote", "vote.cu", 15, targets, 1, __ldcc_sites_vote,
        sizeof __ldcc_sites_vote / sizeof(int), __ldcc_launches, 1);
#endif

// VARIANTS: ok
// EXPECT ok: same-output
// EXPECT ok: lacks race (on|through)
// EXPECT ok: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT ok: exit 0
