// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels whose inline checks keep them from the replay (message passing:
// a fence and a ticket; block-scope atomics) write shared memory that is
// then not checked between warps: their shared_reason says so (the build
// warns, each launch says it, coverage counts it; docs/shared-replay.md,
// "Kernels whose shared memory is not replayed for their inline checks").
// They used to be "checked" with no word about their shared memory.
__device__ unsigned int retired = 0;

__global__ void last_block_sum(const float *in, float *partial, float *out) {
  __shared__ float s[256];
  __shared__ bool last;
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int st = 128; st > 0; st >>= 1) {
    if (threadIdx.x < st)
      s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned ticket = atomicInc(&retired, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    float t = 0;
    for (unsigned b = 0; b < gridDim.x; b++)
      t += partial[b];
    out[0] = t;
    retired = 0;
  }
}

__global__ void block_counts(const int *keys, int *counts) {
  __shared__ int local[32];
  local[threadIdx.x % 32] = 0;
  __syncthreads();
  atomicAdd_block(&counts[keys[blockIdx.x * blockDim.x + threadIdx.x] % 32], 1);
  local[threadIdx.x % 32] += 1;
}

int main() {
  float *f = 0;
  int *i = 0;
  last_block_sum<<<8, 256>>>(f, f, f);
  block_counts<<<8, 256>>>(i, i);
  return 0;
}


// PLAN: KERNEL name=last_block_sum checked=yes shared_reason="synchronises through memory (a fence, flag or lock), which the replay does not model" at=12:17 global=yes units=blocks writes=partial,out,retired vars=::retired one_run=in,partial,out,retired direct=yes atomics=1 fences=1
// PLAN-NEXT: KERNEL name=block_counts checked=yes shared_reason="block-scope atomics, which the replay does not model" at=38:17 global=no global_reason="checked by the inline intra-warp checks (no replay: block-scope atomics, which the replay does not model)"
// PLAN-NEXT: TARGET kernel=last_block_sum space=global name=retired at=10:25 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=global name=partial at=12:56 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=global name=out at=12:72 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=shared name=s at=13:20 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=shared name=last at=14:19 written=yes
// PLAN-NEXT: TARGET kernel=block_counts space=global name=counts at=38:52 written=yes
// PLAN-NEXT: TARGET kernel=block_counts space=shared name=local at=39:18 written=yes
// PLAN-NEXT: BARRIER kernel=last_block_sum form=__syncthreads at=16:3
// PLAN-NEXT: BARRIER kernel=last_block_sum form=__syncthreads at=20:5
// PLAN-NEXT: BARRIER kernel=last_block_sum form=__syncthreads at=28:3
// PLAN-NEXT: BARRIER kernel=block_counts form=__syncthreads at=41:3
// PLAN-NEXT: LAUNCH kernel=last_block_sum at=49:3
// PLAN-NEXT: LAUNCH kernel=block_counts at=50:3
// PLAN-NEXT: ITS kernel=last_block_sum checked=yes rule="synchronisation through memory" checks=message-passing
// PLAN-NEXT: ACCESS kernel=last_block_sum id=1 at=23:5 var=partial mode=write role=data
// PLAN-NEXT: ACCESS kernel=last_block_sum id=2 at=32:12 var=partial mode=read role=data
// PLAN-NEXT: ACCESS kernel=last_block_sum id=3 at=33:5 var=out mode=write role=data
// PLAN-NEXT: FENCE kernel=last_block_sum at=24:5 form=__threadfence
// PLAN-NEXT: ATOMIC kernel=last_block_sum id=4 at=25:33 op=atomicInc var=retired
// PLAN-NEXT: ITS kernel=block_counts checked=yes rule="lane index"
// PLAN-NEXT: ACCESS kernel=block_counts id=1 at=40:3 var=local mode=write
// PLAN-NEXT: ACCESS kernel=block_counts id=2 at=43:3 var=local mode=rw
// PLAN-NEXT: WSYNC kernel=block_counts at=41:3 form=__syncthreads
// PLAN-NEXT: SCOPED kernel=block_counts id=3 at=42:19 op=atomicAdd_block var=counts
