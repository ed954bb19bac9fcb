// Kernels launched through cudaLaunchKernel are checked like k<<<...>>>
// launches: the translator rewrites each call that names a kernel it knows
// into a lambda that takes the call's arguments once, launches through the
// runtime and returns the launch's error (docs/translator.md).  tag is
// checked across blocks (no barrier: its units are warps, one per block),
// shift_sum by the shared-memory replay (launched with four arguments, the
// C++ overload's defaults for the rest).  Each call's value is printed: a
// good launch gives cudaSuccess; a launch of 2048 threads per block gives
// CUDA's error, which the program then reads with cudaGetLastError, as it
// would with nvcc (the fixed twin's output must equal nvcc's).  Racy twin
// (-DE2E_RACE): every block of tag writes flag[0], each its own value (a
// write-write race across blocks), and shift_sum lacks the barrier between
// filling a and reading an element of it that another warp wrote.
#include "e2e.h"

#define T 256

__global__ void tag(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * 3;
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    flag[0] = blockIdx.x + 1;
#else
  if (threadIdx.x == 0)
    flag[blockIdx.x] = blockIdx.x + 1;
#endif
}

__global__ void shift_sum(const int *in, int *out) {
  __shared__ int a[T];
  __shared__ int b[T];
  int tid = threadIdx.x;
  a[tid] = in[blockIdx.x * T + tid];
#ifndef E2E_RACE
  __syncthreads();
#endif
  b[tid] = a[(tid + 32) % T] + 1;
  __syncthreads();
  out[blockIdx.x * T + tid] = a[tid] * 2 + b[(tid + 1) % T];
}

int main() {
  const int nblocks = 8, n = nblocks * 32, sblocks = 64, sn = sblocks * T;
  static int h[8 * 32], f[8], in[64 * T], out[64 * T];
  int *d, *df;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&df, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(df, 0, nblocks * sizeof(int)));
  void *targs[] = {&d, &df};
  cudaError_t e =
      cudaLaunchKernel((const void *)tag, dim3(nblocks), dim3(32), targs, 0, 0);
  printf("tag launch: %s\n", cudaGetErrorName(e));
  e2e_to_host(h, d, n);
  e2e_to_host(f, df, nblocks);
  printf("out[%d] %d flags %d %d %d %d hash %llx\n", n - 1, h[n - 1], f[0],
         f[1], f[2], f[7], e2e_hash(h, sizeof h));

  for (int i = 0; i < sn; i++)
    in[i] = (i * 37) % 101 + 1;
  int *d_in = e2e_to_device(in, sn), *d_out;
  E2E_CHECK(cudaMalloc(&d_out, sizeof out));
  void *sargs[] = {&d_in, &d_out};
  if (cudaLaunchKernel(shift_sum, dim3(sblocks), dim3(T), sargs) != cudaSuccess)
    printf("shift_sum launch failed\n");
  else
    printf("shift_sum launch: cudaSuccess\n");
  e2e_to_host(out, d_out, sn);
  long long sum = 0;
  for (int i = 0; i < sn; i++)
    sum += out[i];
  printf("sum %lld hash %llx\n", sum, e2e_hash(out, sizeof out));

  e = cudaLaunchKernel((const void *)tag, dim3(1), dim3(2048), targs, 0, 0);
  printf("bad launch: %s\n", cudaGetErrorName(e));
  printf("then get: %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("after it: %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: tag launch: cudaSuccess
// RACE-CHECK: ldcc: write-write race on global memory flag[0] in kernel tag
// RACE-CHECK: region: the whole launch
// RACE-CHECK: launched at api_launch.cu:52
// RACE-CHECK: shift_sum launch: cudaSuccess
// RACE-CHECK: ldcc: read-write race on shared variable b[
// RACE-CHECK: in kernel shift_sum
// RACE-CHECK: region: between kernel entry and api_launch.cu:39
// RACE-CHECK: statements that write b there: api_launch.cu:38
// RACE-CHECK: launched at api_launch.cu:64
// RACE-CHECK: bad launch: cudaErrorInvalid
// RACE-CHECK: then get: cudaErrorInvalid
// RACE-CHECK: after it: cudaSuccess
// RACE-CHECK: ldcc: summary:
