/* The facts passes of the analyse step, as their driver (facts.c) calls
 * them: each takes one kernel's cursor and fills its part of the plan.
 * Their shared helpers are in ld_cursor.h.  Nothing outside analyse/
 * includes this header.  Host code only. */
#ifndef LD_CLANG_INT_H
#define LD_CLANG_INT_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "ld_cursor.h"
#include "ld_plan.h"

/* Collect what the replay clone of kernel k (cursor fn) needs into a new
 * k->replay.  When the clone cannot be built, k->checked becomes 0 and
 * k->reason says why (one short phrase); no replay is attached.  Returns 0
 * or LD_ENOMEM. */
int ld__replay_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k);

/* What the body walk (bodies.c) knows of a kernel for the check across blocks.
 */
struct ld__global_in {
  /* 1 when the kernel may write through its parameter `name` */
  int (*param_written)(void *ctx, const char *name);
  void *ctx;
  /* The __device__ variables it writes (the clone shifts them), and one of
   * them used in function device_var_fn it calls too (NULL if none). */
  const char *const *device_vars;
  size_t ndevice_vars;
  const char *device_var_elsewhere, *device_var_fn;
  /* Their declarations; with vars_direct, the kernel takes the direct one
   * run, whose clones of the functions device_var_fns (every function that
   * uses one of them, other than the kernel) claim their uses by address
   * (docs/global-check.md, "Direct one run"). */
  const CXCursor *device_var_decls;
  const CXCursor *device_var_fns;
  size_t ndevice_var_fns;
  int vars_direct;
  const char *other_reason; /* atomics, fences, printf, ... or NULL */
  /* other_reason is only atomics, fences, printf or clocks that the
   * direct one run can take (docs/global-check.md, "Direct one run"). */
  int direct_ok;
  /* It reads pointers from the memory a pointer parameter points to
   * (`g->dist[v]`, `rows[i][j]`) and the direct one run may take it: such
   * accesses are claimed by their address, the runtime following every
   * allocation of the program (docs/global-check.md, "Pointers loaded
   * from memory"). */
  int loads;
  /* Some write goes through a pointer loaded from memory (fn->g_loaded):
   * the kernel writes global memory (ld_global.writes). */
  int loaded_writes;
  /* A message-passing kernel (warp_facts.c): its volatile accesses are
   * flags, not claimed in the direct run (docs/global-check.md, "Fences"). */
  int sync_flags;
  /* A kernel with a shared-memory replay clone that the direct run takes
   * too (composed, docs/global-check.md "With the replay"): its replay,
   * whose edits and sites the claims must not fall inside.  NULL else. */
  const struct ld_replay *replay;
  int may_sync_block; /* a block barrier may be reached */
  /* Every such barrier is one of bars (the kernel's own, outside macros):
   * the clone can count them (ld_global.epochs).  Not in deterministic
   * builds. */
  int epochs_ok;
  const struct ld_gbar *bars;
  size_t nbars;
  int grid_syncs; /* grid.sync() calls in the kernel's own body */
  /* Deterministic builds: the kernel's accumulating atomics (copied), and
   * whether it writes global memory in any other way. */
  const struct ld_gatomic *atomics;
  size_t natomics;
  const struct ld_gprint *prints; /* printf in the kernel's own body */
  size_t nprints;
  int plain_writes;
  int unseen_writes; /* it writes memory no target names (writes.c) */
  /* A replay kernel left to the replay for its accumulating atomics
   * (other_reason says so) that nothing else keeps from the check across
   * blocks: with no plain_writes, its global writes are those atomics only
   * (ld_global.atomic_only; docs/deterministic.md). */
  int replay_atomics_only;
};

/* Collect k->global (allocated here, even when unchecked) for the kernel
 * cursor fn.  Returns 0 or LD_ENOMEM. */
int ld__global_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k, const struct ld__global_in *in);
/* The global-memory proof's facts and decision for kernel k's global facts
 * g (global_proof_facts.c): fills g->gproof.  bars: the kernel's barriers
 * when its warps are checked against each other between them
 * (ld_global.epochs; else NULL): the proof then also needs them apart in
 * each region.  0 or LD_ENOMEM. */
int ld__global_proof_analyse(const struct ld__source *s, CXCursor fn,
                             struct ld_global *g, CXCursor body,
                             const struct ld_gbar *bars, size_t nbars);
/* Decide whether kernel k (cursor fn) has warp-synchronous code and, if so,
 * attach k->warp: the rule, or why it is not checked, and the accesses and
 * syncs to instrument.  *nchecked numbers the checked ones.  weak_sync:
 * atomicCAS, atomicExch and a used global atomic value count as
 * synchronisation through memory (the message-passing checks) even with
 * no fence.  Returns 0 or LD_ENOMEM. */
int ld__warp_analyse(const struct ld__source *s, CXCursor fn,
                     struct ld_kernel *k, size_t *nchecked, int weak_sync);
/* The same for a kernel without warp-synchronous code whose replay cannot
 * prove its shared memory free of races (a region uses it at another
 * thread's element): rule "shared memory across threads in a region", when
 * its static shared memory leaves room for the tables and it has no
 * `extern __shared__` buffer (docs/inline-checks.md). */
int ld__warp_cross_lane(const struct ld__source *s, CXCursor fn,
                        struct ld_kernel *k, size_t *nchecked);
/* The same for a kernel whose shared memory the replay refused
 * (k->shared_reason): rule "shared memory without a replay", every access
 * and atomic of shared memory noted in the block's shadow, when nothing
 * but barriers orders its warps and ld__shadow_covers finds every access
 * of its shared memory wrapped; else k->warp stays NULL
 * (docs/inline-checks.md, "Shared memory without a replay"). */
int ld__warp_shadow(const struct ld__source *s, CXCursor fn,
                    struct ld_kernel *k, size_t *nchecked);
/* The same beside the warp tables of warp-synchronous kernel k (rule
 * collectives, `__syncwarp`, lane ranges or indices) whose shared memory
 * the replay refused: the block's shadow checks it between warps, the
 * tables between lanes; the shadow's ld_warp is k->warp->beside (else
 * NULL), the expressions both wrap paired (ld_warp_access.pair). */
int ld__warp_shadow_beside(const struct ld__source *s, CXCursor fn,
                           struct ld_kernel *k, size_t *nchecked);
/* Whether the accesses and atomics w collected of kernel fn are all the
 * uses of shared memory it makes: every reference to a `__shared__`
 * variable (or to a local pointer into one) in its body lies in one of
 * them, and no function it calls (four calls deep) names a `__shared__`
 * variable (shadow_facts.c). */
int ld__shadow_covers(const struct ld__source *s, CXCursor fn,
                      const struct ld_warp *w);
/* Whether a kernel with warp-synchronous code (w, NULL for none) also
 * gets the shared-memory replay, which then carries the inline checks:
 * not when it synchronises through memory or uses block-scope atomics. */
int ld__warp_with_replay(const struct ld_warp *w);

#endif
