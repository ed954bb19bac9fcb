// Global memory written through reference parameters: an odd-even
// transposition sort whose exchange is `cuda::std::swap(a[i], a[i + 1])`,
// and float2 sums through a helper_math-style `operator+=(float2 &,
// float2)` and a user `accumulate(float &, float)`.  The check across
// blocks claimed an argument bound to a non-const reference as a read, so
// two units writing one element through such calls were never compared
// (the kernels read "checked").  Such arguments now leave the kernel to
// the copies, which see every write (docs/global-check.md, "One run").
// Racy twin (-DE2E_RACE): every thread exchanges its pair and the next
// one's (pairs overlap across warps and blocks), and the sums go two
// threads of different blocks to an element.
#include <cuda/std/utility>

#include "e2e.h"

inline __host__ __device__ void operator+=(float2 &a, float2 b) {
  a.x += b.x;
  a.y += b.y;
}

__device__ void accumulate(float &total, float v) { total += v; }

__global__ void exchange(int *a, int n, int phase) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  const int i = t + phase;
#else
  const int i = 2 * t + phase;
#endif
  if (i + 1 < n && a[i] > a[i + 1])
    cuda::std::swap(a[i], a[i + 1]);
}

__global__ void sums(const float2 *in, float2 *pairs, float *totals, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  const int k = t % (n / 2); /* threads t and t + n / 2: other blocks */
#else
  const int k = t;
#endif
  if (t < n) {
    pairs[k] += in[t];
    accumulate(totals[k], in[t].x * in[t].y);
  }
}

int main() {
  const int n = 2048, threads = 128;
  static int h[2048];
  static float2 hin[2048], hp[2048];
  static float ht[2048];
  for (int i = 0; i < n; i++) {
    h[i] = (i * 7919 + 13) % 1000;
    hin[i] = make_float2((float)(i % 9), 0.5f * (float)(i % 4));
  }
  int *a = e2e_to_device(h, n);
  for (int phase = 0; phase < 8; phase++) {
    exchange<<<n / 2 / threads, threads>>>(a, n, phase % 2);
    E2E_CHECK(cudaGetLastError());
  }
  e2e_to_host(h, a, n);
  e2e_print_ints(h, n);
  float2 *in = e2e_to_device(hin, n), *pairs;
  float *totals;
  E2E_CHECK(cudaMalloc(&pairs, n * sizeof(float2)));
  E2E_CHECK(cudaMalloc(&totals, n * sizeof(float)));
  E2E_CHECK(cudaMemset(pairs, 0, n * sizeof(float2)));
  E2E_CHECK(cudaMemset(totals, 0, n * sizeof(float)));
  sums<<<n / threads, threads>>>(in, pairs, totals, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hp, pairs, n);
  e2e_to_host(ht, totals, n);
  printf("pairs %g %g totals %g hash %llx %llx\n", hp[n - 1].x, hp[n - 1].y,
         ht[n - 1], e2e_hash(hp, sizeof hp), e2e_hash(ht, sizeof ht));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory a[
// RACE-CHECK: in kernel exchange
// RACE-CHECK: race on global memory pairs[
// RACE-CHECK: in kernel sums
// RACE-CHECK-NOT: not checked
