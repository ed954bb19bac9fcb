// A generic for_each kernel, as libraries write it: a template over the
// functor it calls, here a __device__ lambda that captures the output
// pointer and adds to it (`out[i] += v`).  The stores happen inside the
// lambda, which the translator cannot follow from the kernel (issue 23,
// "checked means checked"): before, the kernel was "checked", its replay
// clone ran the lambda's `+=` twice and the fixed twin's sums came out
// wrong.  Now the kernel is not checked (a lambda that writes through its
// captures only is checked across blocks, lambda_foreach.cu, but not in a
// kernel with shared memory, whose replay would run its stores twice; the
// build warns with the reason;
// the run counts its launches as not checked: template kernels are not
// registered, so the runtime's line is the generic one), and the fixed twin
// equals nvcc.  Racy twin (-DE2E_RACE): the lambda also
// reads its neighbour's element, which the next thread updates -- a race
// ldcc cannot see here, and must not claim to have checked.
#include "e2e.h"

template <typename F> __global__ void for_each(int n, F f) {
  __shared__ int staged[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = i % 7;
  __syncthreads();
  if (i < n)
    f(i, staged[(threadIdx.x + 32) % 256]);
}

int main() {
  const int blocks = 16, n = blocks * 256;
  static int h[16 * 256];
  for (int i = 0; i < n; i++)
    h[i] = i % 11;
  int *out = e2e_to_device(h, n);
  for (int pass = 0; pass < 3; pass++) {
    for_each<<<blocks, 256>>>(n, [=] __device__(int i, int v) {
#ifdef E2E_RACE
      out[i] += v + (i + 1 < n ? out[i + 1] % 3 : 0);
#else
      out[i] += v;
#endif
    });
    E2E_CHECK(cudaGetLastError());
  }
  e2e_to_host(h, out, n);
  long long sum = 0;
  for (int i = 0; i < n; i++)
    sum += h[i];
  printf("sum %lld hash %llx\n", sum, e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-EXIT: 0
// RACE-CHECK: not checked: kernel not translated
// RACE-CHECK: ldcc: summary: no launch was checked; 3 launches not checked
