// One thread sums what the block put in shared memory, accumulating in
// global memory as it goes (`*sum_out += smem[i]`), the shape of the
// classic racecheck example: the replay's undo log holds 16 global stores
// per thread, and a loop of 128 stores to one word overflowed it, so the
// region was "checked for write-write races only" and the missing barrier
// went unreported while racecheck found it.  A word stored again keeps its
// first old value in the log (include/ldcc/replay.cuh glog), so the region
// is replayed.  Racy twin: no barrier between the fill and the sum.
#include <cstdio>

#include "e2e.h"

#define THREADS 128
__shared__ int smem[THREADS];

__global__ void sumKernel(const int *data_in, int *sum_out) {
  int tx = threadIdx.x;
  smem[tx] = data_in[blockIdx.x * THREADS + tx] + tx;
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (tx == 0) {
    sum_out[blockIdx.x] = 0;
    for (int i = 0; i < THREADS; ++i)
      sum_out[blockIdx.x] += smem[i];
  }
}

int main() {
  const int blocks = 16;
  static int h[blocks * THREADS], sums[blocks];
  for (int i = 0; i < blocks * THREADS; i++)
    h[i] = (i * 7) % 23;
  int *in = e2e_to_device(h, blocks * THREADS), *out;
  E2E_CHECK(cudaMalloc(&out, blocks * sizeof(int)));
  sumKernel<<<blocks, THREADS>>>(in, out);
  e2e_to_host(sums, out, blocks);
  e2e_print_ints(sums, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel sumKernel
// RACE-CHECK-NOT: more often than the undo log holds
// RACE-CHECK-NOT: not checked
