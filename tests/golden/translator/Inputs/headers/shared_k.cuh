// One header included by two translation units (header_two_tus.cu and
// two_b.cu): a template kernel and a static one, as public code writes
// kernels in headers, so each unit has its own copy and the link is clean.
#ifndef SHARED_K_CUH
#define SHARED_K_CUH
template <typename T> __global__ void scale_all(T *p, T f) {
  p[blockIdx.x * blockDim.x + threadIdx.x] *= f;
}
static __global__ void zero_all(int *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
#endif
