// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Locks and flags in device functions (lock/unlock helpers, as lock-based
// code writes them), taken by the direct one run (atomic_helpers.c;
// docs/global-check.md, "Fences"):
// - a helper with a fence is a release and an acquire at its call, the
//   release before it when its fence comes first (`unlock`), else after
//   (`lock`: `(lock(...), grelease(...), gacquire(...))`, grelease_after
//   for a value), the lock's CAS folded into the acquire;
// - a helper's plain `*p` is a read or store of its argument's word,
//   claimed at the call (`set(gput(...))`), a flag when the parameter is
//   volatile or the kernel's atomics take the same parameter (the plain
//   unlock `release(&m)`, `*mutex = 0` in add_racy's own body);
// - a fence-only helper (`publish()`) and a helper calling one;
// - a function storing through a reference parameter is no helper: it is
//   cloned, its uses of the reference claimed at its address (session 27).
__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  __threadfence();
}

__device__ bool try_lock(int *mutex, int tries) {
  int t = 0;
  while (atomicCAS(mutex, 0, 1) != 0 && ++t < tries)
    ;
  __threadfence_block();
  return t < tries;
}

__device__ void unlock(int *mutex) {
  __threadfence();
  atomicExch(mutex, 0);
}

__device__ void release(volatile int *mutex) { *mutex = 0; }

__device__ void publish() { __threadfence(); }

__device__ void publish_and_raise(int *flag) {
  publish();
  atomicExch(flag, 1);
}

__device__ void set(int *slot, int v) { *slot = v; }

__device__ void set_ref(int &slot, int v) {
  atomicAdd(&slot, 0);
  slot = v;
}

__global__ void add(int *mutex, int *sum, const int *in) {
  if (threadIdx.x == 0) {
    lock(mutex);
    *sum += in[blockIdx.x];
    unlock(mutex);
  }
}

__global__ void add_racy(int *mutex, int *sum, const int *in) {
  if (threadIdx.x == 0) {
    lock(mutex);
    *sum += in[blockIdx.x];
    *mutex = 0;
  }
}

__global__ void add_try(int *mutex, int *sum, int *out) {
  if (threadIdx.x == 0 && try_lock(&mutex[1], 1 << 20)) {
    sum[1] += 1;
    release(&mutex[1]);
  }
  set(&out[blockIdx.x], 7);
}

__global__ void hand(int *data, int *flag) {
  data[blockIdx.x] = 1;
  publish_and_raise(flag);
}

__global__ void by_ref(int *c, int *out) { set_ref(out[blockIdx.x], 1); }

int main() {
  int *a = 0;
  add<<<4, 32>>>(a, a, a);
  add_racy<<<4, 32>>>(a, a, a);
  add_try<<<4, 32>>>(a, a, a);
  hand<<<4, 32>>>(a, a);
  by_ref<<<4, 32>>>(a, a);
  return 0;
}

// Message passing in the kernel's own body (a flag and a fence there), a
// lock helper with a block-scope fence inside a condition: the
// message-passing checks take the helper's call as a fence of its level,
// in parentheses of its own (`x && (mp_fence(...), try_lock(...))`).
__global__ void flag_and_lock(int *data, volatile int *ready, int *out,
                              int *m) {
  if (blockIdx.x == 0) {
    data[0] = 1;
    __threadfence();
    ready[0] = 1;
  } else if (ready[0] != 0) {
    __threadfence();
    out[blockIdx.x] = data[0];
  }
  if (threadIdx.x == 0 && try_lock(m, 1 << 20)) {
    out[0] += 1;
    unlock(m);
  }
}

// PLAN: KERNEL name=add checked=yes at=54:17 global=yes units=warps writes=mutex,sum one_run=mutex,sum,in direct=yes atomics=2 fences=2{{$}}
// PLAN-NEXT: KERNEL name=add_racy checked=yes at=62:17 global=yes units=warps writes=mutex,sum one_run=mutex,sum,in direct=yes atomics=1 fences=1{{$}}
// PLAN-NEXT: KERNEL name=add_try checked=yes at=70:17 global=yes units=warps writes=mutex,sum,out one_run=mutex,sum,out direct=yes atomics=1 fences=1{{$}}
// PLAN-NEXT: KERNEL name=hand checked=yes at=78:17 global=yes units=warps writes=data,flag one_run=data,flag direct=yes atomics=1 fences=1{{$}}
// PLAN-NEXT: KERNEL name=by_ref checked=yes at=83:17 global=yes units=warps writes=out one_run=out direct=yes atomics=0 devfns=set_ref:2:1{{$}}
// PLAN-NEXT: KERNEL name=flag_and_lock checked=yes at=99:17 global=yes units=warps writes=data,ready,out,m one_run=data,ready,out,m direct=yes atomics=2 fences=4{{$}}

// TEXT: __global__ void __ldcc_g_add(
// TEXT: (lock(__ldcc::gatomic_claim(__ldcc_gi, 0, (mutex), 1, 56)), __ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquire(__ldcc_gi, 2u));
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 1, &(*sum), 57) += (*__ldcc::gget(__ldcc_gi, 2, &(in[blockIdx.x]), 57));
// TEXT-NEXT: (__ldcc::grelease(__ldcc_gi, 2u), unlock(__ldcc::gatomic_claim(__ldcc_gi, 0, (mutex), 1, 58)), __ldcc::gacquire(__ldcc_gi, 2u));
// The plain unlock in the kernel's body: a flag, not claimed.
// TEXT: __global__ void __ldcc_g_add_racy(
// TEXT: __ldcc::gset(__ldcc_gi, 1, &(*sum), 65) += (*__ldcc::gget(__ldcc_gi, 2, &(in[blockIdx.x]), 65));
// TEXT-NEXT: *mutex = 0;
// A block-scope fence in try_lock, a device-scope CAS: released at block
// scope, acquired at device scope; the volatile release a flag; set's
// store claimed at its argument.
// TEXT: __global__ void __ldcc_g_add_try(
// TEXT: if (threadIdx.x == 0 && (__ldcc::grelease_after(__ldcc_gi, 1u, 2u, try_lock(__ldcc::gatomic_claim(__ldcc_gi, 0, (&mutex[1]), 1, 71), 1 << 20)))) {
// TEXT: release(&mutex[1]);
// TEXT: set(__ldcc::gput(__ldcc_gi, 2, (&out[blockIdx.x]), 75), 7);
// TEXT: __global__ void __ldcc_g_hand(
// TEXT: (__ldcc::grelease(__ldcc_gi, 2u), publish_and_raise(__ldcc::gatomic_claim(__ldcc_gi, 1, (flag), 1, 80)), __ldcc::gacquire(__ldcc_gi, 2u));
// TEXT: if (threadIdx.x == 0 && (__ldcc::mp_fence(__ldcc_mp, 1u), try_lock(m, 1 << 20))) {
// TEXT: (__ldcc::mp_fence(__ldcc_mp, 2u), unlock(m));
// TEXT: __global__ void __ldcc_g_flag_and_lock(
// TEXT: if (threadIdx.x == 0 && (__ldcc::mp_fence(__ldcc_mp, 1u), (__ldcc::grelease_after(__ldcc_gi, 1u, 2u, try_lock(__ldcc::gatomic_claim(__ldcc_gi, 3, (m), 1, 109), 1 << 20))))) {
// TEXT: (__ldcc::mp_fence(__ldcc_mp, 2u), (__ldcc::grelease(__ldcc_gi, 2u), unlock(__ldcc::gatomic_claim(__ldcc_gi, 3, (m), 1, 111)), __ldcc::gacquire(__ldcc_gi, 2u)));
