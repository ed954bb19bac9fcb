// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=LAYOUT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Forms whose translation nvcc rejected, so that the driver built the
// whole file unchecked with one warning; found by building 274 files of
// public code with the ldcc driver (session 31: 10 files).  Each now
// translates into code nvcc takes (the last RUN line), checked or refused
// with a reason.
#include <cuda_runtime.h>

// A launch whose last arguments stand inside `#if` (cuda-samples'
// convolutionFFT2D): the rewritten launch kept the `#if` and lost its
// `#endif`.
#define USE_EXTRA 1
// TEXT-LABEL: void pad(
// TEXT: {{^}}#if (USE_EXTRA)
// TEXT: {{^}}#endif
// TEXT-NEXT: {{^}}    ){{.*}};
__global__ void pad_kernel(float *dst, const float *src, int n, float extra) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = src[i] + extra;
}
void pad(float *dst, const float *src, int n) {
  pad_kernel<<<(n + 127) / 128, 128>>>(dst, src, n
#if (USE_EXTRA)
                                       ,
                                       1.0f
#else
                                       ,
                                       0.0f
#endif
    );
}

// A kernel with an overload declared and never defined (cuda-samples'
// cdpAdvancedQuicksort `qsort_warp`): `(const void *)sort_warp` named an
// overload set.
// TEXT: plain_fn(static_cast<void (*)(unsigned int *, int)>(&sort_warp))
__global__ void sort_warp(unsigned *data, unsigned *out, int n);
__global__ void sort_warp(unsigned *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = data[i] * 2u;
}
void sort(unsigned *data, int n) { sort_warp<<<1, 64>>>(data, n); }

// A template kernel launched with some arguments written and the rest
// deduced (cuda-samples' MC_EstimatePiInlineQ): `compute<float>` named
// no instance for the clones and metadata; the rest is written out now.  In a class template the
// launch names no instance and is left as written (the runtime counts it).
template <typename Real, typename State>
__global__ void compute(Real *out, State *states, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (Real)states[i];
}
// TEXT-LABEL: void run_compute(
// TEXT: plain_fn(&compute<float, int>)
void run_compute(float *out, int *states, int n) {
  compute<float><<<1, 64>>>(out, states, n);
}
// TEXT-LABEL: struct Estimator {
// TEXT-NEXT: void operator()(Real *out, unsigned *states, int n) {
// TEXT-NEXT: compute<Real><<<1, 64>>>(out, states, n);
template <typename Real> struct Estimator {
  void operator()(Real *out, unsigned *states, int n) {
    compute<Real><<<1, 64>>>(out, states, n);
  }
};
// TEXT-LABEL: void run_estimator(
void run_estimator(double *out, unsigned *states, int n) {
  Estimator<double>()(out, states, n);
}

// A const local sizing a shared array (cuda-samples' MonteCarloMultiGPU,
// hecbench lzss): the layout declared the array where the local is not.
// It is a constant now, as `constexpr` would be.
#define THREADS 128
// COV: KERNEL name=sums {{.*}}coverage=full shared=yes
// TEXT: struct __ldcc_layout_sums {
// TEXT: static const int SUM_N = THREADS;
__global__ void sums(const float *in, float *out) {
  const int SUM_N = THREADS;
  __shared__ float s[SUM_N];
  s[threadIdx.x] = in[blockIdx.x * SUM_N + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * SUM_N + threadIdx.x] = s[(threadIdx.x + 1) % SUM_N];
}
// COV: KERNEL name=blocks {{.*}}coverage=full shared=yes
template <typename T> __global__ void blocks(const T *in, T *out) {
  const unsigned size = 512 / sizeof(T);
  __shared__ T buf[size];
  buf[threadIdx.x] = in[blockIdx.x * size + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * size + threadIdx.x] = buf[size - 1 - threadIdx.x];
}

// A device function template whose shared arrays its own parameter sizes
// (cuda-samples' matrixMul_nvrtc): the kernel's layout has no BLOCK, so it
// declares the array with the call's argument (`float t[(16)]`, session
// 32; before, the kernel went without the replay).  Called with two
// different arguments from one kernel, it is refused.
template <int BLOCK> __device__ void tile_sum(float *out, const float *in) {
  __shared__ float t[BLOCK];
  t[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[BLOCK - 1 - threadIdx.x];
}
// COV: KERNEL name=tile16 {{.*}}coverage=full shared=yes
// LAYOUT: struct __ldcc_layout_tile16 {
// LAYOUT-NEXT: float t[(16)];
__global__ void tile16(float *out, const float *in) { tile_sum<16>(out, in); }
// COV: KERNEL name=tile_both {{.*}}shared=no shared_reason="device function whose shared variables its template arguments size, called with others"
__global__ void tile_both(float *out, const float *in) {
  tile_sum<16>(out, in);
  tile_sum<32>(out, in);
}

// A shared atomic on a template's type (hecbench expdist): a float the
// copies cannot merge (replay.cuh's static assertion).
// COV: KERNEL name=total {{.*}}shared=no shared_reason="shared atomic on a type a template parameter decides (merged for 32-bit integers only)"
template <typename T> __global__ void total(const T *in, T *out) {
  __shared__ T sum;
  if (threadIdx.x == 0)
    sum = 0;
  __syncthreads();
  atomicAdd(&sum, in[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

// An operator of the file that writes through its reference (hecbench
// radixsort's `uint4 operator+=`): its clone `__ldcc_k__f_operator+=` was
// no name.
__device__ uint4 &operator+=(uint4 &a, uint4 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
  a.w += b.w;
  return a;
}
// COV: KERNEL name=add4 {{.*}}shared=no shared_reason="calls operator+=, an operator of the file that writes memory"
__global__ void add4(uint4 *data) {
  __shared__ uint4 s[64];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  uint4 v = s[63 - threadIdx.x];
  v += s[threadIdx.x];
  data[threadIdx.x] = v;
}

// Parameters that leave no room for the clones' own (cuda-samples'
// LargeKernelParameter): CUDA takes 32764 bytes of them at most.
struct big_t {
  int v[8000];
};
// COV: KERNEL name=large {{.*}}coverage=none reason="parameters so large that the clones' own (about 2 KB) would pass CUDA's 32764-byte limit"
__global__ void large(big_t p, int *out) {
  out[threadIdx.x] = p.v[threadIdx.x];
}

// A kernel that takes managed memory by reference (NVIDIA's unified-memory
// blog, found in session 42): the relaunch the translator emits for launches
// through the runtime API read each argument as `*(P *)args[i]`, a pointer
// to a reference for `DataElement &`; such an argument is a pointer there.
struct DataElement {
  char *name;
  int value;
};
// COV: KERNEL name=by_ref {{.*}}coverage=none {{.*}}global_reason="writes through reference parameter elem"
__global__ void by_ref(DataElement &elem) { elem.value = 1; }

void run_all(float *f, double *d, int *i, uint4 *u, big_t b) {
  sums<<<1, THREADS>>>(f, f);
  blocks<float><<<1, 128>>>(f, f);
  tile16<<<1, 16>>>(f, f);
  tile_both<<<1, 32>>>(f, f);
  total<float><<<1, 64>>>(f, f);
  add4<<<1, 64>>>(u);
  large<<<1, 64>>>(b, i);
  by_ref<<<1, 1>>>(*(DataElement *)i);
}
