// The block's shadow beside the warp tables (docs/inline-checks.md,
// "Beside the warp tables"): a warp-synchronous kernel (shuffles in its
// body) with float atomics into dynamic shared memory, which the replay
// refuses, is checked between warps by the shadow and between lanes by
// the tables.  Racy twin (-DE2E_RACE): no barrier between zeroing the
// accumulators and the other warps' atomics on them (racecheck reports the
// same hazard).
#include "e2e.h"
#include "warp_shadow.cuh"

int main() {
  const int rows = 512, C = 192, blocks = 8;
  static float h[512 * 192], hb[192];
  for (int i = 0; i < rows * C; i++)
    h[i] = (float)((int)(((unsigned)i * 2654435761u >> 9) % 61u) - 30);
  float *dout = e2e_to_device(h, (size_t)rows * C);
  float *dbias;
  E2E_CHECK(cudaMalloc(&dbias, C * sizeof(float)));
  E2E_CHECK(cudaMemset(dbias, 0, C * sizeof(float)));
  launch_bias_backward<256>(dbias, dout, rows, C, blocks);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hb, dbias, C);
  int ib[192];
  for (int i = 0; i < C; i++)
    ib[i] = (int)hb[i];
  e2e_print_ints(ib, C);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// clang-format off
// RACE-CHECK: ldcc: race on shared variable dbias_shared in kernel bias_backward, between warps
// RACE-CHECK: used an atomic on it at warp_shadow.cuh:40
// RACE-CHECK: with no __syncthreads() between
// clang-format on
// RACE-CHECK-NOT: not checked in shared memory
// RACE-CHECK: ldcc: summary:
