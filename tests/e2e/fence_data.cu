// Kernels that synchronise through memory (fences and flags) and race on
// data besides: the message-passing checks see a hand-over through a flag
// the reader acquired, and nothing else, so before these kernels were
// "checked by the inline message-passing checks" and these races went
// unseen.  They now take the direct run with their fences recorded
// (docs/global-check.md, "Fences"): a clash that no fence and acquire
// order is a race; the message-passing checks ride in the same clone.
//   publish_tiles: each block fills its tile, publishes it (__threadfence()
//     then its flag) and adds its left neighbour's last element once that
//     neighbour's flag is up.  Fixed: tiles of n elements.  Racy: each
//     block also stores one past its tile, over the next block's first
//     element (a write-write race between blocks that no flag orders).
//   consume: pairs of blocks hand a value over through a flag.  Fixed: the
//     reader waits for the flag, fences and reads.  Racy: it reads the
//     value before waiting (the flag then orders nothing).
// The fixed twin prints nvcc's output.
#include "e2e.h"

#define TILES 8
#define N 64
#define PAIRS 4
#define SPINS (1ll << 30) /* a bound: never reached when all blocks run */

__global__ void publish_tiles(float *tiles, volatile int *ready, float *sums) {
  int b = blockIdx.x, t = threadIdx.x;
  tiles[b * N + t] = (float)(b * N + t) * 0.5f;
#ifdef E2E_RACE
  if (t == N - 1 && b + 1 < TILES)
    tiles[b * N + N] = -1.0f;
#endif
  __syncthreads();
  if (t != 0)
    return;
  __threadfence();
  ready[b] = 1;
  float left = 0.0f;
  if (b > 0) {
    long long n = 0;
    while (ready[b - 1] == 0 && n < SPINS)
      n++;
    __threadfence();
    left = tiles[(b - 1) * N + N - 1];
  }
  sums[b] = tiles[b * N] + left;
}

__global__ void consume(int *data, volatile int *flag, int *out) {
  int pair = blockIdx.x / 2;
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x % 2 == 0) {
    data[pair] = 100 + pair;
    __threadfence();
    flag[pair] = 1;
    return;
  }
  long long n = 0;
#ifdef E2E_RACE
  int v = data[pair];
#endif
  while (flag[pair] == 0 && n < SPINS)
    n++;
  __threadfence();
#ifndef E2E_RACE
  int v = data[pair];
#endif
  out[pair] = n < SPINS ? v : -1;
}

int main() {
  float *tiles, *sums, hs[TILES];
  int *ready, *data, *flag, *out, ho[PAIRS];
  E2E_CHECK(cudaMalloc(&tiles, (TILES * N + 1) * sizeof(float)));
  E2E_CHECK(cudaMalloc(&sums, TILES * sizeof(float)));
  E2E_CHECK(cudaMalloc(&ready, TILES * sizeof(int)));
  E2E_CHECK(cudaMalloc(&data, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&flag, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMemset(ready, 0, TILES * sizeof(int)));
  E2E_CHECK(cudaMemset(flag, 0, PAIRS * sizeof(int)));
  publish_tiles<<<TILES, N>>>(tiles, ready, sums);
  consume<<<2 * PAIRS, 32>>>(data, flag, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hs, sums, TILES);
  e2e_to_host(ho, out, PAIRS);
#ifndef E2E_RACE
  printf("sums %g %g hash %llx\n", hs[0], hs[TILES - 1], e2e_hash(hs, sizeof hs));
  e2e_print_ints(ho, PAIRS);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory tiles[
// RACE-CHECK: in kernel publish_tiles
// RACE-CHECK: read-write race on global memory data[
// RACE-CHECK: in kernel consume
// RACE-CHECK: no fence orders them
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
