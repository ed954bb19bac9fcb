// The warp tables keep checking lanes when the block's shadow checks warps
// beside them (docs/inline-checks.md, "Beside the warp tables"): a kernel
// with shuffles, a per-warp broadcast slot and float atomics into shared
// accumulators.  Racy twin (-DE2E_RACE): no __syncwarp() between lane 0
// writing the warp's slot and the other lanes reading it.
#ifdef E2E_RACE
#define E2E_LANE_RACE 1
#endif
#include "e2e.h"
#include "warp_shadow.cuh"

int main() {
  const int rows = 256, blocks = 4;
  static float h[256 * 64], ho[64];
  for (int i = 0; i < rows * 64; i++)
    h[i] = (float)((int)(((unsigned)i * 2246822519u >> 7) % 41u) - 20);
  float *din = e2e_to_device(h, (size_t)rows * 64);
  float *dout;
  E2E_CHECK(cudaMalloc(&dout, 64 * sizeof(float)));
  E2E_CHECK(cudaMemset(dout, 0, 64 * sizeof(float)));
  launch_row_scale<128>(dout, din, rows, blocks);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(ho, dout, 64);
  int io[64];
  for (int i = 0; i < 64; i++)
    io[i] = (int)ho[i];
  e2e_print_ints(io, 64);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: intra-warp race on shared variable s_total[
// RACE-CHECK: in kernel row_scale
// RACE-CHECK: with no __syncwarp, warp collective or barrier between
// RACE-CHECK-NOT: between warps
// RACE-CHECK: ldcc: summary:
