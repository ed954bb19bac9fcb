/* The 5-point stencil shared by stencil2d_shared.cu and stencil2d_global.cu:
 * grid size, the formula (host and device) and the host reference.  Inputs
 * are integers in [0, 1023] and the weights 1/2 and 1/8, so every result is
 * a multiple of 1/8 below 1024 and exact in float whatever the order of
 * additions: the check compares bit for bit.  Outside the grid counts as 0. */
#ifndef STENCIL2D_H
#define STENCIL2D_H

#include "bench_common.h"

static const int NX = 8192, NY = 8192; /* multiples of the block sizes */

__host__ __device__ static inline float stencil5(float c, float n, float s,
                                                 float w, float e) {
  return 0.5f * c + 0.125f * (n + s + w + e);
}

/* in[y][x], 0 outside the grid. */
static inline float stencil_at(const std::vector<float> &in, int x, int y) {
  return x < 0 || x >= NX || y < 0 || y >= NY ? 0.0f : in[(size_t)y * NX + x];
}

/* Builds the input, runs launch(in, out) under bench_time, checks every
 * point; returns the program's exit status. */
template <class Launch>
static int stencil2d_main(int argc, char **argv, Launch launch) {
  bench_opts o = bench_parse(argc, argv);
  size_t n = (size_t)NX * NY;
  std::vector<float> in = bench_random<float>(n, 14, 0, 1023);
  float *din = bench_upload(in);
  float *dout = bench_alloc<float>(n);

  bench_times t = bench_time(
      o, [&] { launch(din, dout); }, bench_no_reset);

  std::vector<float> out = bench_download(dout, n);
  bench_check chk = {0};
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      float want = stencil5(stencil_at(in, x, y), stencil_at(in, x, y - 1),
                            stencil_at(in, x, y + 1), stencil_at(in, x - 1, y),
                            stencil_at(in, x + 1, y));
      bench_expect(&chk, "out", (size_t)y * NX + x, out[(size_t)y * NX + x],
                   want);
    }
  bench_free({din, dout});
  return bench_finish(t, &chk);
}

#endif
