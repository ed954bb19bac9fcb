// Kernels launched with cudaLaunchKernelEx and a cudaLaunchConfig_t
// (issue 23), as code written for CUDA 12 and later does.  A configuration
// without attributes runs the kernel's checked launch; one with launch
// attributes (here a stream priority) runs as the program gave it and
// counts as not checked, with the reason.  Racy twin (-DE2E_RACE): every
// block of tag writes flag[0], each its own value.
#include "e2e.h"

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

int main() {
  const int nblocks = 8, n = nblocks * 32;
  static int h[8 * 32], f[8];
  int *d, *df;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&df, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(df, 0, nblocks * sizeof(int)));

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(nblocks);
  config.blockDim = dim3(32);
  config.dynamicSmemBytes = 0;
  config.stream = 0;
  E2E_CHECK(cudaLaunchKernelEx(&config, tag, d, df));
  e2e_to_host(h, d, n);
  e2e_to_host(f, df, nblocks);
  printf("out[%d] %d flags %d %d %d hash %llx\n", n - 1, h[n - 1], f[0], f[1],
         f[7], e2e_hash(h, sizeof h));

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributePriority;
  attribute[0].val.priority = 0;
  config.attrs = attribute;
  config.numAttrs = 1;
  E2E_CHECK(cudaLaunchKernelEx(&config, tag, d, df));
  e2e_to_host(h, d, n);
  printf("again hash %llx\n", e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: write-write race on global memory flag[0] in kernel tag
// RACE-CHECK: ldcc: launch of tag not checked: launched with launch attributes
// RACE-CHECK: in 1 kernel; 1 checked launch, 1 not checked
// RACE-CHECK: 1 checked launch, 1 not checked
// RACE-CHECK:   not checked: 1 launch of tag: launched with launch attributes
