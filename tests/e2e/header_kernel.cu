// A kernel and its launcher defined in a header (header_kernel.cuh): the
// header is translated with this file, so its kernel is checked like one
// written here, and its report names the header's lines in the header
// (issue 23): the statement at header_kernel.cuh:11, the launch at :19.
#include "header_kernel.cuh"

int main() {
  const int blocks = 64, n = blocks * 128;
  static int h[64 * 128], out[64 * 128];
  for (int i = 0; i < n; i++)
    h[i] = (i * 29) % 97 - 40;
  int *d_in = e2e_to_device(h, n), *d_out;
  E2E_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  rotate_all(d_in, d_out, blocks);
  e2e_to_host(out, d_out, n);
  long long sum = 0;
  for (int i = 0; i < n; i++)
    sum += out[i];
  printf("sum %lld first %d hash %llx\n", sum, out[0],
         e2e_hash(out, sizeof out));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: read-write race
// RACE-CHECK: in kernel rotate_block
// RACE-CHECK: launched at header_kernel.cuh:19
// RACE-CHECK-NOT: header_kernel.cu:
// RACE-CHECK: ldcc: summary:
// DET
// DET-CHECK-NOT: read-write race
