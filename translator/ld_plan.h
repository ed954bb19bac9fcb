/* The plan: what the analysis found in one translation unit, as plain C.
 *
 * The analyse step (analyse/) fills it, the finalize step (decide/
 * ld_finalize.h) makes its last decisions; emitting, editing, dumping and
 * the driver only read it and never see libclang.  Positions are
 * 1-based line and column in the main file; byte offsets are 0-based into
 * the main file's bytes.  Host code only. */
#ifndef LD_PLAN_H
#define LD_PLAN_H

#include <stddef.h>
#include <stdio.h>

#include "ld_edit.h"
#include "ld_global_proof.h"
#include "ld_shared_proof.h"

enum ld_space {
  LD_SPACE_SHARED,
  LD_SPACE_GLOBAL,
};

struct ld_pos {
  unsigned line; /* 1-based */
  unsigned col;  /* 1-based, in bytes */
  size_t offset; /* 0-based byte offset in the main file */
};

/* Index value meaning "no kernel" (a barrier in a device function). */
#define LD_PLAN_NONE ((size_t)-1)

/* A variable the clone snapshots: a parameter or a hoisted local. */
struct ld_local {
  char *name;    /* name in the clone (renamed `<name>__ldcc<N>` if shadowed) */
  char *decl;    /* hoisted declaration without `;` ("float a[TILE]"), or the
                    whole declaration kept at the top (keep_init); NULL for a
                    parameter */
  int is_param;  /* a parameter of the kernel */
  int changed;   /* a parameter the body may change (assigned, ++, address
                    taken, bound to a reference); one that is only read is
                    never snapshot nor compared */
  int is_array;  /* snapshot with __ldcc::copy instead of `=` */
  int keep_init; /* declared at the top with its initialiser, never
                    snapshot: cg::thread_block, or a constant */
  int is_constant;     /* constexpr / static const: also a static member of the
                          layout, so shared sizes may use it */
  unsigned char *live; /* [nsites + 1]: may be read after site k (0: the
                          entry, k: sites[k - 1]) before it is assigned;
                          NULL: at every site (docs/shared-replay.md §2) */
  int live_any;        /* at some site: snapshot and restore it */
};

/* A shared target declared in the kernel that moves into the layout. */
struct ld_member {
  char *name;
  char *decl; /* member declaration without `;` ("int partial[BLOCK]"), or
                 NULL for extern __shared__ */
  char *elem; /* element type spelling of an extern array ("float") */
  unsigned *write_lines; /* lines of the statements that write it, sorted */
  size_t nwrite_lines;
};

/* A barrier the clone turns into a site block. */
struct ld_site {
  struct ld_pos at;  /* the barrier call */
  const char *form;  /* "SYNC_PLAIN", "SYNC_COUNT", "SYNC_AND", "SYNC_OR" */
  size_t stmt_begin; /* the statement that contains the call */
  size_t stmt_end;   /* one past its end (after the `;` for an expression
                        statement) */
  size_t call_begin; /* the call, replaced by __ldcc_c.sync_result when
                        with_result; [stmt_begin, stmt_end) replaced else */
  size_t call_end;
  size_t pred_begin; /* the predicate argument (with_result only) */
  size_t pred_end;
  int with_result;  /* __syncthreads_count/_and/_or: 1 when the value is
                       used, 2 when the call is the whole statement, 3
                       for a while loop's condition: the call becomes 1
                       and the site, at the body's start, ends with
                       `if (!__ldcc_c.sync_result) break;` */
  int needs_braces; /* the statement is the body of if/for/while/else */
  /* A call `f(args);` of a __device__ function that contains barriers
   * (docs/shared-replay.md section 7): the caller's region ends before the
   * call, f's clone replays its own regions, a new region starts after it.
   * callee is 1 + its index in the kernel's ld_replay.callees (also for
   * a call in a device function's clone); 0 for a barrier. */
  size_t callee;
  size_t name_begin, name_end; /* the callee's name in the call */
  size_t args_close;           /* the call's `)` */
  int has_args;
  size_t site_base; /* set by the analysis: the callee's site 0 in the kernel's
                       site table (in a device function's clone: counted
                       from that function's own site 0) */
  /* `return f(args);` in a device function's clone that returns a value:
   * the analysis made it `{ __ldcc_ret = (f(args));`, the site's text after
   * the call closes it with `goto __ldcc_exit; }`. */
  int ret_goto;
  /* `LHS = f(args);` (or `op=`) with LHS not a local (`*sum = f(v);`,
   * `out[i] = f(v);`): the call's value goes to `__ldcc_h<site>`, declared
   * at the clone's top as `<hoist_type> __ldcc_h<site>;`, before the site's
   * label, and the statement stores it in the next region (C++17 sequences
   * an assignment's right operand before its left).  Owned; NULL for
   * other calls. */
  char *hoist_type;
};

/* What the replay clone of one kernel needs (only for kernels that are
 * checked and write a shared target).  Offsets are in the main file. */
struct ld_replay {
  size_t def_begin;   /* start of the definition (its `template` keyword) */
  size_t def_end;     /* one past the closing brace */
  size_t proto_begin; /* an earlier prototype of a non-template kernel in
                         the main file, [proto_begin, proto_end); 0, 0 if
                         none: the clone's prototype and the metadata
                         struct are declared there, so launches between it
                         and the definition are rewritten too */
  size_t proto_end;
  size_t proto_name;  /* the kernel's name in the prototype */
  size_t proto_close; /* the `)` closing its parameter list */
  int proto_has_params;
  size_t body_open;  /* offset of the opening brace of the body */
  size_t body_close; /* offset of the closing brace */
  size_t name_begin; /* the kernel's name in the definition */
  size_t name_end;
  size_t params_open;  /* offset of `(` (set only when there are none) */
  size_t params_close; /* offset of the `)` closing the parameter list */
  int has_params;
  int user_bounds;       /* the kernel's head (or prototype) says
                            __launch_bounds__ or __maxnreg__: no `__lb` clone */
  int lb_clone;          /* set by the finalize step (ld_finalize.h):
                            `__ldcc_<k>__lb` is emitted too */
  int always_dirty;      /* a target is written other than by a store the
                            clone marks (a call gets its address): every
                            region counts as writing targets */
  int always_read;       /* a target's address is kept in a local pointer: reads
                            through it are not marked, so every region counts as
                            reading targets */
  int async_copies;      /* asynchronous copies into shared memory: the
                            clone keeps their queue (__ldcc_aq, a local)
                            and lands what a barrier finds in flight
                            (docs/shared-replay.md, "Asynchronous copies") */
  const char *eager_why; /* NULL: every access to a target is a store (swr)
                            or a read (srd), so the clone's copies are lazy
                            (docs/shared-replay.md §3); else why not (a
                            static string) */
  /* A device function's clone whose shared variables the template
   * arguments of its call size (`<8, size_t>`): those arguments, which
   * every call of it must give; NULL otherwise. */
  char *sized_by;
  char *template_header;   /* "template <int BLOCK>" or NULL, without default
                              arguments (for out-of-line definitions) */
  char *template_decl;     /* the header as written, with its defaults (for
                              the first declarations) */
  char *template_args;     /* "<BLOCK>" or NULL */
  char *scope;             /* enclosing namespaces, "a::b::" or "" */
  struct ld_local *locals; /* parameters first, then locals in source order */
  size_t nlocals;
  struct ld_member *members; /* shared targets declared in the kernel */
  size_t nmembers;
  struct ld_site *sites; /* barriers in source order: site 1, 2, ... */
  size_t nsites;
  unsigned exit_line; /* position of the closing brace */
  unsigned exit_col;
  struct ld_edit_list edits; /* the clone's simple edits (references,
                                declarations, returns, stores, atomics) */
  /* Device functions with barriers that the kernel calls (each cloned once
   * per kernel as `__ldcc_<k>__f_<f>`), and, in such a callee's own
   * description, is_devfn = 1 and entry_line (its name's line).  Device
   * functions without barriers that store through pointers are callees too
   * (is_plain): no site refers to them. */
  struct ld_replay **callees;
  size_t ncallees;
  char *fn_name;         /* the device function's name (is_devfn) */
  unsigned *store_lines; /* is_devfn: lines of its stores through pointers
                            (they write the targets handed to it) */
  size_t nstore_lines;
  int is_devfn;
  int is_plain; /* is_devfn without a barrier (it stores through pointers):
                   its clone takes only __ldcc_c, has no sites and runs
                   inside the caller's region; it is called where the
                   original was, as an expression */

  int is_template; /* is_devfn: a function template (its clone keeps the
                      template head, `class __ldcc_L` first in it) */
  int uses_layout; /* is_devfn: it names shared variables of the kernel's
                      layout (its own `__shared__`, the file's) or calls a
                      clone that does: the clone is a template on the
                      layout, `template <class __ldcc_L>`, called with
                      `<__ldcc_L>`.  A kernel: its own body names one */
  size_t ret_begin, ret_end; /* is_devfn with barriers returning a value:
                                its return type's text in the source (the
                                clone keeps the value in `__ldcc_ret` and
                                returns it after its exit site); 0, 0 else */
  unsigned entry_line;
  size_t exit_site; /* the kernel's exit site: after its own sites and
                       every call's callee sites; 0 means nsites + 1 */
  /* A kernel's shared-memory proof (ld_shared_proof.h): proved, the bounds a
   * launch's block must meet to skip the replay; else why not. */
  struct ld_proof proof;
  /* Namespace aliases and using-directives of the body (`namespace cg =
   * cooperative_groups;`), each as written with its `;`: repeated first
   * in the clone, where its hoisted declarations name them. */
  char *scope_decls;
};

/* One parameter of a kernel, for the check across blocks. */
struct ld_gparam {
  char *name;     /* "" when unnamed */
  int is_pointer; /* the clone shifts it (written or not: a read-only view
                     of written memory must see the unit's copy too) */
  int ptr_index;  /* ordinal among the pointer parameters, -1 for others */
  int written;    /* the kernel may write through it */
  int claimed;    /* every use of it is the base of an access to one
                     object (`p[i]`, `*(p + i)`, `p->f`: read, stored to or
                     updated), outside macros and lambdas, never with its
                     address taken: the clone wraps each access, which
                     claims its words in the one run (docs/global-check.md,
                     "One run") */
  int loads;      /* of those accesses, some read */
  /* A pointer whose memory holds pointers, in a kernel that loads them
   * (ld_global.loads): written, since they may point anywhere. */
  int holds_pointers;
  /* In the direct run: claimed, and every access through it is a device-
   * or system-scope atomic (__LDCC_GP_ATOMIC: a launch whose written memory
   * only such parameters reach needs no run, docs/global-check.md "Atomics
   * only"). */
  int atomic_only;
  /* A by-value class parameter holding pointers (__LDCC_GP_FIELDS): the
   * byte offsets of its pointers, from its type (nfield_at of them), so
   * the runtime reads those words only; nfield_at <= 0 when the type does
   * not say (a template's, a lambda's closure, a base class) or was not
   * asked (a called functor parameter): the runtime then takes every word
   * that points into an allocation. */
  unsigned *field_at;
  int nfield_at;
  /* A by-value class parameter holding pointers through which the kernel
   * only reads (global_facts.c fields_only_read): __LDCC_GP_FIELDS_READ. */
  int fields_read;
};

/* An access through a claimed parameter: its object, wrapped in the clone
 * as `(*__ldcc::gput(__ldcc_gi, J, &(E)))` when stored to or updated,
 * `(*__ldcc::gget(__ldcc_gi, J, &(E)))` when read (J its pointer
 * ordinal). */
struct ld_gstore {
  size_t begin, end;
  int load;
  int ptr; /* the parameter's pointer ordinal */
  /* A direct kernel's atomic (ld_global.direct): [begin, end) is its
   * address argument, wrapped as `__ldcc::gatomic_claim(__ldcc_gi, J, (A),
   * SCOPE, LINE)`; enum ld_gscope, 0 for a plain access. */
  int atomic;
  unsigned line; /* the access's source line (direct kernels' reports) */
  /* An atomic's whole call [call_begin, call_end), and whether it acquires
   * (a CAS or exchange, or its value is used): with fences in the kernel
   * (ld_global.nfences) the clone records the acquire after the call,
   * `__ldcc::gacquired(__ldcc_gi, SCOPE, CALL)`. */
  size_t call_begin, call_end;
  int acquires;
  /* The call returns nothing (an atomic helper's `lock(&m)`): the acquire
   * is recorded after it, `(CALL, gacquired(gi, L, 0))`. */
  int void_call;
  /* A cache-hint load or store (`__ldg(&p[i])`, `__ldcs(p + i)`,
   * `__stcs(&p[i], v)`): [begin, end) is its address argument, wrapped as
   * `__ldcc::gget(__ldcc_gi, J, (A))` (gput for a store; the line after it
   * in a direct kernel), no dereference. */
  int address;
  /* A plain access that is a flag of synchronisation through memory in a
   * kernel with fences: volatile, or through a parameter (or variable) an
   * atomic of the kernel targets.  Not claimed: flags are read and written
   * by several units by design (docs/global-check.md, "Fences"). */
  int flag;
  /* A libcu++ atomic object (`c[i].fetch_add(1)`, `(*c)++`): [begin, end)
   * is the object, wrapped as `(*__ldcc::gatomic_claim(__ldcc_gi, J,
   * &(E), SCOPE, LINE))`; `c->f()`'s pointer is an atomic's address. */
  int object;
  /* A plain store or update (the left side of a built-in `=`, compound
   * assignment, `++` or `--`): in the global clone and the device
   * functions' clones wrapped as `__ldcc::gset(__ldcc_gi, J, &(E), LINE)`,
   * whose operators also check the lanes of one warp (docs/global-check.md,
   * "Lanes of one warp"): 1; a store `E = R` computing from E itself at R's
   * top, an update: 2 arithmetic (`E = E + v`), 3 bitwise or a maximum
   * (`E = E | v`, `E = max(E, v)`), wrapped with a last argument 1u or 2u. */
  int set;
  /* The left side of a compound assignment, `++` or `--`: a read and a
   * store of the element (a volatile one is no atomic: mark_flags). */
  int rmw;
};
enum ld_gscope {
  LD_GSCOPE_DEVICE = 1,
  LD_GSCOPE_BLOCK = 2,
  LD_GSCOPE_SYSTEM = 3
};

/* An accumulating atomic in a kernel built for deterministic mode
 * (docs/deterministic-global.md): `atomicAdd(A, v);` or `atomicSub(A, v);`
 * on a 32- or 64-bit integer with its result unused.  The clone calls
 * `__ldcc::gatomic_add(__ldcc_gi, A, v)` (or _sub) instead, which marks the
 * word so the merge adds up the units' deltas. */
struct ld_gatomic {
  size_t name_begin;         /* the callee's name */
  size_t args_open;          /* the call's `(` */
  size_t arg_begin, arg_end; /* its first argument (the address) */
  int sub;                   /* atomicSub */
  int fp; /* on a float or double: the runtime logs its additions and sums
             them in thread order (__LDCC_GM_FLOAT_SUMS) */
};

/* A `printf` in a deterministic build's clone, in the kernel's own body:
 * `printf(` becomes `__ldcc::gprintf(__ldcc_gi, `, which logs the line
 * for the runtime to print in unit order (__LDCC_GM_PRINTF). */
struct ld_gprint {
  size_t name_begin; /* the callee's name */
  size_t args_open;  /* the call's `(` */
};

/* A call of a device function in the direct run whose clone claims by
 * address (docs/global-check.md, "Device functions in the direct run"):
 * `f(a...)` becomes `__ldcc_gd_f(__ldcc_gi, a...)`. */
struct ld_gcall {
  size_t name_begin, name_end; /* the callee's name in the call */
  size_t args_open;            /* the call's `(` */
  int no_args;
};

/* Such a device function: its clone `__ldcc_gd_<f>` is the definition's
 * text with the name changed, `const __ldcc::global_info &__ldcc_gi` as a
 * first parameter, `__host__` dropped, every access through a pointer
 * wrapped (ld_gstore, ordinal -1: found by address) and its own calls of
 * such functions rewritten; emitted once per file after the definition,
 * with a prototype after an earlier declaration. */
struct ld_gdevfn {
  char *name;
  size_t def_begin, def_end, name_begin, name_end;
  size_t params_open; /* its `(` */
  int has_params;
  size_t host_begin, host_end; /* `__host__` in its head, or 0, 0 */
  /* An earlier declaration [proto_begin, proto_end) (`;` included), or
   * proto_end 0. */
  size_t proto_begin, proto_end, proto_name, proto_open;
  size_t proto_host_begin, proto_host_end;
  struct ld_gstore *stores;
  size_t nstores;
  struct ld_gcall *calls;
  size_t ncalls;
};

/* The check across blocks of one kernel (docs/global-check.md): a clone
 * `__ldcc_g_<k>` whose pointer parameters are shifted to the unit's copy,
 * and launches through `__ldcc::launch_global`.  Offsets are in the main
 * file. */
struct ld_global {
  int checked;    /* the clone is emitted and launches are rewritten */
  int writes;     /* it writes through a pointer parameter or to a
                     __device__ variable (else nothing to check) */
  char *reason;   /* why not checked, when it writes; NULL otherwise */
  int warp_units; /* no block barrier is reachable: units are warps */
  struct ld_gparam *params; /* every parameter, in order */
  size_t nparams;
  size_t def_begin; /* the definition (with `__global__`, `template`) */
  size_t def_end;   /* one past its closing brace */
  size_t name_begin, name_end;
  size_t params_open;  /* `(`, only when there are no parameters */
  size_t params_close; /* `)` */
  size_t body_open;    /* `{` */
  /* An earlier prototype of the kernel in the main file (its first
   * declaration, outside macros, without default arguments), template
   * head included; proto_end is 0 if none.  The clone's prototype goes
   * right after it, so launches between it and the definition are
   * rewritten too. */
  size_t proto_begin;
  size_t proto_name;  /* the kernel's name in it */
  size_t proto_open;  /* its `(` */
  size_t proto_close; /* its `)` */
  size_t proto_tail;  /* the end of the declaration, before its `;` */
  size_t proto_end;   /* one past the `;` */
  /* Deterministic builds only (docs/deterministic-global.md): */
  struct ld_gatomic *atomics; /* accumulating atomics in the kernel's body,
                                 in source order */
  size_t natomics;
  struct ld_gprint *prints; /* its printf calls, in source order */
  size_t nprints;
  int atomic_only; /* it writes only through accumulating atomics: it runs
                      unchanged (integer atomics commute), not routed */
  /* Both modes: */
  struct ld_gstore *stores; /* the accesses through claimed parameters, in
                              source order (none when it has atomics) */
  size_t nstores;
  /* The __device__ variables it writes, shifted like pointer parameters,
   * by qualified name (`::v`, `::ns::v`): variable i has the pointer
   * ordinal (number of pointer parameters) + i.  The clone declares `auto
   * &v = *shifted(&::ns::v)` first, so every use of the (unqualified) name
   * in its body means the unit's copy. */
  char **vars;
  size_t nvars;
  /* Bit i: variable i is used only in the device functions the kernel
   * calls (a direct run's clones claim it; the prologue's reference is
   * then `(void)`-ed, nvcc's unused-variable warning). */
  unsigned long long vars_unnamed;
  /* The proof that no two units touch one element of what it writes
   * (ld_global_proof.h; docs/global-check.md, "Proved launches"): decided when
   * every written parameter is claimed; gproof.why says why not otherwise. */
  struct ld_gproof gproof;
  int own_tried;
  /* The direct one run (docs/global-check.md, "Direct one run"): its only
   * obstacles are atomics, fences, printf or clocks, every written
   * parameter is claimed and every atomic's address is based on one; its
   * launches run once, recording clashes, never with copies. */
  int direct;
  /* Set by finalize.c: the clone is emitted a second time as
   * `__launch_bounds__(1024, 2) __ldcc_g_<k>__lb` (at most 32 registers,
   * the residency of any original) and registered with the runtime, which
   * runs it where the first clone could not keep the grid resident or
   * cannot run the block (docs/global-check.md, "Resident grids").  A
   * bound of the user's in the head, src[bound_begin, bound_end) with T
   * at [bound_arg_begin, bound_arg_end), becomes the twin's
   * `__launch_bounds__(T, 2048 / (T))` instead (bound_end 0: none). */
  int bounded;
  size_t bound_begin, bound_end, bound_arg_begin, bound_arg_end;
  /* In the direct run, the written __device__ variables are claimed too
   * (their accesses are among stores, ordinal npointers + i). */
  int vars_claimed;
  /* In the direct run, it reads pointers from the memory a pointer
   * parameter points to (ld__global_in.loads): the accesses through them
   * are claimed by their address, and the runtime follows every
   * allocation of the program (__LDCC_GM_LOADS). */
  int loads;
  /* Grid-wide syncs (`grid.sync()`, `cg::sync(grid)`) in the kernel's own
   * body: their launches are cooperative (the clone's and the original's),
   * and in the direct run's clone each becomes `__ldcc::ggrid_sync(
   * __ldcc_gi, G)`, which starts a new region of claims
   * (docs/global-check.md, "Grid sync").  [begin, obj_begin) and [obj_end,
   * end) are the call's text around the group's expression G. */
  int grid_syncs;
  struct ld_gsync {
    size_t begin, obj_begin, obj_end, end;
  } * gsyncs;
  size_t ngsyncs;
  /* A direct kernel's fences (`__threadfence()`, `_block`, `_system`) in
   * its own body, and its calls of atomic helpers with fences
   * (atomic_helpers.c): the clone records a release before each and an
   * acquire after it, `(__ldcc::grelease(__ldcc_gi, L), F,
   * __ldcc::gacquire(__ldcc_gi, A))` (L 1 block, 2 device; A the acquire's
   * level, L's but for a helper whose atomic acquires more widely), or
   * `(__ldcc::grelease(__ldcc_gi, L), __ldcc::gacquired(__ldcc_gi, A, F))`
   * for a call whose value is used (value), and its clashes are checked
   * for an order through them (docs/global-check.md, "Fences"). */
  struct ld_gfence {
    size_t begin, end;
    int level, acquire, value;
    /* The release recorded after the call (a lock helper whose fence
     * follows its atomics): `(F, grelease(gi, L), gacquire(gi, A))`, or
     * `__ldcc::grelease_after(__ldcc_gi, L, A, F)` for a value; level 0:
     * no release at all (a libcu++ acquire). */
    int after;
    /* A libcu++ atomic's conversion (`int v = c[0]`): the call is its
     * object, read through `.load()` inside gacquired (an atomic object
     * cannot be copied). */
    int conversion;
  } * fences;
  size_t nfences;
  /* The direct run's calls of cloned device functions in the kernel's own
   * body, and the clones it needs, callees before callers (ld_gdevfn). */
  struct ld_gcall *gcalls;
  size_t ngcalls;
  struct ld_gdevfn *devfns;
  size_t ndevfns;
  /* Warps of one block (docs/global-check.md, "Warps of one block"): units
   * are blocks and every block barrier the kernel can reach is one of
   * these, in its own body; the clone counts each, `(B,
   * __ldcc::gbarrier(__ldcc_gi))` or `__ldcc::gbarrier(__ldcc_gi, B)` when
   * its value is used, and the one run and the direct run check two
   * warps of one block between barriers (__LDCC_GM_EPOCHS). */
  int epochs;
  struct ld_gbar {
    size_t begin, end;
    int value; /* __syncthreads_count, _and, _or */
  } * gbars;
  size_t ngbars;
};

/* Inline checks for intra-warp races (docs/inline-checks.md). */
enum ld_warp_mode { LD_ITS_READ = 1, LD_ITS_WRITE = 2, LD_ITS_RW = 3 };
/* Or-ed into the mode of a message-passing kernel's flag access. */
#define LD_ITS_FLAG 4
/* Or-ed into the mode of a scoped entry that is a libcu++ block-scope
 * atomic (`cuda::atomic_ref<T, cuda::thread_scope_block>`'s constructor, a
 * call on a `cuda::atomic<T, cuda::thread_scope_block>`): only the scope is
 * checked (__ldcc::scope_block), in message-passing kernels too; with
 * LD_ITS_LVALUE the span is the object itself, not a pointer to it. */
#define LD_ITS_LIBCU 8
#define LD_ITS_LVALUE 16

/* One checked access `B[i]...`, `*B` or a shared scalar `B`, wrapped in
 * `(*__ldcc::its_<mode>(&(E), B, kernel, site))`. */
struct ld_warp_access {
  struct ld_pos at;  /* start of the access */
  size_t begin, end; /* the access expression */
  int mode;          /* enum ld_warp_mode */
  char *var;         /* the base's name (an array, pointer or scalar) */
  /* The block's shadow: the access is a `__shared__` scalar or element of
   * arithmetic type that a statement `E = V;` stores to, so the shadow
   * sees the value (`__ldcc::ws_set(&(E), ...) = V;`). */
  int assign;
  /* The warp tables and the block's shadow beside them (ld_warp.beside):
   * the index + 1 of the same expression in the other's accesses, 0 when
   * only one checks it.  The shadow's emitter wraps it for both. */
  size_t pair;
  /* In a device function the kernel calls (docs/inline-checks.md,
   * "Called device functions"): the offset + 1 of that function's name in
   * its definition (ld_replay.name_begin of its clone), whose text holds
   * begin and end; 0 for the kernel's own body.  Only the replay's plain
   * clone of that function for this kernel wraps it. */
  size_t callee;
  char *callee_name; /* that function's name (owned), or NULL */
};

/* A warp collective, __syncwarp or block barrier after which the warp's
 * sync epoch moves on: `(E, __ldcc::its_sync())` when void,
 * `__ldcc::its_after(E)` else. */
struct ld_warp_sync {
  struct ld_pos at;
  size_t begin, end; /* the call expression */
  int is_void;
  char *form; /* the callee's name ("__syncwarp", "shfl_down") */
  /* A call of a device function with a fence inside (a lock helper):
   * message passing's fence is put before it in parentheses of its own,
   * `(__ldcc::mp_fence(__ldcc_mp, L), CALL)`, since it may stand inside
   * an expression. */
  int callee_fence;
  size_t pair;   /* as ld_warp_access.pair: a barrier both step after */
  size_t callee; /* as ld_warp_access.callee */
};

/* A kernel with warp-synchronous code or block-scope atomics. */
struct ld_warp {
  const char *rule;   /* what made it warp-synchronous (static string) */
  const char *skip;   /* why it gets no checks after all, or NULL */
  size_t index;       /* among the file's checked ITS kernels (metadata) */
  size_t body_open;   /* its `{` (the table is cleared after it) */
  unsigned exit_line; /* its closing brace */
  struct ld_warp_access *accesses; /* in source order: site 1, 2, ... */
  size_t naccesses;
  struct ld_warp_sync *syncs; /* message passing: fences and grid syncs */
  size_t nsyncs;
  /* Message passing (a fence, atomicCAS or atomicExch in the body): no
   * warp tables; accesses are global data and flags (mode | LD_ITS_FLAG),
   * scoped holds every atomic (docs/inline-checks.md). */
  int mp;
  /* Block-scope atomics (`atomicAdd_block(&x, v)`) on memory other blocks
   * may touch (mode bit 0), and in message passing every other atomic
   * (mode bit 1: it acquires, its value is used or it is a CAS or an
   * exchange): the address argument, wrapped in __ldcc::scope_block or
   * __ldcc::mp_atomic; var is "<op>:<variable>"; sites naccesses + 1, ... */
  struct ld_warp_access *scoped;
  size_t nscoped;
  /* Block-scope atomics on global memory and no message-passing checks:
   * every other access of global memory and every other atomic is a probe
   * (__ldcc::its_rs/ws/rws, __ldcc::scope_probe; mode bit 0 clear): another
   * block's access of a location a block-scope atomic uses is a race. */
  int probe;
  /* Rule "shared memory across threads in a region": a plain store does not
   * conflict with another lane's store (__ldcc::its_wo; lanes storing one
   * value, `n = 0` by all, are the common benign case and the checks cannot
   * see values), only with its reads, and a read with it. */
  int weak_stores;
  /* A local or parameter points to volatile memory: the replay's wrappers
   * (replay.cuh swr/pwr) take no volatile pointer, so no replay. */
  int volatile_ptr;
  /* Message passing through fences and tickets only (`__threadfence()`,
   * atomics whose values the replay logs, none in a loop's condition; no
   * CAS, exchange, volatile access, lock or barrier helper): the kernel
   * keeps its shared-memory replay, whose regions with a fence run once
   * (docs/shared-replay.md, "Kernels with fences"). */
  int fenced_replay;
  /* Distributed shared memory (`cluster.map_shared_rank(buf, r)`): every
   * access and atomic is noted in the cluster's shadow
   * (__ldcc::cl_r/w/rw/a), each cluster sync steps the thread's epoch; no
   * warp tables, no replay (docs/inline-checks.md, "Distributed shared
   * memory").  LD_WARP_SHADOW: the same checks between the warps of a
   * block, on the block's own shared memory, each block barrier stepping
   * the epoch (__ldcc::ws_*; "Shared memory without a replay"). */
  int cluster;
  /* A warp-synchronous kernel whose shared memory the replay refused: the
   * block's shadow beside its warp tables (cluster LD_WARP_SHADOW, an index
   * of its own; docs/inline-checks.md, "Beside the warp tables"), or
   * NULL. */
  struct ld_warp *beside;
};
#define LD_WARP_CLUSTER 1
#define LD_WARP_SHADOW 2

/* What --ldcc-deterministic makes of a kernel (decide/deterministic.c):
 * every write ordered; only accumulating integer atomics, which commute,
 * so the kernel runs unchanged; shared memory ordered but global stores
 * applied as the program makes them; nothing (built unchanged). */
enum ld_det { LD_DET_YES, LD_DET_ATOMIC_ONLY, LD_DET_PARTIAL, LD_DET_NO };

struct ld_kernel {
  char *name;       /* spelling of the kernel's name, e.g. "reduce" */
  struct ld_pos at; /* position of the name in the definition */
  int is_template;  /* 1 for a function template */
  char *fn_cast;    /* a non-template kernel whose name a function of the
                       file shares (llm.c's launcher named as its kernel):
                       its pointer type, `void (*)(float *, int)`, which
                       launches cast `&k` to (`&k` alone names both);
                       NULL otherwise */
  /* The stem of the names generated for it (`__ldcc_<stem>`,
   * `__ldcc_meta_<stem>`, ...): its name, or `<name>__<n>` where another
   * kernel of the file has that name (an overload, a template and its
   * explicit specializations), n its place among them (docs/translator.md,
   * "Kernels that share a name"). */
  char *stem;
  /* An explicit specialization (`template <> __global__ void
   * k<float>(...)`): its template arguments, "<float>", as host code names
   * it (`&k<float>`); its clones are plain functions named by stem, and a
   * launch's clone names drop the arguments.  NULL otherwise. */
  char *spec_args;
  /* The namespaces around it as file-scope code names them, "a::b::" or
   * "" (ld__namespace_scope); NULL inside a class. */
  char *scope;
  int checked;  /* 1 when the kernel will be instrumented */
  char *reason; /* why checked == 0; NULL otherwise; one short phrase */
  /* Why the shared-memory replay refused the kernel when it writes shared
   * memory and is otherwise checked (the check across blocks, the warp
   * checks still apply); NULL otherwise. */
  char *shared_reason;
  struct ld_replay *replay; /* the clone to emit; NULL when none */
  struct ld_global *global; /* the check across blocks; NULL when the
                               kernel has nothing to check there */
  struct ld_warp *warp;     /* warp-synchronous code; NULL when none */
  /* Built with --ldcc-deterministic (set before the replay's walk: its
   * clone then takes no warp collective, callees.c). */
  int det_build;
  /* Default arguments written in the definition's parameter list, `= e`
   * with the blanks before it: the clones cut them (their parameter lists
   * go on after them), and every launch the translator rewrites passes
   * all arguments (docs/translator.md, "Default arguments"); also the
   * `const` of a `T *const p` parameter, which the clones shift. */
  struct ld_cut {
    size_t begin, end;
  } * default_cuts;
  size_t ndefault_cuts;
  /* Its deterministic case, recorded by the finalize step (ld_finalize.h)
   * for the finished plan; det_reason (a static phrase or one of the
   * plan's reasons) is NULL for LD_DET_YES. */
  enum ld_det det;
  const char *det_reason;
};

struct ld_target {
  size_t kernel; /* index into plan->kernels */
  enum ld_space space;
  char *name;       /* variable or parameter name */
  struct ld_pos at; /* its declaration */
  int is_extern;    /* extern __shared__ */
  int written;      /* 1 when the kernel (or a callee) writes it */
};

struct ld_barrier {
  size_t kernel;    /* index into plan->kernels, or LD_PLAN_NONE when the
                       call is in a __device__ function */
  char *func;       /* name of the function containing the call; owned */
  char *form;       /* "__syncthreads", "__syncthreads_count", "cg.sync" ... */
  struct ld_pos at; /* start of the call, or of the macro expansion that
                       contains it */
  int in_macro;     /* 1 when the call is written inside a macro expansion */
};

struct ld_launch {
  char *kernel; /* name of the launched kernel, without template args */
  /* The plan's kernel the launch runs, by its declaration (an overload,
   * a template or its explicit specialization), or LD_PLAN_NONE when the
   * launch names one the plan does not have or cannot tell (a dependent
   * call in a template): routes.c matches those by name, where the name is
   * the kernel's alone. */
  size_t kernel_index;
  /* Set with kernel_index: the kernel's stem and whether its template
   * arguments are dropped from the callee in generated names
   * (ld__put_callee_as); borrowed from the plan's kernel. */
  const char *stem;
  int drop_args;
  struct ld_pos at; /* position of the kernel name at a `<<<>>>` launch, of
                       the call for cudaLaunchKernel */
  int via_api;      /* 1 for cudaLaunchKernel(k, ...) */
  int in_macro;     /* 1 when written inside a macro's argument in host code
                       (at, begin and end are where it is written there,
                       and an edit of that text edits the expansion) */
  /* For a `<<<>>>` launch outside macros or in a macro's argument
   * (in_macro), and for a host-code
   * `cudaLaunchKernel(k, g, b, args[, sh[, st]])` of a kernel whose name is
   * main-file text (else callee is NULL).  The latter's texts describe the
   * launch `k<<<__ldcc_a__g, __ldcc_a__b, __ldcc_a__sh,
   * __ldcc_a__st>>>(__ldcc_a__p...)` that a rewriter turns into its own
   * text, which ld__replace_launch wraps in a lambda taking the call's
   * arguments under those names (docs/translator.md). */
  size_t begin, end; /* the whole call expression */
  char *callee;      /* callee text as written, "ns::k<256>" */
  size_t name_at;    /* offset of the kernel's name inside callee */
  char *config[4];   /* grid, block, shared bytes, stream (NULL if absent) */
  char *args;        /* the arguments' text, "" when none */
  int in_device;     /* inside a __global__ or __device__ function (dynamic
                        parallelism): never rewritten to a host call */
  char *api_args;    /* cudaLaunchKernel: its arguments' text as written,
                        "k, g, b, args, 0, st"; NULL otherwise */
  int api_nargs;     /* how many arguments api_args holds, 4 to 6 (the
                        C++ overload defaults the last two) */
  int newlines;      /* in_macro: line breaks in [begin, end); the texts
                        above are made one line, and the rewritten launch
                        ends with as many, so that no `#line` falls inside
                        the macro's arguments */
};

/* A cudaMalloc-family call in host code whose first argument is `&X`
 * (through casts): the translation names the allocation X for the
 * runtime's reports, `(__ldcc::alloc_name("X", ES), __ldcc::alloc_done(
 * CALL))` (include/ldcc/host.h; docs/global-check.md, "Pointers loaded
 * from memory"). */
struct ld_alloc_site {
  size_t begin, end; /* the call, as written in the file */
  char *name;        /* X's text, blanks folded */
  int sized;         /* `sizeof *(X)` names X's element (complete, not void) */
};

struct ld_plan {
  char *file; /* main file path as given */
  struct ld_kernel *kernels;
  size_t nkernels;
  struct ld_target *targets;
  size_t ntargets;
  struct ld_barrier *barriers;
  size_t nbarriers;
  struct ld_launch *launches;
  size_t nlaunches;
  int deterministic; /* built with --ldcc-deterministic */
  /* Where the lines of the text the positions refer to come from, when
   * user headers were pasted into the main file (ld_edit.h); empty when
   * the text is the main file alone. */
  struct ld_line_map lines;
  /* Why user headers with device code are not translated with the file
   * (a static string), or NULL: the text with them pasted in did not
   * parse where the file alone did.  Their kernels then run unchecked and
   * the driver says so. */
  const char *headers_left_out;
  struct ld_alloc_site *alloc_sites;
  size_t nalloc_sites;
};

/* Whether parameter i of kernel k takes part in the one run
 * (__LDCC_GP_CLAIMED): claimed, and, when its shared-memory clone takes
 * the global copies (deterministic mode), never read — that clone claims
 * the words of stores only (glog). */
int ld_gparam_one_run(const struct ld_kernel *k, size_t i);
/* The unqualified name of g's written __device__ variable i. */
const char *ld_gvar_name(const struct ld_global *g, size_t i);

/* Write one stable line per fact, kinds in this order, each kind in source
 * order (targets grouped by kernel, in kernel order):
 *   KERNEL name=<n> checked=<yes|no> [reason="<why>"] at=<l>:<c> [template]
 *   [global=...] [det=<yes|partial|no> [det_reason="<why>"]] (det: built
 *   with --ldcc-deterministic only)
 *   TARGET kernel=<k> space=<shared|global> name=<v> at=<l>:<c> [extern]
 * written=<yes|no> BARRIER kernel=<f> form=<form> at=<l>:<c> [macro] LAUNCH
 * kernel=<k> at=<l>:<c> [cudaLaunchKernel]
 *   SITE kernel=<k> id=<n> at=<l>:<c> form=<form> (kernels with a clone;
 *   a call of a device function with barriers is form=call callee=<f>
 *   base=<b>, and its sites follow the kernel's as `in=<f>`)
 * <why> is a short phrase in double
 * quotes (it never contains a quote). BARRIER's kernel is the function that
 * contains the call: a kernel or a
 * __device__ function.  Returns 0 or LD_EIO. */
int ld_plan_dump(const struct ld_plan *plan, FILE *out);
/* Releases a warp-check description; NULL is a no-op. */
void ld_warp_free(struct ld_warp *w);
/* Whether w's inline checks can ride in a clone (the replay's, or the
 * global check's when there is no replay): intra-warp checks with no
 * message passing, no block-scope atomics, no probes. */
int ld_warp_carried(const struct ld_warp *w);
/* Releases a replay description; NULL is a no-op. */
void ld_replay_free(struct ld_replay *r);
/* Releases a global description; NULL is a no-op. */
void ld_global_free(struct ld_global *g);
/* Kernel k's deterministic case (decide/deterministic.c, the rule that
 * ld_finalize_plan records in k->det); *why is a phrase for PARTIAL and
 * NO, NULL for YES. */
enum ld_det ld_det_kernel(const struct ld_plan *plan, size_t k,
                          const char **why);
/* "yes", "atomic-only", "partial", "no" (plan.c). */
const char *ld_det_name(enum ld_det d);

/* Whether one of n accumulating atomics adds floats or doubles (plan.c):
 * they do not commute, the runtime orders them (__LDCC_GM_FLOAT_SUMS). */
int ld_gatomics_float(const struct ld_gatomic *a, size_t n);
/* Releases the plan and everything it owns; ld_plan_free(NULL) is a no-op. */
void ld_plan_free(struct ld_plan *plan);

/* A kernel whose shared-memory clone also takes the global copies
 * (deterministic mode, docs/deterministic.md). */
#define LD_COMPOSED(k) ((k)->replay && (k)->global && (k)->global->checked)

/* Kernels with inline intra-warp checks per file (the device sink holds one
 * metadata pointer each; include/ldcc/host.h __LDCC_ITS_MAX_KERNELS). */
#define LD_WARP_MAX_KERNELS 64

#endif
