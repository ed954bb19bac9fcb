// The shared-memory proof (docs/shared-replay.md, "Kernels proved
// race-free"): shift indexes its tile by threadIdx.x alone, so the
// translator proves it race-free in shared memory for blocks of one row
// (blockDim.y == blockDim.z == 1, blockDim.x <= 128) and such a launch runs
// without the replay.  Racy twin (-DE2E_RACE): the same kernel is also
// launched with 64 x 2 blocks, where the two rows write each tile element
// with different values: the launch falls outside the proof's bounds, is
// replayed, and the write-write race on tile is reported.
#include "e2e.h"

#define N 128

__global__ void shift(const int *in, int *out) {
  __shared__ int tile[N];
  int t = threadIdx.x;
  int g = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + t;
  tile[t] = in[g] * 2 + (int)threadIdx.y;
  __syncthreads();
  out[g] = tile[(t + 1) % blockDim.x];
}

int main() {
  const int n = 4 * N;
  static int h[4 * N], out[4 * N];
  for (int i = 0; i < n; i++)
    h[i] = (i * 7) % 31;
  int *din = e2e_to_device(h, n), *dout;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  shift<<<4, N>>>(din, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  printf("rows: out[0] %d out[%d] %d hash %llx\n", out[0], n - 1, out[n - 1],
         e2e_hash(out, sizeof out));
#ifdef E2E_RACE
  shift<<<4, dim3(N / 2, 2)>>>(din, dout);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: ldcc: launch of shift at proof_shape.cu:29: 4 blocks of 128x1x1 threads; shared memory proved race-free for this block shape
// RACE-CHECK: ldcc: write-write race on shared variable tile[
// RACE-CHECK: in kernel shift
// RACE-CHECK: launched at proof_shape.cu:35
// RACE-CHECK: ldcc: summary:
