// Connected components inside a block by label propagation, the loop graph
// codes write to converge: each thread takes the smallest label among its
// vertex and its neighbours and the block goes round again while any
// label changed, `do { ... } while (__syncthreads_or(changed));`.  A
// barrier in a loop's condition was "barrier inside an expression" and
// such a kernel had no shared-memory check at all.  The site of a barrier
// in a do-while's condition now goes before the body's closing brace and
// the condition reads the barrier's value (replay_facts.c loop_body_at; a
// body with `continue` still says why not); block_cc_while writes the loop
// as `while (__syncthreads_or(more)) { ... }`, whose site opens the body
// and breaks out (the condition becomes 1).  Racy twin: no barrier between
// reading the neighbours' labels and storing the new one (a warp reads a
// label another warp stores in the same region).
#include <cstdio>

#include "e2e.h"

#define B 256
#define DEG 3

__global__ void block_cc(const int *nbr, int *out, int *rounds) {
  __shared__ int lab[B];
  int t = threadIdx.x;
  int n = 0;
  lab[t] = t;
  int changed;
  do {
    __syncthreads();
    int m = lab[t];
    for (int k = 0; k < DEG; k++)
      m = min(m, lab[nbr[(blockIdx.x * B + t) * DEG + k]]);
#ifndef E2E_RACE
    __syncthreads();
#endif
    changed = m < lab[t];
    if (changed)
      lab[t] = m;
    n++;
  } while (__syncthreads_or(changed));
  out[blockIdx.x * B + t] = lab[t];
  if (t == 0)
    rounds[blockIdx.x] = n;
}

__global__ void block_cc_while(const int *nbr, int *out) {
  __shared__ int lab[B];
  int t = threadIdx.x, more = 1;
  lab[t] = t;
  __syncthreads();
  while (__syncthreads_or(more)) {
    int m = lab[t];
    for (int k = 0; k < DEG; k++)
      m = min(m, lab[nbr[(blockIdx.x * B + t) * DEG + k]]);
#ifndef E2E_RACE
    __syncthreads();
#endif
    more = m < lab[t];
    if (more)
      lab[t] = m;
  }
  out[blockIdx.x * B + t] = lab[t];
}

int main() {
  const int blocks = 32;
  static int h[blocks * B * DEG], o[blocks * B], r[blocks];
  for (int b = 0; b < blocks; b++)
    for (int v = 0; v < B; v++)
      for (int k = 0; k < DEG; k++) {
        // A few chains per block: vertex v joins v +- 1 and one far vertex
        // of its group of 32.
        int w = k == 0 ? (v + 1) % B : k == 1 ? (v + B - 1) % B
                                              : (v / 32) * 32 + (v * 7) % 32;
        if ((v % 64 == 63 && k == 0) || (v % 64 == 0 && k == 1))
          w = v; // cut the ring into groups of 64
        h[(b * B + v) * DEG + k] = w;
      }
  int *nbr = e2e_to_device(h, blocks * B * DEG), *out, *rounds;
  E2E_CHECK(cudaMalloc(&out, sizeof o));
  E2E_CHECK(cudaMalloc(&rounds, sizeof r));
  block_cc<<<blocks, B>>>(nbr, out, rounds);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(o, out, blocks * B);
  e2e_print_ints(o, blocks * B);
  e2e_to_host(r, rounds, blocks);
  printf("rounds of block 0: %d\n", r[0]);
  block_cc_while<<<blocks, B>>>(nbr, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(o, out, blocks * B);
  e2e_print_ints(o, blocks * B);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race
// RACE-CHECK: in kernel block_cc
// RACE-CHECK: in kernel block_cc_while
// RACE-CHECK-NOT: not checked
// NOPROOF
// DET
