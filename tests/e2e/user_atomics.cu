// A user's device functions named like CUDA's atomics (issue 25;
// cuda-samples' warpAggregatedAtomicsCG): `atomicAggIncMulti(bucket,
// counters)` hands out bucket slots, one warp-aggregated atomicAdd per
// group of lanes with one bucket, and `atomicAggMax` keeps each bucket's
// maximum.  Taken for CUDA's atomics by their names, their first argument
// (a bucket number) was no address the check could follow, and both
// kernels ran unchecked across blocks ("atomic operations"); now each is a
// device function like any, cloned for the direct one run, which claims
// the atomics inside by address.
//   Fixed twin: every update atomic.
//   Racy twin: block 0's leaders bump their bucket's counter with a plain
//   read and store, block 1's store their maximum plainly (each an unguarded
//   read of a word the other blocks update atomically, then a lost update).
// The fixed twin prints per-bucket counts, maxima and sums of the indices
// placed, which do not depend on the order of the atomics.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>

#include "e2e.h"

namespace cg = cooperative_groups;

__device__ int atomicAggIncMulti(const int bucket, int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  auto labeled = cg::labeled_partition(active, bucket);
  int res = 0;
  if (labeled.thread_rank() == 0) {
#ifdef E2E_RACE
    if (blockIdx.x == 0) {
      res = counter[bucket];
      counter[bucket] = res + (int)labeled.size();
    } else
#endif
      res = atomicAdd(&counter[bucket], (int)labeled.size());
  }
  return labeled.shfl(res, 0) + (int)labeled.thread_rank();
}

__device__ void atomicAggMax(const int bucket, int *counter, int v) {
  cg::coalesced_group active = cg::coalesced_threads();
  auto labeled = cg::labeled_partition(active, bucket);
  int m = cg::reduce(labeled, v, cg::greater<int>());
  if (labeled.thread_rank() == 0) {
#ifdef E2E_RACE
    if (blockIdx.x == 1) {
      if (m > counter[bucket])
        counter[bucket] = m;
    } else
#endif
      atomicMax(&counter[bucket], m);
  }
}

__global__ void map_to_buckets(const int *src, int *indices, int *counters,
                               int n, int buckets) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int bucket = src[i];
    if (bucket < buckets) {
      int slot = atomicAggIncMulti(bucket, counters);
      if (slot < n)
        indices[bucket * n + slot] = i;
    }
  }
}

__global__ void bucket_max(const int *src, const int *values, int *maxes,
                           int n, int buckets) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && src[i] < buckets)
    atomicAggMax(src[i], maxes, values[i]);
}

int main() {
  const int n = 4096, buckets = 8, nb = 16, b = 256;
  static int hsrc[n], hval[n], hidx[buckets * n], hcnt[buckets], hmax[buckets];
  for (int i = 0; i < n; i++) {
    hsrc[i] = (i * 7 + i / 5) % buckets;
    hval[i] = (i * 2654435761u) % 100000;
  }
  for (int i = 0; i < buckets * n; i++)
    hidx[i] = -1;
  int *src = e2e_to_device(hsrc, n), *val = e2e_to_device(hval, n);
  int *idx = e2e_to_device(hidx, buckets * n);
  int *cnt = e2e_to_device(hcnt, buckets), *mx = e2e_to_device(hmax, buckets);
  map_to_buckets<<<nb, b>>>(src, idx, cnt, n, buckets);
  bucket_max<<<nb, b>>>(src, val, mx, n, buckets);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hidx, idx, buckets * n);
  e2e_to_host(hcnt, cnt, buckets);
  e2e_to_host(hmax, mx, buckets);
#ifndef E2E_RACE
  for (int k = 0; k < buckets; k++) {
    long long sum = 0;
    for (int s = 0; s < n; s++)
      sum += hidx[k * n + s];
    printf("bucket %d count %d max %d sum %lld\n", k, hcnt[k], hmax[k], sum);
  }
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel map_to_buckets
// RACE-CHECK: unguarded read (of a word other units update atomically) on global memory
// RACE-CHECK: in kernel bucket_max
