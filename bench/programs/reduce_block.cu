/* Block reduction in shared memory: each block sums BLOCK * PER_THREAD
 * consecutive unsigned integers (modulo 2^32, so the order of additions does
 * not matter and the check is exact) with a tree in shared memory and writes
 * one partial sum.  Racy twin (-DBENCH_RACE=1): the barrier inside the tree
 * loop is missing, so a thread reads a sum another warp has not written yet. */
#include "bench_common.h"

#define BLOCK 256
#define PER_THREAD 8

static const size_t N = (size_t)1 << 26;

__global__ void reduce_block(const unsigned *in, unsigned *partial) {
  __shared__ unsigned sum[BLOCK];
  size_t base = (size_t)blockIdx.x * BLOCK * PER_THREAD + threadIdx.x;
  unsigned s = 0;
  for (int k = 0; k < PER_THREAD; k++)
    s += in[base + (size_t)k * BLOCK];
  sum[threadIdx.x] = s;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      sum[threadIdx.x] += sum[threadIdx.x + stride];
#if !BENCH_RACE
    __syncthreads();
#endif
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = sum[0];
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  const size_t chunk = BLOCK * PER_THREAD, blocks = N / chunk;
  std::vector<unsigned> in = bench_random<unsigned>(N, 11, 1, 0xffffffffu);
  unsigned *din = bench_upload(in);
  unsigned *dpartial = bench_alloc<unsigned>(blocks);

  bench_times t = bench_time(
      o, [&] { reduce_block<<<(unsigned)blocks, BLOCK>>>(din, dpartial); },
      bench_no_reset);

  std::vector<unsigned> partial = bench_download(dpartial, blocks);
  bench_check chk = {0};
  std::vector<unsigned> want = bench_chunk_sums(in, chunk);
  for (size_t b = 0; b < blocks; b++)
    bench_expect(&chk, "partial", b, partial[b], want[b]);
  bench_free({din, dpartial});
  return bench_finish(t, &chk);
}
