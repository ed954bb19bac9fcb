// Shared variables declared in device functions (issue 24): a block
// reduce helper with its own `static __shared__` buffer and barriers
// inside, returning the block's sum, called twice by one kernel (once for
// a declaration, once for an assignment), and a helper without a barrier
// whose own buffer is reached through another function.  The buffers join
// the kernels' layouts (one slot each, whatever the number of calls) and
// the helpers' clones reach the warp's copy.  Racy twin (-DE2E_RACE): the
// reduce reads the buffer without the barrier after the stores, and the
// second helper reads a slot another warp writes in the same region.
#include "e2e.h"

__device__ float block_sum(float v) {
  static __shared__ float part[256];
  part[threadIdx.x] = v;
#ifndef E2E_RACE
  __syncthreads();
#endif
  float total = 0.0f;
  for (int w = 0; w < blockDim.x; w++)
    total += part[w];
  __syncthreads();
  return total;
}

__device__ int neighbour(int v) {
  __shared__ int slots[256];
  slots[threadIdx.x] = v;
#ifdef E2E_RACE
  return slots[(threadIdx.x + 32) % blockDim.x];
#else
  return slots[threadIdx.x] * 3;
#endif
}

__device__ int twice(int v) { return neighbour(v) + neighbour(v + 1); }

__global__ void sums(const float *in, float *out) {
  float s = block_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  float t;
  t = block_sum(s * 0.5f + (float)(threadIdx.x % 7));
  if (threadIdx.x == 0)
    out[blockIdx.x] = s;
  out[gridDim.x + blockIdx.x * blockDim.x + threadIdx.x] = t;
}

__global__ void pairs(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = twice(in[i]);
}

int main() {
  const int blocks = 8, threads = 256, n = blocks * threads;
  static float a[n], sums_out[blocks + n];
  static int v[n], p[n];
  for (int i = 0; i < n; i++) {
    a[i] = (float)((i * 7) % 13) - 6.0f;
    v[i] = (i * 11) % 31 - 15;
  }
  float *da = e2e_to_device(a, n), *ds;
  int *dv = e2e_to_device(v, n), *dp;
  E2E_CHECK(cudaMalloc(&ds, sizeof sums_out));
  E2E_CHECK(cudaMalloc(&dp, sizeof p));
  sums<<<blocks, threads>>>(da, ds);
  E2E_CHECK(cudaGetLastError());
  pairs<<<blocks, threads>>>(dv, dp);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(sums_out, ds, blocks + n);
  e2e_to_host(p, dp, n);
  printf("sums %g %g %g hash %llx\n", sums_out[0], sums_out[1],
         sums_out[blocks - 1], e2e_hash(sums_out, sizeof sums_out));
  printf("pairs %d %d hash %llx\n", p[0], p[n - 1], e2e_hash(p, sizeof p));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel sums
// RACE-CHECK: in kernel pairs
// RACE-CHECK: ldcc: summary:
