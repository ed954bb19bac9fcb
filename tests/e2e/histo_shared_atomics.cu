// Kernels that count in shared memory with atomics (the classic privatised
// histogram, a per-block compaction) are checked across blocks: an atomic
// on shared memory no longer makes them "not checked across blocks: atomic
// operations" (docs/global-check.md, "What is checked").
//   block_histo: a 64-bin histogram in shared memory with atomicAdd, then
//     written out.  Fixed: to the block's own row.  Racy: every block
//     writes row 0 (a write-write race on out between blocks).
//   compact: keeps every fourth input, at a slot from a shared counter's
//     atomicAdd, and counts them globally with atomicAdd (the direct one
//     run).  Fixed: each block writes its own segment.  Racy: segments
//     start 16 elements apart and overlap (a write-write race between
//     blocks: each stores its own number).
// The fixed twin prints what nvcc's build prints.
#include "e2e.h"

#define BINS 64

__global__ void block_histo(const int *in, unsigned *out, int n) {
  __shared__ unsigned s[BINS];
  int t = threadIdx.x;
  if (t < BINS)
    s[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&s[in[i] % BINS], 1u);
  __syncthreads();
  if (t < BINS)
#ifdef E2E_RACE
    out[t] = s[t];
#else
    out[blockIdx.x * BINS + t] = s[t];
#endif
}

__global__ void compact(const int *in, int *out, int *total, int n) {
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 4 == 0) {
    int slot = atomicAdd(&count, 1);
#ifdef E2E_RACE
    out[blockIdx.x * 16 + slot] = blockIdx.x + 1;
#else
    out[blockIdx.x * blockDim.x + slot] = blockIdx.x + 1;
#endif
    atomicAdd(total, 1);
  }
}

int main() {
  const int blocks = 32, threads = 128, n = blocks * threads;
  static int hin[32 * 128], hc[32 * 128];
  static unsigned hout[32 * BINS];
  for (int i = 0; i < n; i++)
    hin[i] = (i * 7919) % 1009;
  int zero = 0;
  int *in = e2e_to_device(hin, n), *c = e2e_to_device(hc, n);
  int *total = e2e_to_device(&zero, 1);
  unsigned *out = e2e_to_device(hout, blocks * BINS);
  block_histo<<<blocks, threads>>>(in, out, n);
  compact<<<blocks, threads>>>(in, c, total, n);
  E2E_CHECK(cudaGetLastError());
  int t = 0;
  e2e_to_host(hout, out, blocks * BINS);
  e2e_to_host(hc, c, n);
  e2e_to_host(&t, total, 1);
#ifndef E2E_RACE
  printf("bins %u %u hash %llx kept %d hash %llx\n", hout[0], hout[BINS - 1],
         e2e_hash(hout, sizeof hout), t, e2e_hash(hc, sizeof hc));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory out[
// RACE-CHECK: in kernel block_histo
// RACE-CHECK: in kernel compact
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked across blocks
