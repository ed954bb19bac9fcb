// A cooperative kernel with a shared-memory tile (issue 24's "cooperative
// two-phase kernel"): each round every block stages its part of u in a tile
// with a halo, smooths it into tmp, and after grid.sync() copies tmp back;
// a second grid.sync() ends the round.  The replay cannot run a grid sync,
// so before session 38 the tile was "not checked in shared memory:
// grid-wide synchronisation"; the shadow now checks it between warps, and
// the check across blocks (direct one run, regions between grid syncs)
// checks u and tmp.  Racy twin (-DE2E_RACE): no __syncthreads() between
// staging the tile and reading the neighbours' elements of it: the last
// lane of a warp reads the element the next warp's first lane stages.
#include <cooperative_groups.h>

#include "e2e.h"

namespace cg = cooperative_groups;

#define T 128
#define BLOCKS 8
#define ROUNDS 4

__global__ void smooth_coop(float *u, float *tmp, const int n, int rounds) {
  cg::grid_group grid = cg::this_grid();
  __shared__ float tile[T + 2];
  for (int r = 0; r < rounds; r++) {
    for (int base = blockIdx.x * T; base < n; base += gridDim.x * T) {
      const int i = base + threadIdx.x;
      tile[threadIdx.x + 1] = i < n ? u[i] : 0.0f;
      if (threadIdx.x == 0)
        tile[0] = base > 0 ? u[base - 1] : 0.0f;
      if (threadIdx.x == T - 1)
        tile[T + 1] = base + T < n ? u[base + T] : 0.0f;
#ifndef E2E_RACE
      __syncthreads(); // the tile is staged before neighbours read it
#endif
      if (i < n)
        tmp[i] = 0.25f * tile[threadIdx.x] + 0.5f * tile[threadIdx.x + 1] +
                 0.25f * tile[threadIdx.x + 2];
      __syncthreads(); // read before the next chunk overwrites the tile
    }
    grid.sync();
    for (int i = (int)grid.thread_rank(); i < n; i += (int)grid.size())
      u[i] = tmp[i];
    grid.sync();
  }
}

int main() {
  const int n = 4 * BLOCKS * T;
  static float hu[4 * BLOCKS * T];
  int coop = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
  if (!coop) {
    printf("no cooperative launch on this device\n");
    return 0;
  }
  for (int i = 0; i < n; i++)
    hu[i] = (float)((i * 37) % 101);
  float *u = e2e_to_device(hu, n), *tmp;
  E2E_CHECK(cudaMalloc(&tmp, n * sizeof(float)));
  int nn = n, rounds = ROUNDS;
  void *args[] = {&u, &tmp, &nn, &rounds};
  E2E_CHECK(cudaLaunchCooperativeKernel((const void *)smooth_coop, dim3(BLOCKS),
                                        dim3(T), args, 0, 0));
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hu, u, n);
  printf("u[0] %a u[n/2] %a hash %llx\n", hu[0], hu[n / 2],
         e2e_hash(hu, n * sizeof *hu));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: race on shared variable tile[
// RACE-CHECK: in kernel smooth_coop, between warps
// RACE-CHECK: wrote it at coop_shared.cu:27
// RACE-CHECK: read it at coop_shared.cu:3
// RACE-CHECK: ldcc: summary:
