// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: a shared histogram built with atomicAdd (merged by the runtime's
// sweeps, not reported), then copied out with plain stores.
#define BINS 64

__global__ void histogram(const unsigned char *in, int n, unsigned *hist) {
  __shared__ unsigned local[BINS];
  __shared__ int count;
  if (threadIdx.x < BINS)
    local[threadIdx.x] = 0;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    atomicAdd(&local[in[i] % BINS], 1u);
    atomicSub(&count, -1);
  }
  __syncthreads();
  if (threadIdx.x < BINS)
    hist[blockIdx.x * BINS + threadIdx.x] = local[threadIdx.x] + count * 0;
}

int main() {
  unsigned char *in = 0;
  unsigned *h = 0;
  histogram<<<2, 256>>>(in, 4096, h);
  return 0;
}


// PLAN: KERNEL name=histogram checked=yes at=9:17 global=yes units=blocks writes=hist one_run=hist
// PLAN-NEXT: TARGET kernel=histogram space=global name=hist at=9:69 written=yes
// PLAN-NEXT: TARGET kernel=histogram space=shared name=local at=10:23 written=yes
// PLAN-NEXT: TARGET kernel=histogram space=shared name=count at=11:18 written=yes
// PLAN-NEXT: BARRIER kernel=histogram form=__syncthreads at=16:3
// PLAN-NEXT: BARRIER kernel=histogram form=__syncthreads at=22:3
// PLAN-NEXT: LAUNCH kernel=histogram at=30:3
// PLAN-NEXT: SITE kernel=histogram id=0 at=9:17 form=entry
// PLAN-NEXT: SITE kernel=histogram id=1 at=16:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=histogram id=2 at=22:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=histogram id=3 at=25:1 form=exit
// PLAN-NEXT: COPIES kernel=histogram scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=histogram proved=no reason="'count' is used other than element by element (line 20)"
// The shared atomics touch no global memory: checked across blocks too.
// PLAN-NEXT: ITS kernel=histogram checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=histogram id=1 at=13:5 var=local mode=write
// PLAN-NEXT: ACCESS kernel=histogram id=2 at=15:5 var=count mode=write
// PLAN-NEXT: ACCESS kernel=histogram id=3 at=24:5 var=hist mode=write
// PLAN-NEXT: ACCESS kernel=histogram id=4 at=24:45 var=local mode=read
// PLAN-NEXT: ACCESS kernel=histogram id=5 at=24:66 var=count mode=read
// PLAN-NEXT: WSYNC kernel=histogram at=16:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=histogram at=22:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=histogram proved=yes conds="1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+64*(gridDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<64;1*(blockDim.x-1)+64*(gridDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}
// Shared atomics with unused results become shared_atomic_add (a
// subtraction adds the negated value).
// CLONE: {{^}}    __ldcc::shared_atomic_add(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->local)[in[i] % BINS], 1u);
// CLONE-NEXT: {{^}}    __ldcc::shared_atomic_add(__ldcc_c, &((__ldcc_c.rd = 1, __ldcc_p)->count), -(-1));
// CLONE: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(hist[blockIdx.x * BINS + threadIdx.x]), hist, 0u, 3u, __ldcc_c.pass))))) = (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->local)[threadIdx.x]), (__ldcc_p->local), 0u, 4u, __ldcc_c.pass))))) + (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->count)), (__ldcc_p->count), 0u, 5u, __ldcc_c.pass))))) * 0;
// CLONE: {{^}}static const int __ldcc__wl_0_0[] = {13, 19};
// CLONE-NEXT: {{^}}static const int __ldcc__wl_0_1[] = {15, 20};
