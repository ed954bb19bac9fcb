// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// An atomic's address `p + i + k` in a template kernel, p a `T *`
// parameter (llm.c's matmul_backward_bias_kernel8): `p + i` has a
// dependent type, and with overloads of `operator+` in scope (cuda_bf16.h
// declares them) the sum is a dependent operator call, not a built-in
// `+`.  The side based on a pointer parameter is the pointer
// (global_facts.c dependent_sum), so the direct one run claims it; before,
// the kernel was not checked across blocks ("atomic operations").
#include <cuda_bf16.h>
#include <type_traits>

template <typename OutFloat, bool Atomic>
__global__ void bias(OutFloat *dbias, const float *dout, int OC,
                     std::bool_constant<Atomic>) {
  int oc = blockIdx.x * 4;
  float a = dout[blockIdx.x * blockDim.x + threadIdx.x];
  for (int k = threadIdx.x; k < 4; k += blockDim.x) {
    if constexpr (!Atomic) {
      dbias[oc + k] = (OutFloat)(a + (float)dbias[oc + k]);
    } else {
      atomicAdd(dbias + oc + k, a);
    }
  }
}

// The same with the offset first: `k + (oc + p)`.
template <typename T>
__global__ void flipped(T *out, const float *in) {
  int oc = blockIdx.x * 4;
  atomicAdd(oc + out + threadIdx.x % 4, in[threadIdx.x]);
}

// A store through `*(p + i + j)` in a template: `*` and `+` are dependent
// operator calls here, and with no overloads in scope a built-in `+` of
// dependent type; the plan took either for a read (bodies.c classify_use),
// so a kernel writing only so was "checked" with nothing written.  The
// direct run claims the store (global_facts.c access_base: alias_root
// under `*`).
template <typename T>
__global__ void store_at(T *out, T *count, const T *in) {
  *(out + blockIdx.x * blockDim.x + threadIdx.x) = in[threadIdx.x];
  atomicAdd(count + blockIdx.x % 2, (T)1);
}

// A local `auto c = p + ...` in a template has a dependent type: the
// plan took it for a read-only view, so HeCBench vol2col's kernel, which
// stores only through `*c`, was "checked" with nothing written.  Its
// writes take the copies (the local moves).
template <typename T>
__global__ void through_auto(T *col, int width) {
  auto c = col + blockIdx.x * width + threadIdx.x;
  for (int k = 0; k < 2; k++) {
    *c = (T)k;
    c += width * gridDim.x;
  }
}

int main() {
  float *d = 0, *o = 0;
  bias<<<8, 32>>>(d, o, 32, std::bool_constant<true>{});
  bias<<<8, 32>>>(d, o, 32, std::bool_constant<false>{});
  flipped<<<8, 32>>>(d, o);
  store_at<<<8, 32>>>(d, d, o);
  through_auto<<<8, 32>>>(d, 32);
}

// PLAN: KERNEL name=bias checked=yes {{.*}} global=yes units=warps writes=dbias one_run=dbias,dout direct=yes atomics=1
// PLAN: KERNEL name=flipped checked=yes {{.*}} global=yes units=warps writes=out one_run=out,in direct=yes atomics=1
// PLAN: KERNEL name=store_at checked=yes {{.*}} global=yes units=warps writes=out,count one_run=out,count,in direct=yes atomics=1
// PLAN: KERNEL name=through_auto checked=yes {{.*}} global=yes units=warps writes=col{{$}}
// PLAN: TARGET kernel=bias space=global name=dbias {{.*}} written=yes
// PLAN: TARGET kernel=flipped space=global name=out {{.*}} written=yes
// PLAN: TARGET kernel=store_at space=global name=out {{.*}} written=yes
// PLAN-NEXT: TARGET kernel=store_at space=global name=count {{.*}} written=yes
// PLAN-NEXT: TARGET kernel=through_auto space=global name=col {{.*}} written=yes
// TEXT: {{^}}__global__ void __ldcc_g_bias(
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (dbias + oc + k), 1, 24), a);
// TEXT: {{^}}__global__ void __ldcc_g_flipped(
// TEXT: atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 0, (oc + out + threadIdx.x % 4), 1, 33), (*__ldcc::gget(__ldcc_gi, 1, &(in[threadIdx.x]), 33)));
// TEXT: {{^}}__global__ void __ldcc_g_store_at(
// TEXT: __ldcc::gset(__ldcc_gi, 0, &(*(out + blockIdx.x * blockDim.x + threadIdx.x)), 44) = (*__ldcc::gget(__ldcc_gi, 2, &(in[threadIdx.x]), 44));
