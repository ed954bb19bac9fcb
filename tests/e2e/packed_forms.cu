// A fused residual + shift kernel written the way llm.c's dev/cuda files
// are: a 128-bit packed vector type whose operator[] returns a reference
// into its own array, a streaming store in a helper (`store128cs` calling
// `__stcs`), `namespace cg = cooperative_groups;` inside the kernel, a
// cuda::std::array of partial squares, and a host launcher with the
// kernel's own name.  Before, the kernel had no replay ("store it cannot
// follow", then "call to __stcs defined elsewhere"), and the alias and the
// launcher's name made nvcc reject the translated file, which the driver
// then built unchecked.  Racy twin: the block reads its neighbours' row
// elements without the barrier.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/std/array>

#include "e2e.h"

template <class E> struct alignas(16) Packed128 {
  static constexpr int size = 16 / sizeof(E);
  E payload[size];
  __device__ E &operator[](int i) { return payload[i]; }
  __device__ const E &operator[](int i) const { return payload[i]; }
};
typedef Packed128<float> f128;

template <class E> __device__ f128 load128(const E *p) {
  return *reinterpret_cast<const f128 *>(p);
}
template <class E> __device__ void store128cs(E *target, f128 v) {
  __stcs(reinterpret_cast<float4 *>(target),
         *reinterpret_cast<float4 *>(&v.payload[0]));
}

__global__ void residual_shift(float *out, const float *a, const float *b,
                               int C) {
  namespace cg = cooperative_groups;
  cg::thread_block block = cg::this_thread_block();
  __shared__ float row[1024];
  int base = blockIdx.x * C;
  int c = threadIdx.x * f128::size;
  f128 x = load128(a + base + c), y = load128(b + base + c), sum;
  cuda::std::array<float, 4> sq;
  for (int k = 0; k < f128::size; k++) {
    sum[k] = x[k] + y[k];
    sq[k] = sum[k] * 0.5f;
    row[c + k] = sum[k];
  }
#ifndef E2E_RACE
  block.sync();
#endif
  f128 shifted;
  for (int k = 0; k < f128::size; k++)
    shifted[k] = row[(c + k + 5) % C] + sq[k];
  store128cs(out + base + c, shifted);
}

// The launcher, named as its kernel (llm.c's dev/cuda style).
void residual_shift(float *out, const float *a, const float *b, int rows,
                    int C) {
  residual_shift<<<rows, C / f128::size>>>(out, a, b, C);
  E2E_CHECK(cudaGetLastError());
}

int main() {
  const int rows = 64, C = 512, n = rows * C;
  static float ha[n], hb[n];
  for (int i = 0; i < n; i++) {
    ha[i] = (float)(i % 101);
    hb[i] = (float)((i * 7) % 13);
  }
  float *a = e2e_to_device(ha, n), *b = e2e_to_device(hb, n), *out;
  E2E_CHECK(cudaMalloc(&out, n * sizeof(float)));
  residual_shift(out, a, b, rows, C);
  e2e_to_host(ha, out, n);
  printf("residual hash %llx\n", e2e_hash(ha, sizeof ha));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel residual_shift
// RACE-CHECK-NOT: not checked
// NOPROOF
