/* 1-D stencil of radius RADIUS with its halo in shared memory: each block
 * loads BLOCK elements plus RADIUS on each side (zero outside the array),
 * waits, and writes a weighted sum per element.  Inputs and weights are
 * small integers, so the sums are exact and the check compares bit for bit.
 * No racy twin. */
#include "bench_common.h"

#define BLOCK 256
#define RADIUS 8

static const int N = 1 << 26; /* a multiple of BLOCK */

/* Weight of the neighbour at offset j: 1 at the edge, RADIUS + 1 at the
 * centre. */
__host__ __device__ static inline float weight(int j) {
  return (float)(RADIUS + 1 - (j < 0 ? -j : j));
}

__global__ void stencil1d(const float *in, float *out, int n) {
  __shared__ float s[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = in[g];
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS, right = g + BLOCK;
    s[l - RADIUS] = left >= 0 ? in[left] : 0.0f;
    s[l + BLOCK] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  float acc = 0.0f;
  for (int j = -RADIUS; j <= RADIUS; j++)
    acc += weight(j) * s[l + j];
  out[g] = acc;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  std::vector<float> in = bench_random<float>(N, 13, 1, 255);
  float *din = bench_upload(in);
  float *dout = bench_alloc<float>(N);

  bench_times t = bench_time(
      o, [&] { stencil1d<<<N / BLOCK, BLOCK>>>(din, dout, N); },
      bench_no_reset);

  std::vector<float> out = bench_download(dout, N);
  bench_check chk = {0};
  /* The reference tap by tap, each point's taps in the same order as the
   * kernel's; the loop over points vectorises (one point at a time is a
   * chain of dependent additions and dominated the process time). */
  std::vector<float> padded(N + 2 * RADIUS, 0.0f); /* zeros outside */
  std::copy(in.begin(), in.end(), padded.begin() + RADIUS);
  std::vector<float> want(N, 0.0f);
  for (int j = -RADIUS; j <= RADIUS; j++) {
    float w = weight(j);
    const float *src = padded.data() + RADIUS + j;
    for (int i = 0; i < N; i++)
      want[i] += w * src[i];
  }
  for (int i = 0; i < N; i++)
    bench_expect(&chk, "out", i, out[i], want[i]);
  bench_free({din, dout});
  return bench_finish(t, &chk);
}
