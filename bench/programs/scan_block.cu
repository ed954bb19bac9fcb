/* Block-level inclusive scan (Hillis-Steele) of unsigned integers in shared
 * memory: each block of BLOCK threads scans its own BLOCK elements, modulo
 * 2^32.  Each step reads a neighbour's value, waits at a barrier, then adds.
 * Racy twin (-DBENCH_RACE=1): the barrier between that read and the write is
 * missing, so a thread may read a value its neighbour already updated. */
#include "bench_common.h"

#define BLOCK 1024

static const size_t N = (size_t)1 << 25;

__global__ void scan_block(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[BLOCK];
  size_t i = (size_t)blockIdx.x * BLOCK + threadIdx.x;
  s[threadIdx.x] = in[i];
  __syncthreads();
  for (int offset = 1; offset < BLOCK; offset <<= 1) {
    unsigned left = threadIdx.x >= offset ? s[threadIdx.x - offset] : 0u;
#if !BENCH_RACE
    __syncthreads();
#endif
    s[threadIdx.x] += left;
    __syncthreads();
  }
  out[i] = s[threadIdx.x];
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  std::vector<unsigned> in = bench_random<unsigned>(N, 12, 1, 0xffffffffu);
  unsigned *din = bench_upload(in);
  unsigned *dout = bench_alloc<unsigned>(N);

  bench_times t = bench_time(
      o, [&] { scan_block<<<(unsigned)(N / BLOCK), BLOCK>>>(din, dout); },
      bench_no_reset);

  std::vector<unsigned> out = bench_download(dout, N);
  bench_check chk = {0};
  unsigned run = 0;
  for (size_t i = 0; i < N; i++) {
    run = (i % BLOCK ? run : 0u) + in[i];
    bench_expect(&chk, "out", i, out[i], run);
  }
  bench_free({din, dout});
  return bench_finish(t, &chk);
}
