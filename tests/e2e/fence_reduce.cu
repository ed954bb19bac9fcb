// Single-pass reduction the way the CUDA samples teach it: each block
// reduces its part in shared memory (cooperative groups' block handle, a
// tree in a device function), stores its partial, fences, takes a ticket
// with atomicInc, and the block that takes the last ticket reduces the
// partials.  The fence made the kernel "synchronise through memory", which
// the shared-memory replay did not model, so its shared memory went
// unchecked ("synchronises through memory ...") and a missing barrier in the
// tree was racecheck's alone.  The replay now takes kernels whose message
// passing is fences and logged tickets (warp_facts.c fenced_replay): the
// ticket is applied in pass 1 and returned again in pass 2, and a region
// with a fence runs once (include/ldcc/replay.cuh, `once`), its published
// stores never undone; the direct one run checks the partials across
// blocks, ordered by the fence and the ticket.  Racy twin: the tree without
// its barrier after the first step (warp 0 reads what warps 2 and 3 store:
// a read-write race in shared memory).
#include <cooperative_groups.h>
#include <cstdio>

#include "e2e.h"

namespace cg = cooperative_groups;

__device__ unsigned int retirementCount = 0;

#define BLOCK 128

__device__ void reduceBlock(int *sdata, int mySum, const unsigned tid,
                            cg::thread_block cta) {
  sdata[tid] = mySum;
  cg::sync(cta);
  if (BLOCK >= 128 && tid < 64)
    sdata[tid] = mySum = mySum + sdata[tid + 64];
#ifndef E2E_RACE
  cg::sync(cta);
#endif
  if (tid < 32)
    sdata[tid] = mySum = mySum + sdata[tid + 32];
  cg::sync(cta);
  if (tid < 16)
    sdata[tid] = mySum = mySum + sdata[tid + 16];
  cg::sync(cta);
  if (tid == 0) {
    for (int k = 1; k < 16; k++)
      mySum += sdata[k];
    sdata[0] = mySum;
  }
  cg::sync(cta);
}

template <unsigned blockSize>
__global__ void reduceSinglePass(const int *g_idata, int *g_odata,
                                 unsigned n) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ int sdata[blockSize];
  __shared__ bool amLast;
  const unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockSize + tid;
  const unsigned gridSize = blockSize * gridDim.x;
  int mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    i += gridSize;
  }
  reduceBlock(sdata, mySum, tid, cta);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
  if (gridDim.x > 1) {
    __threadfence();
    if (tid == 0) {
      unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
      amLast = (ticket == gridDim.x - 1);
    }
    cg::sync(cta);
    if (amLast) {
      int s = 0;
      for (unsigned j = tid; j < gridDim.x; j += blockSize)
        s += g_odata[j];
      reduceBlock(sdata, s, tid, cta);
      if (tid == 0) {
        g_odata[0] = sdata[0];
        retirementCount = 0;
      }
    }
  }
}

int main() {
  const unsigned n = 1 << 18, blocks = 96;
  static int h[n];
  for (unsigned k = 0; k < n; k++)
    h[k] = (int)((k * 2654435761u) >> 24) - 128;
  long long want = 0;
  for (unsigned k = 0; k < n; k++)
    want += h[k];
  int *in = e2e_to_device(h, n), *out;
  E2E_CHECK(cudaMalloc(&out, blocks * sizeof(int)));
  for (int rep = 0; rep < 2; rep++) {
    reduceSinglePass<BLOCK><<<blocks, BLOCK>>>(in, out, n);
    E2E_CHECK(cudaGetLastError());
    int got = 0;
    e2e_to_host(&got, out, 1);
    printf("run %d: sum %d (%s)\n", rep, got,
           got == (int)want ? "matches the host" : "differs from the host");
  }
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: sdata
// RACE-CHECK: in kernel reduceSinglePass
// RACE-CHECK-NOT: not checked
