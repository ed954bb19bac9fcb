// A dynamic-programming row step the way Rodinia's pathfinder (and
// HeCBench's port of it) writes it: each block stages its row segment in
// shared memory, takes the minimum of three neighbours per step with a
// barrier between steps, and thread 11 of every block marks a slot of a
// debugging buffer (`debug[src[x] % 64] = 1;`), so blocks store the same
// value to the same slot.  Two units storing one value are no race unless
// LDCC_OPTIONS=report_same_value_writes=1, and the fixed twin must report
// nothing.  HeCBench's pathfinder, which has this form, is reported by
// ldcc (session 39's real-program sweep): "read-write race through a global
// store" on that slot, a store whose memory another block changed between
// the replay's passes.  The replay's comparison now gives way once the one
// run has flagged another unit's store (include/ldcc/replay.cuh
// one_run_clashed), but pathfinder is still reported, so some other path
// remains; this program, smaller, was not reported on one H200 (run with
// the change only).
// The translator proves the kernel race-free in shared memory, so the
// NOPROOF copy (proofs=0) is the one that runs the replay.
// Racy twin (-DE2E_RACE): no barrier between staging the row and the
// first step's neighbour reads (racecheck reports the hazard; ldcc sees
// the first step's results in `result` change once a warp sees the other
// warps' staged values).
#include "e2e.h"

#define BS 128
#define STEPS 4

__global__ void row_step(const int *__restrict__ wall, const int *__restrict__ src,
                         int *__restrict__ dst, int *__restrict__ debug, int cols) {
  __shared__ int prev[BS];
  __shared__ int result[BS];
  int tx = threadIdx.x;
  int x = blockIdx.x * (BS - 2 * STEPS) + tx - STEPS;
  bool valid = x >= 0 && x < cols;
  prev[tx] = valid ? src[x] : 1 << 28;
#ifndef E2E_RACE
  __syncthreads();
#endif
  for (int i = 0; i < STEPS; i++) {
    if (tx > i && tx < BS - 1 - i) {
      int left = prev[tx - 1], up = prev[tx], right = prev[tx + 1];
      int m = left < up ? left : up;
      m = m < right ? m : right;
      result[tx] = m + (valid ? wall[i * cols + x] : 0);
      if (tx == 11 && i == 0 && valid)
        debug[src[x] % 64] = 1;
    }
    __syncthreads();
    if (tx > i && tx < BS - 1 - i)
      prev[tx] = result[tx];
    __syncthreads();
  }
  if (tx >= STEPS && tx < BS - STEPS && valid)
    dst[x] = prev[tx];
}

int main() {
  const int cols = 64 * (BS - 2 * STEPS);
  static int wall[STEPS * 64 * (BS - 2 * STEPS)], src[64 * (BS - 2 * STEPS)];
  static int dst[64 * (BS - 2 * STEPS)], debug[64];
  for (int i = 0; i < STEPS * cols; i++)
    wall[i] = (i * 37) % 10;
  for (int x = 0; x < cols; x++)
    src[x] = (x * 13) % 7;
  int *dwall = e2e_to_device(wall, STEPS * cols);
  int *dsrc = e2e_to_device(src, cols), *ddst, *ddebug;
  E2E_CHECK(cudaMalloc(&ddst, cols * sizeof(int)));
  E2E_CHECK(cudaMalloc(&ddebug, sizeof debug));
  E2E_CHECK(cudaMemset(ddebug, 0, sizeof debug));
  row_step<<<64, BS>>>(dwall, dsrc, ddst, ddebug, cols);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(dst, ddst, cols);
  e2e_to_host(debug, ddebug, 64);
  e2e_print_ints(dst, cols);
  e2e_print_ints(debug, 64);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel row_step
// RACE-CHECK-NOT: through a global store
// RACE-CHECK: ldcc: summary:
