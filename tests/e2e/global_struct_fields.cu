// Pointers inside a by-value struct parameter (issues 23 and 25): the
// runtime finds them in the argument's bytes (they point into cudaMalloc'd
// memory), and the clone patches its copy of the struct so that every
// unit writes its own copy, as for a pointer parameter.  Three forms of
// write through the struct's fields: directly (`g.val[i] = ...`), through
// a local alias (`float *v = g.val`), and in a device function that takes
// the struct by value.  Fixed twin: each block smooths its own range from
// `in` into `val` (equal to the nvcc build, bit for bit).  Racy twin
// (-DE2E_RACE): `smooth` works in place, reading its right neighbour,
// which the next block overwrites: a read-write race found on the
// allocation behind g.val.
#include "e2e.h"

// (n is 8 bytes wide: padding bytes next to a 4-byte int hold leftovers,
// and a leftover that looks like an address makes the launch unchecked;
// docs/global-check.md, "Pointers inside parameters", Limits.)
struct Graph {
  long long n;
  float *val;
  const float *in;
};

__device__ void put(Graph g, int i, float x) { g.val[i] = x; }

__global__ void smooth(Graph g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = i + 1 < g.n ? i + 1 : i;
#ifdef E2E_RACE
  float x = 0.5f * (g.val[i] + g.val[j]);
#else
  float x = 0.5f * (g.in[i] + g.in[j]);
#endif
  __syncthreads();
  if (i < g.n)
    put(g, i, x);
}

__global__ void scale(Graph g, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *v = g.val;
  if (i < g.n)
    v[i] *= f;
}

int main() {
  const int n = 128 * 48;
  static float h[128 * 48];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 37) % 101);
  Graph g = {n, e2e_to_device(h, n), e2e_to_device(h, n)};
  smooth<<<n / 128, 128>>>(g);
  scale<<<n / 128, 128>>>(g, 2.0f);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, g.val, n);
#ifndef E2E_RACE
  printf("a[0] %.9g a[%d] %.9g hash %llx\n", h[0], n - 1, h[n - 1],
         e2e_hash(h, sizeof h));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on global memory g+8[
// RACE-CHECK: in kernel smooth
// RACE-CHECK: 's result changes once it sees other blocks' writes
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
