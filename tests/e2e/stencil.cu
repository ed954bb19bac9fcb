// 1-D stencil with its halo in `extern __shared__` memory sized at launch.
// Racy twin (-DE2E_RACE): the neighbours are read before the barrier.
#include "e2e.h"

#define RADIUS 3

__global__ void stencil(const float *in, float *out, int n) {
  extern __shared__ float s[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = in[g];
  if (threadIdx.x < RADIUS) {
    s[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    s[l + blockDim.x] = g + blockDim.x < n ? in[g + blockDim.x] : 0.0f;
  }
#ifndef E2E_RACE
  __syncthreads();
#endif
  float sum = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; k++)
    sum += s[l + k];
#ifdef E2E_RACE
  __syncthreads();
#endif
  out[g] = sum;
}

int main() {
  const int n = 1 << 16, block = 256;
  static float h[1 << 16], out[1 << 16];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 13) % 17);
  float *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  stencil<<<n / block, block, (block + 2 * RADIUS) * sizeof(float)>>>(din, dout, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  printf("out[0] %g out[300] %g hash %llx\n", out[0], out[300], e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel stencil
// RACE-CHECK: launched at stencil.cu:
// RACE-CHECK: ldcc: summary:
// DET
// DET-CHECK-NOT: read-write race
