/* Tiled matrix transpose through shared memory: a 32 x 8 block reads a
 * 32 x 32 tile in rows, waits, and writes it transposed, both coalesced; the
 * tile is padded to 33 columns against bank conflicts.  Racy twin
 * (-DBENCH_RACE=1): the barrier between the shared store and the shared load
 * is missing, so a warp reads tile columns other warps have not written. */
#include "bench_common.h"

#define TILE 32
#define ROWS 8

static const int N = 8192; /* a multiple of TILE */

__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * n + x];
#if !BENCH_RACE
  __syncthreads();
#endif
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  size_t nn = (size_t)N * N;
  std::vector<float> in = bench_random<float>(nn, 15, 1, 1 << 20);
  float *din = bench_upload(in);
  float *dout = bench_alloc<float>(nn);

  dim3 block(TILE, ROWS), grid(N / TILE, N / TILE);
  bench_times t = bench_time(
      o, [&] { transpose<<<grid, block>>>(din, dout, N); }, bench_no_reset);

  std::vector<float> out = bench_download(dout, nn);
  bench_check chk = {0};
  /* Tile by tile, so that the strided side stays in the host caches. */
  for (size_t y0 = 0; y0 < (size_t)N; y0 += TILE)
    for (size_t x0 = 0; x0 < (size_t)N; x0 += TILE)
      for (size_t y = y0; y < y0 + TILE; y++)
        for (size_t x = x0; x < x0 + TILE; x++)
          bench_expect(&chk, "out", y * N + x, out[y * N + x], in[x * N + y]);
  bench_free({din, dout});
  return bench_finish(t, &chk);
}
