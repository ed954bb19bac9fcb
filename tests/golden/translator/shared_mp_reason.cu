// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels whose inline checks keep them from the replay (block-scope
// atomics) write shared memory that is then not checked between warps:
// their shared_reason says so (the build warns, each launch says it,
// coverage counts it; docs/shared-replay.md, "Kernels whose shared memory
// is not replayed for their inline checks").  They used to be "checked"
// with no word about their shared memory.  Message passing through a fence
// and a ticket alone (last_block_sum) keeps the replay since session 22:
// the region with the fence runs once (docs/shared-replay.md, "Kernels
// with fences"); the clone marks it, `__ldcc_c.once = 1, __threadfence();`.
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

// CLONE: {{^}}    (__ldcc::grelease(__ldcc_gi, 2u), __ldcc_c.once = 1, __threadfence(), __ldcc::gacquire(__ldcc_gi, 2u));
// CLONE-NEXT: {{^}}    ticket = __ldcc::gacquired(__ldcc_gi, 2u, __ldcc::global_atomic_v_inc(__ldcc_c, __ldcc::gatomic_claim(__ldcc_gi, 3, (&retired), 1, {{[0-9]+}}), gridDim.x));


// PLAN: KERNEL name=last_block_sum checked=yes at=16:17 global=yes units=blocks writes=partial,out,retired vars=::retired one_run=in,partial,out,retired direct=yes atomics=1 fences=1
// PLAN-NEXT: KERNEL name=block_counts checked=yes shared_reason="block-scope atomics, which the replay does not model" at=42:17 global=no global_reason="checked by the inline intra-warp checks (no replay: block-scope atomics, which the replay does not model)"
// PLAN-NEXT: TARGET kernel=last_block_sum space=global name=retired at=14:25 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=global name=partial at=16:56 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=global name=out at=16:72 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=shared name=s at=17:20 written=yes
// PLAN-NEXT: TARGET kernel=last_block_sum space=shared name=last at=18:19 written=yes
// PLAN-NEXT: TARGET kernel=block_counts space=global name=counts at=42:52 written=yes
// PLAN-NEXT: TARGET kernel=block_counts space=shared name=local at=43:18 written=yes
// PLAN-NEXT: BARRIER kernel=last_block_sum form=__syncthreads at=20:3
// PLAN-NEXT: BARRIER kernel=last_block_sum form=__syncthreads at=24:5
// PLAN-NEXT: BARRIER kernel=last_block_sum form=__syncthreads at=32:3
// PLAN-NEXT: BARRIER kernel=block_counts form=__syncthreads at=45:3
// PLAN-NEXT: LAUNCH kernel=last_block_sum at=53:3
// PLAN-NEXT: LAUNCH kernel=block_counts at=54:3
// PLAN-NEXT: SITE kernel=last_block_sum id=0 at=16:17 form=entry
// PLAN-NEXT: SITE kernel=last_block_sum id=1 at=20:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=last_block_sum id=2 at=24:5 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=last_block_sum id=3 at=32:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=last_block_sum id=4 at=40:1 form=exit
// PLAN-NEXT: COPIES kernel=last_block_sum scratch=lazy
// PLAN-NEXT: PROOF kernel=last_block_sum proved=no reason="'last' is written in a region that also uses it at another thread's element (line 30)"
// PLAN-NEXT: ITS kernel=last_block_sum checked=yes rule="synchronisation through memory" checks=message-passing
// PLAN-NEXT: ACCESS kernel=last_block_sum id=1 at=27:5 var=partial mode=write role=data
// PLAN-NEXT: ACCESS kernel=last_block_sum id=2 at=36:12 var=partial mode=read role=data
// PLAN-NEXT: ACCESS kernel=last_block_sum id=3 at=37:5 var=out mode=write role=data
// PLAN-NEXT: FENCE kernel=last_block_sum at=28:5 form=__threadfence
// PLAN-NEXT: ATOMIC kernel=last_block_sum id=4 at=29:33 op=atomicInc var=retired
// PLAN-NEXT: ITS kernel=block_counts checked=yes rule="lane index"
// PLAN-NEXT: ACCESS kernel=block_counts id=1 at=44:3 var=local mode=write
// PLAN-NEXT: ACCESS kernel=block_counts id=2 at=47:3 var=local mode=rw
// PLAN-NEXT: WSYNC kernel=block_counts at=45:3 form=__syncthreads
// PLAN-NEXT: SCOPED kernel=block_counts id=3 at=46:19 op=atomicAdd_block var=counts
// PLAN-NEXT: OWN kernel=last_block_sum proved=no reason="direct one run"
