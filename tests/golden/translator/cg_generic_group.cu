// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A generic `thread_group` parameter that every call binds to the block
// (NVIDIA's cooperative-groups blog's reduce_sum, session 42): its
// `g.sync()` is a block barrier.  The same function called once with a
// warp tile, or used other than in a call, stays refused.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
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

__global__ void by_block(int *sums, const int *in) {
  extern __shared__ int temp[];
  cg::thread_block block = cg::this_thread_block();
  int s = reduce_sum(block, temp, in[threadIdx.x]);
  s += reduce_sum(cg::this_thread_block(), temp, s);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = s;
}

__device__ int mixed_sum(cg::thread_group g, int *temp, int val) {
  temp[g.thread_rank()] = val;
  g.sync();
  return temp[0];
}

__global__ void by_block_and_tile(int *sums) {
  __shared__ int temp[256];
  auto block = cg::this_thread_block();
  int s = mixed_sum(block, temp, 1);
  s += mixed_sum(cg::tiled_partition(block, 32), temp + threadIdx.x / 32 * 32, s);
  sums[threadIdx.x] = s;
}

__device__ int pointed_sum(cg::thread_group g, int *temp, int val) {
  temp[g.thread_rank()] = val;
  g.sync();
  return temp[0];
}

__device__ int (*const keep)(cg::thread_group, int *, int) = pointed_sum;

__global__ void by_pointer_too(int *sums) {
  __shared__ int temp[256];
  sums[threadIdx.x] = pointed_sum(cg::this_thread_block(), temp, 1);
}

void run(int *s, const int *in) {
  by_block<<<2, 256, 256 * sizeof(int)>>>(s, in);
  by_block_and_tile<<<2, 256>>>(s);
  by_pointer_too<<<2, 256>>>(s);
}

// PLAN: KERNEL name=by_block checked=yes
// PLAN-NEXT: KERNEL name=by_block_and_tile checked=no reason="sync on a generic thread_group"
// PLAN-NEXT: KERNEL name=by_pointer_too checked=no reason="sync on a generic thread_group"
// PLAN: BARRIER kernel=reduce_sum form=cg.sync at=16:5
// PLAN-NEXT: BARRIER kernel=reduce_sum form=cg.sync at=19:5
