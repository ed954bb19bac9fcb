// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// File-scope __shared__ variables used by device functions that a kernel
// calls, transitively; a barrier in a device function; an unused one.
// Each joins the layout of the kernels that write it (issue 24).
__shared__ int counts[32];
__shared__ float table[32];
__shared__ int unused[8];

__device__ void bump(int i) { counts[i]++; }

__device__ float lookup(int i) { return table[i]; }

__device__ void fill(int i) {
  bump(i);
  table[i] = 1.0f;
  __syncthreads();
}

__global__ void histogram(float *out) {
  fill(threadIdx.x % 32);
  out[threadIdx.x] = lookup(threadIdx.x % 32) + counts[0];
}

__global__ void reader(float *out) { out[threadIdx.x] = lookup(0); }

int main() {
  float *o = 0;
  histogram<<<1, 32>>>(o);
  reader<<<1, 32>>>(o);
  return 0;
}

// PLAN: KERNEL name=histogram checked=yes at=22:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=reader checked=yes at=27:17 global=yes units=warps writes=out one_run=out
// PLAN-NEXT: TARGET kernel=histogram space=shared name=counts at=8:16 written=yes
// PLAN-NEXT: TARGET kernel=histogram space=shared name=table at=9:18 written=yes
// PLAN-NEXT: TARGET kernel=histogram space=global name=out at=22:34 written=yes
// PLAN-NEXT: TARGET kernel=reader space=shared name=table at=9:18 written=no
// PLAN-NEXT: TARGET kernel=reader space=global name=out at=27:31 written=yes
// PLAN-NEXT: BARRIER kernel=fill form=__syncthreads at=19:3
// PLAN-NEXT: LAUNCH kernel=histogram at=31:3
// PLAN-NEXT: LAUNCH kernel=reader at=32:3
// PLAN-NEXT: SITE kernel=histogram id=0 at=22:17 form=entry
// PLAN-NEXT: SITE kernel=histogram id=1 at=23:3 form=call callee=fill base=2
// PLAN-NEXT: SITE kernel=histogram id=2 at=16:0 form=entry in=fill
// PLAN-NEXT: SITE kernel=histogram id=3 at=19:3 form=SYNC_PLAIN in=fill
// PLAN-NEXT: SITE kernel=histogram id=4 at=20:1 form=exit in=fill
// PLAN-NEXT: SITE kernel=histogram id=5 at=25:1 form=exit
// PLAN-NEXT: COPIES kernel=histogram scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=histogram proved=no reason="a device function it calls uses a target"
// PLAN-NEXT: ITS kernel=histogram checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=histogram id=1 at=24:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=histogram id=2 at=14:41 var=table mode=read in=lookup
// PLAN-NEXT: ACCESS kernel=histogram id=3 at=24:49 var=counts mode=read
// PLAN-NEXT: WSYNC kernel=histogram at=23:3 form=fill
// PLAN-NEXT: OWN kernel=histogram proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=reader proved=yes conds="1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}

// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/filescope_shared.cu"{{$}}
// The device functions' clones are templates on the kernel's layout.
// TEXT: {{^}}template <class __ldcc_L> __device__ void __ldcc_histogram__f_bump(__ldcc::thread_ctx &__ldcc_c, int i) { __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p; (*__ldcc::swr(__ldcc_c, &(((__ldcc_c.rd = 1, __ldcc_p)->counts)[i])))++; }{{$}}
// TEXT: {{^}}  __ldcc_histogram__f_bump<__ldcc_L>(__ldcc_c, i);{{$}}
// TEXT: {{^}}template <class __ldcc_L> __device__ float __ldcc_histogram__f_lookup(__ldcc::thread_ctx &__ldcc_c, int i) { __ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p; return (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->table)[i]), (__ldcc_p->table), 0u, 2u, __ldcc_c.pass))))); }{{$}}
// TEXT: {{^}}  __ldcc_histogram__f_fill<__ldcc_L>{{$}}
// TEXT: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(out[threadIdx.x]), out, 0u, 1u, __ldcc_c.pass))))) = __ldcc_histogram__f_lookup<__ldcc_L>(__ldcc_c, threadIdx.x % 32) + (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->counts)[0]), (__ldcc_p->counts), 0u, 3u, __ldcc_c.pass)))));{{$}}
// The reader only reads table: no clone.
// TEXT-NOT: {{^}}__global__ void {{.*}}__ldcc_reader(
