// Handmade translation (docs/shared-replay.md §2 shape) of in-place updates
// of global memory (`a[i] += ...`) inside a region that writes shared memory
// and is therefore replayed: each update must be applied exactly once (the
// output equals the native build bit for bit).  Launched twice.
// -DLDCC_NATIVE builds the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

struct __ldcc_layout_accum {
  float s[256];
  float s2[256];
};

__global__ void accum(float *a, const float *x, int n) {
  __shared__ float s[256];
  __shared__ float s2[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = x[i];
  __syncthreads();
  a[i] += s[(t + 32) % 256];
  s2[t] = a[i] * 0.5f;
  __syncthreads(); // second
  a[i] += s2[(t + 64) % 256];
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_accum {
  static const __ldcc::target_meta targets[2];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_accum(float *a, const float *x, int n,
                             __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_accum __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int t{}; int i{};
  float * __ldcc_s0; const float * __ldcc_s1; int __ldcc_s2; int __ldcc_s3; int __ldcc_s4;
  float * __ldcc_e0; const float * __ldcc_e1; int __ldcc_e2; int __ldcc_e3; int __ldcc_e4;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = a; __ldcc_s1 = x; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  t = threadIdx.x;
  i = blockIdx.x * blockDim.x + t;
  (__ldcc_p->s)[t] = x[i];
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = a; __ldcc_e1 = x; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; }
    else __ldcc_c.local_diff = __ldcc::differs(a, __ldcc_e0) | __ldcc::differs(x, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      a = __ldcc_s0; x = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
    }
    __ldcc_s0 = a; __ldcc_s1 = x; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
  (*__ldcc::glog(__ldcc_c, &(a[i]))) += (__ldcc_p->s)[(t + 32) % 256];
  (__ldcc_p->s2)[t] = a[i] * 0.5f;
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = a; __ldcc_e1 = x; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; }
    else __ldcc_c.local_diff = __ldcc::differs(a, __ldcc_e0) | __ldcc::differs(x, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_PLAIN, 0)) {
      a = __ldcc_s0; x = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
    }
    __ldcc_s0 = a; __ldcc_s1 = x; __ldcc_s2 = n; __ldcc_s3 = t; __ldcc_s4 = i;
    __ldcc_c.start_site = 2;
  }
__ldcc_L2:;
  (*__ldcc::glog(__ldcc_c, &(a[i]))) += (__ldcc_p->s2)[(t + 64) % 256];
  goto __ldcc_exit;
__ldcc_exit:
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = a; __ldcc_e1 = x; __ldcc_e2 = n; __ldcc_e3 = t; __ldcc_e4 = i; }
    else __ldcc_c.local_diff = __ldcc::differs(a, __ldcc_e0) | __ldcc::differs(x, __ldcc_e1) | __ldcc::differs(n, __ldcc_e2) | __ldcc::differs(t, __ldcc_e3) | __ldcc::differs(i, __ldcc_e4);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 1, __ldcc::SYNC_PLAIN, 0)) {
      a = __ldcc_s0; x = __ldcc_s1; n = __ldcc_s2; t = __ldcc_s3; i = __ldcc_s4;
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
  const int threads = 256, blocks = 512, n = threads * blocks;
  std::vector<float> a(n), x(n);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 97) * 0.125f;
    x[i] = (float)(i % 31) - 15.0f;
  }
  float *da, *dx;
  cudaMalloc(&da, n * sizeof(float));
  cudaMalloc(&dx, n * sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  for (int rep = 0; rep < 2; rep++) {
#ifdef LDCC_NATIVE
  accum<<<blocks, threads, 0, 0>>>(da, dx, n);
#else
  __ldcc::launch(&__ldcc_meta_accum::meta, (const void *)__ldcc_accum, 0, blocks, threads, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_accum<<<__g, __b, __sh, __st>>>(da, dx, n, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   accum<<<__g, __b, __sh, __st>>>(da, dx, n); });
#endif
  }
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(a.data(), da, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("accum: a[0] %g a[1000] %g hash %016llx (%s)\n", a[0], a[1000],
         fnv(a.data(), n * sizeof(float)), cudaGetErrorString(err));
  cudaFree(da);
  cudaFree(dx);
  return 0;
}

#ifndef LDCC_NATIVE
static const int __ldcc_launches[] = {113};
static const int __ldcc_sites_accum[] = {17, 23, 26, 27 + 1};
static const int __ldcc_wl_accum_s[] = {22};
static const int __ldcc_wl_accum_s2[] = {25};
const __ldcc::target_meta __ldcc_meta_accum::targets[2] = {
    __ldcc::target<decltype(__ldcc_layout_accum::s)>(
        "s", offsetof(__ldcc_layout_accum, s), __ldcc_wl_accum_s, 1),
    __ldcc::target<decltype(__ldcc_layout_accum::s2)>(
        "s2", offsetof(__ldcc_layout_accum, s2), __ldcc_wl_accum_s2, 1)};
const __ldcc::kernel_meta __ldcc_meta_accum::meta =
    __ldcc::kernel<__ldcc_layout_accum, __ldcc_meta_accum>(
        "accum", "accum.cu", 17, targets, 2, __ldcc_sites_accum,
        sizeof __ldcc_sites_accum / sizeof(int), __ldcc_launches, 1);
#endif

// VARIANTS: ok
// EXPECT ok: same-output
// EXPECT ok: lacks race (on|through)
// EXPECT ok: has ^ldcc: summary: no races found; 2 checked launches$
// EXPECT ok: exit 0
