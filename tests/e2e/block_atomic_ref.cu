// Counting the positive and the even values of an array with libcu++
// atomics that every block updates: a cuda::atomic_ref on an int counter and
// a cuda::atomic object in device memory.
// Racy twin (-DE2E_RACE): both with cuda::thread_scope_block, atomic only
// among the threads of one block, so updates of different blocks race.
// Fixed: cuda::thread_scope_device.
#include <cuda/atomic>

#include "e2e.h"

#ifdef E2E_RACE
#define SCOPE cuda::thread_scope_block
#else
#define SCOPE cuda::thread_scope_device
#endif
typedef cuda::atomic<int, SCOPE> counter_t;

__global__ void count(const int *in, int *positive, counter_t *even) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0) {
    cuda::atomic_ref<int, SCOPE> r(*positive);
    r.fetch_add(1, cuda::memory_order_relaxed);
  }
  if (in[i] % 2 == 0)
    even->fetch_add(1, cuda::memory_order_relaxed);
}

int main() {
  const int blocks = 64, threads = 256, n = blocks * threads;
  static int h[64 * 256];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 24) - 100;
  int *d = e2e_to_device(h, n), *dpos, out[2];
  counter_t *deven;
  E2E_CHECK(cudaMalloc(&dpos, sizeof(int)));
  E2E_CHECK(cudaMalloc(&deven, sizeof(counter_t)));
  E2E_CHECK(cudaMemset(dpos, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(deven, 0, sizeof(counter_t)));
  count<<<blocks, threads>>>(d, dpos, deven);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&out[0], dpos, 1);
  E2E_CHECK(cudaMemcpy(&out[1], deven, sizeof(int), cudaMemcpyDeviceToHost));
  e2e_print_ints(out, 2);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: block-scope cuda::atomic_ref<thread_scope_block> on positive in kernel count, accessed by blocks
// RACE-CHECK: ldcc: block-scope cuda::atomic<thread_scope_block> on even in kernel count, accessed by blocks
// RACE-CHECK: an atomic of block scope is not atomic for other blocks
// RACE-CHECK: at block_atomic_ref.cu:21
// RACE-CHECK: at block_atomic_ref.cu:25
// RACE-CHECK: ldcc: summary:
