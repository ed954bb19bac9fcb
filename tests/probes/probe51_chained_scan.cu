// Single-pass inclusive scan with a chained hand-over between blocks (the
// StreamScan / "chained scan" scheme): each block takes a tile id from a
// global counter (so tiles are taken in the order the blocks start and a
// block only ever waits for one that already runs), scans its tile with
// cooperative_groups (a warp scan, then a scan of the warp totals), and
// thread 0 waits for the previous tile's flag, reads that tile's inclusive
// prefix, stores its own (prefix + tile total) and raises its own flag.
// The flags are volatile ints, the prefixes plain ints.
// Racy twin (-DE2E_RACE): no __threadfence() between storing the prefix and
// raising the flag, nor between seeing the predecessor's flag and reading
// its prefix: the consumer block may see the flag up and still read the
// predecessor's prefix before it arrives (a race on global memory between
// two blocks that no fence orders; every tile's prefix differs).
// Fixed: __threadfence() on both sides; prints the scan's checksum.
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <vector>

#include "e2e.h"

namespace cg = cooperative_groups;

#define CUDA_CHECK(call) E2E_CHECK(call)

struct ChainState {
  int *tile_counter;       // next tile id to hand out
  volatile int *tile_flag; // 1 once tile_prefix[t] is published
  int *tile_prefix;        // inclusive prefix of tiles 0..t
};

template <int BLOCK, int ITEMS>
__global__ void __launch_bounds__(BLOCK)
    chained_scan(const int *__restrict__ const in, int *__restrict__ const out,
                 const ChainState st, const int n) {
  constexpr int TILE = BLOCK * ITEMS;
  constexpr int WARPS = BLOCK / 32;
  __shared__ int s_tile;
  __shared__ int s_warp_excl[WARPS];
  __shared__ int s_tile_total;
  __shared__ int s_carry;

  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);

  if (block.thread_rank() == 0)
    s_tile = atomicAdd(st.tile_counter, 1);
  block.sync();
  const int tile = s_tile;
  const int base = tile * TILE + threadIdx.x * ITEMS; // blocked arrangement

  int items[ITEMS];
  int thread_sum = 0;
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    items[j] = (base + j < n) ? in[base + j] : 0;
    thread_sum += items[j];
  }

  // Block-wide exclusive scan of the thread sums.
  const int warp_incl = cg::inclusive_scan(warp, thread_sum);
  if (warp.thread_rank() == 31)
    s_warp_excl[warp.meta_group_rank()] = warp_incl;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    const int total = (warp.thread_rank() < WARPS) ? s_warp_excl[warp.thread_rank()] : 0;
    const int incl = cg::inclusive_scan(warp, total);
    if (warp.thread_rank() < WARPS)
      s_warp_excl[warp.thread_rank()] = incl - total;
    if (warp.thread_rank() == WARPS - 1)
      s_tile_total = incl;
  }
  block.sync();

  // Chained hand-over with the previous tile.
  if (block.thread_rank() == 0) {
    int carry = 0;
    if (tile > 0) {
      long long spins = 0;
      while (st.tile_flag[tile - 1] == 0) {
        if (++spins == (1ll << 40)) // debugging aid: never reached
          printf("tile %d: still waiting for tile %d\n", tile, tile - 1);
      }
#ifndef E2E_RACE
      __threadfence();
#endif
      carry = st.tile_prefix[tile - 1];
    }
    st.tile_prefix[tile] = carry + s_tile_total;
#ifndef E2E_RACE
    __threadfence();
#endif
    st.tile_flag[tile] = 1;
    s_carry = carry;
  }
  block.sync();

  int running = s_carry + s_warp_excl[warp.meta_group_rank()] + warp_incl - thread_sum;
#pragma unroll
  for (int j = 0; j < ITEMS; ++j) {
    running += items[j];
    if (base + j < n)
      out[base + j] = running;
  }
}

int main() {
  constexpr int BLOCK = 256, ITEMS = 4, TILE = BLOCK * ITEMS;
  const int n = 60 * TILE - 100;
  const int tiles = (n + TILE - 1) / TILE; // 60 blocks: all resident at once

  std::vector<int> h_in(n), h_out(n);
  for (int i = 0; i < n; ++i)
    h_in[i] = (int)((i * 2654435761u) >> 25) - 60;

  int *d_in, *d_out, *d_counter, *d_flags, *d_prefix;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_counter, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_flags, tiles * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_prefix, tiles * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_counter, 0, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_flags, 0, tiles * sizeof(int)));
  CUDA_CHECK(cudaMemset(d_prefix, 0, tiles * sizeof(int)));

  const ChainState st{d_counter, d_flags, d_prefix};
  chained_scan<BLOCK, ITEMS><<<tiles, BLOCK>>>(d_in, d_out, st, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  int running = 0, bad = 0;
  for (int i = 0; i < n; ++i) {
    running += h_in[i];
    bad += h_out[i] != running;
  }
  printf("scan %s (%d wrong) last %d\n", bad ? "WRONG" : "ok", bad, h_out[n - 1]);
  e2e_print_ints(h_out.data(), n);
#endif
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_counter));
  CUDA_CHECK(cudaFree(d_flags));
  CUDA_CHECK(cudaFree(d_prefix));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel chained_scan
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
