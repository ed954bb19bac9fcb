// A cooperative kernel that also uses shared memory (issue 24), in the form
// of the CUDA samples' multi-block cooperative-groups kernels: each round,
// every block reduces its part of x in dynamic shared memory (a helper with
// cg::sync inside), publishes the block's sum in partial[blockIdx.x], and
// after grid.sync() every block reads all partial sums.  The shared-memory
// replay cannot run a grid sync, so such a kernel is checked across blocks
// by the direct one run (regions between grid syncs) and its shared memory
// is not checked: the launch says so at run time ("not checked in shared
// memory: grid-wide synchronisation ...").  The racy twin (-DE2E_RACE)
// drops the grid sync at the end of a round, so the next round's store to
// partial[b] meets the other blocks' reads of it in one region: a
// read-write race on global memory, reported with its region.  Before
// session 35 the whole kernel was unchecked.
#include <cooperative_groups.h>

#include "e2e.h"

namespace cg = cooperative_groups;

#define T 128
#define BLOCKS 8
#define ROUNDS 3

__device__ void reduce_block(float *sdata, const cg::thread_block &cta) {
  const unsigned tid = cta.thread_rank();
  for (unsigned s = cta.size() / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    cg::sync(cta);
  }
}

__global__ void smooth_rounds(float *x, float *partial, int n, int rounds) {
  cg::thread_block cta = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  extern __shared__ float sdata[];
  for (int r = 0; r < rounds; r++) {
    float sum = 0.0f;
    for (int i = (int)grid.thread_rank(); i < n; i += (int)grid.size())
      sum += x[i];
    sdata[cta.thread_rank()] = sum;
    cg::sync(cta);
    reduce_block(sdata, cta);
    if (cta.thread_rank() == 0)
      partial[blockIdx.x] = sdata[0];
    grid.sync();
    float total = 0.0f;
    for (unsigned b = 0; b < gridDim.x; b++)
      total += partial[b];
    for (int i = (int)grid.thread_rank(); i < n; i += (int)grid.size())
      x[i] = 0.5f * x[i] + total / (float)n;
#ifndef E2E_RACE
    grid.sync();
#endif
  }
}

int main() {
  const int n = 4 * BLOCKS * T;
  static float hx[4 * BLOCKS * T], hp[BLOCKS];
  int coop = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
  if (!coop) {
    printf("no cooperative launch on this device\n");
    return 0;
  }
  for (int i = 0; i < n; i++)
    hx[i] = (float)((i * 7) % 17);
  float *x = e2e_to_device(hx, n), *partial = e2e_to_device(hp, BLOCKS);
  int nn = n, rounds = ROUNDS;
  void *args[] = {&x, &partial, &nn, &rounds};
  E2E_CHECK(cudaLaunchCooperativeKernel((const void *)smooth_rounds,
                                        dim3(BLOCKS), dim3(T), args,
                                        T * sizeof(float), 0));
  e2e_to_host(hx, x, n);
  e2e_to_host(hp, partial, BLOCKS);
#ifndef E2E_RACE
  printf("x[0] %g x[n-1] %g partial[0] %g hash %llx\n", hx[0], hx[n - 1],
         hp[0], e2e_hash(hx, sizeof hx));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: not checked in shared memory: grid-wide synchronisation (the shared-memory replay cannot run it)
// RACE-CHECK: checked across blocks in one direct run (grid syncs: regions between them, launched cooperatively): 8 units,
// RACE-CHECK: read-write race on global memory partial[
// RACE-CHECK: in kernel smooth_rounds
// RACE-CHECK: region: between grid syncs
