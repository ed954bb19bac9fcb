// Atomics in device helpers that get a pointer (tests/e2e/histo_helpers.cuh):
// the shared-memory replay follows them (docs/shared-replay.md, "Atomics"):
// into a warp's copy the atomic is merged as a delta, into global memory
// it is applied once.  Before, such a kernel was "not checked in shared
// memory: device function addWord: device function addByte: atomic in a
// device function".
//   histogram64: per-warp sub-histograms in shared memory, cleared, then
//     filled through addWord/addByte, then summed per bin and written out
//     (cuda-samples' histogram256 form).  Racy: no barrier after the
//     clearing (warp 1 clears half of warp 0's sub-histogram while warp 0
//     counts into it).
//   keep_odd: keeps odd inputs at a slot from bump() on a shared counter
//     and counts them in global memory with bump() too.  Racy: thread 0
//     writes the block's count out without the barrier after the bumps
//     (it reads the counter while other warps still add to it: the count
//     it stores differs between the passes).
//   row_totals: a tile of the input in shared memory, each warp's part
//     reached through a kept pointer, added into its row of the output with
//     float atomics through a local pointer (whole numbers: the sums are
//     exact in any order) and into a grand total through the parameter.
//     Racy: no barrier after the tile is loaded (a warp adds up its
//     neighbour's part while the neighbour still loads it: the atomic's
//     operand differs between the passes).
//   bins_in_helper: counts into shared bins in a helper with a barrier
//     (count_and_wait), then writes them out; race-free in both twins (the
//     racy twin's other kernels carry the races).  Its global stores are
//     not checked across blocks (the direct run does not follow an atomic
//     in a helper with a barrier): the RACE-CHECK-NOT below names shared
//     memory only.
// The fixed twin prints what nvcc's build prints.
#include "e2e.h"
#include "histo_helpers.cuh"

__global__ void histogram64(unsigned *d_PartialHistograms,
                            const unsigned *d_Data, unsigned dataCount) {
  __shared__ unsigned s_Hist[HISTO_WARPS * HISTO_BINS];
  unsigned *s_WarpHist = s_Hist + (threadIdx.x >> 5) * HISTO_BINS;

#pragma unroll
  for (unsigned i = 0; i < (HISTO_WARPS * HISTO_BINS) / HISTO_THREADS; i++)
    s_Hist[threadIdx.x + i * HISTO_THREADS] = 0;
#ifndef E2E_RACE
  __syncthreads();
#endif
  for (unsigned pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x)
    addWord(s_WarpHist, d_Data[pos]);
  __syncthreads();
  for (unsigned bin = threadIdx.x; bin < HISTO_BINS; bin += HISTO_THREADS) {
    unsigned sum = 0;
    for (unsigned i = 0; i < HISTO_WARPS; i++)
      sum += s_Hist[bin + i * HISTO_BINS];
    d_PartialHistograms[blockIdx.x * HISTO_BINS + bin] = sum;
  }
}

__global__ void keep_odd(const unsigned *in, unsigned *out, unsigned *counts,
                         unsigned *total, int n) {
  __shared__ unsigned s_count;
  if (threadIdx.x == 0)
    s_count = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && (in[i] & 1)) {
    unsigned slot = bump(&s_count, 1);
    out[blockIdx.x * blockDim.x + slot] = in[i];
    bump(total, 1);
  }
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (threadIdx.x == 0)
    counts[blockIdx.x] = s_count;
}

__global__ void row_totals(float *rows, float *total, const unsigned *in) {
  __shared__ float tile[HISTO_THREADS];
  float *part = tile + ((threadIdx.x >> 5) ^ 1) * 32;
  float *row = rows + (blockIdx.x & 3) * 32;
  tile[threadIdx.x] = (float)(in[blockIdx.x * blockDim.x + threadIdx.x] & 15);
#ifndef E2E_RACE
  __syncthreads();
#endif
  float v = part[threadIdx.x & 31];
  atomicAdd(row + (threadIdx.x & 31), v);
  atomicAdd(total, v);
}

__global__ void bins_in_helper(const unsigned *in, unsigned *out) {
  __shared__ unsigned bins[16];
  if (threadIdx.x < 16)
    bins[threadIdx.x] = 0;
  __syncthreads();
  unsigned b = in[blockIdx.x * blockDim.x + threadIdx.x] & 15;
  count_and_wait(bins, b);
  if (threadIdx.x < 16)
    out[blockIdx.x * 16 + threadIdx.x] = bins[threadIdx.x];
}

int main() {
  const int blocks = 16, n = blocks * HISTO_THREADS;
  static unsigned hin[16 * HISTO_THREADS], hh[16 * HISTO_BINS];
  static unsigned ho[16 * HISTO_THREADS], hc[16];
  for (int i = 0; i < n; i++)
    hin[i] = (unsigned)i * 2654435761u ^ (unsigned)(i >> 3);
  unsigned zero = 0;
  unsigned *in = e2e_to_device(hin, n), *h = e2e_to_device(hh, blocks * HISTO_BINS);
  unsigned *o = e2e_to_device(ho, n), *c = e2e_to_device(hc, blocks);
  unsigned *total = e2e_to_device(&zero, 1);
  histogram64<<<blocks, HISTO_THREADS>>>(h, in, n);
  keep_odd<<<blocks, HISTO_THREADS>>>(in, o, c, total, n);
  static float hr[4 * 32];
  float fzero = 0.f;
  float *r = e2e_to_device(hr, 4 * 32), *ft = e2e_to_device(&fzero, 1);
  row_totals<<<blocks, HISTO_THREADS>>>(r, ft, in);
  static unsigned hb[16 * 16];
  unsigned *bo = e2e_to_device(hb, blocks * 16);
  bins_in_helper<<<blocks, HISTO_THREADS>>>(in, bo);
  E2E_CHECK(cudaGetLastError());
  float fsum = 0.f;
  e2e_to_host(hr, r, 4 * 32);
  e2e_to_host(&fsum, ft, 1);
  e2e_to_host(hb, bo, blocks * 16);
  unsigned t = 0;
  e2e_to_host(hh, h, blocks * HISTO_BINS);
  e2e_to_host(hc, c, blocks);
  e2e_to_host(&t, total, 1);
#ifndef E2E_RACE
  // The slots within a block are taken in any order: only the counts and
  // the histogram are deterministic.
  printf("bins %u %u hash %llx kept %u counts %llx\n", hh[0], hh[HISTO_BINS - 1],
         e2e_hash(hh, sizeof hh), t, e2e_hash(hc, sizeof hc));
  printf("rows %.0f %.0f hash %llx total %.0f bins %u hash %llx\n", hr[0],
         hr[127], e2e_hash(hr, sizeof hr), fsum, hb[0], e2e_hash(hb, sizeof hb));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable s_Hist[
// RACE-CHECK: in kernel histogram64
// RACE-CHECK: read-write race through a global store in kernel keep_odd
// RACE-CHECK: in kernel keep_odd
// RACE-CHECK: read-write race through a global atomic in kernel row_totals
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked in shared memory
