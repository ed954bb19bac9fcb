/* One Bellman-Ford relaxation round over a CSR graph kept the way graph
 * suites keep it: a struct of device pointers copied to the device
 * (`Graph *g`), the kernel loading `g->rowptr`, `g->col`, `g->dist_old`
 * and `g->dist_new` from it.  One thread per vertex; each edge lowers its
 * target's next distance with atomicMin.  The graph is random (8 to 24
 * neighbours anywhere, weights 1 to 7); the next distances are restored
 * before each launch, outside the timed span.  The check compares every
 * next distance with the CPU's.  Global memory only, through pointers
 * loaded from memory (docs/global-check.md, "Pointers loaded from
 * memory").  Racy twin: the relaxation as a plain test-and-store, a lost
 * update between units (its result may still be the minimum). */
#include "bench_common.h"

#define BLOCK 256
#define INF 0x3fffffff

static const int V = 1 << 21;

struct Graph {
  int nodes;
  const int *rowptr;
  const int *col;
  const int *weight;
  const int *dist_old;
  int *dist_new;
};

__global__ void relax(const Graph *g) {
  int v = blockIdx.x * BLOCK + threadIdx.x;
  if (v >= g->nodes)
    return;
  int d = g->dist_old[v];
  if (d >= INF)
    return;
  for (int k = g->rowptr[v]; k < g->rowptr[v + 1]; k++) {
    int u = g->col[k], nd = d + g->weight[k];
#if BENCH_RACE
    if (g->dist_new[u] > nd)
      g->dist_new[u] = nd;
#else
    atomicMin(&g->dist_new[u], nd);
#endif
  }
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  bench_csr c = bench_random_csr(V, 8, 24, V, 31);
  std::vector<int> w = bench_random<int>(c.col.size(), 32, 1, 7);
  std::vector<int> dist0(V);
  uint64_t seed = 33;
  for (int v = 0; v < V; v++)
    dist0[v] = bench_range(&seed, 0, 3) == 0 ? (int)bench_range(&seed, 0, 40)
                                             : INF;
  Graph h;
  h.nodes = V;
  int *drow = bench_upload(c.rowptr), *dcol = bench_upload(c.col);
  int *dw = bench_upload(w), *dold = bench_upload(dist0);
  int *dnew = bench_alloc<int>(V);
  h.rowptr = drow;
  h.col = dcol;
  h.weight = dw;
  h.dist_old = dold;
  h.dist_new = dnew;
  Graph *dg = bench_alloc<Graph>(1);
  BENCH_CHECK(cudaMemcpy(dg, &h, sizeof h, cudaMemcpyHostToDevice));

  bench_times t = bench_time(
      o, [&] { relax<<<(V + BLOCK - 1) / BLOCK, BLOCK>>>(dg); },
      [&] {
        BENCH_CHECK(cudaMemcpy(dnew, dold, V * sizeof(int),
                               cudaMemcpyDeviceToDevice));
      });

  std::vector<int> got = bench_download(dnew, V);
  std::vector<int> want = dist0;
  for (int v = 0; v < V; v++)
    if (dist0[v] < INF)
      for (int k = c.rowptr[v]; k < c.rowptr[v + 1]; k++)
        want[c.col[k]] = std::min(want[c.col[k]], dist0[v] + w[k]);
  bench_check chk = {0};
  for (int v = 0; v < V; v++)
    bench_expect(&chk, "dist_new", v, got[v], want[v]);
  bench_free({drow, dcol, dw, dold, dnew, dg});
  return bench_finish(t, &chk);
}
