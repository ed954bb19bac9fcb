// Graph code that passes its arrays in structs, the way graph benchmark
// suites do: the CSR graph as `const ECLgraph g` (read only) and the
// distances as `const Dist d` (written with atomicMin), with a work list
// pushed with an atomicAdd index.  The kernels' atomics take them to the
// direct one run, which claims each access through a struct's pointer by
// its address (docs/global-check.md, "Pointers inside parameters").
// Before, such a kernel was "not checked across blocks: pointer inside
// parameter g" (a const struct) and, without const, "atomic operations"
// (the direct run refused pointers inside parameters).  Fixed twin:
// atomicMin on the next distances, read from the previous ones.  Racy
// twin: the relaxation as a plain test-and-store on the struct's pointer,
// a lost update between blocks.
#include <cstdio>

#include "e2e.h"

static const int ThreadsPerBlock = 128;

struct ECLgraph {
  int nodes;
  int edges;
  int *nindex;
  int *nlist;
  int *eweight;
};

struct Dist {
  int *old_d;
  int *new_d;
};

static __global__ void init_dist(const int nodes, const Dist d,
                                 int *const wl, int *const wlsize) {
  const int v = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (v < nodes) {
    d.new_d[v] = v == 0 ? 0 : 0x7fffffff;
    d.old_d[v] = d.new_d[v];
  }
  if (v == 0) {
    wl[0] = 0;
    *wlsize = 1;
  }
}

static __global__ void relax(const ECLgraph g, const Dist d,
                             const int *const wl_in, const int wl_in_size,
                             int *const wl_out, int *const wl_out_size,
                             const int wl_cap) {
  const int idx = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (idx >= wl_in_size)
    return;
  const int v = wl_in[idx];
  const int s = d.old_d[v];
  for (int i = g.nindex[v]; i < g.nindex[v + 1]; i++) {
    const int n = g.nlist[i];
    const int nd = s + g.eweight[i];
#ifdef E2E_RACE
    if (d.new_d[n] > nd) { // a forgotten atomicMin: a lost update
      d.new_d[n] = nd;
#else
    if (atomicMin(&d.new_d[n], nd) > nd) {
#endif
      const int slot = atomicAdd(wl_out_size, 1);
      if (slot < wl_cap)
        wl_out[slot] = n;
    }
  }
}

static __global__ void copy_dist(const int nodes, const Dist d) {
  const int v = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (v < nodes)
    d.old_d[v] = d.new_d[v];
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
  ECLgraph g;
  g.nodes = nodes;
  g.edges = edges;
  g.nindex = e2e_to_device(hi, nodes + 1);
  g.nlist = e2e_to_device(hl, edges);
  g.eweight = e2e_to_device(hw, edges);
  Dist d;
  int *wl1, *wl2, *sz;
  E2E_CHECK(cudaMalloc(&d.old_d, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&d.new_d, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&wl1, edges * sizeof(int)));
  E2E_CHECK(cudaMalloc(&wl2, edges * sizeof(int)));
  E2E_CHECK(cudaMalloc(&sz, 2 * sizeof(int)));
  const int blocks = (nodes + ThreadsPerBlock - 1) / ThreadsPerBlock;
  init_dist<<<blocks, ThreadsPerBlock>>>(nodes, d, wl1, sz);
  int size = 1, iter = 0;
  while (size > 0 && iter < 64) {
    E2E_CHECK(cudaMemset(sz + 1, 0, sizeof(int)));
    relax<<<(size + ThreadsPerBlock - 1) / ThreadsPerBlock, ThreadsPerBlock>>>(
        g, d, wl1, size, wl2, sz + 1, edges);
    copy_dist<<<blocks, ThreadsPerBlock>>>(nodes, d);
    e2e_to_host(&size, sz + 1, 1);
    if (size > edges)
      size = edges;
    int *t = wl1;
    wl1 = wl2;
    wl2 = t;
    iter++;
  }
  e2e_to_host(hd, d.new_d, nodes);
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
// RACE-CHECK: race on global memory d+8[
// RACE-CHECK: in kernel relax
// RACE-CHECK-NOT: not checked
