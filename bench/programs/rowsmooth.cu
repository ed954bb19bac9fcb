/* In-place smoothing of each row of a matrix, one block per row: every
 * thread reads its elements' neighbours, the block waits at a barrier,
 * then every thread stores its elements' new values over the old ones.
 * Race-free (a row belongs to one block); the barrier makes the check's
 * units blocks.  The matrix is restored before each launch, outside the
 * timed span.  Small integer inputs keep the check exact.  Racy twin
 * (-DBENCH_RACE=1): the first thread of each block also reads the last
 * element of the previous row, which that row's block overwrites. */
#include "bench_common.h"

#define BLOCK 256
#define W 1024 /* row length: BLOCK * K */
#define K (W / BLOCK)

static const size_t ROWS = 16384;

__global__ void row_smooth(float *m) {
  size_t base = (size_t)blockIdx.x * W;
  float v[K];
  for (int k = 0; k < K; k++) {
    int c = threadIdx.x + k * BLOCK;
    float l = c > 0 ? m[base + c - 1] : m[base + c];
    float r = c + 1 < W ? m[base + c + 1] : m[base + c];
#if BENCH_RACE
    if (c == 0 && blockIdx.x > 0)
      l = m[base - 1];
#endif
    v[k] = (l + 2.0f * m[base + c] + r) * 0.25f;
  }
  __syncthreads();
  for (int k = 0; k < K; k++)
    m[base + threadIdx.x + k * BLOCK] = v[k];
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  const size_t n = ROWS * W;
  std::vector<float> m0 = bench_random<float>(n, 23, 0, 1023);
  float *dm0 = bench_upload(m0), *dm = bench_alloc<float>(n);

  bench_times t = bench_time(
      o, [&] { row_smooth<<<(unsigned)ROWS, BLOCK>>>(dm); },
      [&] {
        BENCH_CHECK(cudaMemcpy(dm, dm0, n * sizeof(float),
                               cudaMemcpyDeviceToDevice));
      });

  std::vector<float> m = bench_download(dm, n);
  bench_check chk = {0};
  for (size_t r = 0; r < ROWS; r++)
    for (size_t c = 0; c < W; c++) {
      size_t i = r * W + c;
      float l = c > 0 ? m0[i - 1] : m0[i], rr = c + 1 < W ? m0[i + 1] : m0[i];
      bench_expect(&chk, "m", i, m[i], (l + 2.0f * m0[i] + rr) * 0.25f);
    }
  bench_free({dm0, dm});
  return bench_finish(t, &chk);
}
