// Correct warp-level code that the intra-warp checks must not flag: lanes
// exchange data through shuffles, a tiled_partition's sync and reduce, a
// ballot, and warp-aggregated atomics (one lane per coalesced group takes
// the slots, the others learn the base through a shuffle).  There is no
// racy twin: the ldcc build must print exactly what the nvcc build prints
// and exit 0.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "e2e.h"

namespace cg = cooperative_groups;

#define BLOCK 256

// Warp sums by shuffles; lane 0 of each warp stores its sum.
__global__ void shfl_sum(const int *in, int *out) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  int v = in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = v;
}

// Neighbours read each other's shared slots after the tile's sync, then
// the tile reduces; a ballot counts the positive values.
__global__ void tile_exchange(const int *in, int *out, int *positive) {
  __shared__ int s[BLOCK];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * BLOCK + t];
  tile.sync();
  int x = s[t ^ 1] - s[t];
  tile.sync();
  s[t] = x;
  tile.sync();
  int sum = cg::reduce(tile, s[t ^ 31], cg::plus<int>());
  unsigned vote = __ballot_sync(0xffffffffu, x > 0);
  if (tile.thread_rank() == 0) {
    out[blockIdx.x * (BLOCK / 32) + t / 32] = sum;
    positive[blockIdx.x * (BLOCK / 32) + t / 32] = __popc(vote);
  }
}

// Stream compaction of the multiples of 3 with warp-aggregated atomics.
// The order of the output depends on scheduling, its sum does not.
__global__ void compact(const int *in, int *out, int *count) {
  int v = in[blockIdx.x * BLOCK + threadIdx.x];
  if (v % 3 == 0) {
    cg::coalesced_group g = cg::coalesced_threads();
    int base = 0;
    if (g.thread_rank() == 0)
      base = atomicAdd(count, (int)g.size());
    base = g.shfl(base, 0);
    out[base + g.thread_rank()] = v;
  }
}

int main() {
  const int blocks = 128, n = blocks * BLOCK, warps = n / 32;
  static int h[128 * BLOCK], sums[128 * BLOCK / 32], tiles[128 * BLOCK / 32],
      pos[128 * BLOCK / 32], packed[128 * BLOCK];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 22) - 512;
  int *d = e2e_to_device(h, n), *dsums, *dtiles, *dpos, *dpacked, *dcount;
  E2E_CHECK(cudaMalloc(&dsums, sizeof sums));
  E2E_CHECK(cudaMalloc(&dtiles, sizeof tiles));
  E2E_CHECK(cudaMalloc(&dpos, sizeof pos));
  E2E_CHECK(cudaMalloc(&dpacked, sizeof packed));
  E2E_CHECK(cudaMalloc(&dcount, sizeof(int)));
  E2E_CHECK(cudaMemset(dcount, 0, sizeof(int)));
  shfl_sum<<<blocks, BLOCK>>>(d, dsums);
  tile_exchange<<<blocks, BLOCK>>>(d, dtiles, dpos);
  compact<<<blocks, BLOCK>>>(d, dpacked, dcount);
  E2E_CHECK(cudaGetLastError());
  int count = 0;
  e2e_to_host(sums, dsums, warps);
  e2e_to_host(tiles, dtiles, warps);
  e2e_to_host(pos, dpos, warps);
  e2e_to_host(&count, dcount, 1);
  e2e_to_host(packed, dpacked, count);
  long long packed_sum = 0;
  for (int i = 0; i < count; i++)
    packed_sum += packed[i];
  printf("sums %llx tiles %llx positive %llx compacted %d sum %lld\n",
         e2e_hash(sums, sizeof sums), e2e_hash(tiles, sizeof tiles),
         e2e_hash(pos, sizeof pos), count, packed_sum);
  return 0;
}
