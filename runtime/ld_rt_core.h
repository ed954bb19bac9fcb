/* The runtime's core (ld_rt_core.cu) for the launch paths: the
 * shared-memory replay (ld_rt_launch.cu) and the check across blocks
 * (ld_rt_glaunch.cu): the runtime's lock, initialisation, report ring and
 * options, the per-site table, and its unchecked-launch and end-of-launch
 * handling.  Host code, C linkage; nothing here is part of the program's
 * ABI. */
#ifndef LD_RT_CORE_H
#define LD_RT_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ldcc/host.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a check kernel writes its reports, and the options it needs. */
struct ld__rt_env {
  struct __ldcc_report *reports; /* device view of the ring */
  unsigned *report_next;         /* device: next ring index */
  unsigned *counts;              /* device: __LDCC_BUCKETS counters */
  uint32_t report_capacity;
  uint32_t report_same_value; /* LDCC_OPTIONS report_same_value_writes */
  long max_copies;            /* LDCC_OPTIONS max_copies */
  long copy_memory_mb;        /* LDCC_OPTIONS copy_memory_mb */
  int one_run;                /* LDCC_OPTIONS one_run */
  int atomic_reads;           /* LDCC_OPTIONS atomic_reads */
  int lanes;                  /* LDCC_OPTIONS lanes */
  int proofs;                 /* LDCC_OPTIONS proofs */
  int warp_groups;            /* LDCC_OPTIONS warp_groups */
  long verbosity;
  FILE *messages; /* where verbosity lines go, or NULL */
  int device;     /* the device the report counters live on */
};

/* A call of the runtime's own that failed with e: forget its error unless
 * the program's code left one pending (cudaPeekAtLastError before the
 * runtime's calls).  Returns e == cudaSuccess. */
int ld__rt_ok(int e, int pending);

/* Take the runtime's lock (initialising it the first time) and read the
 * records the device has finished.  Returns 0 with *env filled when the
 * launch may be checked; otherwise the launch was counted and reported as
 * unchecked.  Either way the caller ends with ld__rt_leave. */
int ld__rt_enter(const struct __ldcc_kernel_meta *m, int launch_id,
                 struct ld__rt_env *env);
/* What the runtime remembers of one launch site (a kernel's metadata and
 * launch_id), so that it says each thing once. */
struct ld__rt_site {
  const void *meta;
  int launch_id;
  int said_unchecked;
  int said_global;    /* "not checked across blocks" */
  int said_shared;    /* "not checked in shared memory" */
  int said_placement; /* ld_rt_launch.cu: placement said + 1, or proved */
  int said_big;
  uint64_t said_bytes;
  unsigned launches; /* checked launches with warp groups so far */
};

/* The site's entry, made the first time; NULL when the table is full.
 * Between enter and leave only. */
struct ld__rt_site *ld__rt_site_of(const void *meta, int launch_id);
/* "file:line" of the launch, or "file" when its line is unknown. */
void ld__rt_site_text(const struct __ldcc_kernel_meta *m, int launch_id,
                      char *buf, size_t size);
/* A kernel checked inside its blocks, not across them
 * (m->global_reason): "not checked across blocks", once per site; between
 * enter and leave. */
void ld__rt_not_across(const struct __ldcc_kernel_meta *m, int launch_id);
/* A launch of a kernel the replay left out (m->shared_reason): "not checked
 * in shared memory", once per site; a deterministic build stops there
 * (unless deterministic_fallback=warn). */
void ld__rt_not_shared(const struct __ldcc_kernel_meta *m, int launch_id);
/* The same for one launch that does not run the kernel's shared-memory
 * clone, and why (__ldcc_global_call.shared_why); why overrides
 * m->shared_reason. */
void ld__rt_not_shared_why(const struct __ldcc_kernel_meta *m, int launch_id,
                           const char *why);

/* Report the launch as not checked (once per launch site) and count it;
 * between enter and leave only. */
void ld__rt_unchecked(const struct __ldcc_kernel_meta *m, int launch_id,
                      const char *why);
/* The same for a launch a --ldcc-deterministic build runs unchanged:
 * "launch of K at F:L not deterministic: why". */
void ld__rt_not_deterministic(const struct __ldcc_kernel_meta *m, int launch_id,
                              const char *why);
/* Count a checked launch (checked != 0), honour halt_on_error on stream,
 * release the lock. */
void ld__rt_leave(int checked, void *stream);
/* Between enter and leave: +1 while the check across blocks runs a
 * shared-memory clone it composes with (its launches are parts of one
 * launch the leave counts), -1 after. */
void ld__rt_nest(int delta);

/* A launch of kernel (its name, or NULL) that reached CUDA outside
 * __ldcc::launch and runs unchecked for reason why (a static string):
 * counted for the summary, said once per kernel and reason.  Takes the
 * lock itself. */
void ld__rt_foreign(const char *kernel, const char *why);

/* A launch of a kernel whose arming function ran (counted as checked) that
 * its checks cover in part (its registration's why): said once per kernel
 * and reason, "launch of K checked in part: why".  Takes the lock itself. */
void ld__rt_foreign_partly(const char *kernel, const char *why);

/* A launch of a kernel a deterministic build registered as deterministic
 * as built (__LDCC_REG_AS_BUILT) that reached CUDA outside __ldcc::launch:
 * it runs as the program gave it and counts as a checked launch.  Takes
 * the lock itself. */
void ld__rt_as_built(void);

#ifdef __cplusplus
}
#endif

#endif
