// Local pointers into a parameter's memory, the way llm.c and most
// hand-written kernels address a row (`float *dwte_ix = dwte + ix * C + c;`,
// `const float *src = &in[row * n];`): accesses and atomics through such an
// alias are claimed as the parameter's (docs/global-check.md, "One run"),
// so these kernels are checked across blocks: before, an atomic through a
// local pointer was "atomic operations" (no check across blocks) and a
// plain store through one kept the launch from the one run.
//   encoder_backward: the embedding gradient; tokens repeat, so two units
//     add into one row.  Fixed: atomicAdd through the alias.  Racy: `+=`
//     through the alias (a lost update between units).
//   scale_rows: one block a row, through row pointers.  Fixed: row b at b *
//     n.  Racy: rows start n - 1 apart, so each block's last element is
//     the next block's first (a write-write race between blocks).
// The values are small integers, so the atomic sums are exact and the
// fixed twin prints nvcc's output bit for bit.
#include "e2e.h"

#define B 4
#define T 64
#define C 32
#define V 8

__global__ void encoder_backward(float *dwte, float *dwpe, const float *dout,
                                 const int *inp, int b_, int t_, int c_) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int n = b_ * t_ * c_;
  if (idx < n) {
    int bt = idx / c_;
    int b = bt / t_;
    int t = bt % t_;
    int c = idx % c_;
    int ix = inp[b * t_ + t];
    const float *dout_btc = dout + b * t_ * c_ + t * c_ + c;
    float *dwte_ix = dwte + ix * c_ + c;
    float *dwpe_tc = dwpe + t * c_ + c;
#ifdef E2E_RACE
    *dwte_ix += *dout_btc;
#else
    atomicAdd(dwte_ix, *dout_btc);
#endif
    atomicAdd(dwpe_tc, *dout_btc);
  }
}

__global__ void scale_rows(float *out, const float *in, int n) {
#ifdef E2E_RACE
  float *row = out + blockIdx.x * (n - 1);
#else
  float *row = out + blockIdx.x * n;
#endif
  const float *src = &in[blockIdx.x * n];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    row[i] = 2.0f * src[i] + (float)blockIdx.x;
}

int main() {
  static float hdout[B * T * C], hwte[V * C], hwpe[T * C], hrows[B * T * C];
  static int hinp[B * T];
  for (int i = 0; i < B * T * C; i++)
    hdout[i] = (float)(i % 5);
  for (int i = 0; i < B * T; i++)
    hinp[i] = (i * 3) % V;
  float *dout = e2e_to_device(hdout, B * T * C);
  float *dwte = e2e_to_device(hwte, V * C), *dwpe = e2e_to_device(hwpe, T * C);
  float *rows = e2e_to_device(hrows, B * T * C);
  int *inp = e2e_to_device(hinp, B * T);
  encoder_backward<<<B * T * C / 128, 128>>>(dwte, dwpe, dout, inp, B, T, C);
  scale_rows<<<B * T, 32>>>(rows, dout, C);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(hwte, dwte, V * C);
  e2e_to_host(hwpe, dwpe, T * C);
  e2e_to_host(hrows, rows, B * T * C);
#ifndef E2E_RACE
  printf("wte %g %g hash %llx wpe hash %llx rows %g hash %llx\n", hwte[0],
         hwte[V * C - 1], e2e_hash(hwte, sizeof hwte),
         e2e_hash(hwpe, sizeof hwpe), hrows[B * T * C - 1],
         e2e_hash(hrows, sizeof hrows));
#endif
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: on global memory dwte[
// RACE-CHECK: in kernel encoder_backward
// RACE-CHECK: write-write race on global memory out[
// RACE-CHECK: in kernel scale_rows
// RACE-CHECK: ldcc: summary:
// RACE-CHECK-NOT: not checked
