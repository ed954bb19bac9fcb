// 2-D convolution of a float image with a (2R+1)^2 filter in constant
// memory, tiled the way CUDA courses and image libraries write it: a block
// of TILE x TILE threads stages its tile plus an R-wide halo in shared
// memory (every thread its centre pixel, edge threads the halo columns,
// rows and corners, clamped at the image border) and then convolves from
// shared memory.  The image is passed as a small struct by value.
// Racy twin (-DE2E_RACE): no __syncthreads() between the halo loads and
// the convolution: a thread reads pixels that threads of other warps (the
// rows above and below, the halo rows loaded by rows 0..R-1) store, a
// read-write race between warps in shared memory; the pixels differ from
// each other, so a word read before its store changes the output.
// Fixed: the barrier; prints a checksum of the output.
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

constexpr int MAX_RADIUS = 3;
__constant__ float c_filter[(2 * MAX_RADIUS + 1) * (2 * MAX_RADIUS + 1)];

template <typename T> struct Image {
  T *data;
  int width;
  int height;
  int pitch; // in elements
};

template <typename T>
__device__ __forceinline__ T load_clamped(const Image<const T> &img, int x, int y) {
  x = min(max(x, 0), img.width - 1);
  y = min(max(y, 0), img.height - 1);
  return img.data[y * img.pitch + x];
}

template <typename T, int TILE, int R>
__global__ void __launch_bounds__(TILE *TILE)
    conv2d_tiled(const Image<const T> in, const Image<T> out) {
  static_assert(R <= MAX_RADIUS, "filter too wide");
  constexpr int W = 2 * R + 1;
  __shared__ T tile[TILE + 2 * R][TILE + 2 * R];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * TILE + tx;
  const int y = blockIdx.y * TILE + ty;

  // Centre.
  tile[ty + R][tx + R] = load_clamped(in, x, y);
  // Left and right halo columns.
  if (tx < R) {
    tile[ty + R][tx] = load_clamped(in, x - R, y);
    tile[ty + R][tx + TILE + R] = load_clamped(in, x + TILE, y);
  }
  // Top and bottom halo rows.
  if (ty < R) {
    tile[ty][tx + R] = load_clamped(in, x, y - R);
    tile[ty + TILE + R][tx + R] = load_clamped(in, x, y + TILE);
  }
  // Corners.
  if (tx < R && ty < R) {
    tile[ty][tx] = load_clamped(in, x - R, y - R);
    tile[ty][tx + TILE + R] = load_clamped(in, x + TILE, y - R);
    tile[ty + TILE + R][tx] = load_clamped(in, x - R, y + TILE);
    tile[ty + TILE + R][tx + TILE + R] = load_clamped(in, x + TILE, y + TILE);
  }
#ifndef E2E_RACE
  __syncthreads();
#endif

  if (x >= out.width || y >= out.height)
    return;
  T acc = T(0);
#pragma unroll
  for (int dy = 0; dy < W; ++dy)
#pragma unroll
    for (int dx = 0; dx < W; ++dx)
      acc += c_filter[dy * W + dx] * tile[ty + dy][tx + dx];
  out.data[y * out.pitch + x] = acc;
}

int main() {
  constexpr int TILE = 16, R = 2, W = 2 * R + 1;
  const int width = 256, height = 200; // 200 is not a multiple of the tile
  const size_t count = (size_t)width * height;

  std::vector<float> h_in(count), h_out(count), h_filter(W * W);
  for (size_t i = 0; i < count; ++i)
    h_in[i] = (float)((i * 2654435761u) >> 24) * 0.0625f;
  // A separable binomial kernel (1 4 6 4 1)^2 / 256: exact in float.
  const float b[W] = {1.f, 4.f, 6.f, 4.f, 1.f};
  for (int dy = 0; dy < W; ++dy)
    for (int dx = 0; dx < W; ++dx)
      h_filter[dy * W + dx] = b[dy] * b[dx] / 256.f;
  CUDA_CHECK(cudaMemcpyToSymbol(c_filter, h_filter.data(), W * W * sizeof(float)));

  float *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, count * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, count * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), count * sizeof(float), cudaMemcpyHostToDevice));

  const Image<const float> in{d_in, width, height, width};
  const Image<float> out{d_out, width, height, width};
  const dim3 block(TILE, TILE);
  const dim3 grid((width + TILE - 1) / TILE, (height + TILE - 1) / TILE);
  conv2d_tiled<float, TILE, R><<<grid, block>>>(in, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, count * sizeof(float), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  double total = 0.0;
  for (size_t i = 0; i < count; ++i)
    total += h_out[i];
  printf("out[0] %.9g out[%d] %.9g total %.6f hash %llx\n", h_out[0], width + 1,
         h_out[width + 1], total, e2e_hash(h_out.data(), count * sizeof(float)));
#endif
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel conv2d_tiled
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
