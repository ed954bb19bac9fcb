// A pointer inside a struct parameter (issue 5).  It used to leave the
// kernel unchecked across blocks ("pointer inside parameter s"): the clone
// could not shift it.  Now the runtime finds the pointer in the argument's
// bytes and the clone patches it (global_struct_fields.cu): the launch is
// checked, its result still equals the nvcc build's (every element
// incremented exactly once per launch: the copies' passes never reach the
// program's memory twice).  The "racy" twin is the same race-free program:
// checked, no race, nothing "not checked" (exit status 0).
#include "e2e.h"

struct span {
  int *data;
  long long n; /* no padding: see global_struct_fields.cu */
};

__global__ void add_one(span s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.n)
    s.data[i] += 1;
}

int main() {
  const int n = 4096;
  static int h[4096];
  for (int i = 0; i < n; i++)
    h[i] = i;
  span s = {e2e_to_device(h, n), n};
  add_one<<<n / 128, 128>>>(s);
  add_one<<<n / 128, 128>>>(s);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, s.data, n);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += h[i] != i + 2;
  printf("a[0] %d a[%d] %d %s\n", h[0], n - 1, h[n - 1],
         bad ? "applied WRONG" : "applied once");
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-EXIT: 0
// RACE-ENV: LDCC_OPTIONS=verbosity=1
// RACE-CHECK: applied once
// RACE-CHECK: ldcc: launch of add_one at global_struct.cu:
// RACE-CHECK: checked across warps
// RACE-CHECK-NOT: applied WRONG
// RACE-CHECK-NOT: race on
// RACE-CHECK-NOT: not checked
