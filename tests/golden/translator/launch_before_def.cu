// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels declared before main and defined after it, checked across
// blocks: the clone's prototype (`__ldcc_g_<k>`, the prototype's text with
// `__ldcc::global_info __ldcc_gi` added) goes on the prototype's line,
// after it, so the launches between the prototype and the definition are
// rewritten: a kernel checked across blocks only, a template, one with
// shared memory too (composed: its replay clones' prototypes take the
// global_info as well), a kernel not checked across blocks (routed, so
// the report says why), and a cudaLaunchKernel.  A prototype with a comment
// in its parameters is not copied: that composed kernel keeps its
// shared-memory clone alone.
#include <cuda_runtime.h>

__global__ void scale(float *out, int n);
template <int N> __global__ void fill(int *p);
__global__ void tile(float *out);
__global__ void count(int *p);
__global__ void noted(float *out /* in place */);

int main() {
  float *d = 0;
  int *p = 0, n = 64;
  void *args[] = {&d, &n};
  scale<<<2, 64>>>(d, n);
  fill<4><<<1, 32>>>(p);
  tile<<<2, 32>>>(d);
  count<<<2, 32>>>(p);
  noted<<<2, 32>>>(d);
  return cudaLaunchKernel(scale, 2, 64, args);
}

__global__ void scale(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= 2.0f;
}

template <int N> __global__ void fill(int *p) { p[threadIdx.x] = N; }

__global__ void tile(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = out[blockIdx.x * 32 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[31 - threadIdx.x];
}

__global__ void count(int *p) { atomicAdd(p, 1); }

__global__ void noted(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] += s[31 - threadIdx.x];
}

// PLAN: KERNEL name=scale checked=yes at=35:17 global=yes units=warps writes=out one_run=out
// PLAN-NEXT: KERNEL name=fill checked=yes at=41:34 template global=yes units=warps writes=p one_run=p
// PLAN-NEXT: KERNEL name=tile checked=yes at=43:17 global=yes units=blocks writes=out
// PLAN-NEXT: KERNEL name=count checked=yes at=50:17 global=yes units=warps writes=p one_run=p direct=yes atomics=1
// PLAN-NEXT: KERNEL name=noted checked=yes at=52:17 global=no global_reason="launched before its definition"
// PLAN: LAUNCH kernel=scale at=27:3
// PLAN-NEXT: LAUNCH kernel=fill at=28:3
// PLAN-NEXT: LAUNCH kernel=tile at=29:3
// PLAN-NEXT: LAUNCH kernel=count at=30:3
// PLAN-NEXT: LAUNCH kernel=noted at=31:3
// PLAN-NEXT: LAUNCH kernel=scale at=32:10 cudaLaunchKernel

// TEXT: {{^}}__global__ void scale(float *out, int n); __global__ void __ldcc_g_scale(float *out, int n, __ldcc::global_info __ldcc_gi);{{$}}
// TEXT-NEXT: {{^}}template <int N> __global__ void fill(int *p); template <int N> __global__ void __ldcc_g_fill(int *p, __ldcc::global_info __ldcc_gi);{{$}}
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_tile(float *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi);{{$}}
// TEXT-NEXT: {{^}}__global__ void __launch_bounds__(1024) __ldcc_tile__lb(float *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi);{{$}}
// TEXT: {{^}}__global__ void tile(float *out); __global__ void __ldcc_g_tile(float *out, __ldcc::global_info __ldcc_gi);{{$}}
// TEXT-NEXT: {{^}}__global__ void count(int *p); __global__ void __ldcc_g_count(int *p, __ldcc::global_info __ldcc_gi);{{$}}
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_noted(float *out /* in place */, __ldcc::launch_info __ldcc_li);{{$}}
// TEXT: {{^}}__global__ void noted(float *out /* in place */);{{$}}
// TEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&scale))>::run(__ldcc__gmeta(0), 0, 2, 64, 0, 0, {{.*}} if (__ldcc_l__gi) __ldcc_g_scale<<<{{.*}}>>>(__ldcc_l__a..., *__ldcc_l__gi); else scale<<<{{.*}}, d, n);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill<4>))>::run(__ldcc__gmeta(1), 0, 1, 32, 0, 0, {{.*}} if (__ldcc_l__gi) __ldcc_g_fill<4><<<{{.*}}, p);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&tile))>::run(__ldcc__gmeta(2), 0, 2, 32, 0, 0, {{.*}} __ldcc::launch(&__ldcc_meta_tile::meta, (const void *)__ldcc_tile, (const void *)__ldcc_tile__lb, 0, __ldcc_m__g, {{.*}} if (__ldcc_m__gi) __ldcc_g_tile<<<{{.*}}, d);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch_as<decltype(__ldcc::plain_fn(&count))>::run(__ldcc__gmeta(3), 0, 2, 32, 0, 0, [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh, cudaStream_t __ldcc_l__st, const __ldcc::global_info *__ldcc_l__gi, auto &...__ldcc_l__a) { if (__ldcc_l__gi) __ldcc_g_count<<<{{.*}}, p);{{$}}
// TEXT-NEXT: {{^}}  __ldcc::launch(&__ldcc_meta_noted::meta, (const void *)__ldcc_noted, (const void *)__ldcc_noted__lb, 1, 2, 32, 0, 0, {{.*}} noted<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(d); });{{$}}
// TEXT-NEXT: {{^}}  return [&](auto, {{.*}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&scale))>::run(__ldcc__gmeta(0), 1, __ldcc_a__g, {{.*}} }(scale, 2, 64, args, 0, 0);{{$}}
// TEXT: {{^}}  static const int __ldcc_l0[] = {27, 32, 35};{{$}}
// TEXT: {{^}}  static const int __ldcc_l1[] = {28};{{$}}
// TEXT: {{^}}  static const int __ldcc_l2[] = {29, 43};{{$}}
// TEXT: {{^}}  static const int __ldcc_l3[] = {30, 50};{{$}}
// TEXT: {{^}}static const int __ldcc__launches[] = {29, 31, 43, 52};{{$}}

// Deterministic mode: the composed kernel is launched through both clones
// there too.
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DET
// RUN: %ldcc-translate --deterministic %s > %t.det.cu
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -D__LDCC_DETERMINISTIC=1 -c %t.det.cu -o %t.det.o
// DET: KERNEL name=tile checked=yes at=43:17 global=yes units=blocks writes=out det=yes
// DET-NEXT: KERNEL name=count
// DET-NEXT: KERNEL name=noted checked=yes at=52:17 global=no global_reason="launched before its definition" det=partial
