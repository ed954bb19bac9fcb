// Cache-hint loads and stores: nvcc has every one of them, clang some (the
// prelude declares __ldca, __ldlu, __stcg, __stcs, __stwb for the parser).
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
__global__ void stream_copy(const float *__restrict__ in, float *out,
                            float4 *out4, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __ldg(in + i);
    float w = __ldcs(in + i) + __ldca(in + i) + __ldcg(in + i) +
              __ldlu(in + i) + __ldcv(in + i);
    __stcs(out + i, v);
    __stcg(out + i, w);
    __stwb(out + i, v);
    __stwt(out + i, w);
    __stcs(out4 + i, make_float4(v, w, v, w));
  }
}

int main() {
  stream_copy<<<1, 32>>>(0, 0, 0, 32);
  return 0;
}

// PLAN: KERNEL name=stream_copy checked=yes at=6:17
// PLAN: LAUNCH kernel=stream_copy at=22:3
