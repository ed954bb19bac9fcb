// Asynchronous copies into shared memory, the way current CUDA code stages
// its tiles (docs/shared-replay.md, "Asynchronous copies").
//   tiled_product<TILE>: a double-buffered tiled matrix product with a
//     thread-scope cuda::pipeline; each thread copies one element of each
//     tile with cuda::memcpy_async and waits with
//     cuda::pipeline_consumer_wait_prior.  Racy: no __syncthreads() after
//     the wait (a thread reads elements other threads are still copying).
//   stencil: a 1-D stencil whose tile and halo are staged with
//     __pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior.
//     Racy: the halo is read before the block's barrier.
//   prefetch: racy, the barrier comes before the wait (a copy still in
//     flight at a barrier lands in the region after it, where the other
//     warps' reads race with it).
// The fixed twin prints what nvcc's build prints.
#include "e2e.h"
#include <cuda/pipeline>
#include <cuda_pipeline.h>

template <int TILE>
__global__ void tiled_product(const float *A, const float *B, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  __shared__ float Bs[2][TILE][TILE];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  const int tiles = n / TILE;
  float acc = 0.f;
  for (int fetch = 0; fetch < 2 && fetch < tiles; fetch++) {
    pipe.producer_acquire();
    cuda::memcpy_async(&As[fetch][ty][tx], &A[row * n + fetch * TILE + tx],
                       sizeof(float), pipe);
    cuda::memcpy_async(&Bs[fetch][ty][tx], &B[(fetch * TILE + ty) * n + col],
                       sizeof(float), pipe);
    pipe.producer_commit();
  }
  for (int t = 0; t < tiles; t++) {
    const int stage = t % 2;
    if (t + 1 < tiles) // the last tile's batch is the newest
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    else
      cuda::pipeline_consumer_wait_prior<0>(pipe);
#ifndef E2E_RACE
    __syncthreads();
#endif
    for (int k = 0; k < TILE; k++)
      acc += As[stage][ty][k] * Bs[stage][k][tx];
    __syncthreads();
    pipe.consumer_release();
    if (t + 2 < tiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(&As[stage][ty][tx],
                         &A[row * n + (t + 2) * TILE + tx], sizeof(float),
                         pipe);
      cuda::memcpy_async(&Bs[stage][ty][tx],
                         &B[((t + 2) * TILE + ty) * n + col], sizeof(float),
                         pipe);
      pipe.producer_commit();
    }
  }
  C[row * n + col] = acc;
}

#define RADIUS 3
#define BLOCK 128

__global__ void stencil(const int *in, int *out, int n) {
  __shared__ int tile[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  __pipeline_memcpy_async(&tile[threadIdx.x + RADIUS], &in[g], sizeof(int));
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS < 0 ? 0 : g - RADIUS;
    int right = g + BLOCK < n ? g + BLOCK : n - 1;
    __pipeline_memcpy_async(&tile[threadIdx.x], &in[left], sizeof(int));
    __pipeline_memcpy_async(&tile[threadIdx.x + BLOCK + RADIUS], &in[right],
                            sizeof(int));
  }
  __pipeline_commit();
  __pipeline_wait_prior(0);
#ifndef E2E_RACE
  __syncthreads();
#endif
  int sum = 0;
  for (int o = -RADIUS; o <= RADIUS; o++)
    sum += tile[threadIdx.x + RADIUS + o];
  out[g] = sum;
}

// Each thread stages its element, then reads its neighbour a warp away.
// Racy: the block's barrier comes before the wait, so the neighbour's copy
// may still be in flight when it is read.
__global__ void prefetch(const float *in, float *out) {
  __shared__ float buf[BLOCK];
  const int t = threadIdx.x, g = blockIdx.x * BLOCK + t;
  __pipeline_memcpy_async(&buf[t], &in[g], sizeof(float));
  __pipeline_commit();
#ifndef E2E_RACE
  __pipeline_wait_prior(0);
#endif
  __syncthreads();
  out[g] = buf[(t + 32) % BLOCK] * 2.f;
#ifdef E2E_RACE
  __pipeline_wait_prior(0);
#endif
}

int main() {
  const int n = 64, TILE = 16;
  static float ha[64 * 64], hb[64 * 64], hc[64 * 64];
  for (int i = 0; i < n * n; i++) {
    ha[i] = (float)(i % 7);
    hb[i] = (float)((i * 3) % 5);
  }
  float *a = e2e_to_device(ha, n * n), *b = e2e_to_device(hb, n * n);
  float *c = e2e_to_device(hc, n * n);
  tiled_product<TILE><<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, c,
                                                                     n);
  const int m = 8 * BLOCK;
  static int hi[8 * BLOCK], ho[8 * BLOCK];
  for (int i = 0; i < m; i++)
    hi[i] = (i * 13) % 31;
  int *in = e2e_to_device(hi, m), *out = e2e_to_device(ho, m);
  stencil<<<m / BLOCK, BLOCK>>>(in, out, m);
  static float hp[8 * BLOCK], hq[8 * BLOCK];
  for (int i = 0; i < m; i++)
    hp[i] = (float)((i * 7) % 19);
  float *p = e2e_to_device(hp, m), *q = e2e_to_device(hq, m);
  prefetch<<<m / BLOCK, BLOCK>>>(p, q);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hq, q, m);
  e2e_to_host(hc, c, n * n);
  e2e_to_host(ho, out, m);
#ifndef E2E_RACE
  printf("product %.0f %.0f hash %llx stencil %d %d hash %llx prefetch "
         "%.0f hash %llx\n",
         hc[0], hc[n * n - 1], e2e_hash(hc, sizeof hc), ho[0], ho[m - 1],
         e2e_hash(ho, sizeof ho), hq[0], e2e_hash(hq, sizeof hq));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race
// RACE-CHECK: in kernel tiled_product<16>
// RACE-CHECK: in kernel stencil
// RACE-CHECK: in kernel prefetch
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
// DET
