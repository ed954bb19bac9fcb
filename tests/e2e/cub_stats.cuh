// Per-block statistics with CUB block collectives, in a header with its
// launcher, as library-style code is written.  Used by cub_reuse.cu.
#pragma once
#include <cub/cub.cuh>

#include "e2e.h"

// The sum and the maximum of each block's values: two BlockReduce
// collectives on one TempStorage.  CUB's rule: reusing temporary storage
// needs a __syncthreads() first (the racy twin forgets it).
template <int THREADS>
__global__ void block_stats(const int *in, int *sums, int *maxes) {
  typedef cub::BlockReduce<int, THREADS> BlockReduceT;
  __shared__ typename BlockReduceT::TempStorage temp;
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  int sum = BlockReduceT(temp).Sum(v);
#ifndef E2E_RACE
  __syncthreads();
#endif
  int max = BlockReduceT(temp).Reduce(v, ::cuda::maximum<>());
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    maxes[blockIdx.x] = max;
  }
}

// Exclusive offsets and the inclusive prefix of each block with one
// BlockScan storage, correctly separated by a barrier (in both twins).
__global__ void block_scans(const int *in, int *excl, int *incl) {
  typedef cub::BlockScan<int, 128> BlockScanT;
  __shared__ BlockScanT::TempStorage scan_storage;
  int i = blockIdx.x * 128 + threadIdx.x;
  int x = in[i], e, s;
  BlockScanT(scan_storage).ExclusiveSum(x, e);
  __syncthreads();
  BlockScanT(scan_storage).InclusiveSum(x, s);
  excl[i] = e;
  incl[i] = s;
}

// Running prefix sums over several rounds with two BlockScan storages used
// in turn and no barrier of its own: each collective synchronises the block
// inside, so the one between two uses of a storage orders them (race-free
// in both twins; a check that took the array for one storage would report
// it).
__global__ void block_rounds(const int *in, int *out, int rounds) {
  typedef cub::BlockScan<int, 128> BlockScanT;
  __shared__ BlockScanT::TempStorage buffers[2];
  int i = blockIdx.x * 128 + threadIdx.x;
  int x = in[i], acc = 0;
  for (int r = 0; r < rounds; r++) {
    int e;
    BlockScanT(buffers[r & 1]).ExclusiveSum(x + r, e);
    acc += e;
  }
  out[i] = acc;
}

static inline void block_statistics(const int *d_in, int *d_sums,
                                    int *d_maxes, int blocks) {
  block_stats<256><<<blocks, 256>>>(d_in, d_sums, d_maxes);
  E2E_CHECK(cudaGetLastError());
}
