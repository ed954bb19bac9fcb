// Explicit 2-D heat diffusion with temporal blocking (the "pyramid" or
// ghost-zone scheme of thermal simulators): a block loads a BS x BS window
// of the temperature and power grids into shared memory and advances it
// ITER steps there, the valid region shrinking by one cell per step, then
// stores the (BS - 2 ITER)^2 interior it got right.  Cells outside the chip
// take their own temperature as their neighbour's (an insulated border).
// Each step computes into s_next, then copies s_next back into s_temp.
// Racy twin (-DE2E_RACE): the __syncthreads() between computing a step and
// copying it back is missing: a thread overwrites s_temp[ty][tx] while the
// threads of the rows next to it, in other warps, still read it for their
// own step (a read-write race between warps in shared memory; every step
// changes the temperatures, so the early copy changes what they read).
// Fixed: both barriers; prints a checksum of the final temperatures.
#include <utility>
#include <vector>

#include "e2e.h"

#define CUDA_CHECK(call) E2E_CHECK(call)

struct ThermalGrid {
  const float *power;
  int rows;
  int cols;
  float cap;   // dt / heat capacity
  float ambient_pull;
  float ambient;
};

template <int BS, int ITER>
__global__ void __launch_bounds__(BS *BS)
    heat_pyramid(const ThermalGrid g, const float *__restrict__ const t_src,
                 float *__restrict__ const t_dst) {
  constexpr int OUT = BS - 2 * ITER; // cells a block finishes
  __shared__ float s_temp[BS][BS];
  __shared__ float s_next[BS][BS];
  __shared__ float s_power[BS][BS];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int gx = blockIdx.x * OUT + tx - ITER;
  const int gy = blockIdx.y * OUT + ty - ITER;
  const bool on_chip = gx >= 0 && gx < g.cols && gy >= 0 && gy < g.rows;

  if (on_chip) {
    s_temp[ty][tx] = t_src[gy * g.cols + gx];
    s_power[ty][tx] = g.power[gy * g.cols + gx];
  }
  __syncthreads();

  bool computed = false;
  for (int it = 0; it < ITER; ++it) {
    computed = false;
    if (on_chip && tx > it && tx < BS - 1 - it && ty > it && ty < BS - 1 - it) {
      computed = true;
      const float c = s_temp[ty][tx];
      const float n = (gy > 0) ? s_temp[ty - 1][tx] : c;
      const float s = (gy < g.rows - 1) ? s_temp[ty + 1][tx] : c;
      const float w = (gx > 0) ? s_temp[ty][tx - 1] : c;
      const float e = (gx < g.cols - 1) ? s_temp[ty][tx + 1] : c;
      s_next[ty][tx] =
          c + g.cap * (s_power[ty][tx] + (n + s + w + e - 4.0f * c) +
                       g.ambient_pull * (g.ambient - c));
    }
#ifndef E2E_RACE
    __syncthreads();
#endif
    if (it == ITER - 1)
      break;
    if (computed)
      s_temp[ty][tx] = s_next[ty][tx];
    __syncthreads();
  }

  if (computed && tx >= ITER && tx < BS - ITER && ty >= ITER && ty < BS - ITER)
    t_dst[gy * g.cols + gx] = s_next[ty][tx];
}

int main() {
  constexpr int BS = 16, ITER = 2, OUT = BS - 2 * ITER;
  const int rows = 192, cols = 180, steps = 8; // steps: a multiple of ITER
  const size_t cells = (size_t)rows * cols;

  std::vector<float> h_temp(cells), h_power(cells);
  for (size_t i = 0; i < cells; ++i) {
    h_temp[i] = 320.0f + (float)((i * 2654435761u) >> 26);
    h_power[i] = (float)((i * 40503u) % 13) * 0.5f;
  }
  float *d_power, *d_a, *d_b;
  CUDA_CHECK(cudaMalloc(&d_power, cells * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_a, cells * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, cells * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_power, h_power.data(), cells * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_a, h_temp.data(), cells * sizeof(float), cudaMemcpyHostToDevice));

  const ThermalGrid g{d_power, rows, cols, 0.125f, 0.0625f, 300.0f};
  const dim3 block(BS, BS);
  const dim3 grid((cols + OUT - 1) / OUT, (rows + OUT - 1) / OUT);
  for (int s = 0; s < steps; s += ITER) {
    heat_pyramid<BS, ITER><<<grid, block>>>(g, d_a, d_b);
    CUDA_CHECK(cudaGetLastError());
    std::swap(d_a, d_b);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_temp.data(), d_a, cells * sizeof(float), cudaMemcpyDeviceToHost));

#ifndef E2E_RACE
  double total = 0.0;
  for (size_t i = 0; i < cells; ++i)
    total += h_temp[i];
  printf("t[0] %.9g t[%d] %.9g mean %.6f hash %llx\n", h_temp[0], cols + 1,
         h_temp[cols + 1], total / cells, e2e_hash(h_temp.data(), cells * sizeof(float)));
#endif
  CUDA_CHECK(cudaFree(d_power));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel heat_pyramid
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
