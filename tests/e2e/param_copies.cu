// Local copies of a struct-of-pointers parameter (issue 25): a kernel
// that takes its buffers in one struct and starts with `const LayerParams p
// = params;` (or `const auto &q = params;` and a pointer taken from it)
// writes through the parameter's pointers, which the clone patches before
// the body runs, so the copy holds them too.  Such kernels were "not
// checked across blocks: writes through a pointer loaded from p".
// Fixed twin: each thread stores its own element (equal to the nvcc build,
// bit for bit).  Racy twin (-DE2E_RACE): layer_scale's upper half of the
// grid stores into the lower half's elements (a write-write race between
// blocks), layer_shift works in place and reads its right neighbour, which
// the next warp or block stores (a read-write race), and layer_count
// (atomics: the direct one run, which claims the copy's accesses by
// address, as the parameter's) counts with a plain `++` in odd warps where
// the fixed twin uses atomicAdd everywhere (a lost update between units:
// a plain update against another unit's atomic.  With `++` alone every
// unit would store the same value, which the copies cannot tell from no
// race: DESIGN.md §3).
#include <string.h>

#include "e2e.h"

#define N (1 << 14)
#define THREADS 128

struct LayerParams {
  const float *x;
  float *y;
  const float *w;
  int *count;
  int n;
};

__global__ void layer_scale(LayerParams params) {
  const LayerParams p = params;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n)
    return;
#ifdef E2E_RACE
  p.y[i % (p.n / 2)] = p.x[i] * p.w[i % 32];
#else
  p.y[i] = p.x[i] * p.w[i % 32];
#endif
}

__global__ void layer_shift(LayerParams params) {
  const auto &q = params;
  float *out = q.y;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= q.n)
    return;
#ifdef E2E_RACE
  out[i] = out[i] + (i + 1 < q.n ? out[i + 1] : 0.0f);
#else
  out[i] = q.x[i] + (i + 1 < q.n ? q.x[i + 1] : 0.0f);
#endif
}

__global__ void layer_count(LayerParams params) {
  const LayerParams p = params;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n || p.x[i] < 24.0f)
    return;
#ifdef E2E_RACE
  if (i / 32 % 2) /* odd warps forget the atomic */
    (*p.count)++;
  else
    atomicAdd(p.count, 1);
#else
  atomicAdd(p.count, 1);
#endif
}

int main() {
  static float x[N], y[N], w[32];
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 97) * 0.5f;
  for (int i = 0; i < 32; i++)
    w[i] = 1.0f + (float)i / 8.0f;
  LayerParams p;
  memset(&p, 0, sizeof p); /* no leftovers in the padding */
  p.x = e2e_to_device(x, N);
  p.y = e2e_to_device(y, N);
  p.w = e2e_to_device(w, 32);
  int zero = 0, count = 0;
  p.count = e2e_to_device(&zero, 1);
  p.n = N;
  layer_scale<<<N / THREADS, THREADS>>>(p);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(y, p.y, N);
  printf("scaled hash %llx\n", e2e_hash(y, sizeof y));
  layer_shift<<<N / THREADS, THREADS>>>(p);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(y, p.y, N);
  printf("shifted hash %llx\n", e2e_hash(y, sizeof y));
  layer_count<<<N / THREADS, THREADS>>>(p);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&count, p.count, 1);
  printf("counted %d\n", count);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory
// RACE-CHECK: in kernel layer_scale
// RACE-CHECK: read-write race on global memory
// RACE-CHECK: in kernel layer_shift
// RACE-CHECK: in kernel layer_count
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
// DET
// DET-EXIT: 66
// DET-CHECK: race on global memory
// DET-CHECK-NOT: not deterministic
