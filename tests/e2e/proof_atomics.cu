// The shared-memory proof's atomics (docs/shared-replay.md, "Kernels proved
// race-free"): hist clears its bins at `b = threadIdx.x, b += BLOCK`, counts
// with `atomicAdd(&local[v], 1u);` only, and adds the bins out after the
// barrier: no region uses local both atomically and plainly, so it is proved
// race-free in shared memory for blocks of up to BLOCK threads in one row,
// and its launch runs without the replay; the counts are exact (equal to
// the nvcc build's, also in deterministic mode: integer adds commute).
// Racy twin (-DE2E_RACE): hist_plain counts with `local[v] += 1`, is not
// proved, is replayed, and its write-write race on local is reported.
#include "e2e.h"

#define BINS 200
#define BLOCK 128

__global__ void hist(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += BLOCK)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    atomicAdd(&local[data[i] % BINS], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += BLOCK)
    atomicAdd(&bins[b], local[b]);
}

#ifdef E2E_RACE
__global__ void hist_plain(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += BLOCK)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    local[data[i] % BINS] += 1;
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += BLOCK)
    atomicAdd(&bins[b], local[b]);
}
#endif

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
  hist<<<32, BLOCK>>>(d, db, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(bins, db, BINS);
  unsigned long long total = 0;
  for (int b = 0; b < BINS; b++)
    total += bins[b];
  printf("total %llu bin0 %u hash %llx\n", total, bins[0],
         e2e_hash(bins, sizeof bins));
#ifdef E2E_RACE
  hist_plain<<<32, BLOCK>>>(d, db, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(bins, db, BINS);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: launch of hist at proof_atomics.cu:55: 32 blocks of 128x1x1 threads; shared memory proved race-free for this block shape
// RACE-CHECK: ldcc: write-write race on shared variable local[
// RACE-CHECK: in kernel hist_plain
// RACE-CHECK: launched at proof_atomics.cu:64
// RACE-CHECK: ldcc: summary:
// DET
// DET-EXIT: 66
// DET-CHECK: write-write race on shared variable local[
