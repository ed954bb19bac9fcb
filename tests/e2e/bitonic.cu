// The shared-memory proof's pairs (docs/shared-replay.md, "Kernels proved
// race-free"): a bitonic sort in which each thread compares and swaps the
// pair (i, i + stride), i = 2 * t - (t & (stride - 1)), with a barrier
// after every step.  stride is a power of two the same in every thread, so
// no two threads' pairs meet: the translator proves the kernel race-free in
// shared memory (blockDim.x <= SEG / 2, one row) and it runs without the
// replay.  Racy twin (-DE2E_RACE): sort_unsynced, the same steps without
// the barrier between them, is not proved, is replayed, and the race on
// key between its warps is reported; sort_pairs still runs proved.
#include "e2e.h"

#define SEG 512

__global__ void sort_pairs(const unsigned *in, unsigned *out) {
  __shared__ unsigned key[SEG];
  unsigned base = blockIdx.x * SEG;
  int t = threadIdx.x;
  key[t] = in[base + t];
  key[t + SEG / 2] = in[base + t + SEG / 2];
  __syncthreads();
  for (int size = 2; size <= SEG; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      int i = 2 * t - (t & (stride - 1));
      bool up = (i & size) == 0;
      unsigned a = key[i], b = key[i + stride];
      if ((a > b) == up) {
        key[i] = b;
        key[i + stride] = a;
      }
      __syncthreads();
    }
  }
  out[base + t] = key[t];
  out[base + t + SEG / 2] = key[t + SEG / 2];
}

#ifdef E2E_RACE
__global__ void sort_unsynced(const unsigned *in, unsigned *out) {
  __shared__ unsigned key[SEG];
  unsigned base = blockIdx.x * SEG;
  int t = threadIdx.x;
  key[t] = in[base + t];
  key[t + SEG / 2] = in[base + t + SEG / 2];
  __syncthreads();
  for (int size = 2; size <= SEG; size <<= 1)
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      int i = 2 * t - (t & (stride - 1));
      bool up = (i & size) == 0;
      unsigned a = key[i], b = key[i + stride];
      if ((a > b) == up) {
        key[i] = b;
        key[i + stride] = a;
      }
    }
  __syncthreads();
  out[base + t] = key[t];
  out[base + t + SEG / 2] = key[t + SEG / 2];
}
#endif

int main() {
  const int blocks = 8, n = blocks * SEG;
  static unsigned h[blocks * SEG], out[blocks * SEG];
  unsigned s = 12345u;
  for (int i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    h[i] = s >> 8;
  }
  unsigned *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  sort_pairs<<<blocks, SEG / 2>>>(din, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  int sorted = 1;
  for (int i = 0; i < n; i++)
    if (i % SEG && out[i - 1] > out[i])
      sorted = 0;
  printf("sorted %d first %u last %u hash %llx\n", sorted, out[0], out[n - 1],
         e2e_hash(out, sizeof out));
#ifdef E2E_RACE
  sort_unsynced<<<blocks, SEG / 2>>>(din, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: launch of sort_pairs at bitonic.cu:71: 8 blocks of 256x1x1 threads; shared memory proved race-free for this block shape
// RACE-CHECK: race on shared variable key[
// RACE-CHECK: in kernel sort_unsynced
// RACE-CHECK: launched at bitonic.cu:81
// RACE-CHECK: ldcc: summary:
