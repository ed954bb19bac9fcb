// A user kernel in a file that includes Thrust and CUB, as public code is
// written: Thrust fills, sorts and reduces a device_vector, a CUB
// BlockReduce sums each block, and the user's own kernel shifts a tile
// through shared memory.  Issue 23: every file including Thrust or CUB used
// to fail to parse and was built unchecked; this one's user kernel must get
// its replay clone.  Racy twin (-DE2E_RACE): the barrier between the tile's
// writes and the neighbour's read is missing.
#include "e2e.h"
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

// CUB's block-wide sum; its temporary storage is CUB's business.
template <int THREADS>
__global__ void cub_block_sums(const int *in, int *sums) {
  typedef cub::BlockReduce<int, THREADS> Reduce;
  __shared__ typename Reduce::TempStorage tmp;
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  int sum = Reduce(tmp).Sum(v);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum;
}

// The user's kernel: each thread reads the element its neighbour wrote.
__global__ void shift_tile(const int *in, int *out) {
  __shared__ int tile[256];
  int tid = threadIdx.x;
  tile[tid] = in[blockIdx.x * 256 + tid] * 5 + 1;
#ifndef E2E_RACE
  __syncthreads();
#endif
  out[blockIdx.x * 256 + tid] = tile[(tid + 1) % 256];
}

int main() {
  const int blocks = 32, n = blocks * 256;
  thrust::device_vector<int> keys(n);
  thrust::sequence(keys.begin(), keys.end(), 0, 7);
  thrust::transform(keys.begin(), keys.end(), keys.begin(),
                    thrust::negate<int>());
  thrust::sort(keys.begin(), keys.end());
  long long total = thrust::reduce(keys.begin(), keys.end(), 0LL);

  thrust::device_vector<int> shifted(n), sums(blocks);
  shift_tile<<<blocks, 256>>>(thrust::raw_pointer_cast(keys.data()),
                              thrust::raw_pointer_cast(shifted.data()));
  E2E_CHECK(cudaGetLastError());
  cub_block_sums<256><<<blocks, 256>>>(thrust::raw_pointer_cast(shifted.data()),
                                       thrust::raw_pointer_cast(sums.data()));
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaDeviceSynchronize());

  thrust::host_vector<int> h_shifted = shifted, h_sums = sums;
  long long block_total = 0;
  for (int b = 0; b < blocks; b++)
    block_total += h_sums[b];
  printf("total %lld first %d block_total %lld hash %llx\n", total,
         (int)h_shifted[0], block_total,
         e2e_hash(h_shifted.data(), n * sizeof(int)));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel shift_tile
// RACE-CHECK: launched at thrust_cub.cu:
// RACE-CHECK: ldcc: summary:
// Thrust's and CUB's own kernels are not translated: a deterministic build
// stops at the first of them (docs/deterministic.md, "Deterministic or
// stopped") unless told to run them as built.
// DET
// DET-ENV: LDCC_OPTIONS=deterministic_fallback=warn
// DET-CHECK-NOT: read-write race
