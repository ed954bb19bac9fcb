/* 2-D 5-point stencil reading its neighbours straight from global memory
 * (through the caches), one point per thread.  Formula, sizes and check are
 * in stencil2d.h.  No racy twin. */
#include "stencil2d.h"

#define BX 32
#define BY 8

__global__ void stencil2d_global(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  size_t g = (size_t)y * nx + x;
  float n = y > 0 ? in[g - nx] : 0.0f;
  float s = y + 1 < ny ? in[g + nx] : 0.0f;
  float w = x > 0 ? in[g - 1] : 0.0f;
  float e = x + 1 < nx ? in[g + 1] : 0.0f;
  out[g] = stencil5(in[g], n, s, w, e);
}

int main(int argc, char **argv) {
  return stencil2d_main(argc, argv, [](const float *in, float *out) {
    dim3 block(BX, BY), grid(NX / BX, NY / BY);
    stencil2d_global<<<grid, block>>>(in, out, NX, NY);
  });
}
