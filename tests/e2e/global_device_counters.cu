// Counters, work lists and histograms in __device__ variables next to
// atomics, the way graph codes write them (issue 25; docs/global-check.md,
// "Direct one run"): the direct one run claims a written __device__
// variable like a pointer parameter (`v`, `v[i]`, `v.f`, `&v` as an
// atomic's address), so these kernels are checked across blocks instead of
// "atomic operations" or the message-passing checks.
//   bfs_step: a work-list BFS level over a grid graph.  Fixed: `atomicMin`
//     on the distance and a push with `atomicAdd(&wl_size, 1)`.  Racy: the
//     distance checked and set with plain accesses (two frontier nodes
//     relax one neighbour: a read-write race on dist across units).
//   tally: counts with `atomicAdd(&hits, 1)`; the racy twin also stores the
//     counter's current value per block (an unguarded read of a word other
//     units update atomically).
//   histo: a `__device__ int hist[8]` with `atomicAdd(&hist[b], 1)`, and
//     the values seen counted with an atomic; the racy twin updates the
//     histogram with `+=` (a lost update: a unit reads a bin another unit
//     stores to.  Without the counting atomic the kernel would take the
//     copies, where every warp's copy ends one higher in every bin - its
//     lanes collide too - and units storing the same value are the
//     copies' blind spot).
//   `totals.visits` (a member of a __device__ struct) is counted with an
//     atomic in both twins.
// The fixed twin prints what nvcc's build prints, bit for bit.
#include <cstdio>

#include "e2e.h"

#define SIDE 48
#define NODES (SIDE * SIDE)

struct Totals {
  int visits;
  int levels;
};

static __device__ int wl_size; // the next work list's length
static __device__ int hits;
static __device__ int values_seen;
__device__ Totals totals;
__device__ int hist[8];

static __global__ void bfs_step(const int* const __restrict__ nidx,
                                const int* const __restrict__ nlist,
                                int* const __restrict__ dist,
                                const int* const __restrict__ wl1,
                                const int wl1size, int* const __restrict__ wl2,
                                const int iter) {
  const int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx == 0)
    totals.levels = iter + 1;
  if (idx < wl1size) {
    const int v = wl1[idx];
    atomicAdd(&totals.visits, 1);
    for (int i = nidx[v]; i < nidx[v + 1]; i++) {
      const int n = nlist[i];
#ifdef E2E_RACE
      if (dist[n] > iter + 1) { // check, then set: not one atomic step
        dist[n] = iter + 1;
        wl2[atomicAdd(&wl_size, 1)] = n;
      }
#else
      if (atomicMin(&dist[n], iter + 1) > iter + 1)
        wl2[atomicAdd(&wl_size, 1)] = n;
#endif
    }
  }
}

static __global__ void tally(const int n, const int* const in,
                             int* const per_block) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && in[i] % 3 == 0)
    atomicAdd(&hits, 1);
  if (threadIdx.x == 0)
#ifdef E2E_RACE
    per_block[blockIdx.x] = hits; // a progress count nobody guards
#else
    per_block[blockIdx.x] = blockIdx.x;
#endif
}

static __global__ void histo(const int n, const int* const in) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n) {
    atomicAdd(&values_seen, 1);
#ifdef E2E_RACE
    hist[in[i] % 8] += 1;
#else
    atomicAdd(&hist[in[i] % 8], 1);
#endif
  }
}

int main() {
  static int hidx[NODES + 1], hlist[4 * NODES], hdist[NODES], hin[NODES];
  int m = 0;
  for (int v = 0; v < NODES; v++) {
    int r = v / SIDE, c = v % SIDE;
    hidx[v] = m;
    if (r > 0)
      hlist[m++] = v - SIDE;
    if (c > 0)
      hlist[m++] = v - 1;
    if (c + 1 < SIDE)
      hlist[m++] = v + 1;
    if (r + 1 < SIDE)
      hlist[m++] = v + SIDE;
    hdist[v] = 1 << 30;
    hin[v] = (v * 7) % 11;
  }
  hidx[NODES] = m;
  hdist[0] = 0;
  int *nidx = e2e_to_device(hidx, NODES + 1), *nlist = e2e_to_device(hlist, m);
  int *dist = e2e_to_device(hdist, NODES), *in = e2e_to_device(hin, NODES);
  int *wl1 = e2e_to_device(hdist, NODES), *wl2 = e2e_to_device(hdist, NODES);
  int *per_block = e2e_to_device(hdist, NODES / 128);
  int start = 0, size = 1, zero = 0;
  E2E_CHECK(cudaMemcpy(wl1, &start, sizeof start, cudaMemcpyHostToDevice));
  for (int iter = 0; size > 0 && iter < 4 * SIDE; iter++) {
    E2E_CHECK(cudaMemcpyToSymbol(wl_size, &zero, sizeof zero));
    bfs_step<<<(size + 127) / 128, 128>>>(nidx, nlist, dist, wl1, size, wl2,
                                         iter);
    E2E_CHECK(cudaMemcpyFromSymbol(&size, wl_size, sizeof size));
    int *t = wl1;
    wl1 = wl2;
    wl2 = t;
  }
  tally<<<NODES / 128, 128>>>(NODES, in, per_block);
  histo<<<NODES / 128, 128>>>(NODES, in);
  E2E_CHECK(cudaGetLastError());
  Totals tot;
  int h = 0, hh[8], vs = 0;
  E2E_CHECK(cudaMemcpyFromSymbol(&tot, totals, sizeof tot));
  E2E_CHECK(cudaMemcpyFromSymbol(&h, hits, sizeof h));
  E2E_CHECK(cudaMemcpyFromSymbol(hh, hist, sizeof hh));
  E2E_CHECK(cudaMemcpyFromSymbol(&vs, values_seen, sizeof vs));
  e2e_to_host(hdist, dist, NODES);
#ifndef E2E_RACE
  printf("levels %d visits %d hits %d hist %d %d %d %d %d %d %d %d of %d "
         "dist[last] %d hash %llx\n",
         tot.levels, tot.visits, h, hh[0], hh[1], hh[2], hh[3], hh[4], hh[5],
         hh[6], hh[7], vs, hdist[NODES - 1], e2e_hash(hdist, sizeof hdist));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory dist[
// RACE-CHECK: in kernel bfs_step
// RACE-CHECK: unguarded read (of a word other units update atomically) on global memory hits[0] in kernel tally
// RACE-CHECK: on global memory hist[
// RACE-CHECK: in kernel histo
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
