// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: FileCheck %s --check-prefix=TEXT < %t.cu
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DETPLAN
// The direct one run (docs/global-check.md, "Direct one run"): a kernel
// whose only obstacles are atomics, fences, printf or clocks, whose
// written parameters are all claimed and whose atomics' addresses are
// based on claimed parameters gets the clone: plain accesses wrapped with
// their line, atomics' addresses in gatomic_claim with their scope
// (fences, atomicCAS/atomicExch with used results and block-scope atomics
// still go to the inline message-passing checks, warp_facts.c).  An
// atomic on anything else keeps the kernel unchecked with its reason.
#include <cstdio>

__device__ int total;

__global__ void counts(int *cnt, int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&cnt[in[i] & 7], 1);
  atomicMax_system(cnt + 8, in[i]);
  atomicOr(out, i);
  out[i + 1] = in[i] + (int)(clock64() & 1);
  printf("%d\n", i);
}

__global__ void on_var(int *out) {
  atomicAdd(&total, 1);
  out[threadIdx.x] = 1;
}

__global__ void copied(int *cnt) {
  int *q = cnt + 1;
  atomicAdd(q, 1);
}

int main() {
  int *c = 0, *o = 0;
  counts<<<2, 32>>>(c, o, c);
  on_var<<<2, 32>>>(o);
  copied<<<2, 32>>>(c);
}

// PLAN: KERNEL name=counts {{.*}} global=yes units=warps writes=cnt,out one_run=cnt,out,in direct=yes atomics=3
// PLAN: KERNEL name=on_var {{.*}} global=no global_reason="atomic operations"
// PLAN: KERNEL name=copied {{.*}} global=no global_reason="atomic operations"
// PLAN: OWN kernel=counts proved=no reason="direct one run"
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (&cnt[(*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 18)) & 7]), 1, 18), 1);
// TEXT: atomicMax_system(__ldcc::gatomic_claim(__ldcc_gi, 0, (cnt + 8), 3, 19), (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 19)));
// TEXT: atomicOr(__ldcc::gatomic_claim(__ldcc_gi, 1, (out), 1, 20), i);
// TEXT: (*__ldcc::gput(__ldcc_gi, 1, &(out[i + 1]), 21)) = (*__ldcc::gget(__ldcc_gi, 2, &(in[i]), 21)) + (int)(clock64() & 1);
// TEXT: {__LDCC_GLOBAL_ABI, 1, {{.*}}"counts"{{.*}}, 3, __LDCC_GM_DIRECT,
// DETPLAN: KERNEL name=counts {{.*}} global=no
