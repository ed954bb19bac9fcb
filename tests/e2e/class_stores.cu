// Global elements of class type and elements written through names of
// their own, as real code writes them: float4 results stored whole, a
// graph's nodes updated through `auto &node = nodes[v]`, particles moved
// by a member function `pts[i].advance(dt)`.  The one run claimed each of
// these elements as a read (a float4 store is a call of float4's
// assignment operator; a reference or a method's object hides the stores),
// so two units writing one element were never compared, in launches
// reported checked.  Now the store is claimed as a store, and the
// references and methods leave the kernel to the copies, which see every
// write (docs/global-check.md, "One run").  Racy twin (-DE2E_RACE):
// threads t and t + n/2 (other blocks) write the same element in each
// kernel.
#include "e2e.h"

struct Particle {
  float x, v;
  __device__ void advance(float dt) {
    v -= 9.8f * dt;
    x += v * dt;
  }
};

struct Node {
  int dist, parent;
};

#ifdef E2E_RACE
#define SLOT(t, n) ((t) % ((n) / 2))
#else
#define SLOT(t, n) (t)
#endif

__global__ void scale4(const float4 *in, float4 *out, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    float4 v = in[t];
    v.x *= 2.f;
    v.w = v.x + v.y;
    out[SLOT(t, n)] = v;
  }
}

__global__ void relax(Node *nodes, const int *cost, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    auto &node = nodes[SLOT(t, n)];
    node.dist = cost[t];
    node.parent = t;
  }
}

__global__ void step(Particle *pts, float dt, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    pts[SLOT(t, n)].advance(dt * (1 + t % 3));
}

int main() {
  const int n = 4096, threads = 128, blocks = n / threads;
  static float4 h4[4096];
  static Node hn[4096];
  static Particle hp[4096];
  static int hc[4096];
  for (int i = 0; i < n; i++) {
    h4[i] = make_float4(i * 0.5f, 1.f, 2.f, 0.f);
    hc[i] = (i * 37) % 101;
    hp[i].x = (float)i;
    hp[i].v = 1.f;
  }
  float4 *in4 = e2e_to_device(h4, n), *out4;
  E2E_CHECK(cudaMalloc(&out4, n * sizeof(float4)));
  E2E_CHECK(cudaMemset(out4, 0, n * sizeof(float4)));
  scale4<<<blocks, threads>>>(in4, out4, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h4, out4, n);
  Node *nodes;
  E2E_CHECK(cudaMalloc(&nodes, n * sizeof(Node)));
  E2E_CHECK(cudaMemset(nodes, 0, n * sizeof(Node)));
  int *cost = e2e_to_device(hc, n);
  relax<<<blocks, threads>>>(nodes, cost, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hn, nodes, n);
  Particle *pts = e2e_to_device(hp, n);
  step<<<blocks, threads>>>(pts, 0.01f, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hp, pts, n);
  printf("out4 %g %g nodes %d %d pts %g %g hash %llx %llx %llx\n",
         h4[n - 1].x, h4[n - 1].w, hn[n - 1].dist, hn[n - 1].parent,
         hp[n - 1].x, hp[n - 1].v, e2e_hash(h4, sizeof h4),
         e2e_hash(hn, sizeof hn), e2e_hash(hp, sizeof hp));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: race on global memory out[
// RACE-CHECK: in kernel scale4
// RACE-CHECK: race on global memory nodes[
// RACE-CHECK: in kernel relax
// RACE-CHECK: race on global memory pts[
// RACE-CHECK: in kernel step
// RACE-CHECK-NOT: not checked
