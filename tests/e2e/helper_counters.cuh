// Device-side checking and work-list helpers that keep their state in
// __device__ variables, as the CUDA samples' EGLStream checks and
// work-list codes do: the kernels never name the variables themselves.
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned int numErrors = 0;
__device__ int errorFound = 0;
__device__ int wl_size = 0;

// Counts the elements that differ from the expected value and prints the
// first (cuda-samples' checkConsumerDataGPU, with atomics; the racy twin
// keeps the sample's plain `numErrors++` and flag).
__device__ void check_data(const int *data, int expected, int frame) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (data[i] != expected) {
#ifdef E2E_RACE
    if (!errorFound) {
      errorFound = 1;
      printf("frame %d: data mismatch\n", frame);
    }
    numErrors++;
#else
    if (atomicExch(&errorFound, 1) == 0)
      printf("frame %d: data mismatch\n", frame);
    atomicAdd(&numErrors, 1u);
#endif
  }
}

__global__ void test_kernel(const int *src, int expected, int frame) {
  check_data(src, expected, frame);
}

__global__ void get_num_errors(unsigned *n) {
  *n = numErrors;
}

// Appends v to the work list (the racy twin's plain `wl[wl_size++]`).
__device__ void push(int *wl, int v) {
#ifdef E2E_RACE
  wl[wl_size++] = v;
#else
  wl[atomicAdd(&wl_size, 1)] = v;
#endif
}

__global__ void collect(int *wl, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 7 == 0)
    push(wl, in[i]);
}
