/* The recording half of the allocation interception (see
 * ld_rt_intercept.h): the process-wide registry, frees matched to their
 * entries, variables waiting for their device address, counters.
 * Host code, plain C; no CUDA. */
#include "ld_rt_intercept.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

struct pending {
  struct ld_rt_pending_var v;
  int resolved;
};

/* One lock for the state below; the registry has its own. */
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ld_rt_registry *registry;
static int registry_failed;
static struct pending *pending;
static size_t npending, cap_pending;
static struct ld_rt_intercept_stats stats;

/* The out-of-memory hooks; read by any thread without the lock. */
static const struct ld_rt_oom_hooks *oom_hooks;

/* Allocations by the runtime itself, per thread (see _internal). */
static _Thread_local int internal_depth;

struct ld_rt_registry *ld_rt_allocations(void) {
  struct ld_rt_registry *reg;

  pthread_mutex_lock(&state_lock);
  if (!registry && !registry_failed)
    registry_failed = ld_rt_registry_create(&registry) != LD_OK;
  reg = registry;
  pthread_mutex_unlock(&state_lock);
  return reg;
}

/* Add n to one counter. */
static void count(uint64_t *counter, uint64_t n) {
  pthread_mutex_lock(&state_lock);
  *counter += n;
  pthread_mutex_unlock(&state_lock);
}

/* Insert a, evicting what it overlaps, and count the outcome. */
static void record(const struct ld_rt_alloc *a) {
  struct ld_rt_registry *reg = ld_rt_allocations();
  size_t evicted = 0;

  if (!reg ||
      ld_rt_registry_insert(reg, a, LD_RT_REG_EVICT, NULL, &evicted) != 0) {
    count(&stats.unrecorded, 1);
    return;
  }
  pthread_mutex_lock(&state_lock);
  stats.allocs++;
  stats.evicted += evicted;
  pthread_mutex_unlock(&state_lock);
}

/* The name the translated host code gave the calling thread's next
 * allocation (__ldcc_alloc_name), until that call returns. */
static _Thread_local const char *next_name;
static _Thread_local uint32_t next_elem_size;

void __ldcc_alloc_name(const char *name, unsigned elem_size) {
  next_name = name;
  next_elem_size = name ? elem_size : 0;
}

void ld_rt_intercept_alloc(const struct ld_rt_alloc *a) {
  struct ld_rt_alloc copy = *a;

  if (internal_depth > 0)
    copy.kind = LD_RT_ALLOC_INTERNAL;
  else if (next_name && !copy.site_name) {
    copy.site_name = next_name;
    copy.elem_size = next_elem_size;
    next_name = NULL;
  }
  record(&copy);
}

uint64_t ld_rt_intercept_free_begin(uint64_t base) {
  struct ld_rt_registry *reg = ld_rt_allocations();
  struct ld_rt_alloc a;

  if (base == 0 || !reg || ld_rt_registry_find(reg, base, &a) != 0 ||
      a.base != base)
    return 0;
  return a.id;
}

void ld_rt_intercept_free_end(uint64_t base, uint64_t id, int succeeded) {
  struct ld_rt_registry *reg = ld_rt_allocations();

  if (base == 0)
    return;
  if (id == 0) {
    /* Unknown to the registry: CUDA refused it (double free, interior
     * pointer) or freed memory made where ldcc could not see. */
    pthread_mutex_lock(&state_lock);
    if (succeeded) {
      stats.unknown_frees++;
    } else {
      stats.bad_frees++;
      stats.last_bad_free = base;
    }
    pthread_mutex_unlock(&state_lock);
    return;
  }
  /* A failed free of a known pointer leaves it allocated. */
  if (succeeded && reg && ld_rt_registry_remove(reg, base, id, NULL) == 0)
    count(&stats.frees, 1);
}

void ld_rt_intercept_internal(int on) {
  internal_depth += on ? 1 : -1;
}

void ld_rt_intercept_var(uint64_t host, const char *name, uint64_t size,
                         int kind) {
  char *copy = name ? strdup(name) : NULL;

  pthread_mutex_lock(&state_lock);
  if (npending == cap_pending) {
    size_t cap = cap_pending ? 2 * cap_pending : 32;
    struct pending *grown = realloc(pending, cap * sizeof *grown);
    if (!grown) {
      stats.unrecorded++;
      pthread_mutex_unlock(&state_lock);
      free(copy);
      return;
    }
    pending = grown;
    cap_pending = cap;
  }
  pending[npending].v.host = host;
  pending[npending].v.name = copy;
  pending[npending].v.size = size;
  pending[npending].v.kind = kind;
  pending[npending].resolved = 0;
  npending++;
  pthread_mutex_unlock(&state_lock);
}

size_t
ld_rt_intercept_resolve_vars(int (*resolve)(const struct ld_rt_pending_var *v,
                                            uint64_t *base, void *ctx),
                             void *ctx) {
  size_t i, n, done = 0;

  /* resolve calls CUDA, so it runs without the lock.  Entries are only
   * appended (and names never freed) until a reset, so index i and its
   * name stay valid; the copy guards against a concurrent realloc. */
  pthread_mutex_lock(&state_lock);
  n = npending;
  pthread_mutex_unlock(&state_lock);
  for (i = 0; i < n; i++) {
    struct ld_rt_pending_var v;
    struct ld_rt_alloc a;
    uint64_t base = 0;
    int resolved;

    pthread_mutex_lock(&state_lock);
    v = pending[i].v;
    resolved = pending[i].resolved;
    pthread_mutex_unlock(&state_lock);
    if (resolved || resolve(&v, &base, ctx) != 0 || base == 0)
      continue;
    memset(&a, 0, sizeof a);
    a.base = base;
    a.size = v.size;
    a.kind = v.kind;
    a.name = v.name;
    record(&a);
    pthread_mutex_lock(&state_lock);
    pending[i].resolved = 1;
    pthread_mutex_unlock(&state_lock);
    done++;
  }
  return done;
}

void ld_rt_intercept_set_oom(const struct ld_rt_oom_hooks *hooks) {
  __atomic_store_n(&oom_hooks, hooks, __ATOMIC_RELEASE);
}

const struct ld_rt_oom_hooks *ld_rt_intercept_oom(void) {
  return __atomic_load_n(&oom_hooks, __ATOMIC_ACQUIRE);
}

void ld_rt_intercept_retried(int succeeded) {
  pthread_mutex_lock(&state_lock);
  stats.oom_retries++;
  stats.oom_recovered += succeeded != 0;
  pthread_mutex_unlock(&state_lock);
}

int ld_rt_intercept_retries_line(char *buf, size_t size) {
  struct ld_rt_intercept_stats st;

  ld_rt_intercept_stats(&st);
  if (size)
    buf[0] = '\0';
  if (!st.oom_retries)
    return 0;
  snprintf(buf, size,
           "ldcc: %llu allocation(s) of the program refused for want of "
           "memory retried after ldcc's memory pool gave its memory back: "
           "%llu succeeded\n",
           (unsigned long long)st.oom_retries,
           (unsigned long long)st.oom_recovered);
  return 1;
}

void ld_rt_intercept_stats(struct ld_rt_intercept_stats *out) {
  pthread_mutex_lock(&state_lock);
  *out = stats;
  pthread_mutex_unlock(&state_lock);
}

void ld__rt_intercept_reset(void) {
  size_t i;

  pthread_mutex_lock(&state_lock);
  ld_rt_registry_free(registry);
  registry = NULL;
  registry_failed = 0;
  for (i = 0; i < npending; i++)
    free((char *)pending[i].v.name);
  free(pending);
  pending = NULL;
  npending = cap_pending = 0;
  memset(&stats, 0, sizeof stats);
  pthread_mutex_unlock(&state_lock);
  ld_rt_intercept_set_oom(NULL);
  internal_depth = 0;
}
