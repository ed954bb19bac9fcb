/* What the passes over one translation unit share (parse.c, kernels.c,
 * bodies.c, launches.c, facts.c): the main-file functions, variables,
 * barriers and launches they collect before the plan is written.  Types
 * only; each file's functions are declared in its own header.  Host code
 * only. */
#ifndef LD_ANALYSIS_H
#define LD_ANALYSIS_H

#include <clang-c/Index.h>
#include <stdint.h>

#include "ld_cursor.h"
#include "ld_plan.h"

#define NONE SIZE_MAX

/* Reasons a kernel is left unchecked (KERNEL ... reason="..."). */
#define REASON_MACRO_KERNEL "defined inside a macro expansion"
#define REASON_ASM "inline assembly"
#define REASON_MACRO_SHARED "shared variable used inside a macro expansion"
#define REASON_FILE_SHARED "file-scope shared variable"
#define REASON_CALLEE_SHARED "shared variable declared in a device function"
#define REASON_SPECIALIZED                                                     \
  "explicit specialization whose template arguments cannot be spelled"
#define REASON_OVERLOADED                                                      \
  "another kernel of the file has its name, and launches cannot tell them "    \
  "apart"
#define REASON_PARAMS                                                          \
  "parameters so large that the clones' own (about 2 KB) would pass CUDA's "   \
  "32764-byte limit"
#define REASON_PACK "kernel with a function parameter pack"
#define REASON_SHARED_INIT                                                     \
  "shared variable with a constructor or initialiser (nvcc does not run it)"
/* Why a kernel is not checked across blocks (docs/global-check.md). */
#define REASON_G_ATOMIC "atomic operations"
#define REASON_G_FENCE "memory fence"
#define REASON_G_PRINTF "printf"
#define REASON_G_MALLOC "device-side allocation"
#define REASON_G_CLOCK "reads a clock"
#define REASON_G_LAUNCH                                                        \
  "kernel launch inside a kernel (the launched grid runs unchecked)"
#define REASON_G_SURFACE "surface store"
/* A grid.sync() in a kernel's own body: the direct one run takes it
 * (regions between syncs), nothing else can. */
#define REASON_G_GRID_SYNC "grid-wide synchronisation"
#define REASON_GRID_SYNC_SHARED                                                \
  "grid-wide synchronisation (the shared-memory replay cannot run it)"
/* A cluster sync in a kernel's own body (docs/inline-checks.md,
 * "Distributed shared memory"). */
#define REASON_G_CLUSTER_SYNC                                                  \
  "cluster synchronisation (the blocks of a cluster may hand data to each "    \
  "other)"
/* The shared memory of a kernel with the checks of distributed shared
 * memory (docs/inline-checks.md). */
#define REASON_CLUSTER_SHARED                                                  \
  "a cluster kernel: its shared memory is checked between the blocks of a "    \
  "cluster (distributed shared memory), not between the warps of a block"
#define REASON_CLUSTER_SYNC_SHARED                                             \
  "cluster synchronisation (the shared-memory replay cannot run it)"

enum var_kind { VAR_SHARED, VAR_DEVICE, VAR_PARAM };

struct var {
  char *name; /* owned */
  struct ld_pos at;
  enum var_kind kind;
  int is_extern;
  int in_macro; /* declared inside a macro expansion */
  size_t owner; /* function declaring it, NONE at file scope */
  /* A __device__ variable declared in a header (at is then 0:0): found by
   * its canonical cursor, since it has no place in the main file. */
  int in_header;
  CXCursor cur;
};

struct ref {
  size_t var; /* index into an->vars */
  int written;
  int plain; /* written other than as an accumulating atomic's address */
  int in_macro;
};

struct fn {
  CXCursor cur;
  char *name;       /* owned */
  struct ld_pos at; /* the name (expansion location when in a macro) */
  int is_kernel, is_device, is_template;
  int in_macro; /* the name comes from a macro expansion */
  int has_asm;
  const char *unsupported; /* REASON_* for a sync it cannot model, or NULL */
  struct ref *refs;
  size_t nrefs, caprefs;
  size_t *callees; /* indices into an->fns */
  size_t ncallees, capcallees;
  size_t kernel;   /* index in plan->kernels, NONE if not a kernel */
  int wants_clone; /* checked kernel writing a shared variable it declares */
  /* For the check across blocks: the first construct a replay of the whole
   * launch cannot repeat safely (REASON_G_*), and whether it calls a
   * function whose barriers the walk cannot see. */
  const char *global_use;
  /* The first of those the direct one run cannot take either (an
   * allocation, a launch, a surface store, a libcu++ or builtin atomic, an
   * atomic outside the kernel's own body); docs/global-check.md. */
  const char *global_hard;
  /* Whether it is an atomic helper (ld__atomic_helper): 0 not asked yet,
   * 2 one that synchronises, 1 one of plain `*p` accesses only, -1 no. */
  int atomic_helper;
  int calls_unseen;
  /* A kernel's grid-wide syncs in its own body (`grid.sync()`), which the
   * check across blocks' direct run rewrites (docs/global-check.md, "Grid
   * sync"); a grid sync elsewhere is `unsupported`. */
  int grid_syncs;
  /* A kernel's cluster syncs in its own body (`cluster.sync()`): neither the
   * replay nor the check across blocks models them (the blocks of a
   * cluster may hand data to each other there); the inline checks of
   * distributed shared memory step their epoch at them.  One elsewhere is
   * `unsupported`. */
  int cluster_syncs;
  /* The first write the checks cannot see (writes.c; owned), and the
   * kernel's parameters of a template type it calls (`f(i)`): bit i. */
  char *unseen;
  /* The first write through a pointer loaded from the memory a pointer
   * parameter points to (`g->dist[v]`; writes.c; owned): only the direct
   * one run can check it, claiming it by its address. */
  char *loaded;
  uint64_t dep_params;
  /* Walked (ld__walk_fn done), and the parameters a device function may
   * write through, itself or by its calls (bit i; all bits from 64 on):
   * a call of a walked function that writes no unseen memory passes a
   * pointer it only reads as read (writes.c ld__check_call). */
  int walked;
  uint64_t param_writes;
  /* A kernel's call through such a parameter that may hold a pointer at
   * a launch: the reason the kernel is unchecked (kernels.c). */
  const char *unseen_call;
  char *unseen_call_buf;
  /* Its calls of functions of the file, with the arguments that may hold
   * a pointer (bit i), for those functions' dep_params. */
  struct fn_call {
    size_t callee;
    uint64_t mask;
  } * ocalls;
  size_t nocalls, capocalls;
  /* Deterministic builds: its accumulating atomics (kernels only). */
  struct ld_gatomic *acc;
  size_t nacc, capacc;
  /* Deterministic builds: its printf calls (kernels only). */
  struct ld_gprint *prints;
  size_t nprints, capprints;
  /* Filled by plan_kernel for a kernel: */
  size_t *g_vars; /* the __device__ variables it writes (an->vars) */
  size_t ng_vars, capg_vars;
  /* One of them also used in another function it calls (the clone shifts
   * the kernel's own uses only), and that function. */
  const char *g_var_elsewhere, *g_var_fn;
  /* Every such function (an->fns): the direct one run claims their uses
   * only when it clones each of them (global_facts.c). */
  size_t *g_var_fns;
  size_t ng_var_fns, capg_var_fns;
  const char *g_reason; /* global_use of it or of a callee */
  char *g_reason_buf;   /* owned: a use and the unseen write behind it */
  const char *g_hard;   /* global_hard of it or of a callee */
  int g_may_sync;       /* a reachable barrier or unseen callee */
  /* Every block barrier it can reach is a __syncthreads() (or
   * `_count`/`_and`/`_or`, block.sync(), cg::sync(block)) in its own body,
   * outside macros, and it calls nothing unseen: the global clone can
   * count them (docs/global-check.md, "Warps of one block"). */
  int g_epochs;
  int g_unseen;         /* it or a callee writes memory the plan cannot name */
  const char *g_loaded; /* loaded of it or of a callee (no replay clone) */
};

struct barrier {
  size_t fn;
  const char *form; /* static string */
  struct ld_pos at;
  size_t end; /* one past the call (main file), 0 when unknown */
  int in_macro;
};

struct launch {
  char *name; /* owned */
  struct ld_pos at;
  int via_api;
  int in_macro;     /* written in a macro's argument (add_launch) */
  size_t fn;        /* the kernel launched (an->fns), or NONE */
  int unresolved;   /* the call names no one function (a dependent call in a
                       template, an overload set): fn is the template's */
  uint64_t arg_ptr; /* arguments that may hold a pointer: bit i */
  CXCursor call;    /* a `<<<>>>` launch's call, else null */
  uint64_t arg_followed; /* functor or lambda arguments whose writes are
                            all followed (ld__follow_functors): bit i */
  struct ld_launch text; /* callee, config and argument texts (owned) */
};

struct analysis {
  /* The main file: tu, main_file, src and len set by ld__parse; macros and
   * nmacros mirror the array below as pass 1 collects it. */
  struct ld__source s;
  struct ld_plan *plan;
  struct ld__range *macros; /* owned; s.nmacros of them */
  size_t capmacros;
  CXCursor *expansions; /* the MacroExpansion cursor of each of macros */
  size_t capexpansions;
  struct fn *fns;
  size_t nfns, capfns;
  struct var *vars;
  size_t nvars, capvars;
  struct barrier *barriers;
  size_t nbarriers, capbarriers;
  struct launch *launches;
  size_t nlaunches, caplaunches;
  size_t cur_fn; /* function being walked in pass 2 */
  /* Errors clang reports where nvcc compiles the code (parse.c): their
   * main-file offsets and reasons; the kernels reaching them are
   * unchecked. */
  struct tolerated {
    size_t offset;
    const char *reason; /* static */
  } * tolerated;
  size_t ntolerated;
  unsigned sm; /* the architecture parsed for (90 for sm_90) */
  int rc;      /* first error; visitors stop once it is set */
};

#define PUSH(an, arr, n, cap)                                                  \
  ((an)->rc ? (an)->rc                                                         \
            : ((an)->rc = ld__grow(&(arr), &(cap), (n), sizeof *(arr))))

#endif
