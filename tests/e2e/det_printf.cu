// printf in a deterministic build (docs/deterministic-global.md, "printf"):
// the debugging lines a developer leaves in a kernel come out in the order
// the blocks happen to run, different from run to run; a
// --ldcc-deterministic build logs each line on the device and prints them
// after the launch in unit order (a thread's own lines in its order), so
// its output is the same on every run.  Two kernels: `normalise` writes
// global memory (the copies), `announce` writes none (a clone run once
// just for its lines).
//
// Fixed twin: one thread prints (nvcc's output is deterministic too, and
// the builds must equal it).  Racy twin: thread 0 of every block prints
// what it read from out[0], which every block also stores to: a
// write-write race between blocks, and a line per block in any order.
#include "e2e.h"

#define N 4096
#define THREADS 128

__global__ void normalise(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[i] / (float)n;
#ifdef E2E_RACE
  if (threadIdx.x == 0) {
    printf("block %d saw out[0] = %.6f, in %d\n", blockIdx.x, out[0],
           (int)in[i]);
    out[0] = (float)blockIdx.x;
  }
#else
  if (i == 0)
    printf("block %d: out[0] = %.6f (n %d)\n", blockIdx.x, out[0], n);
#endif
}

__global__ void announce(int step) {
#ifdef E2E_RACE
  if (threadIdx.x % 32 == 0)
    printf("step %d: warp %d of block %d\n", step, threadIdx.x / 32,
           blockIdx.x);
#else
  if (blockIdx.x == 0 && threadIdx.x == 0)
    printf("step %d: %u blocks\n", step, gridDim.x);
#endif
}

int main() {
  static float in[N], out[N];
  for (int i = 0; i < N; i++)
    in[i] = (float)(i % 50);
  float *din = e2e_to_device(in, N), *dout = e2e_to_device(out, N);
  announce<<<4, 64>>>(1);
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaDeviceSynchronize());
  normalise<<<N / THREADS, THREADS>>>(din, dout, N);
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaDeviceSynchronize());
  announce<<<4, 64>>>(2);
  E2E_CHECK(cudaDeviceSynchronize());
  e2e_to_host(out, dout, N);
  fflush(stdout);
  printf("out hash %llx\n", e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory
// RACE-CHECK: in kernel normalise
// DET
// DET-EXIT: 66
// DET-CHECK: step 1: warp 1 of block 3
// DET-CHECK: block 31 saw out[0] = 0.000000, in 18
// DET-CHECK: step 2: warp 0 of block 0
// DET-CHECK: ldcc: write-write race on global memory
// DET-CHECK-NOT: not deterministic
// DET-QUIET-CHECK: block 31 saw out[0] = 0.000000, in 18
