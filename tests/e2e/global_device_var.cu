// Written __device__ variables (issue 5): the clone shifts them like
// pointer parameters, so blocks racing through one are found, and a
// race-free kernel writing them gives the nvcc build's results bit for bit.
//   smooth: every thread updates its own element of `acc` in place, after a
//     block barrier; block 0's thread 0 counts the passes in `passes`.  The
//     racy twin reads the next element instead of its own, so each block's
//     last thread reads what the next block overwrites: a read-write race
//     on acc across blocks.
//   mark: writes `last` — from block 0 only in the fixed twin, from every
//     block with its own number in the racy one: a write-write race on last.
//   note: the same as mark on a __managed__ variable (`seen`), which the
//     host then reads directly.
//   halves: writes the first half of `acc` through a pointer parameter that
//     points into it (cudaGetSymbolAddress) and the second half by name;
//     both must reach the same copy (and the same memory in the end).
//   tile: with shared memory (the replay's clone takes the shifts): thread 0
//     of each block stores its tile's sum in tile_sum[block]; in the racy
//     twin every block stores to tile_sum[0], a write-write race.
// Deterministic builds (global_device_var.det): the racy twin prints the
// same on every run, `last` from the last block (later blocks win).
#include "e2e.h"

#define N 4096
#define THREADS 128

__device__ float acc[N];
__device__ int passes;
__device__ int last;
__device__ float tile_sum[N / THREADS];
__managed__ int seen;

__global__ void smooth(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  float next = acc[(i + 1) % n];
#else
  float next = acc[i];
#endif
  __syncthreads();
  acc[i] = 0.5f * (acc[i] + next) + 1.0f;
  if (i == 0)
    passes = passes + 1;
}

__global__ void mark() {
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    last = blockIdx.x + 1;
#else
  if (threadIdx.x == 0 && blockIdx.x == 0)
    last = 7;
#endif
}

__global__ void note() {
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    seen = blockIdx.x + 1;
#else
  if (threadIdx.x == 0 && blockIdx.x == 1)
    seen = 9;
#endif
}

__global__ void tile() {
  __shared__ float s[THREADS];
  int t = threadIdx.x;
  s[t] = acc[blockIdx.x * THREADS + t];
  __syncthreads();
  if (t == 0) {
    float sum = 0.0f;
    for (int k = 0; k < THREADS; k++)
      sum += s[k];
#ifdef E2E_RACE
    tile_sum[0] = sum;
#else
    tile_sum[blockIdx.x] = sum;
#endif
  }
}

__global__ void halves(float *first, int half) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half)
    first[i] = first[i] * 2.0f;
  else
    acc[i] = acc[i] * 3.0f;
}

int main() {
  static float h[N];
  for (int i = 0; i < N; i++)
    h[i] = (float)((i * 37) % 101);
  E2E_CHECK(cudaMemcpyToSymbol(acc, h, sizeof h));
  for (int rep = 0; rep < 3; rep++)
    smooth<<<N / THREADS, THREADS>>>(N);
  mark<<<N / THREADS, THREADS>>>();
  float *d_acc;
  E2E_CHECK(cudaGetSymbolAddress((void **)&d_acc, acc));
  halves<<<N / THREADS, THREADS>>>(d_acc, N / 2);
  tile<<<N / THREADS, THREADS>>>();
  note<<<N / THREADS, THREADS>>>();
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaDeviceSynchronize());
  static float ts[N / THREADS];
  E2E_CHECK(cudaMemcpyFromSymbol(ts, tile_sum, sizeof ts));
  int np = 0, nl = 0;
  E2E_CHECK(cudaMemcpyFromSymbol(h, acc, sizeof h));
  E2E_CHECK(cudaMemcpyFromSymbol(&np, passes, sizeof np));
  E2E_CHECK(cudaMemcpyFromSymbol(&nl, last, sizeof nl));
  printf("passes %d last %d seen %d acc[0] %.9g acc[%d] %.9g hash %llx tiles "
         "%llx\n",
         np, nl, seen, h[0], N - 1, h[N - 1], e2e_hash(h, sizeof h),
         e2e_hash(ts, sizeof ts));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race on global memory acc[
// RACE-CHECK: in kernel smooth
// RACE-CHECK: race on global memory last[0]
// RACE-CHECK: in kernel mark
// RACE-CHECK: race on global memory tile_sum[0]
// RACE-CHECK: in kernel tile
// RACE-CHECK: race on global memory seen[0]
// RACE-CHECK: in kernel note
// RACE-CHECK: launched at global_device_var.cu:
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
// RACE-CHECK-NOT: in kernel halves
// DET
// DET-FEW
// DET-EXIT: 66
// DET-CHECK: passes 3 last 32 seen 32 
// DET-CHECK: ldcc: write-write race on global memory last[0]
