// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DET
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// `__activemask()` as the mask of warp shuffles (the tutorials' block
// reduction: `mask = __activemask(); val += __shfl_down_sync(mask, val,
// o)`, in a device function or straight in the kernel) no longer keeps the
// shared-memory replay away ("warp vote"): the mask names the lanes
// converged there, alike in both passes.  A deterministic build still
// refuses it.

__inline__ __device__ float warp_reduce_sum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) {
    unsigned int mask = __activemask();
    val += __shfl_down_sync(mask, val, offset);
  }
  return val;
}

__inline__ __device__ float block_reduce_sum(float val) {
  static __shared__ float shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warp_reduce_sum(val);
  if (lane == 0)
    shared[wid] = val;
  __syncthreads();
  if (wid == 0) {
    val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    val = warp_reduce_sum(val);
  }
  return val;
}

// PLAN: KERNEL name=reduction_kernel checked=yes at=[[@LINE+2]]:17 global=yes
// PLAN-NOT: shared_reason
__global__ void reduction_kernel(float *g_out, float *g_in, unsigned size) {
  unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = idx < size ? g_in[idx] : 0.f;
  sum = block_reduce_sum(sum);
  if (threadIdx.x == 0)
    g_out[blockIdx.x] = sum;
}

// PLAN: KERNEL name=max_kernel checked=yes at=[[@LINE+2]]:17 global=yes
// PLAN-NOT: shared_reason
__global__ void max_kernel(const int *in, int *out, int n) {
  __shared__ int best[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : -1;
  for (int o = 16; o > 0; o >>= 1)
    v = max(v, __shfl_xor_sync(__activemask(), v, o));
  if ((threadIdx.x & 31) == 0)
    best[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = best[0] > best[1] ? best[0] : best[1];
}

// PLAN: SITE kernel=reduction_kernel id=1
// PLAN: SITE kernel=max_kernel id=1
// DET: KERNEL name=reduction_kernel {{.*}}shared_reason="device function block_reduce_sum: warp vote"
// DET: KERNEL name=max_kernel {{.*}}shared_reason="warp shuffle"

// The clones keep the calls as written.
// TEXT: __ldcc_max_kernel(
// TEXT: __shfl_xor_sync(__activemask(), v, o)

void run(float *out, float *in, int *iout, const int *iin, unsigned n) {
  reduction_kernel<<<4, 256>>>(out, in, n);
  max_kernel<<<4, 256>>>(iin, iout, (int)n);
}
