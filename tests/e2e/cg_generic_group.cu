// NVIDIA's cooperative-groups reduction, as the "Cooperative Groups" blog
// post wrote it and much public code copies it: a device function takes a
// generic `thread_group g`, synchronises with `g.sync()`, returns the sum,
// and every call passes the block (`this_thread_block()`); the kernel adds
// the blocks' sums with an atomic in the original, a store per block here.
// Until session 42 such kernels were refused ("sync on a generic
// thread_group"); now `g.sync()` is a block barrier when every call of the
// function binds g to the block, and the kernel's shared memory is checked.
// The second kernel calls the same kind of function with a warp tile: its
// sync is not a block barrier, so it stays refused, with the reason.
// Racy twin (-DE2E_RACE): the sync between the stores and the loads is
// missing, so a thread reads temp[lane + i] before the warp that owns it has
// stored this step's value; the value read lives on in val, so the report is
// a read-write race through registers. (The other classic slip, a missing sync after the
// loads, is a race only by name here: the thread that overwrites the slot
// another reads stores the value already there, as its val did not change;
// racecheck flags it, a value-based check cannot see it, docs/shared-replay.md
// "What the replay cannot see".)
#include <cooperative_groups.h>

#include "e2e.h"

namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
#ifndef E2E_RACE
    g.sync();
#endif
    if (lane < i)
      val += temp[lane + i];
    g.sync();
  }
  return val;
}

__global__ void sum_blocks(int *sums, const int *input, int n) {
  extern __shared__ int temp[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int mine = i < n ? input[i] : 0;
  auto block = cg::this_thread_block();
  int block_sum = reduce_sum(block, temp, mine);
  if (block.thread_rank() == 0)
    sums[blockIdx.x] = block_sum;
}

__device__ int tile_sum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i)
      val += temp[lane + i];
    g.sync();
  }
  return val;
}

__global__ void sum_tiles(int *sums, const int *input) {
  __shared__ int temp[8][32];
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition(block, 32);
  int w = threadIdx.x / 32;
  int s = tile_sum(tile, temp[w], input[blockIdx.x * blockDim.x + threadIdx.x]);
  if (tile.thread_rank() == 0)
    sums[blockIdx.x * 8 + w] = s;
}

int main() {
  const int blocks = 8, threads = 256, n = blocks * threads - 5;
  static int in[blocks * threads], sums[blocks], tiles[blocks * 8];
  for (int i = 0; i < blocks * threads; i++)
    in[i] = (i * 37) % 101 - 50;
  int *din = e2e_to_device(in, blocks * threads), *ds, *dt;
  E2E_CHECK(cudaMalloc(&ds, sizeof sums));
  E2E_CHECK(cudaMalloc(&dt, sizeof tiles));
  sum_blocks<<<blocks, threads, threads * sizeof(int)>>>(ds, din, n);
  E2E_CHECK(cudaGetLastError());
  sum_tiles<<<blocks, threads>>>(dt, din);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(sums, ds, blocks);
  e2e_to_host(tiles, dt, blocks * 8);
  printf("sums %d %d hash %llx\n", sums[0], sums[blocks - 1],
         e2e_hash(sums, sizeof sums));
  printf("tiles %d %d hash %llx\n", tiles[0], tiles[blocks * 8 - 1],
         e2e_hash(tiles, sizeof tiles));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race through registers in kernel sum_blocks
// RACE-CHECK: region: between cg_generic_group.cu:
// RACE-CHECK: ldcc: summary:
