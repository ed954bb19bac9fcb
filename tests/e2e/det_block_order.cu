// Deterministic mode with shared and global memory in one kernel
// (docs/deterministic.md, "composed"): 256 blocks stage data in shared
// memory after a data-dependent amount of work, then thread 0 stores the
// block's sum into its own slot and, in the racy twin (E2E_RACE), also its
// index into one global word and its sum into one of 8 shared slots.
// Natively the winners depend on which block finishes last.  Under
// --ldcc-deterministic the blocks' copies of global memory merge in block
// order, so `last 255` and the slots of blocks 248..255 win on every run,
// and the write-write race is reported.  Fixed twin: race-free, the nvcc
// build's output bit for bit.
#include "e2e.h"

#define BLOCKS 256
#define THREADS 256

__global__ void stage(const int *work, int *sums, int *last, int *shared8) {
  __shared__ int tile[THREADS];
  int a = 0;
  for (int k = 0; k < work[blockIdx.x % 61]; k++)
    a = a * 31 + k + threadIdx.x;
  tile[threadIdx.x] = a & 0xffff;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = tile[0];
#ifdef E2E_RACE
    *last = blockIdx.x;
    shared8[blockIdx.x % 8] = tile[0];
#else
    (void)last;
    (void)shared8;
#endif
  }
}

int main() {
  int work[61], sums[BLOCKS], last = -1, eight[8] = {0};
  for (int i = 0; i < 61; i++)
    work[i] = (i * 7919) % 20011;
  int *d_work = e2e_to_device(work, 61), *d_sums, *d_last, *d_eight;
  E2E_CHECK(cudaMalloc(&d_sums, sizeof sums));
  d_last = e2e_to_device(&last, 1);
  d_eight = e2e_to_device(eight, 8);
  stage<<<BLOCKS, THREADS>>>(d_work, d_sums, d_last, d_eight);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(sums, d_sums, BLOCKS);
  e2e_to_host(&last, d_last, 1);
  e2e_to_host(eight, d_eight, 8);
  int ok = 1;
  for (int j = 0; j < 8; j++)
    ok &= eight[j] == 0 || eight[j] == sums[BLOCKS - 8 + j];
  printf("last %d sums hash %llx eight hash %llx\n", last,
         e2e_hash(sums, sizeof sums), e2e_hash(eight, sizeof eight));
  printf("eight slots from the last eight blocks: %s\n", ok ? "yes" : "no");
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// DET
// DET-FEW
// DET-EXIT: 66
// DET-CHECK: last 255 
// DET-CHECK: eight slots from the last eight blocks: yes
// DET-CHECK: ldcc: write-write race on global memory
// DET-QUIET-CHECK: last 255 
// DET-QUIET-CHECK: eight slots from the last eight blocks: yes
