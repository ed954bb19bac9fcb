// Included by header_kernel.cu and coverage.cu: translated with them.
#pragma once
__shared__ int header_shared[32];
__global__ void from_header(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  header_shared[threadIdx.x] = 1;
  __syncthreads();
  p[threadIdx.x] = s[31 - threadIdx.x];
}
// Declared only: defined in another file, never translated here.
__global__ void elsewhere(int *p);
