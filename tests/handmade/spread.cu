// Handmade translation (docs/shared-replay.md §2 shape) of a replayed
// region with global in-place updates and a global atomicAdd whose result is
// unused.  Launched with 2 stores per thread (replayed: each update and the
// atomic applied once) and with 20 (more than the undo log holds: the region
// is checked for write-write races only, one note says so).  The output must
// equal the native build's.  -DLDCC_NATIVE builds the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

struct __ldcc_layout_spread {
  int s[128];
  int s2[128];
};

__global__ void spread(const int *in, int *out, int *total, int nstores) {
  __shared__ int s[128];
  __shared__ int s2[128];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  int v = s[(t + 64) % 128];
  s2[t] = v + 1;
  for (int k = 0; k < nstores; k++)
    out[(blockIdx.x * 128 + t) * 20 + k] += v + k;
  atomicAdd(&total[blockIdx.x], v + s2[t]);
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_spread {
  static const __ldcc::target_meta targets[2];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_spread(const int *in, int *out, int *total, int nstores,
                              __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_spread __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int t{}; int v{}; int k{};
  const int * __ldcc_s0; int * __ldcc_s1; int * __ldcc_s2; int __ldcc_s3; int __ldcc_s4; int __ldcc_s5; int __ldcc_s6;
  const int * __ldcc_e0; int * __ldcc_e1; int * __ldcc_e2; int __ldcc_e3; int __ldcc_e4; int __ldcc_e5; int __ldcc_e6;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = total; __ldcc_s3 = nstores; __ldcc_s4 = t; __ldcc_s5 = v; __ldcc_s6 = k;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  t = threadIdx.x;
  (__ldcc_p->s)[t] = in[blockIdx.x * 128 + t];
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = total; __ldcc_e3 = nstores; __ldcc_e4 = t; __ldcc_e5 = v; __ldcc_e6 = k; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(total, __ldcc_e2) | __ldcc::differs(nstores, __ldcc_e3) | __ldcc::differs(t, __ldcc_e4) | __ldcc::differs(v, __ldcc_e5) | __ldcc::differs(k, __ldcc_e6);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; total = __ldcc_s2; nstores = __ldcc_s3; t = __ldcc_s4; v = __ldcc_s5; k = __ldcc_s6;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = total; __ldcc_s3 = nstores; __ldcc_s4 = t; __ldcc_s5 = v; __ldcc_s6 = k;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
  v = (__ldcc_p->s)[(t + 64) % 128];
  (__ldcc_p->s2)[t] = v + 1;
  for (k = 0; k < nstores; k++)
    (*__ldcc::glog(__ldcc_c, &(out[(blockIdx.x * 128 + t) * 20 + k]))) += v + k;
  __ldcc::global_atomic_add(__ldcc_c, &(total[blockIdx.x]), v + (__ldcc_p->s2)[t]);
  goto __ldcc_exit;
__ldcc_exit:
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = total; __ldcc_e3 = nstores; __ldcc_e4 = t; __ldcc_e5 = v; __ldcc_e6 = k; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(total, __ldcc_e2) | __ldcc::differs(nstores, __ldcc_e3) | __ldcc::differs(t, __ldcc_e4) | __ldcc::differs(v, __ldcc_e5) | __ldcc::differs(k, __ldcc_e6);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; total = __ldcc_s2; nstores = __ldcc_s3; t = __ldcc_s4; v = __ldcc_s5; k = __ldcc_s6;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
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
  const int blocks = 64, n = blocks * 128;
  std::vector<int> in(n), out(n * 20), total(blocks);
  for (int i = 0; i < n; i++)
    in[i] = (i * 37) % 101 - 50;
  int *din, *dout, *dtotal;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * 20 * sizeof(int));
  cudaMalloc(&dtotal, blocks * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, n * 20 * sizeof(int));
  cudaMemset(dtotal, 0, blocks * sizeof(int));
  for (int nstores = 2; nstores <= 20; nstores += 18) {
#ifdef LDCC_NATIVE
  spread<<<blocks, 128, 0, 0>>>(din, dout, dtotal, nstores);
#else
  __ldcc::launch(&__ldcc_meta_spread::meta, (const void *)__ldcc_spread, 0, blocks, 128, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_spread<<<__g, __b, __sh, __st>>>(din, dout, dtotal, nstores, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   spread<<<__g, __b, __sh, __st>>>(din, dout, dtotal, nstores); });
#endif
  }
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), dout, n * 20 * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(total.data(), dtotal, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  printf("spread: out[0] %d out[19] %d total[0] %d hash %016llx %016llx (%s)\n", out[0], out[19],
         total[0], fnv(out.data(), out.size() * 4), fnv(total.data(), blocks * 4),
         cudaGetErrorString(err));
  return 0;
}

#ifndef LDCC_NATIVE
static const int __ldcc_launches[] = {104};
static const int __ldcc_sites_spread[] = {18, 23, 28 + 1};
static const int __ldcc_wl_spread_s[] = {22};
static const int __ldcc_wl_spread_s2[] = {25};
const __ldcc::target_meta __ldcc_meta_spread::targets[2] = {
    __ldcc::target<decltype(__ldcc_layout_spread::s)>(
        "s", offsetof(__ldcc_layout_spread, s), __ldcc_wl_spread_s, 1),
    __ldcc::target<decltype(__ldcc_layout_spread::s2)>(
        "s2", offsetof(__ldcc_layout_spread, s2), __ldcc_wl_spread_s2, 1)};
const __ldcc::kernel_meta __ldcc_meta_spread::meta =
    __ldcc::kernel<__ldcc_layout_spread, __ldcc_meta_spread>(
        "spread", "spread.cu", 18, targets, 2, __ldcc_sites_spread,
        sizeof __ldcc_sites_spread / sizeof(int), __ldcc_launches, 1);
#endif

// VARIANTS: ok
// EXPECT ok: same-output
// EXPECT ok: lacks race (on|through)
// EXPECT ok: has ^ldcc: note: a region of kernel spread stores to global memory more often than the undo log holds
// EXPECT ok: has ^ldcc: summary: no races found; 2 checked launches$
// EXPECT ok: exit 0
