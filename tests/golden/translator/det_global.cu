// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=CHECKMODE
// RUN: %ldcc-translate --deterministic %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -D__LDCC_DETERMINISTIC=1 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: env LDCC_NVCC=%fake-nvcc %ldcc --ldcc-deterministic -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN
// Deterministic builds, global side (docs/deterministic-global.md): the
// clone returns at once for units outside the round, accumulating atomics
// (atomicAdd/atomicSub on 32/64-bit integers, atomicAdd on floats and
// doubles, result unused, in the kernel) become __ldcc::gatomic_*, a kernel
// writing only through integer ones runs unchanged (floating-point sums
// take the clone, whose additions the runtime orders: __LDCC_GM_FLOAT_SUMS),
// and what the mode cannot make deterministic keeps the kernel unchanged
// with a det_reason and one warning.
#include <cstdio>
#include <cuda_fp16.h>

__device__ void bump(unsigned *c) { atomicAdd(c, 1u); }

// A histogram with a plain write in the same kernel: cloned, atomics
// rewritten (a statement, a for body, an if branch, a cast to void).
__global__ void hist(const int *in, unsigned *bins, unsigned long long *total,
                     int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&bins[in[i] & 15], 1u);
    for (int k = 0; k < 2; k++)
      atomicSub(&bins[16 + k], 1u);
    if (in[i] > 0)
      (void)atomicAdd(total, 1ull);
    out[i] = in[i] * 2;
  }
}

// Only accumulating atomics: runs unchanged, no warning.
__global__ void count_only(const int *in, unsigned *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i] & 15], 1u);
}

// One pass: printf and clocks are fine; block units keep a barrier.
__global__ void stamp(long long *out) {
  long long t = clock64();
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = t & 1;
    printf("block %d\n", blockIdx.x);
  }
}

__global__ void ticket(int *next, int *out) {
  int slot = atomicAdd(next, 1);
  out[slot] = blockIdx.x;
}

__global__ void fenced(int *out, int *flag) {
  out[blockIdx.x] = 1;
  __threadfence();
  flag[0] = 1;
}

__global__ void maxed(int *m, int *out) {
  atomicMax(m, 3);
  out[0] = 1;
}

__global__ void floats(float *sum, float *out) {
  atomicAdd(sum, 1.0f);
  out[0] = 1;
}

// Only floating-point sums: no plain store, but not atomic-only (float
// additions do not commute), so it takes the clone.
__global__ void float_only(const float *x, float *sum, double *total) {
  atomicAdd(sum, x[threadIdx.x]);
  atomicAdd(total, (double)x[threadIdx.x]);
}

// Half precision is not ordered.
__global__ void halves(__half *h, int *out) {
  atomicAdd(h, __float2half(1.0f));
  out[0] = 1;
}

// Pointers in a struct: a plain update through a field next to the
// atomics is no accumulation, so the kernel takes the clone (before, it
// was taken for atomics only and ran unchanged: not deterministic).
struct Counters {
  int *count;
};
__global__ void struct_counts(Counters c) {
  if (threadIdx.x % 2)
    (*c.count)++;
  else
    atomicAdd(c.count, 1);
}

__global__ void via_callee(unsigned *c, int *out) {
  bump(c);
  out[0] = 1;
}

template <class T> __global__ void generic(T *c, T *out) {
  atomicAdd(c, (T)1);
  out[0] = 1;
}

int main() {
  int *in = 0, *out = 0, *next = 0;
  unsigned *bins = 0;
  unsigned long long *total = 0;
  long long *t = 0;
  float *f = 0;
  hist<<<4, 64>>>(in, bins, total, out, 256);
  count_only<<<4, 64>>>(in, bins, 256);
  stamp<<<4, 64>>>(t);
  ticket<<<4, 64>>>(next, out);
  fenced<<<4, 64>>>(out, next);
  maxed<<<1, 32>>>(next, out);
  floats<<<1, 32>>>(f, f);
  float_only<<<1, 32>>>(f, f, (double *)f);
  halves<<<1, 32>>>((__half *)f, out);
  struct_counts<<<1, 64>>>(Counters{out});
  via_callee<<<1, 32>>>(bins, out);
  generic<<<1, 32>>>(bins, bins);
  return 0;
}

// PLAN: KERNEL name=hist checked=yes at=22:17 global=yes units=warps writes=bins,total,out det=yes det_atomics=3
// PLAN: KERNEL name=count_only checked=yes at={{.*}} global=no global_reason="only accumulating atomics" det=atomic-only
// PLAN: KERNEL name=stamp checked=yes at={{.*}} global=yes units=blocks writes=out one_run=out det=yes det_prints=1{{$}}
// PLAN: KERNEL name=ticket checked=yes at={{.*}} det=no det_reason="atomic whose result is used"
// PLAN: KERNEL name=fenced checked=yes at={{.*}} det=no det_reason="memory fence"
// PLAN: KERNEL name=maxed checked=yes at={{.*}} det=no det_reason="atomic other than atomicAdd or atomicSub"
// PLAN: KERNEL name=floats checked=yes at={{.*}} global=yes units=warps writes=sum,out det=yes det_atomics=1{{$}}
// PLAN: KERNEL name=float_only checked=yes at={{.*}} global=yes units=warps writes=sum,total det=yes det_atomics=2{{$}}
// PLAN: KERNEL name=halves checked=yes at={{.*}} det=no det_reason="atomic on a type other than a 32- or 64-bit integer, float or double"
// PLAN: KERNEL name=struct_counts checked=yes at={{.*}} global=yes units=warps writes=c det=yes det_atomics=1{{$}}
// PLAN: KERNEL name=via_callee checked=yes at={{.*}} det=no det_reason="atomic inside a device function"
// PLAN: KERNEL name=generic checked=yes at={{.*}} template {{.*}}det=no det_reason="atomic on a template-dependent type"

// Without --deterministic: no det= facts; atomics, printf and clocks take the
// direct one run (docs/global-check.md, "Direct one run").
// CHECKMODE-NOT: det=
// CHECKMODE: KERNEL name=hist {{.*}}global=yes {{.*}}direct=yes atomics=3{{$}}
// CHECKMODE: KERNEL name=count_only {{.*}}global=yes {{.*}}direct=yes atomics=1{{$}}
// CHECKMODE: KERNEL name=stamp {{.*}}global=yes {{.*}}direct=yes atomics=0 block_warps=1{{$}}
// An atomic helper's call is an atomic of its argument (atomic_helpers.c);
// a deterministic build still refuses it.
// CHECKMODE: KERNEL name=via_callee {{.*}}global=yes {{.*}}direct=yes atomics=1{{$}}
// An atomic a template leaves unresolved is an atomic in both modes.
// CHECKMODE: KERNEL name=generic {{.*}}global=yes {{.*}}direct=yes atomics=1{{$}}
// CHECKMODE-NOT: det=

// TEXT: __global__ void __ldcc_g_hist(const int *in, unsigned *bins, unsigned long long *total,
// TEXT-NEXT: int *out, int n, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, in, 0);
// TEXT: __ldcc::gatomic_add(__ldcc_gi, &bins[in[i] & 15], 1u);
// TEXT: __ldcc::gatomic_sub(__ldcc_gi, &bins[16 + k], 1u);
// TEXT: (void)__ldcc::gatomic_add(__ldcc_gi, total, 1ull);
// TEXT-NOT: __ldcc_g_count_only
// TEXT: __global__ void __ldcc_g_stamp(long long *out, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return;
// TEXT-NOT: __ldcc_g_ticket
// TEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(&hist))>::run(
// TEXT: count_only<<<4, 64>>>(in, bins, 256);
// TEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(&ticket))>::run({{.*}}, const __ldcc::global_info *, auto &...__ldcc_l__a) { ticket<<<
// TEXT: {__LDCC_GLOBAL_ABI, 1, {{.*}}"hist"{{.*}}, 5, __LDCC_GM_ACCUMULATES, __ldcc_n0,
// TEXT: {__LDCC_GLOBAL_ABI, 0, {{.*}}"stamp"{{.*}}, 1, __LDCC_GM_OWN | __LDCC_GM_PRINTF, __ldcc_n1,
// TEXT: "atomic whose result is used", 0, NULL, 0, NULL},
// TEXT: {{.*}}"floats"{{.*}}, 2, __LDCC_GM_ACCUMULATES | __LDCC_GM_FLOAT_SUMS,
// TEXT: {{.*}}"float_only"{{.*}}, 3, __LDCC_GM_ACCUMULATES | __LDCC_GM_FLOAT_SUMS,

// WARN-NOT: warning: {{.*}}'hist'
// WARN-NOT: warning: {{.*}}'count_only'
// WARN-NOT: warning: {{.*}}'stamp'
// WARN-NOT: warning: {{.*}}'floats'
// WARN-NOT: warning: {{.*}}'float_only'
// WARN: ldcc: warning: {{.*}}det_global.cu:{{[0-9]+}}: kernel 'ticket' cannot be made deterministic: atomic whose result is used
// WARN: ldcc: warning: {{.*}}det_global.cu:{{[0-9]+}}: kernel 'fenced' cannot be made deterministic: memory fence
// WARN-NOT: not checked across blocks
