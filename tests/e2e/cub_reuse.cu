// CUB block collectives reusing their shared TempStorage (issue 24): the
// temporary storage stays real shared memory in the replay clone (CUB
// synchronises the block inside each collective, which per-warp copies
// cannot follow) and each collective's use of it is checked against CUB's
// rule that storage is reused only after a __syncthreads().  Before, the
// template kernel's storage counted as never written (no replay, "checked"
// and silent) and the other's was copied per warp under CUB's own barriers.
// Racy twin (-DE2E_RACE): block_stats runs Reduce on the storage Sum just
// used without the barrier; thread 0 may still read warp aggregates Sum
// left there while other warps' lane 0 write Reduce's (racecheck reports
// the hazard).  Fixed: with the barrier.  block_scans and block_rounds (two
// storages used in turn) are race-free in both.
#include "cub_stats.cuh"

int main() {
  const int blocks = 48, n = blocks * 256;
  static int h[48 * 256], sums[48], maxes[48], excl[48 * 256], incl[48 * 256];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 21) % 1000 - 400;
  int *d = e2e_to_device(h, n), *dsums, *dmaxes, *dexcl, *dincl;
  E2E_CHECK(cudaMalloc(&dsums, sizeof sums));
  E2E_CHECK(cudaMalloc(&dmaxes, sizeof maxes));
  E2E_CHECK(cudaMalloc(&dexcl, sizeof excl));
  E2E_CHECK(cudaMalloc(&dincl, sizeof incl));
  block_statistics(d, dsums, dmaxes, blocks);
  e2e_to_host(sums, dsums, blocks);
  e2e_to_host(maxes, dmaxes, blocks);
  e2e_print_ints(sums, blocks);
  e2e_print_ints(maxes, blocks);
  block_scans<<<n / 128, 128>>>(d, dexcl, dincl);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(excl, dexcl, n);
  e2e_to_host(incl, dincl, n);
  e2e_print_ints(excl, n);
  e2e_print_ints(incl, n);
  block_rounds<<<n / 128, 128>>>(d, dexcl, 5);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(excl, dexcl, n);
  e2e_print_ints(excl, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable temp (CUB temporary storage) in kernel block_stats
// RACE-CHECK: ldcc: summary:
// RACE-CHECK: in 1 kernel; 3 checked launches
// RACE-CHECK-NOT: in kernel block_scans
// RACE-CHECK-NOT: in kernel block_rounds
// RACE-CHECK-NOT: not checked
