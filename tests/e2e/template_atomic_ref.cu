// Atomic helpers written as templates over cuda::atomic_ref, as generic
// code writes them: `add_to<T>(T *p, T v)` on a temporary reference and
// `take_ticket<T>(T *p)` on a local one.  In a template the reference's
// type is dependent, so its calls resolve to nothing the translator can
// name; the kernels calling them were taken for kernels without atomics
// and checked with the copies, where each unit's increments land in its
// own copy (a histogram's bins then clash between units: races reported
// on a correct program).  Such calls are now atomics the check across
// blocks cannot follow (`cursor.c` `ld__libcu_dependent`): the launches
// run as written and say they are not checked.  Racy twin (-DE2E_RACE):
// smooth also averages in place, a read-write race between blocks the
// check still finds.
#include <cuda/atomic>

#include "e2e.h"

template <typename T> __device__ void add_to(T *p, T v) {
  cuda::atomic_ref<T, cuda::thread_scope_device>(*p).fetch_add(
      v, cuda::memory_order_relaxed);
}

template <typename T> __device__ T take_ticket(T *p) {
  cuda::atomic_ref<T, cuda::thread_scope_device> r(*p);
  return r.fetch_add(T(1), cuda::memory_order_relaxed);
}

__global__ void histo(const int *in, int *bins, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    add_to(&bins[in[i] % 16], 1);
}

__global__ void tickets(const int *in, int *picked, unsigned *count, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 5 == 0)
    picked[take_ticket(count)] = in[i];
}

__global__ void smooth(const int *in, int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i + 1 < n)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3;
}

int main() {
  const int n = 8192, threads = 256, blocks = n / threads;
  static int h[8192], hb[16], hp[8192];
  for (int i = 0; i < n; i++)
    h[i] = (i * 2654435761u >> 7) % 1000;
  int *in = e2e_to_device(h, n), *bins, *picked, *out;
  unsigned *count, got = 0;
  E2E_CHECK(cudaMalloc(&bins, 16 * sizeof(int)));
  E2E_CHECK(cudaMalloc(&picked, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&out, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&count, sizeof(unsigned)));
  E2E_CHECK(cudaMemset(bins, 0, 16 * sizeof(int)));
  E2E_CHECK(cudaMemset(count, 0, sizeof(unsigned)));
  histo<<<blocks, threads>>>(in, bins, n);
  E2E_CHECK(cudaGetLastError());
  tickets<<<blocks, threads>>>(in, picked, count, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hb, bins, 16);
  e2e_print_ints(hb, 16);
  e2e_to_host(&got, count, 1);
  e2e_to_host(hp, picked, got < (unsigned)n ? got : n);
  long long sum = 0; // (the tickets' order varies run to run; the sum not)
  for (unsigned k = 0; k < got && k < (unsigned)n; k++)
    sum += hp[k];
  printf("picked %u sum %lld\n", got, sum);
#ifdef E2E_RACE
  smooth<<<blocks, threads>>>(in, in, n); // in place: neighbours race
  out = in;
#else
  smooth<<<blocks, threads>>>(in, out, n);
#endif
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, out, n);
  printf("smoothed %d %d\n", h[1], h[n - 2]);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: launch of histo at template_atomic_ref.cu:
// RACE-CHECK: not checked
// RACE-CHECK: ldcc: launch of tickets at template_atomic_ref.cu:
// RACE-CHECK: not checked
// RACE-CHECK: race on global memory
// RACE-CHECK: in kernel smooth
