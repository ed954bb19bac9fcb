// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels that share a name: a template kernel with explicit
// specializations, and overloads.  Launches and clones are named by the
// kernel's name, so the clone of one would run for another's launches (or
// the two clones' edits collide, which before made the whole file fail
// with "value out of range" or "overlapping source edits").  They are left
// unchecked with the reason; the file's other kernels are translated.
template <typename T> __global__ void scale(const T *a, T *c) {
  extern __shared__ char raw[];
  T *s = reinterpret_cast<T *>(raw);
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  c[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
template <> __global__ void scale<float>(const float *a, float *c) {
  extern __shared__ char raw[];
  float *s = reinterpret_cast<float *>(raw);
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  c[threadIdx.x] = 2 * s[(threadIdx.x + 1) % blockDim.x];
}
// PLAN: KERNEL name=scale checked=no reason="template kernel with an explicit specialization" at=11:39 template
// PLAN: KERNEL name=scale checked=no reason="template kernel with an explicit specialization" at=18:29

__global__ void update(float *x, const float *g, float *norm) {
  x[threadIdx.x] -= g[threadIdx.x];
  norm[0] = x[0];
}
__global__ void update(float *x, const float *g) {
  x[threadIdx.x] -= g[threadIdx.x];
}
// PLAN: KERNEL name=update checked=no reason="another kernel of the file has its name" at=28:17
// PLAN: KERNEL name=update checked=no reason="another kernel of the file has its name" at=32:17

__global__ void other(float *x) { x[threadIdx.x] = 1.0f; }
// PLAN: KERNEL name=other checked=yes at=[[@LINE-1]]:17 global=yes

int main() {
  float *f = nullptr;
  int *i = nullptr;
  scale<<<1, 32, 128>>>(f, f);
  scale<<<1, 32, 128>>>(i, i);
  update<<<1, 32>>>(f, f, f);
  update<<<1, 32>>>(f, f);
  other<<<1, 32>>>(f);
  return 0;
}
// The family's launches stay as written; the other kernel's is rewritten.
// TEXT: scale<<<1, 32, 128>>>(f, f);
// TEXT: update<<<1, 32>>>(f, f);
// TEXT: __ldcc::launch
