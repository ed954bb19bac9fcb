// Message passing between two warps of one block: lane 0 of warp 0 writes
// a global value and raises a flag in shared memory; lane 0 of warp 1
// waits for the flag and reads the value.
// Racy twin (-DE2E_RACE): no fence on either side; within a block a
// __threadfence_block() is needed between the data write and the flag write
// and between the flag read and the data read.
// Fixed: __threadfence_block() on both sides.
#include "e2e.h"

#define BLOCKS 4
#define SPINS (1ll << 30) /* a bound: never reached when both warps run */

__global__ void hand_over(int *data, int *out) {
  __shared__ volatile int ready;
  if (threadIdx.x == 0)
    ready = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    data[blockIdx.x] = 3000 + blockIdx.x;
#ifndef E2E_RACE
    __threadfence_block();
#endif
    ready = 1;
  } else if (threadIdx.x == 32) {
    long long n = 0;
    while (ready == 0 && n < SPINS)
      n++;
#ifndef E2E_RACE
    __threadfence_block();
#endif
    int v = data[blockIdx.x];
    out[blockIdx.x] = n < SPINS ? v : -1;
  }
}

int main() {
  int *data, *out, h[BLOCKS];
  E2E_CHECK(cudaMalloc(&data, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMemset(data, 0, BLOCKS * sizeof(int)));
  hand_over<<<BLOCKS, 64>>>(data, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, BLOCKS);
  e2e_print_ints(h, BLOCKS);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: data handed from warp 0 to warp 1 of block
// RACE-CHECK: through flag ready in kernel hand_over with no fence between the write of data[
// RACE-CHECK: (mp_warps.cu:19) and the flag write (mp_warps.cu:23)
// RACE-CHECK: with no fence between the flag read (mp_warps.cu:26) and the read of data[
// RACE-CHECK: within a block that needs at least __threadfence_block()
// RACE-CHECK: ldcc: summary:
