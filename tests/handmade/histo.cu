// Handmade translation (docs/shared-replay.md §2 shape) of a histogram
// with shared atomics (merged as deltas: no false alarm).  8192 bins make
// the copies too big for shared memory: they go to global scratch slots, and
// 600 blocks are more than the slots, so blocks wait for and reuse them.
// Variant smem: 2048 bins, copies in shared memory above the 48 KB default.
// -DLDCC_NATIVE builds the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif
#include <cstring>

#ifdef HM_VARIANT_smem
#define BINS 2048 /* 9 copies of 8 KB: shared memory above the 48 KB default */
#else
#define BINS 8192
#endif

struct __ldcc_layout_histo {
  unsigned bins[BINS];
};

__global__ void histo(const int *data, int n, unsigned *out) {
  __shared__ unsigned bins[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i] % BINS], 1u);
  __syncthreads(); // counted
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    out[blockIdx.x * BINS + b] = bins[b];
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_histo {
  static const __ldcc::target_meta targets[1];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_histo(const int *data, int n, unsigned *out,
                             __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_histo __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int b{}; int i{}; int b__ldcc1{};
  const int * __ldcc_s0; int __ldcc_s1; unsigned * __ldcc_s2; int __ldcc_s3; int __ldcc_s4; int __ldcc_s5;
  const int * __ldcc_e0; int __ldcc_e1; unsigned * __ldcc_e2; int __ldcc_e3; int __ldcc_e4; int __ldcc_e5;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = data; __ldcc_s1 = n; __ldcc_s2 = out; __ldcc_s3 = b; __ldcc_s4 = i; __ldcc_s5 = b__ldcc1;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  for (b = threadIdx.x; b < BINS; b += blockDim.x)
    (__ldcc_p->bins)[b] = 0;
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = data; __ldcc_e1 = n; __ldcc_e2 = out; __ldcc_e3 = b; __ldcc_e4 = i; __ldcc_e5 = b__ldcc1; }
    else __ldcc_c.local_diff = __ldcc::differs(data, __ldcc_e0) | __ldcc::differs(n, __ldcc_e1) | __ldcc::differs(out, __ldcc_e2) | __ldcc::differs(b, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(b__ldcc1, __ldcc_e5);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      data = __ldcc_s0; n = __ldcc_s1; out = __ldcc_s2; b = __ldcc_s3; i = __ldcc_s4; b__ldcc1 = __ldcc_s5;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
    }
    __ldcc_s0 = data; __ldcc_s1 = n; __ldcc_s2 = out; __ldcc_s3 = b; __ldcc_s4 = i; __ldcc_s5 = b__ldcc1;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
  for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    __ldcc::shared_atomic_add(__ldcc_c, &((__ldcc_p->bins)[data[i] % BINS]), 1u);
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = data; __ldcc_e1 = n; __ldcc_e2 = out; __ldcc_e3 = b; __ldcc_e4 = i; __ldcc_e5 = b__ldcc1; }
    else __ldcc_c.local_diff = __ldcc::differs(data, __ldcc_e0) | __ldcc::differs(n, __ldcc_e1) | __ldcc::differs(out, __ldcc_e2) | __ldcc::differs(b, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(b__ldcc1, __ldcc_e5);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_PLAIN, 0)) {
      data = __ldcc_s0; n = __ldcc_s1; out = __ldcc_s2; b = __ldcc_s3; i = __ldcc_s4; b__ldcc1 = __ldcc_s5;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
    }
    __ldcc_s0 = data; __ldcc_s1 = n; __ldcc_s2 = out; __ldcc_s3 = b; __ldcc_s4 = i; __ldcc_s5 = b__ldcc1;
    __ldcc_c.start_site = 2;
  }
__ldcc_L2:;
  for (b__ldcc1 = threadIdx.x; b__ldcc1 < BINS; b__ldcc1 += blockDim.x)
    (*__ldcc::glog(__ldcc_c, &(out[blockIdx.x * BINS + b__ldcc1]))) = (__ldcc_p->bins)[b__ldcc1];
  goto __ldcc_exit;
__ldcc_exit:
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = data; __ldcc_e1 = n; __ldcc_e2 = out; __ldcc_e3 = b; __ldcc_e4 = i; __ldcc_e5 = b__ldcc1; }
    else __ldcc_c.local_diff = __ldcc::differs(data, __ldcc_e0) | __ldcc::differs(n, __ldcc_e1) | __ldcc::differs(out, __ldcc_e2) | __ldcc::differs(b, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4) | __ldcc::differs(b__ldcc1, __ldcc_e5);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 1, __ldcc::SYNC_PLAIN, 0)) {
      data = __ldcc_s0; n = __ldcc_s1; out = __ldcc_s2; b = __ldcc_s3; i = __ldcc_s4; b__ldcc1 = __ldcc_s5;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
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
  const int n = 1 << 20, blocks = 600, threads = 256;
  std::vector<int> data(n);
  std::vector<unsigned> out((size_t)blocks * BINS), total(BINS);
  for (int i = 0; i < n; i++)
    data[i] = (int)(((unsigned)i * 2654435761u) >> 9) % 3000 + (i % 7) * 700;
  int *dd;
  unsigned *dout;
  cudaMalloc(&dd, n * sizeof(int));
  cudaMalloc(&dout, out.size() * sizeof(unsigned));
  cudaMemcpy(dd, data.data(), n * sizeof(int), cudaMemcpyHostToDevice);
#ifdef LDCC_NATIVE
  histo<<<blocks, threads, 0, 0>>>(dd, n, dout);
#else
  __ldcc::launch(&__ldcc_meta_histo::meta, (const void *)__ldcc_histo, 0, blocks, threads, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_histo<<<__g, __b, __sh, __st>>>(dd, n, dout, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   histo<<<__g, __b, __sh, __st>>>(dd, n, dout); });
#endif
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), dout, out.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
  unsigned long long sum = 0;
  for (size_t j = 0; j < out.size(); j++) {
    total[j % BINS] += out[j];
    sum += out[j];
  }
  printf("histogram: %llu samples, bin 0 %u, bin %d %u, hash %016llx (%s)\n", sum,
         total[0], BINS / 2, total[BINS / 2], fnv(out.data(), out.size() * 4), cudaGetErrorString(err));
  cudaFree(dd);
  cudaFree(dout);
  return 0;
}

#ifndef LDCC_NATIVE
static const int __ldcc_launches[] = {117};
static const int __ldcc_sites_histo[] = {24, 28, 31, 33 + 1};
static const int __ldcc_wl_histo_bins[] = {27, 30};
const __ldcc::target_meta __ldcc_meta_histo::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_histo::bins)>(
        "bins", offsetof(__ldcc_layout_histo, bins), __ldcc_wl_histo_bins, 2)};
const __ldcc::kernel_meta __ldcc_meta_histo::meta =
    __ldcc::kernel<__ldcc_layout_histo, __ldcc_meta_histo>(
        "histo", "histo.cu", 24, targets, 1, __ldcc_sites_histo,
        sizeof __ldcc_sites_histo / sizeof(int), __ldcc_launches, 1);
#endif

// VARIANTS: ok smem
// EXPECT ok: env LDCC_OPTIONS=verbosity=1
// EXPECT ok: same-output
// EXPECT ok: has copies in global memory
// EXPECT smem: env LDCC_OPTIONS=verbosity=1
// EXPECT smem: same-output
// EXPECT smem: has copies in shared memory: 73984 bytes per block
// EXPECT smem: lacks race (on|through)
// EXPECT smem: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT smem: exit 0
// EXPECT ok: lacks race (on|through)
// EXPECT ok: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT ok: exit 0
