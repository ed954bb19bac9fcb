// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// The check across blocks routes its launches (TEXT below).
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Global targets: pointer parameters to non-const memory are listed,
// written=yes only when the kernel (possibly through a callee) writes
// through them; const pointers are not targets.  __device__ variables the
// kernel uses are global targets; __constant__ ones are not.
struct pair {
  int a, b;
};

__device__ int counter;
__device__ int limit;
__constant__ int table[4];

__device__ void store(int *dst, int v) { *dst = v; }
__device__ int load(const int *src) { return *src; }

__global__ void params(int *subscript, int *deref, pair *arrow,
                       int *atomic, int *passed, int *read_only,
                       const int *in, int *const_passed, float *cast) {
  int i = threadIdx.x;
  subscript[i] = in[i];
  *deref = 1;
  arrow->b = 2;
  atomicAdd(atomic, 1);
  store(passed + i, read_only[i]);
  deref[1] += load(const_passed) + table[i % 4];
  ((int *)cast)[i] = 0;
  counter++;
  if (read_only[0] > limit)
    return;
}

int main() {
  int *p = 0;
  params<<<1, 32>>>(p, p, 0, p, p, p, p, p, 0);
  return 0;
}

// PLAN: KERNEL name=params checked=yes at=21:17 global=yes units=warps writes=subscript,deref,arrow,atomic,passed,cast,counter vars=::counter one_run=subscript,deref,arrow,atomic,passed,read_only,in,const_passed,cast,counter direct=yes atomics=1
// PLAN-NEXT: TARGET kernel=params space=global name=counter at=14:16 written=yes
// PLAN-NEXT: TARGET kernel=params space=global name=limit at=15:16 written=no
// PLAN-NEXT: TARGET kernel=params space=global name=subscript at=21:29 written=yes
// PLAN-NEXT: TARGET kernel=params space=global name=deref at=21:45 written=yes
// PLAN-NEXT: TARGET kernel=params space=global name=arrow at=21:58 written=yes
// PLAN-NEXT: TARGET kernel=params space=global name=atomic at=22:29 written=yes
// PLAN-NEXT: TARGET kernel=params space=global name=passed at=22:42 written=yes
// PLAN-NEXT: TARGET kernel=params space=global name=read_only at=22:55 written=no
// PLAN-NEXT: TARGET kernel=params space=global name=const_passed at=23:44 written=no
// PLAN-NEXT: TARGET kernel=params space=global name=cast at=23:65 written=yes
// PLAN-NEXT: LAUNCH kernel=params at=39:3
// PLAN-NEXT: OWN kernel=params proved=no reason="direct one run"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/global_params.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT: {{^}}  __ldcc::gset(__ldcc_gi, 8, &(((int *)cast)[i]), 31) = 0;{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&params))>::run(__ldcc__gmeta(0), 0, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_params<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else params<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p, p, 0, p, p, p, p, p, 0);{{$}}
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "params", __ldcc_file, 21, 0, NULL, 0, 16, NULL, NULL, __ldcc_l0, 2, 0}, 9, __LDCC_GM_DIRECT, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 1, __ldcc_v0, 0, NULL},{{$}}

// The store through a cast (`((int *)cast)[i]`) is claimed by its address
// in the direct one run (session 43; it left the kernel unchecked across
// blocks).
