/* Single-pass reduction with a last-block ticket: each block sums its chunk
 * (warp shuffles, then one shared slot per warp), writes a partial sum,
 * makes it visible with __threadfence() and takes a ticket from a global
 * counter; the block that takes the last ticket adds up all partials, writes
 * the total and resets the counter for the next launch.  Sums are modulo
 * 2^32, so the check (every partial and the total) is exact.  No racy twin. */
#include "bench_common.h"

#define BLOCK 256
#define PER_THREAD 16

static const size_t N = (size_t)1 << 26;

__device__ unsigned ticket = 0;

/* The sum over the block's threads, valid in thread 0.  `slots` holds
 * BLOCK / 32 values; callers separate two uses with a barrier. */
__device__ static unsigned block_sum(unsigned v, unsigned *slots) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    slots[threadIdx.x / 32] = v;
  __syncthreads();
  unsigned total = 0;
  if (threadIdx.x == 0)
    for (int w = 0; w < BLOCK / 32; w++)
      total += slots[w];
  return total;
}

__global__ void reduce_ticket(const unsigned *in, unsigned *partial,
                              unsigned *total) {
  __shared__ unsigned slots[BLOCK / 32];
  __shared__ bool last;
  size_t base = (size_t)blockIdx.x * BLOCK * PER_THREAD + threadIdx.x;
  unsigned v = 0;
  for (int k = 0; k < PER_THREAD; k++)
    v += in[base + (size_t)k * BLOCK];
  unsigned sum = block_sum(v, slots);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = sum;
    __threadfence();
    last = atomicAdd(&ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last)
    return;
  v = 0;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += BLOCK)
    v += __ldcg(&partial[b]); /* from L2: other blocks wrote them */
  sum = block_sum(v, slots);
  if (threadIdx.x == 0) {
    *total = sum;
    ticket = 0;
  }
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  const size_t chunk = BLOCK * PER_THREAD, blocks = N / chunk;
  std::vector<unsigned> in = bench_random<unsigned>(N, 25, 1, 0xffffffffu);
  unsigned *din = bench_upload(in);
  unsigned *dpartial = bench_alloc<unsigned>(blocks);
  unsigned *dtotal = bench_alloc<unsigned>(1);

  bench_times t = bench_time(
      o,
      [&] {
        reduce_ticket<<<(unsigned)blocks, BLOCK>>>(din, dpartial, dtotal);
      },
      bench_no_reset);

  std::vector<unsigned> partial = bench_download(dpartial, blocks);
  std::vector<unsigned> total = bench_download(dtotal, 1);
  bench_check chk = {0};
  std::vector<unsigned> want = bench_chunk_sums(in, chunk);
  unsigned want_total = 0;
  for (size_t b = 0; b < blocks; b++) {
    want_total += want[b];
    bench_expect(&chk, "partial", b, partial[b], want[b]);
  }
  bench_expect(&chk, "total", 0, total[0], want_total);
  bench_free({din, dpartial, dtotal});
  return bench_finish(t, &chk);
}
