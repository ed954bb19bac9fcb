// RUN: %ldcc-translate --coverage %s -std=c++17 | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s -std=c++17 > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Values cooperative groups compute, next to the handles they make (session
// 39): in a kernel template, `T warpVal = cg::reduce(tile, x, cg::plus<T>())`
// has a dependent type and a call into cg's namespace for initialiser, and
// was taken for a group handle (cursor.c ld__cg_object), which the replay
// refused ("local of a type that cannot be hoisted"); only the functions
// that make groups (this_thread_block, tiled_partition, ...) make handles.
// And a `const int G = 64;` local that a tile's size names
// (`cg::tiled_partition<G>(block)`) or a local array's: hoisted as a
// variable (`int G{}; ... G = 64;`) it was no longer a constant expression
// and nvcc rejected the clone; a const integer clang folds to a constant
// now moves to the clone's top whole (replay_facts.c integral_constant).
// (tests/e2e/cg_reduce.cu runs both on the GPU.)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <class T>
__global__ void warp_sums(const T *in, T *out) {
  __shared__ T partial[32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  T warpVal = cg::reduce(tile, in[blockIdx.x * blockDim.x + threadIdx.x],
                         cg::plus<T>());
  if (tile.thread_rank() == 0)
    partial[tile.meta_group_rank()] = warpVal;
  cg::sync(block);
  if (threadIdx.x == 0) {
    T s = 0;
    for (unsigned w = 0; w < tile.meta_group_size(); w++)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

__global__ void group_sums(const int *in, int *out) {
  __shared__ int partial[16];
  cg::thread_block block = cg::this_thread_block();
  const int G = 64;
  const int R = G / 16;
  cg::thread_block_tile<G> group = cg::tiled_partition<G>(block);
  int r[R];
  for (int k = 0; k < R; k++)
    r[k] = in[blockIdx.x * blockDim.x + threadIdx.x] * k;
  int v = cg::reduce(group, r[R - 1], cg::plus<int>());
  if (group.thread_rank() == 0)
    partial[group.meta_group_rank()] = v;
  cg::sync(block);
  if (threadIdx.x == 0) {
    int s = 0;
    for (unsigned w = 0; w < blockDim.x / G; w++)
      s += partial[w];
    out[blockIdx.x] = s;
  }
}

void run(const float *a, float *b, const int *c, int *d) {
  warp_sums<float><<<8, 256>>>(a, b);
  group_sums<<<8, 256>>>(c, d);
}

// COV: KERNEL name=warp_sums at=22 coverage=full shared=yes
// COV: KERNEL name=group_sums at=39 coverage=full shared=yes
// TEXT: __ldcc_warp_sums(const T *in, T *out, __ldcc::launch_info
// TEXT: T warpVal{};
// TEXT: warpVal = cg::reduce(tile,
// TEXT: __ldcc_group_sums(const int *in, int *out, __ldcc::launch_info
// TEXT: const int G = 64;
// TEXT-NEXT: const int R = G / 16;
// TEXT-NEXT: cg::thread_block_tile<G> group = cg::tiled_partition<G>(block);
// TEXT-NEXT: int r[R]{};
