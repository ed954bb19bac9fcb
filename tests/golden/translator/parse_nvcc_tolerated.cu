// Code nvcc compiles and clang refuses with an error the translator
// tolerates (parse.c): `%globaltimer` with a single % in an asm string, an
// initialised variable-length array in host code.  The file parses; a
// kernel that reaches such code is unchecked with the reason, the others
// are translated (the whole file failed to parse before).  __shared__
// variables with constructors: parse_shared_ctor.cu.
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
__device__ __forceinline__ unsigned long long global_timer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}

__global__ void stamp(unsigned long long *out) {
  out[threadIdx.x] = global_timer();
}
// PLAN: KERNEL name=stamp checked=no reason="inline assembly" at=[[@LINE-3]]:17

__global__ void plain(int *out) { out[threadIdx.x] = 2; }
// PLAN: KERNEL name=plain checked=yes at=[[@LINE-1]]:17 global=yes

void launch_all(int n) {
  int *bufs[n] = {0};
  plain<<<1, 32>>>(bufs[0]);
  stamp<<<1, 32>>>(nullptr);
}

int main() {
  launch_all(2);
  return 0;
}
