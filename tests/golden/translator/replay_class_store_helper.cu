// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: a device function that stores a class through a pointer (a
// call of its operator=, llm.c's st_vec) writes memory, so the replay
// clones it and its store goes through __ldcc::pwr: logged, undone and
// compared between the passes.  Before, such a function was taken for one
// that writes nothing: the original ran inside the clone, its global
// store was made in both passes and never compared (a race seen only
// through it went unreported).  A class assigned to a local is no store.
__device__ void st_vec(float *a, float4 v) {
  *reinterpret_cast<float4 *>(a) = v;
}
__device__ void put2(float2 *p, float2 v) { p[0] = v; }
__device__ float4 keep_local(float4 v) {
  float4 w;
  w = v;
  return w;
}

// PLAN: KERNEL name=tile checked=yes at=[[@LINE+1]]:17 global=yes
__global__ void tile(float *out, float2 *pairs) {
  __shared__ alignas(16) float t[128 * 4];
  st_vec(&t[4 * threadIdx.x], make_float4(1, 2, 3, 4));
  __syncthreads();
  float4 v = keep_local(
      *reinterpret_cast<float4 *>(&t[4 * ((threadIdx.x + 1) % 128)]));
  st_vec(out + 4 * threadIdx.x, v);
  put2(pairs + threadIdx.x, make_float2(v.x, v.y));
}

// CLONE: __device__ void __ldcc_tile__f_st_vec(__ldcc::thread_ctx &__ldcc_c, float *a, float4 v) {
// CLONE-NEXT: (*__ldcc::pwr(__ldcc_c, &(*reinterpret_cast<float4 *>(a)))) = v;
// CLONE: __device__ void __ldcc_tile__f_put2(__ldcc::thread_ctx &__ldcc_c, float2 *p, float2 v) { (*__ldcc::pwr(__ldcc_c, &(p[0]))) = v; }
// CLONE-NOT: __ldcc_tile__f_keep_local
// CLONE: __ldcc_tile__f_st_vec(__ldcc_c, out + 4 * threadIdx.x, v);
// CLONE: __ldcc_tile__f_put2(__ldcc_c, pairs + threadIdx.x, make_float2(v.x, v.y));

void run(float *out, float2 *pairs) { tile<<<8, 128>>>(out, pairs); }
