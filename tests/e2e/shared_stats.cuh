// Block statistics in shared memory, the way a utility header writes them:
// a kernel and its launcher.  The maximum and minimum are atomicMax and
// atomicMin on shared ints and the sum a float atomicAdd on a shared float:
// the shared-memory replay merges none of these, so the kernel's shared
// memory is checked by the shadow between warps (docs/inline-checks.md,
// "Shared memory without a replay").
#pragma once
#include <climits>

struct Stats {
  int *maxv;
  int *minv;
  float *sum;
};

template <int BLOCK>
__global__ void block_stats(const int *__restrict__ in, int n, Stats out) {
  __shared__ int s_max, s_min;
  __shared__ float s_sum;
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  if (threadIdx.x == 0) {
    s_max = INT_MIN;
    s_min = INT_MAX;
    s_sum = 0.0f;
  }
#ifndef E2E_RACE
  __syncthreads(); // the block's accumulators are set before any update
#endif
  if (i < n) {
    const int v = in[i];
    atomicMax(&s_max, v);
    atomicMin(&s_min, v);
    atomicAdd(&s_sum, (float)v);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    out.maxv[blockIdx.x] = s_max;
    out.minv[blockIdx.x] = s_min;
    out.sum[blockIdx.x] = s_sum;
  }
}

template <int BLOCK>
inline void launch_block_stats(const int *in, int n, Stats out,
                               cudaStream_t stream = 0) {
  const int blocks = (n + BLOCK - 1) / BLOCK;
  block_stats<BLOCK><<<blocks, BLOCK, 0, stream>>>(in, n, out);
}
