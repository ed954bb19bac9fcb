// Device helpers of tests/e2e/histo_helpers.cu, the way cuda-samples'
// histogram64/256 write them: the atomic sits in a small inline function
// that gets a pointer, here a warp's sub-histogram in shared memory, there
// a counter in global memory.
#pragma once

#define HISTO_BINS 64
#define HISTO_WARPS 4
#define HISTO_THREADS (HISTO_WARPS * 32)

inline __device__ void addByte(unsigned *s_WarpHist, unsigned data) {
  atomicAdd(s_WarpHist + data, 1);
}

inline __device__ void addWord(unsigned *s_WarpHist, unsigned data) {
  addByte(s_WarpHist, (data >> 2) & 0x3FU);
  addByte(s_WarpHist, (data >> 10) & 0x3FU);
  addByte(s_WarpHist, (data >> 18) & 0x3FU);
  addByte(s_WarpHist, (data >> 26) & 0x3FU);
}

// Counts one kept element: in the block's counter (shared) and in the
// grid's (global); the old value of the block's is its slot.
__device__ __forceinline__ unsigned bump(unsigned *count, unsigned by) {
  return atomicAdd(count, by);
}

// Counts into the block's bins, then waits for the whole block: a helper
// with a barrier (the replay clones it with sites of its own).
__device__ void count_and_wait(unsigned *bins, unsigned b) {
  atomicAdd(&bins[b], 1u);
  __syncthreads();
}
