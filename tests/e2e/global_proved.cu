// Proved launches (docs/global-check.md): the translator writes every
// index through a written pointer as a sum of thread, block and loop
// digits, and a launch whose grid, block and integer arguments keep the
// digits apart (and whose other pointer arguments do not point into what
// it writes) runs as built, with no copies and no claims.
//   grid2d: c[row * n + col], 2-D blocks of 16x16 (needs gridDim.x * 16 <=
//     n); partials: p[blockIdx.x] under threadIdx.x == 0; halves: two
//     stores per thread, base + t and base + t + 256, after a barrier.
// In the racy twin grid2d is launched on a grid wider than its rows (n =
// 48 with 4 blocks of 16 columns): row r's columns 48..63 are row r + 1's
// 0..15, two blocks store different values there, the condition fails
// and the check finds the write-write race; shift's out points one past
// in (one allocation), so the proof does not cover the launch and the
// check finds its read-write race.  The fixed twin launches both as
// proved.  Every launch prints a hash of what it wrote.
#include "e2e.h"

__global__ void grid2d(int *c, int n) {
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  c[row * n + col] = row * 1000 + col;
}

__global__ void partials(const int *in, int *p) {
  __shared__ int s[128];
  s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  for (int k = 64; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    p[blockIdx.x] = s[0];
}

__global__ void halves(const int *in, int *out) {
  __shared__ int s[512];
  size_t base = (size_t)blockIdx.x * 512;
  int t = threadIdx.x;
  s[t] = in[base + t];
  s[t + 256] = in[base + t + 256];
  __syncthreads();
  out[base + t] = s[t + 256];
  out[base + t + 256] = s[t];
}

__global__ void shift(int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + 1;
}

int main() {
  const int n = 4096;
  static int h[2 * n], r[2 * n];
  for (int i = 0; i < 2 * n; i++)
    h[i] = (i * 37) % 101;
  int *in = e2e_to_device(h, 2 * n), *c, *p, *out, *sh;
  E2E_CHECK(cudaMalloc(&c, 64 * 64 * sizeof(int)));
  E2E_CHECK(cudaMemset(c, 0, 64 * 64 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&p, 32 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, 2 * n * sizeof(int)));
#ifdef E2E_RACE
  const int width = 48; /* rows of 48 on a grid of 64 columns */
#else
  const int width = 64;
#endif
  grid2d<<<dim3(4, 4), dim3(16, 16)>>>(c, width);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, c, 64 * 64);
  printf("grid2d %d %d hash %llx\n", r[0], r[63 * 48 + 20],
         e2e_hash(r, 64 * 64 * sizeof(int)));
  partials<<<32, 128>>>(in, p);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, p, 32);
  printf("partials %d %d hash %llx\n", r[0], r[31], e2e_hash(r, 32 * 4));
  halves<<<2 * n / 512, 256>>>(in, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, out, 2 * n);
  printf("halves %d %d hash %llx\n", r[0], r[2 * n - 1],
         e2e_hash(r, 2 * n * sizeof(int)));
#ifdef E2E_RACE
  sh = in + 1; /* out one past in: each thread reads what the next stores */
#else
  E2E_CHECK(cudaMalloc(&sh, n * sizeof(int)));
#endif
  shift<<<n / 128, 128>>>(sh, in);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(r, sh, n - 1);
  printf("shift %d hash %llx\n", r[0], e2e_hash(r, (n - 1) * sizeof(int)));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: launch of partials at global_proved.cu:72: 32 blocks of 128x1x1 threads; global memory proved race-free across blocks for this launch
// RACE-CHECK: ldcc: launch of halves at global_proved.cu:76: 16 blocks of 256x1x1 threads; global memory proved race-free across blocks for this launch
// RACE-CHECK: ldcc: write-write race on global memory c[
// RACE-CHECK: in kernel grid2d
// RACE-CHECK: launched at global_proved.cu:67
// RACE-CHECK: read-write race on global memory
// RACE-CHECK: in kernel shift
// RACE-CHECK: launched at global_proved.cu:86
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: launch of grid2d at global_proved.cu:67: 16 blocks of 16x16x1 threads; global memory proved
// RACE-CHECK-NOT: launch of shift at global_proved.cu:86: 32 blocks of 128x1x1 threads; global memory proved
// DET
// DET-EXIT: 66
// DET-CHECK: write-write race on global memory c[
// DET-CHECK: in kernel grid2d
