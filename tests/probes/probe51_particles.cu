// A mass-spring chain (a rope) integrated with symplectic Euler: particle i
// is pulled by springs to particles i - 1 and i + 1, damped, and pushed by
// gravity; the ends are pinned.  The state is a struct of device pointers
// (float2 positions and velocities) passed by value, one step per launch,
// a grid-stride loop over particles, as particle codes write it.
// Racy twin (-DE2E_RACE): the step updates the state in place (the host
// passes the same buffers as `cur` and `next`), so a thread stores pos[i]
// while the threads of i - 1 and i + 1 (lanes of its warp, other warps, at
// block edges other blocks) read pos[i] for their springs: a read-write
// race on global memory; every step moves every particle, so a neighbour
// that reads after the store sees another position.
// Fixed: double buffering (read `cur`, write `next`, swap on the host);
// prints a checksum of the final positions.
#include <utility>
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

struct ParticleState {
  float2 *pos;
  float2 *vel;
};

struct SimParams {
  int n;
  float dt;
  float stiffness;
  float rest_length;
  float damping;
  float gravity;
};

__device__ __forceinline__ float2 spring_force(const float2 a, const float2 b,
                                               const SimParams &p) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = sqrtf(dx * dx + dy * dy);
  const float f = (len > 0.f) ? p.stiffness * (len - p.rest_length) / len : 0.f;
  return make_float2(f * dx, f * dy);
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    rope_step(const ParticleState cur, const ParticleState next, const SimParams p) {
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < p.n; i += gridDim.x * BLOCK) {
    const float2 x = cur.pos[i];
    float2 v = cur.vel[i];
    if (i == 0 || i == p.n - 1) { // pinned ends
      next.pos[i] = x;
      next.vel[i] = make_float2(0.f, 0.f);
      continue;
    }
    const float2 fl = spring_force(x, cur.pos[i - 1], p);
    const float2 fr = spring_force(x, cur.pos[i + 1], p);
    const float ax = fl.x + fr.x - p.damping * v.x;
    const float ay = fl.y + fr.y - p.damping * v.y - p.gravity;
    v.x += p.dt * ax;
    v.y += p.dt * ay;
    if (!isfinite(v.x) || !isfinite(v.y)) // blow-up diagnostics: never here
      printf("rope_step: particle %d diverged (%f, %f)\n", i, v.x, v.y);
    next.vel[i] = v;
    next.pos[i] = make_float2(x.x + p.dt * v.x, x.y + p.dt * v.y);
  }
}

int main() {
  constexpr int BLOCK = 128;
  const int n = 16000, steps = 10;
  SimParams prm{n, 0.01f, 40.0f, 1.0f, 0.5f, 9.81f};

  std::vector<float2> h_pos(n), h_vel(n, make_float2(0.f, 0.f));
  for (int i = 0; i < n; ++i) // a slightly wavy, stretched rope
    h_pos[i] = make_float2(1.05f * i, 0.25f * (float)((i * 37) % 11) - 1.25f);

  ParticleState a{}, b{};
  CUDA_CHECK(cudaMalloc(&a.pos, n * sizeof(float2)));
  CUDA_CHECK(cudaMalloc(&a.vel, n * sizeof(float2)));
  CUDA_CHECK(cudaMalloc(&b.pos, n * sizeof(float2)));
  CUDA_CHECK(cudaMalloc(&b.vel, n * sizeof(float2)));
  CUDA_CHECK(cudaMemcpy(a.pos, h_pos.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(a.vel, h_vel.data(), n * sizeof(float2), cudaMemcpyHostToDevice));

  for (int s = 0; s < steps; ++s) {
#ifdef E2E_RACE
    rope_step<BLOCK><<<64, BLOCK>>>(a, a, prm); // in place
#else
    rope_step<BLOCK><<<64, BLOCK>>>(a, b, prm);
    std::swap(a, b);
#endif
    CUDA_CHECK(cudaGetLastError());
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_pos.data(), a.pos, n * sizeof(float2), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  double sy = 0.0;
  for (int i = 0; i < n; ++i)
    sy += h_pos[i].y;
  printf("pos[1] %.9g %.9g mean y %.6f hash %llx\n", h_pos[1].x, h_pos[1].y, sy / n,
         e2e_hash(h_pos.data(), n * sizeof(float2)));
#endif
  CUDA_CHECK(cudaFree(a.pos));
  CUDA_CHECK(cudaFree(a.vel));
  CUDA_CHECK(cudaFree(b.pos));
  CUDA_CHECK(cudaFree(b.vel));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel rope_step
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
