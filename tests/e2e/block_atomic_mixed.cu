// One global counter that every block increments, with a device-scope
// atomicAdd everywhere except (racy twin) in block 0.
// Racy twin (-DE2E_RACE): block 0 uses atomicAdd_block, atomic only among
// its own threads, while the other blocks' atomicAdd update the same word:
// block 0's increments race with theirs (only one block uses block scope,
// so only the probes of the other blocks' accesses can see it).
// Fixed: atomicAdd in every block.
#include "e2e.h"

__global__ void count_mixed(const int *in, int *counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
#ifdef E2E_RACE
    if (blockIdx.x == 0)
      atomicAdd_block(counter, 1);
    else
#endif
      atomicAdd(counter, 1);
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
  count_mixed<<<blocks, threads>>>(d, dcount);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&count, dcount, 1);
  e2e_print_ints(&count, 1);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: block-scope atomicAdd_block on counter in kernel count_mixed, accessed by blocks
// RACE-CHECK: an atomic of block scope is not atomic for other blocks
// RACE-CHECK: at block_atomic_mixed.cu:15
// RACE-CHECK: at block_atomic_mixed.cu:18
// RACE-CHECK: ldcc: summary:
