// Warp-synchronous kernels with no shared memory (shuffle reductions,
// lanes trading values through global memory) are checked across warps
// and blocks by the global clone, which carries their inline intra-warp
// checks (docs/inline-checks.md, "In the global clone"); before, the
// inline checks kept the original and nothing checked their global stores
// across units.
//   warp_sums: a shuffle reduction per warp; lane 0 stores the warp's sum.
//     Racy: to the block's slot, which every warp of the block stores to
//     (a write-write race between warps).  Fixed: to the warp's own slot.
//   pair_swap: lanes swap neighbours' values through global memory after a
//     ballot.  Racy: no __syncwarp between a lane's load of its element
//     and the neighbour's store to it (an intra-warp race, which the
//     inline checks inside the clone report).  Fixed: __syncwarp between.
#include "e2e.h"

__global__ void warp_sums(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0)
#ifdef E2E_RACE
    out[blockIdx.x] = v;
#else
    out[i / 32] = v;
#endif
}

__global__ void pair_swap(int *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned thirds = __ballot_sync(0xffffffffu, i % 3 == 0);
  int mine = a[i];
#ifndef E2E_RACE
  __syncwarp();
#endif
  a[i ^ 1] = mine + __popc(thirds);
}

int main() {
  const int blocks = 64, threads = 128, n = blocks * threads;
  static float hin[64 * 128], hout[64 * 4];
  static int ha[64 * 128];
  for (int i = 0; i < n; i++) {
    hin[i] = (float)((i * 37) % 101) * 0.25f;
    ha[i] = (i * 13) % 97;
  }
  float *in = e2e_to_device(hin, n), *out = e2e_to_device(hout, n / 32);
  int *a = e2e_to_device(ha, n);
  warp_sums<<<blocks, threads>>>(in, out, n);
  pair_swap<<<blocks, threads>>>(a);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hout, out, n / 32);
  e2e_to_host(ha, a, n);
#ifndef E2E_RACE
  printf("sums %.9g %.9g hash %llx swapped %d %d hash %llx\n", hout[0],
         hout[n / 32 - 1], e2e_hash(hout, sizeof hout), ha[0], ha[n - 1],
         e2e_hash(ha, sizeof ha));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory out[
// RACE-CHECK: in kernel warp_sums
// RACE-CHECK: ldcc: intra-warp race on global memory a[
// RACE-CHECK: in kernel pair_swap
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
