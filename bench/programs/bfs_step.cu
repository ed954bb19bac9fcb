/* One top-down step of breadth-first search: one thread per frontier vertex
 * claims each unvisited neighbour with atomicCAS on its distance and appends
 * it to the next frontier through an atomic counter.  The graph is random
 * (8 to 24 neighbours anywhere); the state before the step marks a quarter
 * of the vertices as the frontier at LEVEL and an eighth as visited earlier.
 * Distances and the counter are restored before each launch, outside the
 * timed span.  The check compares every distance and proves the next
 * frontier holds each newly reached vertex exactly once (its order varies).
 * Global memory only.  No racy twin. */
#include "bench_common.h"

#define BLOCK 256
#define UNVISITED 0x7fffffff
#define LEVEL 3

static const int V = 1 << 22;

__global__ void bfs_step(const int *rowptr, const int *adj, const int *frontier,
                         int frontier_size, int *dist, int *next,
                         int *next_size) {
  int f = blockIdx.x * BLOCK + threadIdx.x;
  if (f >= frontier_size)
    return;
  int u = frontier[f];
  for (int k = rowptr[u]; k < rowptr[u + 1]; k++) {
    int v = adj[k];
    if (atomicCAS(&dist[v], UNVISITED, LEVEL + 1) == UNVISITED)
      next[atomicAdd(next_size, 1)] = v;
  }
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  bench_csr g = bench_random_csr(V, 8, 24, V, 23);
  std::vector<int> dist0(V), frontier;
  uint64_t seed = 24;
  for (int v = 0; v < V; v++) {
    int r = (int)bench_range(&seed, 0, 7);
    dist0[v] = r < 2 ? LEVEL : r == 2 ? LEVEL - 1 : UNVISITED;
    if (dist0[v] == LEVEL)
      frontier.push_back(v);
  }
  int nf = (int)frontier.size();
  int *drowptr = bench_upload(g.rowptr), *dadj = bench_upload(g.col);
  int *dfrontier = bench_upload(frontier), *ddist0 = bench_upload(dist0);
  int *ddist = bench_alloc<int>(V), *dnext = bench_alloc<int>(V);
  int *dnext_size = bench_alloc<int>(1);

  bench_times t = bench_time(
      o,
      [&] {
        bfs_step<<<(nf + BLOCK - 1) / BLOCK, BLOCK>>>(
            drowptr, dadj, dfrontier, nf, ddist, dnext, dnext_size);
      },
      [&] {
        BENCH_CHECK(cudaMemcpy(ddist, ddist0, V * sizeof(int),
                               cudaMemcpyDeviceToDevice));
        BENCH_CHECK(cudaMemset(dnext_size, 0, sizeof(int)));
      });

  std::vector<int> dist = bench_download(ddist, V);
  std::vector<int> next_size = bench_download(dnext_size, 1);
  std::vector<int> want = dist0;
  int reached = 0;
  for (int f = 0; f < nf; f++)
    for (int k = g.rowptr[frontier[f]]; k < g.rowptr[frontier[f] + 1]; k++)
      if (want[g.col[k]] == UNVISITED) {
        want[g.col[k]] = LEVEL + 1;
        reached++;
      }
  bench_check chk = {0};
  for (int v = 0; v < V; v++)
    bench_expect(&chk, "dist", v, dist[v], want[v]);
  bench_expect(&chk, "next_size", 0, next_size[0], reached);
  int listed = std::min(std::max(next_size[0], 0), V);
  std::vector<int> next = bench_download(dnext, (size_t)listed);
  std::vector<char> seen(V, 0);
  for (int i = 0; i < listed; i++) {
    int v = next[i];
    bool fresh = v >= 0 && v < V && want[v] == LEVEL + 1 && !seen[v];
    bench_expect(&chk, "next (new, once)", i, fresh, true);
    if (fresh)
      seen[v] = 1;
  }
  bench_free({drowptr, dadj, dfrontier, ddist0, ddist, dnext, dnext_size});
  return bench_finish(t, &chk);
}
