// Template kernels that write through pointer arithmetic on a `T *`
// parameter (issue 25; llm.c's matmul_backward_bias kernels):
// `atomicAdd(dbias + oc + k, a)` and `*(out + row * width + col) = v`.  In a
// template `p + i` has a dependent type, and with cuda_bf16.h's operators in
// scope `+` and `*` are dependent operator calls: the plan took such a
// pointer for one that is only read, so a kernel writing only so was
// "checked" with nothing written (its races unseen), and one with an atomic
// there was not checked across blocks ("atomic operations").  An atomic on
// an extern shared array at `s + i + j` (the kernel's per-block sums) was
// taken for global memory it could not follow.
//   Fixed twin: blocks of one column group add into one bias with atomics;
//   every thread stores its own element; each block sums in shared memory
//   and stores its own slot.
//   Racy twin: the first block of each column group adds with a plain
//   `+=` (its read of a word the other blocks update atomically: an
//   unguarded read, the first half of a lost update); two blocks
//   store one row; two blocks store one slot (a write-write race).
// Sums are of small integers, exact in any order: the fixed twin prints
// what nvcc's build prints, bit for bit.
#include <cstdio>
#include <cuda_bf16.h>
#include <type_traits>

#include "e2e.h"

template <typename OutFloat, bool Atomic>
__global__ void bias_sums(OutFloat *dbias, const float *dout, int rows,
                          std::bool_constant<Atomic>) {
  int oc = blockIdx.x * 4;
  for (int k = 0; k < 4; k++) {
    float a = 0.f;
    for (int r = blockIdx.y * blockDim.x + threadIdx.x; r < rows;
         r += gridDim.y * blockDim.x)
      a += dout[r * gridDim.x * 4 + oc + k];
    if constexpr (!Atomic) {
      // One block per column group: its first thread adds the column up
      // (every lane storing its own partial sum was a race between the
      // lanes of the warp, found once they were checked: session 28).
      if (threadIdx.x == 0) {
        float t = 0.f;
        for (int r = 0; r < rows; r++)
          t += dout[r * gridDim.x * 4 + oc + k];
        dbias[oc + k] = (OutFloat)(t + (float)dbias[oc + k]);
      }
    } else {
#ifdef E2E_RACE
      if (blockIdx.y == 0) {
        dbias[oc + k] += a;
        continue;
      }
#endif
      atomicAdd(dbias + oc + k, a);
    }
  }
}

template <typename T>
__global__ void store_rows(T *out, const T *in, int width) {
#ifdef E2E_RACE
  int row = blockIdx.x / 2; // blocks 2r and 2r + 1: one row
#else
  int row = blockIdx.x;
#endif
  *(out + row * width + threadIdx.x) = in[blockIdx.x * width + threadIdx.x];
}

template <typename T>
__global__ void block_sums(T *out, const T *in) {
  extern __shared__ float sums[];
  if (threadIdx.x < 4)
    sums[threadIdx.x] = 0.f;
  __syncthreads();
  atomicAdd(sums + threadIdx.x % 2 + (threadIdx.x / 32) % 2 * 2,
            (float)in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
#ifdef E2E_RACE
  int slot = blockIdx.x / 2;
#else
  int slot = blockIdx.x;
#endif
  if (threadIdx.x < 4)
    *(out + slot * 4 + threadIdx.x) = (T)sums[threadIdx.x];
}

int main() {
  const int groups = 8, splits = 4, rows = 512, width = 64, nb = 16;
  static float hdout[rows * groups * 4], hbias[groups * 4];
  static float hin[nb * width], hout[nb * width], hsums[nb * 4];
  for (int i = 0; i < rows * groups * 4; i++)
    hdout[i] = (float)(i % 5);
  for (int i = 0; i < nb * width; i++)
    hin[i] = (float)(i % 7);
  float *dout = e2e_to_device(hdout, rows * groups * 4);
  float *bias = e2e_to_device(hbias, groups * 4);
  float *in = e2e_to_device(hin, nb * width);
  float *out = e2e_to_device(hout, nb * width);
  float *sums = e2e_to_device(hsums, nb * 4);
  bias_sums<<<dim3(groups, splits), 32>>>(bias, dout, rows,
                                          std::bool_constant<true>{});
  bias_sums<<<dim3(groups, 1), 32>>>(bias, dout, rows,
                                     std::bool_constant<false>{});
  store_rows<<<nb, width>>>(out, in, width);
  block_sums<<<nb, width, 4 * sizeof(float)>>>(sums, in);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hbias, bias, groups * 4);
  e2e_to_host(hout, out, nb * width);
  e2e_to_host(hsums, sums, nb * 4);
#ifndef E2E_RACE
  printf("bias %llx out %llx sums %llx first %g\n",
         e2e_hash(hbias, sizeof hbias), e2e_hash(hout, sizeof hout),
         e2e_hash(hsums, sizeof hsums), hbias[0]);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel bias_sums
// RACE-CHECK: unguarded read (of a word other units update atomically) on global memory
// RACE-CHECK: in kernel store_rows
// RACE-CHECK: write-write race on global memory
// RACE-CHECK: in kernel block_sums
// NOPROOF
