// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Parameters: one the body only reads (its value, a pointer's decay, a
// const reference) cannot change, so it gets no snapshot and no
// comparison; one the body assigns, increments, takes the address of or
// binds to a non-const reference keeps both.  A local declared after the
// only barrier (p) is not live there: no snapshot either.
__device__ int peek(const int &x) { return x; }
__device__ int touch(int &x) { return x; }

__global__ void params(const int *in, int *out, int n, int step, int ref,
                       int addr, int cref) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t] + n;
  __syncthreads();
  step++;
  t += touch(ref) + peek(cref);
  int *p = &addr;
  out[t] = s[63 - t] + step + *p;
}
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_params(
// CLONE-NOT: decltype(in)
// CLONE-NOT: decltype(out)
// CLONE-NOT: decltype(n)
// CLONE: {{^}}  decltype(step) __ldcc_s3; decltype(step) __ldcc_e3;
// CLONE-NEXT: {{^}}  decltype(ref) __ldcc_s4; decltype(ref) __ldcc_e4;
// CLONE-NEXT: {{^}}  decltype(addr) __ldcc_s5; decltype(addr) __ldcc_e5;
// CLONE-NEXT: {{^}}  decltype(t) __ldcc_s7; decltype(t) __ldcc_e7;
// CLONE: {{^}}  __ldcc_s3 = step; __ldcc_s4 = ref; __ldcc_s5 = addr; __ldcc_s7 = t;{{ *$}}

int main() { return 0; }
