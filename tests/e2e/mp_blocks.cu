// Message passing between two blocks: thread 0 of an even block writes a
// value and raises a flag; thread 0 of the next block waits for the flag
// and reads the value (the blocks of a pair are co-resident: 8 blocks).
// Racy twin (-DE2E_RACE): pair 0 and 2 have only __threadfence_block()
// between the writer's data write and flag write, pairs 1 and 3 only
// __threadfence_block() between the reader's flag read and data read; a
// fence of block scope orders nothing for a thread of another block (the
// reader may see the flag and stale data).
// Fixed: __threadfence() on both sides.
#include "e2e.h"

#define PAIRS 4
#define SPINS (1ll << 30) /* a bound: never reached when both blocks run */

__global__ void hand_over(int *data, volatile int *ready, int *out) {
  int pair = blockIdx.x / 2;
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x % 2 == 0) {
    data[pair] = 1000 + pair;
#ifdef E2E_RACE
    if (pair % 2 == 0)
      __threadfence_block();
    else
#endif
      __threadfence();
    ready[pair] = 1;
  } else {
    long long n = 0;
    while (ready[pair] == 0 && n < SPINS)
      n++;
#ifdef E2E_RACE
    if (pair % 2 == 1)
      __threadfence_block();
    else
#endif
      __threadfence();
    int v = data[pair];
    out[pair] = n < SPINS ? v : -1;
  }
}

int main() {
  int *data, *ready, *out, h[PAIRS];
  E2E_CHECK(cudaMalloc(&data, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&ready, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMemset(data, 0, PAIRS * sizeof(int)));
  E2E_CHECK(cudaMemset(ready, 0, PAIRS * sizeof(int)));
  hand_over<<<2 * PAIRS, 32>>>(data, ready, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, PAIRS);
  e2e_print_ints(h, PAIRS);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: through flag ready in kernel hand_over with only __threadfence_block() between the write of data[
// RACE-CHECK: (mp_blocks.cu:20) and the flag write (mp_blocks.cu:27)
// RACE-CHECK: saw the flag and read it at mp_blocks.cu:38; between blocks that needs __threadfence() (device scope) between the data write and the flag write
// RACE-CHECK: through flag ready in kernel hand_over with only __threadfence_block() between the flag read (mp_blocks.cu:30) and the read of data[
// RACE-CHECK: between blocks that needs __threadfence() (device scope) between the flag read and the data read
// RACE-CHECK: ldcc: summary:
