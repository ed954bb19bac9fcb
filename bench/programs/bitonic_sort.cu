/* Bitonic sort in shared memory: each block of SEG / 2 threads sorts its own
 * segment of SEG unsigned keys (one compare-exchange per thread per step, a
 * barrier after each step) and writes it out.  The check proves each output
 * segment ascending and a permutation of its input (equal sums of a mixing
 * hash of the keys, modulo 2^64).  No racy twin. */
#include "bench_common.h"

#define SEG 2048

static const size_t N = (size_t)1 << 24; /* a multiple of SEG */

__global__ void bitonic_sort(const unsigned *in, unsigned *out) {
  __shared__ unsigned key[SEG];
  size_t base = (size_t)blockIdx.x * SEG;
  int t = threadIdx.x;
  key[t] = in[base + t];
  key[t + SEG / 2] = in[base + t + SEG / 2];
  __syncthreads();
  for (int size = 2; size <= SEG; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      /* The pair (i, i + stride), i with the stride bit clear. */
      int i = 2 * t - (t & (stride - 1));
      bool ascending = (i & size) == 0;
      unsigned a = key[i], b = key[i + stride];
      if ((a > b) == ascending) {
        key[i] = b;
        key[i + stride] = a;
      }
      __syncthreads();
    }
  }
  out[base + t] = key[t];
  out[base + t + SEG / 2] = key[t + SEG / 2];
}

static uint64_t mix(uint64_t k) {
  uint64_t s = k;
  return bench_next(&s);
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  std::vector<unsigned> in = bench_random<unsigned>(N, 17, 1, 0xffffffffu);
  unsigned *din = bench_upload(in);
  unsigned *dout = bench_alloc<unsigned>(N);

  bench_times t = bench_time(
      o, [&] { bitonic_sort<<<(unsigned)(N / SEG), SEG / 2>>>(din, dout); },
      bench_no_reset);

  std::vector<unsigned> out = bench_download(dout, N);
  bench_check chk = {0};
  for (size_t s = 0; s < N; s += SEG) {
    uint64_t hash_in = 0, hash_out = 0;
    for (size_t i = s; i < s + SEG; i++) {
      hash_in += mix(in[i]);
      hash_out += mix(out[i]);
      if (i > s && out[i - 1] > out[i])
        bench_expect(&chk, "out (ascending)", i, out[i], out[i - 1]);
    }
    bench_expect(&chk, "segment hash", s / SEG, (double)hash_out,
                 (double)hash_in);
  }
  bench_free({din, dout});
  return bench_finish(t, &chk);
}
