// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels with C linkage, `extern "C" __global__ void k(...)` and inside an
// `extern "C" { ... }` block, as the samples and older code declare them
// (for the driver API, or out of habit): the linkage is no scope.  They
// were "kernel declared inside a class" (a linkage specification is the
// function's semantic parent) and got no check at all.
__device__ void put(float *p, int i, float v) { p[i] = v; }

extern "C" __global__ void timedReduction(const float *input, float *output) {
  extern __shared__ float shared[];
  const int tid = threadIdx.x;
  shared[tid] = input[tid + blockIdx.x * blockDim.x];
  for (int d = blockDim.x / 2; d > 0; d /= 2) {
    __syncthreads();
    if (tid < d)
      put(shared, tid, shared[tid] + shared[tid + d]);
  }
  if (tid == 0)
    output[blockIdx.x] = shared[0];
}

extern "C" {
__global__ void scale(float *x, float a) {
  __shared__ float s[128];
  s[threadIdx.x] = x[blockIdx.x * 128 + threadIdx.x] * a;
  __syncthreads();
  x[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}
}

int main() {
  float *a = 0, *b = 0;
  timedReduction<<<4, 128, 512>>>(a, b);
  scale<<<4, 128>>>(a, 2.f);
  return 0;
}

// PLAN: KERNEL name=timedReduction checked=yes at=11:28 global=yes units=blocks writes=output one_run=output
// PLAN-NEXT: KERNEL name=scale checked=yes at=25:17 global=yes units=blocks writes=x
// PLAN-NEXT: TARGET kernel=timedReduction space=global name=output at=11:70 written=yes
// PLAN-NEXT: TARGET kernel=timedReduction space=shared name=shared at=12:27 extern written=yes
// PLAN-NEXT: TARGET kernel=scale space=global name=x at=25:30 written=yes
// PLAN-NEXT: TARGET kernel=scale space=shared name=s at=26:20 written=yes
// PLAN-NEXT: BARRIER kernel=timedReduction form=__syncthreads at=16:5
// PLAN-NEXT: BARRIER kernel=scale form=__syncthreads at=28:3
// PLAN-NEXT: LAUNCH kernel=timedReduction at=35:3
// PLAN-NEXT: LAUNCH kernel=scale at=36:3
// PLAN-NEXT: SITE kernel=timedReduction id=0 at=11:28 form=entry
// PLAN-NEXT: SITE kernel=timedReduction id=1 at=16:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=timedReduction id=2 at=22:1 form=exit
// PLAN-NEXT: COPIES kernel=timedReduction scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=timedReduction proved=no reason="a call gets a target's address"
// PLAN-NEXT: SITE kernel=scale id=0 at=25:17 form=entry
// PLAN-NEXT: SITE kernel=scale id=1 at=28:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=scale id=2 at=30:1 form=exit
// PLAN-NEXT: COPIES kernel=scale scratch=lazy
// PLAN-NEXT: PROOF kernel=scale proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: OWN kernel=timedReduction proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(gridDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=scale proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<128;1*(blockDim.x-1)+128*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<128;1*(blockDim.x-1)+128*(gridDim.x-1)+0<2147483648"
