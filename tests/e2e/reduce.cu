// Block sum with a templated block size and the barrier in the tree loop.
// Racy twin (-DE2E_RACE): the barrier in the loop is missing.
#include "e2e.h"

template <int BLOCK> __global__ void block_sum(const int *in, int *out, int n) {
  __shared__ int partial[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

int main() {
  const int n = 1 << 16, blocks = n / 256;
  static int h[1 << 16], out[256];
  for (int i = 0; i < n; i++)
    h[i] = (i * 37) % 101 - 50;
  int *d_in = e2e_to_device(h, n), *d_out;
  E2E_CHECK(cudaMalloc(&d_out, blocks * sizeof(int)));
  block_sum<256><<<blocks, 256>>>(d_in, d_out, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, d_out, blocks);
  long long sum = 0;
  for (int b = 0; b < blocks; b++)
    sum += out[b];
  printf("sum %lld hash %llx\n", sum, e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race on shared variable partial[
// RACE-CHECK: in kernel block_sum
// RACE-CHECK: launched at reduce.cu:
// RACE-CHECK: ldcc: summary:
// DET
// DET-CHECK-NOT: read-write race
