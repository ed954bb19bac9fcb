// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DETPLAN
// Written __device__ variables that device functions use (docs/
// global-check.md, "Direct one run"): an error counter and flag a checking
// helper bumps, a work list's size a push helper takes.  The kernel takes
// the direct one run, whose clones of those functions claim the
// variables' uses by address (ordinal -1; the runtime's owner table holds
// the kernel's written variables); a variable the kernel never names is
// named from its declaration, its prologue reference `(void)`-ed.  Before,
// such a kernel was "not checked across blocks: writes __device__ variable
// numErrors (also used in check_data)".  A function using one that the
// run cannot clone leaves the kernel with that reason.
#include <cstdio>

__device__ unsigned int numErrors = 0, errorFound = 0;
__device__ int wl_size;
namespace stats {
__device__ float total;
}

__device__ void check_data(const char *data, char expected, int frame) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (data[i] != expected && !errorFound) {
    printf("FOUND %d at %d frame %d errors %u\n", data[i], i, frame, numErrors);
    numErrors++;
    errorFound = 1;
  }
}

// Printf in a helper, the counters in the helper only.
__global__ void consumer(const char *src, char expected, int frame) {
  check_data(src, expected, frame);
}

__device__ void push(int *wl, int v) { wl[atomicAdd(&wl_size, 1)] = v; }

// No atomic, printf or fence of its own: the direct run all the same.
__device__ void add_total(float v) { stats::total += v; }
__global__ void plain_total(const float *in) { add_total(in[threadIdx.x]); }

// The kernel names the variable too; the helper is two calls deep.
__device__ void push_twice(int *wl, int v) {
  push(wl, v);
  push(wl, -v);
}
__global__ void collect(int *wl, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    push_twice(wl, in[i]);
  if (i == 0 && wl_size > 2 * n)
    wl_size = 0;
}

// A use the run cannot clone: the helper takes the counter by reference.
__device__ void bump_ref(int &c) { c++; }
__device__ void bump_size() { bump_ref(wl_size); }
__global__ void by_reference(int *out) {
  bump_size();
  out[threadIdx.x] = 1;
}

// Called from a lambda: the call keeps the original.
__global__ void in_lambda(int *wl) {
  auto f = [&](int v) { push(wl, v); };
  f((int)threadIdx.x);
}

void run(const char *s, const float *f, int *wl, const int *in, int *out) {
  consumer<<<4, 256>>>(s, 1, 0);
  plain_total<<<1, 32>>>(f);
  collect<<<4, 256>>>(wl, in, 1024);
  by_reference<<<1, 32>>>(out);
  in_lambda<<<1, 32>>>(wl);
}

// PLAN: KERNEL name=consumer checked=yes at=34:17 global=yes units=warps writes=numErrors,errorFound vars=::numErrors,::errorFound one_run=src,numErrors,errorFound direct=yes atomics=0 devfns=check_data:6:0
// PLAN-NEXT: KERNEL name=plain_total checked=yes at=42:17 global=yes units=warps writes=total vars=::stats::total one_run=in,total direct=yes atomics=0 devfns=add_total:1:0
// PLAN-NEXT: KERNEL name=collect checked=yes at=49:17 global=yes units=warps writes=wl,wl_size vars=::wl_size one_run=wl,in,wl_size direct=yes atomics=0 devfns=push:2:1,push_twice:0:0
// PLAN-NEXT: KERNEL name=by_reference checked=yes at=60:17 global=no global_reason="writes __device__ variable wl_size (also used in bump_size): calls bump_size, whose uses of __device__ variables it cannot follow: a pointer or reference parameter used other than as an access's base"
// PLAN-NEXT: KERNEL name=in_lambda checked=yes at=66:17 global=no global_reason="atomic operations: calls push, whose uses of __device__ variables it cannot follow"

// TEXT: {{^}}__device__ void __ldcc_gd_check_data(const __ldcc::global_info &__ldcc_gi, const char *data, char expected, int frame) {{{$}}
// TEXT-NEXT: {{^}}  int i = blockDim.x * blockIdx.x + threadIdx.x;{{$}}
// TEXT-NEXT: {{^}}  if ((*__ldcc::gget(__ldcc_gi, -1, &(data[i]), 26)) != expected && !(*__ldcc::gget(__ldcc_gi, -1, &(errorFound), 26))) {{{$}}
// TEXT-NEXT: {{^}}    printf("FOUND %d at %d frame %d errors %u\n", (*__ldcc::gget(__ldcc_gi, -1, &(data[i]), 27)), i, frame, (*__ldcc::gget(__ldcc_gi, -1, &(numErrors), 27)));{{$}}
// TEXT-NEXT: {{^}}    __ldcc::gset(__ldcc_gi, -1, &(numErrors), 28)++;{{$}}
// TEXT-NEXT: {{^}}    __ldcc::gset(__ldcc_gi, -1, &(errorFound), 29) = 1;{{$}}
// TEXT: auto &errorFound = *__ldcc_v1; (void)numErrors; (void)errorFound;{{$}}
// TEXT-NEXT: {{^}}  __ldcc_gd_check_data(__ldcc_gi, src, expected, frame);{{$}}
// TEXT: {{^}}__device__ void __ldcc_gd_push(const __ldcc::global_info &__ldcc_gi, int *wl, int v) { __ldcc::gset(__ldcc_gi, -1, &(wl[__ldcc::gacquired(__ldcc_gi, 2u, atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, -1, (&wl_size), 1, 38), 1))]), 38) = v; }{{$}}
// TEXT: {{^}}__device__ void __ldcc_gd_add_total(const __ldcc::global_info &__ldcc_gi, float v) { __ldcc::gset(__ldcc_gi, -1, &(stats::total), 41) += v; }{{$}}
// TEXT: auto &total = *__ldcc_v0; (void)total;
// TEXT: {{^}}    __ldcc_gd_push_twice(__ldcc_gi, wl, (*__ldcc::gget(__ldcc_gi, 1, &(in[i]), 52)));{{$}}

// Deterministic builds keep the reasons they had.
// DETPLAN: KERNEL name=consumer checked=yes at=34:17 global=no global_reason="printf inside a device function"
// DETPLAN: KERNEL name=plain_total checked=yes at=42:17 global=no global_reason="writes __device__ variable total (also used in add_total)"
