// RUN: %ldcc-translate --dump-plan %s | FileCheck %s
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Calls through a function-pointer template parameter (llm.c's
// `template <reduction_func_t warp_reduction> ... warp_reduction(val)`).
// The call names the parameter, not a function: neither the replay nor the
// check across blocks saw the code it runs, so a store to shared memory
// or to a __device__ variable there went unchecked while the kernel read
// "checked".  Now every function of the unit of the parameter's type (the
// functions a template argument may name) must write nothing but its
// locals and synchronise nothing (callees.c ld__fn_may_write, session 35);
// warp shuffles exchange registers and keep the kernel checked.
typedef float (*op_t)(float);

__shared__ float stash[64];
__device__ float gstash[64];

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

template <op_t op> __global__ void pure_kernel(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = op(out[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

typedef int (*iop_t)(int);
__device__ int shared_store(int v) {
  stash[threadIdx.x % 64] = (float)v;
  return v;
}
__device__ int global_store(int v) {
  gstash[threadIdx.x % 64] = (float)v;
  return v + 1;
}

template <iop_t op> __global__ void writer_kernel(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = op(out[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

template <iop_t op> __global__ void global_kernel(int *out) {
  out[threadIdx.x] = op(out[threadIdx.x]);
}

int main() {
  float *f = 0;
  int *i = 0;
  pure_kernel<warp_sum><<<1, 64>>>(f);
  writer_kernel<shared_store><<<1, 64>>>(i);
  global_kernel<global_store><<<1, 64>>>(i);
  return 0;
}

// CHECK: KERNEL name=pure_kernel checked=yes at=24:36 template global=yes
// CHECK: KERNEL name=writer_kernel checked=yes shared_reason="calls a function a template argument names, which may be shared_store, a function that writes memory or synchronises" {{.*}} global=no global_reason="calls a function a template argument names, which may be shared_store, a function that writes memory or synchronises"
// CHECK: KERNEL name=global_kernel checked=yes {{.*}} global=no global_reason="calls a function a template argument names, which may be shared_store, a function that writes memory or synchronises"
