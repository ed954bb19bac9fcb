// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: a 16x16 tiled matrix product, two barriers inside the k loop;
// the accumulator is a hoisted local compared between the passes.
#define TILE 16

__global__ void matmul(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    as[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

int main() {
  float *d = 0;
  dim3 grid(4, 4), block(TILE, TILE);
  matmul<<<grid, block>>>(d, d, d, 64);
  return 0;
}


// PLAN: KERNEL name=matmul checked=yes at=9:17
// PLAN-NEXT: TARGET kernel=matmul space=global name=c at=9:63 written=yes
// PLAN-NEXT: TARGET kernel=matmul space=shared name=as at=10:20 written=yes
// PLAN-NEXT: TARGET kernel=matmul space=shared name=bs at=11:20 written=yes
// PLAN-NEXT: BARRIER kernel=matmul form=__syncthreads at=18:5
// PLAN-NEXT: BARRIER kernel=matmul form=__syncthreads at=21:5
// PLAN-NEXT: LAUNCH kernel=matmul at=29:3
// PLAN-NEXT: SITE kernel=matmul id=0 at=9:17 form=entry
// PLAN-NEXT: SITE kernel=matmul id=1 at=18:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=matmul id=2 at=21:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=matmul id=3 at=24:1 form=exit
// PLAN-NEXT: COPIES kernel=matmul scratch=lazy
// PLAN-NEXT: PROOF kernel=matmul proved=yes bounds=x<=extent(as,1),x<=extent(bs,1),y<=extent(as,0),y<=extent(bs,0),z=1
// PLAN-NEXT: OWN kernel=matmul proved=yes conds="1*(gridDim.z-1)<1;1*(blockDim.x-1)<16;1*(blockDim.x-1)+16*(gridDim.x-1)<1*|p3|;1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p3|*(blockDim.y-1)<16*|p3|;1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p3|*(blockDim.y-1)+16*|p3|*(gridDim.y-1)+0<2147483648;1*(blockDim.z-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<16;1*(blockDim.x-1)+16*(gridDim.x-1)<1*|p3|;1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p3|*(blockDim.y-1)<16*|p3|;1*(blockDim.x-1)+16*(gridDim.x-1)+1*|p3|*(blockDim.y-1)+16*|p3|*(gridDim.y-1)+0<2147483648"
// PLAN-NOT: {{.}}
// Two sites in the k loop; every switch lists every label; the
// accumulator is snapshot, saved and compared like every local.
// CLONE: {{^}}struct __ldcc_layout_matmul {
// CLONE-NEXT: {{^}}  float as[TILE][TILE];
// CLONE-NEXT: {{^}}  float bs[TILE][TILE];
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_matmul(const float *a, const float *b, float *c, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, a, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, b, 1); __ldcc::gshift(__ldcc_gi, __ldcc_gc, c, 2);
// CLONE: {{^}}  float acc{};
// CLONE: {{^}}  decltype(acc) __ldcc_s6; decltype(acc) __ldcc_e6;
// CLONE: {{^}}  acc = 0.0f;
// CLONE-NEXT: {{^}}  for (k0 = 0; k0 < n; k0 += TILE) {
// CLONE-NEXT: {{^}}    (*__ldcc::swr(__ldcc_c, &((__ldcc_p->as)[threadIdx.y][threadIdx.x]))) = a[row * n + k0 + threadIdx.x];
// CLONE-NEXT: {{^}}    (*__ldcc::swr(__ldcc_c, &((__ldcc_p->bs)[threadIdx.y][threadIdx.x]))) = b[(k0 + threadIdx.y) * n + col];
// CLONE-NEXT: {{^}}    {
// CLONE: {{^}}      __ldcc_c.local_diff = __ldcc::differs(acc, __ldcc_e6) |
// CLONE-NEXT: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 1, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}      switch (__ldcc_c.start_site) { case 0: goto __ldcc_L0; case 1: goto __ldcc_L1; case 2: goto __ldcc_L2; }
// CLONE: {{^}}__ldcc_L1:;
// CLONE: {{^}}    for (k = 0; k < TILE; ++k)
// CLONE-NEXT: {{^}}      acc += (*__ldcc::srd(__ldcc_c, &((__ldcc_p->as)[threadIdx.y][k]))) * (*__ldcc::srd(__ldcc_c, &((__ldcc_p->bs)[k][threadIdx.x])));
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 2, 0, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}}__ldcc_L2:;
// CLONE: {{^}}  (*__ldcc::glog(__ldcc_c, &(c[row * n + col]))) = acc;
// CLONE: {{^}}    if (__ldcc::region_end(__ldcc_c, __ldcc_bs, 3, 1, __ldcc::SYNC_PLAIN, 0)) {
// CLONE: {{^}} __ldcc::launch_as<decltype(__ldcc::plain_fn(&matmul))>::run(__ldcc__gmeta(0), 0, grid, block, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_matmul::meta, (const void *)__ldcc_matmul, (const void *)__ldcc_matmul__lb, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_matmul__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_matmul<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_matmul<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else matmul<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, d, d, d, 64);
// CLONE: {{^}}static const int __ldcc__sites_0[] = {9, 18, 21, 24};
// CLONE: {{^}}  __ldcc::target<decltype(__ldcc_layout_matmul::as)>("as", __builtin_offsetof(__ldcc_layout_matmul, as), __ldcc__wl_0_0, 1),
// CLONE-NEXT: {{^}}  __ldcc::target<decltype(__ldcc_layout_matmul::bs)>("bs", __builtin_offsetof(__ldcc_layout_matmul, bs), __ldcc__wl_0_1, 1),
