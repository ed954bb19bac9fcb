// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: locals of CUDA's value types (__half, float2, dim3) are hoisted
// like scalars; a shared __half array is a layout member.
#include <cuda_fp16.h>

__global__ void hk(const __half *in, __half *out) {
  __shared__ __half s[64];
  __half v = in[threadIdx.x];
  float2 f = make_float2(1.0f, 2.0f);
  dim3 d = threadIdx;
  s[threadIdx.x] = __hadd(v, v);
  __syncthreads();
  out[threadIdx.x] = __hmul(s[63 - threadIdx.x], __float2half(f.x + d.x));
}

int main() {
  __half *p = 0;
  hk<<<1, 64>>>(p, p);
  return 0;
}

// CLONE: {{^}}struct __ldcc_layout_hk {
// CLONE-NEXT: {{^}}  __half s[64];
// CLONE: {{^}}  __half v{};
// CLONE-NEXT: {{^}}  float2 f{};
// CLONE-NEXT: {{^}}  dim3 d{};
// CLONE: {{^}}  v = in[threadIdx.x];
// CLONE-NEXT: {{^}}  f = make_float2(1.0f, 2.0f);
// CLONE-NEXT: {{^}}  d = threadIdx;
// CLONE-NEXT: {{^}}  (*__ldcc::swr(__ldcc_c, &(((__ldcc_c.rd = 1, __ldcc_p)->s)[threadIdx.x]))) = __hadd(v, v);


// PLAN: KERNEL name=hk checked=yes at=9:17
// PLAN-NEXT: TARGET kernel=hk space=global name=out at=9:46 written=yes
// PLAN-NEXT: TARGET kernel=hk space=shared name=s at=10:21 written=yes
// PLAN-NEXT: BARRIER kernel=hk form=__syncthreads at=15:3
// PLAN-NEXT: LAUNCH kernel=hk at=21:3
// PLAN-NEXT: SITE kernel=hk id=0 at=9:17 form=entry
// PLAN-NEXT: SITE kernel=hk id=1 at=15:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=hk id=2 at=17:1 form=exit
// PLAN-NEXT: COPIES kernel=hk scratch=whole reason="a call gets a target's address"
// PLAN-NEXT: PROOF kernel=hk proved=no reason="a call gets a target's address"
// PLAN-NEXT: ITS kernel=hk checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: WSYNC kernel=hk at=14:20 form=__hadd
// PLAN-NEXT: WSYNC kernel=hk at=15:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=hk at=16:22 form=__hmul
// PLAN-NEXT: WSYNC kernel=hk at=16:50 form=__float2half
// PLAN-NEXT: OWN kernel=hk proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}