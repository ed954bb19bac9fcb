// Blocks of one warp, shared memory without a barrier (issue 24): the
// shared-memory replay's unit is a warp, so a block of one warp has no
// second unit to compare, and racecheck's hazards between its lanes went
// unreported.  A kernel whose replay cannot prove its shared memory
// race-free now carries the inline intra-warp checks too (rule "shared
// memory across threads in a region", docs/inline-checks.md).
//   block_sum: each lane stores its value, lane 0 sums the 32 (the leader
//     pattern); pair_swap: lanes trade values with their neighbour `t ^ 1`;
//     transpose8x4: a 2-D block of 8x4 threads (one warp) transposes a
//     tile through shared memory.
//   Fixed twin: a __syncthreads() between the stores and the reads.  Racy
//   twin: none (racecheck reports each).
// The fixed twin prints what nvcc's build prints, bit for bit.
#include <cstdio>

#include "e2e.h"

#ifdef E2E_RACE
#define BARRIER() // the lanes' stores are not ordered before the reads
#else
#define BARRIER() __syncthreads()
#endif

__global__ void block_sum(const int *in, int *out) {
  __shared__ int vals[32];
  int t = threadIdx.x;
  vals[t] = in[blockIdx.x * 32 + t];
  BARRIER();
  if (t == 0) {
    int sum = 0;
    for (int i = 0; i < 32; i++)
      sum += vals[i];
    out[blockIdx.x] = sum;
  }
}

__global__ void pair_swap(const int *in, int *out) {
  __shared__ int buf[32];
  int t = threadIdx.x;
  buf[t] = in[blockIdx.x * 32 + t] * 3;
  BARRIER();
  out[blockIdx.x * 32 + t] = buf[t ^ 1];
}

__global__ void transpose8x4(const float *in, float *out) {
  __shared__ float tile[4][8];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[blockIdx.x * 32 + y * 8 + x];
  BARRIER();
  int i = y * 8 + x; // read the tile column-wise
  out[blockIdx.x * 32 + i] = tile[i % 4][i / 4];
}

int main() {
  const int nb = 8, n = nb * 32;
  static int hin[n], hsum[nb], hswap[n];
  static float hf[n], ht[n];
  for (int i = 0; i < n; i++) {
    hin[i] = (i * 31) % 97;
    hf[i] = (float)i * 0.5f;
  }
  int *in = e2e_to_device(hin, n), *sum = e2e_to_device(hsum, nb);
  int *swp = e2e_to_device(hswap, n);
  float *f = e2e_to_device(hf, n), *t = e2e_to_device(ht, n);
  block_sum<<<nb, 32>>>(in, sum);
  pair_swap<<<nb, 32>>>(in, swp);
  transpose8x4<<<nb, dim3(8, 4)>>>(f, t);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hsum, sum, nb);
  e2e_to_host(hswap, swp, n);
  e2e_to_host(ht, t, n);
#ifndef E2E_RACE
  printf("sums %llx swapped %llx tiles %llx\n", e2e_hash(hsum, sizeof hsum),
         e2e_hash(hswap, sizeof hswap), e2e_hash(ht, sizeof ht));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: intra-warp race on shared variable vals[
// RACE-CHECK: in kernel block_sum
// RACE-CHECK: intra-warp race on shared variable buf[
// RACE-CHECK: in kernel pair_swap
// RACE-CHECK: intra-warp race on shared variable tile[
// RACE-CHECK: in kernel transpose8x4
