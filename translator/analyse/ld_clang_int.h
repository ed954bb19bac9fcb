/* Internal interfaces between the two files of the analyse step that use
 * libclang: parse.c (the plan) and replay_facts.c (what a kernel's replay
 * clone needs).  Nothing else includes this header.  Host code only. */
#ifndef LD_CLANG_INT_H
#define LD_CLANG_INT_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "ld_plan.h"

/* A byte range [begin, end) of the main file. */
struct ld__range {
  size_t begin, end;
};

/* The main file as libclang sees it. */
struct ld__source {
  CXTranslationUnit tu;
  CXFile main_file;
  const char *src; /* its bytes (libclang's buffer) */
  size_t len;
  const struct ld__range *macros; /* macro expansions in the main file */
  size_t nmacros;
};

/* Make room for one more element in the growable array *itemsp of n
 * elements of size bytes with capacity *cap.  Defined in parse.c. */
int ld__grow(void *itemsp, size_t *cap, size_t n, size_t size);

/* Cursor helpers defined in parse.c. */
char *ld__cursor_name(CXCursor c);             /* malloc'd spelling */
int ld__name_is(CXCursor c, const char *want); /* spelling == want */
int ld__nth_child(CXCursor c, unsigned index, CXCursor *out);
/* The first direct child of that kind (into *out when out is not NULL). */
int ld__child_of_kind(CXCursor c, enum CXCursorKind kind, CXCursor *out);
/* Whether off lies in one of the n ranges (macro expansions). */
int ld__in_ranges(const struct ld__range *r, size_t n, size_t off);
CXCursor ld__unwrap(CXCursor c); /* skips implicit casts and parentheses */
int ld__is_pointer(CXType t);
int ld__is_array(CXType t);
CXCursor ld__definition_of(CXCursor ref); /* template, then definition */
int ld__is_operator_ref(CXCursor c);      /* names an `operator...` */
int ld__is_assign_operator(CXCursor callee);
int ld__is_class(CXType t, const char *cls);
int ld__is_triple_chevron(CXCursor call); /* k<<<...>>>(...) */
/* Whether expression e, child `index` of parent, stands as a statement of
 * its own: in a block, a branch of an `if`, the body of a `for` or
 * `while` (so its value is discarded). */
int ld__is_statement_at(CXCursor e, unsigned index, CXCursor parent);
/* The value of c when it is an integer constant expression (*ok 1), else
 * 0 with *ok 0.  parse.c. */
long long ld__constant_of(CXCursor c, int *ok);
/* The plan's name of a block-wide barrier call ("__syncthreads", "cg.sync",
 * ...), or NULL; a sync it cannot model sets *unsupported to a reason. */
const char *ld__barrier_form(CXCursor call, const char **unsupported);

/* Collect what the replay clone of kernel k (cursor fn) needs into a new
 * k->replay.  When the clone cannot be built, k->checked becomes 0 and
 * k->reason says why (one short phrase); no replay is attached.  Returns 0
 * or LD_ENOMEM. */
int ld__replay_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k);

/* Parameter i's default argument (the text after `=` in the declaration
 * that writes it: fn, its first declaration or its definition, from the
 * file it is in, blanks folded), malloc'd; NULL when none is found. */
char *ld__default_text(CXTranslationUnit tu, CXCursor fn, unsigned i);
/* Where the ParmDecl parm of a main-file definition writes a default
 * argument: [*begin, *end) from the blanks before `=` to its end; 0 when
 * none (or not plain main-file text). */
int ld__default_cut(const struct ld__source *s, CXCursor parm, size_t *begin,
                    size_t *end);

/* Where a definition whose extent starts at `begin` really starts: clang
 * may leave the attributes written before it (`__global__`, `static`, and
 * with devfn `__device__`, `inline`, `__forceinline__`) outside.  parse.c. */
size_t ld__def_start(const char *src, size_t begin, int devfn);

/* What parse.c's walk knows of a kernel for the check across blocks. */
struct ld__global_in {
  /* 1 when the kernel may write through its parameter `name` */
  int (*param_written)(void *ctx, const char *name);
  void *ctx;
  /* The __device__ variables it writes (the clone shifts them), and one of
   * them used in function device_var_fn it calls too (NULL if none). */
  const char *const *device_vars;
  size_t ndevice_vars;
  const char *device_var_elsewhere, *device_var_fn;
  const char *other_reason; /* atomics, fences, printf, ... or NULL */
  int may_sync_block;       /* a block barrier may be reached */
  /* Deterministic builds: the kernel's accumulating atomics (copied), and
   * whether it writes global memory in any other way. */
  const struct ld_gatomic *atomics;
  size_t natomics;
  int plain_writes;
};

/* Collect k->global (allocated here, even when unchecked) for the kernel
 * cursor fn.  Returns 0 or LD_ENOMEM. */
int ld__global_analyse(const struct ld__source *s, CXCursor fn,
                       struct ld_kernel *k, const struct ld__global_in *in);
/* Decide whether kernel k (cursor fn) has warp-synchronous code and, if so,
 * attach k->warp: the rule, or why it is not checked, and the accesses and
 * syncs to instrument.  *nchecked numbers the checked ones.  Returns 0 or
 * LD_ENOMEM. */
/* The global-memory proof's facts and decision for kernel k's global facts
 * g (own_facts.c): fills g->gproof.  0 or LD_ENOMEM. */
int ld__global_proof_analyse(const struct ld__source *s, CXCursor fn,
                             struct ld_global *g, CXCursor body);
int ld__warp_analyse(const struct ld__source *s, CXCursor fn,
                     struct ld_kernel *k, size_t *nchecked);

#endif
