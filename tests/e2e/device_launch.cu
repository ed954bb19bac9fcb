// A kernel launched from device code (dynamic parallelism, -rdc=true).
// The host launches the smoothing step itself once, and once through a
// driver kernel whose first thread launches it, as code that picks its grid
// on the device does.  The host launch is checked; the device-side one
// cannot be (the child grid runs the original kernel), so the driver's
// launch says "not checked across blocks" with the reason, and the summary
// counts it.  Before, clang's device-side launch configuration
// (cudaLaunchDevice) went unrecognised: the child counted as a function the
// driver calls and the driver's launch as checked, in silence.  The racy
// twin smooths in place (each element reads its neighbour, which another
// block writes): the host launch reports it.
#include "e2e.h"

__global__ void smooth(int *a, const int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) {
#ifdef E2E_RACE
    a[i] = (a[i] + a[i + 1]) / 2;
#else
    a[i] = (b[i] + b[i + 1]) / 2;
#endif
  }
}

__global__ void driver(int *a, const int *b, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    smooth<<<(n + 127) / 128, 128>>>(a, b, n);
}

int main() {
  const int n = 128 * 32;
  static int h[128 * 32];
  for (int i = 0; i < n; i++)
    h[i] = (i * 37) % 101;
  int *a = e2e_to_device(h, n);
  int *b = e2e_to_device(h, n);
  smooth<<<n / 128, 128>>>(a, b, n);
  driver<<<1, 32>>>(a, b, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(h, a, n);
#ifndef E2E_RACE
  printf("a[0] %d a[%d] %d hash %llx\n", h[0], n - 2, h[n - 2],
         e2e_hash(h, sizeof h));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// FLAGS: -rdc=true
// RACE-CHECK: ldcc: read-write race on global memory a[
// RACE-CHECK: in kernel smooth
// RACE-CHECK: kernel launch inside a kernel (the launched grid runs unchecked)
// RACE-CHECK: ldcc: summary:
