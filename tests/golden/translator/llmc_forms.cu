// RUN: %ldcc-translate -std=c++17 --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -std=c++17 %s -o %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | not grep -q 'plain_fn(&residual_forward)'
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Forms of llm.c's dev/cuda kernels (and of much code written like them)
// that left the replay out or made nvcc reject the translated file, which
// the driver then built unchecked:
// - a packed vector type whose operator[] returns a reference into its own
//   array (`x128 out; out[k] = ...`), and cuda::std::array: "store it
//   cannot follow";
// - a streaming store inside a device function (`store128cs` calling
//   `__stcs`, also where the call depends on the template): "call to
//   __stcs defined elsewhere";
// - `namespace cg = cooperative_groups;` inside the kernel: the clone's
//   hoisted `cg::thread_block block` came before the alias (nvcc: "name
//   followed by '::' must be a class or namespace name");
// - a host launcher named as its kernel: `plain_fn(&k)` named both
//   (nvcc: "cannot determine which instance of overloaded function").
// A view holding a pointer (`return p[i];`) is no local store: still refused.
#include <cooperative_groups.h>
#include <cuda/std/array>

template <class E> struct alignas(16) Packed {
  static constexpr int size = 16 / sizeof(E);
  E payload[size];
  __device__ E &operator[](int i) { return payload[i]; }
  __device__ const E &operator[](int i) const { return payload[i]; }
  __device__ float4 bits() const {
    return *reinterpret_cast<const float4 *>(payload);
  }
};
typedef Packed<float> f128;

template <class E> __device__ void store128cs(E *target, Packed<E> v) {
  __stcs(reinterpret_cast<float4 *>(target),
         *reinterpret_cast<float4 *>(&v.payload[0]));
}
// llm.c's own spelling: the call depends on the template (v.bits()).
template <class E> __device__ void store128cg(E *target, Packed<E> v) {
  __stcg(reinterpret_cast<float4 *>(target), v.bits());
}

__global__ void residual_norm(float *out, const float *a, const float *b,
                              int C) {
  namespace cg = cooperative_groups;
  cg::thread_block block = cg::this_thread_block();
  __shared__ float row[1024];
  int c = threadIdx.x * f128::size;
  f128 sum;
  cuda::std::array<float, 4> sq;
  for (int k = 0; k < f128::size; k++) {
    sum[k] = a[c + k] + b[c + k];
    sq[k] = sum[k] * sum[k];
    row[c + k] = sum[k];
  }
  block.sync();
  f128 shifted;
  for (int k = 0; k < f128::size; k++)
    shifted[k] = row[(c + k + 1) % C] + sq[k];
  store128cs(out + c, shifted);
  store128cg(out + C + c, sum);
}
// PLAN-DAG: KERNEL name=residual_norm checked=yes at=[[@LINE-20]]:17 global=yes units=blocks writes=out{{$}}
// PLAN-DAG: BARRIER kernel=residual_norm form=cg.sync
// The alias repeated at the top of the clone, before the hoisted handle.
// TEXT: __ldcc_residual_norm(
// TEXT: {{^}}  namespace cg = cooperative_groups; {{$}}
// TEXT-NEXT: {{^}}  typedef __ldcc_layout_residual_norm __ldcc_L;

struct View {
  float *p;
  __device__ float &operator[](int i) { return p[i]; }
};
__global__ void through_view(float *out) {
  __shared__ float s[32];
  View v;
  v.p = out;
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  v[threadIdx.x] = s[31 - threadIdx.x];
}
// The replay refuses the store through the view ("store it cannot follow");
// its shared memory gets the block's shadow (session 38).
// PLAN-DAG: KERNEL name=through_view checked=yes at=75:17 global=no
// PLAN-DAG: ITS kernel=through_view checked=yes rule="shared memory without a replay" checks=shadow

__global__ void residual_forward(float *out, const float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i] + b[i];
}
// PLAN-DAG: KERNEL name=residual_forward checked=yes at=[[@LINE-4]]:17 global=yes

void residual_forward(float *out, const float *a, const float *b, int N,
                      int block) {
  residual_forward<<<N / block, block>>>(out, a, b);
}
// TEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(static_cast<void (*)(float *, const float *, const float *)>(&residual_forward)))>::run(

int main() {
  residual_norm<<<1, 64>>>(nullptr, nullptr, nullptr, 256);
  through_view<<<1, 32>>>(nullptr);
  residual_forward(nullptr, nullptr, nullptr, 256, 64);
  return 0;
}
