// A single-pass reduction written the way CUDA's samples write one: a
// template kernel over <block size, power of two>, dynamic shared memory
// through a SharedMemory<T> accessor, a cooperative-groups block handed to
// the device functions by value, the block's partial sum stored by a
// helper (`reduceBlocks`), then `__threadfence()` and an `atomicInc`
// ticket, and the block with the last ticket sums the partials.  Before
// session 46 its global memory had no check across blocks ("memory fence:
// g_odata, which it writes through, is used other than as the base of an
// access"): the kernel's replay carries the direct run's claims, and a
// device function there was never taken; the dependent call
// `reduceBlocks<blockSize, nIsPow2>(...)` of the template kernel named no
// function either, and the `cg::thread_block` parameter counted as a
// written pointer.  Now the replay's clone of the helper claims its stores
// (glog) and reads (grd), the global clone calls the helper's direct clone.
// Values are small integers, exact in float in any order: the fixed twin
// equals the nvcc build bit for bit.  Racy twin: the helper stores the
// block's sum to the slot of block / 2, which two blocks share.
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

#include "e2e.h"

namespace cg = cooperative_groups;

#define N (1 << 16)
#define BLOCK 128
#define BLOCKS 32

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__device__ unsigned int retirementCount = 0;

template <unsigned int blockSize>
__device__ void reduceBlock(float *sdata, float mySum, const unsigned int tid,
                            cg::thread_block cta) {
  sdata[tid] = mySum;
  cg::sync(cta);
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] = mySum = mySum + sdata[tid + s];
    cg::sync(cta);
  }
}

template <unsigned int blockSize, bool nIsPow2>
__device__ void reduceBlocks(const float *g_idata, float *g_odata,
                             unsigned int n, cg::thread_block cta) {
  float *sdata = SharedMemory<float>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  float mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    if (nIsPow2 || i + blockSize < n)
      mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  reduceBlock<blockSize>(sdata, mySum, tid, cta);
#ifdef E2E_RACE
  if (tid == 0)
    g_odata[blockIdx.x / 2] = sdata[0];
#else
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
#endif
}

template <unsigned int blockSize, bool nIsPow2>
__global__ void reduceSinglePass(const float *g_idata, float *g_odata,
                                 unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  reduceBlocks<blockSize, nIsPow2>(g_idata, g_odata, n, cta);
  if (gridDim.x > 1) {
    const unsigned int tid = threadIdx.x;
    __shared__ bool amLast;
    float *smem = SharedMemory<float>();
    if (tid == 0) {
      __threadfence();
      unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
      amLast = (ticket == gridDim.x - 1);
    }
    cg::sync(cta);
    if (amLast) {
      unsigned int i = tid;
      float mySum = 0;
      while (i < gridDim.x) {
        mySum += g_odata[i];
        i += blockSize;
      }
      reduceBlock<blockSize>(smem, mySum, tid, cta);
      if (tid == 0) {
        g_odata[0] = smem[0];
        retirementCount = 0;
      }
    }
  }
}

int main() {
  std::vector<float> h(N);
  for (int i = 0; i < N; i++)
    h[i] = (float)((i * 7 + i / 100) % 11);
  float *in = e2e_to_device(h.data(), h.size());
  float *out;
  E2E_CHECK(cudaMalloc(&out, BLOCKS * sizeof(float)));
  for (int rep = 0; rep < 2; rep++) {
    E2E_CHECK(cudaMemset(out, 0, BLOCKS * sizeof(float)));
    reduceSinglePass<BLOCK, true>
        <<<BLOCKS, BLOCK, BLOCK * sizeof(float)>>>(in, out, N);
    E2E_CHECK(cudaGetLastError());
    float res[BLOCKS];
    e2e_to_host(res, out, BLOCKS);
    printf("run %d: sum %.1f hash %llx\n", rep, res[0],
           e2e_hash(res, sizeof res));
  }
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory g_odata[
// RACE-CHECK: in kernel reduceSinglePass
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
