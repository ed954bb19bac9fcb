// Handmade translation (docs/shared-replay.md §2 shape) of a kernel with an
// `extern __shared__` buffer and an early `return` for the tail threads.
// The racy variant reads a neighbour's element with no barrier between the
// write and the read; -DFIXED adds the barrier (the return is then after
// the last barrier).  -DLDCC_NATIVE builds the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

struct __ldcc_layout_scale {
  char __ldcc_empty; /* no static targets */
};

__global__ void scale(const float *in, float *out, int n) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0.0f;
#ifdef FIXED
  __syncthreads();
#endif
  if (i >= n)
    return;
  out[i] = 2.0f * buf[t] + buf[(t + 1) % blockDim.x];
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_scale {
  static const __ldcc::target_meta targets[1];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_scale(const float *in, float *out, int n,
                             __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_scale __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int t{}; int i{};
  const float * __ldcc_s0; float * __ldcc_s1; int __ldcc_s2; int __ldcc_s3; int __ldcc_s4;
  const float * __ldcc_e0; float * __ldcc_e1; int __ldcc_e2; int __ldcc_e3; int __ldcc_e4;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  [[maybe_unused]] __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  t = threadIdx.x;
  i = blockIdx.x * blockDim.x + t;
  ((float *)__ldcc_c.ext)[t] = i < n ? in[i] : 0.0f;
#ifdef FIXED
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
#endif
  if (i >= n)
    goto __ldcc_exit;
  (*__ldcc::glog(__ldcc_c, &(out[i]))) = 2.0f * ((float *)__ldcc_c.ext)[t] + ((float *)__ldcc_c.ext)[(t + 1) % blockDim.x];
  goto __ldcc_exit;
__ldcc_exit:
#ifdef FIXED
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
#else
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; }
    }
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
#endif
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
  const int n = 100000, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<float> in(n), out(n);
  for (int i = 0; i < n; i++)
    in[i] = (float)(i % 1000) * 0.25f + 1.0f;
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, n * sizeof(float));
#ifdef LDCC_NATIVE
  scale<<<blocks, threads, threads * sizeof(float), 0>>>(din, dout, n);
#else
  __ldcc::launch(&__ldcc_meta_scale::meta, (const void *)__ldcc_scale, 0, blocks, threads, threads * sizeof(float), 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_scale<<<__g, __b, __sh, __st>>>(din, dout, n, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   scale<<<__g, __b, __sh, __st>>>(din, dout, n); });
#endif
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("scale: out[0] %g out[31] %g out[n-1] %g hash %016llx (%s)\n", out[0], out[31],
         out[n - 1], fnv(out.data(), n * sizeof(float)), cudaGetErrorString(err));
  cudaFree(din);
  cudaFree(dout);
  return 0;
}

#ifndef LDCC_NATIVE
#ifdef FIXED
static const int __ldcc_launches[] = {112};
static const int __ldcc_sites_scale[] = {16, 22, 26 + 1};
static const int __ldcc_wl_scale_buf[] = {20};
const __ldcc::target_meta __ldcc_meta_scale::targets[1] = {
    __ldcc::extern_target<float>("buf", __ldcc_wl_scale_buf, 1)};
const __ldcc::kernel_meta __ldcc_meta_scale::meta =
    __ldcc::kernel<__ldcc_layout_scale, __ldcc_meta_scale>(
        "scale", "scale.cu", 16, targets, 1, __ldcc_sites_scale,
        sizeof __ldcc_sites_scale / sizeof(int), __ldcc_launches, 1);
#else
static const int __ldcc_launches[] = {112};
static const int __ldcc_sites_scale[] = {16, 26 + 1};
static const int __ldcc_wl_scale_buf[] = {20};
const __ldcc::target_meta __ldcc_meta_scale::targets[1] = {
    __ldcc::extern_target<float>("buf", __ldcc_wl_scale_buf, 1)};
const __ldcc::kernel_meta __ldcc_meta_scale::meta =
    __ldcc::kernel<__ldcc_layout_scale, __ldcc_meta_scale>(
        "scale", "scale.cu", 16, targets, 1, __ldcc_sites_scale,
        sizeof __ldcc_sites_scale / sizeof(int), __ldcc_launches, 1);
#endif
#endif

// VARIANTS: race fixed
// EXPECT race: has ^ldcc: read-write race through a global store in kernel scale$
// EXPECT race: has ^  region: between kernel entry and kernel exit$
// EXPECT race: has ^  launched at scale.cu:112$
// EXPECT race: exit 66
// EXPECT fixed: env LDCC_OPTIONS=verbosity=1
// EXPECT fixed: same-output
// EXPECT fixed: has copies in shared memory
// EXPECT fixed: lacks race (on|through)
// EXPECT fixed: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT fixed: exit 0
