// A persistent kernel, the way graph codes (HeCBench gc, ECL) and
// hand-written grid barriers size it: as many blocks as the device keeps
// resident at once, from cudaOccupancyMaxActiveBlocksPerMultiprocessor
// and the multiprocessor count, so that blocks may wait for each other.
// The direct one run's clone uses more registers than the original (this
// kernel at 512 threads on sm_90: 22 registers, four blocks per
// multiprocessor; the clone 96, one block), so it cannot keep such a grid
// resident: the resident blocks spun in the barrier for blocks that never
// started, and the program hung.  The runtime now runs the clone's
// bounded twin (`__launch_bounds__(1024, 2)`, 32 registers) there, so the
// launch is checked (docs/global-check.md, "Resident grids").  Racy twin:
// every block of a grid of more than 8 blocks stores its index to one
// word after the last step, so only the persistent launch races (found:
// the launch is checked).
#include <cstdio>

#include "e2e.h"

// A barrier on a counter that only grows: the s-th barrier of a launch
// waits until every block arrived s times (the program zeroes it before
// each launch).
__device__ unsigned int arrivals = 0;

__device__ void grid_wait(unsigned int target) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(&arrivals, 1);
    while (atomicAdd(&arrivals, 0) < target) {
    }
    __threadfence();
  }
  __syncthreads();
}

// Each step adds the left neighbour's value (a ring), ping-pong between a
// and b, a barrier per step.
__global__ void ring_sum(int *a, int *b, int *last, int n, int steps) {
  for (int s = 0; s < steps; s++) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += gridDim.x * blockDim.x)
      b[i] = (a[i] + a[(i + n - 1) % n]) & 0xffff;
    grid_wait(gridDim.x * (s + 1));
    int *t = a;
    a = b;
    b = t;
  }
#ifdef E2E_RACE
  if (gridDim.x > 8 && threadIdx.x == 0)
    last[0] = blockIdx.x; // every block, one word
#endif
}

// A template kernel gets no bounded twin (registered by its stub, which a
// template has only per instantiation): its persistent launch runs the
// original, unchecked, saying why.
template <class T> __global__ void rounds(T *marks, int nrounds) {
  for (int r = 0; r < nrounds; r++) {
    if (threadIdx.x == 0)
      marks[blockIdx.x] = (T)r;
    grid_wait(gridDim.x * (r + 1));
  }
}

static void run_rounds(int blocks, int threads) {
  const unsigned int zero = 0;
  long long *marks, h[8];
  E2E_CHECK(cudaMalloc(&marks, blocks * sizeof *marks));
  E2E_CHECK(cudaMemcpyToSymbol(arrivals, &zero, sizeof zero));
  rounds<<<blocks, threads>>>(marks, 3);
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaMemcpy(h, marks, sizeof h, cudaMemcpyDeviceToHost));
  printf("rounds: %lld %lld\n", h[0], h[7]);
  E2E_CHECK(cudaFree(marks));
}

static void run(int blocks, int threads, int n, int steps) {
  static int h[1 << 16];
  for (int i = 0; i < n; i++)
    h[i] = (i * 7919) % 13;
  int *a = e2e_to_device(h, n), *b, *last;
  const unsigned int zero = 0;
  E2E_CHECK(cudaMalloc(&b, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&last, sizeof(int)));
  E2E_CHECK(cudaMemcpyToSymbol(arrivals, &zero, sizeof zero));
  ring_sum<<<blocks, threads>>>(a, b, last, n, steps);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, steps % 2 ? b : a, n);
  e2e_print_ints(h, n);
  E2E_CHECK(cudaFree(a));
  E2E_CHECK(cudaFree(b));
  E2E_CHECK(cudaFree(last));
}

int main() {
  const int threads = 512, n = 1 << 16;
  int sms = 0, per_sm = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  E2E_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ring_sum,
                                                          threads, 0));
  // A few blocks, resident on any GPU.
  run(4, threads, n, 6);
  // The persistent grid: every block the device keeps resident.
  run(per_sm * sms, threads, n, 6);
  E2E_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, rounds<long long>, threads, 0));
  run_rounds(per_sm * sms, threads);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory last[0]
// RACE-CHECK: in kernel ring_sum
// RACE-CHECK: as a persistent kernel sizes it
