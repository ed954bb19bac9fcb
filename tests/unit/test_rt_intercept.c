/* Check suite for the allocation interception: the wrappers
 * (runtime/ld_rt_wrap.c) linked against stand-in `__real_*` functions
 * defined here, which hand out made-up device addresses, and the recording
 * layer behind them (runtime/ld_rt_intercept.c).  No GPU, no libcudart:
 * only the CUDA runtime API's types. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_intercept.h"
#include "ld_rt_wrap.h" /* CUDA's types; __real_ (defined here), __wrap_ */

/* --- the stand-in CUDA ------------------------------------------------- */

enum { NLIVE = 64 };
static uint64_t live[NLIVE];     /* bases handed out and not freed */
static uint64_t next_base;       /* bump allocator */
static uint64_t last_freed;      /* reused first, like a caching allocator */
static cudaError_t fail_with;    /* next call fails with this, if set */
static int fail_again;           /* ... and this many calls after it */
static void (*after_free)(void); /* runs inside the real free */
static int real_calls;
static cudaError_t last_error; /* the thread's last error, as CUDA keeps it */

static void fake_reset(void) {
  memset(live, 0, sizeof live);
  next_base = 0x7f0000000000ull;
  last_freed = 0;
  fail_with = cudaSuccess;
  fail_again = 0;
  after_free = NULL;
  real_calls = 0;
  last_error = cudaSuccess;
}

/* Count a call; true (with the error in *rc) when it is to fail. */
static int failing(cudaError_t *rc) {
  real_calls++;
  *rc = fail_with;
  if (fail_again > 0)
    fail_again--;
  else
    fail_with = cudaSuccess;
  /* A failed call becomes the last error; a successful one leaves it. */
  if (*rc != cudaSuccess)
    last_error = *rc;
  return *rc != cudaSuccess;
}

static cudaError_t fake_alloc(void **ptr, size_t size) {
  cudaError_t rc;
  uint64_t base;
  int i;

  if (failing(&rc)) {
    *ptr = (void *)0xdead; /* what a failure leaves is not promised */
    return rc;
  }
  if (size == 0) {
    *ptr = NULL;
    return cudaSuccess;
  }
  if (last_freed) {
    base = last_freed;
    last_freed = 0;
  } else {
    base = next_base;
    next_base += (size + 511) / 512 * 512 + 512;
  }
  for (i = 0; i < NLIVE && live[i]; i++)
    ;
  ck_assert_int_lt(i, NLIVE);
  live[i] = base;
  *ptr = (void *)(uintptr_t)base;
  return cudaSuccess;
}

static cudaError_t fake_free(void *ptr) {
  uint64_t base = (uint64_t)(uintptr_t)ptr;
  cudaError_t rc;
  int i;

  if (failing(&rc))
    return rc;
  if (!ptr)
    return cudaSuccess;
  for (i = 0; i < NLIVE && live[i] != base; i++)
    ;
  if (i == NLIVE)
    return cudaErrorInvalidValue;
  live[i] = 0;
  last_freed = base;
  if (after_free)
    after_free();
  return cudaSuccess;
}

cudaError_t __real_cudaMalloc(void **ptr, size_t size) {
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaMallocManaged(void **ptr, size_t size,
                                     unsigned int flags) {
  ck_assert_uint_eq(flags, cudaMemAttachHost);
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaMallocPitch(void **ptr, size_t *pitch, size_t width,
                                   size_t height) {
  size_t rounded = (width + 127) / 128 * 128;
  cudaError_t rc = fake_alloc(ptr, rounded * height);
  if (rc == cudaSuccess)
    *pitch = rounded;
  return rc;
}
cudaError_t __real_cudaMalloc3D(struct cudaPitchedPtr *p, struct cudaExtent e) {
  void *ptr = NULL;
  size_t pitch = (e.width + 127) / 128 * 128;
  cudaError_t rc = fake_alloc(&ptr, pitch * e.height * e.depth);
  if (rc == cudaSuccess) {
    p->ptr = ptr;
    p->pitch = pitch;
    p->xsize = e.width;
    p->ysize = e.height;
  }
  return rc;
}
cudaError_t __real_cudaMallocAsync(void **ptr, size_t size, cudaStream_t s) {
  ck_assert_ptr_eq(s, (cudaStream_t)0x5);
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaMallocAsync_ptsz(void **ptr, size_t size,
                                        cudaStream_t s) {
  (void)s;
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaMallocFromPoolAsync(void **ptr, size_t size,
                                           cudaMemPool_t pool, cudaStream_t s) {
  ck_assert_ptr_eq(pool, (cudaMemPool_t)0x9);
  (void)s;
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size,
                                                cudaMemPool_t pool,
                                                cudaStream_t s) {
  (void)pool;
  (void)s;
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaMallocHost(void **ptr, size_t size) {
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaHostAlloc(void **ptr, size_t size, unsigned int flags) {
  ck_assert_uint_eq(flags, cudaHostAllocMapped);
  return fake_alloc(ptr, size);
}
cudaError_t __real_cudaFree(void *ptr) {
  return fake_free(ptr);
}
cudaError_t __real_cudaFreeHost(void *ptr) {
  return fake_free(ptr);
}
cudaError_t __real_cudaHostRegister(void *ptr, size_t size,
                                    unsigned int flags) {
  (void)ptr;
  (void)size;
  ck_assert_uint_eq(flags, cudaHostRegisterMapped);
  return cudaSuccess;
}
cudaError_t __real_cudaHostUnregister(void *ptr) {
  (void)ptr;
  return cudaSuccess;
}
cudaError_t __real_cudaFreeAsync(void *ptr, cudaStream_t s) {
  (void)s;
  return fake_free(ptr);
}
cudaError_t __real_cudaFreeAsync_ptsz(void *ptr, cudaStream_t s) {
  (void)s;
  return fake_free(ptr);
}

static struct {
  void **module;
  char *host, *device_addr;
  const char *name;
  int ext, constant, global;
  size_t size;
} registered;

void __real___cudaRegisterVar(void **module, char *host, char *device_addr,
                              const char *device_name, int ext, size_t size,
                              int constant, int global) {
  real_calls++;
  registered.module = module;
  registered.host = host;
  registered.device_addr = device_addr;
  registered.name = device_name;
  registered.ext = ext;
  registered.size = size;
  registered.constant = constant;
  registered.global = global;
}
void __real___cudaRegisterManagedVar(void **module, void **host_ptr,
                                     char *device_addr, const char *device_name,
                                     int ext, size_t size, int constant,
                                     int global) {
  __real___cudaRegisterVar(module, (char *)host_ptr, device_addr, device_name,
                           ext, size, constant, global);
}

/* The launch code's out-of-memory hooks (ld_rt_oom_hooks): a pool that
 * keeps `pool_kept` bytes until trimmed, and the thread's error state
 * above. */
static uint64_t pool_kept;
static int pending_calls, trim_calls, clear_calls;

static int fake_pending(void) {
  pending_calls++;
  return (int)last_error;
}

static int fake_trim(void) {
  int kept = pool_kept != 0;

  trim_calls++;
  pool_kept = 0;
  return kept;
}

static void fake_clear(void) {
  clear_calls++;
  last_error = cudaSuccess;
}

static const struct ld_rt_oom_hooks fake_hooks = {fake_pending, fake_trim,
                                                  fake_clear};

/* The pool keeps memory and the next real allocation is refused for want
 * of it. */
static void refuse_once(void) {
  pool_kept = 1 << 20;
  fail_with = cudaErrorMemoryAllocation;
}

/* The stand-ins were called so many times. */
static void calls_were(int real, int trims, int clears) {
  ck_assert_int_eq(real_calls, real);
  ck_assert_int_eq(trim_calls, trims);
  ck_assert_int_eq(clear_calls, clears);
}

static void hooks_reset(void) {
  pool_kept = 0;
  pending_calls = trim_calls = clear_calls = 0;
}

/* --- helpers ------------------------------------------------------------- */

static void setup(void) {
  fake_reset();
  hooks_reset();
  ld__rt_intercept_reset();
}

static void teardown(void) {
  ld__rt_intercept_reset();
}

static size_t entries(void) {
  size_t n = 0;
  ld_rt_registry_stats(ld_rt_allocations(), &n, NULL);
  return n;
}

/* The entry holding p; fails the test when there is none. */
static struct ld_rt_alloc entry_at(const void *p) {
  struct ld_rt_alloc a;
  ck_assert_int_eq(
      ld_rt_registry_find(ld_rt_allocations(), (uint64_t)(uintptr_t)p, &a), 0);
  return a;
}

static int known(const void *p) {
  struct ld_rt_alloc a;
  return ld_rt_registry_find(ld_rt_allocations(), (uint64_t)(uintptr_t)p, &a) ==
         0;
}

static struct ld_rt_intercept_stats stats_now(void) {
  struct ld_rt_intercept_stats s;
  ld_rt_intercept_stats(&s);
  return s;
}

/* --- tests ------------------------------------------------------------- */

START_TEST(test_malloc_recorded) {
  void *p = NULL;
  struct ld_rt_alloc a;

  ck_assert_int_eq(__wrap_cudaMalloc(&p, 1000), cudaSuccess);
  ck_assert_uint_eq((uintptr_t)p, 0x7f0000000000ull); /* the real pointer */
  a = entry_at((char *)p + 999);
  ck_assert_uint_eq(a.base, (uintptr_t)p);
  ck_assert_uint_eq(a.size, 1000);
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_MALLOC);
  ck_assert_uint_ne(a.caller, 0);
  ck_assert_ptr_null(a.name);
  ck_assert(!known((char *)p + 1000));
  ck_assert_uint_eq(stats_now().allocs, 1);
}
END_TEST

START_TEST(test_failure_passed_through) {
  void *p = (void *)0x1234;
  size_t pitch = 77;

  fail_with = cudaErrorMemoryAllocation;
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 1000), cudaErrorMemoryAllocation);
  ck_assert_ptr_eq(p, (void *)0xdead); /* what the real call left */
  fail_with = cudaErrorInvalidValue;
  ck_assert_int_eq(__wrap_cudaMallocPitch(&p, &pitch, 100, 10),
                   cudaErrorInvalidValue);
  ck_assert_uint_eq(pitch, 77);
  /* A zero-byte allocation succeeds with NULL: nothing to record. */
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 0), cudaSuccess);
  ck_assert_ptr_null(p);
  ck_assert_uint_eq(entries(), 0);
  ck_assert_uint_eq(stats_now().allocs, 0);
  ck_assert_int_eq(real_calls, 3);
}
END_TEST

START_TEST(test_kinds_and_shapes) {
  void *m, *pi, *as, *asp, *po, *pop;
  size_t pitch = 0;
  struct cudaPitchedPtr p3;
  struct cudaExtent extent = {200, 4, 3};
  struct ld_rt_alloc a;

  ck_assert_int_eq(__wrap_cudaMallocManaged(&m, 64, cudaMemAttachHost),
                   cudaSuccess);
  ck_assert_int_eq(__wrap_cudaMallocPitch(&pi, &pitch, 100, 10), cudaSuccess);
  ck_assert_uint_eq(pitch, 128);
  ck_assert_int_eq(__wrap_cudaMalloc3D(&p3, extent), cudaSuccess);
  ck_assert_uint_eq(p3.pitch, 256);
  ck_assert_int_eq(__wrap_cudaMallocAsync(&as, 32, (cudaStream_t)0x5),
                   cudaSuccess);
  ck_assert_int_eq(__wrap_cudaMallocAsync_ptsz(&asp, 48, NULL), cudaSuccess);
  ck_assert_int_eq(
      __wrap_cudaMallocFromPoolAsync(&po, 16, (cudaMemPool_t)0x9, NULL),
      cudaSuccess);
  ck_assert_int_eq(__wrap_cudaMallocFromPoolAsync_ptsz(&pop, 8, NULL, NULL),
                   cudaSuccess);
  ck_assert_uint_eq(entries(), 7);
  ck_assert_int_eq(entry_at(m).kind, LD_RT_ALLOC_MANAGED);
  a = entry_at(pi);
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_PITCH);
  ck_assert_uint_eq(a.size, 128 * 10);
  ck_assert_uint_eq(a.pitch, 128);
  ck_assert_uint_eq(a.width, 100);
  ck_assert_uint_eq(a.height, 10);
  ck_assert_uint_eq(a.depth, 1);
  a = entry_at((char *)p3.ptr + 256 * 4 * 3 - 1);
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_3D);
  ck_assert_uint_eq(a.size, 256 * 4 * 3);
  ck_assert_uint_eq(a.width, 200);
  ck_assert_uint_eq(a.height, 4);
  ck_assert_uint_eq(a.depth, 3);
  ck_assert_int_eq(entry_at(as).kind, LD_RT_ALLOC_ASYNC);
  ck_assert_int_eq(entry_at(asp).kind, LD_RT_ALLOC_ASYNC);
  ck_assert_uint_eq(entry_at(asp).size, 48);
  ck_assert_int_eq(entry_at(po).kind, LD_RT_ALLOC_POOL);
  ck_assert_int_eq(entry_at(pop).kind, LD_RT_ALLOC_POOL);
  /* Every form of free removes its entry. */
  ck_assert_int_eq(__wrap_cudaFreeAsync(as, NULL), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaFreeAsync_ptsz(asp, NULL), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaFree(p3.ptr), cudaSuccess);
  ck_assert(!known(as) && !known(asp) && !known(p3.ptr));
  ck_assert_uint_eq(entries(), 4);
  ck_assert_uint_eq(stats_now().frees, 3);
}
END_TEST

START_TEST(test_double_free) {
  void *p;
  struct ld_rt_intercept_stats s;

  ck_assert_int_eq(__wrap_cudaMalloc(&p, 100), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaFree(p), cudaSuccess);
  ck_assert(!known(p));
  /* CUDA's answer reaches the program; ldcc counts it and goes on. */
  ck_assert_int_eq(__wrap_cudaFree(p), cudaErrorInvalidValue);
  ck_assert_int_eq(__wrap_cudaFreeAsync((char *)p + 8, NULL),
                   cudaErrorInvalidValue);
  s = stats_now();
  ck_assert_uint_eq(s.frees, 1);
  ck_assert_uint_eq(s.bad_frees, 2);
  ck_assert_uint_eq(s.last_bad_free, (uintptr_t)p + 8);
  /* Freeing NULL is no event at all. */
  ck_assert_int_eq(__wrap_cudaFree(NULL), cudaSuccess);
  ck_assert_uint_eq(stats_now().bad_frees, 2);
  ck_assert_uint_eq(stats_now().unknown_frees, 0);
}
END_TEST

START_TEST(test_interior_free_keeps_entry) {
  void *p;

  ck_assert_int_eq(__wrap_cudaMalloc(&p, 100), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaFree((char *)p + 4), cudaErrorInvalidValue);
  ck_assert(known(p));
  /* A free CUDA refuses for another reason leaves the entry too. */
  fail_with = cudaErrorLaunchFailure;
  ck_assert_int_eq(__wrap_cudaFree(p), cudaErrorLaunchFailure);
  ck_assert(known(p));
  ck_assert_int_eq(__wrap_cudaFree(p), cudaSuccess);
  ck_assert(!known(p));
}
END_TEST

START_TEST(test_unknown_free) {
  void *p;

  /* Memory allocated where ldcc could not see (a library linked without
   * the wrappers), then freed through them. */
  ck_assert_int_eq(__real_cudaMalloc(&p, 64), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaFree(p), cudaSuccess);
  ck_assert_uint_eq(stats_now().unknown_frees, 1);
  ck_assert_uint_eq(stats_now().bad_frees, 0);
}
END_TEST

static void *reused;

/* Another thread allocating between the real free and the registry. */
static void allocate_again(void) {
  after_free = NULL;
  ck_assert_int_eq(__wrap_cudaMalloc(&reused, 300), cudaSuccess);
}

START_TEST(test_free_racing_reuse) {
  void *p;
  struct ld_rt_alloc a;

  ck_assert_int_eq(__wrap_cudaMalloc(&p, 200), cudaSuccess);
  after_free = allocate_again;
  ck_assert_int_eq(__wrap_cudaFree(p), cudaSuccess);
  ck_assert_ptr_eq(reused, p); /* the address came straight back */
  a = entry_at((char *)p + 250);
  ck_assert_uint_eq(a.size, 300);
  ck_assert_uint_eq(stats_now().evicted, 1);
  ck_assert_uint_eq(stats_now().allocs, 2);
}
END_TEST

START_TEST(test_internal_allocations) {
  void *user, *own, *nested, *after;

  ld_rt_intercept_internal(1);
  ck_assert_int_eq(__wrap_cudaMalloc(&own, 64), cudaSuccess);
  ld_rt_intercept_internal(1);
  ck_assert_int_eq(__wrap_cudaMallocAsync(&nested, 64, (cudaStream_t)0x5),
                   cudaSuccess);
  ld_rt_intercept_internal(0);
  ld_rt_intercept_internal(0);
  ck_assert_int_eq(__wrap_cudaMalloc(&after, 64), cudaSuccess);
  ck_assert_int_eq(entry_at(own).kind, LD_RT_ALLOC_INTERNAL);
  ck_assert_int_eq(entry_at(nested).kind, LD_RT_ALLOC_INTERNAL);
  ck_assert_int_eq(entry_at(after).kind, LD_RT_ALLOC_MALLOC);
  ck_assert_int_eq(__wrap_cudaMalloc(&user, 64), cudaSuccess);
  ck_assert_int_eq(entry_at(user).kind, LD_RT_ALLOC_MALLOC);
}
END_TEST

/* The translated host code names the next allocation (__ldcc_alloc_name,
 * include/ldcc/host.h alloc_name/alloc_done): it alone takes the name; a
 * failed call leaves it to be forgotten, the runtime's own do not take it. */
START_TEST(test_allocation_names) {
  void *a, *b, *own, *c;

  __ldcc_alloc_name("d_out", 4);
  ck_assert_int_eq(__wrap_cudaMalloc(&a, 64), cudaSuccess);
  __ldcc_alloc_name(NULL, 0); /* alloc_done */
  ck_assert_int_eq(__wrap_cudaMalloc(&b, 64), cudaSuccess);
  ck_assert_str_eq(entry_at(a).site_name, "d_out");
  ck_assert_uint_eq(entry_at(a).elem_size, 4);
  ck_assert_ptr_null(entry_at(b).site_name);
  /* A failed call records nothing; alloc_done forgets the name. */
  __ldcc_alloc_name("lost", 8);
  fail_with = cudaErrorMemoryAllocation;
  ck_assert_int_eq(__wrap_cudaMalloc(&c, 64), cudaErrorMemoryAllocation);
  __ldcc_alloc_name(NULL, 0);
  ck_assert_int_eq(__wrap_cudaMalloc(&c, 64), cudaSuccess);
  ck_assert_ptr_null(entry_at(c).site_name);
  /* The runtime's own allocation in between does not take it. */
  __ldcc_alloc_name("h.rows", 0);
  ld_rt_intercept_internal(1);
  ck_assert_int_eq(__wrap_cudaMalloc(&own, 64), cudaSuccess);
  ld_rt_intercept_internal(0);
  ck_assert_int_eq(__wrap_cudaMallocManaged(&c, 64, 2), cudaSuccess);
  __ldcc_alloc_name(NULL, 0);
  ck_assert_ptr_null(entry_at(own).site_name);
  ck_assert_str_eq(entry_at(c).site_name, "h.rows");
  ck_assert_uint_eq(entry_at(c).elem_size, 0);
}
END_TEST

static int attempts;

/* Resolves host address h to 0x9000000 + h, but refuses "late" once. */
static int resolve(const struct ld_rt_pending_var *v, uint64_t *base,
                   void *ctx) {
  (void)ctx;
  attempts++;
  if (strcmp(v->name, "late") == 0 && attempts < 5)
    return 1;
  *base = 0x9000000 + v->host;
  return 0;
}

START_TEST(test_variables) {
  static char dvar[16], cvar[8], late[4];
  static void *mvar_ptr;
  void *module = (void *)0x77;
  struct ld_rt_alloc a;

  __wrap___cudaRegisterVar(&module, dvar, (char *)"dvar", "dvar", 0, 16, 0, 0);
  /* Passed through unchanged. */
  ck_assert_ptr_eq(registered.module, &module);
  ck_assert_ptr_eq(registered.host, dvar);
  ck_assert_str_eq(registered.name, "dvar");
  ck_assert_uint_eq(registered.size, 16);
  __wrap___cudaRegisterVar(&module, cvar, (char *)"_Z4cvar", "_Z4cvar", 1, 8, 1,
                           0);
  ck_assert_int_eq(registered.ext, 1);
  ck_assert_int_eq(registered.constant, 1);
  __wrap___cudaRegisterManagedVar(&module, &mvar_ptr, (char *)"mvar", "mvar", 0,
                                  4, 0, 0);
  __wrap___cudaRegisterVar(&module, late, (char *)"late", "late", 0, 4, 0, 0);
  ck_assert_int_eq(real_calls, 4);
  /* Nothing is in the registry before the device addresses are known. */
  ck_assert_uint_eq(entries(), 0);
  ck_assert_uint_eq(ld_rt_intercept_resolve_vars(resolve, NULL), 3);
  a = entry_at((void *)(uintptr_t)(0x9000000 + (uintptr_t)dvar + 15));
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_DEVICE_VAR);
  ck_assert_str_eq(a.name, "dvar");
  ck_assert_uint_eq(a.size, 16);
  a = entry_at((void *)(uintptr_t)(0x9000000 + (uintptr_t)cvar));
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_CONSTANT_VAR);
  ck_assert_str_eq(a.name, "_Z4cvar");
  a = entry_at((void *)(uintptr_t)(0x9000000 + (uintptr_t)&mvar_ptr));
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_MANAGED_VAR);
  /* The one that failed is tried again; the others are not. */
  attempts = 4;
  ck_assert_uint_eq(ld_rt_intercept_resolve_vars(resolve, NULL), 1);
  ck_assert_int_eq(attempts, 5);
  ck_assert_str_eq(
      entry_at((void *)(uintptr_t)(0x9000000 + (uintptr_t)late)).name, "late");
  ck_assert_uint_eq(ld_rt_intercept_resolve_vars(resolve, NULL), 0);
  ck_assert_uint_eq(entries(), 4);
}
END_TEST

/* Without hooks (no pool of the runtime's yet) an allocation refused for
 * want of memory is not retried; with them, a success costs one peek at
 * the error state and nothing else. */
START_TEST(test_oom_no_hooks_no_retry) {
  void *p = NULL;

  fail_with = cudaErrorMemoryAllocation;
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 100), cudaErrorMemoryAllocation);
  ck_assert_int_eq(real_calls, 1);
  ck_assert_int_eq(pending_calls + trim_calls + clear_calls, 0);
  ld_rt_intercept_set_oom(&fake_hooks);
  pool_kept = 4096;
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 100), cudaSuccess);
  ck_assert_int_eq(pending_calls, 1);
  ck_assert_int_eq(trim_calls + clear_calls, 0);
  ck_assert_uint_eq(pool_kept, 4096);
  ck_assert_uint_eq(stats_now().oom_retries, 0);
}
END_TEST

/* The pool keeps memory, the program's cudaMalloc is refused once: the pool
 * is trimmed, the call made again, and the program sees the retry's result,
 * pointer and a clean error state. */
START_TEST(test_oom_trim_and_retry) {
  void *p = NULL;
  struct ld_rt_alloc a;

  ld_rt_intercept_set_oom(&fake_hooks);
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 1000), cudaSuccess);
  ck_assert_int_eq(real_calls, 2);
  ck_assert_int_eq(trim_calls, 1);
  ck_assert_uint_eq(pool_kept, 0);
  ck_assert_ptr_eq(p, (void *)(uintptr_t)0x7f0000000000ull);
  a = entry_at(p);
  ck_assert_uint_eq(a.size, 1000);
  ck_assert_int_eq(a.kind, LD_RT_ALLOC_MALLOC);
  ck_assert_uint_eq(entries(), 1);
  /* The first attempt's cudaErrorMemoryAllocation is gone. */
  ck_assert_int_eq(clear_calls, 1);
  ck_assert_int_eq(last_error, cudaSuccess);
  ck_assert_uint_eq(stats_now().oom_retries, 1);
  ck_assert_uint_eq(stats_now().oom_recovered, 1);
  ck_assert_uint_eq(stats_now().allocs, 1);
  {
    char line[256];
    ck_assert_int_eq(ld_rt_intercept_retries_line(line, sizeof line), 1);
    ck_assert_str_eq(line, "ldcc: 1 allocation(s) of the program refused for "
                           "want of memory retried after ldcc's memory pool "
                           "gave its memory back: 1 succeeded\n");
  }
}
END_TEST

/* An error the program left pending before the call is not cleared: the
 * runtime never calls cudaGetLastError over the program's error. */
START_TEST(test_oom_pending_error_not_cleared) {
  void *p = NULL;

  ld_rt_intercept_set_oom(&fake_hooks);
  last_error = cudaErrorLaunchFailure;
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 64), cudaSuccess);
  calls_were(2, 1, 0);
  ck_assert_int_ne(last_error, cudaSuccess);
  ck_assert(known(p));
}
END_TEST

/* The retry fails too: its error is the program's, nothing is recorded,
 * nothing cleared. */
START_TEST(test_oom_retry_fails) {
  void *p = NULL;

  char line[8] = "x";

  ck_assert_int_eq(ld_rt_intercept_retries_line(line, sizeof line), 0);
  ck_assert_str_eq(line, "");
  ld_rt_intercept_set_oom(&fake_hooks);
  refuse_once();
  fail_again = 1;
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 64), cudaErrorMemoryAllocation);
  calls_were(2, 1, 0);
  ck_assert_int_eq(last_error, cudaErrorMemoryAllocation);
  ck_assert_uint_eq(entries(), 0);
  ck_assert_uint_eq(stats_now().oom_retries, 1);
  ck_assert_uint_eq(stats_now().oom_recovered, 0);
}
END_TEST

/* The pool kept nothing (trim says so): no retry, the refusal stands.
 * Another error is never a reason to trim. */
START_TEST(test_oom_nothing_kept_or_other_error) {
  void *p = NULL;

  ld_rt_intercept_set_oom(&fake_hooks);
  fail_with = cudaErrorMemoryAllocation;
  ck_assert_int_eq(__wrap_cudaMallocAsync(&p, 64, (cudaStream_t)0x5),
                   cudaErrorMemoryAllocation);
  calls_were(1, 1, 0);
  ck_assert_int_eq(last_error, cudaErrorMemoryAllocation);
  pool_kept = 1 << 20;
  fail_with = cudaErrorInvalidValue;
  ck_assert_int_eq(__wrap_cudaMalloc(&p, 64), cudaErrorInvalidValue);
  calls_were(2, 1, 0);
  ck_assert_uint_eq(pool_kept, 1 << 20);
  ck_assert_uint_eq(entries(), 0);
}
END_TEST

/* Every allocation wrapper retries; out-parameters are the retry's (the
 * pitch too), and the runtime's own allocations stay internal. */
START_TEST(test_oom_every_wrapper) {
  void *p = NULL, *own = NULL;
  size_t pitch = 0;
  struct cudaPitchedPtr p3 = {0};
  struct cudaExtent extent = {200, 3, 2};

  ld_rt_intercept_set_oom(&fake_hooks);
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMallocPitch(&p, &pitch, 100, 10), cudaSuccess);
  ck_assert_uint_eq(pitch, 128);
  ck_assert_uint_eq(entry_at(p).size, 1280);
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMalloc3D(&p3, extent), cudaSuccess);
  ck_assert_uint_eq(entry_at(p3.ptr).size, 256 * 3 * 2);
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMallocManaged(&p, 64, cudaMemAttachHost),
                   cudaSuccess);
  ck_assert_int_eq(entry_at(p).kind, LD_RT_ALLOC_MANAGED);
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMallocAsync_ptsz(&p, 64, NULL), cudaSuccess);
  ck_assert(known(p));
  refuse_once();
  ck_assert_int_eq(__wrap_cudaMallocFromPoolAsync_ptsz(&p, 64, NULL, NULL),
                   cudaSuccess);
  ck_assert_int_eq(entry_at(p).kind, LD_RT_ALLOC_POOL);
  refuse_once();
  ld_rt_intercept_internal(1);
  ck_assert_int_eq(
      __wrap_cudaMallocFromPoolAsync(&own, 64, (cudaMemPool_t)0x9, NULL),
      cudaSuccess);
  ld_rt_intercept_internal(0);
  ck_assert_int_eq(entry_at(own).kind, LD_RT_ALLOC_INTERNAL);
  calls_were(12, 6, 6);
  ck_assert_int_eq(last_error, cudaSuccess);
  ck_assert_uint_eq(stats_now().oom_recovered, 6);
}
END_TEST

/* Page-locked host memory is kept like device memory (kernels write it at
 * its host address); cudaFreeHost removes it. */
START_TEST(test_host_memory) {
  void *h, *m;

  ck_assert_int_eq(__wrap_cudaMallocHost(&h, 256), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaHostAlloc(&m, 128, cudaHostAllocMapped),
                   cudaSuccess);
  ck_assert_uint_eq(entries(), 2);
  ck_assert_int_eq(entry_at((char *)h + 255).kind, LD_RT_ALLOC_HOST);
  ck_assert_uint_eq(entry_at(h).size, 256);
  ck_assert_int_eq(entry_at(m).kind, LD_RT_ALLOC_HOST_ALLOC);
  ck_assert_str_eq(ld_rt_alloc_kind_name(LD_RT_ALLOC_HOST_ALLOC),
                   "cudaHostAlloc");
  ck_assert_int_eq(__wrap_cudaFreeHost(h), cudaSuccess);
  ck_assert_int_eq(__wrap_cudaFreeHost(m), cudaSuccess);
  ck_assert(!known(h) && !known(m));
  ck_assert_uint_eq(stats_now().frees, 2);
  /* Memory the program page-locks itself, until it unregisters it. */
  {
    static char buf[4096];
    ck_assert_int_eq(
        __wrap_cudaHostRegister(buf, sizeof buf, cudaHostRegisterMapped),
        cudaSuccess);
    ck_assert_int_eq(entry_at(buf + 100).kind, LD_RT_ALLOC_HOST_REGISTER);
    ck_assert_int_eq(__wrap_cudaHostUnregister(buf), cudaSuccess);
    ck_assert(!known(buf));
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_intercept");
  TCase *tc = tcase_create("core");

  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_malloc_recorded);
  tcase_add_test(tc, test_allocation_names);
  tcase_add_test(tc, test_failure_passed_through);
  tcase_add_test(tc, test_kinds_and_shapes);
  tcase_add_test(tc, test_double_free);
  tcase_add_test(tc, test_interior_free_keeps_entry);
  tcase_add_test(tc, test_unknown_free);
  tcase_add_test(tc, test_free_racing_reuse);
  tcase_add_test(tc, test_internal_allocations);
  tcase_add_test(tc, test_variables);
  tcase_add_test(tc, test_oom_no_hooks_no_retry);
  tcase_add_test(tc, test_oom_trim_and_retry);
  tcase_add_test(tc, test_oom_pending_error_not_cleared);
  tcase_add_test(tc, test_oom_retry_fails);
  tcase_add_test(tc, test_oom_nothing_kept_or_other_error);
  tcase_add_test(tc, test_oom_every_wrapper);
  tcase_add_test(tc, test_host_memory);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
