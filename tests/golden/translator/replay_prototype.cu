// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: kernels declared before main and defined after it.  The metadata
// struct and the clone's prototype go before the prototype (composed ones'
// with the global_info; `__ldcc_g_<k>`'s after it): launches are rewritten.
__global__ void later(float *out, int n);
static __global__ void none();
__global__ void unnamed(int *, int);

int main() {
  float *d = 0;
  later<<<1, 128>>>(d, 128);
  none<<<1, 32>>>();
  unnamed<<<1, 32>>>(0, 1);
  return 0;
}

__global__ void later(float *out, int n) {
  __shared__ float s[128];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < n)
    out[threadIdx.x] = s[127 - threadIdx.x];
}

static __global__ void none() {
  __shared__ int s[32];
  s[threadIdx.x] = s[31 - threadIdx.x];
  __syncthreads();
}

__global__ void unnamed(int *p, int v) {
  __shared__ int s[32];
  s[threadIdx.x] = v;
  __syncthreads();
  p[threadIdx.x] = s[0];
}

// CLONE: {{^}}struct __ldcc_meta_later {
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_later(float *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi);
// CLONE-NEXT: {{^}}__global__ void __launch_bounds__(1024) __ldcc_later__lb(float *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi);
// CLONE-NEXT: {{^}}#line 8 "{{.*}}replay_prototype.cu"
// CLONE-NEXT: {{^}}__global__ void later(float *out, int n); __global__ void __ldcc_g_later(float *out, int n, __ldcc::global_info __ldcc_gi);{{$}}
// CLONE: {{^}}static __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_none(__ldcc::launch_info __ldcc_li);
// CLONE-NEXT: {{^}}static __global__ void __launch_bounds__(1024) __ldcc_none__lb(__ldcc::launch_info __ldcc_li);
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_unnamed(int *, int, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi);
// CLONE: {{^}}__global__ void unnamed(int *, int); __global__ void __ldcc_g_unnamed(int *, int, __ldcc::global_info __ldcc_gi);{{$}}
// CLONE: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&later))>::run(__ldcc__gmeta(0), 0, 1, 128, 0, 0, {{.*}} __ldcc::launch(&__ldcc_meta_later::meta, (const void *)__ldcc_later, (const void *)__ldcc_later__lb, 0, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, __ldcc_m__st,
// CLONE-NEXT: {{^}} __ldcc::its_arm<1>(), __ldcc::launch(&__ldcc_meta_none::meta, (const void *)__ldcc_none, (const void *)__ldcc_none__lb, 1, 1, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, __ldcc::launch_info __ldcc_l__li, int __ldcc_l__big) { if (__ldcc_l__big) __ldcc_none__lb<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__li); else __ldcc_none<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__li); }, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st) { none<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(); });
// CLONE-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&unnamed))>::run(__ldcc__gmeta(1), 0, 1, 32, 0, 0, {{.*}} __ldcc::launch(&__ldcc_meta_unnamed::meta, (const void *)__ldcc_unnamed, (const void *)__ldcc_unnamed__lb, 2, __ldcc_m__g,
// CLONE: {{^}}struct __ldcc_layout_later {
// CLONE-NOT: {{^}}struct __ldcc_meta_later {
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_later(float *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) {


// PLAN: KERNEL name=later checked=yes at=20:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=none checked=yes at=28:24
// PLAN-NEXT: KERNEL name=unnamed checked=yes at=34:17 global=yes units=blocks writes=p one_run=p
// PLAN-NEXT: TARGET kernel=later space=global name=out at=20:30 written=yes
// PLAN-NEXT: TARGET kernel=later space=shared name=s at=21:20 written=yes
// PLAN-NEXT: TARGET kernel=none space=shared name=s at=29:18 written=yes
// PLAN-NEXT: TARGET kernel=unnamed space=global name=p at=34:30 written=yes
// PLAN-NEXT: TARGET kernel=unnamed space=shared name=s at=35:18 written=yes
// PLAN-NEXT: BARRIER kernel=later form=__syncthreads at=23:3
// PLAN-NEXT: BARRIER kernel=none form=__syncthreads at=31:3
// PLAN-NEXT: BARRIER kernel=unnamed form=__syncthreads at=37:3
// PLAN-NEXT: LAUNCH kernel=later at=14:3
// PLAN-NEXT: LAUNCH kernel=none at=15:3
// PLAN-NEXT: LAUNCH kernel=unnamed at=16:3
// PLAN-NEXT: SITE kernel=later id=0 at=20:17 form=entry
// PLAN-NEXT: SITE kernel=later id=1 at=23:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=later id=2 at=26:1 form=exit
// PLAN-NEXT: COPIES kernel=later scratch=lazy
// PLAN-NEXT: PROOF kernel=later proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: SITE kernel=none id=0 at=28:24 form=entry
// PLAN-NEXT: SITE kernel=none id=1 at=31:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=none id=2 at=32:1 form=exit
// PLAN-NEXT: COPIES kernel=none scratch=lazy
// PLAN-NEXT: PROOF kernel=none proved=no reason="'s' is written in a region that also uses it at another thread's element (line 30)"
// PLAN-NEXT: SITE kernel=unnamed id=0 at=34:17 form=entry
// PLAN-NEXT: SITE kernel=unnamed id=1 at=37:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=unnamed id=2 at=39:1 form=exit
// PLAN-NEXT: COPIES kernel=unnamed scratch=lazy
// PLAN-NEXT: PROOF kernel=unnamed proved=yes bounds=x<=extent(s,0),y=1,z=1
// PLAN-NEXT: ITS kernel=none checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=none id=1 at=30:3 var=s mode=write
// PLAN-NEXT: ACCESS kernel=none id=2 at=30:20 var=s mode=read
// PLAN-NEXT: WSYNC kernel=none at=31:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=later proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NEXT: OWN kernel=unnamed proved=yes conds="1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648;1*(blockDim.y-1)<1;1*(blockDim.z-1)<1;1*(gridDim.x-1)<1;1*(gridDim.y-1)<1;1*(gridDim.z-1)<1;1*(blockDim.x-1)+0<2147483648"
// PLAN-NOT: {{.}}
// Deterministic mode: a kernel launched between its prototype and its
// definition is composed there too (launch_before_def.cu has a prototype
// the check across blocks cannot copy); the translated file compiles.
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DET
// RUN: %ldcc-translate --deterministic %s > %t.det.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -D__LDCC_DETERMINISTIC=1 -c %t.det.cu -o %t.det.o
// DET: KERNEL name=later checked=yes at=20:17 global=yes units=blocks writes=out one_run=out det=yes
