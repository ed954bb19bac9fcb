// A generic kernel launched only through launchers that forward a
// __device__ lambda (`for_each(n, [=] __device__(int i) {...})`, the
// kernel and the launchers in a header): the launch's argument is the
// launcher's parameter, so the translator judges the lambdas of the
// launcher's calls (writes.c functor_arg); before, the kernel was "not
// checked: calls parameter f, a functor or lambda no launch in this file
// shows".  Fixed twin: a shifted, damped copy out of place (equal to the
// nvcc build, bit for bit).  Racy twin (-DE2E_RACE): in place, so thread i
// writes a[i + 1] while thread i + 1 (of the same or the next block, or
// the grid-stride loop's next pass) reads it: a read-write race on the
// memory behind the capture.
#include "e2e.h"
#include "lambda_launcher.cuh"

int main() {
  const int w = 64, h = 96, n = w * h;
  static float host[64 * 96 + 1];
  for (int i = 0; i <= n; i++)
    host[i] = (float)((i * 37) % 101);
  float *a = e2e_to_device(host, n + 1);
  float *b = e2e_to_device(host, n + 1);
  for_each_pixel(w, h, [=] __device__(int i) { b[i] = 0.f; });
#ifdef E2E_RACE
  float *src = a, *dst = a;
#else
  float *src = a, *dst = b;
#endif
  for_each(n, [=] __device__(int i) { dst[i + 1] = 0.5f * src[i] + 1.0f; });
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(host, dst, n + 1);
#ifndef E2E_RACE
  printf("out[1] %.9g out[%d] %.9g hash %llx\n", host[1], n, host[n],
         e2e_hash(host, sizeof host));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: read-write race on global memory f+
// RACE-CHECK: in kernel for_each_kernel
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
