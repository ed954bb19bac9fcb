// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// The shared-memory proof's atomics and strided clears (docs/shared-replay.md,
// "Kernels proved race-free"): a region that updates a target only with
// `atomicAdd(&s[i], v);` statements of one commuting family on an integer
// has no race on it; `for (b = threadIdx.x; ...; b += K) s[b]` gives each
// thread its own elements while blockDim.x <= K.
#define BINS 200

// Cleared by strides of 128, counted atomically, added out after the barrier.
__global__ void hist(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += 128)
    local[b] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&local[data[i] % BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += 128)
    atomicAdd(&bins[b], local[b]);
}

// Adds and subtractions commute: proved, here under a condition too.
__global__ void add_sub(const unsigned char *data, int *bins, int n) {
  __shared__ int local[BINS];
  for (int b = threadIdx.x; b < BINS; b += 128)
    local[b] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    if (data[i] & 1)
      atomicSub(&local[data[i] % BINS], 1);
    else
      atomicAdd(&local[data[i] % BINS], 2);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += 128)
    bins[b] = local[b];
}

// An atomic update and a plain store in one region.
__global__ void reset(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += 128)
    local[b] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&local[data[i] % BINS], 1u);
  if (threadIdx.x == 0)
    local[0] = 0;
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += 128)
    bins[b] = local[b];
}

// An atomic update and a plain read of another bin in one region.
__global__ void peek(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += 128)
    local[b] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&local[data[i] % BINS], 1u);
  bins[threadIdx.x] = local[(threadIdx.x + 1) % BINS];
}

// Cleared by strides of 64: threads stay apart only in blocks of up to 64.
__global__ void narrow(unsigned *bins) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += 64)
    local[b] = b;
  __syncthreads();
  bins[threadIdx.x] = local[BINS - 1 - threadIdx.x];
}

int main() {
  unsigned char *d = nullptr;
  unsigned *u = nullptr;
  int *i = nullptr;
  hist<<<1, 128>>>(d, u, 1);
  add_sub<<<1, 128>>>(d, i, 1);
  reset<<<1, 128>>>(d, u, 1);
  peek<<<1, 128>>>(d, u, 1);
  narrow<<<1, 128>>>(u);
  return 0;
}

// PLAN: PROOF kernel=hist proved=yes bounds=x<=128,y=1,z=1
// PLAN: PROOF kernel=add_sub proved=yes bounds=x<=128,y=1,z=1
// PLAN: PROOF kernel=reset proved=no reason="'local' is written in a region that also uses it at another thread's element (line 49)"
// PLAN: PROOF kernel=peek proved=no reason="'local' is written in a region that also uses it at another thread's element (line 64)"
// PLAN: PROOF kernel=narrow proved=yes bounds=x<=64,y=1,z=1

// TEXT: {{^}}    "narrow", __ldcc__file, {{[0-9]+}}, __ldcc_meta_narrow::targets, 1, {{.*}}
// TEXT-NEXT: {{^}}    nullptr, 1, __ldcc::pmin(64ull), __ldcc::pmin(1u), __ldcc::pmin(1u));{{$}}
