// Blocks writing overlapping slots of global memory (issue 5).  Each block
// fills its own SLOTS slots; in the racy twin each block also writes the
// first slot of the block two further on with its own value: a write-write
// race across blocks, which compute-sanitizer's racecheck cannot see.  The
// kernel has a block barrier, so the units are blocks.  The racy twin runs
// with two copies (global_overlap.race.env: max_copies=2): blocks b and
// b + 2 share a copy in round 0 of the reshuffling schedule and are first
// compared in round 1, so the race is found in a later round.  The kernel
// only stores through `out`, so the launch first takes the one run, where
// the two blocks' stores to one slot conflict: the memory is put back and
// the copies check it (the verbosity=1 line says so).
#include "e2e.h"

#define SLOTS 64
#define E2E_STEP 2

__global__ void fill_slots(int *out, int nblocks) {
  int b = blockIdx.x, t = threadIdx.x;
  out[b * SLOTS + t] = b * 1000 + t;
  __syncthreads();
#ifdef E2E_RACE
  if (t == 0 && b + E2E_STEP < nblocks)
    out[(b + E2E_STEP) * SLOTS] = b * 1000 + SLOTS;
#endif
}

int main() {
  const int nblocks = 64, n = nblocks * SLOTS;
  static int h[nblocks * SLOTS];
  int *d;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  fill_slots<<<nblocks, SLOTS>>>(d, nblocks);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
#ifndef E2E_RACE
  printf("out[0] %d out[%d] %d hash %llx\n", h[0], n - 1, h[n - 1],
         e2e_hash(h, sizeof h));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=max_copies=2:verbosity=1
// RACE-CHECK: ldcc: launch of fill_slots at global_overlap.cu:33: in one run two blocks touched a word one of them stored to; memory put back, checking it with copies
// RACE-CHECK: race on global memory out[
// RACE-CHECK: in kernel fill_slots
// RACE-CHECK: a block b with b / 
// RACE-CHECK: region: the whole launch
// RACE-CHECK: launched at global_overlap.cu:
// RACE-CHECK: ldcc: summary:
