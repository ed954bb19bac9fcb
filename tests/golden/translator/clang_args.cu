// Parser arguments after `--` reach libclang in order: -I finds the header,
// -D sizes the tile (without it the header's #error stops the translation).
// RUN: %ldcc-translate --dump-plan %s -- -I %S/Inputs -DTILE=8 | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu -- -I %S/Inputs -DTILE=8 -std=c++17
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -I %S/Inputs -DTILE=8 -c %t.cu -o %t.o
// RUN: not %ldcc-translate %s -- -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=NODEF
#include "args_helper.h"

__global__ void copy_tile(float *out) {
  __shared__ tile_t t;
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

// PLAN: KERNEL name=copy_tile checked=yes at=11:17
// PLAN-NEXT: TARGET kernel=copy_tile space=global name=out at=11:34 written=yes
// PLAN-NEXT: TARGET kernel=copy_tile space=shared name=t at=12:21 written=yes
// PLAN-NEXT: BARRIER kernel=copy_tile form=__syncthreads at=14:3
// PLAN-NEXT: SITE kernel=copy_tile id=0 at=11:17 form=entry
// PLAN-NEXT: SITE kernel=copy_tile id=1 at=14:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=copy_tile id=2 at=16:1 form=exit
// PLAN-NEXT: COPIES kernel=copy_tile scratch=lazy
// PLAN-NEXT: PROOF kernel=copy_tile proved=yes bounds=x<=extent(t,1),y<=extent(t,0),z=1
// PLAN-NEXT: OWN kernel=copy_tile proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+8*(blockDim.y-1)+0<2147483648;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<8;1*(blockDim.x-1)+8*(blockDim.y-1)+0<2147483648"
// PLAN-NOT: {{.}}

// -DTILE is hidden around ldcc's own headers (translate.c include_ldcc).
// TEXT: {{^}}#pragma push_macro("TILE")
// TEXT-NEXT: {{^}}#undef TILE
// TEXT-NEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#pragma pop_macro("TILE")
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/clang_args.cu"{{$}}

// NODEF: ldcc-translate: {{.*}}args_helper.h:4:2: "TILE must be defined on the command line"

// A member type from the -I header is kept as written.
// CLONE: {{^ *}}struct __ldcc_layout_copy_tile {
// CLONE-NEXT: {{^ *}}tile_t t;
// CLONE: __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_copy_tile(float *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0);
