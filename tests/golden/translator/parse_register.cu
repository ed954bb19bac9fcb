// `register` is gone from C++17, which clang rejects and nvcc accepts (it is
// nvcc's default dialect): the parser accepts it too.
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate -std=c++17 %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
__global__ void accumulate(const float *in, float *out, int n) {
  register float acc = 0.0f;
  register int i;
  for (i = threadIdx.x; i < n; i += blockDim.x)
    acc += in[i];
  out[threadIdx.x] = acc;
}

int main() {
  accumulate<<<1, 32>>>(0, 0, 32);
  return 0;
}

// PLAN: KERNEL name=accumulate checked=yes at=6:17
// PLAN: LAUNCH kernel=accumulate at=15:3
