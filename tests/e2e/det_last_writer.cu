// Deterministic mode, global memory (docs/deterministic-global.md): 512
// blocks each do a data-dependent amount of work, store their result in
// their own slot of `vals` (race-free) and, in the racy twin (E2E_RACE),
// also store their index into one shared word `*last`: a write-write race
// whose winner natively depends on which block finishes last.
//
// Built with `ldcc --ldcc-deterministic -DE2E_RACE` the program must print
// the same line on every run, with any number of copies (LDCC_OPTIONS
// max_copies=2 included): `last 511` (units merge in unit order, the last
// block wins) and the vals hash of the race-free part, which equals the
// nvcc build's.  Without E2E_RACE it is race-free and prints what the nvcc
// build prints (`last -1`).  The checking build of the racy twin reports
// the race (det_last_writer.race.expect).
#include "e2e.h"

#define NBLOCKS 512
#define THREADS 128

__global__ void work(const unsigned *seed, unsigned *vals, int *last) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  /* Uneven work: up to ~64k steps, by block. */
  unsigned steps = (seed[b] * 2654435761u >> 16) & 0xffff;
  unsigned x = seed[b] ^ t;
  for (unsigned k = 0; k < steps; k++)
    x = x * 1664525u + 1013904223u;
  vals[b * THREADS + t] = x;
#ifdef E2E_RACE
  if (t == 0)
    *last = (int)b;
#else
  (void)last;
#endif
}

int main() {
  static unsigned seed[NBLOCKS], vals[NBLOCKS * THREADS];
  for (int b = 0; b < NBLOCKS; b++)
    seed[b] = (unsigned)(b * 7919 + 13) ^ (unsigned)(b >> 3) * 40503u;
  unsigned *dseed = e2e_to_device(seed, NBLOCKS), *dvals;
  int *dlast, last = -1;
  E2E_CHECK(cudaMalloc(&dvals, sizeof vals));
  E2E_CHECK(cudaMemset(dvals, 0, sizeof vals));
  dlast = e2e_to_device(&last, 1);
  work<<<NBLOCKS, THREADS>>>(dseed, dvals, dlast);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(vals, dvals, NBLOCKS * THREADS);
  e2e_to_host(&last, dlast, 1);
  printf("last %d vals hash %llx\n", last, e2e_hash(vals, sizeof vals));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: write-write race on global memory
// DET
// DET-FEW
// DET-EXIT: 66
// DET-CHECK: last 511 vals hash
// DET-CHECK: ldcc: write-write race on global memory
// DET-QUIET-CHECK: last 511 vals hash
