// Template kernels launched the way most code launches them: with the
// template's arguments deduced from the launch's (`transposeTile<<<g,
// b>>>(out, in, n)`), a defaulted tile size and a flag.  Such a launch
// used to keep only the check across blocks: the shared-memory clone's
// metadata instance (`__ldcc_meta_k<T, ...>`) had no spelling, so the
// replay never ran and a missing barrier was racecheck's alone.  The
// translator now writes the deduced arguments out (`transposeTile<float,
// 32, true>`).  Racy twin: the tile is read back before the barrier
// (threads read elements other warps store).
#include <cstdio>

#include "e2e.h"

namespace img {
struct Pixel {
  float r, g;
};
} // namespace img

template <typename T, int TILE = 32, bool SCALE = true>
__global__ void transposeTile(T *__restrict__ out, const T *__restrict__ in,
                              int n) {
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
#ifndef E2E_RACE
  __syncthreads();
#endif
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

template <typename P>
__global__ void brighten(P *px, int n, float k) {
  __shared__ P row[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    row[threadIdx.x] = px[i];
  __syncthreads();
  if (i < n) {
    P left = row[threadIdx.x ? threadIdx.x - 1 : 0];
    px[i].r = left.r * k;
    px[i].g = left.g * k;
  }
}

int main() {
  const int n = 96;
  static float h[n * n];
  for (int i = 0; i < n * n; i++)
    h[i] = (float)((i * 7919) % 1009);
  float *in = e2e_to_device(h, n * n), *out;
  E2E_CHECK(cudaMalloc(&out, n * n * sizeof(float)));
  dim3 block(32, 32), grid((n + 31) / 32, (n + 31) / 32);
  transposeTile<<<grid, block>>>(out, in, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, n * n);
  printf("transpose hash %llx\n", e2e_hash(h, sizeof h));

  static img::Pixel hp[512];
  for (int i = 0; i < 512; i++)
    hp[i] = {(float)(i % 13), (float)(i % 7)};
  img::Pixel *px = e2e_to_device(hp, 512);
  brighten<<<4, 128>>>(px, 512, 1.5f);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hp, px, 512);
  printf("brighten hash %llx\n", e2e_hash(hp, sizeof hp));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel transposeTile
// RACE-CHECK-NOT: not checked
// NOPROOF
