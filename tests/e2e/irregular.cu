// Irregular global-memory kernels of the kinds graph and hash codes are
// made of (issue 25's list): pointer jumping, a hash-table insert with
// atomicCAS, and a work-list push.
//   jump: one round of pointer jumping (parent[i] = parent[parent[i]]).
//     Fixed: from a read-only copy into a second array.  Racy: in place, so
//     a thread reads an entry another block is rewriting.
//   insert: open addressing with linear probing.  Fixed: a slot is claimed
//     with atomicCAS and its value stored by the thread that won it.  Racy:
//     the slot is tested and taken with plain accesses, and keys that hash
//     to one slot come from different blocks (two blocks store different
//     keys to it).
//   push: one thread per block pushes its block's id.  Fixed: the slot from
//     atomicAdd.  Racy: `wl[(*n)++]`, a plain read-modify-write of the
//     count by every block.
// The fixed twin prints results that do not depend on the schedule (sums,
// sorted contents) and equal nvcc's.
#include <algorithm>

#include "e2e.h"

#define N 4096
#define CAP 8192
#define EMPTY (-1)
#define BLOCKS 64

__global__ void jump(const int *parent, int *next) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  int *p = next; /* the same array as parent at the launch */
  p[i] = p[p[i]];
#else
  next[i] = parent[parent[i]];
#endif
}

__global__ void insert(const int *keys, int *table_keys, int *table_vals) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = keys[i];
  unsigned slot = (unsigned)k % CAP;
  for (int probes = 0; probes < CAP; probes++) {
#ifdef E2E_RACE
    if (table_keys[slot] == EMPTY) {
      table_keys[slot] = k;
      table_vals[slot] = i;
      return;
    }
#else
    int prev = atomicCAS(&table_keys[slot], EMPTY, k);
    if (prev == EMPTY) {
      table_vals[slot] = i;
      return;
    }
#endif
    slot = (slot + 1) % CAP;
  }
}

__global__ void push(int *wl, int *n) {
  if (threadIdx.x != 0)
    return;
#ifdef E2E_RACE
  wl[(*n)++] = (int)blockIdx.x;
#else
  wl[atomicAdd(n, 1)] = (int)blockIdx.x;
#endif
}

int main() {
  static int hparent[N], hkeys[N], hnext[N], htk[CAP], htv[CAP], hwl[BLOCKS];
  for (int i = 0; i < N; i++) {
    hparent[i] = i == 0 ? 0 : (int)(((unsigned)i * 2654435761u) % (unsigned)i);
    /* distinct keys; those of thread t of every block hash to slot t */
    hkeys[i] = (i / 256) * CAP + i % 256;
  }
  for (int i = 0; i < CAP; i++)
    htk[i] = EMPTY;
  int *parent = e2e_to_device(hparent, N), *next;
#ifdef E2E_RACE
  next = parent;
#else
  E2E_CHECK(cudaMalloc(&next, N * sizeof(int)));
#endif
  int *keys = e2e_to_device(hkeys, N), *tk = e2e_to_device(htk, CAP);
  int *tv = e2e_to_device(htv, CAP), *wl, *n;
  E2E_CHECK(cudaMalloc(&wl, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&n, sizeof(int)));
  E2E_CHECK(cudaMemset(n, 0, sizeof(int)));
  jump<<<N / 256, 256>>>(parent, next);
  insert<<<N / 256, 256>>>(keys, tk, tv);
  push<<<BLOCKS, 32>>>(wl, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hnext, next, N);
  e2e_to_host(htk, tk, CAP);
  e2e_to_host(htv, tv, CAP);
  e2e_to_host(hwl, wl, BLOCKS);
  int count = 0;
  e2e_to_host(&count, n, 1);
#ifndef E2E_RACE
  /* The table's key -> value pairs, sorted by key: placement may depend
   * on the schedule, the pairs do not. */
  static long long pairs[CAP];
  int used = 0;
  for (int s = 0; s < CAP; s++)
    if (htk[s] != EMPTY)
      pairs[used++] = (long long)htk[s] * N + htv[s];
  std::sort(pairs, pairs + used);
  std::sort(hwl, hwl + BLOCKS);
  printf("jump hash %llx table %d pairs hash %llx wl %d hash %llx\n",
         e2e_hash(hnext, sizeof hnext), used, e2e_hash(pairs, used * 8),
         count, e2e_hash(hwl, sizeof hwl));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory
// RACE-CHECK: in kernel jump
// RACE-CHECK: race on global memory
// RACE-CHECK: in kernel insert
// RACE-CHECK: race on global memory
// RACE-CHECK: in kernel push
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
