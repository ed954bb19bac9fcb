// Counting the positive values of an array into one global counter that
// every block increments.
// Racy twin (-DE2E_RACE): atomicAdd_block, whose atomicity covers only the
// threads of one block, so increments of different blocks race (the count
// may come out short on a GPU that does not happen to serialise them).
// Fixed: atomicAdd, device scope.
#include "e2e.h"

__global__ void count_positive(const int *in, int *counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
#ifdef E2E_RACE
    atomicAdd_block(counter, 1);
#else
    atomicAdd(counter, 1);
#endif
  }
}

int main() {
  const int blocks = 64, threads = 256, n = blocks * threads;
  static int h[64 * 256];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 24) - 100;
  int *d = e2e_to_device(h, n), *dcount, count = 0;
  E2E_CHECK(cudaMalloc(&dcount, sizeof(int)));
  E2E_CHECK(cudaMemset(dcount, 0, sizeof(int)));
  count_positive<<<blocks, threads>>>(d, dcount);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&count, dcount, 1);
  e2e_print_ints(&count, 1);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: block-scope atomicAdd_block on counter in kernel count_positive, accessed by blocks
// RACE-CHECK: an atomic of block scope is not atomic for other blocks
// RACE-CHECK: at block_atomic.cu:13
// RACE-CHECK: ldcc: summary:
