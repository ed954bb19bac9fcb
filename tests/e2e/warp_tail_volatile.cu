// The classic tree reduction whose last 64 partial sums are added by warp 0
// through a pointer to volatile, in a device-function template as the
// pre-cooperative-groups samples write it (warp_reduce) and inline in a
// kernel (plain_tail), each step with a __syncwarp between reading a
// neighbour's sum and writing one's own.  Since session 16 the replay takes
// volatile pointers (replay.cuh's swr/pwr took none, so such kernels kept
// their inline checks alone and their shared memory went unchecked between
// warps).
// Racy twin (-DE2E_RACE): reduce_tail leaves out the barrier after the
// 128 -> 64 step, so warp 0's tail reads sdata[tid + 32], which warp 1
// writes in the same region (racecheck reports the hazard).  plain_tail is
// fixed in both.
#include "e2e.h"

template <unsigned BLOCK>
__device__ void warp_reduce(volatile int *sdata, unsigned tid) {
  int v = sdata[tid];
  for (unsigned offset = 32; offset > 0; offset >>= 1) {
    v += sdata[tid + offset];
    __syncwarp();
    sdata[tid] = v;
    __syncwarp();
  }
}

template <unsigned BLOCK>
__global__ void reduce_tail(const int *g_idata, int *g_odata) {
  __shared__ int sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * BLOCK + tid];
  __syncthreads();
  if (BLOCK >= 256) {
    if (tid < 128)
      sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (BLOCK >= 128) {
    if (tid < 64)
      sdata[tid] += sdata[tid + 64];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  if (tid < 32)
    warp_reduce<BLOCK>(sdata, tid);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

__global__ void plain_tail(const int *in, int *out) {
  __shared__ int s[256];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int st = 128; st > 32; st >>= 1) {
    if (tid < st)
      s[tid] += s[tid + st];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *vs = s;
    int v = vs[tid];
    for (int offset = 32; offset > 0; offset >>= 1) {
      v += vs[tid + offset];
      __syncwarp();
      vs[tid] = v;
      __syncwarp();
    }
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int blocks = 128, n = blocks * 256;
  static int h[128 * 256], out[128];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 20) % 513 - 256;
  int *d = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  reduce_tail<256><<<blocks, 256>>>(d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  plain_tail<<<blocks, 256>>>(d, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable sdata[
// RACE-CHECK: in kernel reduce_tail
// RACE-CHECK-NOT: in kernel plain_tail
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
