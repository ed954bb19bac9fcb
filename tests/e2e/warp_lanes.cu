// Lanes of one warp meeting on one global word in the same instruction
// (issue 25; docs/global-check.md, "Lanes of one warp").  The check across
// blocks has warps (or blocks) as units: two lanes of one warp share a
// claim and a copy, so a plain `hist[bin]++` by the lanes of a warp, a
// work-list push `wl[(*n)++] = v`, a relaxation's test-and-store or
// `bits |= 1 << lane` lost updates unseen whenever the lanes that met were
// in one warp -- and a one-warp launch was not checked at all (one unit,
// "nothing to compare").  Each store or update through a claimed pointer
// now matches the lanes of its instruction by address.
//   Fixed twin: atomics where lanes meet; lanes that store one value to
//   one word (`*done = 1`, `flags[0] |= 1`) are no race and stay quiet.
//   Racy twin: the same kernels with plain updates and stores.
// Kernels are launched with one warp (one unit) and with several warps
// per block, the histogram's bins chosen so that only lanes of one warp
// meet (each warp has bins of its own); updates written out (`total[w] =
// total[w] + v`, `top[w] = max(top[w], v)`) are updates too.
#include <cstdio>

#include "e2e.h"

#define BINS_PER_WARP 4

// Each warp counts its 32 elements into bins of its own.
__global__ void warp_histogram(const int *in, int *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = i / 32;
  int bin = warp * BINS_PER_WARP + in[i] % BINS_PER_WARP;
#ifdef E2E_RACE
  hist[bin]++;
#else
  atomicAdd(&hist[bin], 1);
#endif
}

// One warp pushes the odd elements onto a work list.
__global__ void push_odd(const int *in, int *wl, int *wl_size) {
  int v = in[threadIdx.x];
  if (v & 1) {
#ifdef E2E_RACE
    wl[(*wl_size)++] = v;
#else
    wl[atomicAdd(wl_size, 1)] = v;
#endif
  }
}

// Relax the distance of each edge's target (edges of one warp share
// targets).
__global__ void relax(const int *src, const int *dst, const int *w,
                      const int *dist_in, int *dist, int *done, int m) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= m)
    return;
  int d = dist_in[src[e]] + w[e];
#ifdef E2E_RACE
  if (d < dist[dst[e]])
    dist[dst[e]] = d;
#else
  atomicMin(&dist[dst[e]], d);
#endif
  *done = 0; // every lane stores the same value: no race
}

// Lanes mark what they saw: one bit for all (no race), one bit per lane.
__global__ void mark(const int *in, unsigned *flags, unsigned *seen) {
  int t = threadIdx.x;
  if (in[t] >= 0)
    flags[0] |= 1u; // the same word left by every lane: no race
#ifdef E2E_RACE
  seen[0] |= 1u << (t % 32);
#else
  atomicOr(&seen[0], 1u << (t % 32));
#endif
}

// Per-warp totals and maxima written out as `E = E + v` and `E = max(E, v)`
// (every lane reads the word, then stores what it computed).
__global__ void warp_totals(const int *in, int *total, int *top, int *low) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = i / 32;
#ifdef E2E_RACE
  total[w] = total[w] + in[i];
  top[w] = max(top[w], in[i]);
#else
  if (i % 32 == 0) {
    int t = 0, m = top[w];
    for (int k = i; k < i + 32; k++) {
      t += in[k];
      m = max(m, in[k]);
    }
    total[w] = total[w] + t;
    top[w] = max(top[w], m);
  }
#endif
  low[w] = max(low[w], -1); // every lane leaves the word as it is: no race
}

// A template whose store's type depends on T: pairs of lanes store to one
// element in the racy twin.
template <class T>
__global__ void scatter_pairs(const T *in, T *const out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
#ifdef E2E_RACE
    out[i / 2] = in[i];
#else
    out[i] = in[i];
#endif
  }
}

int main() {
  const int warps = 4, n = 32 * warps, m = 64, nodes = 8;
  static int hin[n], hhist[warps * BINS_PER_WARP], hwl[n], hsize[1];
  static int hsrc[m], hdst[m], hw[m], hdist_in[nodes], hdist[nodes];
  static int hdone[1] = {1};
  static unsigned hflags[1], hseen[1];
  static float fin[n], fout[n];
  static int htotal[warps], htop[warps], hlow[warps];
  for (int i = 0; i < n; i++) {
    hin[i] = (i * 7 + 3) % 11;
    fin[i] = 0.5f * (float)i;
  }
  for (int e = 0; e < m; e++) {
    hsrc[e] = e % nodes;
    hdst[e] = (e * 3 + e / 32) % 3; // edges of a warp meet on 3 targets
    hw[e] = 10 + (e * 13) % 17;
  }
  for (int v = 0; v < nodes; v++) {
    hdist_in[v] = v * 2;
    hdist[v] = 1000;
  }
  int *in = e2e_to_device(hin, n), *hist = e2e_to_device(hhist, warps * 4);
  int *wl = e2e_to_device(hwl, n), *size = e2e_to_device(hsize, 1);
  int *src = e2e_to_device(hsrc, m), *dst = e2e_to_device(hdst, m);
  int *w = e2e_to_device(hw, m), *dist_in = e2e_to_device(hdist_in, nodes);
  int *dist = e2e_to_device(hdist, nodes), *done = e2e_to_device(hdone, 1);
  unsigned *flags = e2e_to_device(hflags, 1), *seen = e2e_to_device(hseen, 1);
  float *din = e2e_to_device(fin, n), *dout = e2e_to_device(fout, n);
  int *total = e2e_to_device(htotal, warps), *top = e2e_to_device(htop, warps);
  int *low = e2e_to_device(hlow, warps);

  warp_histogram<<<2, 64>>>(in, hist);
  push_odd<<<1, 32>>>(in, wl, size);
  relax<<<1, m>>>(src, dst, w, dist_in, dist, done, m);
  mark<<<1, 32>>>(in, flags, seen);
  scatter_pairs<float><<<warps, 32>>>(din, dout, n);
  warp_totals<<<2, 64>>>(in, total, top, low);
  E2E_CHECK(cudaGetLastError());

  e2e_to_host(hhist, hist, warps * BINS_PER_WARP);
  e2e_to_host(hwl, wl, n);
  e2e_to_host(hsize, size, 1);
  e2e_to_host(hdist, dist, nodes);
  e2e_to_host(hdone, done, 1);
  e2e_to_host(hflags, flags, 1);
  e2e_to_host(hseen, seen, 1);
  e2e_to_host(fout, dout, n);
  e2e_to_host(htotal, total, warps);
  e2e_to_host(htop, top, warps);
  e2e_to_host(hlow, low, warps);
#ifndef E2E_RACE
  printf("hist:");
  for (int b = 0; b < warps * BINS_PER_WARP; b++)
    printf(" %d", hhist[b]);
  long long wsum = 0;
  for (int k = 0; k < hsize[0]; k++)
    wsum += hwl[k];
  printf("\nworklist %d sum %lld\ndist:", hsize[0], wsum);
  for (int v = 0; v < nodes; v++)
    printf(" %d", hdist[v]);
  printf("\ndone %d flags %u seen %08x\n", hdone[0], hflags[0], hseen[0]);
  printf("out %016llx\n", e2e_hash(fout, sizeof fout));
  for (int k = 0; k < warps; k++)
    printf("warp %d total %d top %d low %d\n", k, htotal[k], htop[k], hlow[k]);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: lost update (lanes of one warp updating one word in the same instruction) on global memory hist[
// RACE-CHECK: in kernel warp_histogram
// RACE-CHECK: lost update (lanes of one warp updating one word in the same instruction) on global memory wl_size[0] in kernel push_odd
// RACE-CHECK: write-write race between lanes of one warp on global memory wl[
// RACE-CHECK: write-write race between lanes of one warp on global memory dist[
// RACE-CHECK: lost update (lanes of one warp updating one word in the same instruction) on global memory seen[0] in kernel mark
// RACE-CHECK: write-write race between lanes of one warp on global memory out[
// RACE-CHECK: in kernel scatter_pairs
// RACE-CHECK: lost update (lanes of one warp updating one word in the same instruction) on global memory total[
// RACE-CHECK: lost update (lanes of one warp updating one word in the same instruction) on global memory top[
// RACE-CHECK: in kernel warp_totals
// RACE-CHECK-NOT: memory done
// RACE-CHECK-NOT: memory flags
// RACE-CHECK-NOT: memory low
