// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A compiler builtin in a replayed kernel: `-INFINITY` is
// `__builtin_inff()`, declared where first used and without a body, which
// the replay took for a call "defined elsewhere" and refused (llm.c's
// softmax kernels and others lost their shared-memory check to it).
#include <math.h>

__global__ void block_max(const float *in, float *out) {
  __shared__ float s[128];
  float m = -INFINITY;
  for (int i = threadIdx.x; i < 1024; i += 128)
    m = fmaxf(m, in[blockIdx.x * 1024 + i]);
  s[threadIdx.x] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = -INFINITY;
    for (int i = 0; i < 128; i++)
      r = fmaxf(r, s[i]);
    out[blockIdx.x] = r;
  }
}

int main() {
  float *a = 0;
  block_max<<<1, 128>>>(a, a);
  return 0;
}

// PLAN: KERNEL name=block_max checked=yes at=10:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: TARGET kernel=block_max space=global name=out at=10:51 written=yes
// PLAN-NEXT: TARGET kernel=block_max space=shared name=s at=11:20 written=yes
// PLAN-NEXT: BARRIER kernel=block_max form=__syncthreads at=16:3
// PLAN-NEXT: LAUNCH kernel=block_max at=27:3
// PLAN-NEXT: SITE kernel=block_max id=0 at=10:17 form=entry
// PLAN-NEXT: SITE kernel=block_max id=1 at=16:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=block_max id=2 at=23:1 form=exit
// PLAN-NEXT: COPIES kernel=block_max scratch=lazy
// PLAN-NEXT: PROOF kernel=block_max proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: OWN kernel=block_max proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
