// A halo exchange between the blocks of a thread-block cluster through
// distributed shared memory (Hopper): each block stages its tile in shared
// memory and reads its neighbours' edges with cluster.map_shared_rank.
#pragma once
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kTile = 128;

template <typename T>
__global__ void __cluster_dims__(4, 1, 1)
    cluster_stencil(const T *__restrict__ in, T *__restrict__ out) {
  __shared__ T tile[kTile];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const unsigned nblocks = cluster.num_blocks();
  const int tid = threadIdx.x;
  tile[tid] = in[blockIdx.x * kTile + tid];
#ifndef E2E_RACE
  cluster.sync(); // every tile staged before a neighbour reads it
#endif
  T left = tid > 0 ? tile[tid - 1] : T(0);
  T right = tid + 1 < kTile ? tile[tid + 1] : T(0);
  if (tid == 0 && rank > 0) {
    T *prev = cluster.map_shared_rank(tile, rank - 1);
    left = prev[kTile - 1];
  }
  if (tid == kTile - 1 && rank + 1 < nblocks) {
    T *next = cluster.map_shared_rank(tile, rank + 1);
    right = next[0];
  }
  out[blockIdx.x * kTile + tid] = left + tile[tid] + right;
  cluster.sync(); // no block leaves while a neighbour may still read it
}

template <typename T> void run_cluster_stencil(const T *in, T *out, int n) {
  cluster_stencil<T><<<n / kTile, kTile>>>(in, out);
}
