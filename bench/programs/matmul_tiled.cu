/* Tiled single-precision matrix product C = A * B in shared memory, one
 * output per thread, TILE x TILE tiles (-DTILE=16 or 32).  Inputs are small
 * integers, so C is exact and the check (Freivalds: C x == A (B x) for a
 * random integer vector x, in 64-bit integers) compares every row exactly.
 * -DMATMUL_N sets the size.  Racy twin (-DBENCH_RACE=1): the barrier after
 * the inner product is missing, so a fast warp overwrites a tile that slower
 * warps are still reading. */
#include "bench_common.h"

#ifndef TILE
#define TILE 16
#endif

/* A multiple of both tile sizes.  1536 (~0.9 ms a launch on an H100) kept
 * racecheck past 30 s for one launch; 1024 is ~0.3 ms. */
#ifndef MATMUL_N
#define MATMUL_N 1024
#endif
static const int N = MATMUL_N;

__global__ void matmul_tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    as[ty][tx] = a[row * n + t + tx];
    bs[ty][tx] = b[(t + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += as[ty][k] * bs[k][tx];
#if !BENCH_RACE
    __syncthreads();
#endif
  }
  c[row * n + col] = acc;
}

/* y = m x for an n x n matrix of integer values, exactly. */
template <class T>
static std::vector<int64_t> matvec(const std::vector<T> &m,
                                   const std::vector<int64_t> &x, int n) {
  std::vector<int64_t> y(n, 0);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += (int64_t)m[(size_t)i * n + j] * x[j];
  return y;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  size_t nn = (size_t)N * N;
  std::vector<float> a = bench_random<float>(nn, 1, -2, 2);
  std::vector<float> b = bench_random<float>(nn, 2, -2, 2);
  float *da = bench_upload(a), *db = bench_upload(b);
  float *dc = bench_alloc<float>(nn);

  dim3 block(TILE, TILE), grid(N / TILE, N / TILE);
  bench_times t = bench_time(
      o, [&] { matmul_tiled<<<grid, block>>>(da, db, dc, N); }, bench_no_reset);

  std::vector<float> c = bench_download(dc, nn);
  std::vector<int64_t> x = bench_random<int64_t>(N, 3, 1, 1 << 20);
  std::vector<int64_t> cx = matvec(c, x, N);
  std::vector<int64_t> abx = matvec(a, matvec(b, x, N), N);
  bench_check chk = {0};
  for (int i = 0; i < N; i++)
    bench_expect(&chk, "(C x)", i, (double)cx[i], (double)abx[i]);
  bench_free({da, db, dc});
  return bench_finish(t, &chk);
}
