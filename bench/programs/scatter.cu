/* Scatter through a permutation: y[perm[i]] = a * x[i] + 1, one element
 * per thread, no barrier (the check's units are warps).  perm spreads
 * neighbouring i over the whole array, so every warp's stores land in
 * words next to other warps' stores.  Small integer inputs keep the check
 * exact.  Racy twin (-DBENCH_RACE=1): every 4096th element goes to the
 * slot of the element 32 further on as well, so two warps store different
 * values to one word. */
#include "bench_common.h"

#define BLOCK 256

static const size_t N = (size_t)1 << 24;

__global__ void scatter(const float *x, const unsigned *perm, float *y,
                        float a, size_t n) {
  size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[perm[i]] = a * x[i] + 1.0f;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  const float a = 3.0f;
  std::vector<float> x = bench_random<float>(N, 21, 1, 1023);
  std::vector<unsigned> perm(N);
  for (size_t i = 0; i < N; i++)
    perm[i] = (unsigned)((i * 2654435761ull) % N); /* odd: a permutation */
#if BENCH_RACE
  for (size_t i = 0; i + 32 < N; i += 4096)
    perm[i] = perm[i + 32];
#endif
  float *dx = bench_upload(x);
  unsigned *dp = bench_upload(perm);
  float *dy = bench_alloc<float>(N);

  bench_times t = bench_time(
      o, [&] { scatter<<<(unsigned)(N / BLOCK), BLOCK>>>(dx, dp, dy, a, N); },
      [] {});

  std::vector<float> y = bench_download(dy, N);
  bench_check chk = {0};
  for (size_t i = 0; i < N; i++)
    bench_expect(&chk, "y", perm[i], y[perm[i]], a * x[i] + 1.0f);
  bench_free({dx, dp, dy});
  return bench_finish(t, &chk);
}
