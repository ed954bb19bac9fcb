// A pointer loaded from memory that points where ldcc cannot follow: a
// buffer allocated on the device heap (`malloc` in a kernel), kept in a
// struct the next kernels read.  The direct one run claims accesses
// through loaded pointers by address in the allocations the runtime knows
// (docs/global-check.md, "Pointers loaded from memory"); a store that
// lands in none of them is counted, and the launch is then reported not
// checked, with the reason, rather than checked.  A kernel that only reads
// through such a pointer stays checked (no write of the launch can land
// where it reads unseen).  Racy twin: fill's threads all store to one
// element of the heap buffer, a race ldcc cannot see and must not claim
// to have checked.
#include <cstdio>

#include "e2e.h"

struct Holder {
  int n;
  int *buf; // on the device heap
};

__global__ void make_buf(Holder *h, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    h->n = n;
    h->buf = (int *)malloc(n * sizeof(int));
  }
}

__global__ void fill(Holder *h) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < h->n)
#ifdef E2E_RACE
    h->buf[0] = i;
#else
    h->buf[i] = 3 * i + 1;
#endif
}

__global__ void drain(const Holder *h, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < h->n)
    out[i] = h->buf[i] - 1;
}

__global__ void release(Holder *h) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    free(h->buf);
}

int main() {
  const int n = 1024;
  Holder *h;
  int *out;
  E2E_CHECK(cudaMalloc(&h, sizeof(Holder)));
  E2E_CHECK(cudaMalloc(&out, n * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, n * sizeof(int)));
  make_buf<<<1, 32>>>(h, n);
  fill<<<n / 128, 128>>>(h);
  drain<<<n / 128, 128>>>(h, out);
  release<<<1, 32>>>(h);
  static int hout[n];
  e2e_to_host(hout, out, n);
#ifndef E2E_RACE
  e2e_print_ints(hout, n);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-EXIT: 0
// RACE-CHECK: ldcc: launch of fill
// RACE-CHECK: stores or atomics through pointers loaded from memory went to memory ldcc does not know
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: ldcc: launch of drain
