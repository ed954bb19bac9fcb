// Kernels in the style of HeCBench's lid-driven-cavity: the element type is
// a macro (`#define Real double`), parameters are `Real *__restrict__`, a
// file-scope `const Real omega = 1.7;` lies between the macro and the
// kernels, and cells are reached through accessor macros (`p(I, J)`).
// Before, the clone's edits overlapped (the search for a default
// argument's `=` started at the macro's definition and found omega's) and
// every such kernel ran unchecked ("constructs the clone cannot combine").
//   set_bcs: boundary cells from their neighbours (one writer each).
//   red_sweep: one colour of a red-black relaxation.  Fixed: only cells with
//     (row + col) even are updated, from their neighbours, which are all
//     black.  Racy: the colour test is gone, so a cell's neighbours in the
//     rows above and below (other blocks) are stored to in the same launch
//     (a read-write race between blocks).
#include "e2e.h"

#define NUM 64
#define Real double
#define ZERO 0.0
#define ONE 1.0

const Real omega = 1.7;

#define p(I, J) p[((I) * ((NUM) + 2)) + (J)]

__global__ void set_bcs(Real *__restrict__ p) {
  int ind = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (ind <= NUM) {
    p(0, ind) = p(1, ind);
    p(NUM + 1, ind) = ZERO;
  }
}

__global__ void red_sweep(const Real *__restrict__ rhs, Real *__restrict__ p,
                          Real scale = ONE) {
  int row = blockIdx.x + 1, col = threadIdx.x + 1;
#ifndef E2E_RACE
  if ((row + col) % 2)
    return;
#endif
  p(row, col) = (ONE - omega) * p(row, col) +
                scale * omega * 0.25 *
                    (p(row - 1, col) + p(row + 1, col) + p(row, col - 1) +
                     p(row, col + 1) - rhs[row * (NUM + 2) + col]);
}

int main() {
  const int n = (NUM + 2) * (NUM + 2);
  static Real hp[n], hr[n];
  for (int i = 0; i < n; i++) {
    hp[i] = (Real)(i % 7) * 0.5;
    hr[i] = (Real)(i % 3) * 0.25;
  }
  Real *p = e2e_to_device(hp, n), *rhs = e2e_to_device(hr, n);
  set_bcs<<<NUM / 32, 32>>>(p);
  red_sweep<<<NUM, NUM>>>(rhs, p);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hp, p, n);
#ifndef E2E_RACE
  printf("p %.17g %.17g hash %llx\n", hp[NUM + 3], hp[n / 2],
         e2e_hash(hp, sizeof hp));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: read-write race on global memory p[
// RACE-CHECK: in kernel red_sweep
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
