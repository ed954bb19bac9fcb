// Per-block maximum, minimum and sum with shared atomics (atomicMax,
// atomicMin, a float atomicAdd), kernel and launcher in a header.  The
// replay cannot merge these atomics; before session 38 the kernel's shared
// memory was "not checked in shared memory: shared atomic other than add or
// subtract" and its races went unreported.  Now the shadow checks it between
// warps.  Racy twin (-DE2E_RACE): no barrier between thread 0 setting the
// accumulators and the other warps' atomics on them (racecheck sees it too).
#include "e2e.h"
#include "shared_stats.cuh"

int main() {
  const int n = 1 << 16, block = 256, blocks = n / block;
  static int h[1 << 16], hmax[256], hmin[256];
  static float hsum[256];
  for (int i = 0; i < n; i++)
    h[i] = (int)(((unsigned)i * 2654435761u >> 8) % 2000u) - 1000;
  int *din = e2e_to_device(h, n);
  Stats st;
  E2E_CHECK(cudaMalloc(&st.maxv, blocks * sizeof(int)));
  E2E_CHECK(cudaMalloc(&st.minv, blocks * sizeof(int)));
  E2E_CHECK(cudaMalloc(&st.sum, blocks * sizeof(float)));
  launch_block_stats<256>(din, n, st);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hmax, st.maxv, blocks);
  e2e_to_host(hmin, st.minv, blocks);
  e2e_to_host(hsum, st.sum, blocks);
  e2e_print_ints(hmax, blocks);
  e2e_print_ints(hmin, blocks);
  long long total = 0;
  for (int b = 0; b < blocks; b++)
    total += (long long)hsum[b]; // integers below 2^24: exact in any order
  printf("sum %lld\n", total);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: race on shared variable s_
// RACE-CHECK: in kernel block_stats
// RACE-CHECK: , between warps
// RACE-CHECK: with no __syncthreads() between
// RACE-CHECK: ldcc: summary:
