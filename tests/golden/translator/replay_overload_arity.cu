// RUN: %ldcc-translate --coverage %s | FileCheck %s --check-prefix=COV
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// An unresolved call in a template names an overload set: only the
// candidates that can take the call's arguments are judged (cursor.c
// ld__arity_fits).  llm.c's common.h writes a one-argument
// `blockReduce<f>(v)` that calls the three-argument overload; the call was
// taken for one of itself too, and the replay gave up with "calls nested
// too deeply" (three kernels of llm.c's global_norm.cu, whose reason is now
// the real one: a barrier in a device function called by another).
template <int N> __device__ float scaled(float v, int k) { return v * k + N; }
template <int N> __device__ float scaled(float v) { return scaled<N>(v, 2); }
template <int N> __device__ float scaled(float v, int k, int j, int i = 0) {
  return v + k + j + i + N;
}

__global__ void smooth(const float *in, float *out) {
  __shared__ float tile[128];
  tile[threadIdx.x] = scaled<4>(in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % 128];
}
// COV: KERNEL name=smooth at=[[@LINE-6]] coverage=full shared=yes global=yes

int main() {
  smooth<<<1, 128>>>(nullptr, nullptr);
  return 0;
}
