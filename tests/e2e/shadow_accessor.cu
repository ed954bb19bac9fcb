// A timed block reduction over dynamic shared memory reached through the
// samples' accessor (`T *sdata = SharedMemory<T>();`, shared_memory_util.cuh),
// as code derived from cuda-samples' clock sample writes it: clock64() at the
// start and the end, which the shared-memory replay cannot run twice.  Its
// shared memory is checked by the block's shadow (docs/inline-checks.md,
// "Shared memory without a replay"), which before session 39 followed
// `__shared__` variables and pointers made from them only: a pointer from an
// accessor left the kernel "not checked in shared memory: clock".
// Racy twin (-DE2E_RACE): no barrier inside the tree's loop, so a thread
// adds sdata[tid + s] while another warp may still be writing it (racecheck
// reports the hazard).
#include "e2e.h"
#include "shared_memory_util.cuh"

template <class T>
__global__ void timed_sum(const T *in, T *out, long long *ticks) {
  T *sdata = SharedMemory<T>();
  long long t0 = clock64();
  sdata[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      sdata[threadIdx.x] += sdata[threadIdx.x + s];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  if (threadIdx.x == 0) {
    out[blockIdx.x] = sdata[0];
    ticks[blockIdx.x] = clock64() - t0;
  }
}

int main() {
  const int blocks = 32, threads = 256, n = blocks * threads;
  static int h[32 * 256], out[32];
  for (int i = 0; i < n; i++)
    h[i] = (i * 37) % 101 - 50;
  int *d = e2e_to_device(h, n), *dout;
  long long *dticks;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  E2E_CHECK(cudaMalloc(&dticks, blocks * sizeof(long long)));
  timed_sum<int><<<blocks, threads, threads * sizeof(int)>>>(d, dout, dticks);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, blocks);
  e2e_print_ints(out, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable
// RACE-CHECK: in kernel timed_sum, between warps
// RACE-CHECK: with no __syncthreads() between
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
