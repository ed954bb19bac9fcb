// A sum in one pass: each block reduces its slice in shared memory, thread
// 0 stores the block's partial sum and takes a ticket; the block that takes
// the last ticket adds the partial sums (the threadFenceReduction pattern of
// the CUDA programming guide).
// Racy twin (-DE2E_RACE): no __threadfence() between the partial sum's
// store and the ticket, so the last block may add a partial sum that is
// not visible yet.
// Fixed: __threadfence() before atomicInc.
#include "e2e.h"

#define BLOCKS 64
#define THREADS 128

__global__ void sum(const int *in, int *partial, unsigned *tickets,
                    int *out) {
  __shared__ int s[THREADS];
  __shared__ bool last;
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * THREADS + t];
  __syncthreads();
  for (int d = THREADS / 2; d > 0; d /= 2) {
    if (t < d)
      s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
#ifndef E2E_RACE
    __threadfence();
#endif
    unsigned ticket = atomicInc(tickets, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    int total = 0;
    for (int b = 0; b < (int)gridDim.x; b++)
      total += partial[b];
    out[0] = total;
  }
}

int main() {
  const int n = BLOCKS * THREADS;
  static int h[BLOCKS * THREADS];
  for (int i = 0; i < n; i++)
    h[i] = (int)((i * 2654435761u) >> 20) - 2048;
  int *in = e2e_to_device(h, n), *partial, *out, total;
  unsigned *tickets;
  E2E_CHECK(cudaMalloc(&partial, BLOCKS * sizeof(int)));
  E2E_CHECK(cudaMalloc(&tickets, sizeof(unsigned)));
  E2E_CHECK(cudaMalloc(&out, sizeof(int)));
  E2E_CHECK(cudaMemset(tickets, 0, sizeof(unsigned)));
  sum<<<BLOCKS, THREADS>>>(in, partial, tickets, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(&total, out, 1);
  e2e_print_ints(&total, 1);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// Since session 22 the kernel keeps its shared-memory replay (a ticket and
// fences only: docs/shared-replay.md, "Kernels with fences") with the
// direct one run composed into it, which finds the unfenced hand-over
// (before, the inline message-passing checks of the original did:
// "through flag tickets ... with no fence between the write of partial").
// RACE-CHECK: read-write race on global memory partial[
// RACE-CHECK: stored to it at ticket_reduce.cu:27
// RACE-CHECK: read it at ticket_reduce.cu:38
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
