// Spin locks around two counters that thread 0 of every block increments.
// Racy twin (-DE2E_RACE): the first lock is taken and released with
// block-scope atomics (atomicCAS_block, atomicExch_block) and
// __threadfence_block(): it excludes nothing between blocks, and the
// counter written under it reaches the next block's holder without a
// device-scope fence; the second lock is released by a plain store with no
// fence before it, so the next holder may see the lock free before it sees
// the new counter.
// Fixed: atomicCAS, __threadfence() and atomicExch (device scope) for both.
#include "e2e.h"

#define BLOCKS 8
#define ROUNDS 16
#define TRIES (1 << 26) /* a bound on one acquire: never reached */

__global__ void count_under_locks(int *locks, int *counter) {
  if (threadIdx.x != 0)
    return;
  for (int r = 0; r < ROUNDS; r++) {
    int tries = 0;
#ifdef E2E_RACE
    while (atomicCAS_block(&locks[0], 0, 1) != 0 && ++tries < TRIES)
      ;
    __threadfence_block();
#else
    while (atomicCAS(&locks[0], 0, 1) != 0 && ++tries < TRIES)
      ;
    __threadfence();
#endif
    if (tries < TRIES) {
      counter[0] = counter[0] + 1;
#ifdef E2E_RACE
      __threadfence_block();
      atomicExch_block(&locks[0], 0);
#else
      __threadfence();
      atomicExch(&locks[0], 0);
#endif
    }
    tries = 0;
    while (atomicCAS(&locks[1], 0, 1) != 0 && ++tries < TRIES)
      ;
    __threadfence();
    if (tries < TRIES) {
      counter[1] = counter[1] + 1;
#ifdef E2E_RACE
      locks[1] = 0;
#else
      __threadfence();
      atomicExch(&locks[1], 0);
#endif
    }
  }
}

int main() {
  int *locks, *counter, h[2];
  E2E_CHECK(cudaMalloc(&locks, 2 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&counter, 2 * sizeof(int)));
  E2E_CHECK(cudaMemset(locks, 0, 2 * sizeof(int)));
  E2E_CHECK(cudaMemset(counter, 0, 2 * sizeof(int)));
  count_under_locks<<<BLOCKS, 32>>>(locks, counter);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, counter, 2);
  e2e_print_ints(h, 2);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: block-scope atomicCAS_block on locks in kernel count_under_locks, accessed by blocks
// RACE-CHECK: through flag locks in kernel count_under_locks with only __threadfence_block() between the write of counter[0] (lock.cu:31) and the flag write (lock.cu:34)
// RACE-CHECK: through flag locks in kernel count_under_locks with no fence between the write of counter[1] (lock.cu:45) and the flag write (lock.cu:47)
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: between the flag read
