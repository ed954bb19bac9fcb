// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s -o %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Shared memory used through macros (docs/shared-replay.md, "Shared memory
// through macros"): accessor macros over tiles (cuda-samples'
// matrixMulDrv), an index macro over an extern buffer (postProcessGL), a
// macro reaching a tile through another, a declaring macro.  The
// translator expands each invocation whose expansion names a shared
// variable in its text (tokens joined by blanks, line breaks kept), parses
// again, and replays the kernels; before, all were "shared variable used
// inside a macro expansion", not checked at all.  A macro with `#` is left
// as written and its kernel keeps that reason.
#include <cstdio>
#define BLOCK 16
#define AS(i, j) As[i][j]
#define BS(i, j) Bs[i][j]
#define SMEM(X, Y) sdata[(Y) * tilew + (X)]
#define DECLARE_TILE(name) __shared__ float name[BLOCK * BLOCK]
#define TILE(i) t[i]
#define TWICE(i) (TILE(i) + TILE(i))
#define SHOW(v) printf(#v " = %f\n", v)

__global__ void matmul(const float *A, const float *B, float *C, int wA,
                       int wB) {
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  float Csub = 0.0f;
  int b = blockIdx.x * BLOCK;
  for (int a = blockIdx.y * BLOCK * wA; a < (blockIdx.y * BLOCK + 1) * wA;
       a += BLOCK) {
    __shared__ float As[BLOCK][BLOCK];
    __shared__ float Bs[BLOCK][BLOCK];
    AS(ty, tx) = A[a + wA * ty + tx];
    BS(ty,
       tx) = B[b + wB * ty + tx];
    __syncthreads();
    for (int k = 0; k < BLOCK; ++k)
      Csub += AS(ty, k) * BS(k, tx);
    __syncthreads();
    b += BLOCK * wB;
  }
  C[(blockIdx.y * BLOCK + ty) * wB + blockIdx.x * BLOCK + tx] = Csub;
}
// PLAN: KERNEL name=matmul checked=yes at=[[@LINE-21]]:17
// COV: KERNEL name=matmul at=[[@LINE-22]] coverage=full shared=yes global=yes

__global__ void blur(const int *in, int *out, int tilew) {
  extern __shared__ int sdata[];
  int x = threadIdx.x;
  SMEM(x, 0) = in[blockIdx.x * blockDim.x + x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + x] = SMEM((x + 1) % blockDim.x, 0);
}
// COV: KERNEL name=blur at=[[@LINE-7]] coverage=full shared=yes global=yes

__global__ void twice(float *out) {
  DECLARE_TILE(t);
  TILE(threadIdx.x) = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = TWICE((threadIdx.x + 1) % 256);
}
// COV: KERNEL name=twice at=[[@LINE-6]] coverage=full shared=yes global=yes

__global__ void shown(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    SHOW(s[1]);
}
// PLAN: KERNEL name=shown checked=no reason="shared variable used inside a macro expansion" at=[[@LINE-7]]:17

// matrixMulDrv's own form: the accessor macros in a template device
// function whose tile is sized by its template parameter and indexed with
// a template's type.  Expanded, `As[ty][tx]` is an element of a shared
// array, not a write through a pointer loaded from As (writes.c
// loaded_root; it left the kernel without the check across blocks), and
// the tile goes into the kernel's layout sized by the call's arguments.
template <int block_size, typename size_type>
__device__ void tile_mul(float *C, const float *A, size_type w) {
  size_type tx = threadIdx.x, ty = threadIdx.y;
  __shared__ float As[block_size][block_size];
  AS(ty, tx) = A[w * ty + tx];
  __syncthreads();
  C[w * ty + tx] = AS(tx, ty);
}
extern "C" __global__ void tile_mul8(float *C, const float *A, size_t w) {
  tile_mul<8, size_t>(C, A, w);
}
// COV: KERNEL name=tile_mul8 at=[[@LINE-3]] coverage=full shared=yes global=yes

int main() {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  int *i = nullptr, *o = nullptr;
  matmul<<<dim3(4, 4), dim3(16, 16)>>>(a, b, c, 64, 64);
  blur<<<4, 256, 256 * 4>>>(i, o, 256);
  twice<<<1, 256>>>(c);
  shown<<<1, 32>>>(c);
  tile_mul8<<<1, dim3(8, 8)>>>(c, a, 8);
  return 0;
}
// The original kernels' text, expanded (the same tokens the preprocessor
// makes), each line where it was.
// TEXT: {{^}}    As [ ty ] [ tx ] = A[a + wA * ty + tx];
// TEXT-NEXT: {{^}}    Bs [ ty ] [ tx ]
// TEXT-NEXT: {{^}} = B[b + wB * ty + tx];
// TEXT: Csub += As [ ty ] [ k ] * Bs [ k ] [ tx ];
// The clones replay them.
// TEXT: (*__ldcc::swr(__ldcc_c, &((__ldcc_p->As) [ ty ] [ tx ]))) = A[a + wA * ty + tx];
// TEXT: (*__ldcc::srd(__ldcc_c, &((__ldcc_p->As) [ ty ] [ k ]))) * (*__ldcc::srd(__ldcc_c, &((__ldcc_p->Bs) [ k ] [ tx ])))
// TEXT: {{^}}  sdata [ ( 0 ) * tilew + ( x ) ] = in[blockIdx.x * blockDim.x + x];
// TEXT: (*__ldcc::swr(__ldcc_c, &(((int *)__ldcc_c.ext) [ ( 0 ) * tilew + ( x ) ]))) = in[
// TEXT: {{^}}  __shared__ float t [ BLOCK * BLOCK ];
// TEXT: ( t [ (threadIdx.x + 1) % 256 ] + t [ (threadIdx.x + 1) % 256 ] )
// TEXT: SHOW(s[1]);
