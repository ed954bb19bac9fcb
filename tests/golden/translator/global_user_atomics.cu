// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A user's device function whose name starts with `atomic` is a device
// function like any (cursor.c ld__user_function), not one of CUDA's
// atomics the checks know by name: cuda-samples' warpAggregatedAtomicsCG
// hands out bucket slots with `atomicAggIncMulti(bucket, counters)`, whose
// first argument is no address.  Taken for CUDA's atomic, its "address"
// was based on nothing the direct run could claim, and both kernels were
// not checked across blocks ("atomic operations"); now the direct run
// clones the function and claims its `atomicAdd(&counter[bucket], n)`.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ int atomicAggIncMulti(const int bucket, int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  auto labeled = cg::labeled_partition(active, bucket);
  int res;
  if (labeled.thread_rank() == 0)
    res = atomicAdd(&counter[bucket], labeled.size());
  return labeled.shfl(res, 0) + labeled.thread_rank();
}

__global__ void map_to_buckets(const int *src, int *indices, int *counters,
                               int n, int buckets) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    int bucket = src[i];
    if (bucket < buckets)
      indices[bucket * n + atomicAggIncMulti(bucket, counters)] = i;
  }
}

__device__ void atomicAggMax(const int bucket, int *counter, int v) {
  cg::coalesced_group active = cg::coalesced_threads();
  auto labeled = cg::labeled_partition(active, bucket);
  int m = cg::reduce(labeled, v, cg::greater<int>());
  if (labeled.thread_rank() == 0)
    atomicMax(&counter[bucket], m);
}

__global__ void bucket_max(const int *src, const int *values, int *maxes,
                           int n, int buckets) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    if (src[i] < buckets)
      atomicAggMax(src[i], maxes, values[i]);
}

int main() {
  int *p = 0;
  map_to_buckets<<<8, 128>>>(p, p, p, 1024, 16);
  bucket_max<<<8, 128>>>(p, p, p, 1024, 16);
}

// PLAN: KERNEL name=map_to_buckets checked=yes {{.*}}global=yes units=blocks writes=indices,counters one_run=src,indices,counters direct=yes atomics=0 devfns=atomicAggIncMulti:1:1{{$}}
// PLAN: KERNEL name=bucket_max checked=yes {{.*}}global=yes units=blocks writes=maxes one_run=src,values,maxes direct=yes atomics=0 devfns=atomicAggMax:1:1{{$}}
// TEXT: {{^}}__device__ int __ldcc_gd_atomicAggIncMulti(const __ldcc::global_info &__ldcc_gi, const int bucket, int *counter) {
// TEXT: res = __ldcc::gacquired(__ldcc_gi, 2u, atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (&counter[bucket]), 1, 22), labeled.size()));
// TEXT: __ldcc::gset(__ldcc_gi, 1, &(indices[bucket * n + __ldcc_gd_atomicAggIncMulti(__ldcc_gi, bucket, counters)]), 32) = i;
// TEXT: {{^}}__device__ void __ldcc_gd_atomicAggMax(const __ldcc::global_info &__ldcc_gi, const int bucket, int *counter, int v) {
// TEXT: __ldcc::gacquired(__ldcc_gi, 2u, atomicMax(__ldcc::gatomic_claim(__ldcc_gi, -1, (&counter[bucket]), 1, 41), m));
// TEXT: __ldcc_gd_atomicAggMax(__ldcc_gi, (*__ldcc::gget(__ldcc_gi, 0, &(src[i]), 49)), maxes, (*__ldcc::gget(__ldcc_gi, 1, &(values[i]), 49)));
