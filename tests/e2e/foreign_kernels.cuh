// Kernels defined in a header: ldcc translates only the main file, so
// their launches run unchecked, and the runtime says so
// (launch_none_checked.cu, launch_strict.cu).
#pragma once

__global__ void fill(int *out, int value) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

__global__ void bump(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
