// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DET
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -I %S -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic %s > %t.det.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -I %S -D__LDCC_DETERMINISTIC -c %t.det.cu -o %t.det.o
// Written __device__ variables are shifted like pointer parameters
// (docs/global-check.md): the clone declares `auto &v = *shifted(&::v)`
// before the kernel's body, so the name means the unit's copy; the
// metadata lists each variable (its host shadow, element size) after the
// parameters, a written pointer never claimed.  A variable declared in a
// header counts too.  Where that declaration cannot stand for every use
// (a qualified name, a lambda, another declaration, decltype) the kernel is
// unchecked across blocks, with the cause in its reason; a function it calls
// using it too: the direct run, which clones it (global_devfn_vars.cu).
#include "Inputs/device_var.h"

__device__ int flag;
__device__ float table[64];
__managed__ int seen; // nvcc: a managed __device__ variable (the prelude)

namespace ns {
__device__ int last;
__global__ void in_ns(int *out, int n) {
  out[threadIdx.x] = n;
  if (threadIdx.x == 0)
    last = n;
}
} // namespace ns

__global__ void fill(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    table[i] = 2.0f * i;
  if (i == 0)
    flag = 1;
  float *row = &table[0]; // through its address: the copy's
  row[n % 64] += 1.0f;
}

__global__ void noted() { seen = 1; }

__global__ void counted(int *p) {
  p[threadIdx.x] = 1;
  header_count = blockIdx.x;
}

// With shared memory: the replay's clone takes the shifts too.
__global__ void staged(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[31 - threadIdx.x];
  if (threadIdx.x == 0)
    flag = s[0];
}

// With shared memory, the variable named with a qualifier: the replay
// checks it inside its blocks, and each launch site says the check across
// blocks left it out (its metadata's last argument).
__global__ void staged_qualified(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x];
  ::flag = s[0];
}

__device__ void helper() { flag = 2; }
__global__ void qualified() { ::flag = 1; }
__global__ void through_call() {
  flag = 1;
  helper();
}
__global__ void in_lambda() {
  auto f = [&] { flag = 3; };
  f();
}
__global__ void named_alike(int flag) { ::flag = flag; }
__global__ void local_alike() {
  flag = 1;
  {
    int flag = 2;
    (void)flag;
  }
}
__global__ void with_decltype() {
  decltype(flag) x = flag;
  flag = x + 1;
}

int main() {
  int *p;
  cudaMalloc(&p, 64 * sizeof(int));
  ns::in_ns<<<2, 32>>>(p, 5);
  fill<<<2, 32>>>(64);
  counted<<<2, 32>>>(p);
  noted<<<2, 32>>>();
  staged<<<2, 32>>>(p);
  staged_qualified<<<2, 32>>>(p);
  qualified<<<1, 1>>>();
  through_call<<<1, 1>>>();
  in_lambda<<<1, 1>>>();
  named_alike<<<1, 1>>>(2);
  local_alike<<<1, 1>>>();
  with_decltype<<<1, 1>>>();
  return 0;
}

// PLAN: KERNEL name=in_ns checked=yes at=25:17 global=yes units=warps writes=out,last vars=::ns::last{{$}}
// PLAN: KERNEL name=fill checked=yes at=32:17 global=yes units=warps writes=flag,table vars=::flag,::table{{$}}
// PLAN: KERNEL name=noted checked=yes at=42:17 global=yes units=warps writes=seen vars=::seen{{$}}
// PLAN: KERNEL name=counted checked=yes at=44:17 global=yes units=warps writes=p,header_count vars=::header_count{{$}}
// PLAN: KERNEL name=staged checked=yes at=50:17 global=yes units=blocks writes=out,flag vars=::flag{{$}}
// PLAN: KERNEL name=staged_qualified checked=yes at=62:17 global=no global_reason="writes __device__ variable flag (named with a qualifier)"{{$}}
// PLAN-NEXT: KERNEL name=qualified checked=yes at=71:17 global=no global_reason="writes __device__ variable flag (named with a qualifier)"{{$}}
// PLAN-NEXT: KERNEL name=through_call checked=yes at=72:17 global=yes units=warps writes=flag vars=::flag one_run=flag direct=yes atomics=0 devfns=helper:1:0{{$}}
// PLAN-NEXT: KERNEL name=in_lambda checked=yes at=76:17 global=no global_reason="writes __device__ variable flag (used inside a lambda)"{{$}}
// PLAN-NEXT: KERNEL name=named_alike checked=yes at=80:17 global=no global_reason="writes __device__ variable flag (another declaration of that name)"{{$}}
// PLAN-NEXT: KERNEL name=local_alike checked=yes at=81:17 global=no global_reason="writes __device__ variable flag (another declaration of that name)"{{$}}
// PLAN-NEXT: KERNEL name=with_decltype checked=yes at=88:17 global=no global_reason="writes __device__ variable flag (decltype in the kernel)"{{$}}
// The header's variable is a target where written, with no place in the
// main file.
// PLAN: TARGET kernel=counted space=global name=header_count at=device_var.h:2:21 written=yes{{$}}

// DET: KERNEL name=fill checked=yes at=32:17 global=yes units=warps writes=flag,table vars=::flag,::table det=yes{{$}}

// TEXT: {{^}}__global__ void __ldcc_g_in_ns(int *out, int n, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0); auto *__ldcc_v0 = &::ns::last; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v0, 1); auto &last = *__ldcc_v0;{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_fill(int n, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); auto *__ldcc_v0 = &::flag; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v0, 0); auto &flag = *__ldcc_v0; auto *__ldcc_v1 = &::table; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v1, 1); auto &table = *__ldcc_v1;{{$}}
// No claims: a launch writing a variable never takes the one run.
// TEXT: {{^}}__global__ void __ldcc_g_counted(int *p, __ldcc::global_info __ldcc_gi) { const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); __ldcc::gshift(__ldcc_gi, __ldcc_gc, p, 0); auto *__ldcc_v0 = &::header_count; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v0, 1); auto &header_count = *__ldcc_v0;{{$}}
// TEXT-NEXT: {{^}}  p[threadIdx.x] = 1;{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_staged(int *out, __ldcc::global_info __ldcc_gi) { {{.*}} auto *__ldcc_v0 = &::flag; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v0, 1); auto &flag = *__ldcc_v0;{{$}}
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_staged(int *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { {{.*}} auto *__ldcc_v0 = &::flag; __ldcc::gshift(__ldcc_gi, __ldcc_gc, __ldcc_v0, 1); auto &flag = *__ldcc_v0;{{$}}
// TEXT-NOT: {{^}}__global__ void __ldcc_g_qualified
// A function the kernel calls uses it too: the direct one run, whose clone
// of the function claims it by address (session 47).
// TEXT: {{^}}__device__ void __ldcc_gd_helper(const __ldcc::global_info &__ldcc_gi) { __ldcc::gset(__ldcc_gi, -1, &(flag), 70) = 2; }{{$}}
// TEXT: {{^}}__global__ void __ldcc_g_through_call(__ldcc::global_info __ldcc_gi) {
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int __ldcc_i) {{{$}}
// TEXT: {{^}}  static const char *const __ldcc_n0[] = {"out", "n", "last"};{{$}}
// TEXT-NEXT: {{^}}  static const unsigned char __ldcc_f0[] = {3, 0, 3};{{$}}
// TEXT-NEXT: {{^}}  static const signed char __ldcc_p0[] = {0, -1, 1};{{$}}
// TEXT-NEXT: {{^}}  static const __ldcc_global_arg __ldcc_v0[] = {__ldcc::var_arg(::ns::last)};{{$}}
// TEXT: {{^}}  static const char *const __ldcc_n1[] = {"n", "flag", "table"};{{$}}
// TEXT-NEXT: {{^}}  static const unsigned char __ldcc_f1[] = {0, 3, 3};{{$}}
// TEXT-NEXT: {{^}}  static const signed char __ldcc_p1[] = {-1, 0, 1};{{$}}
// TEXT-NEXT: {{^}}  static const __ldcc_global_arg __ldcc_v1[] = {__ldcc::var_arg(::flag), __ldcc::var_arg(::table)};{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "in_ns", {{.*}}, 2, 0, __ldcc_n0, __ldcc_f0, __ldcc_p0, NULL, 1, __ldcc_v0, 0, NULL},{{$}}
// TEXT-NEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "fill", {{.*}}, 1, 0, __ldcc_n1, __ldcc_f1, __ldcc_p1, NULL, 2, __ldcc_v1, 0, NULL},{{$}}
// TEXT: {{^}}      {__LDCC_GLOBAL_ABI, 1, {__LDCC_HOST_ABI, 0, "qualified", {{.*}}, "writes __device__ variable flag (named with a qualifier)", 0, NULL, 0, NULL},{{$}}
// The replay's metadata of a kernel the check across blocks left out.
// TEXT: {{^}}    "staged_qualified", __ldcc__file, {{.*}}, __ldcc__launches, 4,{{$}}
// TEXT-NEXT: {{^}}    "writes __device__ variable flag (named with a qualifier)", 1, __ldcc::pmin(std::extent<decltype(__ldcc_layout_staged_qualified::s), 0>::value), __ldcc::pmin(1u), __ldcc::pmin(1u));{{$}}
