// Stores with cache hints (`__stcs`, streaming; `__stcg`, global cache), as
// LLM kernels write their outputs: a store through the pointer it is given.
// The parser's prelude declares them (clang lacks them), which made them
// calls "defined in another file": the kernel was not checked across
// blocks.  Since session 16 they are writes through their first argument,
// and the check across blocks runs the kernel on per-unit copies.
// Racy twin (-DE2E_RACE): each block also writes a per-block total to a slot
// every block shares (the slot is not indexed by the block), so the blocks'
// stores to it clash.  Fixed: the slot is the block's own.
#include "e2e.h"

__global__ void residual_forward(float *out, float *totals, const float *a,
                                 const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, a[i] + b[i]);
  if (threadIdx.x == 0) {
    float t = 0;
    for (int j = 0; j < (int)blockDim.x && blockIdx.x * blockDim.x + j < n; j++)
      t += a[blockIdx.x * blockDim.x + j];
#ifdef E2E_RACE
    __stcg(&totals[0], t);
#else
    __stcg(&totals[blockIdx.x], t);
#endif
  }
}

int main() {
  const int n = 64 * 256, blocks = 64;
  static float ha[64 * 256], hb[64 * 256], out[64 * 256], totals[64];
  for (int i = 0; i < n; i++) {
    ha[i] = (float)((i * 37) % 101) * 0.5f;
    hb[i] = (float)((i * 13) % 17) - 8.0f;
  }
  float *da = e2e_to_device(ha, n), *db = e2e_to_device(hb, n), *dout, *dt;
  E2E_CHECK(cudaMalloc(&dout, sizeof out));
  E2E_CHECK(cudaMalloc(&dt, sizeof totals));
  E2E_CHECK(cudaMemset(dt, 0, sizeof totals));
  residual_forward<<<blocks, 256>>>(dout, dt, da, db, n);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(out, dout, n);
  e2e_to_host(totals, dt, blocks);
  printf("out %llx totals %llx\n", e2e_hash(out, sizeof out),
         e2e_hash(totals, sizeof totals));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: write-write race on global memory
// RACE-CHECK: in kernel residual_forward
// RACE-CHECK-NOT: not checked
// RACE-CHECK: ldcc: summary:
