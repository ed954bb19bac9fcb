// One level of a breadth-first search the way graph codes write it: each
// thread visits its frontier node's edges, claims an unvisited neighbour
// with atomicCAS on its distance, pushes it to a queue in shared memory
// (`int pos = atomicAdd(&qn, 1); q[pos] = w;`), and after a barrier the
// block reserves room in the next frontier with one global atomicAdd and
// copies its queue out.  Both atomics' values are used: the shared one was
// "result of a shared atomic is used" and the claim made the kernel
// "synchronise through memory", so its shared memory went unchecked.  The
// replay now takes both: the claim's value is logged in pass 1 and
// returned in pass 2 (include/ldcc/replay.cuh global_atomic_v_cas; a CAS
// on a variable the kernel also stores to plainly is a lock and still
// keeps the replay away, warp_facts.c cas_claim), and the shared counter
// returns the block's own sequence (shared_atomic_v_add: region-start
// value plus the deltas before it, per word, while each warp's copy takes
// its deltas for the merge).  Racy twin: thread 0 reads the queue's
// length without the barrier after the pushes.
#include <cstdio>

#include "e2e.h"

#define BS 256
#define QCAP (BS * 4)

__global__ void expand(const int *nodes, const int *edges, const int *frontier,
                       int nf, int *dist, int *next, int *nnext, int level) {
  __shared__ int q[QCAP];
  __shared__ int qn;
  __shared__ int base;
  if (threadIdx.x == 0)
    qn = 0;
  __syncthreads();
  int i = blockIdx.x * BS + threadIdx.x;
  if (i < nf) {
    int v = frontier[i];
    for (int e = nodes[v]; e < nodes[v + 1]; e++) {
      int w = edges[e];
      if (atomicCAS(&dist[w], -1, level + 1) == -1) {
        int pos = atomicAdd(&qn, 1);
        if (pos < QCAP)
          q[pos] = w;
      }
    }
  }
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (threadIdx.x == 0)
    base = atomicAdd(nnext, min(qn, QCAP));
  __syncthreads();
  for (int k = threadIdx.x; k < min(qn, QCAP); k += BS)
    next[base + k] = q[k];
}

int main() {
  const int n = 1 << 14, deg = 4;
  static int hn[n + 1], he[n * deg], hd[n];
  for (int v = 0; v <= n; v++)
    hn[v] = v * deg;
  for (int v = 0; v < n; v++)
    for (int d = 0; d < deg; d++)
      he[v * deg + d] = (int)((v * 2654435761u + d * 40503u + 17u) % n);
  int *dn = e2e_to_device(hn, n + 1), *de = e2e_to_device(he, n * deg);
  int *dd, *f1, *f2, *cnt;
  E2E_CHECK(cudaMalloc(&dd, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&f1, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&f2, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&cnt, sizeof(int)));
  E2E_CHECK(cudaMemset(dd, 0xff, n * sizeof(int)));
  int zero = 0, nf = 1, level = 0;
  E2E_CHECK(cudaMemcpy(f1, &zero, sizeof zero, cudaMemcpyHostToDevice));
  E2E_CHECK(cudaMemcpy(dd, &zero, sizeof zero, cudaMemcpyHostToDevice));
  while (nf > 0 && level < 64) {
    E2E_CHECK(cudaMemcpy(cnt, &zero, sizeof zero, cudaMemcpyHostToDevice));
    expand<<<(nf + BS - 1) / BS, BS>>>(dn, de, f1, nf, dd, f2, cnt, level);
    E2E_CHECK(cudaGetLastError());
    e2e_to_host(&nf, cnt, 1);
    int *t = f1;
    f1 = f2;
    f2 = t;
    level++;
  }
  // Distances do not depend on the order of the claims: print them.
  e2e_to_host(hd, dd, n);
  printf("levels %d\n", level);
  e2e_print_ints(hd, n);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel expand
// RACE-CHECK-NOT: not checked
