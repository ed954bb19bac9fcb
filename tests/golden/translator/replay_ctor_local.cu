// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// A local initialised with a constructor's arguments after its name
// (`half2 value(0.f, 0.f);`, cuda-samples fp16ScalarProduct): the replay's
// hoisted declaration kept the arguments and added `{}`
// (`half2 value(0.f, 0.f){};`), which nvcc rejects, so the whole file was
// built unchecked.  Now the kernel keeps its check across blocks and has
// no replay (`P v{}` too: it became `P v{}{};`), its shared memory checked
// by the block's shadow (session 38); `= P(1, 2)` is hoisted as before.
struct P {
  float x, y;
  P() = default;
  __device__ P(float a, float b) : x(a), y(b) {}
};

// PLAN: KERNEL name=direct_init checked=yes at=[[@LINE+1]]:17 global=yes
__global__ void direct_init(float *out) {
  __shared__ float s[64];
  P value(1.f, 2.f);
  s[threadIdx.x] = value.x + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x] + value.y;
}

// PLAN: KERNEL name=copy_init checked=yes at=[[@LINE+1]]:17 global=yes
__global__ void copy_init(float *out) {
  __shared__ float s[64];
  P value = P(1.f, 2.f);
  s[threadIdx.x] = value.x + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x] + value.y;
}
// PLAN: KERNEL name=empty_braces checked=yes at=[[@LINE+1]]:17 global=yes
__global__ void empty_braces(float *out) {
  __shared__ float s[64];
  P other{};
  s[threadIdx.x] = other.x + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
// PLAN: PROOF kernel=copy_init proved=yes

int main() {
  float *f = 0;
  direct_init<<<1, 64>>>(f);
  copy_init<<<1, 64>>>(f);
  empty_braces<<<1, 64>>>(f);
  return 0;
}
