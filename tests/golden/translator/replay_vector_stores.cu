// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Vectorised stores into shared memory through a pointer derived from a
// target in place (replay_facts.c derived_pointer_store): the object is a
// store through a pointer, which goes through pwr so that it lands as a
// store to the warp's copy (swr) and is merged.  Before, such a store went
// through glog, wrote the warp's copy unmarked, and the merge dropped it:
// the tiled product computed wrong numbers with ldcc.
#include <cuda_runtime.h>

template <int TILE>
__global__ void tiles_f4(const float *__restrict__ a, float *__restrict__ c) {
  __shared__ __align__(16) float as[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const float4 v = reinterpret_cast<const float4 *>(a)[ty * (TILE / 4) + tx];
  reinterpret_cast<float4 *>(&as[ty][0])[tx] = v;
  __syncthreads();
  const float4 w = reinterpret_cast<const float4 *>(&as[TILE - 1 - ty][0])[tx];
  c[ty * TILE + tx] = w.x + w.y + w.z + w.w;
}
// PLAN: KERNEL name=tiles_f4 checked=yes at=[[@LINE-9]]:17 template

// A cast of the array itself, a C cast of an element's address.
__global__ void stage(const float4 *in, float *out) {
  __shared__ __align__(16) float tile[512];
  __shared__ int pairs[256];
  const int t = threadIdx.x;
  reinterpret_cast<float4 *>(tile)[t] = in[t];
  *(int2 *)&pairs[2 * (t % 128)] = make_int2(t, -t);
  __syncthreads();
  out[t] = tile[511 - t] + (float)pairs[t];
}
// PLAN: KERNEL name=stage checked=yes at=[[@LINE-9]]:17

// Reads alone through such a pointer: no store to route.
__global__ void reads_only(const float *in, float *out) {
  __shared__ __align__(16) float tile[512];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = reinterpret_cast<const float4 *>(tile)[threadIdx.x % 128].y;
}
// PLAN: KERNEL name=reads_only checked=yes at=[[@LINE-6]]:17
// PLAN: COPIES kernel=tiles_f4 scratch=whole reason="a target is read or written through a pointer derived from its address"

int main() {
  float *a = 0, *c = 0;
  tiles_f4<16><<<1, dim3(4, 16)>>>(a, c);
  stage<<<1, 128>>>((const float4 *)a, c);
  reads_only<<<1, 512>>>(a, c);
  return 0;
}

// TEXT: (*__ldcc::pwr(__ldcc_c, &(reinterpret_cast<float4 *>(&((__ldcc_c.rd = 1, __ldcc_p)->as)[ty][0])[tx]))) = v;
// TEXT: (*__ldcc::pwr(__ldcc_c, &(reinterpret_cast<float4 *>(((__ldcc_c.rd = 1, __ldcc_p)->tile))[t]))) = in[t];
// TEXT: (*__ldcc::pwr(__ldcc_c, &(*(int2 *)&((__ldcc_c.rd = 1, __ldcc_p)->pairs)[2 * (t % 128)]))) = make_int2(t, -t);
// TEXT-NOT: glog(__ldcc_c, &(reinterpret_cast
