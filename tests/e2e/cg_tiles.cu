// Cooperative-groups tiles whose size is a template parameter, the way
// current CUDA code writes its reductions (docs/shared-replay.md, "Locals":
// cooperative-groups handles; golden cg_template_tiles).  Before, both
// kernels were unchecked ("local of a type that cannot be hoisted", "calls
// tile, an object of a template type whose writes are not followed").
//   tile_sums<TILE>: each thread stores its value in shared memory, the
//     block syncs, each tile sums its neighbours' values with cg::reduce
//     and lane 0 of the tile writes the sum.  Racy: no block.sync() after
//     the stores (a tile reads values other warps are still storing: the
//     sum it stores differs between the passes; racecheck sees it too).
//   tile_shuffles<TILE>: shuffles down within each tile and writes one
//     value per tile.  Racy: the slot leaves out the block (every block
//     writes slots 0..31: a write-write race between blocks).
// The fixed twin prints what nvcc's build prints.
#include "e2e.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <int TILE>
__global__ void tile_sums(const float *in, float *out, int n) {
  __shared__ float vals[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vals[threadIdx.x] = i < n ? in[i] : 0.f;
#ifndef E2E_RACE
  block.sync();
#endif
  float v = cg::reduce(tile, vals[(threadIdx.x + 32) % blockDim.x],
                       cg::plus<float>());
  if (tile.thread_rank() == 0)
    out[i / TILE] = v;
}

template <int TILE>
__global__ void tile_shuffles(const float *in, float *out, int n) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<TILE>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  for (int o = tile.size() / 2; o > 0; o /= 2)
    v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) {
#ifdef E2E_RACE
    out[tile.meta_group_rank()] = v;
#else
    out[blockIdx.x * (blockDim.x / TILE) + tile.meta_group_rank()] = v;
#endif
  }
}

int main() {
  const int blocks = 16, threads = 256, n = blocks * threads;
  static float hin[16 * 256], hs[16 * 256 / 16], hh[16 * 256 / 8];
  for (int i = 0; i < n; i++)
    hin[i] = (float)((i * 37) % 23); // whole numbers: exact sums
  float *in = e2e_to_device(hin, n);
  float *s = e2e_to_device(hs, n / 16), *h = e2e_to_device(hh, n / 8);
  tile_sums<16><<<blocks, threads>>>(in, s, n);
  tile_shuffles<8><<<blocks, threads>>>(in, h, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hs, s, n / 16);
  e2e_to_host(hh, h, n / 8);
#ifndef E2E_RACE
  printf("sums %.0f %.0f hash %llx shuffles %.0f %.0f hash %llx\n", hs[0],
         hs[n / 16 - 1], e2e_hash(hs, sizeof hs), hh[0], hh[n / 8 - 1],
         e2e_hash(hh, sizeof hh));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race through a global store in kernel tile_sums<16>
// RACE-CHECK: write-write race on global memory out[
// RACE-CHECK: in kernel tile_shuffles
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
