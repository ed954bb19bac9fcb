// A __shared__ variable of a class with a non-empty default constructor (or
// a default member initializer): nvcc compiles it with a warning ("dynamic
// initialization is not supported"), clang rejects it ("initialization is
// not supported for __shared__ variables") and no flag or prelude changes
// that.  The translator tolerates that one error (parse.c): the file
// parses, the kernel that declares the variable is unchecked with the
// reason, the others are translated.
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
struct accumulator {
  float sum;
  __device__ accumulator() : sum(0.0f) {}
};

struct counters {
  int hits = 0;
};

__global__ void tally(const float *in, float *out) {
  __shared__ accumulator acc;
  __shared__ counters c;
  if (threadIdx.x == 0) {
    acc.sum = 0.0f;
    c.hits = 0;
  }
  __syncthreads();
  atomicAdd(&acc.sum, in[threadIdx.x]);
  atomicAdd(&c.hits, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc.sum / c.hits;
}

__global__ void plain(float *out) { out[threadIdx.x] = 1.0f; }

int main() {
  tally<<<1, 32>>>(0, 0);
  plain<<<1, 32>>>(0);
  return 0;
}

// PLAN: KERNEL name=tally checked=no reason="shared variable with a constructor or initialiser (nvcc does not run it)" at=20:17
// PLAN: KERNEL name=plain checked=yes at=35:17
