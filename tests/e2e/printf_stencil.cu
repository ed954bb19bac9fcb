// A three-point smoothing stencil with its halo in shared memory and the
// printf a developer leaves in while debugging (block 0, thread 0 prints
// what it computed).  The replay runs a region twice when warps read what
// others wrote there, and its printf printed twice: a race-free program's
// output changed under ldcc.  The clone now prints in pass 1 only,
// `(__ldcc_c.pass == 1 ? printf(...) : 0)` (replay_facts.c visit_printf).
// Racy twin: no barrier between loading the tile and reading neighbours.
#include <cstdio>

#include "e2e.h"

#define TILE 128

__global__ void smooth(const float *in, float *out, int n, int debug) {
  __shared__ float tile[TILE + 2];
  __shared__ float sm[TILE];
  int g = blockIdx.x * TILE + threadIdx.x;
  int l = threadIdx.x + 1;
  tile[l] = g < n ? in[g] : 0.f;
  if (threadIdx.x == 0)
    tile[0] = g > 0 ? in[g - 1] : 0.f;
  if (threadIdx.x == TILE - 1)
    tile[TILE + 1] = g + 1 < n ? in[g + 1] : 0.f;
#ifndef E2E_RACE
  __syncthreads();
#endif
  sm[threadIdx.x] = 0.25f * tile[l - 1] + 0.5f * tile[l] + 0.25f * tile[l + 1];
  if (debug && blockIdx.x == 0 && threadIdx.x == 0)
    printf("debug: block 0 sm[0] = %.3f (tile %.1f %.1f %.1f)\n", sm[0],
           tile[0], tile[1], tile[2]);
  __syncthreads();
  if (g < n)
    out[g] = threadIdx.x > 0 ? sm[threadIdx.x] - sm[threadIdx.x - 1]
                             : sm[threadIdx.x];
}

int main() {
  const int n = 1 << 16;
  static float h[n];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 37) % 11);
  float *in = e2e_to_device(h, n), *out;
  E2E_CHECK(cudaMalloc(&out, n * sizeof(float)));
  smooth<<<n / TILE, TILE>>>(in, out, n, 1);
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaDeviceSynchronize());
  e2e_to_host(h, out, n);
  printf("hash %llx\n", e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel smooth
// RACE-CHECK-NOT: not checked
