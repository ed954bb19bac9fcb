// Graph code in the style of benchmark suites of irregular kernels: every
// parameter `const T *const __restrict__` or `T *const __restrict__`,
// `static` kernels, a data-driven shortest-path relaxation with atomicMin
// and a work list pushed with an atomicAdd index (issue 25; docs/
// global-check.md "Direct one run": a kernel whose only synchronisation
// through memory is the value of a global atomic is checked across blocks
// in one run).  Before, every kernel here was "not checked across blocks:
// const pointer parameter" (and, with the atomics' values used, left to the
// message-passing checks only).  Fixed twin: atomicMin on the next
// distances, slots of the next work list taken with atomicAdd.  Racy twin:
// the relaxation as a plain test-and-store (a lost update between blocks:
// two blocks store different distances to one vertex).  (A push written
// `wl[(*size)++]` loses so many slots that the work list stays inside one
// warp, and races between lanes of one warp on global memory are outside
// the check across units: docs/global-check.md.)
#include <cstdio>

#include "e2e.h"

static const int ThreadsPerBlock = 128;

static __global__ void init_dist(const int nodes, int *const __restrict__ dist,
                                 int *const __restrict__ wl,
                                 int *const __restrict__ wlsize) {
  const int v = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (v < nodes)
    dist[v] = v == 0 ? 0 : 0x7fffffff;
  if (v == 0) {
    wl[0] = 0;
    *wlsize = 1;
  }
}

static __global__ void
relax(const int *const __restrict__ nindex, const int *const __restrict__ nlist,
      const int *const __restrict__ eweight,
      const int *const __restrict__ dist_old, int *const __restrict__ dist_new,
      const int *const __restrict__ wl_in, const int wl_in_size,
      int *const __restrict__ wl_out, int *const __restrict__ wl_out_size,
      const int wl_cap) {
  const int idx = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (idx >= wl_in_size)
    return;
  const int v = wl_in[idx];
  const int s = dist_old[v];
  for (int i = nindex[v]; i < nindex[v + 1]; i++) {
    const int n = nlist[i];
    const int nd = s + eweight[i];
#ifdef E2E_RACE
    if (dist_new[n] > nd) { // a forgotten atomicMin: a lost update
      dist_new[n] = nd;
      const int slot = atomicAdd(wl_out_size, 1);
      if (slot < wl_cap)
        wl_out[slot] = n;
    }
#else
    if (atomicMin(&dist_new[n], nd) > nd) {
      const int slot = atomicAdd(wl_out_size, 1);
      if (slot < wl_cap)
        wl_out[slot] = n;
    }
#endif
  }
}

static __global__ void copy_dist(const int nodes,
                                 const int *const __restrict__ from,
                                 int *const __restrict__ to) {
  const int v = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (v < nodes)
    to[v] = from[v];
}

int main() {
  const int nodes = 4096, deg = 4, edges = nodes * deg;
  static int hi[nodes + 1], hl[edges], hw[edges], hd[nodes];
  for (int v = 0; v <= nodes; v++)
    hi[v] = v * deg;
  for (int e = 0; e < edges; e++) {
    hl[e] = (int)((e * 2654435761u + 7u) % nodes);
    hw[e] = 1 + e % 7;
  }
  int *nindex = e2e_to_device(hi, nodes + 1), *nlist = e2e_to_device(hl, edges);
  int *ew = e2e_to_device(hw, edges);
  int *d_old, *d_new, *wl1, *wl2, *sz;
  E2E_CHECK(cudaMalloc(&d_old, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&d_new, nodes * sizeof(int)));
  // Room for every push: a vertex is pushed once per improvement.
  E2E_CHECK(cudaMalloc(&wl1, edges * sizeof(int)));
  E2E_CHECK(cudaMalloc(&wl2, edges * sizeof(int)));
  E2E_CHECK(cudaMalloc(&sz, 2 * sizeof(int)));
  const int blocks = (nodes + ThreadsPerBlock - 1) / ThreadsPerBlock;
  init_dist<<<blocks, ThreadsPerBlock>>>(nodes, d_new, wl1, sz);
  copy_dist<<<blocks, ThreadsPerBlock>>>(nodes, d_new, d_old);
  int size = 1, iter = 0;
  while (size > 0 && iter < 64) {
    E2E_CHECK(cudaMemset(sz + 1, 0, sizeof(int)));
    relax<<<(size + ThreadsPerBlock - 1) / ThreadsPerBlock, ThreadsPerBlock>>>(
        nindex, nlist, ew, d_old, d_new, wl1, size, wl2, sz + 1, edges);
    copy_dist<<<blocks, ThreadsPerBlock>>>(nodes, d_new, d_old);
    e2e_to_host(&size, sz + 1, 1);
    if (size > edges)
      size = edges;
    int *t = wl1;
    wl1 = wl2;
    wl2 = t;
    iter++;
  }
  e2e_to_host(hd, d_new, nodes);
#ifndef E2E_RACE
  long long total = 0;
  for (int v = 0; v < nodes; v++)
    total += hd[v] == 0x7fffffff ? -1 : hd[v];
  printf("iterations %d total %lld hash %llx\n", iter, total,
         e2e_hash(hd, sizeof hd));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory dist_new[
// RACE-CHECK: in kernel relax
// RACE-CHECK-NOT: not checked
