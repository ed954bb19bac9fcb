// One warp leader per warp deposits into a shared account under a spin lock
// taken and released by helpers (`lock_acquire`/`lock_release`, fenced),
// and keeps the account's maximum with a read and a conditional store
// (`if (amount > a->max_amount) a->max_amount = amount;`).  The fixed twin
// is race-free: each holder acquires after the last holder released.
// Until session 50 the direct run reported it (a read-write race on
// max_amount): the holder's own read, after its acquire, joined the
// earlier holders' reads and moved the word's clock past that acquire, so
// its store looked unordered after several reads (include/ldcc/global.h
// gdirect_claim: an ordered read now takes the word for its unit).  Equal
// to the nvcc build, bit for bit.  Racy twin (-DE2E_RACE): the lock is
// released by a plain volatile store with no fence before it, so the next
// holder may see the lock free before the balance and the maximum.
#include "e2e.h"

struct Account {
  long long balance;
  int deposits;
  int max_amount;
};

struct Bank {
  Account *acct;
  int *lock;
};

__device__ void lock_acquire(int *lock) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
}

__device__ void lock_release(int *lock) {
#ifdef E2E_RACE
  *(volatile int *)lock = 0;
#else
  __threadfence();
  atomicExch(lock, 0);
#endif
}

__global__ void deposit(Bank bank, const int *__restrict__ amounts, int n) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  if ((threadIdx.x & 31) != 0) // one lane per warp spins
    return;
  const int w = gtid >> 5;
  if (w >= n)
    return;
  const int amount = amounts[w];
  lock_acquire(bank.lock);
  Account *a = bank.acct;
  a->balance += amount;
  a->deposits += 1;
  if (amount > a->max_amount)
    a->max_amount = amount;
  lock_release(bank.lock);
}

int main() {
  const int blocks = 32, threads = 256, n = blocks * threads / 32;
  static int amounts[32 * 256 / 32];
  for (int i = 0; i < n; i++)
    amounts[i] = (i * 37) % 1000 + 1;
  const int *d_amounts = e2e_to_device(amounts, n);
  Account zero = {0, 0, 0}, h;
  int unlocked = 0;
  Bank bank = {e2e_to_device(&zero, 1), e2e_to_device(&unlocked, 1)};
  deposit<<<blocks, threads>>>(bank, d_amounts, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&h, bank.acct, 1);
#ifndef E2E_RACE
  printf("deposits %d balance %lld max %d\n", h.deposits, h.balance,
         h.max_amount);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory bank+0[
// RACE-CHECK: in kernel deposit
// RACE-CHECK: no fence orders them
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
