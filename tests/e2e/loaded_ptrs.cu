// Pointers a kernel loads from memory, the way graph and mesh code keeps
// its arrays: a CSR graph in a struct copied to the device (`Graph *g`,
// the kernel reads `g->nindex`, `g->dist_new`) and a table of row pointers
// (`float **rows`, one cudaMalloc per row).  Such accesses are claimed by
// their address in the direct one run, which then follows every
// allocation of the program (docs/global-check.md, "Pointers loaded from
// memory").  Before, both kernels were "not checked across blocks:
// pointer inside parameter g" (rows): nothing was checked.  Fixed twin:
// atomicMin on the next distances, read from the previous ones, and rows
// scaled in place by the thread that owns each element.  Racy twin: the
// relaxation as a plain test-and-store (a lost update) and a smoothing
// step that reads the right neighbour another warp stores.  Reports name
// memory by the variable its cudaMalloc call fills (`h.dist_new[17]`),
// else by the call's kind and number (`cudaMalloc#9`, bytes: the rows,
// allocated in e2e.h's helper).
#include <cstdio>

#include "e2e.h"

struct Graph {
  int nodes;
  int *nindex;
  int *nlist;
  int *dist_old;
  int *dist_new;
};

__global__ void relax(Graph *g, int *changed) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= g->nodes)
    return;
  const int d = g->dist_old[v];
  if (d == 0x7fffffff)
    return;
  for (int e = g->nindex[v]; e < g->nindex[v + 1]; e++) {
    const int u = g->nlist[e];
#ifdef E2E_RACE
    if (g->dist_new[u] > d + 1) { // a forgotten atomicMin: a lost update
      g->dist_new[u] = d + 1;
#else
    if (atomicMin(&g->dist_new[u], d + 1) > d + 1) {
#endif
      *changed = 1;
    }
  }
}

__global__ void publish(Graph *g) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  int *const next = g->dist_new; // a local alias of a loaded pointer
  if (v < g->nodes)
    g->dist_old[v] = next[v];
}

__global__ void smooth_rows(float **rows, int nrows, int width) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = t / width, c = t % width;
  if (r >= nrows)
    return;
  float *row = rows[r];
#ifdef E2E_RACE
  row[c] = 0.5f * (row[c] + rows[r][(c + 1) % width]); // another warp's
#else
  row[c] = 0.5f * row[c] + 1.0f;
#endif
}

int main() {
  const int nodes = 2048, deg = 3, edges = nodes * deg;
  static int hi[nodes + 1], hl[edges], hd[nodes];
  for (int v = 0; v <= nodes; v++)
    hi[v] = v * deg;
  for (int e = 0; e < edges; e++)
    hl[e] = (int)((e * 2654435761u + 11u) % nodes);
  for (int v = 0; v < nodes; v++)
    hd[v] = v == 0 ? 0 : 0x7fffffff;
  Graph h;
  h.nodes = nodes;
  h.nindex = e2e_to_device(hi, nodes + 1);
  h.nlist = e2e_to_device(hl, edges);
  h.dist_old = e2e_to_device(hd, nodes);
  E2E_CHECK(cudaMalloc(&h.dist_new, nodes * sizeof(int))); // named in reports
  E2E_CHECK(
      cudaMemcpy(h.dist_new, hd, nodes * sizeof(int), cudaMemcpyHostToDevice));
  Graph *dg = e2e_to_device(&h, 1);
  int *changed;
  E2E_CHECK(cudaMalloc(&changed, sizeof(int)));
  int again = 1, iter = 0;
  while (again && iter < 64) {
    E2E_CHECK(cudaMemset(changed, 0, sizeof(int)));
    relax<<<(nodes + 127) / 128, 128>>>(dg, changed);
    publish<<<(nodes + 127) / 128, 128>>>(dg);
    e2e_to_host(&again, changed, 1);
    iter++;
  }
  e2e_to_host(hd, h.dist_new, nodes);

  const int nrows = 8, width = 96;
  static float hrow[width], out[nrows][width];
  float *hrows[nrows];
  for (int r = 0; r < nrows; r++) {
    for (int c = 0; c < width; c++)
      hrow[c] = (float)(r * width + c);
    hrows[r] = e2e_to_device(hrow, width);
  }
  float **drows = e2e_to_device(hrows, nrows);
  smooth_rows<<<(nrows * width + 63) / 64, 64>>>(drows, nrows, width);
  for (int r = 0; r < nrows; r++)
    e2e_to_host(out[r], hrows[r], width);
#ifndef E2E_RACE
  long long total = 0;
  for (int v = 0; v < nodes; v++)
    total += hd[v] == 0x7fffffff ? -1 : hd[v];
  printf("iterations %d total %lld hash %llx rows %llx\n", iter, total,
         e2e_hash(hd, sizeof hd), e2e_hash(out, sizeof out));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel relax
// RACE-CHECK: in kernel smooth_rows
// RACE-CHECK: loaded_ptrs.cu:39
// RACE-CHECK: loaded_ptrs.cu:62
// RACE-CHECK: race on global memory h.dist_new[
// RACE-CHECK: on global memory cudaMalloc#
// RACE-CHECK-NOT: not checked
