/* 256-bin histogram of bytes with a private histogram per block in shared
 * memory (shared atomics), merged into the global one with global atomics.
 * The bytes are skewed (the smaller of two random bytes) so that bins
 * collide.  The global histogram is cleared before each launch, outside the
 * timed span.  Racy twin (-DBENCH_RACE=1): the shared increment is a plain
 * read-modify-write, so concurrent increments of one bin are lost. */
#include "bench_common.h"

#define BINS 256
#define BLOCK 512

static const size_t N = (size_t)1 << 26;

__global__ void histogram(const unsigned char *in, size_t n, unsigned *hist) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += BLOCK)
    local[b] = 0;
  __syncthreads();
  for (size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (size_t)gridDim.x * BLOCK) {
#if BENCH_RACE
    local[in[i]]++;
#else
    atomicAdd(&local[in[i]], 1u);
#endif
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += BLOCK)
    atomicAdd(&hist[b], local[b]);
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  std::vector<unsigned char> in(N);
  uint64_t seed = 16;
  for (size_t i = 0; i < N; i++) {
    uint64_t r = bench_next(&seed);
    in[i] = (unsigned char)std::min(r & 0xff, (r >> 8) & 0xff);
  }
  unsigned char *din = bench_upload(in);
  unsigned *dhist = bench_alloc<unsigned>(BINS);
  int blocks = 4 * bench_sm_count();

  bench_times t = bench_time(
      o, [&] { histogram<<<blocks, BLOCK>>>(din, N, dhist); },
      [&] { BENCH_CHECK(cudaMemset(dhist, 0, BINS * sizeof(unsigned))); });

  std::vector<unsigned> hist = bench_download(dhist, BINS);
  std::vector<unsigned> want(BINS, 0);
  for (size_t i = 0; i < N; i++)
    want[in[i]]++;
  bench_check chk = {0};
  for (int b = 0; b < BINS; b++)
    bench_expect(&chk, "hist", b, hist[b], want[b]);
  bench_free({din, dhist});
  return bench_finish(t, &chk);
}
