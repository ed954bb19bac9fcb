// A tiled matrix product the way tuned kernels write it: each thread keeps
// a 2x2 register tile initialised in its declaration (`float acc[2][2] =
// {0.0f};`), the block stages 32x32 tiles of A and B in shared memory, and
// the results leave with streaming stores (`__stcs`, as llm.c does).  Both
// forms kept the replay away ("initialised local array", "call to __stcs
// defined elsewhere"): such a kernel's shared memory was not checked.  The
// hoisted tile now takes a copy of a block's own initialised one and the
// store goes through pwr (replay_facts.c hoist_plain, visit_cache_store).
// Racy twin: no barrier after the product of a tile, so a fast warp loads
// the next tile over one a slow warp still reads.
#include <cstdio>

#include "e2e.h"

#define TILE 32
#define N 256

__global__ void matmul_tile(const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  float acc[2][2] = {0.0f};
  int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  int row = blockIdx.y * TILE + ty * 2, col = blockIdx.x * TILE + tx * 2;
  for (int k0 = 0; k0 < N; k0 += TILE) {
    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x) {
      As[i / TILE][i % TILE] = A[(blockIdx.y * TILE + i / TILE) * N + k0 + i % TILE];
      Bs[i / TILE][i % TILE] = B[(k0 + i / TILE) * N + blockIdx.x * TILE + i % TILE];
    }
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
          acc[a][b] += As[ty * 2 + a][k] * Bs[k][tx * 2 + b];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      __stcs(&C[(row + a) * N + col + b], acc[a][b]);
}

int main() {
  static float ha[N * N], hb[N * N], hc[N * N];
  for (int i = 0; i < N * N; i++) {
    ha[i] = (float)((i * 7) % 13) - 6.0f;
    hb[i] = (float)((i * 5) % 11) - 5.0f;
  }
  float *a = e2e_to_device(ha, N * N), *b = e2e_to_device(hb, N * N), *c;
  E2E_CHECK(cudaMalloc(&c, sizeof hc));
  matmul_tile<<<dim3(N / TILE, N / TILE), 256>>>(a, b, c);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hc, c, N * N);
  printf("C[0] %.1f C[last] %.1f hash %llx\n", hc[0], hc[N * N - 1],
         e2e_hash(hc, sizeof hc));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on shared variable
// RACE-CHECK: in kernel matmul_tile
// RACE-CHECK-NOT: not checked
// NOPROOF
