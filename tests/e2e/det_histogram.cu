// Deterministic mode, global memory (docs/deterministic-global.md): a
// histogram with `atomicAdd(&hist[b], 1u)` and a 64-bit total
// `atomicAdd(total, 1ull)` (results unused) plus a plain store of every
// input's bin into `bins` in the same kernel.  The deterministic build
// clones it and merges the counters as deltas: the counts must be exact
// (`counts ok`, checked against the host) and the line must equal the nvcc
// build's, with the default copies and with LDCC_OPTIONS=max_copies=2.
// The total starts at 2^32 - 5, so a 64-bit counter merged as two 32-bit
// words would lose the carry.
#include "e2e.h"

#define N (1 << 18)
#define NBINS 64

__global__ void histogram(const unsigned *in, unsigned *hist,
                          unsigned long long *total, unsigned char *bins,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned b = (in[i] * 2654435761u) >> 26; /* 0 .. 63 */
    atomicAdd(&hist[b], 1u);
    if (b & 1)
      atomicAdd(total, 1ull);
    bins[i] = (unsigned char)b;
  }
}

int main() {
  static unsigned in[N], hist[NBINS], want[NBINS];
  static unsigned char bins[N];
  unsigned long long total = (1ull << 32) - 5, want_total = total;
  for (int i = 0; i < N; i++) {
    in[i] = (unsigned)i * 2246822519u + 374761393u;
    unsigned b = (in[i] * 2654435761u) >> 26;
    want[b]++;
    want_total += b & 1;
  }
  unsigned *din = e2e_to_device(in, N), *dhist = e2e_to_device(hist, NBINS);
  unsigned long long *dtotal = e2e_to_device(&total, 1);
  unsigned char *dbins;
  E2E_CHECK(cudaMalloc(&dbins, N));
  E2E_CHECK(cudaMemset(dbins, 0xff, N));
  histogram<<<N / 256, 256>>>(din, dhist, dtotal, dbins, N);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hist, dhist, NBINS);
  e2e_to_host(&total, dtotal, 1);
  e2e_to_host(bins, dbins, N);
  int bad = total != want_total;
  for (int b = 0; b < NBINS; b++)
    bad += hist[b] != want[b];
  for (int i = 0; i < N; i++)
    bad += bins[i] != (unsigned char)((in[i] * 2654435761u) >> 26);
  printf("hist[0] %u hist[63] %u total %llu hash %llx %llx %s\n", hist[0],
         hist[NBINS - 1], total, e2e_hash(hist, sizeof hist),
         e2e_hash(bins, sizeof bins), bad ? "counts WRONG" : "counts ok");
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// DET
// DET-FEW
