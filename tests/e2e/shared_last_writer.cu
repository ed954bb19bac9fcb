// A timed block maximum, written the way profiling code is: clock64() around
// the work, each thread's maximum staged in shared memory, the first lane of
// each warp folding its warp's 32 values and combining them into the block's
// result.  The clock keeps the shared-memory replay away (it would replay
// the reads), so the block's shadow checks the shared memory.  Racy twin
// (-DE2E_RACE): the warps' leaders combine with a plain store,
// `s_best = m;`, instead of atomicMax: the last writer wins, a write-write
// race of different values that the shadow sees since session 38 (it
// compares the stored values; one value stored by several warps is no
// race).
#include <climits>

#include "e2e.h"

#define BLOCK 256

__global__ void timed_max(const int *in, int n, int *out, long long *cycles) {
  __shared__ int s_vals[BLOCK];
  __shared__ int s_best;
  long long t0 = clock64();
  int v = INT_MIN;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK)
    v = max(v, in[i]);
  s_vals[threadIdx.x] = v;
  if (threadIdx.x == 0)
    s_best = INT_MIN;
  __syncthreads();
  if (threadIdx.x % 32 == 0) {
    int m = s_vals[threadIdx.x];
    for (int k = 1; k < 32; k++)
      m = max(m, s_vals[threadIdx.x + k]);
#ifdef E2E_RACE
    s_best = m;
#else
    atomicMax(&s_best, m);
#endif
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = s_best;
    cycles[blockIdx.x] = clock64() - t0;
  }
}

int main() {
  const int n = 1 << 18, blocks = 64;
  static int h[1 << 18], r[64];
  for (int i = 0; i < n; i++)
    h[i] = (int)(((unsigned)i * 2654435761u) >> 7) % 100000;
  int *din = e2e_to_device(h, n), *dout;
  long long *dcycles;
  E2E_CHECK(cudaMalloc(&dout, blocks * sizeof(int)));
  E2E_CHECK(cudaMalloc(&dcycles, blocks * sizeof(long long)));
  timed_max<<<blocks, BLOCK>>>(din, n, dout, dcycles);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, dout, blocks);
  e2e_print_ints(r, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: race on shared variable s_best in kernel timed_max, between warps
// RACE-CHECK: wrote it at shared_last_writer.cu:33, warp
// RACE-CHECK: wrote it at shared_last_writer.cu:33, with no __syncthreads() between
// RACE-CHECK: ldcc: summary:
