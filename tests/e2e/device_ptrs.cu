// Buffers reached through pointers kept in __constant__ and __device__
// variables (set with cudaMemcpyToSymbol), a style of older CUDA code: a
// parameter struct in constant memory and a device-side buffer pointer.
// Racy twin (-DE2E_RACE): the smoothing step reads its right neighbour from
// the buffer it writes (in place), so a thread at a block's edge reads an
// element the next block may already have overwritten; and the histogram
// step stores (instead of adding atomically) into a bin blocks share.
#include "e2e.h"

struct SimParams {
  float *next;
  const float *curr;
  int *bins;
  int n;
  int nbins;
};

__constant__ SimParams c_sim;
__device__ float *d_field;

__global__ void smooth() {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= c_sim.n)
    return;
#ifdef E2E_RACE
  d_field[i] = 0.5f * (d_field[i] + d_field[i + 1]);
#else
  c_sim.next[i] = 0.5f * (c_sim.curr[i] + c_sim.curr[i + 1]);
#endif
}

__global__ void histogram() {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= c_sim.n)
    return;
  int b = (int)(c_sim.curr[i] * 16.0f) % c_sim.nbins;
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    c_sim.bins[b] = c_sim.bins[b] + 1;
#else
  atomicAdd(&c_sim.bins[b], 1);
#endif
}

int main() {
  const int n = 1 << 16, nbins = 64;
  static float h[1 << 16], r[1 << 16];
  static int hb[64];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 2654435761u) >> 22) / 1024.0f;
  float *curr = e2e_to_device(h, n), *next;
  int *bins;
  E2E_CHECK(cudaMalloc(&next, n * sizeof(float)));
  E2E_CHECK(cudaMemset(next, 0, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&bins, nbins * sizeof(int)));
  E2E_CHECK(cudaMemset(bins, 0, nbins * sizeof(int)));
  SimParams p = {next, curr, bins, n, nbins};
  E2E_CHECK(cudaMemcpyToSymbol(c_sim, &p, sizeof p));
  E2E_CHECK(cudaMemcpyToSymbol(d_field, &curr, sizeof curr));
  smooth<<<n / 256, 256>>>();
  histogram<<<n / 256, 256>>>();
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, next, n);
  e2e_to_host(hb, bins, nbins);
  printf("smooth hash %llx\n", e2e_hash(r, sizeof r));
  e2e_print_ints(hb, nbins);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on global memory
// RACE-CHECK: in kernel smooth
// RACE-CHECK: in kernel histogram
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
