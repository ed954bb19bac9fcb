// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A local of a class with a defaulted constructor (llm.c's Packed128, `x128
// v;`) in a kernel whose replay carries the intra-warp checks: the
// constructor's call is the declaration's name, and the checks took it for
// a call that may synchronise the warp, wrapping it as `x128
// __ldcc::its_after(v);`, which nvcc rejected (llm.c's classifier_fused
// was built unchecked).  The compiler's constructors synchronise nothing
// (warp_facts.c callee_syncs, session 35).
template <class T> struct alignas(16) Packed {
  T payload[16 / sizeof(T)];
  Packed() = default;
  __device__ T &operator[](int i) { return payload[i]; }
};
typedef Packed<float> f128;

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

__global__ void scale(float *out, const float *in, int n) {
  __shared__ float part[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  f128 vec;
  for (int k = 0; k < 4; k++)
    vec[k] = in[(threadIdx.x * 4 + k) % n];
  float v = warp_sum(vec[0] + vec[1] + vec[2] + vec[3]);
  if (lane == 0)
    part[warp] = v;
  __syncthreads();
  f128 res;
  for (int k = 0; k < 4; k++)
    res[k] = vec[k] / part[(warp + 1) % (blockDim.x / 32)];
  out[threadIdx.x] = res[0] + res[3];
}

int main() {
  float *d = 0;
  scale<<<1, 64>>>(d, d, 256);
  return 0;
}

// CHECK: __global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_scale(
// CHECK-NOT: its_after(vec)
// CHECK-NOT: its_after(res)
