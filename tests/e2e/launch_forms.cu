// Launches in the forms that used to run unchecked, silently
// (docs/translator.md, "Launches"): a cudaLaunchKernel written inside
// E2E_CHECK(...), a <<<>>> launch written inside a variadic macro's
// argument, and a launch of a kernel after its prototype but before its
// definition.  mark and spread have no barrier: they are checked across
// blocks with warp units (one warp per block).  rows, launched before its
// definition, has a shared tile and a barrier: the shared-memory replay
// checks its warps and, composed with it, the check across blocks compares
// its blocks (units are blocks).  Racy twin (-DE2E_RACE): every block of
// mark writes flag[0] and every block of spread writes slot[0], each its
// own value, and the last thread of each block of rows also writes the
// first slot of the next block: three write-write races across blocks
// (rows' shared tile stays race-free).  The fixed twin prints the nvcc
// build's results bit for bit.
#include "e2e.h"

#define T 64
#define TIMED(...)                                                             \
  do {                                                                         \
    __VA_ARGS__;                                                               \
    E2E_CHECK(cudaGetLastError());                                             \
  } while (0)

__global__ void rows(const int *in, int *out);

__global__ void mark(int *out, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * 5 + 1;
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    flag[0] = blockIdx.x + 1;
#else
  if (threadIdx.x == 0)
    flag[blockIdx.x] = blockIdx.x + 1;
#endif
}

__global__ void spread(int *vals, int *slot) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vals[i] = vals[i] * 2 + 3;
#ifdef E2E_RACE
  if (threadIdx.x == 0)
    slot[0] = blockIdx.x + 11;
#else
  if (threadIdx.x == 0)
    slot[blockIdx.x] = blockIdx.x + 11;
#endif
}

int main() {
  const int nblocks = 8, n = nblocks * 32, rblocks = 16, rn = rblocks * T;
  static int h[8 * 32], f[8], s[8], hi[16 * T], ho[16 * T];
  int *d, *df, *ds;
  E2E_CHECK(cudaMalloc(&d, n * sizeof(int)));
  E2E_CHECK(cudaMalloc(&df, nblocks * sizeof(int)));
  E2E_CHECK(cudaMalloc(&ds, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(df, 0, nblocks * sizeof(int)));
  E2E_CHECK(cudaMemset(ds, 0, nblocks * sizeof(int)));
  void *margs[] = {&d, &df};
  E2E_CHECK(cudaLaunchKernel((const void *)mark, dim3(nblocks), dim3(32), margs,
                             0, 0));
  TIMED(spread<<<nblocks, 32>>>(d, ds));
  e2e_to_host(h, d, n);
  e2e_to_host(f, df, nblocks);
  e2e_to_host(s, ds, nblocks);
  printf("out[%d] %d flags %d %d slots %d %d hash %llx\n", n - 1, h[n - 1],
         f[1], f[7], s[1], s[7], e2e_hash(h, sizeof h));

  for (int i = 0; i < rn; i++)
    hi[i] = (i * 7919) % 1009;
  int *in = e2e_to_device(hi, rn), *out;
  E2E_CHECK(cudaMalloc(&out, rn * sizeof(int)));
  E2E_CHECK(cudaMemset(out, 0, rn * sizeof(int)));
  rows<<<rblocks, T>>>(in, out);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(ho, out, rn);
  e2e_print_ints(ho, rn);
  return 0;
}

__global__ void rows(const int *in, int *out) {
  __shared__ int tile[T];
  int b = blockIdx.x, t = threadIdx.x, i = b * T + t;
  tile[t] = in[i] * 3 + 1;
  __syncthreads();
  out[i] = tile[T - 1 - t];
#ifdef E2E_RACE
  if (t == T - 1 && b + 1 < gridDim.x)
    out[(b + 1) * T] = tile[0] + 7;
#endif
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// NOPROOF
// RACE-CHECK: ldcc: write-write race on global memory flag[0] in kernel mark
// RACE-CHECK: launched at launch_forms.cu:60
// RACE-CHECK: ldcc: write-write race on global memory slot[0] in kernel spread
// RACE-CHECK: launched at launch_forms.cu:62
// RACE-CHECK: ldcc: write-write race on global memory out[
// RACE-CHECK: in kernel rows
// RACE-CHECK: launched at launch_forms.cu:74
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: on shared variable
// RACE-CHECK-NOT: race through registers
