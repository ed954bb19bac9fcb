// A spin lock around a counter that thread 0 of every block increments.
// Racy twin (-DE2E_RACE): the lock is taken and released with block-scope
// atomics (atomicCAS_block, atomicExch_block) and __threadfence_block(): it
// excludes nothing between blocks, and the counter written under it reaches
// the next block's holder without a device-scope fence.
// Fixed: atomicCAS, __threadfence() and atomicExch (device scope).
#include "e2e.h"

#define BLOCKS 8
#define ROUNDS 16
#define TRIES (1 << 26) /* a bound on one acquire: never reached */

__global__ void count_under_lock(int *lock, int *counter) {
  if (threadIdx.x != 0)
    return;
  for (int r = 0; r < ROUNDS; r++) {
    int tries = 0;
#ifdef E2E_RACE
    while (atomicCAS_block(lock, 0, 1) != 0 && ++tries < TRIES)
      ;
    __threadfence_block();
#else
    while (atomicCAS(lock, 0, 1) != 0 && ++tries < TRIES)
      ;
    __threadfence();
#endif
    if (tries == TRIES)
      continue;
    counter[0] = counter[0] + 1;
#ifdef E2E_RACE
    __threadfence_block();
    atomicExch_block(lock, 0);
#else
    __threadfence();
    atomicExch(lock, 0);
#endif
  }
}

int main() {
  int *lock, *counter, h;
  E2E_CHECK(cudaMalloc(&lock, sizeof(int)));
  E2E_CHECK(cudaMalloc(&counter, sizeof(int)));
  E2E_CHECK(cudaMemset(lock, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(counter, 0, sizeof(int)));
  count_under_lock<<<BLOCKS, 32>>>(lock, counter);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&h, counter, 1);
  e2e_print_ints(&h, 1);
  return 0;
}
