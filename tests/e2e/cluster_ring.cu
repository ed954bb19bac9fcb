// A three-point stencil over tiles of a cluster (kernel and launcher in
// cluster_ring.cuh), the edges read from the neighbouring blocks' shared
// memory.
// Racy twin (-DE2E_RACE): no cluster.sync() between staging the tiles and
// reading the neighbours' edges, so a block may read a neighbour's tile
// before that block wrote it.
#include "cluster_ring.cuh"
#include "e2e.h"

int main() {
  const int n = 16 * kTile;
  static int h[16 * kTile], r[16 * kTile];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 20) % 1000;
  int *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, n * sizeof(int)));
  run_cluster_stencil(din, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, dout, n);
  e2e_print_ints(r, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: race on distributed shared memory
// RACE-CHECK: in kernel cluster_stencil, between blocks of rank
// RACE-CHECK: in the shared memory of the block of rank
// RACE-CHECK: it at cluster_ring.cuh:19
// RACE-CHECK: with no cluster.sync() between
// RACE-CHECK: ldcc: summary:
