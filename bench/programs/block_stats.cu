/* Per-block maximum, minimum and sum of 2^26 small ints, the way utility
 * kernels write them: each thread reduces its grid-stride share in
 * registers, then folds it into the block's accumulators with shared
 * atomics (atomicMax, atomicMin, a float atomicAdd), and thread 0 stores
 * the block's results.  The shared-memory replay merges none of these
 * atomics, so ldcc checks the kernel's shared memory with the block's
 * shadow (docs/inline-checks.md, "Shared memory without a replay").  Sums
 * stay below 2^24: exact in float in any order.  Racy twin
 * (-DBENCH_RACE=1): no barrier between thread 0 setting the accumulators
 * and the other warps' atomics. */
#include <climits>

#include "bench_common.h"

#define BLOCK 256

static const size_t N = (size_t)1 << 26;

__global__ void block_stats(const int *in, size_t n, int *maxv, int *minv,
                            float *sum) {
  __shared__ int s_max, s_min;
  __shared__ float s_sum;
  if (threadIdx.x == 0) {
    s_max = INT_MIN;
    s_min = INT_MAX;
    s_sum = 0.0f;
  }
#if !BENCH_RACE
  __syncthreads();
#endif
  int hi = INT_MIN, lo = INT_MAX;
  float acc = 0.0f;
  for (size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (size_t)gridDim.x * BLOCK) {
    int v = in[i];
    hi = max(hi, v);
    lo = min(lo, v);
    acc += (float)v;
  }
  atomicMax(&s_max, hi);
  atomicMin(&s_min, lo);
  atomicAdd(&s_sum, acc);
  __syncthreads();
  if (threadIdx.x == 0) {
    maxv[blockIdx.x] = s_max;
    minv[blockIdx.x] = s_min;
    sum[blockIdx.x] = s_sum;
  }
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  std::vector<int> in(N);
  uint64_t seed = 38;
  for (size_t i = 0; i < N; i++)
    in[i] = (int)bench_range(&seed, 0, 15);
  int *din = bench_upload(in);
  int blocks = 4 * bench_sm_count();
  int *dmax = bench_alloc<int>(blocks), *dmin = bench_alloc<int>(blocks);
  float *dsum = bench_alloc<float>(blocks);

  bench_times t = bench_time(
      o,
      [&] { block_stats<<<blocks, BLOCK>>>(din, N, dmax, dmin, dsum); },
      bench_no_reset);

  std::vector<int> mx = bench_download(dmax, blocks);
  std::vector<int> mn = bench_download(dmin, blocks);
  std::vector<float> sm = bench_download(dsum, blocks);
  bench_check chk = {0};
  for (int b = 0; b < blocks; b++) {
    int whi = INT_MIN, wlo = INT_MAX;
    double wsum = 0;
    for (size_t i = (size_t)b * BLOCK; i < N; i += (size_t)blocks * BLOCK)
      for (size_t k = i; k < i + BLOCK && k < N; k++) {
        whi = std::max(whi, in[k]);
        wlo = std::min(wlo, in[k]);
        wsum += in[k];
      }
    bench_expect(&chk, "max", b, mx[b], whi);
    bench_expect(&chk, "min", b, mn[b], wlo);
    bench_expect(&chk, "sum", b, (long long)sm[b], (long long)wsum);
  }
  bench_free({din, dmax, dmin, dsum});
  return bench_finish(t, &chk);
}
