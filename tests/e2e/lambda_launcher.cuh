// lambda_launcher.cuh: a generic element-wise kernel and the launchers
// that forward their functor or lambda to it, as libraries of small GPU
// helpers write them (see lambda_launcher.cu).
#pragma once
#include <cuda_runtime.h>

template <typename F>
__global__ void for_each_kernel(int n, F f) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    f(i);
}

template <typename F>
void for_each(int n, F f, int threads = 128) {
  int blocks = (n + threads - 1) / threads;
  if (blocks > 64)
    blocks = 64; // grid-stride loop covers the rest
  for_each_kernel<<<blocks, threads>>>(n, f);
}

// A launcher of the launcher: rows of a w x h image as one range.
template <typename F>
void for_each_pixel(int w, int h, F f) {
  for_each(w * h, f);
}
