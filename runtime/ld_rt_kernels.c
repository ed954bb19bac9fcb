/* The registry of translated kernels and the routing of launches that
 * bypassed __ldcc::launch (see ld_rt_kernels.h).  Two open-addressing
 * tables in static storage, so that registration works from the program's
 * static constructors before anything else of the runtime ran; entries
 * are never removed (kernels live as long as the program).  Host code,
 * plain C. */
#include "ld_rt_kernels.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#define KERNELS 8192 /* registered kernels; a power of two */
#define HANDLES 8192 /* handle -> stub pairs; a power of two */

struct handle_entry {
  const void *handle, *stub;
};

/* The calling thread's nesting inside __ldcc::launch (and the launchers),
 * and whether __ldcc_its_arm just counted the launch that follows. */
static __thread int depth, armed;

/* The calling thread's launch probe: on, the kernels seen, the first. */
static __thread struct {
  int on, seen, spoiled;
  const void *func;
} probe;
static int wrapped;
/* The calling thread's redirection: a launch of from runs to. */
static __thread const void *redirect_from, *redirect_to;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct ld_rt_kernel kernels[KERNELS];
static struct handle_entry handles[HANDLES];
static struct handle_entry bounds[HANDLES]; /* clone -> bounded clone */

static size_t slot_of(const void *p, size_t size) {
  uint64_t h = (uint64_t)(uintptr_t)p;

  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (size_t)(h & (size - 1));
}

int ld_rt_kernels_add(const void *stub, void (*launcher)(void),
                      const char *name, int kind, const char *why) {
  size_t i, n;
  int rc = -1;

  if (!stub)
    return -1;
  pthread_mutex_lock(&lock);
  for (i = slot_of(stub, KERNELS), n = 0; n < KERNELS;
       i = (i + 1) & (KERNELS - 1), n++) {
    struct ld_rt_kernel *k = &kernels[i];
    if (k->stub == stub) {
      rc = 0;
      break;
    }
    if (!k->stub) {
      k->launcher = launcher;
      k->name = name;
      k->kind = kind;
      k->why = why;
      /* Published last: readers look without the lock. */
      __atomic_store_n(&k->stub, stub, __ATOMIC_RELEASE);
      rc = 0;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

const struct ld_rt_kernel *ld_rt_kernels_find(const void *stub) {
  size_t i, n;

  if (!stub)
    return NULL;
  for (i = slot_of(stub, KERNELS), n = 0; n < KERNELS;
       i = (i + 1) & (KERNELS - 1), n++) {
    const void *s = __atomic_load_n(&kernels[i].stub, __ATOMIC_ACQUIRE);
    if (s == stub)
      return &kernels[i];
    if (!s)
      return NULL;
  }
  return NULL;
}

/* Pairs (a handle and its stub, a clone and its bounded twin) in table t
 * of HANDLES entries: put (a key put again takes the new value) and get. */
static int pair_put(struct handle_entry *t, const void *key, const void *val) {
  size_t i, n;
  int rc = -1;

  if (!key || !val)
    return -1;
  pthread_mutex_lock(&lock);
  for (i = slot_of(key, HANDLES), n = 0; n < HANDLES;
       i = (i + 1) & (HANDLES - 1), n++) {
    struct handle_entry *e = &t[i];
    if (e->handle == key || !e->handle) {
      e->stub = val;
      __atomic_store_n(&e->handle, key, __ATOMIC_RELEASE);
      rc = 0;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

static const void *pair_get(const struct handle_entry *t, const void *key) {
  size_t i, n;

  if (!key)
    return NULL;
  for (i = slot_of(key, HANDLES), n = 0; n < HANDLES;
       i = (i + 1) & (HANDLES - 1), n++) {
    const void *h = __atomic_load_n(&t[i].handle, __ATOMIC_ACQUIRE);
    if (h == key)
      return t[i].stub;
    if (!h)
      return NULL;
  }
  return NULL;
}

int ld_rt_kernels_handle(const void *handle, const void *stub) {
  return pair_put(handles, handle, stub);
}

const void *ld_rt_kernels_stub_of(const void *handle) {
  return pair_get(handles, handle);
}

int ld_rt_kernels_add_bounded(const void *clone, const void *bounded) {
  return pair_put(bounds, clone, bounded);
}

const void *ld_rt_kernels_bounded_of(const void *clone) {
  return pair_get(bounds, clone);
}

void ld_rt_kernels_reset(void) {
  pthread_mutex_lock(&lock);
  memset(kernels, 0, sizeof kernels);
  memset(handles, 0, sizeof handles);
  memset(bounds, 0, sizeof bounds);
  pthread_mutex_unlock(&lock);
}

enum ld_rt_route ld_rt_kernels_route(const void *stub, int depth, int armed,
                                     int attributes,
                                     const struct ld_rt_kernel **entry,
                                     const char **why) {
  const struct ld_rt_kernel *k;

  *entry = NULL;
  *why = NULL;
  /* The launch right after __ldcc::its_arm() is the one it counted. */
  if (depth > 0 || armed)
    return LD_RT_ROUTE_PASS;
  k = ld_rt_kernels_find(stub);
  if (!k) {
    *why = stub ? LD_RT_WHY_FOREIGN : LD_RT_WHY_UNKNOWN_HANDLE;
    return LD_RT_ROUTE_UNCHECKED;
  }
  if (!k->launcher && k->kind == LD_RT_KERNEL_AS_BUILT) {
    *entry = k;
    return LD_RT_ROUTE_AS_BUILT;
  }
  if (!k->launcher) {
    *why = k->why ? k->why : LD_RT_WHY_UNCHECKED;
    return LD_RT_ROUTE_UNCHECKED;
  }
  if (k->kind == LD_RT_KERNEL_ARMED) {
    *entry = k;
    return LD_RT_ROUTE_ARM;
  }
  if (attributes) {
    *why = LD_RT_WHY_ATTRIBUTES;
    return LD_RT_ROUTE_UNCHECKED;
  }
  *entry = k;
  return LD_RT_ROUTE_LAUNCHER;
}

void ld_rt_kernels_nest(int delta) {
  depth += delta;
}

/* The ABI of include/ldcc/host.h (declared there, weakly, with the
 * launcher's CUDA type). */
void __ldcc_launch_scope(int delta);
void __ldcc_register_bounded(const void *clone, const void *bounded);
void __ldcc_register_kernel(const void *stub, void (*launcher)(void),
                            const char *name, int kind, const char *why);

void __ldcc_launch_scope(int delta) {
  depth += delta;
}

void __ldcc_register_bounded(const void *clone, const void *bounded) {
  (void)ld_rt_kernels_add_bounded(clone, bounded);
}

void __ldcc_register_kernel(const void *stub, void (*launcher)(void),
                            const char *name, int kind, const char *why) {
  (void)ld_rt_kernels_add(stub, launcher, name, kind, why);
}

int ld_rt_kernels_depth(void) {
  return depth;
}

void ld_rt_kernels_set_armed(int value) {
  armed = value;
}

int ld_rt_kernels_take_armed(void) {
  int was = armed;
  armed = 0;
  return was;
}

int ld_rt_kernels_wrapped(void) {
  return __atomic_load_n(&wrapped, __ATOMIC_ACQUIRE);
}

void ld_rt_kernels_set_wrapped(void) {
  __atomic_store_n(&wrapped, 1, __ATOMIC_RELEASE);
}

const void *ld_rt_kernels_capture(int on) {
  const void *func = probe.seen == 1 && !probe.spoiled ? probe.func : NULL;

  memset(&probe, 0, sizeof probe);
  probe.on = on;
  return on ? NULL : func;
}

int ld_rt_kernels_capturing(void) {
  return probe.on;
}

void ld_rt_kernels_captured(const void *func) {
  if (probe.seen++ == 0)
    probe.func = func;
}

void ld_rt_kernels_spoil(void) {
  probe.spoiled = 1;
}

int ld_rt_resident_lost(unsigned long long blocks, int sms, int orig_per_sm,
                        int clone_per_sm) {
  if (sms <= 0 || orig_per_sm <= 0 || clone_per_sm <= 0 || blocks == 0 ||
      blocks % (unsigned long long)sms != 0)
    return 0;
  return blocks <= (unsigned long long)orig_per_sm * (unsigned)sms &&
         blocks > (unsigned long long)clone_per_sm * (unsigned)sms;
}

void ld_rt_kernels_redirect(const void *from, const void *to) {
  redirect_from = from;
  redirect_to = to;
}

const void *ld_rt_kernels_redirected(const void *stub) {
  return stub && stub == redirect_from ? redirect_to : NULL;
}
