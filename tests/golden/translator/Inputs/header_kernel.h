// Included by header_kernel.cu: nothing here may be reported or edited.
#pragma once
__shared__ int header_shared[32];
__global__ void from_header(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  header_shared[threadIdx.x] = 1;
  __syncthreads();
  p[threadIdx.x] = s[31 - threadIdx.x];
}
