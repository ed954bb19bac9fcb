// Kernels launched with cudaLaunchCooperativeKernel and `void *args[]`
// (issue 23).  shift_sum uses no grid-wide synchronisation: the runtime's
// wrapper finds its registration and runs its checked launch (an ordinary
// launch: the clones need no co-residency).  exchange synchronises the
// grid: it is checked across blocks in one direct run, launched
// cooperatively, its grid sync splitting the claims into regions
// (docs/global-check.md, "Grid sync"; tests/e2e/grid_sync.cu has its racy
// twins).  Racy twin (-DE2E_RACE): shift_sum lacks the barrier between
// filling a and reading an element of it that another warp wrote.
#include <cooperative_groups.h>

#include "e2e.h"

namespace cg = cooperative_groups;

#define T 256
#define BLOCKS 4

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

__global__ void exchange(const int *in, int *buf, int *out) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[i] = in[i] * 7;
  grid.sync();
  out[i] = buf[(i + T) % (BLOCKS * T)];
}

int main() {
  const int n = BLOCKS * T;
  static int in[BLOCKS * T], out[BLOCKS * T];
  for (int i = 0; i < n; i++)
    in[i] = (i * 37) % 101 + 1;
  int *d_in = e2e_to_device(in, n), *d_out, *d_buf;
  E2E_CHECK(cudaMalloc(&d_out, sizeof out));
  E2E_CHECK(cudaMalloc(&d_buf, sizeof out));
  int coop = 0;
  E2E_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
  if (!coop) {
    printf("no cooperative launch on this device\n");
    return 0;
  }
  void *args[] = {&d_in, &d_out};
  E2E_CHECK(cudaLaunchCooperativeKernel((const void *)shift_sum, dim3(BLOCKS),
                                        dim3(T), args, 0, 0));
  e2e_to_host(out, d_out, n);
  long long sum = 0;
  for (int i = 0; i < n; i++)
    sum += out[i];
  printf("shift_sum %lld hash %llx\n", sum, e2e_hash(out, sizeof out));
  void *xargs[] = {&d_in, &d_buf, &d_out};
  E2E_CHECK(cudaLaunchCooperativeKernel((const void *)exchange, dim3(BLOCKS),
                                        dim3(T), xargs, 0, 0));
  e2e_to_host(out, d_out, n);
  printf("exchange out[0] %d hash %llx\n", out[0], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on shared variable b[
// RACE-CHECK: in kernel shift_sum
// RACE-CHECK: in 1 kernel; 2 checked launches
// RACE-CHECK-NOT: not checked
// RACE-CHECK-NOT: in kernel exchange
