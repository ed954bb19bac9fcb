// Threads past the end of the data return early after the last barrier
// (n is not a multiple of the block size).  Racy twin (-DE2E_RACE): they
// return before the barrier too, and the survivors read a neighbour's slot
// written by another warp without a barrier.
#include "e2e.h"

__global__ void shift_sum(const int *in, int *out, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  if (i >= n)
    return;
#endif
  s[threadIdx.x] = i < n ? in[i] : 0;
#ifndef E2E_RACE
  __syncthreads();
  if (i >= n)
    return;
#endif
  int next = threadIdx.x + 32 < blockDim.x ? s[threadIdx.x + 32] : 0;
  out[i] = s[threadIdx.x] + next;
}

int main() {
  const int n = 1000, block = 256, blocks = (n + block - 1) / block;
  static int h[1000], out[1000];
  for (int i = 0; i < n; i++)
    h[i] = (i * 11) % 23;
  int *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  shift_sum<<<blocks, block>>>(din, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  printf("out[0] %d out[999] %d hash %llx\n", out[0], out[n - 1], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel shift_sum
// RACE-CHECK: ldcc: summary:
// DET
