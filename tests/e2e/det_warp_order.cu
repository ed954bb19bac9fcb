// Deterministic mode (issue 6, docs/deterministic.md).  Every warp of a
// block does an uneven amount of work and then writes its number into one
// shared word; thread 0 stores the word.  Natively the winner is whichever
// warp's store lands last.  Under --ldcc-deterministic the warps' copies are
// merged in warp order at the barrier, so the last warp wins in every block
// on every run, and the write-write conflict is reported.  Fixed twin: only
// warp 0 writes the word.
#include "e2e.h"

#define BLOCKS 512
#define THREADS 256

__global__ void last_warp(const int *work, int *out) {
  __shared__ int winner;
  __shared__ int sink[THREADS];
  int w = threadIdx.x / 32;
  int acc = 0;
  for (int k = 0; k < work[(blockIdx.x * 8 + w) % 61]; k++)
    acc = acc * 31 + k;
  sink[threadIdx.x] = acc;
#ifdef E2E_RACE
  if (threadIdx.x % 32 == 0)
    winner = w;
#else
  if (threadIdx.x == 0)
    winner = w;
#endif
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = winner * 1000 + (sink[(blockIdx.x * 7) % THREADS] & 255);
}

int main() {
  int work[61], out[BLOCKS], count[8] = {0};
  for (int i = 0; i < 61; i++)
    work[i] = (i * 7919) % 4001;
  int *d_work = e2e_to_device(work, 61), *d_out;
  E2E_CHECK(cudaMalloc(&d_out, sizeof out));
  last_warp<<<BLOCKS, THREADS>>>(d_work, d_out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, d_out, BLOCKS);
  for (int b = 0; b < BLOCKS; b++)
    count[out[b] / 1000 % 8]++;
  for (int w = 0; w < 8; w++)
    if (count[w])
      printf("winner %d in %d of %d blocks\n", w, count[w], BLOCKS);
  printf("hash %llx\n", e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: write-write race on shared variable winner in kernel last_warp
// RACE-CHECK: ldcc: summary:
// DET
// DET-EXIT: 66
// DET-CHECK: winner 7 in 512 of 512 blocks
// DET-CHECK: ldcc: write-write race on shared variable winner in kernel last_warp
// DET-QUIET-CHECK: winner 7 in 512 of 512 blocks
