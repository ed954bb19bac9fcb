/* What the allocation wrappers record, and the process-wide registry they
 * record into.
 *
 * The driver links every program with `--wrap` for the CUDA allocation
 * calls (docs/global-check.md); the wrappers (ld_rt_wrap.c) call the real
 * function, return exactly what it returned, and on success report here.
 * This file holds everything the wrappers do besides calling CUDA, so it is
 * plain C, unit-tested without a GPU, and linkable without `--wrap` (the
 * launch code reaches the registry through it; the wrappers, which name
 * `__real_*` symbols, are in another archive member).
 *
 * Nothing here calls CUDA or changes the program's error state; on its own
 * failure (no memory for an entry) the allocation goes unrecorded and is
 * counted, and a launch that writes through it is later not checked.
 * Host code, plain C. */
#ifndef LD_RT_INTERCEPT_H
#define LD_RT_INTERCEPT_H

#include <stddef.h>
#include <stdint.h>

#include "ld_rt_registry.h"

/* The registry of this process, created on first use; NULL only when it
 * could not be created (no memory), which the wrappers tolerate. */
struct ld_rt_registry *ld_rt_allocations(void);

/* A successful allocation: a->base, size, kind (and pitch, width, height,
 * depth, caller, name where known).  Overlapping entries are evicted: the
 * device just handed out the range.  While the calling thread is inside
 * ld_rt_intercept_internal, the kind is recorded as LD_RT_ALLOC_INTERNAL. */
void ld_rt_intercept_alloc(const struct ld_rt_alloc *a);

/* The translated host code names the calling thread's next allocation
 * (`(__ldcc::alloc_name("d_out", sizeof *(d_out)), __ldcc::alloc_done(
 * cudaMalloc(&d_out, n)))`): the next one recorded from this thread (not
 * the runtime's own) takes name and elem_size as site_name; NULL forgets
 * it (the call returned; a failed one records nothing).  name must live
 * as long as the program (a string literal). */
void __ldcc_alloc_name(const char *name, unsigned elem_size);

/* A free has two halves around the real call: _free_begin before it (the
 * id of the entry at base, 0 when none), _free_end after it with the real
 * call's outcome.  A successful free removes that entry, and only that
 * one: if another thread's allocation reused the address in between, its
 * new entry stays.  NULL is the no-op free CUDA allows. */
uint64_t ld_rt_intercept_free_begin(uint64_t base);
void ld_rt_intercept_free_end(uint64_t base, uint64_t id, int succeeded);

/* Mark the calling thread's own allocations as the runtime's (the scratch
 * pools and copies of the check), from on = 1 until the matching on = 0.
 * Nests. */
void ld_rt_intercept_internal(int on);

/* What the allocation wrappers do when a real allocation fails with
 * cudaErrorMemoryAllocation: the launch code keeps its scratch memory in a
 * pool of its own between launches (docs/global-check.md, Runtime), and
 * that memory must never make the program's allocation fail.  Registered
 * by the launch code once its pool exists; plain C here, so the wrappers
 * make no CUDA call of their own and the unit test can stand in for it.
 * Values are cudaError_t. */
struct ld_rt_oom_hooks {
  /* The calling thread's pending error (cudaPeekAtLastError): changes
   * nothing. */
  int (*pending)(void);
  /* Give back what the runtime's pools keep unused, after the frees the
   * runtime queued have run.  0 when they kept nothing and no CUDA call
   * changed the error state: no retry then; else non-zero, and the wrapper
   * retries once, so the retry decides the error state the program sees. */
  int (*trim)(void);
  /* Clear the calling thread's last error (cudaGetLastError). */
  void (*clear)(void);
};

/* Register hooks (NULL: none, the initial state); they must stay valid
 * until replaced.  Any thread may read them at any time. */
void ld_rt_intercept_set_oom(const struct ld_rt_oom_hooks *hooks);
const struct ld_rt_oom_hooks *ld_rt_intercept_oom(void);

/* `__device__`, `__managed__` and `__constant__` variables are announced
 * by the program's static constructors (the `__cudaRegisterVar` family,
 * wrapped too) before any device memory exists: they wait here, by their
 * host shadow address, until the launch code resolves them. */
struct ld_rt_pending_var {
  uint64_t host;    /* the host shadow's address, what cudaGetSymbolAddress
                       takes; for __managed__ the address of its pointer */
  const char *name; /* the device symbol, mangled for C++ names */
  uint64_t size;    /* bytes */
  int kind;         /* LD_RT_ALLOC_{DEVICE,MANAGED,CONSTANT}_VAR */
};

/* Called from the __cudaRegisterVar wrappers: remember one variable.  name
 * is copied. */
void ld_rt_intercept_var(uint64_t host, const char *name, uint64_t size,
                         int kind);

/* Give every variable announced and not yet resolved to resolve, which
 * returns 0 and its device address in *base, or non-zero when it cannot
 * (it is tried again at the next call).  Resolved variables go into the
 * registry.  Returns how many were resolved by this call. */
size_t
ld_rt_intercept_resolve_vars(int (*resolve)(const struct ld_rt_pending_var *v,
                                            uint64_t *base, void *ctx),
                             void *ctx);

/* Counters since start-up (or the last reset), for the summary and the
 * verbosity lines. */
struct ld_rt_intercept_stats {
  uint64_t allocs;        /* successful allocations recorded */
  uint64_t frees;         /* successful frees that removed an entry */
  uint64_t bad_frees;     /* failed frees of pointers the registry does not
                             know: double frees, interior pointers */
  uint64_t unknown_frees; /* successful frees of memory never seen (made by
                             a library ldcc does not wrap) */
  uint64_t evicted;       /* entries replaced by a new allocation */
  uint64_t unrecorded;    /* allocations lost to the runtime's own failure */
  uint64_t last_bad_free; /* the pointer of the latest bad free */
  uint64_t oom_retries;   /* allocations retried after the runtime's pools
                             were trimmed (ld_rt_oom_hooks) */
  uint64_t oom_recovered; /* of which the retry succeeded */
};
void ld_rt_intercept_stats(struct ld_rt_intercept_stats *out);

/* Count one retry after a trim; succeeded when it gave the memory. */
void ld_rt_intercept_retried(int succeeded);

/* The verbosity=1 line printed at exit when allocations were retried
 * (into buf, with its newline); 0 and "" when none was. */
int ld_rt_intercept_retries_line(char *buf, size_t size);

/* For the tests: empty the registry, the pending variables, the counters
 * and the hooks. */
void ld__rt_intercept_reset(void);

#endif
