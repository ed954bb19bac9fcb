// A bitonic sort of key/value pairs in shared memory written the way the
// CUDA samples' mergeSort writes it: a Comparator device function that swaps
// through references, given elements of the shared arrays.  Since session
// 16 the replay takes a store through a device function's reference
// parameter (a store through an address, as through a pointer); before,
// the kernel was "not checked in shared memory: device function
// Comparator: store through a reference".
// Racy twin (-DE2E_RACE): the barrier before each compare-and-swap step is
// missing, so a thread may compare a pair another warp is still swapping
// (racecheck reports the hazard).  Fixed: with the barrier.
#include "e2e.h"

typedef unsigned int uint;
#define SHARED_SIZE 512

__device__ inline void Comparator(uint &keyA, uint &valA, uint &keyB,
                                  uint &valB, uint dir) {
  uint t;
  if ((keyA > keyB) == dir) {
    t = keyA;
    keyA = keyB;
    keyB = t;
    t = valA;
    valA = valB;
    valB = t;
  }
}

__global__ void bitonicSortShared(uint *d_DstKey, uint *d_DstVal,
                                  const uint *d_SrcKey, const uint *d_SrcVal,
                                  uint dir) {
  __shared__ uint s_key[SHARED_SIZE];
  __shared__ uint s_val[SHARED_SIZE];
  d_SrcKey += blockIdx.x * SHARED_SIZE + threadIdx.x;
  d_SrcVal += blockIdx.x * SHARED_SIZE + threadIdx.x;
  d_DstKey += blockIdx.x * SHARED_SIZE + threadIdx.x;
  d_DstVal += blockIdx.x * SHARED_SIZE + threadIdx.x;
  s_key[threadIdx.x] = d_SrcKey[0];
  s_val[threadIdx.x] = d_SrcVal[0];
  s_key[threadIdx.x + SHARED_SIZE / 2] = d_SrcKey[SHARED_SIZE / 2];
  s_val[threadIdx.x + SHARED_SIZE / 2] = d_SrcVal[SHARED_SIZE / 2];
  for (uint size = 2; size <= SHARED_SIZE; size <<= 1) {
    uint ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
    for (uint stride = size / 2; stride > 0; stride >>= 1) {
#ifndef E2E_RACE
      __syncthreads();
#endif
      uint pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride],
                 s_val[pos + stride], size == SHARED_SIZE ? dir : ddd);
    }
  }
  __syncthreads();
  d_DstKey[0] = s_key[threadIdx.x];
  d_DstVal[0] = s_val[threadIdx.x];
  d_DstKey[SHARED_SIZE / 2] = s_key[threadIdx.x + SHARED_SIZE / 2];
  d_DstVal[SHARED_SIZE / 2] = s_val[threadIdx.x + SHARED_SIZE / 2];
}

int main() {
  const int blocks = 32, n = blocks * SHARED_SIZE;
  static uint keys[32 * SHARED_SIZE], vals[32 * SHARED_SIZE];
  static uint okeys[32 * SHARED_SIZE], ovals[32 * SHARED_SIZE];
  for (int i = 0; i < n; i++) {
    keys[i] = (uint)((i * 2654435761u) >> 8) % 100000u;
    vals[i] = (uint)i;
  }
  uint *dk = e2e_to_device(keys, n), *dv = e2e_to_device(vals, n);
  uint *ok, *ov;
  E2E_CHECK(cudaMalloc(&ok, n * sizeof(uint)));
  E2E_CHECK(cudaMalloc(&ov, n * sizeof(uint)));
  bitonicSortShared<<<blocks, SHARED_SIZE / 2>>>(ok, ov, dk, dv, 1);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(okeys, ok, n);
  e2e_to_host(ovals, ov, n);
  printf("keys %llx vals %llx first %u last %u\n", e2e_hash(okeys, sizeof okeys),
         e2e_hash(ovals, sizeof ovals), okeys[0], okeys[SHARED_SIZE - 1]);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable s_
// RACE-CHECK: in kernel bitonicSortShared
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
