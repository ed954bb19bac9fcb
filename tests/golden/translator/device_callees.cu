// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// (The translation is no longer the file unchanged: see TEXT below.)
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Targets reached through callees and lambdas: a shared array declared in a
// device function and handed out by pointer, an element bound to a non-const
// reference parameter, a pointer passed to a template, a barrier inside a
// lambda in the kernel; a read-only shared array and pointer stay written=no.
__device__ float *scratch_area() {
  __shared__ float scratch[64];
  return scratch;
}
__device__ void add_to(float &r, float v) { r += v; }
template <typename T> __device__ void put(T *p) { p[0] = T(1); }

__global__ void callees(float *out, float *in, int *flags) {
  __shared__ float sh[64];
  __shared__ float ro[64];
  __shared__ float sums[4];
  auto set = [&](int i) {
    sh[i] = 1.0f;
    __syncthreads();
  };
  set(threadIdx.x);
  float *s = scratch_area();
  s[threadIdx.x] = ro[0];
  add_to(sums[0], 1.0f);
  put(flags);
  out[0] = sh[0] + in[0];
}

// PLAN: KERNEL name=callees checked=yes shared_reason="local of a type that cannot be hoisted (set)" at=17:17
// PLAN-NEXT: TARGET kernel=callees space=shared name=scratch at=11:20 written=yes
// PLAN-NEXT: TARGET kernel=callees space=global name=out at=17:32 written=yes
// PLAN-NEXT: TARGET kernel=callees space=global name=in at=17:44 written=no
// PLAN-NEXT: TARGET kernel=callees space=global name=flags at=17:53 written=yes
// PLAN-NEXT: TARGET kernel=callees space=shared name=sh at=18:20 written=yes
// PLAN-NEXT: TARGET kernel=callees space=shared name=ro at=19:20 written=no
// PLAN-NEXT: TARGET kernel=callees space=shared name=sums at=20:20 written=yes
// PLAN-NEXT: BARRIER kernel=callees form=__syncthreads at=23:5
// PLAN-NOT: {{.}}

// The replay refuses the kernel; it is launched through the check across
// blocks, which leaves it out with its own reason, and each launch site says
// at run time that its shared memory is not checked (kernel_meta's last
// field, shared_reason).
// TEXT: {{^}}#include <ldcc/ldcc.h>
// TEXT: {{^}}static const __ldcc::global_meta *__ldcc__gmeta(int);{{$}}
// TEXT-NEXT: {{^}}#line 1 "{{.*}}/device_callees.cu"{{$}}
// TEXT: "callees", __ldcc_file, 17, {{.*}}, NULL, {0, 0, 0}, NULL, "local of a type that cannot be hoisted (set)"}, 3, 0, __ldcc_n0, __ldcc_f0, __ldcc_p0, "writes through a pointer returned by scratch_area", 0, NULL, 0, NULL},
