// Handmade translation (docs/shared-replay.md §2 shape) of two warps writing
// bytes of the same 4-byte words.  Fixed: warp 0 writes the even bytes and
// warp 1 the odd ones (no race: the check is byte-precise).  Racy: both
// warps write the same bytes with different values (a write-write race).
// -DLDCC_NATIVE builds the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

struct __ldcc_layout_bytes {
  unsigned char flags[64];
};

__global__ void bytes(int *out) {
  __shared__ unsigned char flags[64];
  int t = threadIdx.x;
#ifdef FIXED
  flags[(t % 32) * 2 + t / 32] = (unsigned char)(t + 1);
#else
  flags[t % 32] = (unsigned char)(t + 1);
#endif
  __syncthreads();
  int j = (t * 7) % 64;
  out[blockIdx.x * 64 + t] = flags[j];
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_bytes {
  static const __ldcc::target_meta targets[1];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_bytes(int *out, __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_bytes __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int t{}; int j{};
  int * __ldcc_s0; int __ldcc_s1; int __ldcc_s2;
  int * __ldcc_e0; int __ldcc_e1; int __ldcc_e2;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = out; __ldcc_s1 = t; __ldcc_s2 = j;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  t = threadIdx.x;
#ifdef FIXED
  (__ldcc_p->flags)[(t % 32) * 2 + t / 32] = (unsigned char)(t + 1);
#else
  (__ldcc_p->flags)[t % 32] = (unsigned char)(t + 1);
#endif
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = out; __ldcc_e1 = t; __ldcc_e2 = j; }
    else __ldcc_c.local_diff = __ldcc::differs(out, __ldcc_e0) | __ldcc::differs(t, __ldcc_e1) | __ldcc::differs(j, __ldcc_e2);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      out = __ldcc_s0; t = __ldcc_s1; j = __ldcc_s2;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc_s0 = out; __ldcc_s1 = t; __ldcc_s2 = j;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
  j = (t * 7) % 64;
  (*__ldcc::glog(__ldcc_c, &(out[blockIdx.x * 64 + t]))) = (__ldcc_p->flags)[j];
  goto __ldcc_exit;
__ldcc_exit:
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = out; __ldcc_e1 = t; __ldcc_e2 = j; }
    else __ldcc_c.local_diff = __ldcc::differs(out, __ldcc_e0) | __ldcc::differs(t, __ldcc_e1) | __ldcc::differs(j, __ldcc_e2);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
      out = __ldcc_s0; t = __ldcc_s1; j = __ldcc_s2;
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
  const int blocks = 16;
  std::vector<int> out(blocks * 64);
  int *dout;
  cudaMalloc(&dout, out.size() * sizeof(int));
#ifdef LDCC_NATIVE
  bytes<<<blocks, 64, 0, 0>>>(dout);
#else
  __ldcc::launch(&__ldcc_meta_bytes::meta, (const void *)__ldcc_bytes, 0, blocks, 64, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_bytes<<<__g, __b, __sh, __st>>>(dout, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   bytes<<<__g, __b, __sh, __st>>>(dout); });
#endif
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), dout, out.size() * sizeof(int), cudaMemcpyDeviceToHost);
  printf("bytes: %d %d %d hash %016llx (%s)\n", out[0], out[1], out[63],
         fnv(out.data(), out.size() * 4), cudaGetErrorString(err));
  cudaFree(dout);
  return 0;
}

#ifndef LDCC_NATIVE
#ifdef FIXED
static const int __ldcc_launches[] = {94};
static const int __ldcc_sites_bytes[] = {16, 24, 26 + 1};
static const int __ldcc_wl_bytes_flags[] = {20};
const __ldcc::target_meta __ldcc_meta_bytes::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_bytes::flags)>(
        "flags", offsetof(__ldcc_layout_bytes, flags), __ldcc_wl_bytes_flags, 1)};
const __ldcc::kernel_meta __ldcc_meta_bytes::meta =
    __ldcc::kernel<__ldcc_layout_bytes, __ldcc_meta_bytes>(
        "bytes", "bytes.cu", 16, targets, 1, __ldcc_sites_bytes,
        sizeof __ldcc_sites_bytes / sizeof(int), __ldcc_launches, 1);
#else
static const int __ldcc_launches[] = {94};
static const int __ldcc_sites_bytes[] = {16, 24, 26 + 1};
static const int __ldcc_wl_bytes_flags[] = {22};
const __ldcc::target_meta __ldcc_meta_bytes::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_bytes::flags)>(
        "flags", offsetof(__ldcc_layout_bytes, flags), __ldcc_wl_bytes_flags, 1)};
const __ldcc::kernel_meta __ldcc_meta_bytes::meta =
    __ldcc::kernel<__ldcc_layout_bytes, __ldcc_meta_bytes>(
        "bytes", "bytes.cu", 16, targets, 1, __ldcc_sites_bytes,
        sizeof __ldcc_sites_bytes / sizeof(int), __ldcc_launches, 1);
#endif
#endif

// VARIANTS: race fixed
// EXPECT race: has ^ldcc: write-write race on shared variable flags\[[0-9]+\] in kernel bytes$
// EXPECT race: has ^  block \([0-9]+,0,0\): warp 0 wrote [0-9]+ \(0x[0-9a-f]{2}\), warp 1 wrote [0-9]+ \(0x[0-9a-f]{2}\)$
// EXPECT race: has ^  region: between kernel entry and bytes.cu:24$
// EXPECT race: has ^  statements that write flags there: bytes.cu:22$
// EXPECT race: exit 66
// EXPECT fixed: same-output
// EXPECT fixed: lacks race (on|through)
// EXPECT fixed: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT fixed: exit 0
