// A persistent kernel, the way graph codes (HeCBench gc, ECL) and
// hand-written grid barriers size it: as many blocks as the device keeps
// resident at once, from cudaOccupancyMaxActiveBlocksPerMultiprocessor
// and the multiprocessor count, so that blocks may wait for each other.
// The direct one run's clone uses more registers than the original (for
// this kernel at 512 threads, sm_90: 24 registers, four blocks per
// multiprocessor; the clone 96, one block), so it cannot keep such a grid
// resident:
// before, the resident blocks spun in the barrier for blocks that never
// started and the program hung.  Now that launch runs the original,
// unchecked, saying why (docs/global-check.md, "Resident grids"); the same
// kernel launched on a few blocks is still checked.  Racy twin: the
// barrier's fences are __threadfence_block(), found in the small launch.
#include <cstdio>

#include "e2e.h"

#ifdef E2E_RACE
#define FENCE() __threadfence_block()
#else
#define FENCE() __threadfence()
#endif

// A barrier on a counter that only grows: the s-th barrier of a launch
// waits until every block arrived s times (the program zeroes it before
// each launch).
__device__ unsigned int arrivals = 0;

__device__ void grid_wait(unsigned int target) {
  __syncthreads();
  if (threadIdx.x == 0) {
    FENCE();
    atomicAdd(&arrivals, 1);
    while (atomicAdd(&arrivals, 0) < target) {
    }
    FENCE();
  }
  __syncthreads();
}

// Each step adds the left neighbour's value (a ring), ping-pong between a
// and b, a barrier per step.
__global__ void ring_sum(int *a, int *b, int n, int steps) {
  for (int s = 0; s < steps; s++) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += gridDim.x * blockDim.x)
      b[i] = (a[i] + a[(i + n - 1) % n]) & 0xffff;
    grid_wait(gridDim.x * (s + 1));
    int *t = a;
    a = b;
    b = t;
  }
}

static void run(int blocks, int threads, int n, int steps) {
  static int h[1 << 16];
  for (int i = 0; i < n; i++)
    h[i] = (i * 7919) % 13;
  int *a = e2e_to_device(h, n), *b;
  const unsigned int zero = 0;
  E2E_CHECK(cudaMalloc(&b, n * sizeof(int)));
  E2E_CHECK(cudaMemcpyToSymbol(arrivals, &zero, sizeof zero));
  ring_sum<<<blocks, threads>>>(a, b, n, steps);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, steps % 2 ? b : a, n);
  e2e_print_ints(h, n);
  E2E_CHECK(cudaFree(a));
  E2E_CHECK(cudaFree(b));
}

int main() {
  const int threads = 512, n = 1 << 16;
  int sms = 0, per_sm = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  E2E_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ring_sum,
                                                          threads, 0));
  // A few blocks, resident on any GPU: checked.
  run(4, threads, n, 6);
  // The persistent grid: every block the device keeps resident.
  run(per_sm * sms, threads, n, 6);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: made only __threadfence_block() after its access
// RACE-CHECK: in kernel ring_sum
// RACE-CHECK: as a persistent kernel sizes it
