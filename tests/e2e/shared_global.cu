// Races through global memory in kernels that also use shared memory
// (issue 5): the shared-memory replay checks the warps of each block and,
// composed with it, the check across blocks compares the blocks.
// - tile_rows stages its block's inputs in a shared tile and writes them
//   reversed; it only stores through `out`, so the launch takes the one
//   run.  In the racy twin the last thread of block b also writes the first
//   slot of block b + 1 with another value: a write-write race across
//   blocks (the shared tile stays race-free), so the one run clashes and
//   the copies report it.
// - blur updates `a` in place (read, barrier, write), so it takes the
//   copies.  In the racy twin the last thread of each block reads the first
//   element of the next block, which that block overwrites: a read-write
//   race across blocks.
// The fixed twins print the nvcc build's results bit for bit.
#include "e2e.h"

#define T 128

__global__ void tile_rows(const int *in, int *out) {
  __shared__ int tile[T];
  int b = blockIdx.x, t = threadIdx.x, i = b * T + t;
  tile[t] = in[i] * 3 + 1;
  __syncthreads();
  out[i] = tile[T - 1 - t];
#ifdef E2E_RACE
  if (t == T - 1 && b + 1 < gridDim.x)
    out[(b + 1) * T] = tile[0] + 7;
#endif
}

__global__ void blur(float *a, int n) {
  __shared__ float tile[T];
  int i = blockIdx.x * T + threadIdx.x;
  tile[threadIdx.x] = a[i];
#ifdef E2E_RACE
  float next = i + 1 < n ? a[i + 1] : a[i];
#else
  float next = threadIdx.x + 1 < T ? a[i + 1] : a[i];
#endif
  __syncthreads();
  a[i] = 0.25f * (tile[threadIdx.x] + tile[(threadIdx.x + T - 1) % T]) +
         0.5f * next;
}

int main() {
  const int nblocks = 48, n = nblocks * T;
  static int hi[nblocks * T], ho[nblocks * T];
  static float ha[nblocks * T];
  for (int i = 0; i < n; i++) {
    hi[i] = (i * 7919) % 1009;
    ha[i] = (float)((i * 37) % 101);
  }
  int *in = e2e_to_device(hi, n), *out;
  E2E_CHECK(cudaMalloc(&out, n * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, n * sizeof(int)));
  float *a = e2e_to_device(ha, n);
  tile_rows<<<nblocks, T>>>(in, out);
  E2E_CHECK(cudaGetLastError());
  for (int rep = 0; rep < 2; rep++)
    blur<<<nblocks, T>>>(a, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(ho, out, n);
  e2e_to_host(ha, a, n);
#ifndef E2E_RACE
  e2e_print_ints(ho, n);
  printf("a[0] %.9g a[%d] %.9g hash %llx\n", ha[0], n - 1, ha[n - 1],
         e2e_hash(ha, sizeof ha));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: launch of tile_rows at shared_global.cu:57: in one run two blocks touched a word one of them stored to; memory put back, checking it with copies
// RACE-CHECK: ldcc: write-write race on global memory out[
// RACE-CHECK: in kernel tile_rows
// RACE-CHECK: ldcc: read-write race on global memory a[
// RACE-CHECK: in kernel blur
// RACE-CHECK: launched at shared_global.cu:60
// RACE-CHECK: ldcc: summary:
// RACE-CHECK: ; 3 checked launches
// RACE-CHECK-NOT: on shared variable
// RACE-CHECK-NOT: race through registers
