// The upsweep of an LSD radix sort: for each pass (RADIX_BITS bits at
// `shift`) every block counts the digits of its keys and stores the counts
// digit-major (`block_hist[digit * num_blocks + block]`), the layout the
// scan and the scatter of the next steps read.  To cut contention each
// warp counts into its own row of a shared table (`s_hist[warp][digit]`),
// and the rows are added up after a barrier.
// Racy twin (-DE2E_RACE): the per-warp rows are bumped with a plain
// `++s_hist[warp][digit]`, on the belief that a private row per warp needs
// no atomics; but the 32 lanes of a warp count into the same row, and with
// 16 digits several lanes hit the same counter at once: a read-modify-write
// race between the lanes of one warp in shared memory (updates are lost,
// the counts come out low).
// Fixed: atomicAdd on the shared counters; prints the digit offsets that
// the scan over the histogram gives, and a checksum.
#include <cstdint>
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

template <int RADIX_BITS, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    radix_upsweep(const uint32_t *__restrict__ const keys,
                  uint32_t *__restrict__ const block_hist, const int n,
                  const int shift) {
  constexpr int RADIX = 1 << RADIX_BITS;
  constexpr int WARPS = BLOCK / 32;
  __shared__ uint32_t s_hist[WARPS][RADIX];

  const int warp = threadIdx.x / 32;
  for (int i = threadIdx.x; i < WARPS * RADIX; i += BLOCK)
    s_hist[i / RADIX][i % RADIX] = 0u;
  __syncthreads();

  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) {
    const uint32_t digit = (__ldg(&keys[i]) >> shift) & (RADIX - 1);
#ifdef E2E_RACE
    ++s_hist[warp][digit];
#else
    atomicAdd(&s_hist[warp][digit], 1u);
#endif
  }
  __syncthreads();

  for (int d = threadIdx.x; d < RADIX; d += BLOCK) {
    uint32_t total = 0;
#pragma unroll
    for (int w = 0; w < WARPS; ++w)
      total += s_hist[w][d];
    block_hist[d * gridDim.x + blockIdx.x] = total;
  }
}

int main() {
  constexpr int RADIX_BITS = 4, RADIX = 1 << RADIX_BITS, BLOCK = 256;
  const int n = 65536, num_blocks = 48;
  const int passes = 32 / RADIX_BITS;

  std::vector<uint32_t> h_keys(n), h_hist(RADIX * num_blocks);
  for (int i = 0; i < n; ++i) {
    uint32_t x = (uint32_t)i * 2654435761u + 12345u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    h_keys[i] = x & (0xffffffffu >> (i % 7)); // skews the high digits
  }

  uint32_t *d_keys, *d_hist;
  CUDA_CHECK(cudaMalloc(&d_keys, n * sizeof(uint32_t)));
  CUDA_CHECK(cudaMalloc(&d_hist, RADIX * num_blocks * sizeof(uint32_t)));
  CUDA_CHECK(cudaMemcpy(d_keys, h_keys.data(), n * sizeof(uint32_t),
                        cudaMemcpyHostToDevice));

  std::vector<int> offsets(passes * RADIX * num_blocks);
  for (int pass = 0; pass < passes; ++pass) {
    radix_upsweep<RADIX_BITS, BLOCK>
        <<<num_blocks, BLOCK>>>(d_keys, d_hist, n, pass * RADIX_BITS);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(h_hist.data(), d_hist, RADIX * num_blocks * sizeof(uint32_t),
                          cudaMemcpyDeviceToHost));
    // Exclusive scan, digit-major: where each block's keys of each digit go.
    int running = 0;
    for (int j = 0; j < RADIX * num_blocks; ++j) {
      offsets[pass * RADIX * num_blocks + j] = running;
      running += (int)h_hist[j];
    }
#ifndef E2E_RACE
    if (running != n)
      printf("pass %d: counted %d keys of %d\n", pass, running, n);
#endif
  }

#ifndef E2E_RACE
  printf("digit 15 of the last pass starts at %d\n",
         offsets[(passes - 1) * RADIX * num_blocks + 15 * num_blocks]);
  e2e_print_ints(offsets.data(), (int)offsets.size());
#endif
  CUDA_CHECK(cudaFree(d_keys));
  CUDA_CHECK(cudaFree(d_hist));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel radix_upsweep
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
