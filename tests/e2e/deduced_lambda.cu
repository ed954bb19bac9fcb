// A block reduction templated on its operator, launched with a device
// lambda and its arguments deduced (`blockReduce<<<g, b, sh>>>(in, out, n,
// [] __device__(float a, float b) { return a + b; })`): the lambda's
// closure type has no spelling in host code, so the launch cannot name
// the kernel's shared-memory clone.  It still runs the check across
// blocks, and the run says at the launch that its shared memory is not
// checked, with the reason (it used to count as checked and say nothing).
// Racy twin: each block also stores its partial into its neighbour's
// slot (a write-write race between blocks, the check across blocks').
#include <cstdio>

#include "e2e.h"

template <typename T, typename Op>
__global__ void blockReduce(const T *in, T *out, int n, Op op) {
  extern __shared__ unsigned char raw[];
  T *s = reinterpret_cast<T *>(raw);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w)
      s[threadIdx.x] = op(s[threadIdx.x], s[threadIdx.x + w]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    out[blockIdx.x] = s[0];
#ifdef E2E_RACE
    if (blockIdx.x + 1 < gridDim.x)
      out[blockIdx.x + 1] = s[0];
#endif
  }
}

int main() {
  const int n = 1 << 14, threads = 256, blocks = n / threads;
  static float h[n];
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 17);
  float *in = e2e_to_device(h, n), *out;
  E2E_CHECK(cudaMalloc(&out, blocks * sizeof(float)));
  blockReduce<<<blocks, threads, threads * sizeof(float)>>>(
      in, out, n, [] __device__(float a, float b) { return a + b; });
  E2E_CHECK(cudaGetLastError());
  static float r[blocks];
  e2e_to_host(r, out, blocks);
  double sum = 0;
  for (int b = 0; b < blocks; b++)
    sum += r[b];
  printf("sum %.1f\n", sum);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: not checked in shared memory: launched with a deduced template argument that has no spelling in host code
// RACE-CHECK: write-write race on global memory out[
// RACE-CHECK: ldcc: summary:
