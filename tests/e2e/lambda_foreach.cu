// A generic for_each kernel calling a __device__ lambda that captures
// pointers, and the same kernel with a functor holding one (issues 23 and
// 25).  The lambda's writes go through its captures only, so the kernel is
// checked across blocks: the runtime finds the captured pointers in the
// closure's bytes and the clone patches its copy of the closure
// (docs/global-check.md, "Pointers inside parameters").  Fixed twin: each
// element is computed from a separate input (equal to the nvcc build, bit
// for bit).  Racy twin (-DE2E_RACE): the lambda updates its array in place
// from its right neighbour, which the next block overwrites: a read-write
// race on the allocation behind the capture.
#include "e2e.h"

template <class F> __global__ void for_each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// (s is 8 bytes wide: no padding bytes, whose leftovers could look like
// an address; docs/global-check.md, "Pointers inside parameters".)
struct Scale {
  float *out;
  double s;
  __device__ void operator()(int i) const { out[i] = (float)(out[i] * s); }
};

int main() {
  const int n = 128 * 48;
  static float h[128 * 48];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 37) % 101);
  float *a = e2e_to_device(h, n);
  const float *in = e2e_to_device(h, n);
#ifdef E2E_RACE
  for_each<<<n / 128, 128>>>(
      n, [=] __device__(int i) { a[i] = a[i] + (i + 1 < n ? a[i + 1] : 0.f); });
#else
  for_each<<<n / 128, 128>>>(n, [=] __device__(int i) {
    a[i] = in[i] + (i + 1 < n ? in[i + 1] : 0.f);
  });
#endif
  for_each<<<n / 128, 128>>>(n, Scale{a, 0.5f});
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, a, n);
#ifndef E2E_RACE
  printf("a[0] %.9g a[%d] %.9g hash %llx\n", h[0], n - 1, h[n - 1],
         e2e_hash(h, sizeof h));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on global memory f+
// RACE-CHECK: in kernel for_each
// RACE-CHECK: 's result changes once it sees other blocks' writes
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
