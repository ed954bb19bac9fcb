// Row sums with the block reduction helper nearly every CUDA code base
// carries: a function template returning the block's sum, its partial
// sums in a `static __shared__ T shared[32]` of its own, warp shuffles
// around one barrier, called with the template's arguments (`sum =
// blockReduceSum<T>(sum);`), and a two-pass softmax-style normalisation
// whose device function template with barriers is called with explicit
// arguments (`normalize<T, BLOCK>(...)`).  A function template with
// barriers left the kernel without its replay ("barrier or atomic in
// device function blockReduceSum, called with a template's arguments"),
// and one without barriers that declares shared memory left it with
// none ("no shared variable declared in the kernel"): a missing barrier
// there was racecheck's alone.  Its clone is now a template too, the
// layout's parameter first (`template <class __ldcc_L, typename T>`,
// called as `__ldcc_k__f_blockReduceSum<__ldcc_L, T>(...)`).  Racy twin:
// the helper without its barrier (warp 0 reads the other warps' partial
// sums before they are stored).
#include <cstdio>

#include "e2e.h"

template <typename T> __inline__ __device__ T warpReduceSum(T val) {
  for (int offset = 16; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffffu, val, offset);
  return val;
}

template <typename T> __inline__ __device__ T blockReduceSum(T val) {
  static __shared__ T shared[32];
  int lane = threadIdx.x % 32;
  int wid = threadIdx.x / 32;
  val = warpReduceSum<T>(val);
  if (lane == 0)
    shared[wid] = val;
#ifndef E2E_RACE
  __syncthreads();
#endif
  val = (threadIdx.x < blockDim.x / 32) ? shared[lane] : (T)0;
  if (wid == 0)
    val = warpReduceSum<T>(val);
  return val;
}

template <typename T, int BLOCK>
__device__ void normalize(T *row, int cols, T *total) {
  __shared__ T inv;
  if (threadIdx.x == 0)
    inv = *total != 0 ? (T)1 / *total : (T)0;
  __syncthreads();
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    row[c] *= inv;
}

template <typename T, int BLOCK>
__global__ void rowNormalize(const T *__restrict__ in, T *__restrict__ out,
                             T *__restrict__ sums, int cols) {
  __shared__ T total;
  T sum = 0;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    T v = in[blockIdx.x * cols + c];
    out[blockIdx.x * cols + c] = v;
    sum += v;
  }
  sum = blockReduceSum<T>(sum);
  if (threadIdx.x == 0) {
    total = sum;
    sums[blockIdx.x] = sum;
  }
  __syncthreads();
  normalize<T, BLOCK>(out + blockIdx.x * cols, cols, &total);
}

int main() {
  const int rows = 96, cols = 1000;
  static int h[rows * cols];
  for (int i = 0; i < rows * cols; i++)
    h[i] = (i * 7919) % 97;
  int *in = e2e_to_device(h, rows * cols), *out, *sums;
  E2E_CHECK(cudaMalloc(&out, rows * cols * sizeof(int)));
  E2E_CHECK(cudaMalloc(&sums, rows * sizeof(int)));
  rowNormalize<int, 256><<<rows, 256>>>(in, out, sums, cols);
  E2E_CHECK(cudaGetLastError());
  static int hs[rows];
  e2e_to_host(hs, sums, rows);
  e2e_print_ints(hs, rows);
  static float hf[rows * cols];
  for (int i = 0; i < rows * cols; i++)
    hf[i] = (float)h[i];
  float *fin = e2e_to_device(hf, rows * cols), *fout, *fsums;
  E2E_CHECK(cudaMalloc(&fout, rows * cols * sizeof(float)));
  E2E_CHECK(cudaMalloc(&fsums, rows * sizeof(float)));
  rowNormalize<float, 128><<<rows, 128>>>(fin, fout, fsums, cols);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hf, fout, rows * cols);
  printf("normalized hash %llx\n", e2e_hash(hf, sizeof hf));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel rowNormalize
// RACE-CHECK-NOT: not checked
