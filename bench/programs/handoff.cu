/* Message passing between blocks: blocks take ids from a global counter
 * (so a consumer always starts after its producer), an even block writes
 * a chunk, fences, and thread 0 raises the pair's flag (the launch's epoch);
 * the odd block's thread 0 waits for it, the block fences and reads the
 * chunk.  It measures the inline message-passing checks
 * (docs/inline-checks.md) apart from the two-pass check, which does not
 * apply to such a kernel.  Racy twin: __threadfence_block() instead of
 * __threadfence() on the producer's side (ldcc reports it; the result is
 * usually right). */
#include "bench_common.h"

#define BLOCK 256
#define PER_THREAD 16

static const size_t N = (size_t)1 << 24; /* elements handed over per launch */

__device__ unsigned next_id = 0;

__global__ void handoff(const unsigned *in, unsigned *buf,
                        volatile unsigned *ready, unsigned *out,
                        unsigned epoch, unsigned base) {
  __shared__ unsigned id;
  if (threadIdx.x == 0)
    id = atomicAdd(&next_id, 1u) - base;
  __syncthreads();
  unsigned pair = id / 2;
  size_t off = (size_t)pair * BLOCK * PER_THREAD + threadIdx.x;
  if (id % 2 == 0) {
    for (int k = 0; k < PER_THREAD; k++)
      buf[off + (size_t)k * BLOCK] = in[off + (size_t)k * BLOCK] * 3u + 1u;
#if BENCH_RACE
    __threadfence_block();
#else
    __threadfence();
#endif
    __syncthreads();
    if (threadIdx.x == 0)
      ready[pair] = epoch;
  } else {
    if (threadIdx.x == 0)
      while (ready[pair] != epoch)
        ;
    __syncthreads();
    __threadfence();
    for (int k = 0; k < PER_THREAD; k++) {
      unsigned v = buf[off + (size_t)k * BLOCK];
      out[off + (size_t)k * BLOCK] = v + 7u;
    }
  }
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  const unsigned pairs = (unsigned)(N / (BLOCK * PER_THREAD)),
                 blocks = 2 * pairs;
  std::vector<unsigned> in = bench_random<unsigned>(N, 31, 0, 0xffffu);
  unsigned *din = bench_upload(in);
  unsigned *dbuf = bench_alloc<unsigned>(N);
  unsigned *dready = bench_alloc<unsigned>(pairs);
  unsigned *dout = bench_alloc<unsigned>(N);
  unsigned launches = 0;

  bench_times t = bench_time(
      o,
      [&] {
        handoff<<<blocks, BLOCK>>>(din, dbuf, dready, dout, launches + 1,
                                   launches * blocks);
        launches++;
      },
      bench_no_reset);

  std::vector<unsigned> out = bench_download(dout, N);
  bench_check chk = {0};
  for (size_t i = 0; i < N; i++)
    bench_expect(&chk, "out", i, out[i], in[i] * 3u + 8u);
  bench_free({din, dbuf, dready, dout});
  return bench_finish(t, &chk);
}
