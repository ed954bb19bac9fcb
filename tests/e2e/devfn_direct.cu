// Device functions that update global memory at an offset of their pointer
// parameters, in kernels with atomics (issue 25; docs/global-check.md,
// "Device functions in the direct run").  Real code writes its atomics in
// helpers: a particle-in-cell scatter (`scatter(lc, 1.f, den)`, declared
// before the kernel and defined after it, two `atomicAdd`s at `field[i]` and
// `field[i + 1]`), a graph relaxation `relax(dist, v, nd)`, a store helper
// `put(out, i, v)` next to a counting atomic.  Before, such a kernel was not
// checked across blocks at all ("atomic operations": an atomic in a device
// function, or a helper whose word is at an offset says nothing at its
// call); now the direct one run calls a clone of each helper that claims
// its accesses by address.  A helper taking the element by reference
// (`put_ref(out[i], v)`, `bump_ref(count[i % 4], 1)`; session 27) has its
// uses claimed at the reference's address.
//   Fixed twin: every update atomic, each thread's `put` to its own slot.
//   Racy twin: the scatter's second update a plain `+=` (a lost update
//   against the neighbouring cell's atomics of other blocks), the
//   relaxation a plain test-and-store (a read-write race between blocks
//   relaxing one node), and `put` to a slot a thread of another block also
//   stores to (a write-write race); `put_ref` the same through a reference.
// The fixed twin prints what nvcc's build prints, bit for bit (the scatter
// adds halves, which float sums exactly in any order).
#include <cstdio>

#include "e2e.h"

__device__ void scatter(double lc, float value, float *field);

namespace graph {
__device__ bool relax(int *dist, int v, int nd) {
#ifdef E2E_RACE
  if (nd < dist[v]) {
    dist[v] = nd;
    return true;
  }
  return false;
#else
  return nd < atomicMin(&dist[v], nd);
#endif
}
} // namespace graph

__device__ __forceinline__ void put(float *out, int i, float v) { out[i] = v; }
__device__ void put_ref(float &dst, float v) { dst = v; }
__device__ void bump_ref(int &slot, int v) { atomicAdd(&slot, v); }

__global__ void scatter_particles(const float *__restrict__ x,
                                  float *__restrict__ den, long n) {
  long p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n)
    scatter(x[p], 1.f, den);
}

__global__ void relax_edges(const int *src, const int *dst, int *dist,
                            int *changed, int m) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < m && graph::relax(dist, dst[e], src[e] + 1))
    atomicOr(changed, 1);
}

__global__ void keep(float *out, const float *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
#ifdef E2E_RACE
    put(out, i % (n / 2), (float)i + in[i]); // blocks b, b + nb/2: one slot
#else
    put(out, i, (float)i + in[i]);
#endif
    atomicAdd(count, 1);
  }
}

__global__ void by_ref(float *out, const float *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
#ifdef E2E_RACE
    put_ref(out[i % (n / 2)], 2.f * in[i] + i); // blocks b, b + nb/2: one slot
#else
    put_ref(out[i], 2.f * in[i] + i);
#endif
    bump_ref(count[i % 4], 1);
  }
}

__device__ void scatter(double lc, float value, float *field) {
  int i = (int)lc;
  float di = lc - i;
  atomicAdd(&(field[i]), value * (1 - di));
#ifdef E2E_RACE
  field[i + 1] += value * di;
#else
  atomicAdd(&(field[i + 1]), value * (di));
#endif
}

int main() {
  const int nb = 16, b = 128, n = nb * b, cells = 64;
  static float hx[n], hden[cells + 1], hout[n];
  static int hsrc[n], hdst[n], hdist[n];
  for (int i = 0; i < n; i++) {
    hx[i] = (float)((i * 7) % cells) + 0.5f;
    hsrc[i] = i % 97;
    hdst[i] = (i * 13) % 512; // many edges into each node, from all blocks
    hdist[i] = 1000000;
  }
  int zero = 0;
  float *x = e2e_to_device(hx, n), *den = e2e_to_device(hden, cells + 1);
  float *out = e2e_to_device(hout, n);
  int *src = e2e_to_device(hsrc, n), *dst = e2e_to_device(hdst, n);
  int *dist = e2e_to_device(hdist, n), *changed = e2e_to_device(&zero, 1);
  int *count = e2e_to_device(&zero, 1);
  scatter_particles<<<nb, b>>>(x, den, n);
  relax_edges<<<nb, b>>>(src, dst, dist, changed, n);
  keep<<<nb, b>>>(out, x, count, n);
  float *out2 = e2e_to_device(hout, n);
  int zeros[4] = {0, 0, 0, 0};
  int *counts = e2e_to_device(zeros, 4);
  by_ref<<<nb, b>>>(out2, x, counts, n);
  E2E_CHECK(cudaGetLastError());
  int hchanged, hcount, hcounts[4];
  static float hout2[n];
  e2e_to_host(hout2, out2, n);
  e2e_to_host(hcounts, counts, 4);
  e2e_to_host(hden, den, cells + 1);
  e2e_to_host(hdist, dist, n);
  e2e_to_host(hout, out, n);
  e2e_to_host(&hchanged, changed, 1);
  e2e_to_host(&hcount, count, 1);
#ifndef E2E_RACE
  printf("den %llx dist %llx out %llx changed %d count %d\n",
         e2e_hash(hden, sizeof hden), e2e_hash(hdist, sizeof hdist),
         e2e_hash(hout, sizeof hout), hchanged, hcount);
  printf("by_ref %llx counts %d %d %d %d\n", e2e_hash(hout2, sizeof hout2),
         hcounts[0], hcounts[1], hcounts[2], hcounts[3]);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel scatter_particles
// RACE-CHECK: lost update (a plain store and another unit's atomic) on global memory
// RACE-CHECK: in kernel relax_edges
// RACE-CHECK: write-write race on global memory
// RACE-CHECK: in kernel keep
// RACE-CHECK: in kernel by_ref
