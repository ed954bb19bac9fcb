// Blocks of 1024 threads with 8 KB of shared memory: 33 copies do not fit in
// shared memory.  The race-free build runs with two warps per copy in shared
// memory (warp groups, the default); the racy twin runs with
// LDCC_OPTIONS=warp_groups=0, so its copies live in a global scratch slot,
// where they are lazy (docs/shared-replay.md section 3): a warp's copy holds
// only the lines it stored to, its other reads go to S.  Each round every thread reads two
// elements other warps wrote, then overwrites its own two.  Racy twin
// (-DE2E_RACE): no barrier after the writes, so the next round's reads (and
// the final ones) race with them: the values read reach only registers in
// the loop's region (the stores there use the previous region's reads) and
// a global store in the last one.
#include "e2e.h"

#define N 2048

__global__ void rotate(const int *in, int *out, int rounds) {
  __shared__ int buf[N];
  int t = threadIdx.x;
  int base = blockIdx.x * N;
  buf[t] = in[base + t];
  buf[t + N / 2] = in[base + t + N / 2];
  __syncthreads();
  for (int r = 0; r < rounds; r++) {
    int a = buf[(t + 33 * (r + 1)) % N], b = buf[(t + N / 2 + 65) % N];
    __syncthreads();
    buf[t] = a + b;
    buf[t + N / 2] = a - b * 3;
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  out[base + t] = buf[t];
  out[base + t + N / 2] = buf[N - 1 - t];
}

int main() {
  const int blocks = 48, n = blocks * N;
  static int h[48 * N], out[48 * N];
  for (int i = 0; i < n; i++)
    h[i] = (i * 2654435761u) % 1000;
  int *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  rotate<<<blocks, N / 2>>>(din, dout, 6);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  printf("out[5] %d hash %llx\n", out[5], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1:warp_groups=0
// RACE-CHECK: ldcc: read-write race through registers in kernel rotate
// RACE-CHECK: region: between big_block.cu:25 and big_block.cu:25
// RACE-CHECK: launched at big_block.cu:43
// RACE-CHECK: copies in global memory
// RACE-CHECK: clone __ldcc_rotate__lb
// RACE-CHECK: ldcc: summary:
// DET
