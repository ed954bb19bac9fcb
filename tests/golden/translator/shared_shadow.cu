// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -rdc=true -c %t.cu -o %t.o
// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// Shared memory without a replay (docs/inline-checks.md): a kernel whose
// shared memory the replay refuses (shared atomics it cannot merge, a grid
// sync, a barrier in an expression) gets the block's shadow when every use
// of its shared memory is an access or atomic the checks wrap: each noted,
// each block barrier (and each call of a function with one) stepping the
// epoch.  Its shared memory is then checked (no shared_reason).  Kernels
// whose shared memory escapes the wraps keep the replay's reason.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define ZERO(v) v = 0

extern __device__ void elsewhere(float *p);
__device__ void stage(float *dst, float v) { *dst = v; }
__device__ int count_sync(int x) { return __syncthreads_count(x); }
__device__ float twice(float v) { return 2 * v; }

// Shared atomicMax, atomicMin and a float atomicAdd: the replay merges none.
__global__ void stats(const int *in, int *out, float *sum) {
  __shared__ int s_max, s_min;
  __shared__ float s_sum;
  if (threadIdx.x == 0) {
    s_max = -1;
    s_min = 1 << 30;
    s_sum = 0.0f;
  }
  __syncthreads();
  atomicMax(&s_max, in[threadIdx.x]);
  atomicMin(&s_min, in[threadIdx.x]);
  atomicAdd(&s_sum, twice((float)in[threadIdx.x]));
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = s_max - s_min;
    sum[blockIdx.x] = s_sum;
  }
}

// Views of an extern buffer kept in locals, a barrier with a value, and a
// helper whose barrier steps the epoch after the call.
__global__ void views(float *out, int n) {
  extern __shared__ float buf[];
  float *lo = buf;
  float *hi = lo + n;
  unsigned *flag = (unsigned *)(hi + n);
  lo[threadIdx.x] = 1.0f;
  hi[threadIdx.x] = 2.0f;
  if (__syncthreads_count(lo[threadIdx.x] > 0.0f) == (int)blockDim.x)
    *flag = 1u;
  atomicAdd(&hi[0], 1.0f);
  count_sync(1);
  out[threadIdx.x] = lo[threadIdx.x] + hi[threadIdx.x] + (float)*flag;
}

// A cooperative kernel: grid.sync() is a block barrier too.
__global__ void coop(float *u, int n) {
  cg::grid_group grid = cg::this_grid();
  __shared__ float tile[128];
  tile[threadIdx.x] = u[grid.thread_rank()];
  __syncthreads();
  float v = tile[(threadIdx.x + 1) % 128];
  grid.sync();
  u[grid.thread_rank()] = v;
}

// Not shadowed: the address handed to a function, a lambda, a function
// without a body here, and a fence (warps ordered through memory).  (A
// store in a macro the translator writes out, in_macro, is an access.)
__global__ void to_helper(float *out) {
  __shared__ float s[32];
  atomicMax((int *)out, 1);
  stage(&s[threadIdx.x], 1.0f);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void in_lambda(float *out) {
  __shared__ float s[32];
  auto put = [&](int i) { s[i] = 1.0f; };
  atomicMax((int *)&s[0], 1);
  put(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void in_macro(int *out) {
  __shared__ int s;
  ZERO(s);
  atomicMax(&s, 1);
  __syncthreads();
  out[threadIdx.x] = s;
}

__global__ void unknown_call(float *out) {
  __shared__ int s;
  atomicMax(&s, 1);
  elsewhere(out);
  out[threadIdx.x] = (float)s;
}

__global__ void fenced(int *out) {
  __shared__ int s;
  atomicMax(&s, 1);
  __threadfence_block();
  out[threadIdx.x] = s;
}

int main() {
  int *d = 0;
  float *f = 0;
  stats<<<1, 64>>>(d, d, f);
  views<<<1, 64, 1024>>>(f, 64);
  return 0;
}

// PLAN: KERNEL name=stats checked=yes at=24:17 global=yes
// PLAN-NEXT: KERNEL name=views checked=yes at=45:17 global=no
// PLAN-NEXT: KERNEL name=coop checked=yes at=60:17 global=yes
// PLAN-NEXT: KERNEL name=to_helper checked=yes shared_reason="atomic through a pointer it cannot follow" at=73:17
// PLAN-NEXT: KERNEL name=in_lambda checked=yes shared_reason="local of a type that cannot be hoisted (put)" at=81:17
// PLAN-NEXT: KERNEL name=in_macro checked=yes at=90:17 global=yes
// PLAN-NEXT: KERNEL name=unknown_call checked=yes shared_reason="shared atomic other than add or subtract" at=98:17
// PLAN-NEXT: KERNEL name=fenced checked=yes shared_reason="shared atomic other than add or subtract" at=105:17
// PLAN: ITS kernel=stats checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=stats id=1 at=28:5 var=s_max mode=write
// PLAN-NEXT: ACCESS kernel=stats id=2 at=29:5 var=s_min mode=write
// PLAN-NEXT: ACCESS kernel=stats id=3 at=30:5 var=s_sum mode=write
// PLAN-NEXT: ACCESS kernel=stats id=4 at=38:23 var=s_max mode=read
// PLAN-NEXT: ACCESS kernel=stats id=5 at=38:31 var=s_min mode=read
// PLAN-NEXT: ACCESS kernel=stats id=6 at=39:23 var=s_sum mode=read
// PLAN-NEXT: BSYNC kernel=stats at=32:3 form=__syncthreads
// PLAN-NEXT: BSYNC kernel=stats at=36:3 form=__syncthreads
// PLAN-NEXT: ATOMIC kernel=stats id=7 at=33:13 op=atomicMax var=s_max
// PLAN-NEXT: ATOMIC kernel=stats id=8 at=34:13 op=atomicMin var=s_min
// PLAN-NEXT: ATOMIC kernel=stats id=9 at=35:13 op=atomicAdd var=s_sum
// PLAN-NEXT: ITS kernel=views checked=yes rule="shared memory without a replay" checks=shadow
// PLAN: BSYNC kernel=views at=52:7 form=__syncthreads_count
// PLAN-NEXT: BSYNC kernel=views at=55:3 form=count_sync
// PLAN-NEXT: ATOMIC kernel=views id=8 at=54:13 op=atomicAdd var=hi
// PLAN-NEXT: ITS kernel=coop checked=yes rule="shared memory without a replay" checks=shadow
// PLAN: BSYNC kernel=coop at=64:3 form=__syncthreads
// PLAN-NEXT: BSYNC kernel=coop at=66:3 form=grid.sync
// PLAN-NEXT: ITS kernel=in_macro checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NOT: ITS kernel=to_helper
// PLAN-NOT: ITS kernel=in_lambda
// PLAN-NOT: ITS kernel=unknown_call
// PLAN: ITS kernel=fenced checked=yes rule="synchronisation through memory" checks=message-passing

// TEXT: {{^}}#define __LDCC_WSHADOW 1{{$}}
// TEXT: {{^}}__global__ void stats(const int *in, int *out, float *sum) { __ldcc::ws_thread __ldcc_cl = {};{{$}}
// A statement storing to a shared scalar or element of arithmetic type goes
// through ws_set, whose proxy sees the value (two warps storing different
// values race); a store through a pointer local does not.
// TEXT: {{^}}    __ldcc::ws_set(&(s_max), __ldcc_cl, s_max, 1u, 1u) = -1;{{$}}
// TEXT: {{^}}  __ldcc::ws_sync(__ldcc_cl), __syncthreads();{{$}}
// TEXT: {{^}}  atomicMax(__ldcc::ws_a(&s_max, __ldcc_cl, 1u, 7u), in[threadIdx.x]);{{$}}
// TEXT: {{^}}    out[blockIdx.x] = (*__ldcc::ws_r(&(s_max), __ldcc_cl, s_max, 1u, 4u)) - (*__ldcc::ws_r(&(s_min), __ldcc_cl, s_min, 1u, 5u));{{$}}
// The check across blocks' clone carries the shadow too, the barrier's
// step outside its own rewriting.
// TEXT: {{^}}__global__ void __ldcc_g_stats(
// TEXT: {{^}}  __ldcc::ws_sync(__ldcc_cl), (__syncthreads(), __ldcc::gbarrier(__ldcc_gi));{{$}}
// TEXT: {{^}}  (*__ldcc::ws_w(&(lo[threadIdx.x]), __ldcc_cl, lo, 2u, 1u)) = 1.0f;{{$}}
// TEXT: {{^}}  if (__ldcc::ws_after(__ldcc_cl, __syncthreads_count((*__ldcc::ws_r(&(lo[threadIdx.x]), __ldcc_cl, lo, 2u, 3u)) > 0.0f)) == (int)blockDim.x){{$}}
// TEXT: {{^}}    (*__ldcc::ws_w(&(*flag), __ldcc_cl, flag, 2u, 4u)) = 1u;{{$}}
// TEXT: {{^}}  atomicAdd(__ldcc::ws_a(&hi[0], __ldcc_cl, 2u, 8u), 1.0f);{{$}}
// TEXT: {{^}}  __ldcc::ws_after(__ldcc_cl, count_sync(1));{{$}}
// TEXT: {{^}}  __ldcc::ws_sync(__ldcc_cl), grid.sync();{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_coop(
// TEXT: {{^}}  __ldcc::ws_sync(__ldcc_cl), __ldcc::ggrid_sync(__ldcc_gi, grid);{{$}}
// TEXT: {{^}}  __ldcc::ws_set(&(s), __ldcc_cl, s, 4u, 1u) = 0;{{$}}
// A launch the check across blocks counts arms without counting.
// TEXT: __ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&stats))>

// COV: KERNEL name=stats at=24 coverage=full shared=yes global=yes warp=yes warp_rule="shared memory without a replay"
// COV: KERNEL name=coop at=60 coverage=full shared=yes global=yes warp=yes warp_rule="shared memory without a replay"
// COV: KERNEL name=to_helper at=73 coverage=partly shared=no shared_reason="atomic through a pointer it cannot follow"
