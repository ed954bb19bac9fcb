// llm.c's layernorm_backward kernels (dev/cuda, kernels 2 to 10) the way
// they are written: per-block sums in an extern shared array reached
// through local views (`float *dbias_shared = shared;`,
// `atomicAdd(&dbias_shared[i], v)`, `atomicAdd(dsq_shared + i, v)`), added
// to a global scratch area with atomics, then a ticket taken through a
// cast view of the same scratch (`(unsigned int *)(scratch + 2 * C)`), and
// the block with the last ticket writes the result.  The check across
// blocks refused all of them ("atomic operations: atomicAdd on memory it
// cannot follow"): it followed neither the views of shared memory nor the
// cast.  The direct one run now takes them (global_facts.c local_base,
// alias_root).  Sums are of small integers, exact in float in any order,
// so the fixed twin equals the nvcc build bit for bit.  Racy twin: no
// __threadfence() between the scratch atomics and the ticket (the CUDA
// programming guide's last-block sum fences for this reason): the last
// block's plain reads of scratch are not ordered after the other blocks'
// atomics.  (Shared memory stays unchecked, and says so: the replay does
// not take atomics through the views.)
#include <cstdio>
#include <vector>

#include "e2e.h"

#define C 96
#define ROWS 2048
#define BLOCK 128
#define BLOCKS 64

template <typename floatX>
__global__ void bias_backward(floatX *dbias, float *scratch,
                              const floatX *dout, int N) {
  extern __shared__ float shared[];
  float *dbias_shared = shared;
  float *dsq_shared = shared + C;
  unsigned int *tmp_flag = (unsigned int *)(shared + 2 * C);
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    dbias_shared[i] = 0.0f;
    dsq_shared[i] = 0.0f;
  }
  __syncthreads();
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
  for (int row = blockIdx.x * warps + warp; row < N;
       row += gridDim.x * warps)
    for (int i = lane; i < C; i += 32) {
      float d = (float)dout[row * C + i];
      atomicAdd(&dbias_shared[i], d);
      atomicAdd(dsq_shared + i, d * d);
    }
  __syncthreads();
  float *scratch_dbias = scratch;
  float *scratch_dsq = scratch + C;
  unsigned int *scratchFlag = (unsigned int *)(scratch + 2 * C);
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    atomicAdd(&scratch_dbias[i], dbias_shared[i]);
    atomicAdd(&scratch_dsq[i], dsq_shared[i]);
  }
#ifndef E2E_RACE
  __threadfence();
#endif
  __syncthreads();
  if (threadIdx.x == 0)
    *tmp_flag = atomicAdd(scratchFlag, 1);
  __syncthreads();
  if (*tmp_flag == gridDim.x - 1)
    for (int i = threadIdx.x; i < C; i += blockDim.x)
      dbias[i] = (floatX)(scratch_dbias[i] + 0.5f * scratch_dsq[i]);
}

int main() {
  std::vector<float> h(ROWS * C);
  for (int r = 0; r < ROWS; r++)
    for (int i = 0; i < C; i++)
      h[r * C + i] = (float)((r * 7 + i * 3) % 8);
  float *dout = e2e_to_device(h.data(), h.size());
  float *dbias, *scratch;
  E2E_CHECK(cudaMalloc(&dbias, C * sizeof(float)));
  E2E_CHECK(cudaMalloc(&scratch, (2 * C + 1) * sizeof(float)));
  size_t shmem = (2 * C + 1) * sizeof(float);
  float out[C];
  for (int rep = 0; rep < 2; rep++) {
    E2E_CHECK(cudaMemset(scratch, 0, (2 * C + 1) * sizeof(float)));
    E2E_CHECK(cudaMemset(dbias, 0, C * sizeof(float)));
    bias_backward<float><<<BLOCKS, BLOCK, shmem>>>(dbias, scratch, dout, ROWS);
    E2E_CHECK(cudaGetLastError());
    e2e_to_host(out, dbias, C);
    double total = 0;
    for (int i = 0; i < C; i++)
      total += out[i];
    printf("run %d: total %.1f first %.1f hash %llx\n", rep, total, out[0],
           e2e_hash(out, sizeof out));
  }
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: unguarded read (of a word other units update atomically) on global memory scratch[
// RACE-CHECK: in kernel bias_backward
// RACE-CHECK: 2 checked launches
// RACE-CHECK-NOT: not checked:
