// A deterministic build stops at a launch it cannot make deterministic
// (docs/deterministic.md, "Deterministic or stopped").  The fixed form sums
// integers with atomicAdd (they commute: run as built, the nvcc build's
// result); the racy form takes tickets, and the thread that draws the
// first records its index: which one depends on the order the blocks run
// in, an order the mode does not fix (an atomic whose result is used): a
// --ldcc-deterministic build prints the first line, then stops at the
// second launch with exit status 68; with deterministic_fallback=warn it
// warns and runs it.
#include "e2e.h"

#define N (1 << 16)
#define THREADS 256

typedef unsigned long long acc_t;

__global__ void scale(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = 3.0f * x[i];
}

__global__ void total(const float *y, acc_t *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
#ifdef E2E_RACE
  if (atomicAdd(&sum[0], 1ull) == 0)
    sum[1] = i;
#else
  atomicAdd(sum, (acc_t)(y[i] * 1000.0f));
#endif
}

int main() {
  static float x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.001f * (float)((i * 2654435761u) >> 20);
  float *dx = e2e_to_device(x, N), *dy;
  acc_t *dsum, sum[2] = {0, 0};
  E2E_CHECK(cudaMalloc(&dy, sizeof y));
  dsum = e2e_to_device(sum, 2);
  scale<<<N / THREADS, THREADS>>>(dx, dy, N);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(y, dy, N);
  printf("scaled hash %llx\n", e2e_hash(y, sizeof y));
  fflush(stdout);
  total<<<N / THREADS, THREADS>>>(dy, dsum, N);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(sum, dsum, 2);
  printf("sum %llu first %llu\n", sum[0], sum[1]);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// DET
// DET-EXIT: 68
// DET-CHECK: scaled hash
// DET-CHECK: ldcc: launch of total at det_stop.cu:48 not deterministic: atomic whose result is used
// DET-CHECK: ldcc: stopped at the launch of total at det_stop.cu:48: it cannot run deterministically
// DET-CHECK: exit status 68
// DET-CHECK: ldcc: summary:
// DET-CHECK-NOT: sum 
// DET-WARN-CHECK: ldcc: launch of total at det_stop.cu:48 not deterministic: atomic whose result is used
// DET-WARN-CHECK: sum 
// DET-WARN-CHECK-NOT: ldcc: stopped
