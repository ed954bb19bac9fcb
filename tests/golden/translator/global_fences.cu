// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Kernels that synchronise through memory take the direct run with their
// fences recorded (docs/global-check.md, "Fences"): each fence gets a
// release before it and an acquire after it, each atomic that acquires (a
// CAS, an exchange, a value used) an acquire once it returned; flags
// (volatile accesses, plain accesses of what an atomic targets) are not
// claimed; a message-passing kernel's checks ride in the clone, inside the
// claims.  A fence in a lambda keeps the kernel out, one in a helper not.
__global__ void hand_over(int *data, volatile int *ready, int *out) {
  int pair = blockIdx.x / 2;
  if (blockIdx.x % 2 == 0) {
    data[pair] = 1000 + pair;
    __threadfence();
    ready[pair] = 1;
  } else {
    while (ready[pair] == 0)
      ;
    __threadfence();
    out[pair] = data[pair];
  }
}

__global__ void locked_add(int *lock, float *total, const float *in) {
  if (threadIdx.x != 0)
    return;
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  total[0] += in[blockIdx.x];
  __threadfence();
  *lock = 0;
}

__global__ void ticket_sum(const int *in, int *partial, unsigned *count,
                           int *out, int *hits) {
  partial[blockIdx.x] = in[blockIdx.x];
  atomicAdd(hits, 1);
  __threadfence_block();
  __threadfence();
  if (atomicInc(count, gridDim.x) == gridDim.x - 1) {
    int s = 0;
    for (int b = 0; b < (int)gridDim.x; b++)
      s += partial[b];
    out[0] = s;
    *count = 0;
  }
}

__device__ void publish(int *flag) {
  __threadfence();
  atomicExch(flag, 1);
}

__global__ void fence_in_callee(int *data, int *flag) {
  data[blockIdx.x] = 1;
  publish(flag);
}

__global__ void fence_in_lambda(int *data, int *flag) {
  auto done = [&]() { __threadfence(); };
  data[blockIdx.x] = 1;
  done();
  atomicExch(flag, 1);
}

// No fence, no atomic, but a pointer to volatile: the direct run takes the
// kernel (private copies would hide what units publish to each other), and
// claims a volatile load or store as a relaxed atomic of system scope (the
// PTX memory model's volatile; session 39), a volatile update as a plain
// one (two units' `v[i] = v[i] + 1` lose one).  Only a fenced kernel's
// volatile accesses are flags, left unclaimed.
__global__ void bump(volatile int *v, int *o) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  v[i] = v[i] + 1;
  o[i] = v[i];
}

int main() {
  int *a, *b, *c;
  float *f;
  unsigned *u;
  hand_over<<<8, 32>>>(a, b, c);
  locked_add<<<8, 32>>>(a, f, f);
  ticket_sum<<<8, 32>>>(a, b, u, c, a);
  fence_in_callee<<<8, 32>>>(a, b);
  fence_in_lambda<<<8, 32>>>(a, b);
  bump<<<8, 32>>>(a, b);
  return 0;
}

// PLAN: KERNEL name=hand_over checked=yes at=12:17 global=yes units=warps writes=data,ready,out one_run=data,ready,out direct=yes atomics=0 fences=2{{$}}
// PLAN: KERNEL name=locked_add checked=yes at=26:17 global=yes units=warps writes=lock,total one_run=lock,total,in direct=yes atomics=1 fences=2{{$}}
// PLAN: KERNEL name=ticket_sum checked=yes at=37:17 global=yes units=warps writes=partial,count,out,hits one_run=in,partial,count,out,hits direct=yes atomics=2 fences=2{{$}}
// PLAN: KERNEL name=fence_in_callee checked=yes at=57:17 global=yes units=warps writes=data,flag one_run=data,flag direct=yes atomics=1 fences=1{{$}}
// PLAN: KERNEL name=fence_in_lambda checked=yes at=62:17 global=no global_reason="checked by the inline message-passing checks"

// The hand-over: fences wrapped, the volatile flag not claimed, the data
// claimed around the message-passing checks.
// TEXT: __global__ void __ldcc_g_hand_over(int *data, volatile int *ready, int *out, __ldcc::global_info __ldcc_gi) { __ldcc::mp_thread __ldcc_mp = {};
// TEXT: __ldcc::gset(__ldcc_gi, 0, &((*__ldcc::mp_w(&(data[pair]), __ldcc_mp, data, 0u, 1u))), 15) = 1000 + pair;
// TEXT-NEXT: __ldcc::mp_fence(__ldcc_mp, 2u), (__ldcc::grelease(__ldcc_gi, 2u), __threadfence(), __ldcc::gacquire(__ldcc_gi, 2u));
// TEXT-NEXT: (*__ldcc::mp_fw(&(ready[pair]), __ldcc_mp, ready, 0u, 2u)) = 1;
// TEXT: while ((*__ldcc::mp_fr(&(ready[pair]), __ldcc_mp, ready, 0u, 3u)) == 0)

// The lock: the CAS acquires, the plain unlock of what it targets is a
// flag (not claimed), the data between are claimed.
// TEXT: __global__ void __ldcc_g_locked_add(
// TEXT: while (__ldcc::gacquired(__ldcc_gi, 2u, atomicCAS(__ldcc::gatomic_claim(__ldcc_gi, 0, (__ldcc::mp_atomic(lock, __ldcc_mp, {{[0-9]+}}u, {{[0-9]+}}u, 0, 1)), 1, 29), 0, 1)) != 0)
// TEXT: __ldcc::gset(__ldcc_gi, 1, &((*__ldcc::mp_rw(&(total[0]), __ldcc_mp, total, {{[0-9]+}}u, 1u))), 32) += (*__ldcc::gget(__ldcc_gi, 2, &(in[blockIdx.x]), 32));
// TEXT: (*__ldcc::mp_fw(&(*lock), __ldcc_mp, lock, {{[0-9]+}}u, {{[0-9]+}}u)) = 0;

// The ticket: the counting atomic, a statement, acquires nothing; the
// ticket, whose value is used, does; its reset is a flag.
// TEXT: __global__ void __ldcc_g_ticket_sum(
// TEXT: {{^}}  atomicAdd(__ldcc::gatomic_claim(__ldcc_gi, 4, (
// TEXT-NEXT: __ldcc::mp_fence(__ldcc_mp, 1u), (__ldcc::grelease(__ldcc_gi, 1u), __threadfence_block(), __ldcc::gacquire(__ldcc_gi, 1u));
// TEXT: if (__ldcc::gacquired(__ldcc_gi, 2u, atomicInc(__ldcc::gatomic_claim(__ldcc_gi, 2,
// TEXT: (*__ldcc::mp_fw(&(*count), __ldcc_mp, count, {{[0-9]+}}u, {{[0-9]+}}u)) = 0;

// The call of an atomic helper with a fence (`publish`: a fence, then an
// atomicExch of its parameter; global_devfn_lock.cu has more): released
// before, acquired after, its atomic's address claimed.
// TEXT: __global__ void __ldcc_g_fence_in_callee(
// TEXT: __ldcc::gset(__ldcc_gi, 0, &(data[blockIdx.x]), 58) = 1;
// TEXT-NEXT: (__ldcc::grelease(__ldcc_gi, 2u), publish(__ldcc::gatomic_claim(__ldcc_gi, 1, (flag), 1, 59)), __ldcc::gacquire(__ldcc_gi, 2u));

// TEXT: __global__ void __ldcc_g_bump(volatile int *v, int *o, __ldcc::global_info __ldcc_gi) {
// TEXT: {{^}}  __ldcc::gset(__ldcc_gi, 0, &(v[i]), 77, 1u) = (*__ldcc::gatomic_claim(__ldcc_gi, 0, &(v[i]), 3, 77)) + 1;
// TEXT-NEXT: {{^}}  __ldcc::gset(__ldcc_gi, 1, &(o[i]), 78) = (*__ldcc::gatomic_claim(__ldcc_gi, 0, &(v[i]), 3, 78));

// The metadata asks the runtime for the clocks.
// TEXT: __LDCC_GM_DIRECT | __LDCC_GM_FENCES
