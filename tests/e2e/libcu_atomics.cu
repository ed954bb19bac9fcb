// libcu++ atomics, the way modern CUDA code synchronises: a
// cuda::atomic counter next to per-block results, a flag published with
// cuda::atomic_thread_fence and read with memory_order_acquire, a spin
// lock taken with exchange(acquire) and released with store(release).
// Racy twin (-DE2E_RACE):
//   - count: every block stores its count to out[0] (the fixed twin to
//     out[blockIdx.x]);
//   - publish: the fence before the flag is of block scope, so the data
//     reach the other blocks unordered;
//   - locked_sum: the lock is released with memory_order_relaxed, so the
//     next holder may see the lock free before it sees total.
// Fixed: one slot per block, device-scope fence, a release store.
#include <cuda/atomic>

#include "e2e.h"

#define BLOCKS 8
#define TRIES (1 << 26) /* a bound on one wait: never reached */

typedef cuda::atomic<int, cuda::thread_scope_device> dev_int;

__global__ void count(dev_int *hits, int *out, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0)
    hits->fetch_add(1, cuda::memory_order_relaxed);
  if (threadIdx.x == 0)
#ifdef E2E_RACE
    out[0] = in[i];
#else
    out[blockIdx.x] = in[i];
#endif
}

__global__ void publish(int *data, dev_int *ready, int *out) {
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 100 + threadIdx.x;
#ifdef E2E_RACE
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_block);
#else
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_device);
#endif
    __syncthreads();
    if (threadIdx.x == 0)
      ready->store(1, cuda::memory_order_relaxed);
  } else {
    int tries = 0;
    while (ready->load(cuda::memory_order_acquire) == 0 && ++tries < TRIES)
      ;
    out[blockIdx.x * blockDim.x + threadIdx.x] = data[threadIdx.x];
  }
}

__global__ void locked_sum(dev_int *lock, int *total, const int *in) {
  if (threadIdx.x != 0)
    return;
  int tries = 0;
  while (lock->exchange(1, cuda::memory_order_acquire) != 0 && ++tries < TRIES)
    ;
  if (tries < TRIES) {
    total[0] = total[0] + in[blockIdx.x];
#ifdef E2E_RACE
    lock->store(0, cuda::memory_order_relaxed);
#else
    lock->store(0, cuda::memory_order_release);
#endif
  }
}

int main() {
  int h_in[BLOCKS * 64], h[BLOCKS * 64];
  for (int i = 0; i < BLOCKS * 64; i++)
    h_in[i] = (i * 5 + 2) % 19;
  int *in = e2e_to_device(h_in, BLOCKS * 64);
  int *out, *data, *total, *atoms;
  E2E_CHECK(cudaMalloc(&out, BLOCKS * 64 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&data, 64 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&total, sizeof(int)));
  E2E_CHECK(cudaMalloc(&atoms, 3 * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, BLOCKS * 64 * sizeof(int)));
  E2E_CHECK(cudaMemset(total, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(atoms, 0, 3 * sizeof(int)));
  dev_int *hits = (dev_int *)atoms, *ready = hits + 1, *lock = hits + 2;

  count<<<BLOCKS, 64>>>(hits, out, in, BLOCKS * 64);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, atoms, 1);
  e2e_to_host(h + 1, out, BLOCKS);
  e2e_print_ints(h, BLOCKS + 1);

  E2E_CHECK(cudaMemset(out, 0, BLOCKS * 64 * sizeof(int)));
  publish<<<BLOCKS, 64>>>(data, ready, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, BLOCKS * 64);
  e2e_print_ints(h, BLOCKS * 64);

  locked_sum<<<BLOCKS, 32>>>(lock, total, in);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, total, 1);
  e2e_print_ints(h, 1);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory out[0] in kernel count
// RACE-CHECK: on global memory data[
// RACE-CHECK: in kernel publish
// RACE-CHECK: on global memory total[0] in kernel locked_sum
// RACE-CHECK: no fence orders them
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
