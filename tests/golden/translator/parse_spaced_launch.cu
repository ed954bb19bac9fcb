// Launches written with spaces inside the chevrons, as Visual Studio's
// formatter writes them (`k << <g, b >> > (x)`): nvcc compiles them, clang
// read `<< <` as a shift and a less-than and the file did not parse (built
// unchecked).  Found in public code (a CUDA course's sum reductions) in
// session 42.  The launches are put together in place, in the main file and
// in a header; strings, comments and `operator<< <T>` stay as written.
// The header also writes `extern "C"__global__` without a space.
// RUN: %ldcc-translate --dump-plan %s -I %S/Inputs/headers | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -I %S/Inputs/headers -o %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -I %S/Inputs/headers -c %t.cu -o %t.o
#include <cstdio>
#include <ostream>

#include "spaced_launcher.cuh"

#define N 256

__global__ void sum_reduction(int *v, int *v_r) {
  __shared__ int partial_sum[N];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  partial_sum[threadIdx.x] = v[tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial_sum[threadIdx.x] += partial_sum[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    v_r[blockIdx.x] = partial_sum[0];
}

template <typename T> struct Box {
  T v;
};
template <typename T> std::ostream &operator<<(std::ostream &, const Box<T> &);
template <typename T> struct Printer {
  friend std::ostream &operator<< <T>(std::ostream &, const Box<T> &);
};

int main() {
  int *d_v = 0, *d_v_r = 0;
  float *a = 0;
  int GRID_SIZE = 4, TB_SIZE = N;
  printf("launch as k << <g, b >> > (x)\n");
  // sum_reduction << <1, 1 >> > (d_v, d_v_r);
  sum_reduction << <GRID_SIZE, TB_SIZE >> > (d_v, d_v_r);
  sum_reduction<<<1, TB_SIZE >> > (d_v_r, d_v_r);
  launch_scale(a, 2.0f, 1000);
  glued<<<1, 32>>>(a);
  return 0;
}

// PLAN: KERNEL name=scale_in_header checked=yes
// PLAN: KERNEL name=glued checked=yes
// PLAN: KERNEL name=sum_reduction checked=yes
// PLAN: LAUNCH kernel=scale_in_header at=spaced_launcher.cuh:10:3
// PLAN: LAUNCH kernel=sum_reduction at=47:3
// PLAN-NEXT: LAUNCH kernel=sum_reduction at=48:3
// PLAN-NEXT: LAUNCH kernel=glued at=50:3
// TEXT: inline void launch_scale(
// TEXT-NEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(&scale_in_header))>::run(__ldcc__gmeta(0), 0, (n + 255) / 256, 256, 0, 0,
// TEXT: friend std::ostream &operator<< <T>(std::ostream &, const Box<T> &);
// TEXT: printf("launch as k << <g, b >> > (x)\n");
// TEXT-NEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(&sum_reduction))>::run(__ldcc__gmeta(2), 0, GRID_SIZE, TB_SIZE, 0, 0,
// TEXT-NEXT: __ldcc::launch_as<decltype(__ldcc::plain_fn(&sum_reduction))>::run(__ldcc__gmeta(2), 1, 1, TB_SIZE, 0, 0,
