// A file that parses only in nvcc's language mode for its command line:
// device lambdas (--extended-lambda), a launch from device code (-rdc=true),
// OpenMP in host code (-Xcompiler -fopenmp).  See parse_options.test.
#include <cstdio>
#include <omp.h>

#if !defined(__CUDACC_EXTENDED_LAMBDA__) || !defined(__CUDACC_RDC__) ||        \
    !defined(_OPENMP)
#error "the parser must see nvcc's mode for this command line"
#endif

template <typename F> __global__ void for_n(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

__global__ void twice(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

__global__ void parent(float *x, int n) {
  if (threadIdx.x == 0)
    twice<<<(n + 31) / 32, 32>>>(x, n);
}

int main() {
  float *x = 0;
  float h[64];
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    h[i] = i;
  for_n<<<1, 64>>>(64, [=] __device__(int i) { x[i] = 3.0f * x[i]; });
  parent<<<1, 1>>>(x, 64);
  printf("%f %d\n", h[1], omp_get_max_threads());
  return 0;
}
