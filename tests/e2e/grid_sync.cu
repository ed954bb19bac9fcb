// Cooperative kernels with grid-wide syncs (issue 24, docs/global-check.md
// "Grid sync"), launched with cudaLaunchCooperativeKernel: the check
// across blocks runs them once, cooperatively, and a grid sync starts a
// new region of claims, so blocks touching each other's elements on
// either side of one do not clash.  two_phase fills a and then reads an
// element of another block's part of it; its racy twin (-DE2E_RACE) has
// no grid sync at all (an ordinary kernel then: its claims clash in the
// one run and the copies find the read-write race).  relax smooths x in
// place over several steps, two grid syncs a step; its racy twin drops the
// second, so the next step's reads of the neighbours meet the stores of
// the step before in one region: the race is reported with its region.
// A `<<<>>>` launch of these kernels is not valid CUDA (grid.sync() needs a
// cooperative launch), so there is no second launch form.
#include <cooperative_groups.h>

#include "e2e.h"

namespace cg = cooperative_groups;

#define T 128
#define BLOCKS 8
#define STEPS 4

__global__ void two_phase(int *a, int *b, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = (int)grid.thread_rank();
  a[i] = (i * 37) % 101 + 1;
#ifndef E2E_RACE
  grid.sync();
#endif
  b[i] = a[(i + T) % n] * 3 + i;
}

__global__ void relax(float *x, float *y, int n, int steps) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < steps; s++) {
    int l = i > 0 ? i - 1 : i, r = i + 1 < n ? i + 1 : i;
    y[i] = 0.25f * x[l] + 0.5f * x[i] + 0.25f * x[r];
    grid.sync();
    x[i] = y[i];
#ifndef E2E_RACE
    grid.sync();
#endif
  }
}

int main() {
  const int n = BLOCKS * T;
  static int ha[BLOCKS * T], hb[BLOCKS * T];
  static float hx[BLOCKS * T];
  int coop = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
  if (!coop) {
    printf("no cooperative launch on this device\n");
    return 0;
  }
  for (int i = 0; i < n; i++)
    hx[i] = (float)((i * 13) % 29);
  int *a = e2e_to_device(ha, n), *b = e2e_to_device(hb, n);
  float *x = e2e_to_device(hx, n), *y = e2e_to_device(hx, n);
  int nn = n, steps = STEPS;
  void *args[] = {&a, &b, &nn};
  E2E_CHECK(cudaLaunchCooperativeKernel((const void *)two_phase, dim3(BLOCKS),
                                        dim3(T), args, 0, 0));
  void *rargs[] = {&x, &y, &nn, &steps};
  E2E_CHECK(cudaLaunchCooperativeKernel((const void *)relax, dim3(BLOCKS),
                                        dim3(T), rargs, 0, 0));
  e2e_to_host(hb, b, n);
  e2e_to_host(hx, x, n);
#ifndef E2E_RACE
  e2e_print_ints(hb, n);
  printf("relax x[0] %g hash %llx\n", hx[0], e2e_hash(hx, sizeof hx));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: in kernel two_phase
// RACE-CHECK: ldcc: launch of relax at grid_sync.cu:34 checked across blocks in one direct run (grid syncs: regions between them, launched cooperatively): 8 units,
// RACE-CHECK: read-write race on global memory x[
// RACE-CHECK: in kernel relax
// RACE-CHECK: region: between grid syncs
// RACE-CHECK: 2 checked launches
// RACE-CHECK-NOT: not checked
