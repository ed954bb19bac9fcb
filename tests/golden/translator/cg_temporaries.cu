// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// A temporary passed by reference to a callee (`cg::reduce(tile, v,
// cg::plus<int>())`, whose operator is a `TyFn &&`) is memory of no one's:
// the walk of writes took the constructor call's first child (`cg`, the
// namespace of its name) for the object and said "writes memory through an
// expression it cannot follow", so such kernels (CUDA samples'
// binaryPartitionCG, reductions in llm.c's style) were not checked across
// blocks.  A temporary whose type holds a pointer may hand it on and is
// still followed (unseen: a write through it stays a reason).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void count_odds(const int *in, int *odds, int *sums, unsigned n) {
  cg::thread_block_tile<32> tile32 =
      cg::tiled_partition<32>(cg::this_thread_block());
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    int elem = in[i];
    int s = cg::reduce(tile32, elem, cg::plus<int>());
    if (tile32.thread_rank() == 0) {
      atomicAdd(odds, 1);
      atomicAdd(&sums[0], s);
    }
    cg::sync(tile32);
  }
}

struct Wrap {
  int *p;
  __device__ Wrap(int *q) : p(q) {}
};
template <class F> __device__ void put(F &&w, int v) { w.p[threadIdx.x] = v; }
__global__ void through_temporary(int *out) { put(Wrap(out), 1); }

int main() {
  int *a = 0;
  count_odds<<<4, 128>>>(a, a, a, 512u);
  through_temporary<<<1, 32>>>(a);
  return 0;
}

// PLAN: KERNEL name=count_odds checked=yes at=16:17 global=yes units=blocks writes=odds,sums one_run=in,odds,sums direct=yes atomics=2{{$}}
// PLAN: KERNEL name=through_temporary checked=yes at=36:17 global=no global_reason="writes through a pointer loaded from w"
