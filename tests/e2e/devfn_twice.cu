// Barriers inside a __device__ function called twice: a tree sum over a
// shared array handed to it by pointer, once on the input and once on a
// second array derived from the first sum.  Racy twin (-DE2E_RACE): the
// barrier inside the tree loop is missing (the one after it stays), so the
// race is inside the device function's own region.
#include "e2e.h"

__device__ void tree_sum(int *s, int tid) {
  for (int stride = 128; stride > 0; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  __syncthreads();
}

__global__ void sum_twice(const int *in, int *out) {
  __shared__ int buf[256];
  int tid = threadIdx.x;
  buf[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  tree_sum(buf, tid);
  int first = buf[0];
  __syncthreads();
  buf[tid] = in[blockIdx.x * 256 + tid] * 3 - first;
  __syncthreads();
  tree_sum(buf, tid);
  if (tid == 0) {
    out[2 * blockIdx.x] = first;
    out[2 * blockIdx.x + 1] = buf[0];
  }
}

int main() {
  const int blocks = 64, n = blocks * 256;
  static int h[64 * 256], out[2 * 64];
  for (int i = 0; i < n; i++)
    h[i] = (i * 37) % 101 - 50;
  int *d_in = e2e_to_device(h, n), *d_out;
  E2E_CHECK(cudaMalloc(&d_out, sizeof out));
  sum_twice<<<blocks, 256>>>(d_in, d_out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, d_out, 2 * blocks);
  long long sum = 0;
  for (int b = 0; b < 2 * blocks; b++)
    sum += out[b];
  printf("sum %lld hash %llx\n", sum, e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on shared variable buf[
// RACE-CHECK: in kernel sum_twice
// RACE-CHECK: region: between devfn_twice.cu:8 and devfn_twice.cu:16
// RACE-CHECK: statements that write buf there: devfn_twice.cu:11
// RACE-CHECK: launched at devfn_twice.cu:43
// RACE-CHECK: ldcc: summary:
// DET
