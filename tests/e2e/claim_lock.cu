// Claims and locks without fences (issue 25): a breadth-first step that
// claims each vertex with atomicCAS and pushes it with an atomicAdd slot,
// and a counter under a spin lock.  With no fence in a kernel, nothing it
// does orders a plain access of another block, so the direct one run checks
// it across blocks (docs/global-check.md, "Direct one run"); before, both
// kernels were left to the message-passing checks and not checked across
// blocks at all.
// Fixed twin: the claim is the atomicCAS's result (no plain access of
// `visited`); the lock has __threadfence() after taking it and before its
// atomicExch release (the message-passing checks take that kernel).
// Racy twin: the claim tests and sets `visited` with plain accesses (two
// blocks read a word another block stores to), and the lock has no fence:
// the counter written under it by one block is read by the next holder
// with nothing ordering the two.
#include <cstdio>

#include "e2e.h"

#define BLOCK 64

__global__ void expand(const int *nindex, const int *nlist, const int *frontier,
                       int fsize, int lvl, int *visited, int *level, int *next,
                       int *nsize) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= fsize)
    return;
  int v = frontier[idx];
  for (int e = nindex[v]; e < nindex[v + 1]; e++) {
    int n = nlist[e];
#ifdef E2E_RACE
    if (visited[n] == 0) {
      visited[n] = 1;
#else
    if (atomicCAS(&visited[n], 0, 1) == 0) {
#endif
      level[n] = lvl + 1;
      next[atomicAdd(nsize, 1)] = n;
    }
  }
}

__global__ void count_under_lock(int *lock, int *counter) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(lock, 0, 1) != 0)
    ;
#ifndef E2E_RACE
  __threadfence();
#endif
  counter[0] = counter[0] + 1;
#ifndef E2E_RACE
  __threadfence();
#endif
  atomicExch(lock, 0);
}

int main() {
  const int nodes = 2048, deg = 3;
  static int hi[nodes + 1], hl[nodes * deg], hv[nodes], hlev[nodes];
  for (int v = 0; v <= nodes; v++)
    hi[v] = v * deg;
  for (int e = 0; e < nodes * deg; e++)
    hl[e] = (int)((e * 2654435761u + 11u) % nodes);
  for (int v = 0; v < nodes; v++)
    hlev[v] = -1;
  hv[0] = 1;
  hlev[0] = 0;
  int *nindex = e2e_to_device(hi, nodes + 1);
  int *nlist = e2e_to_device(hl, nodes * deg);
  int *visited = e2e_to_device(hv, nodes), *level = e2e_to_device(hlev, nodes);
  int *fa, *fb, *sz;
  E2E_CHECK(cudaMalloc(&fa, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&fb, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&sz, sizeof(int)));
  E2E_CHECK(cudaMemset(fa, 0, sizeof(int))); // the frontier: vertex 0
  int fsize = 1, lvl = 0;
  while (fsize > 0) {
    E2E_CHECK(cudaMemset(sz, 0, sizeof(int)));
    expand<<<(fsize + BLOCK - 1) / BLOCK, BLOCK>>>(nindex, nlist, fa, fsize,
                                                   lvl, visited, level, fb, sz);
    e2e_to_host(&fsize, sz, 1);
    int *t = fa;
    fa = fb;
    fb = t;
    lvl++;
  }
  int hc[2] = {0, 0};
  int *lock = e2e_to_device(hc, 1), *counter = e2e_to_device(hc, 1);
  count_under_lock<<<16, 32>>>(lock, counter);
  e2e_to_host(hlev, level, nodes);
  e2e_to_host(hc, counter, 1);
#ifndef E2E_RACE
  // Levels do not depend on which block claimed a vertex first.
  e2e_print_ints(hlev, nodes);
  printf("levels %d counter %d\n", lvl, hc[0]);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory visited[
// RACE-CHECK: in kernel expand
// RACE-CHECK: on global memory counter[0] in kernel count_under_lock
// RACE-CHECK-NOT: not checked
