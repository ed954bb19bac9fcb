// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Marking writes: every store to a shared target goes through __ldcc::swr,
// which tells region_end that the thread wrote (a round in which no warp
// wrote skips the sweeps and the replay).  A target whose address reaches a
// call that may write it (memcpy, a pointer to non-const) cannot be marked
// store by store: the clone then says always_dirty and every region is swept.
// Reading calls (by value, pointer to const) need no such fallback.
#include <string.h>

__device__ float total(const float *p, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

__global__ void pure_reader(const float *in, float *out) {
  __shared__ float tile[64];
  __shared__ int count;
  tile[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  if (threadIdx.x == 1)
    count++;
  out[threadIdx.x] = total(tile, 64) + fmaxf(tile[threadIdx.x], 0.0f) + count;
}
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_pure_reader(
// CLONE-NOT: {{^}} *__ldcc_c.always_read
// CLONE-NOT: {{^}} *__ldcc_c.always_dirty
// CLONE: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_wo(&((__ldcc_p->tile)[threadIdx.x]), (__ldcc_p->tile), 0u, 1u, __ldcc_c.pass))))) = in[threadIdx.x];
// CLONE: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_wo(&((__ldcc_p->count)), (__ldcc_p->count), 0u, 2u, __ldcc_c.pass))))) = 0;
// CLONE: {{^}} (*__ldcc::swr(__ldcc_c, &((*__ldcc::its_rw(&(((__ldcc_c.rd = 1, __ldcc_p)->count)), ((__ldcc_p)->count), 0u, 3u, __ldcc_c.pass)))))++;
// CLONE: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(out[threadIdx.x]), out, 0u, 4u, __ldcc_c.pass))))) = total(((__ldcc_c.rd = 1, __ldcc_p)->tile), 64) + fmaxf((*__ldcc::srd(__ldcc_c, &((__ldcc_p->tile)[threadIdx.x]))), 0.0f) + (*__ldcc::srd(__ldcc_c, &((*__ldcc::its_r(&((__ldcc_p->count)), (__ldcc_p->count), 0u, 5u, __ldcc_c.pass)))));
// CLONE-NOT: {{^}} *__ldcc_c.always_dirty
// CLONE-LABEL: {{^}}__global__ void copier(

__global__ void copier(const float *in, float *out) {
  __shared__ float tile[64];
  if (threadIdx.x == 0)
    memcpy(tile, in, sizeof tile);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_copier(
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE>(
// CLONE-NEXT: {{^}}  __ldcc_c.gown = __ldcc_gi.owner;
// CLONE-NEXT: {{^}}  __ldcc_c.always_dirty = 1;
// CLONE-NEXT: {{^}}  __ldcc_c.always_read = 1;
// CLONE: {{^}}    memcpy(((__ldcc_c.rd = 1, __ldcc_p)->tile), in, sizeof ((__ldcc_c.rd = 1, __ldcc_p)->tile));

// A const pointer into a target kept in a local reads it in later regions
// without a mark: the clone counts every region as reading (always_read).
__global__ void via_pointer(const float *in, float *out) {
  __shared__ float tile[64];
  const float *row = tile;
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = row[63 - threadIdx.x];
}
// CLONE-LABEL: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_via_pointer(
// CLONE: {{^}}  __ldcc::begin<__LDCC_CLONE_PLACE>(
// CLONE-NEXT: {{^}}  __ldcc_c.gown = __ldcc_gi.owner;
// CLONE-NEXT: {{^}}  __ldcc_c.always_read = 1;
// CLONE-NOT: {{^}}  __ldcc_c.always_dirty = 1;
// CLONE: {{^}}  row = ((__ldcc_c.rd = 1, __ldcc_p)->tile);
