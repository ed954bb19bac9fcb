// Template kernels the programs launch through function pointers to their
// instances (launch_none_checked.cu, launch_strict.cu): the translator
// cannot rewrite such a launch and registers no template, so the launch
// runs as written and the runtime counts it as not checked, with why.
#pragma once

template <typename T> __global__ void fill(T *out, T value) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

template <typename T> __global__ void bump(T *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
