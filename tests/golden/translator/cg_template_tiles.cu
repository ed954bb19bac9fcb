// RUN: %ldcc-translate --coverage %s -std=c++17 | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s -std=c++17 > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Cooperative-groups tiles in kernel templates, the tile size a template
// parameter (`template <int TILE>`, as cuda-samples and most modern code
// write them): `cg::thread_block_tile<TILE> tile =
// cg::tiled_partition<TILE>(block)`, `auto tile = ...`, `auto block =
// cg::this_thread_block()`.  The tile's type and the partition call are
// dependent there: the replay now finds the partition through the call's
// overload set (replay_facts.c tile_of_block, cursor.c ld__callee_decl)
// and hoists the handle as in a plain kernel; the writes walk no longer
// counts a call on such a handle (`tile.thread_rank()`, `cg::reduce(tile,
// ...)`) as a call of an object whose writes it cannot follow (writes.c,
// cursor.c ld__cg_object).  Before, both kernels were unchecked: "local of
// a type that cannot be hoisted" and "calls tile, an object of a template
// type whose writes are not followed".  A `float` made by a cg call (`v =
// cg::reduce(...)`) is a plain local.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// COV: KERNEL name=tile_sums {{.*}}coverage=full shared=yes global=yes
// TEXT: __global__ void{{.*}}__ldcc_tile_sums(
// TEXT: cg::thread_block block = cg::this_thread_block();
// TEXT-NEXT: cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
template <int TILE>
__global__ void tile_sums(const float *in, float *out, int n) {
  __shared__ float vals[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vals[threadIdx.x] = i < n ? in[i] : 0.f;
  block.sync();
  float v = cg::reduce(tile, vals[threadIdx.x ^ 1], cg::plus<float>());
  if (tile.thread_rank() == 0)
    out[i / TILE] = v;
}

// COV: KERNEL name=tile_shuffles {{.*}}coverage=full shared=yes global=yes
// TEXT: __global__ void{{.*}}__ldcc_tile_shuffles(
// TEXT: auto block = cg::this_thread_block();
// TEXT-NEXT: auto tile = cg::tiled_partition<TILE>(block);
template <int TILE>
__global__ void tile_shuffles(const float *in, float *out, int n) {
  __shared__ float vals[256];
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<TILE>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vals[threadIdx.x] = i < n ? in[i] : 0.f;
  cg::sync(block);
  float v = vals[threadIdx.x ^ 1];
  for (int o = tile.size() / 2; o > 0; o /= 2)
    v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0)
    out[blockIdx.x * (256 / TILE) + tile.meta_group_rank()] = v;
}

// A tile of a tile is not a tile of the block: still refused in the
// replay (its handle is not re-created at the clone's top).
// COV: KERNEL name=tile_of_tile {{.*}}shared=no shared_reason="local of a type that cannot be hoisted (tile)" global=yes
template <int TILE>
__global__ void tile_of_tile(const float *in, float *out) {
  __shared__ float vals[256];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  auto tile = cg::tiled_partition<TILE>(warp);
  vals[threadIdx.x] = in[threadIdx.x];
  block.sync();
  out[threadIdx.x] = tile.shfl(vals[threadIdx.x ^ 1], 0);
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  tile_sums<16><<<4, 256>>>(a, b, 1024);
  tile_shuffles<8><<<4, 256>>>(a, b, 1024);
  tile_of_tile<8><<<1, 256>>>(a, b);
  return 0;
}
