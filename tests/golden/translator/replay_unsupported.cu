// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc -arch=sm_90 -std=c++17 -isystem %srcroot/include -rdc=true -c %t.cu -o %t.o
// Replay: what it cannot transform: a reason, no clone (but see the warp
// ones, and atomic_result: pass 2 returns the atomic's pass-1 value).
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
// through it.  The warp-synchronous kernels syncwarp and shuffle get the
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
// CLONE: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&in_expression))>::run(__ldcc__gmeta(0), 0, 1, 32,
// CLONE-NEXT: {{^ *}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&bitfield))>::run(__ldcc__gmeta({{[0-9]+}}), 0, 1, 32,
// CLONE: {{^}}/* ldcc: metadata of the intra-warp checks */
// CLONE: {{^}}/* ldcc: metadata of the instrumented kernels */
// CLONE: {{^}}    "syncwarp", __ldcc__file, 79,
// CLONE: {{^}}    "shuffle", __ldcc__file, 86,
// CLONE: {{^}}    "warp_tile", __ldcc__file, 115,
// CLONE-NOT: {{^}}const __ldcc::kernel_meta


// PLAN: KERNEL name=in_expression checked=yes shared_reason="barrier inside an expression" at=19:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=in_condition checked=yes shared_reason="barrier inside an expression" at=25:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=reference_local checked=yes shared_reason="local of a type that cannot be hoisted" at=33:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=device_barrier checked=yes shared_reason="barrier in device function template wait_all" at=40:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=device_store checked=yes at=47:17 global=yes units=blocks writes=out
// PLAN-NEXT: KERNEL name=external_call checked=yes shared_reason="call to elsewhere defined elsewhere" at=54:17 global=no global_reason="calls elsewhere, defined in another file"
// PLAN-NEXT: KERNEL name=atomic_result checked=yes at=60:17 global=yes units=blocks writes=out one_run=out direct=yes atomics=1
// PLAN-NEXT: KERNEL name=shared_atomic_result checked=yes shared_reason="result of a shared atomic is used" at=66:17 global=yes units=blocks writes=out one_run=out direct=yes atomics=0
// PLAN-NEXT: KERNEL name=fence checked=yes shared_reason="memory fence" at=72:17
// PLAN-NEXT: KERNEL name=syncwarp checked=yes at=79:17
// PLAN-NEXT: KERNEL name=shuffle checked=yes at=86:17
// PLAN-NEXT: KERNEL name=timer checked=yes shared_reason="clock" at=92:17
// PLAN-NEXT: KERNEL name=jumps checked=yes shared_reason="goto or label" at=98:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=bitfield checked=yes shared_reason="store to a bit-field" at=108:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=warp_tile checked=yes at=115:17
// PLAN-NEXT: TARGET kernel=in_expression space=global name=out at=19:36 written=yes
// PLAN-NEXT: TARGET kernel=in_expression space=shared name=s at=20:18 written=yes
// PLAN-NEXT: TARGET kernel=in_condition space=global name=out at=25:35 written=yes
// PLAN-NEXT: TARGET kernel=in_condition space=shared name=s at=26:18 written=yes
// PLAN-NEXT: TARGET kernel=reference_local space=global name=out at=33:38 written=yes
// PLAN-NEXT: TARGET kernel=reference_local space=shared name=s at=34:18 written=yes
// PLAN-NEXT: TARGET kernel=device_barrier space=global name=out at=40:37 written=yes
// PLAN-NEXT: TARGET kernel=device_barrier space=shared name=s at=41:18 written=yes
// PLAN-NEXT: TARGET kernel=device_store space=global name=out at=47:35 written=yes
// PLAN-NEXT: TARGET kernel=device_store space=shared name=s at=48:18 written=yes
// PLAN-NEXT: TARGET kernel=external_call space=global name=out at=54:36 written=no
// PLAN-NEXT: TARGET kernel=external_call space=shared name=s at=55:18 written=yes
// PLAN-NEXT: TARGET kernel=atomic_result space=global name=out at=60:36 written=yes
// PLAN-NEXT: TARGET kernel=atomic_result space=shared name=s at=61:18 written=yes
// PLAN-NEXT: TARGET kernel=shared_atomic_result space=global name=out at=66:43 written=yes
// PLAN-NEXT: TARGET kernel=shared_atomic_result space=shared name=s at=67:18 written=yes
// PLAN-NEXT: TARGET kernel=fence space=global name=out at=72:28 written=no
// PLAN-NEXT: TARGET kernel=fence space=shared name=s at=73:18 written=yes
// PLAN-NEXT: TARGET kernel=syncwarp space=global name=out at=79:31 written=no
// PLAN-NEXT: TARGET kernel=syncwarp space=shared name=s at=80:18 written=yes
// PLAN-NEXT: TARGET kernel=shuffle space=global name=out at=86:30 written=no
// PLAN-NEXT: TARGET kernel=shuffle space=shared name=s at=87:18 written=yes
// PLAN-NEXT: TARGET kernel=timer space=global name=out at=92:34 written=no
// PLAN-NEXT: TARGET kernel=timer space=shared name=s at=93:24 written=yes
// PLAN-NEXT: TARGET kernel=jumps space=global name=out at=98:28 written=yes
// PLAN-NEXT: TARGET kernel=jumps space=shared name=s at=99:18 written=yes
// PLAN-NEXT: TARGET kernel=bitfield space=global name=out at=108:33 written=yes
// PLAN-NEXT: TARGET kernel=bitfield space=shared name=s at=109:18 written=yes
// PLAN-NEXT: TARGET kernel=warp_tile space=global name=out at=115:32 written=no
// PLAN-NEXT: TARGET kernel=warp_tile space=shared name=s at=116:18 written=yes
// PLAN-NEXT: BARRIER kernel=wait_all form=__syncthreads at=15:47
// PLAN-NEXT: BARRIER kernel=in_expression form=__syncthreads_count at=22:26
// PLAN-NEXT: BARRIER kernel=in_condition form=__syncthreads_or at=28:10
// PLAN-NEXT: BARRIER kernel=reference_local form=__syncthreads at=37:3
// PLAN-NEXT: BARRIER kernel=device_store form=__syncthreads at=50:3
// PLAN-NEXT: BARRIER kernel=external_call form=__syncthreads at=57:3
// PLAN-NEXT: BARRIER kernel=atomic_result form=__syncthreads at=63:3
// PLAN-NEXT: BARRIER kernel=shared_atomic_result form=__syncthreads at=69:3
// PLAN-NEXT: BARRIER kernel=fence form=__syncthreads at=76:3
// PLAN-NEXT: BARRIER kernel=syncwarp form=__syncthreads at=83:3
// PLAN-NEXT: BARRIER kernel=shuffle form=__syncthreads at=89:3
// PLAN-NEXT: BARRIER kernel=timer form=__syncthreads at=95:3
// PLAN-NEXT: BARRIER kernel=jumps form=__syncthreads at=103:3
// PLAN-NEXT: BARRIER kernel=bitfield form=__syncthreads at=111:3
// PLAN-NEXT: BARRIER kernel=warp_tile form=__syncthreads at=120:3
// PLAN-NEXT: LAUNCH kernel=in_expression at=125:3
// PLAN-NEXT: LAUNCH kernel=bitfield at=126:3
// PLAN-NEXT: SITE kernel=device_store id=0 at=47:17 form=entry
// PLAN-NEXT: SITE kernel=device_store id=1 at=50:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=device_store id=2 at=52:1 form=exit
// PLAN-NEXT: COPIES kernel=device_store scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN-NEXT: PROOF kernel=device_store proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=atomic_result id=0 at=60:17 form=entry
// PLAN-NEXT: SITE kernel=atomic_result id=1 at=63:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=atomic_result id=2 at=64:1 form=exit
// PLAN-NEXT: COPIES kernel=atomic_result scratch=lazy
// PLAN-NEXT: PROOF kernel=atomic_result proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=syncwarp id=0 at=79:17 form=entry
// PLAN-NEXT: SITE kernel=syncwarp id=1 at=83:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=syncwarp id=2 at=84:1 form=exit
// PLAN-NEXT: COPIES kernel=syncwarp scratch=lazy
// PLAN-NEXT: PROOF kernel=syncwarp proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=shuffle id=0 at=86:17 form=entry
// PLAN-NEXT: SITE kernel=shuffle id=1 at=89:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shuffle id=2 at=90:1 form=exit
// PLAN-NEXT: COPIES kernel=shuffle scratch=lazy
// PLAN-NEXT: PROOF kernel=shuffle proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=warp_tile id=0 at=115:17 form=entry
// PLAN-NEXT: SITE kernel=warp_tile id=1 at=120:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=warp_tile id=2 at=121:1 form=exit
// PLAN-NEXT: COPIES kernel=warp_tile scratch=lazy
// PLAN-NEXT: PROOF kernel=warp_tile proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: ITS kernel=syncwarp checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=syncwarp id=1 at=81:3 var=s mode=write
// PLAN-NEXT: WSYNC kernel=syncwarp at=82:3 form=__syncwarp
// PLAN-NEXT: WSYNC kernel=syncwarp at=83:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=shuffle checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=shuffle id=1 at=88:3 var=s mode=write
// PLAN-NEXT: WSYNC kernel=shuffle at=88:20 form=__shfl_down_sync
// PLAN-NEXT: WSYNC kernel=shuffle at=89:3 form=__syncthreads
// PLAN-NEXT: ITS kernel=warp_tile checked=yes rule="__syncwarp or warp collective"
// PLAN-NEXT: ACCESS kernel=warp_tile id=1 at=117:3 var=s mode=write
// PLAN-NEXT: WSYNC kernel=warp_tile at=119:3 form=sync
// PLAN-NEXT: WSYNC kernel=warp_tile at=120:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=in_expression proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=in_condition proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NEXT: OWN kernel=reference_local proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=device_barrier proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=device_store proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NEXT: OWN kernel=atomic_result proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=shared_atomic_result proved=no reason="direct one run"
// PLAN-NEXT: OWN kernel=jumps proved=no reason="a goto in the kernel"
// PLAN-NEXT: OWN kernel=bitfield proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{^(KERNEL|TARGET|BARRIER|LAUNCH|SITE|ITS|ACCESS|WSYNC)}}