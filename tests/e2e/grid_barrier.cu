// A persistent kernel with a hand-written grid barrier, the way scoped-
// synchronisation benchmarks and older CUDA code write it: an arrival
// counter taken with atomicAdd, a volatile generation the blocks spin on,
// fences around both, in a device function.  The direct one run takes
// such a function as a synchronising atomic helper (docs/global-check.md,
// "Direct one run"): its __device__ variables are its flags, its call a
// release and an acquire of its strongest fence's scope.  Before, the
// kernel was "not checked across blocks: writes __device__ variable count
// (also used in grid_barrier)" (and "memory fence"), and the swap of its
// pointers made them unclaimed.  Fixed twin: device
// fences.  Racy twin: every fence of the barrier is __threadfence_block(),
// so nothing orders one block's stores before the barrier with another
// block's loads after it (a scoped race: the reads see stale data on a
// real machine only by chance).
#include <cstdio>

#include "e2e.h"

#ifdef E2E_RACE
#define FENCE() __threadfence_block()
#else
#define FENCE() __threadfence()
#endif

__device__ unsigned int arrived = 0;
__device__ volatile unsigned int generation = 0;

__device__ void grid_barrier(unsigned int nblocks) {
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned int gen = generation;
    FENCE();
    if (atomicAdd(&arrived, 1) == nblocks - 1) {
      arrived = 0;
      FENCE();
      generation = gen + 1;
    } else {
      while (generation == gen) {
      }
    }
    FENCE();
  }
  __syncthreads();
}

// Rule 110 on a ring, ping-pong between a and b (the pointers swapped
// after each step: the direct run claims their accesses by address), a
// barrier per step.
__global__ void rule110(int *a, int *b, int n, int steps) {
  for (int s = 0; s < steps; s++) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += gridDim.x * blockDim.x) {
      int l = a[(i + n - 1) % n], c = a[i], r = a[(i + 1) % n];
      b[i] = (110 >> ((l << 2) | (c << 1) | r)) & 1;
    }
    grid_barrier(gridDim.x);
    int *t = a;
    a = b;
    b = t;
  }
}

int main() {
  const int n = 1 << 14, steps = 10;
  static int h[n];
  for (int i = 0; i < n; i++)
    h[i] = (i * 7919) % 3 == 0;
  int *a = e2e_to_device(h, n), *b;
  E2E_CHECK(cudaMalloc(&b, n * sizeof(int)));
  // 8 blocks of 256 threads: all resident at once on any GPU the tier uses.
  rule110<<<8, 256>>>(a, b, n, steps);
  e2e_to_host(h, steps % 2 ? b : a, n);
  e2e_print_ints(h, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: made only __threadfence_block() after its access
// RACE-CHECK: in kernel rule110
// RACE-CHECK-NOT: not checked
