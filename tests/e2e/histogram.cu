// Histogram with shared-memory atomics: no false alarm, exact counts.
// Racy twin (-DE2E_RACE): a plain increment instead of atomicAdd, so warps
// write the same bin with different counts.
#include "e2e.h"

#define BINS 64

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  int t = threadIdx.x;
  if (t < BINS)
    local[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) {
#ifdef E2E_RACE
    local[data[i] % BINS] += 1;
#else
    atomicAdd(&local[data[i] % BINS], 1u);
#endif
  }
  __syncthreads();
  if (t < BINS)
    atomicAdd(&bins[t], local[t]);
}

int main() {
  const int n = 1 << 18;
  static unsigned char h[1 << 18];
  static unsigned bins[BINS];
  for (int i = 0; i < n; i++)
    h[i] = (unsigned char)((i * 2654435761u) >> 24);
  unsigned char *d = e2e_to_device(h, n);
  unsigned *db;
  E2E_CHECK(cudaMalloc(&db, sizeof bins));
  E2E_CHECK(cudaMemset(db, 0, sizeof bins));
  histogram<<<64, 256>>>(d, db, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(bins, db, BINS);
  unsigned long long total = 0;
  for (int b = 0; b < BINS; b++)
    total += bins[b];
  printf("total %llu bin0 %u hash %llx\n", total, bins[0], e2e_hash(bins, sizeof bins));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: write-write race on shared variable local[
// RACE-CHECK: in kernel histogram
// RACE-CHECK: ldcc: summary:
// Its global bins, updated with atomicAdd after the shared histogram, are
// checked across blocks too (the direct run composed with the replay,
// session 19); before, this line said "not checked across blocks: atomic
// operations".
// RACE-CHECK-NOT: not checked across blocks
// DET
// DET-EXIT: 66
// DET-CHECK: write-write race on shared variable local[
