// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// cudaLaunchKernel of a kernel each rewriter takes: the shared-memory
// replay (`__ldcc::launch`), the check across blocks (a kernel without
// parameters that writes a __device__ variable: routed, with its reason),
// and a warp-synchronous kernel (the replay and the check across blocks,
// carrying the inline checks; armed, parenthesised: an initialiser).  Each
// launch is wrapped in a lambda that takes the call's arguments (`0` for
// defaults) and returns its error; a kernel no rewriter takes is left alone.
#include <cuda_runtime.h>

__device__ int flag;

__global__ void set_flag() { ::flag = 1; }

__global__ void rotate(int shift) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int v = s[(t + shift) % 64];
  __syncthreads();
  s[t] = v;
}

__global__ void warp_sum(int *g) {
  __shared__ int s[64];
  int tid = threadIdx.x;
  s[tid] = g[tid];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    __syncwarp();
    s[tid] += s[tid + 16];
  }
  if (tid == 0)
    g[0] = s[0];
}

__global__ void idle(int n) {}

int main() {
  int *g = 0, shift = 3;
  void *args[] = {&g};
  void *rargs[] = {&shift};
  cudaLaunchKernel((const void *)set_flag, 1, 1, nullptr, 0, 0);
  cudaLaunchKernel(rotate, dim3(2), dim3(64), rargs);
  cudaError_t e = cudaLaunchKernel(warp_sum, 1, 64, args, 0);
  cudaLaunchKernel((void *)idle, 1, 1, rargs, 0, 0);
  return e;
}

// PLAN: KERNEL name=set_flag checked=yes at=16:17 global=no global_reason="writes __device__ variable flag (named with a qualifier)"
// PLAN-NEXT: KERNEL name=rotate checked=yes at=18:17
// PLAN-NEXT: KERNEL name=warp_sum checked=yes at=28:17 global=yes units=blocks writes=g
// PLAN-NEXT: KERNEL name=idle checked=yes at=42:17
// PLAN-NEXT: TARGET kernel=set_flag space=global name=flag at=14:16 written=yes
// PLAN-NEXT: TARGET kernel=rotate space=shared name=s at=19:18 written=yes
// PLAN-NEXT: TARGET kernel=warp_sum space=global name=g at=28:31 written=yes
// PLAN-NEXT: TARGET kernel=warp_sum space=shared name=s at=29:18 written=yes
// PLAN-NEXT: BARRIER kernel=rotate form=__syncthreads at=22:3
// PLAN-NEXT: BARRIER kernel=rotate form=__syncthreads at=24:3
// PLAN-NEXT: BARRIER kernel=warp_sum form=__syncthreads at=32:3
// PLAN-NEXT: LAUNCH kernel=set_flag at=48:3 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=rotate at=49:3 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=warp_sum at=50:19 cudaLaunchKernel
// PLAN-NEXT: LAUNCH kernel=idle at=51:3 cudaLaunchKernel
// PLAN-NEXT: SITE kernel=rotate id=0 at=18:17 form=entry
// PLAN-NEXT: SITE kernel=rotate id=1 at=22:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=rotate id=2 at=24:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=rotate id=3 at=26:1 form=exit
// PLAN-NEXT: COPIES kernel=rotate scratch=lazy
// PLAN-NEXT: PROOF kernel=rotate proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=warp_sum id=0 at=28:17 form=entry
// PLAN-NEXT: SITE kernel=warp_sum id=1 at=32:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=warp_sum id=2 at=40:1 form=exit
// PLAN-NEXT: COPIES kernel=warp_sum scratch=lazy
// PLAN-NEXT: PROOF kernel=warp_sum proved=yes bounds=x<=extent(s,0),x<=16,y=1,z=1
// PLAN-NEXT: ITS kernel=warp_sum checked=yes rule="lane-range condition"
// PLAN-NEXT: ACCESS kernel=warp_sum id=1 at=31:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=warp_sum id=2 at=31:12 var=g mode=read
// PLAN-NEXT: ACCESS kernel=warp_sum id=3 at=34:5 var=s mode=rw
// PLAN-NEXT: ACCESS kernel=warp_sum id=4 at=34:15 var=s mode=read
// PLAN-NEXT: ACCESS kernel=warp_sum id=5 at=36:5 var=s mode=rw
// PLAN-NEXT: ACCESS kernel=warp_sum id=6 at=36:15 var=s mode=read
// PLAN-NEXT: ACCESS kernel=warp_sum id=7 at=39:5 var=g mode=write
// PLAN-NEXT: ACCESS kernel=warp_sum id=8 at=39:12 var=s mode=read
// PLAN-NEXT: WSYNC kernel=warp_sum at=32:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=warp_sum at=35:5 form=__syncwarp
// PLAN-NEXT: OWN kernel=warp_sum proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1"
// PLAN-NOT: {{.}}

// TEXT: {{^}}  [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&set_flag))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&set_flag))>::run(__ldcc__gmeta(0), 0, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *, auto &...__ldcc_l__a) { set_flag<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }); }); }((const void *)set_flag, 1, 1, nullptr, 0, 0);{{$}}
// TEXT-NEXT: {{^}}  [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&rotate))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch(&__ldcc_meta_rotate::meta, (const void *)__ldcc_rotate, (const void *)__ldcc_rotate__lb, 0, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_rotate__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_a__p..., __ldcc_l__li); else __ldcc_rotate<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_a__p..., __ldcc_l__li); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { rotate<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_a__p...); }); }); }(rotate, dim3(2), dim3(64), rargs, 0, 0);{{$}}
// TEXT-NEXT: {{^}}  cudaError_t e = (__ldcc::its_arm<1>(), [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&warp_sum))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&warp_sum))>::run(__ldcc__gmeta(1), 0, __ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st, [&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t __ldcc_m__sh, cudaStream_t __ldcc_m__st, const __ldcc::global_info *__ldcc_m__gi, auto &...__ldcc_m__a) { const __ldcc::global_info __ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : __ldcc::global_identity(); __ldcc::launch(&__ldcc_meta_warp_sum::meta, (const void *)__ldcc_warp_sum, (const void *)__ldcc_warp_sum__lb, 1, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_warp_sum__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); else __ldcc_warp_sum<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., __ldcc_l__li, __ldcc_m__i); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { if (__ldcc_m__gi) __ldcc_g_warp_sum<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); else warp_sum<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_m__a...); }); }, __ldcc_a__p...); }); }(warp_sum, 1, 64, args, 0, 0));{{$}}
// TEXT-NEXT: {{^}}  cudaLaunchKernel((void *)idle, 1, 1, rargs, 0, 0);{{$}}
// TEXT: {{^}}  static const int __ldcc_l0[] = {48, 16};{{$}}
// The last launch is the registered launcher of warp_sum, whose replay
// clone carries its inline checks: it arms them (session 38; before, such
// a kernel's registration only armed them and ran the original).
// TEXT: {{^}}static const int __ldcc__launches[] = {49, 50, 18, 28};{{$}}
