/* In-place vector update y = a * y + x: each block updates its own chunk of
 * CHUNK consecutive elements.  y is restored before each launch, outside
 * the timed span, so every launch computes the same thing.  Small integer
 * inputs keep the check exact.  Racy twin (-DBENCH_RACE=1): each block's
 * range runs OVERLAP elements into the next block's chunk, so two blocks
 * read and write the same elements. */
#include "bench_common.h"

#define BLOCK 256
#define CHUNK 4096
#if BENCH_RACE
#define OVERLAP 64
#else
#define OVERLAP 0
#endif

static const size_t N = (size_t)1 << 26; /* a multiple of CHUNK */

__global__ void vec_update(const float *x, float *y, float a, size_t n) {
  size_t start = (size_t)blockIdx.x * CHUNK;
  size_t end = start + CHUNK + OVERLAP < n ? start + CHUNK + OVERLAP : n;
  for (size_t i = start + threadIdx.x; i < end; i += BLOCK)
    y[i] = a * y[i] + x[i];
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  const float a = 3.0f;
  std::vector<float> x = bench_random<float>(N, 18, 1, 1023);
  std::vector<float> y0 = bench_random<float>(N, 19, 1, 1023);
  float *dx = bench_upload(x), *dy0 = bench_upload(y0);
  float *dy = bench_alloc<float>(N);

  bench_times t = bench_time(
      o, [&] { vec_update<<<(unsigned)(N / CHUNK), BLOCK>>>(dx, dy, a, N); },
      [&] {
        BENCH_CHECK(
            cudaMemcpy(dy, dy0, N * sizeof(float), cudaMemcpyDeviceToDevice));
      });

  std::vector<float> y = bench_download(dy, N);
  bench_check chk = {0};
  for (size_t i = 0; i < N; i++)
    bench_expect(&chk, "y", i, y[i], a * y0[i] + x[i]);
  bench_free({dx, dy0, dy});
  return bench_finish(t, &chk);
}
