// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: tail -n +3 %t.cu | sed '/^\/\* ldcc: the file.s kernels/,$d' | diff - %s
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Syncs the replay cannot model leave the kernel unchecked: a sync on a
// generic thread_group (block or tile: called with both here; one that every
// call binds to the block is a block barrier, cg_generic_group.cu) and a
// grid-wide sync in a device function the kernel calls (one in the kernel's
// own body is checked across blocks: global_grid_sync.cu).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void group_wait(cg::thread_group g) { g.sync(); }
__device__ void grid_wait(cg::grid_group g) { g.sync(); }

__global__ void generic_group(int *p) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  group_wait(cg::this_thread_block());
  group_wait(cg::tiled_partition(cg::this_thread_block(), 32));
  p[threadIdx.x] = s[31 - threadIdx.x];
}

__global__ void grid_wide(int *p) {
  cg::grid_group grid = cg::this_grid();
  p[grid.thread_rank()] = 1;
  grid_wait(grid);
}

// PLAN: KERNEL name=generic_group checked=no reason="sync on a generic thread_group" at=17:17
// PLAN-NEXT: KERNEL name=grid_wide checked=no reason="grid-wide synchronisation" at=25:17
// PLAN-NEXT: TARGET kernel=generic_group space=global name=p at=17:36 written=yes
// PLAN-NEXT: TARGET kernel=generic_group space=shared name=s at=18:18 written=yes
// PLAN-NEXT: TARGET kernel=grid_wide space=global name=p at=25:32 written=yes
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/group_sync.cu"{{$}}
