// Block reductions written with cooperative groups' collectives, the way
// the newer CUDA samples and code derived from them write them: a template
// on the element type, dynamic shared memory through SharedMemory<T>
// (shared_memory_util.cuh), a tile handle made at the top and used after
// the block's barrier, `T v = cg::reduce(tile, x, cg::plus<T>())` per warp,
// and a multi-warp tile whose size is a local constant (`const int G = 64;
// cg::tiled_partition<G>(block)`).  Before session 39 the first kernel was
// "not checked in shared memory: local of a type that cannot be hoisted"
// (the template's `T warpVal = cg::reduce(...)` was taken for a group
// handle) and the second's clone was rejected by nvcc (`const int G` was
// hoisted as a variable, no longer a constant expression), so the build
// fell back to an unchecked one.
// Racy twin (-DE2E_RACE): no cg::sync(block) between the warps' partial
// sums and the first warp's reading them (racecheck reports the hazard;
// ldcc sees the first warp's sum change once it sees the other warps'
// partials: "read-write race through a global store", the block's result).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "e2e.h"
#include "shared_memory_util.cuh"

namespace cg = cooperative_groups;

template <class T>
__global__ void cg_reduce(const T *__restrict__ g_idata, T *__restrict__ g_odata,
                          unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  T *sdata = SharedMemory<T>();
  unsigned int gridSize = blockDim.x * gridDim.x;
  T threadVal = 0;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridSize)
    threadVal += g_idata[i];
  T warpVal = cg::reduce(tile, threadVal, cg::plus<T>());
  if (tile.thread_rank() == 0)
    sdata[tile.meta_group_rank()] = warpVal;
#ifndef E2E_RACE
  cg::sync(block);
#endif
  if (tile.meta_group_rank() == 0) {
    T v = tile.thread_rank() < tile.meta_group_size()
              ? sdata[tile.thread_rank()]
              : T(0);
    v = cg::reduce(tile, v, cg::plus<T>());
    if (tile.thread_rank() == 0)
      g_odata[blockIdx.x] = v;
  }
}

template <class T>
__global__ void multi_warp_reduce(const T *__restrict__ g_idata,
                                  T *__restrict__ g_odata, unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  const int G = 64;
  T *sdata = SharedMemory<T>();
  cg::thread_block_tile<G> group = cg::tiled_partition<G>(block);
  unsigned int gridSize = blockDim.x * gridDim.x;
  T threadVal = 0;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridSize)
    threadVal += g_idata[i];
  threadVal = cg::reduce(group, threadVal, cg::plus<T>());
  if (group.thread_rank() == 0)
    sdata[group.meta_group_rank()] = threadVal;
  cg::sync(block);
  if (threadIdx.x == 0) {
    T beta = 0;
    for (unsigned int i = 0; i < blockDim.x / G; i++)
      beta += sdata[i];
    g_odata[blockIdx.x] = beta;
  }
}

int main() {
  const int n = 1 << 18, blocks = 64, threads = 256;
  static int h[1 << 18], out[64];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 22) - 512;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  cg_reduce<int><<<blocks, threads, (threads / 32) * sizeof(int)>>>(d, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  multi_warp_reduce<int><<<blocks, threads, (threads / 64) * sizeof(int)>>>(
      d, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel cg_reduce<int>
// RACE-CHECK-NOT: in kernel multi_warp_reduce
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
