// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -rdc=true -c %t.cu -o %t.o
// Replay: what it cannot transform: a reason, no clone (but see the warp
// ones, and atomic_result: pass 2 returns the atomic's pass-1 value;
// shared_atomic_result: the block's own sequence, replay.cuh
// shared_atomic_v_add; device_barrier: a function template with a barrier
// gets a template clone; session 22).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct flags {
  unsigned a : 4, b : 4;
};

extern __device__ int elsewhere(int);
template <int N> __device__ void wait_all() { __syncthreads(); }
__device__ void put(int &p, int v) { p = v; }
__device__ int twice(int v) { return 2 * v; }

__global__ void in_expression(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  out[threadIdx.x] = 1 + __syncthreads_count(s[0]);
}

__global__ void in_condition(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  while (__syncthreads_or(s[threadIdx.x]))
    s[threadIdx.x] = 0;
  out[0] = s[0];
}

__global__ void reference_local(int *out) {
  __shared__ int s[32];
  int &r = out[threadIdx.x];
  s[threadIdx.x] = r;
  __syncthreads();
}

__global__ void device_barrier(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = twice(1);
  wait_all<1>();
  out[threadIdx.x] = s[0];
}

__global__ void device_store(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  __syncthreads();
  put(out[0], s[0]);
}

__global__ void external_call(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = elsewhere(1);
  __syncthreads();
}

__global__ void atomic_result(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = atomicAdd(&out[0], 1);
  __syncthreads();
}

__global__ void shared_atomic_result(int *out) {
  __shared__ int s[32];
  out[0] = atomicAdd(&s[0], 1);
  __syncthreads();
}

__global__ void fence(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  __threadfence();
  __syncthreads();
}

__global__ void syncwarp(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  __syncwarp();
  __syncthreads();
}

__global__ void shuffle(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = __shfl_down_sync(0xffffffffu, 1, 1);
  __syncthreads();
}

__global__ void timer(long long *out) {
  __shared__ long long s[32];
  s[threadIdx.x] = clock64();
  __syncthreads();
}

__global__ void jumps(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  if (out[0])
    goto done;
  __syncthreads();
done:
  out[1] = s[0];
}

__global__ void bitfield(flags *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  __syncthreads();
  out[0].a = 1;
}

__global__ void warp_tile(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 1;
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
  w.sync();
  __syncthreads();
}

int main() {
  int *d = 0;
  in_expression<<<1, 32>>>(d);
  bitfield<<<1, 32>>>((flags *)d);
  return 0;
}

// The kernels the replay refuses keep the check across blocks
// (shared_reason): their clones `__ldcc_g_<k>`, and their launches go
// through it; since session 38 those whose every shared access the checks
// wrap get the block's shadow instead of a shared_reason (in_expression,
// in_condition, reference_local, timer, jumps, bitfield).  The warp-synchronous kernels syncwarp and shuffle get the
// inline intra-warp checks (docs/inline-checks.md) and, since issue 24, a
// replay clone that carries them, the collective taken ("With the replay");
// so does warp_tile since session 16 (its `thread_block_tile<32> w =
// tiled_partition<32>(...)` is hoisted like a block handle; it used to be
// "a local of a type that cannot be hoisted").
// CLONE: {{^}}__global__ void __ldcc_g_in_expression(int *out, __ldcc::global_info __ldcc_gi) {
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_syncwarp(int *out, __ldcc::launch_info __ldcc_li) { __ldcc::its_enter();{{$}}
// CLONE: {{^}}  (__syncwarp(), __ldcc::its_sync());{{$}}
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_shuffle(int *out, __ldcc::launch_info __ldcc_li) { __ldcc::its_enter();{{$}}
// CLONE: {{^}}  (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_w(&((__ldcc_p->s)[threadIdx.x]), (__ldcc_p->s), 1u, 1u, __ldcc_c.pass))))) = __ldcc::its_after(__shfl_down_sync(0xffffffffu, 1, 1));{{$}}
// CLONE: {{^}}__global__ void __launch_bounds__(1024) __ldcc_shuffle__lb(
// CLONE-NOT: {{^ *}}__ldcc::launch(
// Kernels with the block's shadow (session 38) arm it; the check across
// blocks counts the launch (its_arm<1>).
// CLONE: {{^ *}}__ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&in_expression))>::run(__ldcc__gmeta(0), 0, 1, 32,
// CLONE-NEXT: {{^ *}}__ldcc::its_arm<1>(), __ldcc::launch_as<decltype(__ldcc::plain_fn(&bitfield))>::run(__ldcc__gmeta({{[0-9]+}}), 0, 1, 32,
// CLONE: {{^}}/* ldcc: metadata of the intra-warp checks */
// CLONE: {{^}}/* ldcc: metadata of the instrumented kernels */
// CLONE: {{^}}    "syncwarp", __ldcc__file, 82,
// CLONE: {{^}}    "shuffle", __ldcc__file, 89,
// CLONE: {{^}}    "warp_tile", __ldcc__file, 118,
// CLONE-NOT: {{^}}const __ldcc::kernel_meta


// PLAN: KERNEL name=in_expression checked=yes at=22:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=in_condition checked=yes at=28:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=reference_local checked=yes at=36:17 global=yes units=blocks writes=out{{$}}
// PLAN-NEXT: KERNEL name=device_barrier checked=yes at=43:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=device_store checked=yes at=50:17 global=yes units=blocks writes=out
// PLAN-NEXT: KERNEL name=external_call checked=yes shared_reason="call to elsewhere defined elsewhere" at=57:17 global=no global_reason="calls elsewhere, defined in another file"
// PLAN-NEXT: KERNEL name=atomic_result checked=yes at=63:17 global=yes units=blocks writes=out one_run=out direct=yes atomics=1
// PLAN-NEXT: KERNEL name=shared_atomic_result checked=yes at=69:17 global=yes units=blocks writes=out one_run=out direct=yes atomics=0
// PLAN-NEXT: KERNEL name=fence checked=yes shared_reason="memory fence" at=75:17
// PLAN-NEXT: KERNEL name=syncwarp checked=yes at=82:17
// PLAN-NEXT: KERNEL name=shuffle checked=yes at=89:17
// PLAN-NEXT: KERNEL name=timer checked=yes at=95:17
// PLAN-NEXT: KERNEL name=jumps checked=yes at=101:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=bitfield checked=yes at=111:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=warp_tile checked=yes at=118:17
// PLAN-NEXT: TARGET kernel=in_expression space=global name=out at=22:36 written=yes
// PLAN-NEXT: TARGET kernel=in_expression space=shared name=s at=23:18 written=yes
// PLAN-NEXT: TARGET kernel=in_condition space=global name=out at=28:35 written=yes
// PLAN-NEXT: TARGET kernel=in_condition space=shared name=s at=29:18 written=yes
// PLAN-NEXT: TARGET kernel=reference_local space=global name=out at=36:38 written=yes
// PLAN-NEXT: TARGET kernel=reference_local space=shared name=s at=37:18 written=yes
// PLAN-NEXT: TARGET kernel=device_barrier space=global name=out at=43:37 written=yes
// PLAN-NEXT: TARGET kernel=device_barrier space=shared name=s at=44:18 written=yes
// PLAN-NEXT: TARGET kernel=device_store space=global name=out at=50:35 written=yes
// PLAN-NEXT: TARGET kernel=device_store space=shared name=s at=51:18 written=yes
// PLAN-NEXT: TARGET kernel=external_call space=global name=out at=57:36 written=no
// PLAN-NEXT: TARGET kernel=external_call space=shared name=s at=58:18 written=yes
// PLAN-NEXT: TARGET kernel=atomic_result space=global name=out at=63:36 written=yes
// PLAN-NEXT: TARGET kernel=atomic_result space=shared name=s at=64:18 written=yes
// PLAN-NEXT: TARGET kernel=shared_atomic_result space=global name=out at=69:43 written=yes
// PLAN-NEXT: TARGET kernel=shared_atomic_result space=shared name=s at=70:18 written=yes
// PLAN-NEXT: TARGET kernel=fence space=global name=out at=75:28 written=no
// PLAN-NEXT: TARGET kernel=fence space=shared name=s at=76:18 written=yes
// PLAN-NEXT: TARGET kernel=syncwarp space=global name=out at=82:31 written=no
// PLAN-NEXT: TARGET kernel=syncwarp space=shared name=s at=83:18 written=yes
// PLAN-NEXT: TARGET kernel=shuffle space=global name=out at=89:30 written=no
// PLAN-NEXT: TARGET kernel=shuffle space=shared name=s at=90:18 written=yes
// PLAN-NEXT: TARGET kernel=timer space=global name=out at=95:34 written=no
// PLAN-NEXT: TARGET kernel=timer space=shared name=s at=96:24 written=yes
// PLAN-NEXT: TARGET kernel=jumps space=global name=out at=101:28 written=yes
// PLAN-NEXT: TARGET kernel=jumps space=shared name=s at=102:18 written=yes
// PLAN-NEXT: TARGET kernel=bitfield space=global name=out at=111:33 written=yes
// PLAN-NEXT: TARGET kernel=bitfield space=shared name=s at=112:18 written=yes
// PLAN-NEXT: TARGET kernel=warp_tile space=global name=out at=118:32 written=no
// PLAN-NEXT: TARGET kernel=warp_tile space=shared name=s at=119:18 written=yes
// PLAN-NEXT: BARRIER kernel=wait_all form=__syncthreads at=18:47
// PLAN-NEXT: BARRIER kernel=in_expression form=__syncthreads_count at=25:26
// PLAN-NEXT: BARRIER kernel=in_condition form=__syncthreads_or at=31:10
// PLAN-NEXT: BARRIER kernel=reference_local form=__syncthreads at=40:3
// PLAN-NEXT: BARRIER kernel=device_store form=__syncthreads at=53:3
// PLAN-NEXT: BARRIER kernel=external_call form=__syncthreads at=60:3
// PLAN-NEXT: BARRIER kernel=atomic_result form=__syncthreads at=66:3
// PLAN-NEXT: BARRIER kernel=shared_atomic_result form=__syncthreads at=72:3
// PLAN-NEXT: BARRIER kernel=fence form=__syncthreads at=79:3
// PLAN-NEXT: BARRIER kernel=syncwarp form=__syncthreads at=86:3
// PLAN-NEXT: BARRIER kernel=shuffle form=__syncthreads at=92:3
// PLAN-NEXT: BARRIER kernel=timer form=__syncthreads at=98:3
// PLAN-NEXT: BARRIER kernel=jumps form=__syncthreads at=106:3
// PLAN-NEXT: BARRIER kernel=bitfield form=__syncthreads at=114:3
// PLAN-NEXT: BARRIER kernel=warp_tile form=__syncthreads at=123:3
// PLAN-NEXT: LAUNCH kernel=in_expression at=128:3
// PLAN-NEXT: LAUNCH kernel=bitfield at=129:3
// PLAN-NEXT: SITE kernel=device_barrier id=0 at=43:17 form=entry
// PLAN-NEXT: SITE kernel=device_barrier id=1 at=46:3 form=call callee=wait_all base=2
// PLAN-NEXT: SITE kernel=device_barrier id=2 at=18:0 form=entry in=wait_all
// PLAN-NEXT: SITE kernel=device_barrier id=3 at=18:47 form=SYNC_PLAIN in=wait_all
// PLAN-NEXT: SITE kernel=device_barrier id=4 at=18:64 form=exit in=wait_all
// PLAN-NEXT: SITE kernel=device_barrier id=5 at=48:1 form=exit
// PLAN-NEXT: COPIES kernel=device_barrier scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=device_barrier proved=no reason="the barrier at line 46 is under a condition or is a call"
// PLAN-NEXT: SITE kernel=device_store id=0 at=50:17 form=entry
// PLAN-NEXT: SITE kernel=device_store id=1 at=53:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=device_store id=2 at=55:1 form=exit
// PLAN-NEXT: COPIES kernel=device_store scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=device_store proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=atomic_result id=0 at=63:17 form=entry
// PLAN-NEXT: SITE kernel=atomic_result id=1 at=66:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=atomic_result id=2 at=67:1 form=exit
// PLAN-NEXT: COPIES kernel=atomic_result scratch=lazy
// PLAN-NEXT: PROOF kernel=atomic_result proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=shared_atomic_result id=0 at=69:17 form=entry
// PLAN-NEXT: SITE kernel=shared_atomic_result id=1 at=72:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shared_atomic_result id=2 at=73:1 form=exit
// PLAN-NEXT: COPIES kernel=shared_atomic_result scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=shared_atomic_result proved=no reason="'s' is used other than element by element (line 71)"
// PLAN-NEXT: SITE kernel=syncwarp id=0 at=82:17 form=entry
// PLAN-NEXT: SITE kernel=syncwarp id=1 at=86:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=syncwarp id=2 at=87:1 form=exit
// PLAN-NEXT: COPIES kernel=syncwarp scratch=lazy
// PLAN-NEXT: PROOF kernel=syncwarp proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=shuffle id=0 at=89:17 form=entry
// PLAN-NEXT: SITE kernel=shuffle id=1 at=92:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shuffle id=2 at=93:1 form=exit
// PLAN-NEXT: COPIES kernel=shuffle scratch=lazy
// PLAN-NEXT: PROOF kernel=shuffle proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=warp_tile id=0 at=118:17 form=entry
// PLAN-NEXT: SITE kernel=warp_tile id=1 at=123:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=warp_tile id=2 at=124:1 form=exit
// PLAN-NEXT: COPIES kernel=warp_tile scratch=lazy
// PLAN-NEXT: PROOF kernel=warp_tile proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: ITS kernel=in_expression checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=in_expression id=1 at=24:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=in_expression id=2 at=25:46 var=s mode=read
// PLAN-NEXT: BSYNC kernel=in_expression at=25:26 form=__syncthreads_count
// PLAN-NEXT: ITS kernel=in_condition checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=in_condition id=1 at=30:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=in_condition id=2 at=31:27 var=s mode=read
// PLAN-NEXT: ACCESS kernel=in_condition id=3 at=32:5 var=s mode=write
// PLAN-NEXT: ACCESS kernel=in_condition id=4 at=33:12 var=s mode=read
// PLAN-NEXT: BSYNC kernel=in_condition at=31:10 form=__syncthreads_or
// PLAN-NEXT: ITS kernel=reference_local checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=reference_local id=1 at=39:3 var=s mode=write
// PLAN-NEXT: BSYNC kernel=reference_local at=40:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=device_barrier checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=device_barrier id=1 at=45:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=device_barrier id=2 at=47:3 var=out mode=write
// PLAN-NEXT: ACCESS kernel=device_barrier id=3 at=47:22 var=s mode=read
// PLAN-NEXT: WSYNC kernel=device_barrier at=46:3 form=wait_all
// PLAN-NEXT: ITS kernel=shared_atomic_result checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=shared_atomic_result id=1 at=71:3 var=out mode=write
// PLAN-NEXT: WSYNC kernel=shared_atomic_result at=72:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=syncwarp checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=syncwarp id=1 at=84:3 var=s mode=write
// PLAN-NEXT: WSYNC kernel=syncwarp at=85:3 form=__syncwarp
// PLAN-NEXT: WSYNC kernel=syncwarp at=86:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=shuffle checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=shuffle id=1 at=91:3 var=s mode=write
// PLAN-NEXT: WSYNC kernel=shuffle at=91:20 form=__shfl_down_sync
// PLAN-NEXT: WSYNC kernel=shuffle at=92:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=timer checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=timer id=1 at=97:3 var=s mode=write
// PLAN-NEXT: BSYNC kernel=timer at=98:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=jumps checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=jumps id=1 at=103:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=jumps id=2 at=108:12 var=s mode=read
// PLAN-NEXT: BSYNC kernel=jumps at=106:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=bitfield checked=yes rule="shared memory without a replay" checks=shadow
// PLAN-NEXT: ACCESS kernel=bitfield id=1 at=113:3 var=s mode=write
// PLAN-NEXT: BSYNC kernel=bitfield at=114:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=warp_tile checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=warp_tile id=1 at=120:3 var=s mode=write
// PLAN-NEXT: WSYNC kernel=warp_tile at=122:3 form=sync
// PLAN-NEXT: WSYNC kernel=warp_tile at=123:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=in_expression proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=in_condition proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)<1;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NEXT: OWN kernel=reference_local proved=no reason="a pointer it writes through is used other than as the base of an access"
// PLAN-NEXT: OWN kernel=device_barrier proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=device_store proved=no reason="a pointer it writes through is used other than as the base of an access"
// PLAN-NEXT: OWN kernel=atomic_result proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=shared_atomic_result proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=jumps proved=no reason="a goto in the kernel"
// PLAN-NEXT: OWN kernel=bitfield proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{^(KERNEL|TARGET|BARRIER|LAUNCH|SITE|ITS|ACCESS|WSYNC|BSYNC)}}
