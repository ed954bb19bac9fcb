// A program none of whose launches was checked (issue 23): it launches
// template kernels (foreign_kernels.cuh) through function pointers to their
// instances, which ldcc can neither rewrite nor find.  Before, such a run printed no ldcc line at all, which reads
// as "no races"; now the runtime's launch wrappers count every launch and
// the summary says that nothing was checked, and why.  The racy twin has
// the same kernels: nothing can be reported, and it exits 0.
#include "e2e.h"
#include "foreign_kernels.cuh"

int main() {
  const int n = 4 * 64;
  static int h[4 * 64];
  int *d;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  // A table of kernel instances, as a dispatcher over types writes it.
  void (*fill_int)(int *, int) = fill<int>;
  void (*bump_int)(int *) = bump<int>;
  fill_int<<<4, 64>>>(d, 5);
  bump_int<<<4, 64>>>(d);
  bump_int<<<4, 64>>>(d);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, d, n);
  printf("h[0] %d h[%d] %d hash %llx\n", h[0], n - 1, h[n - 1],
         e2e_hash(h, sizeof h));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-EXIT: 0
// RACE-CHECK: ldcc: launch of 
// RACE-CHECK: not checked: kernel not translated
// RACE-CHECK: ldcc: summary: no launch was checked; 3 launches not checked
// RACE-CHECK:   not checked: 1 launch of 
// RACE-CHECK:   not checked: 2 launches of 
