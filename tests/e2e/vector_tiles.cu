// Vectorised staging of shared memory, as tuned kernels write it: a tiled
// product whose threads load float4s into the tiles through
// `reinterpret_cast<float4 *>(&As[ty][0])[tx] = a4` (a template on the
// tile), and a persistent loop that stages each tile with
// `reinterpret_cast<float4 *>(s_tile)[t] = v`.  Such a store is a store
// through a pointer derived from the target; until session 50 the clone
// wrote it to the warp's copy unmarked, the merge dropped it, and both
// kernels computed wrong numbers with ldcc (replay_facts.c
// derived_pointer_store).  Fixed twin: equal to the nvcc build, bit for
// bit.  Racy twin (-DE2E_RACE): the product lacks the barrier at the end
// of its k loop and the persistent loop the one at the top of its body,
// so the next tile's stores overwrite what slower warps still read.
// racecheck (one H200) reports both kernels, and so does ldcc.  The input
// differs from tile to tile: with `(i * 31 + 3) % 256` (session 50) the
// tiles one block stages are equal, so the next tile's stores leave every
// word as it was; the replay compares values, and no value changed
// (docs/shared-replay.md, "What the replay cannot see").
#include "e2e.h"

#define THREADS 128
#define TILE_ELEMS (THREADS * 4)

template <int TILE>
__global__ void sgemm_f4(const float *__restrict__ A,
                         const float *__restrict__ B, float *__restrict__ C,
                         int M, int N, int K) {
  __shared__ __align__(16) float As[TILE][TILE];
  __shared__ __align__(16) float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col0 = blockIdx.x * TILE + tx * 4;
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  for (int k0 = 0; k0 < K; k0 += TILE) {
    const float4 a4 =
        *reinterpret_cast<const float4 *>(&A[row * K + k0 + tx * 4]);
    const float4 b4 = *reinterpret_cast<const float4 *>(&B[(k0 + ty) * N + col0]);
    reinterpret_cast<float4 *>(&As[ty][0])[tx] = a4;
    reinterpret_cast<float4 *>(&Bs[ty][0])[tx] = b4;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      const float a = As[ty][k];
      const float4 b = reinterpret_cast<const float4 *>(&Bs[k][0])[tx];
      acc.x += a * b.x;
      acc.y += a * b.y;
      acc.z += a * b.z;
      acc.w += a * b.w;
    }
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  if (row < M)
    *reinterpret_cast<float4 *>(&C[row * N + col0]) = acc;
}

__global__ void __launch_bounds__(THREADS)
    reverse_blend(const float *__restrict__ in, float *__restrict__ out,
                  int num_tiles) {
  __shared__ __align__(16) float s_tile[TILE_ELEMS];
  const int t = threadIdx.x;
  for (int tile = blockIdx.x; tile < num_tiles; tile += gridDim.x) {
#ifndef E2E_RACE
    __syncthreads(); // every read of the previous tile is done
#endif
    const float4 v = reinterpret_cast<const float4 *>(in + tile * TILE_ELEMS)[t];
    reinterpret_cast<float4 *>(s_tile)[t] = v;
    __syncthreads();
    float4 r;
    const int base = t * 4;
    r.x = 0.75f * s_tile[base + 0] + 0.25f * s_tile[TILE_ELEMS - 1 - base];
    r.y = 0.75f * s_tile[base + 1] + 0.25f * s_tile[TILE_ELEMS - 2 - base];
    r.z = 0.75f * s_tile[base + 2] + 0.25f * s_tile[TILE_ELEMS - 3 - base];
    r.w = 0.75f * s_tile[base + 3] + 0.25f * s_tile[TILE_ELEMS - 4 - base];
    reinterpret_cast<float4 *>(out + tile * TILE_ELEMS)[t] = r;
  }
}

int main() {
  const int M = 64, N = 96, K = 80, T = 16;
  static float a[64 * 80], b[80 * 96], c[64 * 96];
  for (int i = 0; i < M * K; i++)
    a[i] = (float)((i * 7) % 13 - 6) * 0.125f;
  for (int i = 0; i < K * N; i++)
    b[i] = (float)((i * 5) % 11 - 5) * 0.25f;
  float *dA = e2e_to_device(a, M * K), *dB = e2e_to_device(b, K * N);
  float *dC = e2e_to_device(c, M * N);
  sgemm_f4<T><<<dim3(N / T, M / T), dim3(T / 4, T)>>>(dA, dB, dC, M, N, K);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(c, dC, M * N);

  const int tiles = 60, n = tiles * TILE_ELEMS;
  static float h[60 * TILE_ELEMS];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 31 + 3) % 251) * 0.25f;
  float *din = e2e_to_device(h, n), *dout = e2e_to_device(h, n);
  reverse_blend<<<8, THREADS>>>(din, dout, tiles);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, dout, n);
#ifndef E2E_RACE
  printf("c[0] %.9g c[last] %.9g hash %llx\n", c[0], c[M * N - 1],
         e2e_hash(c, sizeof c));
  printf("out[0] %.9g hash %llx\n", h[0], e2e_hash(h, sizeof h));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel sgemm_f4<16>
// RACE-CHECK: in kernel reverse_blend
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
