// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Dynamic shared memory: extern __shared__, sized at the launch, and a
// second view of it through a pointer kept in a local: the pointer points
// into the warp's copy and the store through it goes through pwr (it lands
// in the copy: swr), so the kernel is checked (shared-replay.md §2).

__global__ void scale(float *data, float f) {
  extern __shared__ float buf[];
  float *second = buf + blockDim.x;
  buf[threadIdx.x] = data[threadIdx.x] * f;
  second[threadIdx.x] = 1.0f;
  __syncthreads();
  data[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

int main() {
  float *d = 0;
  scale<<<1, 128, 2 * 128 * sizeof(float)>>>(d, 2.0f);
  return 0;
}

// PLAN: KERNEL name=scale checked=yes at=10:17
// PLAN-NEXT: TARGET kernel=scale space=global name=data at=10:30 written=yes
// PLAN-NEXT: TARGET kernel=scale space=shared name=buf at=11:27 extern written=yes
// PLAN-NEXT: BARRIER kernel=scale form=__syncthreads at=15:3
// PLAN-NEXT: LAUNCH kernel=scale at=21:3
// PLAN-NEXT: SITE kernel=scale id=0 at=10:17 form=entry
// PLAN-NEXT: SITE kernel=scale id=1 at=15:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=scale id=2 at=17:1 form=exit
// PLAN-NEXT: COPIES kernel=scale scratch=whole reason="a pointer to a target is kept in a local"
// PLAN-NEXT: PROOF kernel=scale proved=no reason="a pointer to a target is kept in a local"

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/extern_shared.cu"{{$}}
// TEXT: __ldcc_scale(float *data, float f, __ldcc::launch_info __ldcc_li
// TEXT: __ldcc_c.always_read = 1;
// TEXT: second = ((float *)(__ldcc_c.rd = 1, __ldcc_c.ext)) + blockDim.x;
// TEXT-NEXT: (*__ldcc::swr(__ldcc_c, &(((float *)__ldcc_c.ext)[threadIdx.x]))) = data[threadIdx.x] * f;
// TEXT-NEXT: (*__ldcc::pwr(__ldcc_c, &(second[threadIdx.x]))) = 1.0f;
// TEXT: (*__ldcc::pwr(__ldcc_c, &(data[threadIdx.x]))) =
// Every store through a pointer counts as writing buf (lines 14, 16).
// TEXT: __ldcc__wl_0_0[] = {13, 14, 16}
