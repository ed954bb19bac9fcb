// A launcher in a header, formatted the way Visual Studio formats CUDA.
#pragma once
__global__ void scale_in_header(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= s;
}

inline void launch_scale(float *a, float s, int n) {
  scale_in_header << <(n + 255) / 256, 256 >> > (a, s, n);
}

// No space after the linkage string (NVIDIA's grcuda sample): clang reads
// "C"__global__ as a literal with a user-defined suffix.
extern "C"__global__ void glued(float *a) { a[threadIdx.x] = 0.0f; }
