// __device__ counters and flags that only the device functions a kernel
// calls use (error counting in a checking helper, a work list's size in a
// push helper): the direct one run clones the helpers and claims those
// uses by address.  Before session 47 such kernels were "not checked
// across blocks: writes __device__ variable numErrors (also used in
// check_data)".  Racy twin (-DE2E_RACE): plain `numErrors++` and an
// unguarded flag, and `wl[wl_size++] = v` instead of atomics.
#include "e2e.h"
#include "helper_counters.cuh"
#include <algorithm>

int main() {
  const int n = 4096;
  static int h[4096], hw[4096];
  for (int i = 0; i < n; i++)
    h[i] = i % 97 == 5 ? 3 : 1;
  int *d = e2e_to_device(h, n);
  test_kernel<<<n / 128, 128>>>(d, 1, 7);
  E2E_CHECK(cudaGetLastError());
  unsigned *dn, hn = 0;
  E2E_CHECK(cudaMalloc(&dn, sizeof *dn));
  get_num_errors<<<1, 1>>>(dn);
  e2e_to_host(&hn, dn, 1);
  printf("errors %u\n", hn);

  for (int i = 0; i < n; i++)
    h[i] = (int)((unsigned)i * 2654435761u % 1000u);
  int *din = e2e_to_device(h, n), *dwl;
  E2E_CHECK(cudaMalloc(&dwl, n * sizeof(int)));
  collect<<<n / 256, 256>>>(dwl, din, n);
  E2E_CHECK(cudaGetLastError());
  int size = 0;
  E2E_CHECK(cudaMemcpyFromSymbol(&size, wl_size, sizeof size));
  e2e_to_host(hw, dwl, size);
  std::sort(hw, hw + size); // the list's order is the atomics'
  printf("work list %d\n", size);
  e2e_print_ints(hw, size);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory numErrors
// RACE-CHECK: in kernel test_kernel
// RACE-CHECK: on global memory wl_size
// RACE-CHECK: in kernel collect
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
