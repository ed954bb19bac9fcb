// nvcc's __nv_atomic_* builtins and their order and scope constants, which
// clang lacks (the prelude declares them for the parser).
// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -o %t.cu
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
__global__ void ticket(unsigned *counter, unsigned *slots) {
  unsigned t = __nv_atomic_fetch_add(counter, 1u, __NV_ATOMIC_RELAXED,
                                     __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(slots + t % 64, t, __NV_ATOMIC_RELEASE,
                      __NV_THREAD_SCOPE_SYSTEM);
  unsigned seen = __nv_atomic_load_n(counter, __NV_ATOMIC_ACQUIRE,
                                     __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  slots[64 + threadIdx.x] = seen;
}

int main() {
  ticket<<<1, 32>>>(0, 0);
  return 0;
}

// PLAN: KERNEL name=ticket checked={{yes|no}} at=6:17
// PLAN: LAUNCH kernel=ticket at=18:3
