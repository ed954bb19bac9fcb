// Message passing between two blocks where the flag is raised twice: in
// block 0, thread 0 writes the data and raises the flag to 1 with only
// __threadfence_block() between (a hand-over within its block), then a
// barrier, then thread 32 (another warp) makes a __threadfence() and raises
// the flag to 2.  Thread 0 of block 1 waits for 2, fences and reads the
// data.  The barrier orders the data write before thread 32's device fence,
// which releases it cumulatively: no race (the fixed program must not be
// reported: the check once reported the first, weak publication).
// Racy twin (-DE2E_RACE): thread 32 raises the flag without the fence, so
// nothing of device scope orders the data write before the flag.
#include "e2e.h"

#define SPINS (1ll << 30) /* a bound: never reached when both blocks run */

__global__ void republish(int *data, volatile int *ready, int *out) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) {
      data[0] = 4242;
      __threadfence_block();
      ready[0] = 1;
    }
    __syncthreads();
    if (threadIdx.x == 32) {
#ifndef E2E_RACE
      __threadfence();
#endif
      ready[0] = 2;
    }
  } else if (threadIdx.x == 0) {
    long long n = 0;
    while (ready[0] != 2 && n < SPINS)
      n++;
    __threadfence();
    int v = data[0];
    out[0] = n < SPINS ? v : -1;
  }
}

int main() {
  int *data, *ready, *out, h;
  E2E_CHECK(cudaMalloc(&data, sizeof(int)));
  E2E_CHECK(cudaMalloc(&ready, sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, sizeof(int)));
  E2E_CHECK(cudaMemset(data, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(ready, 0, sizeof(int)));
  republish<<<2, 64>>>(data, ready, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&h, out, 1);
  e2e_print_ints(&h, 1);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: through flag ready in kernel republish with only __threadfence_block() between the write of data[0] (mp_republish.cu:18) and the flag write (mp_republish.cu:20)
// RACE-CHECK: between blocks that needs __threadfence() (device scope) between the data write and the flag write
// RACE-CHECK: ldcc: summary:
