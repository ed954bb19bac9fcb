// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=CHECKMODE
// RUN: %ldcc-translate --deterministic %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -D__LDCC_DETERMINISTIC=1 -c %t.cu -o %t.o
// --ldcc-deterministic (docs/deterministic.md): each KERNEL line says what
// the mode makes of the kernel; warp-synchronous kernels get no inline
// checks; the replay clone is the check's (include/ldcc/replay.cuh switches
// to one pass under __LDCC_DETERMINISTIC, which the last RUN compiles).

// A kernel with shared targets and global stores: in this mode its
// shared-memory clones take the global copies too (composed): one more
// parameter, the units' shifts before `begin`, and launches through the
// check across blocks around the shared-memory launch.
// PLAN: KERNEL name=tree checked=yes at=[[@LINE+2]]:17 global=yes units=blocks writes=out one_run=out det=yes
// CHECKMODE: KERNEL name=tree checked=yes at=[[@LINE+1]]:17 global=yes units=blocks writes=out one_run=out block_warps=2{{$}}
__global__ void tree(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int k = 128; k > 0; k /= 2) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// Shared atomics and an accumulating global atomic: the replay applies
// the global atomic itself, once; its only global write, integer additions
// commute, so the kernel is ordered (issue 26; with a plain global store
// too it would be det=partial: tests/golden/driver/deterministic.test).
// PLAN: KERNEL name=hist checked=yes at=[[@LINE+1]]:17 global=no global_reason="checked by the shared-memory replay" det=yes
__global__ void hist(const unsigned char *in, unsigned *bins) {
  __shared__ unsigned local[64];
  if (threadIdx.x < 64)
    local[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&local[in[blockIdx.x * blockDim.x + threadIdx.x] % 64], 1u);
  __syncthreads();
  if (threadIdx.x < 64)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

// PLAN: KERNEL name=only_shared checked=yes at=[[@LINE+1]]:17 det=yes
__global__ void only_shared(int *flag) {
  __shared__ int s[64];
  s[threadIdx.x % 64] = threadIdx.x;
  __syncthreads();
  (void)s[flag[0] % 64];
}

// PLAN: KERNEL name=scale checked=yes at=[[@LINE+1]]:17 global=yes units=warps writes=y one_run=y,x det=yes
__global__ void scale(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i];
}

// A warp-synchronous tail: the check gives it inline checks, carried by
// the global clone; the mode gives it none and orders its global stores
// by warps.
// PLAN: KERNEL name=tail checked=yes at=[[@LINE+2]]:17 global=yes units=warps writes=out one_run=in,out det=yes
// CHECKMODE: KERNEL name=tail checked=yes at=[[@LINE+1]]:17 global=yes units=warps writes=out one_run=in,out
__global__ void tail(const int *in, int *out) {
  int v = in[threadIdx.x];
  v += __shfl_down_sync(0xffffffffu, v, 16);
  v += __shfl_down_sync(0xffffffffu, v, 8);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v;
}

// PLAN: KERNEL name=locked checked=yes at=[[@LINE+1]]:17 global=no global_reason="atomic other than atomicAdd or atomicSub" det=no det_reason="atomic other than atomicAdd or atomicSub"
__global__ void locked(int *lock, int *data) {
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  data[0] += 1;
  atomicExch(lock, 0);
}
// PLAN-NOT: ITS
// CHECKMODE: ITS kernel=tail checked=yes
// CHECKMODE-NOT: det=
// CLONE-NOT: __ldcc::its_
// CLONE: __global__ void __ldcc_g_tree(const int *in, int *out, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return;
// CLONE: __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_tree(const int *in, int *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 0); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 1);
// CLONE: __ldcc::begin<
// CLONE: __global__ void __launch_bounds__(1024) __ldcc_tree__lb(const int *in, int *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc
// CLONE: __ldcc_g_scale
// CLONE: __ldcc_g_tail

int main() {
  int *i = 0;
  float *f = 0;
  // CLONE: __ldcc::launch_as<decltype(__ldcc::plain_fn(&tree))>::run(__ldcc__gmeta({{[0-9]+}}), 0, 1, 256, 0, 0, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_tree::meta, (const void *)__ldcc_tree, (const void *)__ldcc_tree__lb, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&]({{.*}}) { if (__ldcc_l__big) __ldcc_tree__lb<<<{{.*}}>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_tree<<<{{.*}}>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&]({{.*}}) { if (__ldcc_m__gi) __ldcc_g_tree<<<{{.*}}>>>(__ldcc_m__a..., *__ldcc_m__gi); else tree<<<{{.*}}>>>(__ldcc_m__a...); }); }, i, i);
  tree<<<1, 256>>>(i, i);
  hist<<<1, 64>>>((const unsigned char *)i, (unsigned *)i);
  only_shared<<<1, 64>>>(i);
  scale<<<1, 32>>>(f, f, 2.0f, 32);
  tail<<<1, 64>>>(i, i);
  locked<<<1, 1>>>(i, i);
  return 0;
}
