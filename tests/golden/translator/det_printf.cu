// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --deterministic %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -D__LDCC_DETERMINISTIC=1 -isystem %srcroot/include -c %t.cu -o %t.o
// RUN: %ldcc-translate %s | grep -v '^ *// ' | FileCheck %s --check-prefix=CHECKMODE
// printf in deterministic builds (docs/deterministic-global.md, "printf"):
// in a kernel's own body the clone logs each line (__ldcc::gprintf) and the
// runtime prints them in unit order (__LDCC_GM_PRINTF), also for a kernel
// that writes no global memory (a clone just for its lines); in a device
// function, a macro, or a kernel with shared-memory copies the lines would
// come in the order the threads ran: the kernel cannot be made
// deterministic.  Builds without the flag keep printf.
#include <cstdio>

#define LOG(...) printf(__VA_ARGS__)

__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
  if (threadIdx.x == 0)
    printf("block %d: %f\n", blockIdx.x, out[i]);
  if (i == 1)
    std::printf("n %d\n", n);
}
// PLAN: KERNEL name=scale checked=yes at=[[@LINE-9]]:17 global=yes {{.*}} det=yes det_prints=2{{$}}

__global__ void hello() { printf("hello from block %d\n", blockIdx.x); }
// PLAN: KERNEL name=hello checked=yes at=[[@LINE-1]]:17 det=yes det_prints=1{{$}}

__device__ void trace(int v) { printf("trace %d\n", v); }
__global__ void traced(int *out) {
  out[blockIdx.x] = 1;
  trace(blockIdx.x);
}
// PLAN: KERNEL name=traced checked=yes at=[[@LINE-4]]:17 {{.*}}det=no det_reason="printf inside a device function"

__global__ void logged(int *out) {
  out[blockIdx.x] = 1;
  LOG("logged %d\n", blockIdx.x);
}
// PLAN: KERNEL name=logged checked=yes at=[[@LINE-4]]:17 {{.*}}det=no det_reason="printf inside a macro expansion"

__global__ void tiled(const float *in, float *out) {
  __shared__ float t[64];
  t[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[63 - threadIdx.x];
  if (threadIdx.x == 0)
    printf("tile %f\n", t[0]);
}
// PLAN: KERNEL name=tiled checked=yes at=[[@LINE-8]]:17 {{.*}}det=no det_reason="printf in a kernel with shared-memory copies"

int main() {
  float *d = nullptr;
  int *o = nullptr;
  scale<<<4, 64>>>(d, d, 256);
  hello<<<4, 1>>>();
  traced<<<4, 32>>>(o);
  logged<<<4, 32>>>(o);
  tiled<<<1, 64>>>(d, d);
  return 0;
}

// TEXT: __global__ void __ldcc_g_scale(
// TEXT: __ldcc::gprintf(__ldcc_gi, "block %d: %f\n", blockIdx.x,
// TEXT: __ldcc::gprintf(__ldcc_gi, "n %d\n", n);
// TEXT: __global__ void __ldcc_g_hello(__ldcc::global_info __ldcc_gi) {{.*}}__ldcc::gprintf(__ldcc_gi, "hello from block %d\n", blockIdx.x); }
// TEXT: "scale"{{.*}} | __LDCC_GM_PRINTF,
// TEXT: "hello"{{.*}} | __LDCC_GM_PRINTF,

// CHECKMODE-NOT: gprintf
// CHECKMODE-NOT: __LDCC_GM_PRINTF
