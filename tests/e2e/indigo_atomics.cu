// Connected components the way graph benchmark suites write it: a
// data-driven kernel over a work list, the labels read and written through
// atomicRead/atomicWrite templates that view a plain int as a
// cuda::atomic (`((cuda::atomic<T> *)addr)->load(relaxed)`), a work list
// pushed with atomicAdd and deduplicated with atomicMax on a time stamp.
// Such helpers are atomic helpers of the direct one run (atomic_helpers.c
// cast_atomic; a template's call of a dependent member, cursor.c
// dependent_libcu), claimed at their calls as system-scope atomics.
// Before, the kernel was "not checked across blocks: atomic operations".
// Racy twin: the new label stored plainly, while other threads read it
// with atomicRead: a plain store against other units' atomics.
#include <cstdio>
#include <cuda/atomic>

#include "e2e.h"

static const int ThreadsPerBlock = 256;

template <typename T> static __device__ inline T atomicRead(T *const addr) {
  return ((cuda::atomic<T> *)addr)->load(cuda::memory_order_relaxed);
}

template <typename T>
static __device__ inline void atomicWrite(T *const addr, const T val) {
  ((cuda::atomic<T> *)addr)->store(val, cuda::memory_order_relaxed);
}

static __global__ void init(const int nodes, int *const label,
                            int *const wl1, int *const time) {
  const int v = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (v < nodes) {
    label[v] = v;
    wl1[v] = v;
    time[v] = 0;
  }
}

static __global__ void cc_vertex_data(const int *const __restrict__ nindex,
                                      const int *const __restrict__ nlist,
                                      int *const __restrict__ label,
                                      const int *const __restrict__ wl1,
                                      const int wl1size,
                                      int *const __restrict__ wl2,
                                      int *const __restrict__ wl2size,
                                      const int iter,
                                      int *const __restrict__ time) {
  const int idx = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  if (idx < wl1size) {
    const int v = wl1[idx];
    int d = atomicRead(&label[v]);
    bool updated = false;
    for (int i = nindex[v]; i < nindex[v + 1]; i++) {
      const int nl = atomicRead(&label[nlist[i]]);
      if (d > nl) {
        d = nl;
        updated = true;
      }
    }
    if (updated) {
#ifdef E2E_RACE
      label[v] = d; // plain, while neighbours atomicRead it
#else
      atomicWrite(&label[v], d);
#endif
      for (int i = nindex[v]; i < nindex[v + 1]; i++) {
        const int n = nlist[i];
        if (atomicMax(&time[n], iter) != iter)
          wl2[atomicAdd(wl2size, 1)] = n;
      }
      if (atomicMax(&time[v], iter) != iter)
        wl2[atomicAdd(wl2size, 1)] = v;
    }
  }
}

int main() {
  const int nodes = 8192, deg = 2, edges = nodes * deg;
  static int hi[nodes + 1], hl[edges], label[nodes];
  // A symmetric graph of chains: v - v+1 within groups of 64.
  for (int v = 0; v <= nodes; v++)
    hi[v] = v * deg;
  for (int v = 0; v < nodes; v++) {
    hl[v * deg] = v % 64 ? v - 1 : v;
    hl[v * deg + 1] = (v + 1) % 64 ? v + 1 : v;
  }
  int *nindex = e2e_to_device(hi, nodes + 1), *nlist = e2e_to_device(hl, edges);
  int *d_label, *d_wl1, *d_wl2, *d_size, *d_time;
  E2E_CHECK(cudaMalloc(&d_label, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&d_wl1, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&d_wl2, nodes * sizeof(int)));
  E2E_CHECK(cudaMalloc(&d_size, sizeof(int)));
  E2E_CHECK(cudaMalloc(&d_time, nodes * sizeof(int)));
  const int blocks = (nodes + ThreadsPerBlock - 1) / ThreadsPerBlock;
  init<<<blocks, ThreadsPerBlock>>>(nodes, d_label, d_wl1, d_time);
  int size = nodes, iter = 0;
  while (size > 0 && iter < 200) {
    iter++;
    E2E_CHECK(cudaMemset(d_size, 0, sizeof(int)));
    cc_vertex_data<<<(size + ThreadsPerBlock - 1) / ThreadsPerBlock,
                     ThreadsPerBlock>>>(nindex, nlist, d_label, d_wl1, size,
                                        d_wl2, d_size, iter, d_time);
    e2e_to_host(&size, d_size, 1);
    int *t = d_wl1;
    d_wl1 = d_wl2;
    d_wl2 = t;
  }
  e2e_to_host(label, d_label, nodes);
#ifndef E2E_RACE
  int components = 0;
  for (int v = 0; v < nodes; v++)
    components += label[v] == v;
  printf("components %d hash %llx\n", components,
         e2e_hash(label, sizeof label));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory label[
// RACE-CHECK: in kernel cc_vertex_data
// RACE-CHECK: indigo_atomics.cu:61
// RACE-CHECK-NOT: not checked
