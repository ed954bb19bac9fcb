// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// A shared atomic on an element of an array whose bounds alone template
// parameters decide (a radix sort's per-warp digit rows): the element is a
// 32-bit integer whatever the bounds, so the replay merges it (session 51;
// before, the expression's dependent type read "shared atomic on a type a
// template parameter decides" and the kernel's shared memory went
// unchecked).  A scalar of the template's own type stays refused
// (nvcc_rejected_forms.cu, `total`).

#include <cstdint>

template <int RADIX_BITS, int BLOCK>
__global__ void digits(const uint32_t *keys, uint32_t *hist, int shift) {
  constexpr int RADIX = 1 << RADIX_BITS, WARPS = BLOCK / 32;
  __shared__ uint32_t s_hist[WARPS][RADIX];
  const int warp = threadIdx.x / 32;
  for (int i = threadIdx.x; i < WARPS * RADIX; i += BLOCK)
    s_hist[i / RADIX][i % RADIX] = 0;
  __syncthreads();
  const uint32_t d = (keys[blockIdx.x * BLOCK + threadIdx.x] >> shift) & (RADIX - 1);
  atomicAdd(&s_hist[warp][d], 1u);
  __syncthreads();
  if (threadIdx.x < RADIX) {
    uint32_t sum = 0;
    for (int w = 0; w < WARPS; ++w)
      sum += s_hist[w][threadIdx.x];
    hist[blockIdx.x * RADIX + threadIdx.x] = sum;
  }
}

void run(const uint32_t *keys, uint32_t *hist) {
  digits<4, 256><<<8, 256>>>(keys, hist, 0);
}

// COV: KERNEL name=digits {{.*}}coverage=full shared=yes

// TEXT: {{^}}  __ldcc::shared_atomic_add(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->s_hist)[warp][d], 1u);
