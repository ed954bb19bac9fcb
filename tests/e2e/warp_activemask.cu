// A block sum written the way tutorials write it: the warp's lanes add
// with shuffles whose mask is `__activemask()`, lane 0 of each warp puts
// the warp's sum in a function-scope static shared array, and after a
// barrier warp 0 adds those sums the same way.  The input is read with a
// grid-stride loop of four loads.  `__activemask()` as the mask of a warp
// collective used to keep the shared-memory replay away ("warp vote"), so
// the block's shared memory went unchecked; the replay now takes it (the
// mask names the lanes converged there, the same in both passes).
// Racy twin (-DE2E_RACE): the barrier between the warps' writes of their
// sums and warp 0's reads is missing (racecheck reports the hazard).
// Fixed: with the barrier.
#include "e2e.h"

#define NUM_LOAD 4

__inline__ __device__ float warp_reduce_sum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
    unsigned int mask = __activemask();
    val += __shfl_down_sync(mask, val, offset);
  }
  return val;
}

__inline__ __device__ float block_reduce_sum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;

  val = warp_reduce_sum(val);
  if (lane == 0)
    shared[wid] = val;
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (wid == 0) {
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    val = warp_reduce_sum(val);
  }
  return val;
}

__global__ void reduction_kernel(float *g_out, float *g_in,
                                 unsigned int size) {
  unsigned int idx_x = blockIdx.x * blockDim.x + threadIdx.x;
  float sum[NUM_LOAD] = {0.f};
  for (int i = idx_x; i < size; i += blockDim.x * gridDim.x * NUM_LOAD) {
    for (int step = 0; step < NUM_LOAD; step++)
      sum[step] += (i + step * blockDim.x * gridDim.x < size)
                       ? g_in[i + step * blockDim.x * gridDim.x]
                       : 0.f;
  }
  for (int i = 1; i < NUM_LOAD; i++)
    sum[0] += sum[i];
  sum[0] = block_reduce_sum(sum[0]);
  if (threadIdx.x == 0)
    g_out[blockIdx.x] = sum[0];
}

/* A mask taken once for a whole loop of shuffles, passed straight in. */
__global__ void max_kernel(const int *in, int *out, int n) {
  __shared__ int best[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : -1;
  for (int o = 16; o > 0; o >>= 1)
    v = max(v, __shfl_xor_sync(__activemask(), v, o));
  if ((threadIdx.x & 31) == 0)
    best[threadIdx.x >> 5] = v;
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (threadIdx.x == 0) {
    int m = best[0];
    for (int w = 1; w < blockDim.x / 32; w++)
      m = max(m, best[w]);
    out[blockIdx.x] = m;
  }
}

int main() {
  const int blocks = 64, threads = 256, n = blocks * threads * 4 - 5;
  static float h[64 * 256 * 4], out[64];
  static int hi[64 * 256], outi[64];
  for (int i = 0; i < n; i++)
    h[i] = (float)((int)((i * 2654435761u) >> 22) - 512) / 8.f;
  for (int i = 0; i < blocks * threads; i++)
    hi[i] = (int)((i * 2246822519u) >> 12);
  float *d = e2e_to_device(h, n), *dout;
  int *di = e2e_to_device(hi, blocks * threads), *douti;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  E2E_CHECK(cudaMalloc(&douti, sizeof outi));
  reduction_kernel<<<blocks, threads>>>(dout, d, n);
  E2E_CHECK(cudaGetLastError());
  max_kernel<<<blocks, threads>>>(di, douti, blocks * threads);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_to_host(outi, douti, blocks);
  for (int b = 0; b < blocks; b++)
    printf("%d %.3f %d\n", b, out[b], outi[b]);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// (Warp 0 reads the sums before the other warps wrote them in pass 1 and
// after in pass 2: its store of the block's result differs.)
// RACE-CHECK: read-write race through a global store in kernel reduction_kernel
// RACE-CHECK: read-write race through a global store in kernel max_kernel
// RACE-CHECK: ldcc: summary:
