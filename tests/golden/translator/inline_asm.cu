// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// The check across blocks clones its kernels and rewrites their launches.
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Inline assembly in a kernel (here a raw bar.sync) or in a device
// function it calls: the translator cannot follow it, so those kernels are
// unchecked; a kernel without it is checked.
__device__ void raw_barrier() { asm volatile("bar.sync 0;" ::: "memory"); }

__global__ void with_asm(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  asm volatile("bar.sync 0;" ::: "memory");
  p[threadIdx.x] = s[31 - threadIdx.x];
}

__global__ void via_callee(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  raw_barrier();
  p[threadIdx.x] = s[31 - threadIdx.x];
}

__global__ void clean(int *p) { p[threadIdx.x] = 0; }

int main() {
  int *p = 0;
  with_asm<<<1, 32>>>(p);
  via_callee<<<1, 32>>>(p);
  clean<<<1, 32>>>(p);
  return 0;
}

// PLAN: KERNEL name=with_asm checked=no reason="inline assembly" at=11:17 global=no global_reason="inline assembly"
// PLAN-NEXT: KERNEL name=via_callee checked=no reason="inline assembly" at=18:17 global=no global_reason="inline assembly"
// PLAN-NEXT: KERNEL name=clean checked=yes at=25:17 global=yes units=warps writes=p
// PLAN-NEXT: TARGET kernel=with_asm space=global name=p at=11:31 written=yes
// PLAN-NEXT: TARGET kernel=with_asm space=shared name=s at=12:18 written=yes
// PLAN-NEXT: TARGET kernel=via_callee space=global name=p at=18:33 written=yes
// PLAN-NEXT: TARGET kernel=via_callee space=shared name=s at=19:18 written=yes
// PLAN-NEXT: TARGET kernel=clean space=global name=p at=25:28 written=yes
// PLAN-NEXT: LAUNCH kernel=with_asm at=29:3
// PLAN-NEXT: LAUNCH kernel=via_callee at=30:3
// PLAN-NEXT: LAUNCH kernel=clean at=31:3
// PLAN-NEXT: OWN kernel=clean proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/inline_asm.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_clean(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[threadIdx.x]), 25) = 0; }{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&clean))>::run(__ldcc__gmeta(0), 0, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_clean<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else clean<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);{{$}}
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "clean", __ldcc_file, 25, 0, NULL, 0, 16, NULL, NULL, __ldcc_l0, 2, 0}, 1, __LDCC_GM_OWN, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 0, NULL, 13, __ldcc_o0},{{$}}
