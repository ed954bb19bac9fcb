// The kernel and its launcher of header_kernel.cu, in a header of their
// own: ldcc translates user headers with the file that includes them
// (issue 23).  Racy twin (-DE2E_RACE): the barrier between the shared
// writes and the neighbour's read is missing.
#pragma once
#include "e2e.h"

__global__ void rotate_block(const int *in, int *out) {
  __shared__ int tile[128];
  int tid = threadIdx.x;
  tile[tid] = in[blockIdx.x * 128 + tid] * 3;
#ifndef E2E_RACE
  __syncthreads();
#endif
  out[blockIdx.x * 128 + tid] = tile[(tid + 64) % 128];
}

static void rotate_all(const int *in, int *out, int blocks) {
  rotate_block<<<blocks, 128>>>(in, out);
  E2E_CHECK(cudaGetLastError());
}
