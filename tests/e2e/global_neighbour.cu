// A block reading what its neighbour block overwrites in place (issue 5).
// Every thread averages its element with the next one.  The fixed twin
// stays inside its own block (read, block barrier, write); in the racy
// twin the last thread of each block reads the first element of the next
// block, which that block overwrites: a read-write race across blocks on
// global memory, found in pass 2 when block b sees its neighbour's write.
#include "e2e.h"

__global__ void smooth(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef E2E_RACE
  int j = i + 1 < n ? i + 1 : i;
#else
  int last = (blockIdx.x + 1) * blockDim.x - 1; // this block's last element
  int j = i + 1 <= last && i + 1 < n ? i + 1 : i;
#endif
  float v = a[j];
  __syncthreads();
  if (i < n)
    a[i] = 0.5f * (a[i] + v);
}

int main() {
  const int n = 128 * 48;
  static float h[128 * 48];
  for (int i = 0; i < n; i++)
    h[i] = (float)((i * 37) % 101);
  float *d = e2e_to_device(h, n);
  for (int rep = 0; rep < 2; rep++)
    smooth<<<n / 128, 128>>>(d, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
#ifndef E2E_RACE
  printf("a[0] %.9g a[%d] %.9g hash %llx\n", h[0], n - 1, h[n - 1],
         e2e_hash(h, sizeof h));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on global memory a[
// RACE-CHECK: in kernel smooth
// RACE-CHECK: 's result changes once it sees other blocks' writes
// RACE-CHECK: launched at global_neighbour.cu:
// RACE-CHECK: ldcc: summary:
