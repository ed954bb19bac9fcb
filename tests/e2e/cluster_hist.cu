// A histogram distributed over the shared memory of a cluster's blocks
// (the pattern of the CUDA programming guide): each block owns a slice of
// the bins, threads add to the owning block's slice with atomicAdd through
// cluster.map_shared_rank, and each block then adds its slice to the
// global histogram.  Launched with cudaLaunchKernelEx and a cluster
// dimension attribute.
// Racy twin (-DE2E_RACE): no cluster.sync() after the atomics, so a block
// reads its slice while other blocks still add to it.
#include <cooperative_groups.h>

#include "e2e.h"

namespace cg = cooperative_groups;

__global__ void cluster_hist(int *bins, const int nbins_per_block,
                             const int *__restrict__ input, size_t n) {
  extern __shared__ int smem[];
  cg::cluster_group cluster = cg::this_cluster();
  const int tid = cg::this_grid().thread_rank();
  const int csize = (int)cluster.dim_blocks().x;
  for (int i = threadIdx.x; i < nbins_per_block; i += blockDim.x)
    smem[i] = 0;
  cluster.sync(); // every slice zeroed before any block adds to it
  for (size_t i = tid; i < n; i += blockDim.x * gridDim.x) {
    int bin = input[i];
    int dst_block_rank = bin / nbins_per_block;
    int dst_offset = bin % nbins_per_block;
    int *dst_smem = cluster.map_shared_rank(smem, dst_block_rank);
    atomicAdd(dst_smem + dst_offset, 1);
  }
#ifndef E2E_RACE
  cluster.sync(); // every addition done before a block reads its slice
#endif
  int *lbins = bins + cluster.block_rank() * nbins_per_block;
  for (int i = threadIdx.x; i < nbins_per_block; i += blockDim.x)
    atomicAdd(&lbins[i], smem[i]);
  (void)csize;
#ifdef E2E_RACE
  cluster.sync(); // the blocks still wait for each other before leaving
#endif
}

int main() {
  const int csize = 2, nbins = 512, per_block = nbins / csize;
  const size_t n = 1 << 16;
  static int h[1 << 16], r[512];
  for (size_t i = 0; i < n; i++)
    h[i] = (int)(((i * 2654435761u) >> 12) % nbins);
  int *din = e2e_to_device(h, n), *dbins;
  E2E_CHECK(cudaMalloc(&dbins, nbins * sizeof(int)));
  E2E_CHECK(cudaMemset(dbins, 0, nbins * sizeof(int)));

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(32);
  config.blockDim = dim3(128);
  config.dynamicSmemBytes = per_block * sizeof(int);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = csize;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.numAttrs = 1;
  config.attrs = attribute;
  E2E_CHECK(cudaLaunchKernelEx(&config, cluster_hist, dbins, per_block,
                               (const int *)din, n));
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, dbins, nbins);
  e2e_print_ints(r, nbins);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: race on distributed shared memory
// RACE-CHECK: in kernel cluster_hist, between blocks of rank
// RACE-CHECK: used an atomic on it at cluster_hist.cu:29
// RACE-CHECK: read it at cluster_hist.cu:36
// RACE-CHECK: ldcc: summary:
