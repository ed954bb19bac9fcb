// A level-synchronous BFS over a CSR graph passed by value (`Graph g`,
// pointers read only: `g.row[u]`, `g.col[e]`), pushing the next frontier
// to a queue.  Fixed twin: a vertex is claimed with atomicCAS on its
// distance and its queue slot taken with atomicAdd; equal to the nvcc
// build, bit for bit (the distances; the queue's order is not printed).
// Racy twin (-DE2E_RACE): check-then-set on the distance and a plain
// `next[(*qsize)++] = v`, the lanes of warp 0 bumping the size together
// (the frontier stays within one warp).  Until session 50 the graph's
// pointers counted as written memory, so the launch ran on copies, where
// the lanes of one warp are not checked, and nothing was reported; the
// translator now marks a class whose pointers are only read
// (__LDCC_GP_FIELDS_READ) and the launch takes the one run.
#include "e2e.h"

struct Graph {
  int *row, *col;
  int n;
};

__global__ void bfs_level(Graph g, int *dist, const int *frontier, int fsize,
                          int *next, int *qsize, int level) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= fsize)
    return;
  int u = frontier[idx];
  for (int e = g.row[u]; e < g.row[u + 1]; ++e) {
    int v = g.col[e];
#ifdef E2E_RACE
    if (dist[v] == -1) {
      dist[v] = level + 1;
      next[(*qsize)++] = v;
    }
#else
    if (atomicCAS(&dist[v], -1, level + 1) == -1)
      next[atomicAdd(qsize, 1)] = v;
#endif
  }
}

int main() {
  // A ring of n vertices with chords i -> 7i+3 (both ways).
  const int n = 2048, deg = 4;
  static int row[2048 + 1], col[2048 * 4], dist[2048];
  for (int u = 0; u <= n; u++)
    row[u] = u * deg;
  for (int u = 0; u < n; u++) {
    col[u * deg + 0] = (u + 1) % n;
    col[u * deg + 1] = (u + n - 1) % n;
    col[u * deg + 2] = (7 * u + 3) % n;
    col[u * deg + 3] = (u * 5 + 11) % n;
  }
  for (int u = 0; u < n; u++)
    dist[u] = -1;
  dist[0] = 0;
  Graph g = {e2e_to_device(row, n + 1), e2e_to_device(col, n * deg), n};
  int *d_dist = e2e_to_device(dist, n);
  int zero = 0, *a = e2e_to_device(dist, n), *b = e2e_to_device(dist, n);
  int *qsize = e2e_to_device(&zero, 1);
  E2E_CHECK(cudaMemcpy(a, &zero, sizeof zero, cudaMemcpyHostToDevice));
  int fsize = 1, level = 0;
  while (fsize > 0 && level < n) {
    E2E_CHECK(cudaMemcpy(qsize, &zero, sizeof zero, cudaMemcpyHostToDevice));
    bfs_level<<<(fsize + 127) / 128, 128>>>(g, d_dist, a, fsize, b, qsize,
                                            level);
    E2E_CHECK(cudaGetLastError());
    e2e_to_host(&fsize, qsize, 1);
    int *t = a;
    a = b;
    b = t;
    level++;
  }
  e2e_to_host(dist, d_dist, n);
#ifndef E2E_RACE
  long long sum = 0;
  for (int u = 0; u < n; u++)
    sum += dist[u];
  printf("levels %d distance sum %lld hash %llx\n", level, sum,
         e2e_hash(dist, sizeof dist));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory qsize[0] in kernel bfs_level
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
