// In-place update of global memory inside a replayed region: a[i] += s[...]
// must be applied exactly once, so the output equals the nvcc build bit for
// bit.  The shared tile is read after the barrier (no race); no racy twin.
#include "e2e.h"

__global__ void add_rotated(float *a, int n) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = a[i] * 0.5f;
  __syncthreads();
  a[i] += tile[(threadIdx.x + 37) % 128];
  a[i] *= 1.25f;
  __syncthreads();
  tile[threadIdx.x] = a[i];
  __syncthreads();
  a[i] -= tile[127 - threadIdx.x];
}

int main() {
  const int n = 1 << 15;
  static float h[1 << 15];
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 1000) * 0.001f;
  float *d = e2e_to_device(h, n);
  for (int rep = 0; rep < 3; rep++)
    add_rotated<<<n / 128, 128>>>(d, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
  printf("a[0] %.9g a[5000] %.9g hash %llx\n", h[0], h[5000], e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// DET
