// Handmade translation (docs/shared-replay.md §2 shape) of a 2-D stencil in
// 12x10 blocks: 120 threads, so the last of four warps has 24 lanes.  The
// racy variant reads neighbours with no barrier after the tile is written;
// -DFIXED adds it.  -DLDCC_NATIVE builds the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif

struct __ldcc_layout_blur {
  float tile[10][12];
};

__global__ void blur(const float *in, float *out, int w, int h) {
  __shared__ float tile[10][12];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 12 + tx, y = blockIdx.y * 10 + ty;
  tile[ty][tx] = (x < w && y < h) ? in[y * w + x] : 0.0f;
#ifdef FIXED
  __syncthreads();
#endif
  if (x < w && y < h)
    out[y * w + x] = tile[ty][tx] + 0.5f * tile[(ty + 1) % 10][tx] + 0.25f * tile[ty][(tx + 1) % 12];
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_blur {
  static const __ldcc::target_meta targets[1];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_blur(const float *in, float *out, int w, int h,
                            __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_blur __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int tx{}; int ty{}; int x{}; int y{};
  const float * __ldcc_s0; float * __ldcc_s1; int __ldcc_s2; int __ldcc_s3; int __ldcc_s4; int __ldcc_s5; int __ldcc_s6; int __ldcc_s7;
  const float * __ldcc_e0; float * __ldcc_e1; int __ldcc_e2; int __ldcc_e3; int __ldcc_e4; int __ldcc_e5; int __ldcc_e6; int __ldcc_e7;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = w; __ldcc_s3 = h; __ldcc_s4 = tx; __ldcc_s5 = ty; __ldcc_s6 = x; __ldcc_s7 = y;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  tx = threadIdx.x, ty = threadIdx.y;
  x = blockIdx.x * 12 + tx, y = blockIdx.y * 10 + ty;
  (__ldcc_p->tile)[ty][tx] = (x < w && y < h) ? in[y * w + x] : 0.0f;
#ifdef FIXED
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = w; __ldcc_e3 = h; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = x; __ldcc_e7 = y; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(w, __ldcc_e2) | __ldcc::differs(h, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(x, __ldcc_e6) | __ldcc::differs(y, __ldcc_e7);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; w = __ldcc_s2; h = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; x = __ldcc_s6; y = __ldcc_s7;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc_s0 = in; __ldcc_s1 = out; __ldcc_s2 = w; __ldcc_s3 = h; __ldcc_s4 = tx; __ldcc_s5 = ty; __ldcc_s6 = x; __ldcc_s7 = y;
    __ldcc_c.start_site = 1;
  }
__ldcc_L1:;
#endif
  if (x < w && y < h)
    (*__ldcc::glog(__ldcc_c, &(out[y * w + x]))) = (__ldcc_p->tile)[ty][tx] + 0.5f * (__ldcc_p->tile)[(ty + 1) % 10][tx] + 0.25f * (__ldcc_p->tile)[ty][(tx + 1) % 12];
  goto __ldcc_exit;
__ldcc_exit:
#ifdef FIXED
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = w; __ldcc_e3 = h; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = x; __ldcc_e7 = y; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(w, __ldcc_e2) | __ldcc::differs(h, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(x, __ldcc_e6) | __ldcc::differs(y, __ldcc_e7);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; w = __ldcc_s2; h = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; x = __ldcc_s6; y = __ldcc_s7;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
#else
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = in; __ldcc_e1 = out; __ldcc_e2 = w; __ldcc_e3 = h; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = x; __ldcc_e7 = y; }
    else __ldcc_c.local_diff = __ldcc::differs(in, __ldcc_e0) | __ldcc::differs(out, __ldcc_e1) | __ldcc::differs(w, __ldcc_e2) | __ldcc::differs(h, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(x, __ldcc_e6) | __ldcc::differs(y, __ldcc_e7);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 1, __ldcc::SYNC_PLAIN, 0)) {
      in = __ldcc_s0; out = __ldcc_s1; w = __ldcc_s2; h = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; x = __ldcc_s6; y = __ldcc_s7;
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
  const int w = 100, h = 77;
  std::vector<float> in(w * h), out(w * h);
  for (int i = 0; i < w * h; i++)
    in[i] = (float)((i * 13) % 29) + 0.5f;
  float *din, *dout;
  cudaMalloc(&din, w * h * sizeof(float));
  cudaMalloc(&dout, w * h * sizeof(float));
  cudaMemcpy(din, in.data(), w * h * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, w * h * sizeof(float));
  dim3 grid((w + 11) / 12, (h + 9) / 10), block(12, 10);
#ifdef LDCC_NATIVE
  blur<<<grid, block, 0, 0>>>(din, dout, w, h);
#else
  __ldcc::launch(&__ldcc_meta_blur::meta, (const void *)__ldcc_blur, 0, grid, block, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_blur<<<__g, __b, __sh, __st>>>(din, dout, w, h, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   blur<<<__g, __b, __sh, __st>>>(din, dout, w, h); });
#endif
  cudaError_t err = cudaGetLastError();
  cudaMemcpy(out.data(), dout, w * h * sizeof(float), cudaMemcpyDeviceToHost);
  printf("blur: out[0] %g out[w*h-1] %g hash %016llx (%s)\n", out[0], out[w * h - 1],
         fnv(out.data(), w * h * sizeof(float)), cudaGetErrorString(err));
  cudaFree(din);
  cudaFree(dout);
  return 0;
}

#ifndef LDCC_NATIVE
#ifdef FIXED
static const int __ldcc_launches[] = {110};
static const int __ldcc_sites_blur[] = {15, 21, 24 + 1};
static const int __ldcc_wl_blur_tile[] = {19};
const __ldcc::target_meta __ldcc_meta_blur::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_blur::tile)>(
        "tile", offsetof(__ldcc_layout_blur, tile), __ldcc_wl_blur_tile, 1)};
const __ldcc::kernel_meta __ldcc_meta_blur::meta =
    __ldcc::kernel<__ldcc_layout_blur, __ldcc_meta_blur>(
        "blur", "blur.cu", 15, targets, 1, __ldcc_sites_blur,
        sizeof __ldcc_sites_blur / sizeof(int), __ldcc_launches, 1);
#else
static const int __ldcc_launches[] = {110};
static const int __ldcc_sites_blur[] = {15, 24 + 1};
static const int __ldcc_wl_blur_tile[] = {19};
const __ldcc::target_meta __ldcc_meta_blur::targets[1] = {
    __ldcc::target<decltype(__ldcc_layout_blur::tile)>(
        "tile", offsetof(__ldcc_layout_blur, tile), __ldcc_wl_blur_tile, 1)};
const __ldcc::kernel_meta __ldcc_meta_blur::meta =
    __ldcc::kernel<__ldcc_layout_blur, __ldcc_meta_blur>(
        "blur", "blur.cu", 15, targets, 1, __ldcc_sites_blur,
        sizeof __ldcc_sites_blur / sizeof(int), __ldcc_launches, 1);
#endif
#endif

// VARIANTS: race fixed
// EXPECT race: has ^ldcc: read-write race through a global store in kernel blur$
// EXPECT race: has ^  region: between kernel entry and kernel exit$
// EXPECT race: exit 66
// EXPECT fixed: same-output
// EXPECT fixed: lacks race (on|through)
// EXPECT fixed: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT fixed: exit 0
