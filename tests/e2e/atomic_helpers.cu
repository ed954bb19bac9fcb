// Atomics the way real code writes them, checked across blocks in the
// direct one run (issue 25, docs/global-check.md "Direct one run"): a float
// maximum through a CAS-loop helper (`atomicMaxf`), a count through a cast
// address (`atomicAdd((unsigned *)&cnt[k], 1u)` on an int array), and
// histogram256's shape: shared bins updated through `addWord`/`addByte`
// helpers, each block's bins stored to its own slice; a spin lock taken and
// released in helpers (`lock`: an atomicCAS loop, `unlock`: atomicExch)
// around a fenced update.  Before, an atomic
// in a device function or behind a cast kept these kernels from any check
// across blocks ("atomic operations").  Racy twin: a reset of the maximum
// by one block while the others update it atomically (a lost update), a
// plain store to a counter others count atomically, two blocks storing
// their bins to one slice, and the lock released after only
// __threadfence_block().
#include <cstdio>

#include "e2e.h"

__device__ float atomicMaxf(float *address, float val) {
  int *address_as_int = (int *)address;
  int old = *address_as_int, assumed;
  while (val > __int_as_float(old)) {
    assumed = old;
    old = atomicCAS(address_as_int, assumed, __float_as_int(val));
  }
  return __int_as_float(old);
}

__device__ void addByte(unsigned *s_hist, unsigned data) {
  atomicAdd(s_hist + data, 1);
}

__device__ void addWord(unsigned *s_hist, unsigned data) {
  addByte(s_hist, data & 0xFFU);
  addByte(s_hist, (data >> 8) & 0xFFU);
  addByte(s_hist, (data >> 16) & 0xFFU);
  addByte(s_hist, (data >> 24) & 0xFFU);
}

__global__ void maxima(float *m, int *cnt, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicMaxf(&m[0], in[i]);
    if (in[i] > 50.0f)
      atomicAdd((unsigned *)&cnt[i % 4], 1u);
  }
#ifdef E2E_RACE
  if (blockIdx.x == 5 && threadIdx.x == 0) {
    m[0] = 0.0f;  // a reset racing with the other blocks' atomics
    cnt[1] = 0;
  }
#endif
}

__global__ void histogram(unsigned *partial, const unsigned *data, int n) {
  __shared__ unsigned s_hist[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    s_hist[b] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    addWord(s_hist, data[i]);
  __syncthreads();
#ifdef E2E_RACE
  unsigned slice = blockIdx.x / 2; // two blocks share a slice
#else
  unsigned slice = blockIdx.x;
#endif
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    partial[slice * 256 + b] = s_hist[b];
}

// A spin lock in helpers, fenced in the kernel (thread 0 of each block).
__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0)
    ;
}

__device__ void unlock(int *mutex) { atomicExch(mutex, 0); }

__global__ void locked_sum(int *mutex, int *total, const float *in) {
  if (threadIdx.x == 0) {
    lock(mutex);
    __threadfence();
    total[0] += (int)in[blockIdx.x];
#ifdef E2E_RACE
    __threadfence_block(); // orders nothing for the next block's holder
#else
    __threadfence();
#endif
    unlock(mutex);
  }
}

int main() {
  const int nb = 16, b = 128, n = nb * b;
  static float hin[n];
  static unsigned hdata[n], hpart[nb * 256];
  for (int i = 0; i < n; i++) {
    hin[i] = (float)((i * 37) % 101);
    hdata[i] = (unsigned)i * 2654435761u;
  }
  float zero_f = -1.0f;
  int zero[4] = {0, 0, 0, 0};
  float *m = e2e_to_device(&zero_f, 1), *in = e2e_to_device(hin, n);
  int *cnt = e2e_to_device(zero, 4), *mutex = e2e_to_device(zero, 1);
  int *total = e2e_to_device(zero + 1, 1);
  unsigned *data = e2e_to_device(hdata, n);
  unsigned *part = e2e_to_device(hpart, nb * 256);
  maxima<<<nb, b>>>(m, cnt, in, n);
  histogram<<<nb, b>>>(part, data, n);
  locked_sum<<<nb, b>>>(mutex, total, in);
  E2E_CHECK(cudaGetLastError());
  float hm;
  int hc[4], ht;
  e2e_to_host(&hm, m, 1);
  e2e_to_host(hc, cnt, 4);
  e2e_to_host(hpart, part, nb * 256);
  e2e_to_host(&ht, total, 1);
#ifndef E2E_RACE
  printf("max %g counts %d %d %d %d partial hash %llx total %d\n", hm, hc[0],
         hc[1], hc[2], hc[3], e2e_hash(hpart, sizeof hpart), ht);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: lost update (a plain store and another unit's atomic) on global memory m[0] in kernel maxima
// RACE-CHECK: lost update (a plain store and another unit's atomic) on global memory cnt[1] in kernel maxima
// RACE-CHECK: write-write race on global memory partial[
// RACE-CHECK: in kernel histogram
// RACE-CHECK: on global memory total[0] in kernel locked_sum
// RACE-CHECK: no fence orders them
