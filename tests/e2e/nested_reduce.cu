// Device functions with barriers that reach their barriers through another
// device function (issue 24): llm.c's blockReduce overload that returns
// `blockReduce<f>(val, false, 0.0f)`, and a void helper calling the
// three-argument one twice (tests/e2e/nested_reduce.cuh, a header as in
// llm.c).  The replay clones each function and numbers the inner calls'
// sites after the outer function's own; before session 35 such kernels
// were not checked in shared memory ("device function blockReduce:
// barrier in device function blockReduce").  Racy twin: blockReduce
// without its first barrier (warp 0 reads the other warps' partial results
// before they are stored), which racecheck also sees.  A call whose value
// is stored elsewhere than in a local (`*sum = f(v);`, `y[i] = f(v);`,
// `total += f(v);`) keeps its value in a local of the clone until the
// store, which runs in the next region; such a kernel was "call of device
// function f with a barrier inside an expression".  Both twins print their
// results (the racy twin's differ from run to run with nvcc).
#include <cmath>
#include <cstdio>

#include "e2e.h"
#include "nested_reduce.cuh"

#define T 256
#define BLOCKS 8

__global__ void norm_kernel(float *out, const float *data, size_t count) {
  size_t index = blockIdx.x * blockDim.x + threadIdx.x;
  size_t grid_width = blockDim.x * gridDim.x;
  float accumulator = 0.f;
  for (size_t i = index; i < count; i += grid_width)
    accumulator += data[i] * data[i];
  float block_sum = blockReduce<warpReduceSum>(accumulator);
  if (threadIdx.x == 0)
    out[blockIdx.x] = block_sum;
}

__global__ void stats_kernel(float *sums, float *maxes, const float *data,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? data[i] : 0.0f;
  float s, m;
  blockStats(v, &s, &m);
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = s;
    maxes[blockIdx.x] = m;
  }
}

// The value stored where the replay cannot keep it in a local until the
// next region (`y[i] = f(v);`, `total += f(v);`): held in a local of the
// clone, the store made after the call's site.  The first call syncs at
// its end: the second reuses shared_val.
__global__ void scale_kernel(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  float total = 1.0f;
  total += blockReduce<warpReduceSum>(v * v, true, 0.0f);
  y[i] = blockReduce<warpReduceMax>(fabsf(v));
  y[i] = y[i] / total + v;
}

int main() {
  const int n = BLOCKS * T * 4;
  static float h[BLOCKS * T * 4], hout[BLOCKS], hs[BLOCKS], hm[BLOCKS],
      hy[BLOCKS * T];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 7) % 13) - 6.0f;
  float *d = e2e_to_device(h, n), *out = e2e_to_device(hout, BLOCKS);
  float *sums = e2e_to_device(hs, BLOCKS), *maxes = e2e_to_device(hm, BLOCKS);
  norm_kernel<<<BLOCKS, T>>>(out, d, n);
  E2E_CHECK(cudaGetLastError());
  stats_kernel<<<BLOCKS, T>>>(sums, maxes, d, n);
  E2E_CHECK(cudaGetLastError());
  float *y = e2e_to_device(hy, BLOCKS * T);
  scale_kernel<<<BLOCKS, T>>>(y, d, BLOCKS * T);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hy, y, BLOCKS * T);
  e2e_to_host(hout, out, BLOCKS);
  e2e_to_host(hs, sums, BLOCKS);
  e2e_to_host(hm, maxes, BLOCKS);
  for (int b = 0; b < BLOCKS; b++)
    printf("block %d: norm %g sum %g max %g\n", b, hout[b], hs[b], hm[b]);
  printf("scaled: hash %llx\n", e2e_hash(hy, sizeof hy));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// The partial results reach the lanes' registers (a read-write race
// through registers), in a region of the header's function, which the
// report names by its file.
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel norm_kernel
// RACE-CHECK: region: between nested_reduce.cuh:25 and nested_reduce.cuh:
// RACE-CHECK: in kernel stats_kernel
// RACE-CHECK: in kernel scale_kernel
// RACE-CHECK-NOT: not checked
// A deterministic build runs the helpers' regions in unit order: the racy
// twin prints the same results in every run (issue 26).
// DET
