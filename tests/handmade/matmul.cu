// Handmade translation (docs/shared-replay.md §2 shape) of a 16x16 tiled
// matrix product that misses its second barrier: the race reaches only the
// accumulator (a register).  -DFIXED adds the barrier; -DLDCC_NATIVE builds
// the plain original.
#include <cstdio>
#include <vector>
#ifndef LDCC_NATIVE
#include "ldcc/replay.cuh"
#endif
#include <cstdlib>
#include <cstring>

#define TILE 16

struct __ldcc_layout_matmul {
  float As[TILE][TILE];
  float Bs[TILE][TILE];
};

__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; t++) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += As[ty][k] * Bs[k][tx];
#ifdef FIXED
    __syncthreads(); // second
#endif
  }
  C[row * n + col] = acc;
}

#ifndef LDCC_NATIVE
struct __ldcc_meta_matmul {
  static const __ldcc::target_meta targets[2];
  static const __ldcc::kernel_meta meta;
};

__global__ void __ldcc_matmul(const float *A, const float *B, float *C, int n,
                              __ldcc::launch_info __ldcc_li) {
  typedef __ldcc_layout_matmul __ldcc_L;
  __shared__ __ldcc::block_state __ldcc_bs;
  __ldcc::thread_ctx __ldcc_c;
  __ldcc::undo_log __ldcc_ul;
  int tx{}; int ty{}; int row{}; int col{}; float acc{}; int t{}; int k{};
  const float * __ldcc_s0; const float * __ldcc_s1; float * __ldcc_s2; int __ldcc_s3; int __ldcc_s4; int __ldcc_s5; int __ldcc_s6; int __ldcc_s7; float __ldcc_s8; int __ldcc_s9; int __ldcc_s10;
  const float * __ldcc_e0; const float * __ldcc_e1; float * __ldcc_e2; int __ldcc_e3; int __ldcc_e4; int __ldcc_e5; int __ldcc_e6; int __ldcc_e7; float __ldcc_e8; int __ldcc_e9; int __ldcc_e10;
  __ldcc::begin<__ldcc::PLACE_ANY>(__ldcc_c, __ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), alignof(__ldcc_L));
  __ldcc_c.always_dirty = 1; /* hand-written stores carry no swr mark */
  __ldcc_c.always_read = 1;  /* nor their reads a rd mark */
  __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine;
  __ldcc_s0 = A; __ldcc_s1 = B; __ldcc_s2 = C; __ldcc_s3 = n; __ldcc_s4 = tx; __ldcc_s5 = ty; __ldcc_s6 = row; __ldcc_s7 = col; __ldcc_s8 = acc; __ldcc_s9 = t; __ldcc_s10 = k;
  __ldcc_c.start_site = 0;
__ldcc_L0:;
  tx = threadIdx.x, ty = threadIdx.y;
  row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  acc = 0.0f;
  for (t = 0; t < n / TILE; t++) {
    (__ldcc_p->As)[ty][tx] = A[row * n + t * TILE + tx];
    (__ldcc_p->Bs)[ty][tx] = B[(t * TILE + ty) * n + col];
#ifdef FIXED
    {
      if (__ldcc_c.pass == 1) { __ldcc_e0 = A; __ldcc_e1 = B; __ldcc_e2 = C; __ldcc_e3 = n; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = row; __ldcc_e7 = col; __ldcc_e8 = acc; __ldcc_e9 = t; __ldcc_e10 = k; }
      else __ldcc_c.local_diff = __ldcc::differs(A, __ldcc_e0) | __ldcc::differs(B, __ldcc_e1) | __ldcc::differs(C, __ldcc_e2) | __ldcc::differs(n, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(row, __ldcc_e6) | __ldcc::differs(col, __ldcc_e7) | __ldcc::differs(acc, __ldcc_e8) | __ldcc::differs(t, __ldcc_e9) | __ldcc::differs(k, __ldcc_e10);
      if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
        A = __ldcc_s0; B = __ldcc_s1; C = __ldcc_s2; n = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; row = __ldcc_s6; col = __ldcc_s7; acc = __ldcc_s8; t = __ldcc_s9; k = __ldcc_s10;
        switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
      }
      __ldcc_s0 = A; __ldcc_s1 = B; __ldcc_s2 = C; __ldcc_s3 = n; __ldcc_s4 = tx; __ldcc_s5 = ty; __ldcc_s6 = row; __ldcc_s7 = col; __ldcc_s8 = acc; __ldcc_s9 = t; __ldcc_s10 = k;
      __ldcc_c.start_site = 1;
    }
__ldcc_L1:;
#else
    {
      if (__ldcc_c.pass == 1) { __ldcc_e0 = A; __ldcc_e1 = B; __ldcc_e2 = C; __ldcc_e3 = n; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = row; __ldcc_e7 = col; __ldcc_e8 = acc; __ldcc_e9 = t; __ldcc_e10 = k; }
      else __ldcc_c.local_diff = __ldcc::differs(A, __ldcc_e0) | __ldcc::differs(B, __ldcc_e1) | __ldcc::differs(C, __ldcc_e2) | __ldcc::differs(n, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(row, __ldcc_e6) | __ldcc::differs(col, __ldcc_e7) | __ldcc::differs(acc, __ldcc_e8) | __ldcc::differs(t, __ldcc_e9) | __ldcc::differs(k, __ldcc_e10);
      if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
        A = __ldcc_s0; B = __ldcc_s1; C = __ldcc_s2; n = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; row = __ldcc_s6; col = __ldcc_s7; acc = __ldcc_s8; t = __ldcc_s9; k = __ldcc_s10;
        switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
      }
      __ldcc_s0 = A; __ldcc_s1 = B; __ldcc_s2 = C; __ldcc_s3 = n; __ldcc_s4 = tx; __ldcc_s5 = ty; __ldcc_s6 = row; __ldcc_s7 = col; __ldcc_s8 = acc; __ldcc_s9 = t; __ldcc_s10 = k;
      __ldcc_c.start_site = 1;
    }
__ldcc_L1:;
#endif
    for (k = 0; k < TILE; k++)
      acc += (__ldcc_p->As)[ty][k] * (__ldcc_p->Bs)[k][tx];
#ifdef FIXED
    {
      if (__ldcc_c.pass == 1) { __ldcc_e0 = A; __ldcc_e1 = B; __ldcc_e2 = C; __ldcc_e3 = n; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = row; __ldcc_e7 = col; __ldcc_e8 = acc; __ldcc_e9 = t; __ldcc_e10 = k; }
      else __ldcc_c.local_diff = __ldcc::differs(A, __ldcc_e0) | __ldcc::differs(B, __ldcc_e1) | __ldcc::differs(C, __ldcc_e2) | __ldcc::differs(n, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(row, __ldcc_e6) | __ldcc::differs(col, __ldcc_e7) | __ldcc::differs(acc, __ldcc_e8) | __ldcc::differs(t, __ldcc_e9) | __ldcc::differs(k, __ldcc_e10);
      if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_PLAIN, 0)) {
        A = __ldcc_s0; B = __ldcc_s1; C = __ldcc_s2; n = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; row = __ldcc_s6; col = __ldcc_s7; acc = __ldcc_s8; t = __ldcc_s9; k = __ldcc_s10;
        switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
      }
      __ldcc_s0 = A; __ldcc_s1 = B; __ldcc_s2 = C; __ldcc_s3 = n; __ldcc_s4 = tx; __ldcc_s5 = ty; __ldcc_s6 = row; __ldcc_s7 = col; __ldcc_s8 = acc; __ldcc_s9 = t; __ldcc_s10 = k;
      __ldcc_c.start_site = 2;
    }
__ldcc_L2:;
#endif
  }
  (*__ldcc::glog(__ldcc_c, &(C[row * n + col]))) = acc;
  goto __ldcc_exit;
__ldcc_exit:
#ifdef FIXED
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = A; __ldcc_e1 = B; __ldcc_e2 = C; __ldcc_e3 = n; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = row; __ldcc_e7 = col; __ldcc_e8 = acc; __ldcc_e9 = t; __ldcc_e10 = k; }
    else __ldcc_c.local_diff = __ldcc::differs(A, __ldcc_e0) | __ldcc::differs(B, __ldcc_e1) | __ldcc::differs(C, __ldcc_e2) | __ldcc::differs(n, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(row, __ldcc_e6) | __ldcc::differs(col, __ldcc_e7) | __ldcc::differs(acc, __ldcc_e8) | __ldcc::differs(t, __ldcc_e9) | __ldcc::differs(k, __ldcc_e10);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 1, __ldcc::SYNC_PLAIN, 0)) {
      A = __ldcc_s0; B = __ldcc_s1; C = __ldcc_s2; n = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; row = __ldcc_s6; col = __ldcc_s7; acc = __ldcc_s8; t = __ldcc_s9; k = __ldcc_s10;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
    }
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
#else
  {
    if (__ldcc_c.pass == 1) { __ldcc_e0 = A; __ldcc_e1 = B; __ldcc_e2 = C; __ldcc_e3 = n; __ldcc_e4 = tx; __ldcc_e5 = ty; __ldcc_e6 = row; __ldcc_e7 = col; __ldcc_e8 = acc; __ldcc_e9 = t; __ldcc_e10 = k; }
    else __ldcc_c.local_diff = __ldcc::differs(A, __ldcc_e0) | __ldcc::differs(B, __ldcc_e1) | __ldcc::differs(C, __ldcc_e2) | __ldcc::differs(n, __ldcc_e3) | __ldcc::differs(tx, __ldcc_e4) | __ldcc::differs(ty, __ldcc_e5) | __ldcc::differs(row, __ldcc_e6) | __ldcc::differs(col, __ldcc_e7) | __ldcc::differs(acc, __ldcc_e8) | __ldcc::differs(t, __ldcc_e9) | __ldcc::differs(k, __ldcc_e10);
    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 1, __ldcc::SYNC_PLAIN, 0)) {
      A = __ldcc_s0; B = __ldcc_s1; C = __ldcc_s2; n = __ldcc_s3; tx = __ldcc_s4; ty = __ldcc_s5; row = __ldcc_s6; col = __ldcc_s7; acc = __ldcc_s8; t = __ldcc_s9; k = __ldcc_s10;
      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; }
    }
    __ldcc::finish(__ldcc_c, __ldcc_bs);
  }
#endif
}
#endif

int main() {
  const int n = 512;
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (int i = 0; i < n * n; i++) {
    a[i] = (float)((i * 7) % 5 - 2);
    b[i] = (float)((i * 3) % 7 - 3);
  }
  float *da, *db, *dc;
  cudaMalloc(&da, n * n * sizeof(float));
  cudaMalloc(&db, n * n * sizeof(float));
  cudaMalloc(&dc, n * n * sizeof(float));
  cudaMemcpy(da, a.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
  dim3 grid(n / TILE, n / TILE), block(TILE, TILE);
  /* HM_REPS=N: time N more launches (stderr), for the slowdown. */
  int reps = getenv("HM_REPS") ? atoi(getenv("HM_REPS")) : 0;
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int rep = 0; rep <= reps; rep++) {
    if (rep == 1)
      cudaEventRecord(e0);
#ifdef LDCC_NATIVE
  matmul<<<grid, block, 0, 0>>>(da, db, dc, n);
#else
  __ldcc::launch(&__ldcc_meta_matmul::meta, (const void *)__ldcc_matmul, 0, grid, block, 0, 0,
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st, __ldcc::launch_info __li) {
                   __ldcc_matmul<<<__g, __b, __sh, __st>>>(da, db, dc, n, __li); },
                 [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
                   matmul<<<__g, __b, __sh, __st>>>(da, db, dc, n); });
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
  cudaMemcpy(c.data(), dc, n * n * sizeof(float), cudaMemcpyDeviceToHost);
  double sum = 0;
  unsigned long long h = 1469598103934665603ull;
  for (int i = 0; i < n * n; i++) {
    unsigned u;
    memcpy(&u, &c[i], 4);
    h = (h ^ u) * 1099511628211ull;
    sum += c[i];
  }
  printf("C sum %.1f hash %016llx (%s)\n", sum, h, cudaGetErrorString(err));
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  return 0;
}

#ifndef LDCC_NATIVE
static const int __ldcc_launches[] = {155};
#ifdef FIXED
static const int __ldcc_sites_matmul[] = {20, 29, 33, 36 + 1};
#else
static const int __ldcc_sites_matmul[] = {20, 29, 36 + 1};
#endif
static const int __ldcc_wl_matmul_As[] = {27};
static const int __ldcc_wl_matmul_Bs[] = {28};
const __ldcc::target_meta __ldcc_meta_matmul::targets[2] = {
    __ldcc::target<decltype(__ldcc_layout_matmul::As)>(
        "As", offsetof(__ldcc_layout_matmul, As), __ldcc_wl_matmul_As, 1),
    __ldcc::target<decltype(__ldcc_layout_matmul::Bs)>(
        "Bs", offsetof(__ldcc_layout_matmul, Bs), __ldcc_wl_matmul_Bs, 1)};
const __ldcc::kernel_meta __ldcc_meta_matmul::meta =
    __ldcc::kernel<__ldcc_layout_matmul, __ldcc_meta_matmul>(
        "matmul", "matmul.cu", 20, targets, 2, __ldcc_sites_matmul,
        sizeof __ldcc_sites_matmul / sizeof(int), __ldcc_launches, 1);
#endif

// VARIANTS: race fixed
// EXPECT race: has ^ldcc: read-write race through registers in kernel matmul$
// EXPECT race: has ^  region: between matmul.cu:29 and matmul.cu:29$
// EXPECT race: lacks race on shared
// EXPECT race: has ^ldcc: summary: 1 distinct race
// EXPECT race: exit 66
// EXPECT fixed: same-output
// EXPECT fixed: lacks race (on|through)
// EXPECT fixed: has ^ldcc: summary: no races found; 1 checked launch$
// EXPECT fixed: exit 0
