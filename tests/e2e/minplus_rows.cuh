// A min-plus (tropical) product of a row strip, the inner step of blocked
// all-pairs shortest paths (ECL-APSP's and the textbook's form), written
// the way a graph library's header writes it: a kernel template and its
// launcher.  Each block stages a 32-row slab of B in shared memory, one
// row per warp in turn, and every thread relaxes its distance through the
// slab's 32 rows.  Racy twin (-DE2E_RACE): no barrier after the relaxation,
// so a fast warp stages the next slab's row over one a slower warp is still
// reading.  Which value the slow warp then takes rarely matters (a min
// absorbs it: here never, the later slabs are heavier), so the replay's
// pass 2 computes the same results; the race is seen by its reads
// (docs/shared-replay.md, "Reads seen").  racecheck reports it too.
#pragma once
#include <cuda_runtime.h>

namespace apsp {

constexpr int kTile = 32;

template <int ROWS>
__global__ void minplus_rows(const int *__restrict__ a,
                             const int *__restrict__ b, int *const c, int n) {
  __shared__ int slab[kTile][kTile];
  const int col = blockIdx.x * kTile + threadIdx.x;
  const int row = blockIdx.y * ROWS + threadIdx.y;
  int best = c[row * n + col];
  for (int k0 = 0; k0 < n; k0 += kTile) {
    for (int r = threadIdx.y; r < kTile; r += ROWS)
      slab[r][threadIdx.x] = b[(k0 + r) * n + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k) {
      const int via = a[row * n + k0 + k] + slab[k][threadIdx.x];
      best = via < best ? via : best;
    }
#ifndef E2E_RACE
    __syncthreads(); // every warp is done with the slab before the next one
#endif
  }
  c[row * n + col] = best;
}

// c = min(c, a (x) b) for n x n matrices, n a multiple of 32.
inline cudaError_t relax(const int *a, const int *b, int *c, int n,
                         cudaStream_t stream = 0) {
  constexpr int rows = 8;
  const dim3 block(kTile, rows), grid(n / kTile, n / rows);
  minplus_rows<rows><<<grid, block, 0, stream>>>(a, b, c, n);
  return cudaGetLastError();
}

} // namespace apsp
