// RUN: %ldcc-translate --dump-plan %s -- -std=c++17 | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s -- -std=c++17 > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=TEXT
// RUN: %nvcc-ptx -std=c++17 -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// libcu++ atomics in the direct one run (docs/global-check.md, "Direct
// one run"): a call on a `cuda::atomic` (or `cuda::std::atomic`) object
// based on a parameter claims the object's address as an atomic of the
// type's scope (`c->f()`: the pointer, `c[1] += 2`, `(*c)++`, a
// conversion: the object, `(*gatomic_claim(gi, J, &(E), S, L))`); unless
// relaxed it orders by its memory order (released before, acquired after;
// a conversion reads through `.load()` inside gacquired).
// `cuda::atomic_thread_fence` is a fence of its scope; a relaxed one and
// `atomic_signal_fence` order nothing.  Before, any libcu++ atomic kept
// the kernel from the check across blocks.  A `cuda::atomic_ref` (session
// 33) claims its location where it is made (`r((*gatomic_claim(gi, J,
// &(E), S, L)))`, a temporary's likewise) and its calls only order; one
// whose location was not seen (a parameter of the kernel) keeps the
// kernel out.  An object behind a local alias of a parameter is claimed
// through it.
#include <cuda/atomic>

typedef cuda::atomic<int, cuda::thread_scope_device> dev_int;

__global__ void counts(dev_int *c, int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 3)
    c->fetch_add(1, cuda::memory_order_relaxed);
  c[1] += 2;
  (*c)++;
  int v = c[2];
  out[i] = v + c[3].load(cuda::memory_order_relaxed);
}

__global__ void handoff(int *data, dev_int *flag, int *out) {
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 5;
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_block);
    cuda::atomic_signal_fence(cuda::memory_order_seq_cst);
    if (threadIdx.x == 0)
      flag->store(1, cuda::memory_order_relaxed);
  } else {
    while (flag->load(cuda::memory_order_acquire) == 0) {
    }
    out[threadIdx.x] = data[threadIdx.x];
  }
}

__global__ void system_scope(cuda::std::atomic<int> *a, int *out) {
  out[blockIdx.x] = a->fetch_add(1);
}

__global__ void through_ref(int *counter) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(counter[0]);
  r.fetch_add(1);
}

__global__ void through_temporary(int *hist, const int *in, int *flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_device>(hist[in[i] & 7])
      .fetch_add(1, cuda::memory_order_relaxed);
  if (i == 0)
    cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).store(
        1, cuda::memory_order_release);
}

__global__ void ref_param(cuda::atomic_ref<int, cuda::thread_scope_device> r) {
  r.fetch_add(1);
}

__global__ void through_local(dev_int *c, int *out) {
  dev_int *mine = c + blockIdx.x % 2;
  mine->fetch_add(1);
  out[blockIdx.x] = 1;
}

int main() {
  int *p = 0;
  counts<<<4, 64>>>((dev_int *)p, p, p);
  handoff<<<4, 64>>>(p, (dev_int *)p, p);
  system_scope<<<4, 64>>>((cuda::std::atomic<int> *)p, p);
  through_ref<<<4, 64>>>(p);
  through_temporary<<<4, 64>>>(p, p, p);
  ref_param<<<4, 64>>>(cuda::atomic_ref<int, cuda::thread_scope_device>(*p));
  through_local<<<4, 64>>>((dev_int *)p, p);
  return 0;
}

// PLAN: KERNEL name=counts checked=yes at=24:17 global=yes units=warps writes=c,out one_run=c,out,in direct=yes atomics=5 fences=3{{$}}
// PLAN-NEXT: KERNEL name=handoff checked=yes at=34:17 global=yes units=warps writes=data,flag,out one_run=data,flag,out direct=yes atomics=2 fences=2{{$}}
// PLAN-NEXT: KERNEL name=system_scope checked=yes at=49:17 global=yes units=warps writes=a,out one_run=a,out direct=yes atomics=1 fences=1{{$}}
// PLAN-NEXT: KERNEL name=through_ref checked=yes at=53:17 global=yes units=warps writes=counter one_run=counter direct=yes atomics=1 fences=1{{$}}
// PLAN-NEXT: KERNEL name=through_temporary checked=yes at=58:17 global=yes units=warps writes=hist,flag one_run=hist,in,flag direct=yes atomics=2 fences=1{{$}}
// An atomic_ref handed in by value writes where it was made, which the
// kernel cannot follow: the reason says so after the atomics (session 44;
// before, "atomic operations" alone).
// PLAN-NEXT: KERNEL name=ref_param checked=yes at=67:17 global=no global_reason="atomic operations: writes through a cuda::atomic_ref made elsewhere"{{$}}
// PLAN-NEXT: KERNEL name=through_local checked=yes at=71:17 global=yes units=warps writes=c,out one_run=c,out direct=yes atomics=1 fences=1{{$}}

// TEXT: __global__ void __ldcc_g_counts(
// TEXT: __ldcc::gatomic_claim(__ldcc_gi, 0, (c), 1, 27)->fetch_add(1, cuda::memory_order_relaxed);
// TEXT-NEXT: (__ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquired(__ldcc_gi, 2u, (*__ldcc::gatomic_claim(__ldcc_gi, 0, &(c[1]), 1, 28)) += 2));
// TEXT-NEXT: (__ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquired(__ldcc_gi, 2u, ((*__ldcc::gatomic_claim(__ldcc_gi, 0, &(*c), 1, 29)))++));
// TEXT-NEXT: int v = (__ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquired(__ldcc_gi, 2u, (*__ldcc::gatomic_claim(__ldcc_gi, 0, &(c[2]), 1, 30)).load()));
// TEXT-NEXT: __ldcc::gset(__ldcc_gi, 1, &(out[i]), 31) = v + (*__ldcc::gatomic_claim(__ldcc_gi, 0, &(c[3]), 1, 31)).load(cuda::memory_order_relaxed);
// TEXT: __global__ void __ldcc_g_handoff(
// TEXT: (__ldcc::grelease(__ldcc_gi, 1u), cuda::atomic_thread_fence(cuda::memory_order_release,
// TEXT: cuda::thread_scope_block), __ldcc::gacquire(__ldcc_gi, 1u));
// TEXT-NEXT: cuda::atomic_signal_fence(cuda::memory_order_seq_cst);
// TEXT: __ldcc::gatomic_claim(__ldcc_gi, 1, (flag), 1, 41)->store(1, cuda::memory_order_relaxed);
// TEXT: while ((__ldcc::gacquired(__ldcc_gi, 2u, __ldcc::gatomic_claim(__ldcc_gi, 1, (flag), 1, 43)->load(cuda::memory_order_acquire))) == 0) {
// TEXT: __global__ void __ldcc_g_system_scope(
// TEXT: __ldcc::gset(__ldcc_gi, 1, &(out[blockIdx.x]), 50) = (__ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquired(__ldcc_gi, 2u, __ldcc::gatomic_claim(__ldcc_gi, 0, (a), 3, 50)->fetch_add(1)));
// TEXT: __global__ void __ldcc_g_through_ref(
// TEXT: cuda::atomic_ref<int, cuda::thread_scope_device> r((*__ldcc::gatomic_claim(__ldcc_gi, 0, &(counter[0]), 1, 54)));
// TEXT-NEXT: (__ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquired(__ldcc_gi, 2u, r.fetch_add(1)));
// TEXT: __global__ void __ldcc_g_through_temporary(
// TEXT: cuda::atomic_ref<int, cuda::thread_scope_device>((*__ldcc::gatomic_claim(__ldcc_gi, 0, &(hist[(*__ldcc::gget(__ldcc_gi, 1, &(in[i]), 60)) & 7]), 1, 60)))
// TEXT-NEXT: .fetch_add(1, cuda::memory_order_relaxed);
// TEXT: (__ldcc::grelease(__ldcc_gi, 2u), cuda::atomic_ref<int, cuda::thread_scope_device>((*__ldcc::gatomic_claim(__ldcc_gi, 2, &(*flag), 1, 63))).store(
// TEXT-NEXT: 1, cuda::memory_order_release));
// TEXT: __global__ void __ldcc_g_through_local(
// TEXT: (__ldcc::grelease(__ldcc_gi, 2u), __ldcc::gacquired(__ldcc_gi, 2u, __ldcc::gatomic_claim(__ldcc_gi, 0, (mine), 1, 73)->fetch_add(1)));
