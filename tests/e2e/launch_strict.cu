// LDCC_OPTIONS=strict=1 (issue 23): a launch that was not checked is an
// error, and the program, which would exit 0, exits with strict_exitcode
// (67).  One kernel here is checked (scale_up, defined in this file); the
// other (bump<int>) is launched through a function pointer to a template
// instance, which ldcc can neither rewrite nor find.  The racy
// twin has no race: its exit status is strict's alone.
#include "e2e.h"
#include "foreign_kernels.cuh"

__global__ void scale_up(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = out[i] * 3;
}

int main() {
  const int n = 2 * 64;
  static int h[2 * 64];
  int *d;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMemset(d, 0, n * sizeof(int)));
  void (*bump_int)(int *) = bump<int>;
  bump_int<<<2, 64>>>(d);
  scale_up<<<2, 64>>>(d);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
  printf("h[0] %d hash %llx\n", h[0], e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=strict=1
// RACE-EXIT: 67
// RACE-CHECK: ldcc: launch of 
// RACE-CHECK: ldcc: summary: no races found; 1 checked launch, 1 not checked
// RACE-CHECK:   not checked: 1 launch of 
