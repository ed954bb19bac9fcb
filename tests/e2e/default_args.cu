// Kernels with default arguments: the launches that leave them out are
// checked like any other (the translator writes the defaults out; before,
// the clones did not compile and the whole file was built unchecked).
//   stamp: each block stores its own THREADS slots; in the racy twin the
//     default `extra` is 1, so thread 0 of block b also stores the first
//     slot of block b + 1: a write-write race across blocks.
//   tile: a shared-memory tile (the replay's clone, composed with the check
//     across blocks), its shift left to the default.
//   bump: defaults from a prototype, launched after the definition.
#include "e2e.h"

#define THREADS 128
#ifdef E2E_RACE
#define EXTRA 1
#else
#define EXTRA 0
#endif

__global__ void stamp(int *out, int nblocks, int extra = EXTRA) {
  int b = blockIdx.x, t = threadIdx.x;
  out[b * THREADS + t] = b * 1000 + t;
  if (t == 0 && extra && b + 1 < nblocks)
    out[(b + 1) * THREADS] = b * 1000 + THREADS;
}

__global__ void tile(int *out, int shift = 3) {
  __shared__ int s[THREADS];
  int t = threadIdx.x;
  s[t] = out[blockIdx.x * THREADS + t];
  __syncthreads();
  out[blockIdx.x * THREADS + t] = s[(t + shift) % THREADS] + 1;
}

__global__ void bump(int *out, int by = 5, int times = 2);

__global__ void bump(int *out, int by, int times) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] += by * times;
}

int main() {
  const int nblocks = 48, n = nblocks * THREADS;
  static int h[nblocks * THREADS];
  int *d;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  stamp<<<nblocks, THREADS>>>(d, nblocks);
  tile<<<nblocks, THREADS>>>(d);
  tile<<<nblocks, THREADS>>>(d, 7);
  bump<<<nblocks, THREADS>>>(d);
  bump<<<nblocks, THREADS>>>(d, 1);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
#ifndef E2E_RACE
  e2e_print_ints(h, n);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: race on global memory out[
// RACE-CHECK: in kernel stamp
// RACE-CHECK: launched at default_args.cu:47
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
// RACE-CHECK-NOT: in kernel tile
// RACE-CHECK-NOT: in kernel bump
