// RUN: %ldcc-translate --dump-plan %s | FileCheck %s --check-prefix=PLAN
// RUN: %ldcc-translate %s > %t.cu
// RUN: grep -v '^ *// ' %t.cu | FileCheck %s --check-prefix=CLONE
// RUN: %nvcc-ptx -arch=sm_90 -isystem %srcroot/include -c %t.cu -o %t.o
// Replay: __device__ functions without barriers that store through their
// pointers (shared-replay.md section 7).  Each gets a clone per calling
// kernel, `__ldcc_<k>__f_<f>(__ldcc_c, ...)`, whose stores go through
// __ldcc::pwr (the pointer may point into the warp's copy or to global
// memory) and which has no sites: it runs inside the caller's region and
// the caller's replay runs it again.  The call is renamed where it stands,
// also inside an expression.  The kernel sets always_read (the clone's
// reads are not marked).  What is not supported stays unchecked.
__device__ void put(int *p, int i, int v) { p[i] = v; }

__device__ int swap_in(int *p, int i, int v) {
  int old = p[i];
  if (i < 0)
    return 0;
  p[i] = v;
  return old;
}

__device__ void put_twice(int *p, int i, int v) { put(p, i, v); }

template <int N> __device__ void put_n(int *p, int v) { p[N] = v; }

__device__ void bump(int *p) { atomicAdd(p, 1); }

__device__ void set_ref(int &x, int v) { x = v; }

__device__ void put_late(int *p, int v);

__global__ void fill(int *out, int n) {
  __shared__ int tile[128];
  int t = threadIdx.x;
  put(tile, t, t * 2);
  __syncthreads();
  if (t < n)
    put(out, t, tile[(t + 1) % 128]);
  __syncthreads();
  out[n + t] = swap_in(tile, t, 0) + 1;
}

__global__ void nested(int *out) {
  __shared__ int s[32];
  put_twice(s, threadIdx.x, 1);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void templated(int *out) {
  __shared__ int s[32];
  put_n<3>(s, 1);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void atomic(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = 0;
  bump(s);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void reference(int *out) {
  __shared__ int s[32];
  set_ref(s[threadIdx.x], 1);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__global__ void late(int *out) {
  __shared__ int s[32];
  put_late(s, 1);
  __syncthreads();
  out[threadIdx.x] = s[0];
}

__device__ void put_late(int *p, int v) { p[threadIdx.x] = v; }

int main() {
  int *d = 0;
  fill<<<1, 128>>>(d, 64);
  nested<<<1, 32>>>(d);
  templated<<<1, 32>>>(d);
  atomic<<<1, 32>>>(d);
  reference<<<1, 32>>>(d);
  late<<<1, 32>>>(d);
  return 0;
}

// PLAN: KERNEL name=fill checked=yes at=33:17
// PLAN-NEXT: KERNEL name=nested checked=yes at=44:17
// PLAN-NEXT: KERNEL name=templated checked=yes at=51:17
// PLAN-NEXT: KERNEL name=atomic checked=yes at=58:17
// PLAN-NEXT: KERNEL name=reference checked=yes at=66:17
// PLAN-NEXT: KERNEL name=late checked=yes shared_reason="device function put_late that writes memory is defined after the kernel" at=73:17
// The calls are no sites: only the two barriers split the kernel.
// PLAN: SITE kernel=fill id=0 at=33:17 form=entry
// PLAN-NEXT: SITE kernel=fill id=1 at=37:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=fill id=2 at=40:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=fill id=3 at=42:1 form=exit
// PLAN-NEXT: COPIES kernel=fill scratch=whole reason="device functions it calls reach the copies by pointer"
// PLAN: SITE kernel=nested id=0 at=44:17 form=entry
// PLAN-NEXT: SITE kernel=nested id=1 at=47:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=nested id=2 at=49:1 form=exit
// A function template's clone is a template (session 22; it was "device
// function put_n that writes memory is a template").
// PLAN: SITE kernel=templated id=0 at=51:17 form=entry
// PLAN-NEXT: SITE kernel=templated id=1 at=54:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=templated id=2 at=56:1 form=exit
// PLAN: SITE kernel=atomic id=0 at=58:17 form=entry
// PLAN-NEXT: SITE kernel=atomic id=1 at=62:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=atomic id=2 at=64:1 form=exit
// PLAN: SITE kernel=reference id=0 at=66:17 form=entry
// PLAN-NEXT: SITE kernel=reference id=1 at=69:3 form=SYNC_PLAIN
// PLAN-NEXT: SITE kernel=reference id=2 at=71:1 form=exit
// PLAN-NOT: SITE

// The originals stay; the clones for `fill` come before the kernel's
// clones, with __ldcc_c first and pwr on every store through a pointer;
// `fill` has the inline checks (shared memory across threads), so its
// callees' accesses are checked inside them (since session 51,
// docs/inline-checks.md "Called device functions"), innermost.
// CLONE: {{^}}__device__ void put(int *p, int i, int v) { p[i] = v; }
// CLONE: {{^}}#line 13
// CLONE-NEXT: {{^}}__device__ void __ldcc_fill__f_put(__ldcc::thread_ctx &__ldcc_c, int *p, int i, int v) { (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_wo(&(p[i]), p, 0u, 1u, __ldcc_c.pass))))) = v; }
// CLONE-NEXT: {{^}}#line 15
// CLONE-NEXT: {{^}}__device__ int __ldcc_fill__f_swap_in(__ldcc::thread_ctx &__ldcc_c, int *p, int i, int v) {
// CLONE-NEXT: {{^}}  int old = (*__ldcc::its_r(&(p[i]), p, 0u, 3u, __ldcc_c.pass));
// CLONE-NEXT: {{^}}  if (i < 0)
// CLONE-NEXT: {{^}}    return 0;
// CLONE-NEXT: {{^}}  (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_wo(&(p[i]), p, 0u, 4u, __ldcc_c.pass))))) = v;
// CLONE-NEXT: {{^}}  return old;
// CLONE-NEXT: {{^}}}
// CLONE-NEXT: {{^}}#define __LDCC_CLONE_PLACE __ldcc::PLACE_SHARED
// CLONE-NOT: __ldcc_nested
// CLONE: {{^}}__global__ void __launch_bounds__(__LDCC_CLONE_THREADS) __ldcc_fill(int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter(); const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0);
// CLONE: {{^}}  __ldcc_c.always_read = 1;
// The calls are renamed where they stand: a statement, an unbraced `if`
// body, inside an expression.
// CLONE: {{^}}  __ldcc_fill__f_put(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->tile), t, t * 2);
// CLONE: {{^}}  if (t < n)
// CLONE-NEXT: {{^}}    __ldcc_fill__f_put(__ldcc_c, out, t, (*__ldcc::srd(__ldcc_c, &((__ldcc_p->tile)[(t + 1) % 128]))));
// CLONE: {{^}} (*__ldcc::glog(__ldcc_c, &((*__ldcc::its_wo(&(out[n + t]), out, 0u, 2u, __ldcc_c.pass))))) = __ldcc_fill__f_swap_in(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->tile), t, 0) + 1;
// CLONE: {{^}}__global__ void __launch_bounds__(1024) __ldcc_fill__lb(int *out, int n, __ldcc::launch_info __ldcc_li, __ldcc::global_info __ldcc_gi) { __ldcc::its_enter(); const unsigned __ldcc_gc = __ldcc::gcopy(__ldcc_gi); if (__ldcc_gc == __LDCC_GNONE) return; __ldcc::gshift(__ldcc_gi, __ldcc_gc, out, 0);
// CLONE: {{^}}  __ldcc_c.always_read = 1;
// CLONE: {{^}}  __ldcc_fill__f_put(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->tile), t, t * 2);
// A function that stores through a further call is cloned with it: the
// deeper clone first, its stores credited to what the kernel hands out.
// CLONE: {{^}}__device__ void __ldcc_nested__f_put(__ldcc::thread_ctx &__ldcc_c, int *p, int i, int v) { (*__ldcc::pwr(__ldcc_c, &(p[i]))) = v; }
// CLONE: {{^}}__device__ void __ldcc_nested__f_put_twice(__ldcc::thread_ctx &__ldcc_c, int *p, int i, int v) { __ldcc_nested__f_put(__ldcc_c, p, i, v); }
// CLONE: {{^}}  __ldcc_nested__f_put_twice(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->s), threadIdx.x, 1);
// Unsupported kernels get no clone.  A store through a reference parameter
// is a store through an address, as through a pointer (since session 16;
// it was "store through a reference").
// CLONE: {{^}}template <int N> __device__ void __ldcc_templated__f_put_n(__ldcc::thread_ctx &__ldcc_c, int *p, int v) { (*__ldcc::pwr(__ldcc_c, &((*__ldcc::its_wo(&(p[N]), p, 2u, 1u, __ldcc_c.pass))))) = v; }
// CLONE: {{^}}  __ldcc_templated__f_put_n<3>(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->s), 1);
// An atomic through the pointer (session 30): patomic_add tells the warp's
// copy from global memory at run time (replay_pointer_atomics.cu).
// CLONE: {{^}}__device__ void __ldcc_atomic__f_bump(__ldcc::thread_ctx &__ldcc_c, int *p) { __ldcc::patomic_add(__ldcc_c, p, 1); }
// CLONE: {{^}}  __ldcc_atomic__f_bump(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->s));
// CLONE: {{^}}__device__ void __ldcc_reference__f_set_ref(__ldcc::thread_ctx &__ldcc_c, int &x, int v) { (*__ldcc::pwr(__ldcc_c, &(x))) = v; }
// CLONE: {{^}}  __ldcc_reference__f_set_ref(__ldcc_c, ((__ldcc_c.rd = 1, __ldcc_p)->s)[threadIdx.x], 1);
// CLONE-NOT: {{__ldcc_late\(}}
// CLONE: {{^}}static const int __ldcc__sites_0[] = {33, 37, 40, 42};
// The functions' stores count as writes of the target handed to them.
// CLONE-NEXT: {{^}}static const int __ldcc__wl_0_0[] = {13, 19};
// CLONE: {{^}}static const int __ldcc__wl_1_0[] = {13};
