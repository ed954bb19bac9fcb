// Out-of-place matrix transpose through a shared tile padded by one column
// (no bank conflicts), as in the CUDA transpose write-ups: a block of
// TILE_DIM x BLOCK_ROWS threads copies a TILE_DIM x TILE_DIM tile in with
// coalesced row reads (each thread TILE_DIM / BLOCK_ROWS rows), then writes
// it out transposed with coalesced row writes, reading the tile by column.
// The matrix is not a multiple of the tile, so both loops are guarded.
// Racy twin (-DE2E_RACE): the __syncthreads() between filling the tile and
// reading it is missing: thread (x, y) reads tile[x][y + j], which the warp
// of row x % BLOCK_ROWS stores, a read-write race between warps in shared
// memory (every element differs, so an early read gets another value).
// Fixed: the barrier; prints the transposed matrix's checksum.
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

template <typename T, int TILE_DIM, int BLOCK_ROWS>
__global__ void __launch_bounds__(TILE_DIM *BLOCK_ROWS)
    transpose_padded(T *__restrict__ const odata, const T *__restrict__ const idata,
                     const int width, const int height) {
  __shared__ T tile[TILE_DIM][TILE_DIM + 1];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(size_t)(y + j) * width + x];

#ifndef E2E_RACE
  __syncthreads();
#endif

  x = blockIdx.y * TILE_DIM + threadIdx.x; // transposed block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  constexpr int TILE_DIM = 32, BLOCK_ROWS = 8;
  const int width = 300, height = 200;
  const size_t count = (size_t)width * height;

  std::vector<int> h_in(count), h_out(count);
  for (size_t i = 0; i < count; ++i)
    h_in[i] = (int)((i * 2654435761u) >> 8) ^ (int)i;

  int *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, count * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, count * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), count * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0, count * sizeof(int)));

  const dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  const dim3 block(TILE_DIM, BLOCK_ROWS);
  transpose_padded<int, TILE_DIM, BLOCK_ROWS><<<grid, block>>>(d_out, d_in, width, height);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, count * sizeof(int), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  size_t bad = 0;
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c)
      bad += h_out[(size_t)c * height + r] != h_in[(size_t)r * width + c];
  printf("transpose %s\n", bad ? "WRONG" : "ok");
  e2e_print_ints(h_out.data(), (int)count);
#endif
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel transpose_padded
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
