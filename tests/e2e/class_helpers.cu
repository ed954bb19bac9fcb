// Stores of a class type through helpers and lambdas, the way llm.c and
// Thrust-style code write them: `st_vec(address, val)` stores a float4
// through `*reinterpret_cast<float4 *>(address) = val` (into a shared tile
// and into the output), and a generic for_each's device lambda stores
// `out[i] = make_float2(...)`.  A class's assignment is a call of its
// operator=, which the analysis did not take for a store: a pointer handed
// to st_vec counted as only read (no target written, so the kernel was
// "checked" with nothing to check), the replay ran st_vec unlogged (its
// store to `out` made in both passes and never compared, so the tile's race,
// seen only through that store, went unreported), and the lambda's kernel
// was not checked ("calls operator=, whose writes are not followed").
// Racy twin (-DE2E_RACE): the barrier between the tile's stores and the
// neighbours' loads is missing (racecheck reports the hazard); the in-place
// shift reads the four floats its right neighbour stores; the lambda's
// warps all store to the first 32 elements.
// Fixed: with the barrier, from a separate input, one element per thread.
#include "e2e.h"

#define BLOCK 128

__device__ void st_vec(float *address, float4 val) {
  *reinterpret_cast<float4 *>(address) = val;
}
__device__ float4 ld_vec(const float *address) {
  return *reinterpret_cast<const float4 *>(address);
}

__global__ void tile_reverse(float *out, const float *in) {
  __shared__ alignas(16) float tile[BLOCK * 4];
  int t = threadIdx.x, base = blockIdx.x * BLOCK * 4;
  st_vec(&tile[4 * t], ld_vec(in + base + 4 * t));
#ifndef E2E_RACE
  __syncthreads();
#endif
  float4 v = ld_vec(&tile[4 * ((t + 1) % BLOCK)]);
  st_vec(out + base + 4 * t, make_float4(v.w, v.z, v.y, 2.f * v.x));
}

__global__ void shift(float *buf, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  const float *src = buf;
#else
  const float *src = in;
#endif
  if (4 * (i + 1) < n)
    st_vec(buf + 4 * i, ld_vec(src + 4 * (i + 1)));
}

template <class F> __global__ void for_each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

int main() {
  const int blocks = 32, n = blocks * BLOCK * 4;
  static float h[32 * BLOCK * 4], r[32 * BLOCK * 4];
  static float2 p[32 * BLOCK];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 37) % 101) - 50.f;
  float *in = e2e_to_device(h, n), *out, *buf = e2e_to_device(h, n);
  float2 *pts;
  E2E_CHECK(cudaMalloc(&out, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&pts, blocks * BLOCK * sizeof(float2)));
  E2E_CHECK(cudaMemset(pts, 0, blocks * BLOCK * sizeof(float2)));
  tile_reverse<<<blocks, BLOCK>>>(out, in);
  shift<<<blocks, BLOCK>>>(buf, in, n);
  const int m = blocks * BLOCK;
  for_each<<<blocks, BLOCK>>>(m, [=] __device__(int i) {
#ifdef E2E_RACE
    pts[i % 32] = make_float2((float)i, 0.5f * i);
#else
    pts[i] = make_float2((float)i, 0.5f * i);
#endif
  });
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, n);
  e2e_to_host(r, buf, n);
  e2e_to_host(p, pts, m);
#ifndef E2E_RACE
  printf("tile %llx shift %llx pts %llx\n", e2e_hash(h, sizeof h),
         e2e_hash(r, sizeof r), e2e_hash(p, sizeof p));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel tile_reverse
// RACE-CHECK: on global memory buf[
// RACE-CHECK: in kernel shift
// RACE-CHECK: write-write race on global memory
// RACE-CHECK: in kernel for_each
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
