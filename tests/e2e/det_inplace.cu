// Deterministic mode, global memory (docs/deterministic-global.md): a
// race-free program whose ldcc --ldcc-deterministic build must print what
// the nvcc build prints, bit for bit, with the default copies and with
// LDCC_OPTIONS=max_copies=2 (many rounds).  Three kernels over an array
// whose size is not a multiple of 16 bytes (partial chunks at the end): an
// in-place scale (warp units), an out-of-place 3-point stencil with a block
// barrier and no shared memory (block units) and an in-place update reading a second, read-only
// view of the written array.  Float arithmetic, so any byte applied twice,
// lost or reordered shows in the hash.
#include "e2e.h"

#define N 100003

__global__ void scale(float *a, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * f + 0.25f;
}

__global__ void stencil(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float l = i > 0 && i <= n ? in[i - 1] : 0.0f;
  float c = i < n ? in[i] : 0.0f;
  float r = i + 1 < n ? in[i + 1] : 0.0f;
  __syncthreads(); /* block units: a barrier is reachable */
  if (i < n)
    out[i] = 0.25f * l + 0.5f * c + 0.25f * r;
}

__global__ void mix(float *a, const float *view, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] - 0.125f * view[idx[i]] + (float)(i & 7);
}

int main() {
  static float h[N], o[N];
  static int idx[N];
  for (int i = 0; i < N; i++) {
    h[i] = (float)((i * 37) % 1001) / 7.0f;
    idx[i] = i;
  }
  float *d = e2e_to_device(h, N), *dout;
  int *didx = e2e_to_device(idx, N);
  E2E_CHECK(cudaMalloc(&dout, N * sizeof(float)));
  E2E_CHECK(cudaMemset(dout, 0, N * sizeof(float)));
  const int threads = 256, blocks = (N + threads - 1) / threads;
  for (int rep = 0; rep < 2; rep++) {
    scale<<<blocks, threads>>>(d, 1.5f, N);
    stencil<<<blocks, threads>>>(dout, d, N);
    mix<<<blocks, threads>>>(dout, dout, didx, N);
  }
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, N);
  e2e_to_host(o, dout, N);
  printf("a[0] %.9g a[%d] %.9g out[1] %.9g out[%d] %.9g hash %llx %llx\n",
         h[0], N - 1, h[N - 1], o[1], N - 1, o[N - 1], e2e_hash(h, sizeof h),
         e2e_hash(o, sizeof o));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// DET
// DET-FEW
