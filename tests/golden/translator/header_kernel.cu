// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// The check across blocks clones its kernels and rewrites their launches.
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -Xcompiler -iquote -Xcompiler %S -c %t.cu -o %t.o
// A user header's kernel is translated with the file (issue 23); this one
// uses a file-scope shared variable: it joins the replay's layout.
#include "Inputs/header_kernel.h"

__global__ void local(int *p) { p[0] = 1; }

int main() {
  int *p = 0;
  from_header<<<1, 32>>>(p);
  local<<<1, 1>>>(p);
  return 0;
}

// PLAN: KERNEL name=from_header checked=yes at=header_kernel.h:4:17 global=yes units=blocks writes=p one_run=p
// PLAN-NEXT: KERNEL name=local checked=yes at=10:17 global=yes units=warps writes=p one_run=p
// PLAN-NEXT: TARGET kernel=from_header space=shared name=header_shared at=header_kernel.h:3:16 written=yes
// PLAN-NEXT: TARGET kernel=from_header space=global name=p at=header_kernel.h:4:34 written=yes
// PLAN-NEXT: TARGET kernel=from_header space=shared name=s at=header_kernel.h:5:18 written=yes
// PLAN-NEXT: TARGET kernel=local space=global name=p at=10:28 written=yes
// PLAN-NEXT: BARRIER kernel=from_header form=__syncthreads at=header_kernel.h:8:3
// PLAN-NEXT: LAUNCH kernel=from_header at=14:3
// PLAN-NEXT: LAUNCH kernel=local at=15:3
// PLAN-NEXT: SITE kernel=from_header id=0 at=header_kernel.h:4:17 form=entry
// PLAN-NEXT: SITE kernel=from_header id=1 at=header_kernel.h:8:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=from_header id=2 at=header_kernel.h:10:1 form=exit
// PLAN-NEXT: COPIES kernel=from_header scratch=lazy
// PLAN-NEXT: PROOF kernel=from_header proved=yes bounds=x<=extent(header_shared,0),x<=extent(s,0),y=1,z=1
// PLAN-NEXT: OWN kernel=from_header proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=local proved=yes conds="1*(blockDim.x-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/header_kernel.cu"{{$}}
// TEXT-NEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT: {{^}}#line 1 "{{/.*}}/Inputs/header_kernel.h"{{$}}
// TEXT: {{^}}__global__ void from_header(int *p) {{{$}}
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_from_header(int *p, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) {{.*}}
// TEXT-NEXT: {{^}}  typedef __ldcc_layout_from_header __ldcc_L;{{$}}
// TEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &((__ldcc_p->header_shared)[threadIdx.x]))) = 1;{{$}}
// TEXT: {{^}}#line 8 "{{.*}}/header_kernel.cu"{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_local(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); __ldcc::gset(__ldcc_gi, 0, &(p[0]), 10) = 1; }{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&from_header))>::run(__ldcc__gmeta(0), 0, 1, 32, {{.*}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&local))>::run(__ldcc__gmeta(1), 0, 1, 1, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_local<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a..., *__ldcc_l__gi); else local<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, p);{{$}}
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "local", __ldcc_file, 10, 0, NULL, 0, 16, NULL, NULL, __ldcc_l1, 2, 0}, 1, __LDCC_GM_OWN, __ldcc_n1, __ldcc_f1, __ldcc_p1, NULL, 0, NULL, 12, __ldcc_o1},{{$}}
