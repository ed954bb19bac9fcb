// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DETPLAN
// Grid-wide syncs (issue 24, docs/global-check.md "Grid sync"): a kernel
// whose grid syncs are in its own body is checked across blocks by the
// direct one run, units blocks, each sync in the clone rewritten to
// `__ldcc::ggrid_sync(__ldcc_gi, G)` (a new region of claims), and every
// launch of it cooperative, the clone's and the original's
// (`__ldcc::launch_coop`).  Left unchecked: a grid sync in a device
// function, inside a lambda or a macro, the split barrier
// (barrier_arrive/barrier_wait); a kernel writing shared memory is checked
// across blocks, its shared memory not (shared_reason); a written parameter
// that is not claimed keeps it from the direct run.  A deterministic build
// still refuses grid syncs (issue 26).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define GSYNC(g) g.sync()

__global__ void two_phase(int *a, int *b, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = grid.thread_rank();
  if (i < n)
    a[i] = i;
  grid.sync();
  if (i < n)
    b[i] = a[(i + 1) % n];
}

__global__ void forms(float *x, int n) {
  cg::grid_group grid = cg::this_grid();
  const cg::grid_group *gp = &grid;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = 1.0f;
  cg::this_grid().sync();
  x[i] += x[(i + 1) % n];
  cg::sync(grid);
  x[i] *= 2.0f;
  gp->sync();
  x[i] -= 1.0f;
}

__device__ void grid_wait(cg::grid_group g) { g.sync(); }

__global__ void in_callee(int *p) {
  cg::grid_group grid = cg::this_grid();
  p[grid.thread_rank()] = 1;
  grid_wait(grid);
}

__global__ void in_lambda(int *p) {
  cg::grid_group grid = cg::this_grid();
  auto wait = [&] { grid.sync(); };
  p[grid.thread_rank()] = 1;
  wait();
}

__global__ void in_macro(int *p) {
  cg::grid_group grid = cg::this_grid();
  p[grid.thread_rank()] = 1;
  GSYNC(grid);
}

__global__ void split(int *p) {
  cg::grid_group grid = cg::this_grid();
  p[grid.thread_rank()] = 1;
  auto t = grid.barrier_arrive();
  grid.barrier_wait(static_cast<decltype(t) &&>(t));
}

__global__ void with_shared(int *p) {
  __shared__ int s[64];
  cg::grid_group grid = cg::this_grid();
  s[threadIdx.x] = (int)grid.thread_rank();
  grid.sync();
  p[grid.thread_rank()] = s[63 - threadIdx.x];
}

__global__ void unclaimed(int *p) {
  cg::grid_group grid = cg::this_grid();
  // p in a pointer difference: a value (a walking alias, `q +=
  // grid.thread_rank()`, would be claimed by address since session 43).
  int *q = p + 1;
  p[grid.thread_rank()] = (int)(q - p);
  grid.sync();
}

int main() {
  int *a = 0, *b = 0, n = 64;
  float *x = 0;
  void *args[] = {&a, &b, &n};
  cudaLaunchCooperativeKernel((const void *)two_phase, dim3(2), dim3(32), args);
  void *fargs[] = {&x, &n};
  cudaLaunchKernel((const void *)forms, dim3(2), dim3(32), fargs, 0, 0);
  unclaimed<<<2, 32>>>(a);
  return 0;
}

// PLAN: KERNEL name=two_phase checked=yes at=22:17 global=yes units=blocks writes=a,b one_run=a,b direct=yes atomics=0 grid_syncs=1
// PLAN-NEXT: KERNEL name=forms checked=yes at=32:17 global=yes units=blocks writes=x one_run=x direct=yes atomics=0 grid_syncs=3
// PLAN-NEXT: KERNEL name=in_callee checked=no reason="grid-wide synchronisation" {{.*}} global=no
// PLAN-NEXT: KERNEL name=in_lambda checked=yes {{.*}} global=no global_reason="grid-wide synchronisation inside a lambda or a macro"
// PLAN-NEXT: KERNEL name=in_macro checked=yes {{.*}} global=no global_reason="grid-wide synchronisation inside a lambda or a macro"
// PLAN-NEXT: KERNEL name=split checked=no reason="grid-wide synchronisation" {{.*}} global=no
// PLAN-NEXT: KERNEL name=with_shared checked=yes at=73:17 global=yes units=blocks writes=p one_run=p direct=yes atomics=0 grid_syncs=1
// PLAN-NEXT: KERNEL name=unclaimed checked=yes {{.*}} global=no global_reason="grid-wide synchronisation: p, which it writes through, is used other than as the base of an access"
// PLAN: OWN kernel=two_phase proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=forms proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=with_shared proved=no reason="direct one run"
// PLAN-NOT: OWN

// The clone's syncs, in every form.
// TEXT: __global__ void __ldcc_g_two_phase(int *a, int *b, int n, __ldcc::global_info __ldcc_gi)
// TEXT: __ldcc::ggrid_sync(__ldcc_gi, grid);
// TEXT: __global__ void __ldcc_g_forms(
// TEXT: __ldcc::ggrid_sync(__ldcc_gi, cg::this_grid());
// TEXT: __ldcc::ggrid_sync(__ldcc_gi, grid);
// TEXT: __ldcc::ggrid_sync(__ldcc_gi, gp);
// The launches: cooperative, the clone's and the original's.
// TEXT: if (__ldcc_l__gi) (void)__ldcc::launch_coop(&__ldcc_g_forms, __ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st, __ldcc_l__a..., *__ldcc_l__gi); else (void)__ldcc::launch_coop(&forms, __ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st, __ldcc_l__a...); }
// TEXT: (void)__ldcc::launch_coop(&unclaimed, __ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st, __ldcc_l__a...); }
// The registered launcher of two_phase (cudaLaunchCooperativeKernel's
// wrapper runs it) launches cooperatively too.
// TEXT: static cudaError_t __ldcc__rl_0(
// TEXT-NEXT: {{.*}}(void)__ldcc::launch_coop(&__ldcc_g_two_phase,
// with_shared's shared memory is checked by the block's shadow (session
// 38), the grid sync stepping its epoch; its registered launcher arms the
// shadow and runs the check across blocks (before, an armed kernel's
// launcher ran the original alone).
// TEXT: static cudaError_t __ldcc__rl_6(
// TEXT-NEXT: {{^}}  __ldcc::its_arm<1>();{{$}}
// TEXT-NEXT: {{.*}}(void)__ldcc::launch_coop(&__ldcc_g_with_shared,
// TEXT: __LDCC_GM_DIRECT | __LDCC_GM_GRID_SYNC

// DETPLAN: KERNEL name=two_phase checked=no reason="grid-wide synchronisation"
