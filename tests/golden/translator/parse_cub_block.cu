// CUB's block primitives construct their items with placement new in device
// code, which exists in clang only through its cuda_wrappers/new: the parser
// must find clang's own resource directory.
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>

template <int THREADS, int ITEMS>
__global__ void block_sum(const int *in, int *out) {
  typedef cub::BlockLoad<int, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>
      Load;
  typedef cub::BlockReduce<int, THREADS> Reduce;
  __shared__ typename Load::TempStorage load_tmp;
  __shared__ typename Reduce::TempStorage reduce_tmp;
  int items[ITEMS];
  Load(load_tmp).Load(in + blockIdx.x * THREADS * ITEMS, items);
  int sum = Reduce(reduce_tmp).Sum(items);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

__global__ void direct(const float *in, float *out) {
  float items[4];
  cub::LoadDirectWarpStriped(threadIdx.x, in, items);
  out[threadIdx.x] = items[0] + items[3];
}

int main() {
  block_sum<128, 4><<<8, 128>>>(0, 0);
  direct<<<1, 32>>>(0, 0);
  return 0;
}

// PLAN: KERNEL name=block_sum checked={{yes|no}} at=11:17
// PLAN: KERNEL name=direct checked={{yes|no}} at=24:17
// PLAN: LAUNCH kernel=block_sum at=31:3
// PLAN: LAUNCH kernel=direct at=32:3
