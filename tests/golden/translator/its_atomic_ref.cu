// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate --deterministic --dump-plan %s | FileCheck %s --check-prefix=DET
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -std=c++17 -isystem %srcroot/include -c %t.cu -o %t.o
// Block-scope atomics of libcu++ (docs/inline-checks.md, scoped
// synchronisation): a cuda::atomic_ref<T, cuda::thread_scope_block> is
// checked where it is made (its location goes through
// __ldcc::scope_block), a cuda::atomic<T, cuda::thread_scope_block> at
// every call on it (the object, the pointer before `->`, operators, a
// conversion).  Device scope, atomic_ref's own member calls and a copy of a
// reference are left alone; with device-scope ones only, the direct one
// run (global_libcu_atomics.cu).  A block-scope atomic on shared memory is
// what the block scope is for: not checked, and the kernel keeps its
// replay.
#include <cuda/atomic>

typedef cuda::atomic<int, cuda::thread_scope_block> block_int;

__global__ void refs(int *counter, int *other) {
  cuda::atomic_ref<int, cuda::thread_scope_block> r(counter[0]);
  r.fetch_add(1);
  cuda::atomic_ref<int, cuda::thread_scope_block> copy(r);
  copy.fetch_add(1);
  cuda::atomic_ref<int, cuda::thread_scope_block>(*other).fetch_add(2);
  cuda::atomic_ref<int, cuda::thread_scope_device>(counter[1]).fetch_add(1);
}

__global__ void objects(block_int *c, cuda::atomic<int> *dev, int *out) {
  c->fetch_add(1);
  (*c)++;
  c[1] += 2;
  int v = c[0];
  out[threadIdx.x] = v + c[2].load(cuda::memory_order_relaxed);
  dev->fetch_add(1);
}

__global__ void shared_only(int *out) {
  __shared__ int hist[32];
  for (int i = threadIdx.x; i < 32; i += blockDim.x)
    hist[i] = 0;
  __syncthreads();
  atomicAdd_block(&hist[threadIdx.x % 5], 1);
  __syncthreads();
  for (int i = threadIdx.x; i < 32; i += blockDim.x)
    out[blockIdx.x * 32 + i] = hist[i];
}

// Only device-scope libcu++ atomics: no inline check, and the direct one
// run (never copies: each copy would count alone).
__global__ void device_only(cuda::atomic<int> *dev, int *out) {
  out[threadIdx.x] = dev->fetch_add(1) + (*dev)++;
}

int main() {
  int *p = 0;
  refs<<<4, 64>>>(p, p);
  objects<<<4, 64>>>((block_int *)p, (cuda::atomic<int> *)p, p);
  shared_only<<<4, 64>>>(p);
  device_only<<<4, 64>>>((cuda::atomic<int> *)p, p);
  return 0;
}

// PLAN: KERNEL name=refs checked=yes at=20:17 global=no global_reason="checked by the inline intra-warp checks"
// PLAN-NEXT: KERNEL name=objects checked=yes at=29:17 global=no global_reason="checked by the inline intra-warp checks"
// PLAN-NEXT: KERNEL name=shared_only checked=yes at=38:17 global=yes units=blocks writes=out one_run=out
// PLAN-NEXT: KERNEL name=device_only checked=yes at=51:17 global=yes units=warps writes=dev,out one_run=dev,out direct=yes atomics=2 fences=2{{$}}
// PLAN-NEXT: TARGET kernel=refs space=global name=counter at=20:27 written=yes
// PLAN-NEXT: TARGET kernel=refs space=global name=other at=20:41 written=yes
// PLAN-NEXT: TARGET kernel=objects space=global name=c at=29:36 written=yes
// PLAN-NEXT: TARGET kernel=objects space=global name=dev at=29:58 written=yes
// PLAN-NEXT: TARGET kernel=objects space=global name=out at=29:68 written=yes
// PLAN-NEXT: TARGET kernel=shared_only space=global name=out at=38:34 written=yes
// PLAN-NEXT: TARGET kernel=shared_only space=shared name=hist at=39:18 written=yes
// PLAN-NEXT: TARGET kernel=device_only space=global name=dev at=51:48 written=yes
// PLAN-NEXT: TARGET kernel=device_only space=global name=out at=51:58 written=yes
// PLAN-NEXT: BARRIER kernel=shared_only form=__syncthreads at=42:3
// PLAN-NEXT: BARRIER kernel=shared_only form=__syncthreads at=44:3
// PLAN-NEXT: LAUNCH kernel=refs at=57:3
// PLAN-NEXT: LAUNCH kernel=objects at=58:3
// PLAN-NEXT: LAUNCH kernel=shared_only at=59:3
// PLAN-NEXT: LAUNCH kernel=device_only at=60:3
// PLAN-NEXT: SITE kernel=shared_only id=0 at=38:17 form=entry
// PLAN-NEXT: SITE kernel=shared_only id=1 at=42:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shared_only id=2 at=44:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=shared_only id=3 at=47:1 form=exit
// PLAN-NEXT: COPIES kernel=shared_only scratch=whole reason="a target's address is taken or it is bound to a reference"
// PLAN-NEXT: PROOF kernel=shared_only proved=no reason="'hist' is used other than element by element (line 43)"
// PLAN-NEXT: ITS kernel=refs checked=yes rule="block-scope atomic"
// PLAN-NEXT: SCOPED kernel=refs id=1 at=21:53 op=cuda::atomic_ref<thread_scope_block> var=counter
// PLAN-NEXT: SCOPED kernel=refs id=2 at=25:51 op=cuda::atomic_ref<thread_scope_block> var=other
// PLAN-NEXT: ITS kernel=objects checked=yes rule="block-scope atomic"
// PLAN-NEXT: ACCESS kernel=objects id=1 at=34:3 var=out mode=write
// PLAN-NEXT: SCOPED kernel=objects id=2 at=30:3 op=cuda::atomic<thread_scope_block> var=c
// PLAN-NEXT: SCOPED kernel=objects id=3 at=31:4 op=cuda::atomic<thread_scope_block> var=c
// PLAN-NEXT: SCOPED kernel=objects id=4 at=32:3 op=cuda::atomic<thread_scope_block> var=c
// PLAN-NEXT: SCOPED kernel=objects id=5 at=33:11 op=cuda::atomic<thread_scope_block> var=c
// PLAN-NEXT: SCOPED kernel=objects id=6 at=34:26 op=cuda::atomic<thread_scope_block> var=c
// PLAN-NEXT: ITS kernel=shared_only checked=yes rule="shared memory across threads in a region"
// PLAN-NEXT: ACCESS kernel=shared_only id=1 at=41:5 var=hist mode=write
// PLAN-NEXT: ACCESS kernel=shared_only id=2 at=46:5 var=out mode=write
// PLAN-NEXT: ACCESS kernel=shared_only id=3 at=46:32 var=hist mode=read
// PLAN-NEXT: WSYNC kernel=shared_only at=42:3 form=__syncthreads
// PLAN-NEXT: WSYNC kernel=shared_only at=44:3 form=__syncthreads
// PLAN-NEXT: OWN kernel=shared_only proved=no reason="an index of out is not a sum of thread, block and loop indices times constants and unchanged parameters"
// PLAN-NEXT: OWN kernel=device_only proved=no reason="direct one run"
// PLAN-NOT: {{.}}

// In a deterministic build libcu++ atomics keep the kernel unchanged.
// DET: KERNEL name=objects {{.*}} det=no det_reason="atomic other than atomicAdd or atomicSub"
// DET: KERNEL name=device_only {{.*}} det=no det_reason="atomic other than atomicAdd or atomicSub"

// TEXT: {{^}}__global__ void refs(int *counter, int *other) {
// TEXT-NEXT: {{^}}  cuda::atomic_ref<int, cuda::thread_scope_block> r((*__ldcc::scope_block(&(counter[0]), 0u, 1u)));
// TEXT-NEXT: {{^}}  r.fetch_add(1);
// TEXT-NEXT: {{^}}  cuda::atomic_ref<int, cuda::thread_scope_block> copy(r);
// TEXT-NEXT: {{^}}  copy.fetch_add(1);
// TEXT-NEXT: {{^}}  cuda::atomic_ref<int, cuda::thread_scope_block>((*__ldcc::scope_block(&(*other), 0u, 2u))).fetch_add(2);
// TEXT-NEXT: {{^}}  cuda::atomic_ref<int, cuda::thread_scope_device>(counter[1]).fetch_add(1);
// TEXT: {{^}}__global__ void objects(block_int *c, cuda::atomic<int> *dev, int *out) { __ldcc::its_enter();
// TEXT-NEXT: {{^}}  __ldcc::scope_block(c, 1u, 2u)->fetch_add(1);
// TEXT-NEXT: {{^}}  ((*__ldcc::scope_block(&(*c), 1u, 3u)))++;
// TEXT-NEXT: {{^}}  (*__ldcc::scope_block(&(c[1]), 1u, 4u)) += 2;
// TEXT-NEXT: {{^}}  int v = (*__ldcc::scope_block(&(c[0]), 1u, 5u));
// TEXT-NEXT: {{^}}  (*__ldcc::its_ws(&(out[threadIdx.x]), out, 1u, 1u)) = v + (*__ldcc::scope_block(&(c[2]), 1u, 6u)).load(cuda::memory_order_relaxed);
// TEXT-NEXT: {{^}}  dev->fetch_add(1);
// TEXT: {{^}}__global__ void shared_only(int *out) {
// TEXT: {{^}}  atomicAdd_block(&hist[threadIdx.x % 5], 1);
// TEXT: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_shared_only(int *out, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) {
// TEXT: {{^}}  {"cuda::atomic_ref<thread_scope_block>:counter", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},
// TEXT: {{^}}  {"cuda::atomic<thread_scope_block>:c", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},
