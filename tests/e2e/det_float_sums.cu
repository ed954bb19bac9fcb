// Float and double atomicAdd sums in a deterministic build
// (docs/deterministic-global.md, "Floating-point sums").  A sum of floats
// rounds differently in every order the atomics run in, so the nvcc build
// prints different bits from run to run; a --ldcc-deterministic build logs
// every addition and sums each word's in thread order: the same bits on
// every run, with as many rounds as memory needs (DET-FEW), in one block,
// and with more additions than the first log holds (four per thread in
// bin_sums: the log grows and the round runs again).
//
// The fixed twin adds multiples of 1/4 whose sums are exact in any order
// (nvcc's own result is deterministic: the deterministic build must equal
// it bit for bit) and each block stores its own slot.  The racy twin adds
// inexact values and every block stores its number into one word: a
// write-write race the check reports (the atomics themselves race with
// nothing); the deterministic build keeps the last block's (unit order).
#include "e2e.h"

#define N (1 << 16)
#define THREADS 256
#define BLOCKS (N / THREADS)
#define BINS 16

__global__ void bin_sums(const float *x, float *bins, double *total,
                         int *owner, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int k = 0; k < 4; k++)
    atomicAdd(&bins[(i + k) % BINS], x[i] * (float)(k + 1));
#ifdef E2E_RACE
  atomicAdd(total, (double)x[i] / 3.0);
  owner[0] = blockIdx.x;
#else
  atomicAdd(total, (double)x[i] * 0.5);
  owner[blockIdx.x] = blockIdx.x;
#endif
}

// One warp (one unit): its lanes' additions are ordered too.
__global__ void block_sum(const float *x, float *out, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(out, x[i]);
}

int main() {
  static float x[N];
  for (int i = 0; i < N; i++) {
    unsigned h = (unsigned)i * 2654435761u;
#ifdef E2E_RACE
    x[i] = 0.001f * (float)(h >> 20) + 1e-7f * (float)(h & 1023);
#else
    x[i] = 0.25f * (float)(h >> 26);
#endif
  }
  float *dx = e2e_to_device(x, N);
  float bins[BINS] = {0}, one = 0.5f;
  double total = 0;
  static int owner[BLOCKS];
  float *dbins = e2e_to_device(bins, BINS), *done = e2e_to_device(&one, 1);
  double *dtotal = e2e_to_device(&total, 1);
  int *downer = e2e_to_device(owner, BLOCKS);

  bin_sums<<<BLOCKS, THREADS>>>(dx, dbins, dtotal, downer, N);
  E2E_CHECK(cudaGetLastError());
  block_sum<<<1, 32>>>(dx, done, 4096);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(bins, dbins, BINS);
  e2e_to_host(&total, dtotal, 1);
  e2e_to_host(&one, done, 1);
  e2e_to_host(owner, downer, BLOCKS);
  for (int b = 0; b < BINS; b++)
    printf("bin %d %a\n", b, bins[b]);
  printf("total %a\n", total);
  printf("one warp %a\n", one);
  printf("owner %d hash %llx\n", owner[0], e2e_hash(owner, sizeof owner));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory owner[0] in kernel bin_sums
// DET
// DET-FEW
// DET-EXIT: 66
// DET-CHECK: owner 255 hash
// DET-CHECK: ldcc: write-write race on global memory
// DET-CHECK-NOT: not deterministic
// DET-QUIET-CHECK: owner 255 hash
