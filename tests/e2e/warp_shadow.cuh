// llm.c-style backward pass of a bias (layernorm_backward_kernel2's form):
// each warp owns rows, reduces them with shuffles in the kernel itself and
// adds its share into a float accumulator in dynamic shared memory with
// atomicAdd through a local view; the block then adds its accumulators to
// the global gradient.  The replay cannot merge float shared atomics, and
// the shuffles make the kernel warp-synchronous: before session 47 it was
// "not checked in shared memory" (its warp tables see lanes, not warps).
#pragma once
#include <cuda_runtime.h>

__device__ inline float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

template <int BLOCK>
__global__ void bias_backward(float *__restrict__ dbias,
                              const float *__restrict__ dout, int rows, int C) {
  extern __shared__ float shared[];
  const int warp_id = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int nwarps = BLOCK / 32;
  float *dbias_shared = shared;
  for (int i = threadIdx.x; i < C; i += BLOCK)
    dbias_shared[i] = 0.0f;
#ifndef E2E_RACE
  __syncthreads();
#endif
  for (int row = blockIdx.x * nwarps + warp_id; row < rows;
       row += gridDim.x * nwarps) {
    const float *d = dout + (size_t)row * C;
    float total = 0.0f;
    for (int i = lane; i < C; i += 32)
      total += d[i];
    for (int o = 16; o > 0; o /= 2)
      total += __shfl_xor_sync(0xffffffffu, total, o);
    // integers below 2^24: every order of the float additions is exact
    const float mean = total >= 0.0f ? 1.0f : -1.0f;
    for (int i = lane; i < C; i += 32)
      atomicAdd(&dbias_shared[i], d[i] + mean);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < C; i += BLOCK)
    atomicAdd(&dbias[i], dbias_shared[i]);
}

template <int BLOCK>
void launch_bias_backward(float *dbias, const float *dout, int rows, int C,
                          int blocks) {
  bias_backward<BLOCK>
      <<<blocks, BLOCK, C * sizeof(float)>>>(dbias, dout, rows, C);
}

// Each warp broadcasts its row's sum through a shared slot its lane 0
// writes; the lanes read it after a __syncwarp() (warp_shadow_lanes.cu's
// racy twin leaves it out: an intra-warp race the tables beside the shadow
// report), then scale their elements into the block's float accumulators.
template <int BLOCK>
__global__ void row_scale(float *__restrict__ out, const float *__restrict__ in,
                          int rows, int C) {
  __shared__ float s_total[BLOCK / 32];
  __shared__ float acc[64];
  const int warp_id = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < 64; i += BLOCK)
    acc[i] = 0.0f;
  __syncthreads();
  for (int row = blockIdx.x * (BLOCK / 32) + warp_id; row < rows;
       row += gridDim.x * (BLOCK / 32)) {
    float v = in[(size_t)row * 64 + lane] + in[(size_t)row * 64 + lane + 32];
    v = warp_sum(v);
    if (lane == 0)
      s_total[warp_id] = v > 0.0f ? 1.0f : 2.0f;
#ifndef E2E_LANE_RACE
    __syncwarp();
#endif
    const float f = s_total[warp_id];
    atomicAdd(&acc[lane], in[(size_t)row * 64 + lane] * f);
    atomicAdd(&acc[lane + 32], in[(size_t)row * 64 + lane + 32] * f);
    __syncwarp();
  }
  __syncthreads();
  for (int i = threadIdx.x; i < 64; i += BLOCK)
    atomicAdd(&out[i], acc[i]);
}

template <int BLOCK>
void launch_row_scale(float *out, const float *in, int rows, int blocks) {
  row_scale<BLOCK><<<blocks, BLOCK>>>(out, in, rows, 64);
}
