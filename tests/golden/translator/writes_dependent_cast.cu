// RUN: %ldcc-translate --dump-plan %s | FileCheck %s
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// cuda-samples' globalToShmemAsyncCopy (MatrixMulNaiveLargeChunk): in a
// template, a vector store through a cast of a shared element's address,
// `float4 *const A4s = reinterpret_cast<float4 *>(&As[ty][t4x]); *A4s =
// *A4;`.  Since class assignments count as stores (session 45), the
// store was followed to the cast, whose operand has a dependent type, and
// read as "writes through a pointer made from an integer": the kernel lost
// its check across blocks.  A dependent operand is a pointer (writes.c,
// session 46).  An integer cast to a pointer still is unseen.  The
// replay hoists `const float4 *const A4` as `const float4 * A4` (only the
// pointer's own const dropped; nvcc rejected the clone before).
// CHECK: KERNEL name=tile_copy checked=yes {{.*}}template global=yes
// CHECK: KERNEL name=from_int checked=yes {{.*}}global=no global_reason="writes through a pointer made from an integer in from_int"
// CHECK: TARGET kernel=tile_copy space=shared name=As {{.*}}written=yes
template <int BLOCK_SIZE>
__global__ void tile_copy(float *C, const float *A, int wA) {
  __shared__ alignas(alignof(float4)) float As[BLOCK_SIZE][BLOCK_SIZE];
  int t4x = threadIdx.x * 4;
  if (t4x < BLOCK_SIZE) {
    float4 *const A4s = reinterpret_cast<float4 *>(&As[threadIdx.y][t4x]);
    const float4 *const A4 =
        reinterpret_cast<const float4 *>(&A[wA * threadIdx.y + t4x]);
    *A4s = *A4;
  }
  __syncthreads();
  C[blockIdx.x * BLOCK_SIZE * BLOCK_SIZE + threadIdx.y * BLOCK_SIZE +
    threadIdx.x] = As[threadIdx.x][threadIdx.y];
}

__global__ void from_int(float *out, unsigned long long addr) {
  float4 *p = reinterpret_cast<float4 *>(addr);
  *p = make_float4(1, 2, 3, 4);
  out[threadIdx.x] = 0;
}

void run(float *c, const float *a, unsigned long long addr) {
  tile_copy<16><<<4, dim3(16, 16)>>>(c, a, 64);
  from_int<<<1, 32>>>(c, addr);
}
