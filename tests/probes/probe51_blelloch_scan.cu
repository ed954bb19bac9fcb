// Work-efficient (Blelloch) exclusive scan of an int array, the textbook
// way (up-sweep, clear the root, down-sweep, all in shared memory), as a
// three-kernel device-wide scan: blelloch_scan_tiles scans tiles of
// 2 * BLOCK elements and stores each tile's total, the same kernel (one
// block) scans the totals, and add_tile_offsets adds them back.  The tile
// is loaded coalesced (thread t loads elements t and t + BLOCK), so the
// first up-sweep step (thread t adds temp[2t] into temp[2t + 1]) reads
// words that other threads stored, in other warps for t >= 16.
// Racy twin (-DE2E_RACE): no __syncthreads() between the load of the tile
// and the up-sweep: thread 16 of warp 0 reads temp[32] and temp[33], which
// warp 1 stores (a read-write race between warps in shared memory; the
// inputs differ from element to element, so a stale word changes the sum).
// Fixed: the barrier; prints the scan's checksum and a host check.
#include <cstdint>
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    blelloch_scan_tiles(const T *__restrict__ const in, T *__restrict__ const out,
                        T *__restrict__ const tile_sums, const int n) {
  constexpr int TILE = 2 * BLOCK;
  __shared__ T temp[TILE];
  const int tid = threadIdx.x;
  const int base = blockIdx.x * TILE;

  // Coalesced load: consecutive threads read consecutive words.
  const int ai = tid, bi = tid + BLOCK;
  temp[ai] = (base + ai < n) ? in[base + ai] : T(0);
  temp[bi] = (base + bi < n) ? in[base + bi] : T(0);
#ifndef E2E_RACE
  __syncthreads();
#endif

  // Up-sweep (reduce) phase.
  int offset = 1;
#pragma unroll
  for (int d = TILE >> 1; d > 0; d >>= 1) {
    if (tid < d) {
      const int a = offset * (2 * tid + 1) - 1;
      const int b = offset * (2 * tid + 2) - 1;
      temp[b] += temp[a];
    }
    offset <<= 1;
    __syncthreads();
  }

  // Save the tile total, clear the root.
  if (tid == 0) {
    if (tile_sums != nullptr)
      tile_sums[blockIdx.x] = temp[TILE - 1];
    temp[TILE - 1] = T(0);
  }
  __syncthreads();

  // Down-sweep phase.
#pragma unroll
  for (int d = 1; d < TILE; d <<= 1) {
    offset >>= 1;
    if (tid < d) {
      const int a = offset * (2 * tid + 1) - 1;
      const int b = offset * (2 * tid + 2) - 1;
      const T t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
    __syncthreads();
  }

  if (base + ai < n)
    out[base + ai] = temp[ai];
  if (base + bi < n)
    out[base + bi] = temp[bi];
}

template <typename T, int TILE>
__global__ void add_tile_offsets(T *__restrict__ const data,
                                 const T *__restrict__ const tile_offsets,
                                 const int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    data[i] += tile_offsets[i / TILE];
}

int main() {
  constexpr int BLOCK = 256, TILE = 2 * BLOCK;
  const int n = 60000; // not a multiple of the tile: the last tile is padded
  const int num_tiles = (n + TILE - 1) / TILE; // 118, scanned by one block
  static_assert(TILE >= 128, "tile totals must fit one tile");

  std::vector<int> h_in(n), h_out(n);
  for (int i = 0; i < n; ++i)
    h_in[i] = (int)((i * 2654435761u) >> 23) % 97 - 40;

  int *d_in = nullptr, *d_out = nullptr, *d_sums = nullptr, *d_sums_scan = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sums, num_tiles * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sums_scan, num_tiles * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  blelloch_scan_tiles<int, BLOCK><<<num_tiles, BLOCK>>>(d_in, d_out, d_sums, n);
  CUDA_CHECK(cudaGetLastError());
  blelloch_scan_tiles<int, BLOCK><<<1, BLOCK>>>(d_sums, d_sums_scan, nullptr,
                                                num_tiles);
  CUDA_CHECK(cudaGetLastError());
  add_tile_offsets<int, TILE><<<64, 256>>>(d_out, d_sums_scan, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  int running = 0, bad = 0;
  for (int i = 0; i < n; ++i) {
    if (h_out[i] != running && bad++ < 5)
      fprintf(stderr, "mismatch at %d: %d != %d\n", i, h_out[i], running);
    running += h_in[i];
  }
  printf("scan %s last %d\n", bad ? "WRONG" : "ok", h_out[n - 1]);
  e2e_print_ints(h_out.data(), n);
#endif
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_sums));
  CUDA_CHECK(cudaFree(d_sums_scan));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel blelloch_scan_tiles
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
