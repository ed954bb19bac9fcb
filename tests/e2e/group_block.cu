// Blocks of 1024 threads with 8 KB of shared memory: 33 copies do not fit in
// shared memory, so two warps share each of 16 copies there (warp groups,
// docs/shared-replay.md section 4); the warps that share move from block to
// block.  The race-free build must print what the nvcc build prints.  Each
// round every thread reads two elements other warps wrote, then overwrites
// its own two.  Racy twin (-DE2E_RACE): lane 0 of warp w also writes an
// element that warp w + 1 writes in the same region, a write-write race
// between neighbouring warps: for odd w they never share a copy, so every
// block reports it, naming the copies' warps.
#include "e2e.h"

#define N 2048

__global__ void mix(const int *in, int *out, int rounds) {
  __shared__ int buf[N];
  int t = threadIdx.x;
  int base = blockIdx.x * N;
  buf[t] = in[base + t];
  buf[t + N / 2] = in[base + t + N / 2];
  __syncthreads();
  for (int r = 0; r < rounds; r++) {
    int a = buf[(t + 32 * (r + 1)) % N], b = buf[(t + N / 2 + 64) % N];
    __syncthreads();
    buf[t] = a + b;
    buf[t + N / 2] = a - b * 3;
#ifdef E2E_RACE
    if (t % 32 == 0)
      buf[(t / 32 + 1) % 32 * 32 + 5] = -t;
#endif
    __syncthreads();
  }
  out[base + t] = buf[t];
  out[base + t + N / 2] = buf[N - 1 - t];
}

int main() {
  const int blocks = 40, n = blocks * N;
  static int h[40 * N], out[40 * N];
  for (int i = 0; i < n; i++)
    h[i] = (i * 2654435761u) % 1000;
  int *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  mix<<<blocks, N / 2>>>(din, dout, 5);
  E2E_CHECK(cudaGetLastError());
  mix<<<blocks, N / 2>>>(din, dout, 6);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  printf("out[5] %d hash %llx\n", out[5], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: write-write race on shared variable buf[
// RACE-CHECK: : they shared a copy) wrote
// RACE-CHECK: launched at group_block.cu:43
// RACE-CHECK: copies in shared memory
// RACE-CHECK: 16 copies for 32 warps: 2 warps share each copy
// RACE-CHECK: clone __ldcc_mix
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: copies in global memory
