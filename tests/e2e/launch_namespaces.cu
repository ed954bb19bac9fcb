// Kernels inside namespaces, launched through function pointers (issue 23):
// a solver's kernels in `namespace solver { namespace kernels { ... } }`
// and a helper kernel in an anonymous namespace, picked from a table at run
// time as public code does.  Such launches reach the runtime's launch
// wrappers, which find the kernel among the ones the file registered; the
// translator registered only kernels with no `namespace` before them, so
// these ran unchecked ("not checked: launched through a function the
// translator did not see").  Registrations now name the kernel with its
// namespaces (`(const void *)solver::kernels::relax`).  Racy twin
// (-DE2E_RACE): every block of relax writes flag[0] (a write-write race
// across blocks).
#include "e2e.h"

#ifdef E2E_RACE
#define E2E_SLOT 0 /* one slot for all blocks */
#else
#define E2E_SLOT blockIdx.x
#endif

namespace solver {
namespace kernels {
__global__ void relax(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = out[i] * 3 + i % 5;
  const int slot = E2E_SLOT;
  if (threadIdx.x == 31)
    flag[slot] = out[i] % 11;
}
} // namespace kernels

__global__ void init(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i;
  (void)flag;
}
} // namespace solver

namespace {
__global__ void finish(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] += flag[blockIdx.x];
}
} // namespace

typedef void (*step_fn)(int *, int *);

static const step_fn steps[] = {solver::init, solver::kernels::relax,
                                finish};

int main() {
  const int nblocks = 16, threads = 32, n = nblocks * threads;
  static int out[16 * 32], flags[16];
  int *d_out, *d_flags;
  E2E_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&d_flags, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(d_flags, 0, nblocks * sizeof(int)));
  for (const step_fn step : steps) {
    step<<<nblocks, threads>>>(d_out, d_flags);
    E2E_CHECK(cudaGetLastError());
  }
  e2e_to_host(out, d_out, n);
  e2e_to_host(flags, d_flags, nblocks);
  e2e_print_ints(out, n);
  e2e_print_ints(flags, nblocks);
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: ldcc: write-write race on global memory flag[0] in kernel relax
// RACE-CHECK: in 1 kernel; 3 checked launches
// RACE-CHECK-NOT: not checked
