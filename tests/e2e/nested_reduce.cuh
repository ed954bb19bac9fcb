// Block-reduction helpers in the form llm.c's dev/cuda/common.h carries
// them (tests/e2e/nested_reduce.cu): a device function template with the
// barriers and a shared array of its own, and an overload with default
// arguments that returns its value (`return blockReduce<f>(val, false,
// 0.0f);`), so the kernel reaches the barriers through two functions.
#pragma once

#define WARP_SIZE 32

typedef float (*reduction_func_t)(float);

__device__ inline float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2)
    val += __shfl_xor_sync(0xFFFFFFFF, val, offset);
  return val;
}

__device__ inline float warpReduceMax(float val) {
  for (int offset = 16; offset > 0; offset /= 2)
    val = fmaxf(val, __shfl_xor_sync(0xFFFFFFFF, val, offset));
  return val;
}

template <reduction_func_t warp_reduction>
__device__ inline float blockReduce(float val, bool final_sync,
                                    float out_of_bounds) {
  // two reductions of up to 1024 threads: inside warp (shuffle), across
  // warps (shared memory), inside warp (shuffle)
  __shared__ float shared_val[WARP_SIZE];
  const int lane_id = threadIdx.x % WARP_SIZE;
  const int warp_id = threadIdx.x / WARP_SIZE;
  const int num_warps = blockDim.x / WARP_SIZE;

  float warp_val = warp_reduction(val);
  if (lane_id == 0) {
    shared_val[warp_id] = warp_val;
  }
#ifndef E2E_RACE
  __syncthreads();
#endif
  warp_val = (lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds;
  float block_val = warp_reduction(warp_val);

  if (final_sync) {
    __syncthreads(); // only needed when shared memory is reused
  }
  return block_val;
}

// Helper function to call blockReduce with default arguments
template <reduction_func_t warp_reduction>
__device__ inline float blockReduce(float val) {
  return blockReduce<warp_reduction>(val, false, 0.0f);
}

// A void helper that reaches the barriers through the value one.
__device__ inline void blockStats(float v, float *sum, float *max) {
  *sum = blockReduce<warpReduceSum>(v, true, 0.0f);
  *max = blockReduce<warpReduceMax>(v, true, -INFINITY);
}
