// A dynamic-programming row step the way Rodinia's pathfinder (and
// HeCBench's port of it) writes it: each block stages its row segment in
// shared memory, takes the minimum of three neighbours per step with a
// barrier between steps, and thread 11 of every block marks a slot of a
// debugging buffer (`debug[src[x] % 64] = 1;`), so blocks store the same
// value to the same slot.  Two units storing one value are no race unless
// LDCC_OPTIONS=report_same_value_writes=1, and the fixed twin must report
// nothing.  HeCBench's pathfinder (4000 blocks) was reported by ldcc
// (session 39's real-program sweep): "read-write race through a global
// store" on that slot.  The replay stores, undoes and stores again each
// global store, and blocks that share memory (the check across blocks put
// 4000 blocks on 64 copies; a kernel the check across blocks runs on the
// program's memory) undid each other's stores between a block's pass 2 and
// its comparison.  Since session 40 a block claims the words it stores to
// in the launch's stores table and leaves words other blocks claimed out
// of its comparison (include/ldcc/replay.cuh, stores_claim).  Here 256
// blocks share 2 copies (ENV: max_copies=2; without the table the fixed
// twin was reported so on one H200, and not always without the option).
// row_step<true> also counts the marks with an atomic, so the check across
// blocks runs it directly on the program's memory, where the two blocks'
// stores are judged by their values: the later block read the word while
// the earlier one had undone its pass-1 store (0 before, 1 after the
// launch: a write-write race of two values, reported on one H200 before
// session 40); the later block now looks at the word for a while longer
// (include/ldcc/global.h, gclash_take).
// The translator proves the kernel race-free in shared memory, so the
// NOPROOF copy (proofs=0) is the one that runs the replay.
// Racy twin (-DE2E_RACE): no barrier between staging the row and the
// first step's neighbour reads (racecheck reports the hazard; ldcc sees
// the first step's results in `result` change once a warp sees the other
// warps' staged values).
#include "e2e.h"

#define BS 128
#define STEPS 4
#define BLOCKS 256

template <bool Count>
__global__ void row_step(const int *__restrict__ wall,
                         const int *__restrict__ src, int *__restrict__ dst,
                         int *__restrict__ debug, unsigned *__restrict__ marks,
                         int cols) {
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
      if (tx == 11 && i == 0 && valid) {
        debug[src[x] % 64] = 1;
        if (Count)
          atomicAdd(marks, 1u);
      }
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
  const int cols = BLOCKS * (BS - 2 * STEPS);
  static int wall[STEPS * BLOCKS * (BS - 2 * STEPS)],
      src[BLOCKS * (BS - 2 * STEPS)];
  static int dst[BLOCKS * (BS - 2 * STEPS)], debug[64];
  for (int i = 0; i < STEPS * cols; i++)
    wall[i] = (i * 37) % 10;
  for (int x = 0; x < cols; x++)
    src[x] = (x * 13) % 7;
  int *dwall = e2e_to_device(wall, STEPS * cols);
  int *dsrc = e2e_to_device(src, cols), *ddst, *ddebug;
  unsigned *dmarks, marks = 0;
  E2E_CHECK(cudaMalloc(&ddst, cols * sizeof(int)));
  E2E_CHECK(cudaMalloc(&ddebug, sizeof debug));
  E2E_CHECK(cudaMalloc(&dmarks, sizeof marks));
  for (int counted = 0; counted < 2; counted++) {
    E2E_CHECK(cudaMemset(ddebug, 0, sizeof debug));
    E2E_CHECK(cudaMemset(dmarks, 0, sizeof marks));
    if (counted)
      row_step<true><<<BLOCKS, BS>>>(dwall, dsrc, ddst, ddebug, dmarks, cols);
    else
      row_step<false><<<BLOCKS, BS>>>(dwall, dsrc, ddst, ddebug, dmarks, cols);
    E2E_CHECK(cudaGetLastError());
    e2e_to_host(dst, ddst, cols);
    e2e_to_host(debug, ddebug, 64);
    E2E_CHECK(cudaMemcpy(&marks, dmarks, sizeof marks, cudaMemcpyDeviceToHost));
    e2e_print_ints(dst, cols);
    e2e_print_ints(debug, 64);
    printf("marks %u\n", marks);
  }
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// ENV: LDCC_OPTIONS=max_copies=2
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel row_step
// RACE-CHECK-NOT: through a global store
// RACE-CHECK: ldcc: summary:
