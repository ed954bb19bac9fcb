// Block-level stream compaction, the common way: a shared scan of the
// keep flags, one global atomicAdd per block for the block's base in the
// output, then each kept element stored at base + its rank.  The atomic's
// value is used, which the shared-memory replay could not run ("result of
// a global atomic is used"), so such a kernel was left to the inline
// message-passing checks and its shared memory went unchecked
// ("synchronises through memory ..."): a missing barrier in the scan was
// found by racecheck and not by ldcc.  The replay now applies the atomic in
// pass 1, logs its result and returns it again in pass 2
// (include/ldcc/replay.cuh global_atomic_v), and the direct one run checks
// the global side.  Racy twin: the scan without its second barrier (a
// warp's running sum differs once it sees another warp's write: "read-write
// race through registers").
#include <cstdio>

#include "e2e.h"

#define B 256

__global__ void compact(const int *in, int n, int *out, int *count) {
  __shared__ int rank[B];
  __shared__ int base;
  int i = blockIdx.x * B + threadIdx.x;
  int keep = i < n && (in[i] % 3 != 0);
  rank[threadIdx.x] = keep;
  __syncthreads();
  for (int d = 1; d < B; d <<= 1) {
    int v = threadIdx.x >= d ? rank[threadIdx.x - d] : 0;
    __syncthreads();
    rank[threadIdx.x] += v;
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  if (threadIdx.x == B - 1)
    base = atomicAdd(count, rank[B - 1]);
  __syncthreads();
  if (keep)
    out[base + rank[threadIdx.x] - 1] = in[i];
}

int main() {
  const int n = 1 << 16;
  static int h[n], o[n];
  for (int i = 0; i < n; i++)
    h[i] = (i * 37) % 101;
  int *in = e2e_to_device(h, n), *out, *count;
  E2E_CHECK(cudaMalloc(&out, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&count, sizeof(int)));
  E2E_CHECK(cudaMemset(count, 0, sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, n * sizeof(int)));
  compact<<<n / B, B>>>(in, n, out, count);
  int kept = 0;
  e2e_to_host(&kept, count, 1);
  e2e_to_host(o, out, n);
  // The blocks' order in the output is the atomics' order: sort by value
  // counts to print what does not depend on it.
  static int hist[101];
  for (int k = 0; k < kept; k++)
    hist[o[k] % 101]++;
  printf("kept %d hist hash %llx\n", kept, e2e_hash(hist, sizeof hist));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel compact
// RACE-CHECK-NOT: not checked
