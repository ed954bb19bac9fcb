// The reduction every CUDA course teaches (Harris's reduce6): the tree
// over dynamic shared memory, then the last 64 partial sums by warp 0 in a
// `warpReduce` device function over a `volatile` pointer, unrolled on a
// template block size.  Since Volta the lanes of a warp are not in
// lockstep: lane 0 may read sdata[16] before or after lane 16 added into
// it.  The checks used to look into the kernel's own body only, so the
// races inside the helper went unseen (docs/inline-checks.md, "Called
// device functions"); racecheck reports them.
// Racy twin (-DE2E_RACE): the classic helper, no __syncwarp.
// Fixed: each step reads, __syncwarp, writes, __syncwarp (the samples'
// later form), and must equal the nvcc build.
#include "e2e.h"

template <unsigned int blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned int tid) {
#ifdef E2E_RACE
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
#else
  int sum = sdata[tid];
#pragma unroll
  for (int lane_off = 32; lane_off >= 1; lane_off /= 2) {
    if (2 * lane_off <= (int)blockSize) sum += sdata[tid + lane_off];
    __syncwarp(); // everyone has read before anyone writes
    sdata[tid] = sum;
    __syncwarp();
  }
#endif
}

template <unsigned int blockSize>
__global__ void reduce6(const int *g_idata, int *g_odata, unsigned int n) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  sdata[tid] = 0;
  while (i < n) {
    sdata[tid] += g_idata[i] + g_idata[i + blockSize];
    i += gridSize;
  }
  __syncthreads();
  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] += sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] += sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

int main() {
  const unsigned threads = 256, blocks = 64, n = blocks * threads * 2 * 4;
  static int h[64 * 256 * 2 * 4], out[64];
  for (unsigned i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 22) - 512;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  reduce6<threads><<<blocks, threads, threads * sizeof(int)>>>(d, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: intra-warp race on shared variable sdata[
// RACE-CHECK: in kernel reduce6
// RACE-CHECK: with no __syncwarp, warp collective or barrier between
// RACE-CHECK: ldcc: summary:
