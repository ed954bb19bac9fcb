// cuda::atomic_ref on plain device memory, the way recent CUDA code writes
// its atomics (issue 25): a histogram updated through temporaries
// `cuda::atomic_ref<int, S>(hist[b]).fetch_add(1, relaxed)`, a stream
// compaction whose slots come from a local `cuda::std::atomic_ref<int>
// count(*n)`, and flags handed from block 0 to the others with
// `store(1, memory_order_release)` / `load(memory_order_acquire)` on local
// references.  Before, every member call of an atomic_ref was "not checked
// across blocks: atomic operations", and these kernels were checked by
// nothing.  The reference's location is claimed where the reference is
// made; its calls are their memory orders' releases and acquires
// (docs/global-check.md, "Direct one run").
// Racy twin (-DE2E_RACE):
//   - histo: block 0's thread 0 also adds to a bin with a plain `+=` (a lost
//     update against the other blocks' atomics);
//   - compact: the slot is taken modulo 64, so threads of different blocks
//     store to one slot;
//   - bucket: the key goes to one of two places per bucket;
//   - handoff: the flags are stored with memory_order_relaxed, so a
//     reader may see a flag before the data it publishes.
#include <cuda/atomic>

#include "e2e.h"

#define TRIES (1 << 26) /* a bound on one wait: never reached */

#define CAP 512 /* a bucket's room */

typedef cuda::atomic_ref<int, cuda::thread_scope_device> dev_ref;

// An atomic helper, as real code wraps its atomics.
__device__ __forceinline__ void bump(int *counter) {
  dev_ref(*counter).fetch_add(1, cuda::memory_order_relaxed);
}

// A device function with a plain store beside its atomic.
__device__ void place(int *keys, int *fill, int key, int b) {
  dev_ref f(fill[b]);
  const int at = f.fetch_add(1, cuda::memory_order_relaxed);
#ifdef E2E_RACE
  keys[b * CAP + at % 2] = key;
#else
  keys[b * CAP + at] = key;
#endif
}

__global__ void histo(const int *__restrict__ in, int *__restrict__ hist,
                      int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bump(&hist[in[i] & 15]);
#ifdef E2E_RACE
  if (blockIdx.x == 0 && threadIdx.x == 0)
    hist[3] += 100;
#endif
}

__global__ void compact(const int *__restrict__ in, int *__restrict__ out,
                        int *__restrict__ n_out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) {
    cuda::std::atomic_ref<int> count(*n_out);
    const int slot = count.fetch_add(1, cuda::std::memory_order_relaxed);
#ifdef E2E_RACE
    out[slot % 64] = in[i];
#else
    out[slot] = in[i];
#endif
  }
}

__global__ void bucket(const int *__restrict__ in, int *__restrict__ keys,
                       int *__restrict__ fill, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    place(keys, fill, in[i], in[i] % 8);
}

__global__ void handoff(int *data, int *flags, int *out) {
  const int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = 7 * t + 1;
#ifdef E2E_RACE
    dev_ref(flags[t]).store(1, cuda::memory_order_relaxed);
#else
    dev_ref(flags[t]).store(1, cuda::memory_order_release);
#endif
  } else {
    dev_ref flag(flags[t]);
    int tries = 0;
    while (flag.load(cuda::memory_order_acquire) == 0 && ++tries < TRIES)
      ;
    out[blockIdx.x * blockDim.x + t] = data[t];
  }
}

int main() {
  const int blocks = 16, threads = 128, n = blocks * threads;
  static int h_in[blocks * threads], h[blocks * threads];
  for (int i = 0; i < n; i++)
    h_in[i] = (i * 37 + 11) % 101;
  int *in = e2e_to_device(h_in, n);
  int *hist, *out, *count, *data, *flags;
  E2E_CHECK(cudaMalloc(&hist, 16 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&count, sizeof(int)));
  E2E_CHECK(cudaMalloc(&data, threads * sizeof(int)));
  E2E_CHECK(cudaMalloc(&flags, threads * sizeof(int)));
  E2E_CHECK(cudaMemset(hist, 0, 16 * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, n * sizeof(int)));
  E2E_CHECK(cudaMemset(count, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(flags, 0, threads * sizeof(int)));

  histo<<<blocks, threads>>>(in, hist, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, hist, 16);
  e2e_print_ints(h, 16);

  compact<<<blocks, threads>>>(in, out, count, n);
  E2E_CHECK(cudaGetLastError());
  int got = 0;
  e2e_to_host(&got, count, 1);
  e2e_to_host(h, out, n);
  long long sum = 0; // the slots' order varies run to run; their sum not
  for (int i = 0; i < got && i < n; i++)
    sum += h[i];
  printf("compacted %d sum %lld\n", got, sum);

  int *keys, *fill;
  E2E_CHECK(cudaMalloc(&keys, 8 * CAP * sizeof(int)));
  E2E_CHECK(cudaMalloc(&fill, 8 * sizeof(int)));
  E2E_CHECK(cudaMemset(keys, 0, 8 * CAP * sizeof(int)));
  E2E_CHECK(cudaMemset(fill, 0, 8 * sizeof(int)));
  bucket<<<blocks, threads>>>(in, keys, fill, n);
  E2E_CHECK(cudaGetLastError());
  static int h_keys[8 * CAP];
  e2e_to_host(h, fill, 8);
  e2e_to_host(h_keys, keys, 8 * CAP);
  e2e_print_ints(h, 8);
  sum = 0; // the order in a bucket varies run to run; the sum not
  for (int i = 0; i < 8 * CAP; i++)
    sum += h_keys[i];
  printf("bucketed sum %lld\n", sum);

  // Few blocks: every block is resident while block 0 publishes.
  E2E_CHECK(cudaMemset(out, 0, n * sizeof(int)));
  handoff<<<4, threads>>>(data, flags, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, 4 * threads);
  e2e_print_ints(h, 4 * threads);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory hist[3] in kernel histo
// RACE-CHECK: write-write race on global memory out[
// RACE-CHECK: in kernel compact
// RACE-CHECK: write-write race on global memory keys[
// RACE-CHECK: in kernel bucket
// RACE-CHECK: on global memory data[
// RACE-CHECK: in kernel handoff
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
