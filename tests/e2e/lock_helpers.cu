// Locks and flags written as device functions, the way real code wraps
// them: a lock that spins on atomicCAS and then fences, an unlock that
// fences and then releases with atomicExch or a plain `*m = 0`, a flag
// raised and awaited through volatile helpers, a fence of its own helper,
// and a store helper `set(&out[i], v)` next to an atomicAdd.
// Racy twin (-DE2E_RACE):
//   - sum_under_lock: unlock() fences the block only (__threadfence_block)
//     before its atomicExch, so the next block's holder may read total[0]
//     before it sees it;
//   - count_under_lock: release_plain() stores `*m = 0` with no fence
//     before it, and the next holder may see the lock free before it sees
//     total[1];
//   - handoff: a block raises its flag without publish()'s fence before
//     it, and the next block reads its data after the wait;
//   - tally: set() stores every block's count into out[0] (the fixed twin
//     into out[blockIdx.x]).
// Fixed: device-scope fences before every release, one slot per block.
#include "e2e.h"

#define BLOCKS 8
#define ROUNDS 8
#define TRIES (1 << 26) /* a bound on one wait: never reached */

__device__ bool lock(int *mutex) {
  int tries = 0;
  while (atomicCAS(mutex, 0, 1) != 0 && ++tries < TRIES)
    ;
  __threadfence();
  return tries < TRIES;
}

__device__ void unlock(int *mutex) {
#ifdef E2E_RACE
  __threadfence_block();
#else
  __threadfence();
#endif
  atomicExch(mutex, 0);
}

__device__ void release_plain(volatile int *mutex) {
#ifndef E2E_RACE
  __threadfence();
#endif
  *mutex = 0;
}

__device__ void publish() {
#ifndef E2E_RACE
  __threadfence();
#endif
}

__device__ void raise_flag(volatile int *flag) { *flag = 1; }

__device__ void wait_flag(volatile int *flag) {
  int tries = 0;
  while (*flag == 0 && ++tries < TRIES)
    ;
  __threadfence();
}

__device__ void set(int *slot, int v) { *slot = v; }

// One lock a kernel: a holder's next lock() fences at device scope once it
// has the lock again, which would order its earlier store for the run
// (docs/global-check.md, "Fences": any release after the store counts).
__global__ void sum_under_lock(int *locks, int *total, const int *in) {
  if (threadIdx.x != 0)
    return;
  for (int r = 0; r < ROUNDS; r++)
    if (lock(&locks[0])) {
      total[0] = total[0] + in[blockIdx.x];
      unlock(&locks[0]);
    }
}

__global__ void count_under_lock(int *locks, int *total) {
  if (threadIdx.x != 0)
    return;
  for (int r = 0; r < ROUNDS; r++)
    if (lock(&locks[1])) {
      total[1] = total[1] + 1;
      release_plain(&locks[1]);
    }
}

__global__ void handoff(int *data, int *flags, int *out) {
  int b = blockIdx.x;
  if (threadIdx.x != 0)
    return;
  if (b > 0) {
    wait_flag(&flags[b - 1]);
    out[b] = data[b - 1] + 1;
  }
  data[b] = 10 * b + 3;
  publish();
  raise_flag(&flags[b]);
}

__global__ void tally(int *count, int *out, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0)
    atomicAdd(count, 1);
  if (threadIdx.x == 0)
#ifdef E2E_RACE
    set(&out[0], in[i]);
#else
    set(&out[blockIdx.x], in[i]);
#endif
}

int main() {
  int h_in[BLOCKS * 64], h[BLOCKS + 2];
  for (int i = 0; i < BLOCKS * 64; i++)
    h_in[i] = (i * 7 + 1) % 23;
  int *in = e2e_to_device(h_in, BLOCKS * 64);
  int *locks, *total, *data, *flags, *out, *count;
  E2E_CHECK(cudaMalloc(&locks, 2 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&total, 2 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&data, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&flags, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&count, sizeof(int)));
  E2E_CHECK(cudaMemset(locks, 0, 2 * sizeof(int)));
  E2E_CHECK(cudaMemset(total, 0, 2 * sizeof(int)));
  E2E_CHECK(cudaMemset(flags, 0, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMemset(count, 0, sizeof(int)));

  sum_under_lock<<<BLOCKS, 32>>>(locks, total, in);
  E2E_CHECK(cudaGetLastError());
  count_under_lock<<<BLOCKS, 32>>>(locks, total);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, total, 2);
  e2e_print_ints(h, 2);

  handoff<<<BLOCKS, 32>>>(data, flags, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, BLOCKS);
  e2e_print_ints(h, BLOCKS);

  E2E_CHECK(cudaMemset(out, 0, BLOCKS * sizeof(int)));
  tally<<<BLOCKS, 64>>>(count, out, in, BLOCKS * 64);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, count, 1);
  e2e_to_host(h + 1, out, BLOCKS);
  e2e_print_ints(h, BLOCKS + 1);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory total[0] in kernel sum_under_lock
// RACE-CHECK: made only __threadfence_block() after its access
// RACE-CHECK: on global memory total[1] in kernel count_under_lock
// RACE-CHECK: made no fence after its access
// RACE-CHECK: on global memory data[
// RACE-CHECK: in kernel handoff
// RACE-CHECK: write-write race on global memory out[0] in kernel tally
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
