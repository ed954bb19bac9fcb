// A race-free in-place update across many blocks (issue 5): every launch
// rewrites each element from itself and a read-only table, 1024 blocks of
// 256 threads and no block barrier, so 8192 warps are the units.  The
// fixed twin runs with the default number of copies (the cost model's: for
// this 1 MB array two rounds of the reshuffling schedule per launch) and
// must print what the nvcc build prints, bit for bit.  The "racy" twin is the same race-free
// program run with two copies (global_inplace_many.race.env:
// max_copies=2, thirteen rounds): it must report nothing, and check its
// result against the host's (exit status 0, global_inplace_many.race.exit).
// Every update must have been applied exactly once.
#include "e2e.h"

__global__ void update(int *a, const int *table, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * 3 + table[i % 7] - (i >> 4);
}

int main() {
  const int n = 1024 * 256;
  static int h[1024 * 256], want[1024 * 256];
  const int table[7] = {5, -3, 11, 0, 7, 2, -9};
  for (int i = 0; i < n; i++)
    h[i] = want[i] = i % 1013;
  int *d = e2e_to_device(h, n), *dt = e2e_to_device(table, 7);
  for (int rep = 0; rep < 3; rep++) {
    update<<<n / 256, 256>>>(d, dt, n);
    for (int i = 0; i < n; i++)
      want[i] = want[i] * 3 + table[i % 7] - (i >> 4);
  }
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += h[i] != want[i];
  printf("a[1] %d a[%d] %d hash %llx %s\n", h[1], n - 1, h[n - 1],
         e2e_hash(h, sizeof h), bad ? "result WRONG" : "result ok");
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-ENV: LDCC_OPTIONS=max_copies=2
// RACE-EXIT: 0
// RACE-CHECK: result ok
// RACE-CHECK: ldcc: summary: no races found
// RACE-CHECK-NOT: race on
// RACE-CHECK-NOT: result WRONG
// RACE-CHECK-NOT: not checked
