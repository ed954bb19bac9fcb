// Warp code that asks the hardware for its lane with inline PTX, as the
// CUDA samples' inlinePTX and quicksort do: `mov.u32 %0, %%laneid;`,
// `%%lanemask_lt` for a lane's rank among the ballot's lanes, `bfind` for
// a word's top bit.  Any inline assembly used to leave the whole kernel
// unchecked ("inline assembly"); register-only assembly is now left as it
// is (cursor.c ld__asm_pure) and the kernels keep every check.
//   compact: each warp ranks its kept elements with a ballot and
//     %%lanemask_lt, thread 0 turns the warps' counts into offsets in
//     shared memory, every thread stores its element at its offset.  Racy
//     twin: no barrier between thread 0's offsets and their readers (a
//     read-write race in shared memory, racecheck's too).
//   top_bits: a histogram of the inputs' top bits (bfind).  Racy twin:
//     `hist[b] += 1` instead of atomicAdd, a lost update across warps and
//     blocks in global memory.
#include <cstdio>

#include "e2e.h"

#define N 4096
#define BLOCK 128

__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ __forceinline__ unsigned lanemask_lt() {
  unsigned mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  return mask;
}

__device__ __forceinline__ int top_bit(unsigned word) {
  int ret;
  asm volatile("bfind.u32 %0, %1;" : "=r"(ret) : "r"(word));
  return ret;
}

__global__ void compact(const int *in, int *out, int *counts, int n) {
  __shared__ int warp_total[BLOCK / 32];
  __shared__ int warp_base[BLOCK / 32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 1;
  bool keep = v % 3 == 0;
  unsigned ballot = __ballot_sync(0xffffffffu, keep);
  unsigned lane = lane_id(), warp = threadIdx.x / 32;
  unsigned rank = __popc(ballot & lanemask_lt());
  if (lane == 0)
    warp_total[warp] = __popc(ballot);
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < BLOCK / 32; w++) {
      warp_base[w] = s;
      s += warp_total[w];
    }
    counts[blockIdx.x] = s;
  }
#ifndef E2E_RACE
  __syncthreads();
#endif
  if (keep)
    out[blockIdx.x * blockDim.x + warp_base[warp] + rank] = v;
}

__global__ void top_bits(const unsigned *in, int *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = top_bit(in[i] | 1u);
#ifdef E2E_RACE
  hist[b] += 1;
#else
  atomicAdd(&hist[b], 1);
#endif
}

int main() {
  int hin[N];
  unsigned hu[N];
  for (int i = 0; i < N; i++) {
    hin[i] = (i * 7919) % 1000;
    hu[i] = (unsigned)i * 2654435761u;
  }
  int *in = e2e_to_device(hin, N);
  unsigned *uin = e2e_to_device(hu, N);
  int *out, *counts, *hist;
  E2E_CHECK(cudaMalloc(&out, N * sizeof(int)));
  E2E_CHECK(cudaMalloc(&counts, (N / BLOCK) * sizeof(int)));
  E2E_CHECK(cudaMalloc(&hist, 32 * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, N * sizeof(int)));
  E2E_CHECK(cudaMemset(hist, 0, 32 * sizeof(int)));
  compact<<<N / BLOCK, BLOCK>>>(in, out, counts, N);
  top_bits<<<N / BLOCK, BLOCK>>>(uin, hist);
  E2E_CHECK(cudaGetLastError());
  static int hout[N], hc[N / BLOCK], hh[32];
  e2e_to_host(hout, out, N);
  e2e_to_host(hc, counts, N / BLOCK);
  e2e_to_host(hh, hist, 32);
#ifndef E2E_RACE
  e2e_print_ints(hout, N);
  e2e_print_ints(hc, N / BLOCK);
  e2e_print_ints(hh, 32);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: warp_base
// RACE-CHECK: in kernel compact
// RACE-CHECK: on global memory hist[
// RACE-CHECK: in kernel top_bits
// RACE-CHECK-NOT: not checked
