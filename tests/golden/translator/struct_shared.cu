// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -c '__ldcc_g_step(particle \*ps, float \*norms, __ldcc::global_info __ldcc_gi)' %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Shared structs, arrays of structs and a 2-D array; one shared table that
// is only read stays written=no.
struct particle {
  float x, y;
  int id;
  __device__ void reset() { x = y = 0.0f; }
  __device__ float norm() const { return x * x + y * y; }
};

__constant__ float weights[4];

__global__ void step(particle *ps, float *norms) {
  __shared__ particle one;
  __shared__ particle many[64];
  __shared__ float grid[16][17];
  __shared__ int lookup[4];
  __shared__ particle fresh[64];
  int t = threadIdx.x;
  if (t == 0)
    one.id = 7;
  many[t] = ps[t];
  many[t].x += weights[t % 4];
  grid[t / 16][t % 16] = many[t].y;
  fresh[t].reset();
  __syncthreads();
  norms[t] = many[63 - t].norm() + grid[t % 16][t / 16] + one.id + lookup[t % 4];
}

int main() {
  particle *p = 0;
  float *n = 0;
  step<<<1, 64>>>(p, n);
  return 0;
}

// PLAN: KERNEL name=step checked=yes shared_reason="device function reset writes memory" at=17:17
// PLAN-NEXT: TARGET kernel=step space=global name=ps at=17:32 written=no
// PLAN-NEXT: TARGET kernel=step space=global name=norms at=17:43 written=yes
// PLAN-NEXT: TARGET kernel=step space=shared name=one at=18:23 written=yes
// PLAN-NEXT: TARGET kernel=step space=shared name=many at=19:23 written=yes
// PLAN-NEXT: TARGET kernel=step space=shared name=grid at=20:20 written=yes
// PLAN-NEXT: TARGET kernel=step space=shared name=lookup at=21:18 written=no
// PLAN-NEXT: TARGET kernel=step space=shared name=fresh at=22:23 written=yes
// PLAN-NEXT: BARRIER kernel=step form=__syncthreads at=30:3
// PLAN-NEXT: LAUNCH kernel=step at=37:3
// PLAN-NOT: {{^(KERNEL|TARGET|BARRIER|LAUNCH|SITE|ITS|ACCESS|WSYNC)}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/struct_shared.cu"{{$}}
