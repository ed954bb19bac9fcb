// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Launches written inside a macro's argument in host code are rewritten
// there (the edit is of the argument's text, so the expansion holds the
// rewritten launch): cudaLaunchKernel in a checking macro, nested in a
// second macro, over several lines (kept to its lines: no #line inside the
// arguments) and in a stringizing macro (the string shows the rewritten
// text); <<<>>> in variadic macros, with macros in its configuration and
// arguments (copied as written), for the check across blocks and the
// shared-memory replay; an argument used twice is one launch, rewritten
// once and expanded twice.  A launch written in a macro's body, or whose
// arguments come from one macro, stays as written; a launch in a macro
// body is not in the plan.
#include <cuda_runtime.h>
#include <stdio.h>

#define CHECK(x) do { if ((x) != cudaSuccess) return 1; } while (0)
#define TRY(x) if ((x) != cudaSuccess) printf("%s failed\n", #x)
#define TIME(...) do { __VA_ARGS__; } while (0)
#define WRAP(x) x
#define N 1024
#define ID(x) x
#define LAUNCH_FILL(p) fill<<<1, 32>>>(p)
#define DIMS 1, 32
#define TWICE(x) x; x

__global__ void fill(int *p) { p[threadIdx.x] = 1; }

__global__ void rotate(int shift) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int v = s[(t + shift) % 64];
  __syncthreads();
  s[t] = v;
}

int main() {
  int *p = 0, shift = 3;
  void *args[] = {&p};
  void *rargs[] = {&shift};
  CHECK(cudaLaunchKernel((const void *)fill, N / 256, 256, args, 0, 0));
  CHECK(WRAP(cudaLaunchKernel(fill, 1, 32, args)));
  CHECK(cudaLaunchKernel((const void *)fill, dim3(1), // grid
                         dim3(32), args, 0, 0));
  int line = __LINE__;
  TRY(cudaLaunchKernel(fill, 1, 32, args));
  TIME(fill<<<N / 256, ID(256)>>>(ID(p)));
  TIME(rotate<<<2, 64>>>(shift));
  CHECK(cudaLaunchKernel(rotate, 2, 64, rargs));
  LAUNCH_FILL(p);
  CHECK(cudaLaunchKernel(fill, DIMS, args, 0, 0));
  TWICE((fill<<<1, 32>>>(p)));
  return line;
}

// PLAN: KERNEL name=fill checked=yes at=29:17 global=yes units=warps writes=p one_run=p
// PLAN-NEXT: KERNEL name=rotate checked=yes at=31:17
// PLAN: LAUNCH kernel=fill at=45:9 cudaLaunchKernel macro
// PLAN-NEXT: LAUNCH kernel=fill at=46:14 cudaLaunchKernel macro
// PLAN-NEXT: LAUNCH kernel=fill at=47:9 cudaLaunchKernel macro
// PLAN-NEXT: LAUNCH kernel=fill at=50:7 cudaLaunchKernel macro
// PLAN-NEXT: LAUNCH kernel=fill at=51:8 macro
// PLAN-NEXT: LAUNCH kernel=rotate at=52:8 macro
// PLAN-NEXT: LAUNCH kernel=rotate at=53:9 cudaLaunchKernel macro
// PLAN-NEXT: LAUNCH kernel=fill at=55:9 cudaLaunchKernel macro
// PLAN-NEXT: LAUNCH kernel=fill at=56:10 macro
// PLAN-NEXT: SITE
// PLAN-NOT: LAUNCH

// TEXT: {{^}}  CHECK([&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t { return __ldcc::api_launch<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { __ldcc::launch_as<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc__gmeta(0), 0, __ldcc_a__g, {{.*}} }((const void *)fill, N / 256, 256, args, 0, 0));{{$}}
// TEXT-NEXT: {{^}}  CHECK(WRAP([&](auto, {{.*}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc__gmeta(0), 1, {{.*}} }(fill, 1, 32, args, 0, 0)));{{$}}
// TEXT-NEXT: {{^}}  CHECK([&](auto, {{.*}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc__gmeta(0), 2, {{.*}} }((const void *)fill, dim3(1),   dim3(32), args, 0, 0){{$}}
// TEXT-NEXT: {{^}});{{$}}
// TEXT-NEXT: {{^}}  int line = __LINE__;{{$}}
// TEXT-NEXT: {{^}}  TRY([&](auto, {{.*}}__ldcc::launch_as<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc__gmeta(0), 3, {{.*}} }(fill, 1, 32, args, 0, 0));{{$}}
// TEXT-NEXT: {{^}}  TIME(__ldcc::launch_as<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc__gmeta(0), 4, N / 256, ID(256), 0, 0, [&]{{.*}} fill<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, __ldcc_l__st>>>(__ldcc_l__a...); }, ID(p)));{{$}}
// TEXT-NEXT: {{^}}  TIME(__ldcc::launch(&__ldcc_meta_rotate::meta, (const void *)__ldcc_rotate, (const void *)__ldcc_rotate__lb, 0, 2, 64, 0, 0, {{.*}}(shift); }));{{$}}
// TEXT-NEXT: {{^}}  CHECK([&](auto, {{.*}}__ldcc::launch(&__ldcc_meta_rotate::meta, (const void *)__ldcc_rotate, (const void *)__ldcc_rotate__lb, 1, __ldcc_a__g, {{.*}} }(rotate, 2, 64, rargs, 0, 0));{{$}}
// TEXT-NEXT: {{^}}  LAUNCH_FILL(p);{{$}}
// TEXT-NEXT: {{^}}  CHECK(cudaLaunchKernel(fill, DIMS, args, 0, 0));{{$}}
// TEXT-NEXT: {{^}}  TWICE((__ldcc::launch_as<decltype(__ldcc::plain_fn(&fill))>::run(__ldcc__gmeta(0), 5, 1, 32, 0, 0, {{.*}}, p)));{{$}}
// TEXT: {{^}}  static const int __ldcc_l0[] = {45, 46, 47, 50, 51, 56, 29};{{$}}
// TEXT: {{^}}static const int __ldcc__launches[] = {52, 53, 31};{{$}}

// The line after the launch over two lines is still its own.
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -E %t.cu | FileCheck %s --check-prefix=LINE
// LINE: int line = 49;
// A stringized argument shows the rewritten launch (docs/translator.md).
// LINE: printf("%s failed\n", "[&](auto, dim3 __ldcc_a__g,
