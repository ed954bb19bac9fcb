// The one run of the check across blocks (docs/global-check.md): a launch
// whose pointers into written memory are all claimed (every use an access
// to one element) runs once, each access claiming its words for its unit.
// scatter is race-free and takes it (no copies).  In the racy twin: place
// stores two different values to one element from two blocks' warps, so
// the run sees the clash, puts the memory back and the copies find the
// write-write race; shift_direct's out and in point into one allocation
// (out = a + 1): its claimed reads clash with the next warp's stores, and
// the copies find the read-write race; shift_view reads through a local
// pointer it moves (in is not claimed), so with out = b + 1 aliasing it the launch
// does not take the run at all and the copies find that race too.  spread,
// race-free in both twins, has every warp read the same four words of the
// allocation it stores to (several readers share a word without a clash)
// and takes the run.  The fixed twin gives place a permutation and the
// shifts separate buffers.
#include "e2e.h"

#define B 128
#define NB 64

__global__ void scatter(float *out, const float *in) {
  int i = blockIdx.x * B + threadIdx.x;
  out[i] = in[i] * 2.0f + 1.0f;
}

__global__ void place(int *out, const int *idx) {
  int i = blockIdx.x * B + threadIdx.x;
  out[idx[i]] = i;
}

__global__ void shift_direct(float *out, const float *in) {
  int i = blockIdx.x * B + threadIdx.x;
  out[i] = in[i] * 3.0f + 1.0f;
}

__global__ void shift_view(float *out, const float *in) {
  int i = blockIdx.x * B + threadIdx.x;
  const float *q = in; q += i; // moved: no alias of in (not claimed)
  out[i] = *q * 2.0f + 5.0f;
}

__global__ void spread(float *a, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  a[n + i] = a[i % 4] * 2.0f;
}

int main() {
  const int n = NB * B;
  static float hf[2 * n], hs[n], hd[n + 1], hv[n + 1];
  static int hi[n], hp[n];
  for (int i = 0; i < 2 * n; i++)
    hf[i] = (float)(i % 97);
  for (int i = 0; i < n; i++)
    hi[i] = (int)((i * 7919u) % n); /* 7919 is odd: a permutation of 2^13 */
#ifdef E2E_RACE
  hi[5 * B + 3] = hi[40 * B + 9]; /* blocks 5 and 40 store to one element */
#endif
  float *in = e2e_to_device(hf, n), *out, *a = e2e_to_device(hf, n + 1),
        *b = e2e_to_device(hf, n + 1), *da, *db;
  int *idx = e2e_to_device(hi, n), *pos;
  E2E_CHECK(cudaMalloc(&out, n * sizeof(float)));
  E2E_CHECK(cudaMalloc(&pos, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&da, (n + 1) * sizeof(float)));
  E2E_CHECK(cudaMalloc(&db, (n + 1) * sizeof(float)));
  scatter<<<NB, B>>>(out, in);
  E2E_CHECK(cudaGetLastError());
  E2E_CHECK(cudaMemset(pos, 0, n * sizeof(int)));
  place<<<NB, B>>>(pos, idx);
  E2E_CHECK(cudaGetLastError());
#ifdef E2E_RACE
  da = a + 1;
  db = b + 1;
#endif
  shift_direct<<<NB, B>>>(da, a);
  E2E_CHECK(cudaGetLastError());
  shift_view<<<NB, B>>>(db, b);
  E2E_CHECK(cudaGetLastError());
  float *sp = e2e_to_device(hf, 2 * n);
  spread<<<NB, B>>>(sp, n);
  E2E_CHECK(cudaGetLastError());
  static float hsp[2 * n];
  e2e_to_host(hsp, sp, 2 * n);
  e2e_to_host(hs, out, n);
  e2e_to_host(hp, pos, n);
  e2e_to_host(hd, da, n);
  e2e_to_host(hv, db, n);
#ifndef E2E_RACE
  printf("scatter %g %g hash %llx place hash %llx shifts %llx %llx\n", hs[0],
         hs[n - 1], e2e_hash(hs, sizeof hs), e2e_hash(hp, sizeof hp),
         e2e_hash(hd, n * sizeof(float)), e2e_hash(hv, n * sizeof(float)));
#endif
  printf("spread %g %g hash %llx\n", hsp[n], hsp[2 * n - 1],
         e2e_hash(hsp, sizeof hsp));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-ENV: LDCC_OPTIONS=verbosity=1:proofs=0
// RACE-CHECK: ldcc: launch of scatter at global_one_run.cu:65 checked across warps in one run: 256 units, none touched a word another stored to
// RACE-CHECK: ldcc: launch of place at global_one_run.cu:68: in one run two warps touched a word one of them stored to; memory put back, checking it with copies
// RACE-CHECK: ldcc: write-write race on global memory
// RACE-CHECK: in kernel place
// RACE-CHECK: ldcc: launch of shift_direct at global_one_run.cu:74: in one run two warps touched a word one of them stored to; memory put back, checking it with copies
// RACE-CHECK: in kernel shift_direct
// RACE-CHECK: ldcc: launch of shift_view at global_one_run.cu:76 checked across warps: 256 units
// RACE-CHECK: in kernel shift_view
// RACE-CHECK: ldcc: launch of spread at global_one_run.cu:79 checked across warps in one run: 256 units, none touched a word another stored to
// RACE-CHECK: spread 0 6 hash
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: place at global_one_run.cu:68 checked across warps in one run
// RACE-CHECK-NOT: shift_direct at global_one_run.cu:74 checked across warps in one run
// RACE-CHECK-NOT: shift_view at global_one_run.cu:76 checked across warps in one run
// RACE-CHECK-NOT: shift_view at global_one_run.cu:76: in one run
// RACE-CHECK-NOT: spread at global_one_run.cu:79: in one run
