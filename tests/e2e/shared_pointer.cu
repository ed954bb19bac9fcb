// Pointers into shared memory kept in locals (issue 24): a transpose that
// fills its tile through a row pointer, and a templated block sum over an
// `extern __shared__` byte buffer cast to the element type.  The replay
// clone starts each pointer in the warp's copy and stores through it go
// through pwr, so both are checked.  Racy twin (-DE2E_RACE): the
// transpose reads the tile without the barrier after the fill, and the
// sum's tree loses the barrier between its steps.
#include "e2e.h"

#define TILE 16

__global__ void transpose_rows(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  float *row = &tile[ty][0];
  row[tx] = in[y * n + x];
#ifndef E2E_RACE
  __syncthreads();
#endif
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  out[y * n + x] = tile[tx][ty];
}

template <class T>
__global__ void block_sum_ptr(const T *in, T *out) {
  extern __shared__ __align__(16) unsigned char smem[];
  T *s = reinterpret_cast<T *>(smem);
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
#ifndef E2E_RACE
    __syncthreads();
#endif
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int n = 64, blocks = 16, threads = 256;
  static float a[n * n], at[n * n];
  static int v[blocks * threads], sums[blocks];
  for (int i = 0; i < n * n; i++)
    a[i] = (float)((i * 7) % 23) - 11.0f;
  for (int i = 0; i < blocks * threads; i++)
    v[i] = (i * 13) % 29 - 14;
  float *da = e2e_to_device(a, n * n), *dat;
  int *dv = e2e_to_device(v, blocks * threads), *ds;
  E2E_CHECK(cudaMalloc(&dat, sizeof at));
  E2E_CHECK(cudaMalloc(&ds, sizeof sums));
  transpose_rows<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, dat, n);
  E2E_CHECK(cudaGetLastError());
  block_sum_ptr<int><<<blocks, threads, threads * sizeof(int)>>>(dv, ds);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(at, dat, n * n);
  e2e_to_host(sums, ds, blocks);
  printf("at[1] %g at[last] %g hash %llx\n", at[1], at[n * n - 1],
         e2e_hash(at, sizeof at));
  e2e_print_ints(sums, blocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race through a global store in kernel transpose_rows
// RACE-CHECK: race on shared variable smem
// RACE-CHECK: in kernel block_sum_ptr
// RACE-CHECK: ldcc: summary:
