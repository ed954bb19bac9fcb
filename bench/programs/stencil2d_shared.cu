/* 2-D 5-point stencil with its halo in shared memory: each block loads its
 * BX x BY tile plus a one-point border (zero outside the grid) cooperatively,
 * waits, and computes from shared memory.  Formula, sizes and check are in
 * stencil2d.h.  No racy twin. */
#include "stencil2d.h"

#define BX 32
#define BY 16

__global__ void stencil2d_shared(const float *in, float *out, int nx, int ny) {
  __shared__ float tile[BY + 2][BX + 2];
  int x0 = blockIdx.x * BX - 1, y0 = blockIdx.y * BY - 1;
  for (int k = threadIdx.y * BX + threadIdx.x; k < (BY + 2) * (BX + 2);
       k += BX * BY) {
    int r = k / (BX + 2), c = k % (BX + 2);
    int gx = x0 + c, gy = y0 + r;
    bool inside = gx >= 0 && gx < nx && gy >= 0 && gy < ny;
    tile[r][c] = inside ? in[(size_t)gy * nx + gx] : 0.0f;
  }
  __syncthreads();
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  size_t g = (size_t)(y0 + ty) * nx + (x0 + tx);
  out[g] = stencil5(tile[ty][tx], tile[ty - 1][tx], tile[ty + 1][tx],
                    tile[ty][tx - 1], tile[ty][tx + 1]);
}

int main(int argc, char **argv) {
  return stencil2d_main(argc, argv, [](const float *in, float *out) {
    dim3 block(BX, BY), grid(NX / BX, NY / BY);
    stencil2d_shared<<<grid, block>>>(in, out, NX, NY);
  });
}
