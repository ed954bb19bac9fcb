// Shared memory reached through macros, as the CUDA samples write it:
// accessor macros over tiles (`#define AS(i, j) As[i][j]`, matrixMulDrv),
// an index macro over an extern buffer (`#define SMEM(X, Y)`,
// postProcessGL) and a declaring macro.  Before, such kernels were not
// checked at all ("shared variable used inside a macro expansion"); now the
// translator expands those macros in its text and replays the kernels,
// also where the tiles live in a device function template that its
// template parameter sizes (their layout takes the call's arguments).
// Racy twin (-DE2E_RACE): the tiled product drops the barrier after the
// inner product, so a fast warp overwrites a tile others still read (a
// shared-memory race racecheck sees too).
#include "e2e.h"

#define BLOCK 16
#define AS(i, j) As[i][j]
#define BS(i, j) Bs[i][j]
#define SMEM(X, Y) sdata[(Y) * tilew + (X)]
#define DECLARE_ROW(name) __shared__ int name[128]

// matrixMulDrv's form: the product in a device function template whose
// tiles its template parameter sizes, indexed with a template's type, and
// a kernel per tile size calling it.
template <int block, typename size_type>
__device__ void tile_product(float *C, const float *A, const float *B,
                             size_type wA, size_type wB) {
  size_type tx = threadIdx.x, ty = threadIdx.y;
  float Csub = 0;
  for (size_type a = wA * block * blockIdx.y, b = block * blockIdx.x;
       a < wA * block * blockIdx.y + wA; a += block, b += block * wB) {
    __shared__ float As[block][block];
    __shared__ float Bs[block][block];
    AS(ty, tx) = A[a + wA * ty + tx];
    BS(ty, tx) = B[b + wB * ty + tx];
    __syncthreads();
    for (size_type k = 0; k < block; ++k)
      Csub += AS(ty, k) * BS(k, tx);
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  C[(blockIdx.y * block + ty) * wB + blockIdx.x * block + tx] = Csub;
}

extern "C" __global__ void matmul(const float *A, const float *B, float *C,
                                  size_t wA, size_t wB) {
  tile_product<BLOCK, size_t>(C, A, B, wA, wB);
}

__global__ void shift(const int *in, int *out, int tilew) {
  extern __shared__ int sdata[];
  DECLARE_ROW(row);
  int x = threadIdx.x;
  SMEM(x, 0) = in[blockIdx.x * blockDim.x + x];
  row[x] = x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + x] = SMEM((x + 1) % blockDim.x, 0) + row[127 - x];
}

int main() {
  const int w = 64, n = w * w;
  static float ha[64 * 64], hb[64 * 64], hc[64 * 64];
  static int hi[1024], ho[1024];
  for (int i = 0; i < n; i++) {
    ha[i] = (float)((i * 7) % 13) - 6.0f;
    hb[i] = (float)((i * 5) % 11) * 0.5f;
  }
  for (int i = 0; i < 1024; i++)
    hi[i] = (i * 29) % 101;
  float *da = e2e_to_device(ha, n), *db = e2e_to_device(hb, n), *dc;
  int *di = e2e_to_device(hi, 1024), *dout;
  E2E_CHECK(cudaMalloc(&dc, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&dout, 1024 * sizeof(int)));
  matmul<<<dim3(w / BLOCK, w / BLOCK), dim3(BLOCK, BLOCK)>>>(da, db, dc, w, w);
  E2E_CHECK(cudaGetLastError());
  shift<<<8, 128, 128 * sizeof(int)>>>(di, dout, 128);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hc, dc, n);
  e2e_to_host(ho, dout, 1024);
  printf("matmul %llx shift %llx\n", e2e_hash(hc, sizeof hc),
         e2e_hash(ho, sizeof ho));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel matmul
// RACE-CHECK-NOT: not checked in shared memory
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: in kernel shift
// RACE-CHECK-NOT: not checked
