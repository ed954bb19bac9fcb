// Kernels launched through function pointers are checked (issue 23): a
// table of kernels indexed at run time, and a launcher helper in a header
// (launch_helpers.cuh), both as public code writes them.  Neither launch
// names a kernel the translator can rewrite; both reach the runtime's
// launch wrappers, which find the kernel by its host stub among the ones
// this file registered and run its checked launch.  Racy twin
// (-DE2E_RACE): every block of mark writes flag[0], each its own value (a
// write-write race across blocks).
#include "e2e.h"
#include "launch_helpers.cuh"

typedef void (*step_fn)(int *, int *);

__global__ void scale(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = out[i] * 2 + 1;
  (void)flag;
}

__global__ void mark(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] += i % 7;
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    flag[0] = blockIdx.x + 1;
#else
  if (threadIdx.x == 0)
    flag[blockIdx.x] = blockIdx.x + 1;
#endif
}

static const step_fn steps[] = {scale, mark};

int main() {
  const int nblocks = 8, n = nblocks * 32;
  static int h[8 * 32], f[8];
  int *d, *df;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&df, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  E2E_CHECK(cudaMemset(df, 0, nblocks * sizeof(int)));
  for (int s = 0; s < 2; s++) {
    steps[s]<<<nblocks, 32>>>(d, df);
    E2E_CHECK(cudaGetLastError());
  }
  E2E_CHECK(launch_on(scale, dim3(nblocks), dim3(32), d, df));
  e2e_to_host(h, d, n);
  e2e_to_host(f, df, nblocks);
  printf("out[%d] %d flags %d %d %d hash %llx\n", n - 1, h[n - 1], f[0], f[1],
         f[7], e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: write-write race on global memory flag[0] in kernel mark
// RACE-CHECK: launched at launch_pointer.cu:
// RACE-CHECK: in 1 kernel; 3 checked launches
// RACE-CHECK-NOT: not checked
