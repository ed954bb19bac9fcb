/* The driver of the facts passes: once the plan has its kernels, it runs
 * for each kernel the passes that need more of its code than pass 2 saw --
 * the warp checks (warp_facts.c), the default arguments its clones drop,
 * the replay clone (replay_facts.c) and the check across blocks
 * (global_facts.c, with what pass 2 found of the kernel's writes) -- in
 * that order, since each may change what the next one decides.  It reads
 * no code itself beyond the parameters' default arguments.  Host code
 * only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_clang_int.h"
#include "ld_cursor.h"
#include "ld_error.h"
#include "ld_facts.h"

/* Where the ParmDecl parm of a main-file definition writes a default
 * argument: [*begin, *end) from the blanks before `=` to its end; 0 when
 * none (or not plain main-file text). */
static int default_cut(const struct ld__source *s, CXCursor parm, size_t *begin,
                       size_t *end) {
  CXSourceLocation eq;
  CXFile f1, f2;
  unsigned b, e;

  if (!ld__default_eq(s->tu, parm, &eq))
    return 0;
  clang_getSpellingLocation(eq, &f1, NULL, NULL, &b);
  clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(parm)), &f2,
                            NULL, NULL, &e);
  if (!f1 || !f2 || !clang_File_isEqual(f1, s->main_file) ||
      !clang_File_isEqual(f2, s->main_file) || e > s->len || e <= b ||
      ld__in_ranges(s->macros, s->nmacros, b))
    return 0;
  while (b > 0 && strchr(" \t\r\n", s->src[b - 1]))
    b--;
  *begin = b;
  *end = e;
  return 1;
}

struct cuts {
  const struct ld__source *s;
  struct ld_kernel *k;
  size_t cap;
  int rc;
};

static int add_cut(struct cuts *x, size_t b, size_t e) {
  if ((x->rc = ld__grow(&x->k->default_cuts, &x->cap, x->k->ndefault_cuts,
                        sizeof *x->k->default_cuts)))
    return 0;
  x->k->default_cuts[x->k->ndefault_cuts].begin = b;
  x->k->default_cuts[x->k->ndefault_cuts++].end = e;
  return 1;
}

static enum CXChildVisitResult cuts_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct cuts *x = data;
  size_t b, e;

  (void)parent;
  if (default_cut(x->s, c, &b, &e) && !add_cut(x, b, e))
    return CXChildVisit_Break;
  /* The `const` of `T *const p`: the clones shift their pointer
   * parameters, so theirs are not const (the function's type is the same
   * without it). */
  if (ld__top_const(x->s, c, &b, &e) && !add_cut(x, b, e))
    return CXChildVisit_Break;
  /* The `const` of `const Graph g`: the clones patch the pointers inside
   * a by-value class (__ldcc::gpatch). */
  if (ld__class_const(x->s, c, &b, &e) &&
      ld__holds_pointer(clang_getCursorType(c), 0) && !add_cut(x, b, e))
    return CXChildVisit_Break;
  return CXChildVisit_Continue;
}

/* The offset in the main file of loc, or (size_t)-1. */
static size_t main_offset(const struct ld__source *s, CXSourceLocation loc) {
  CXFile f;
  unsigned off;

  clang_getSpellingLocation(loc, &f, NULL, NULL, &off);
  return f && clang_File_isEqual(f, s->main_file) && off < s->len ? off
                                                                  : (size_t)-1;
}

/* An explicit specialization's clones are plain functions (ld_kernel
 * spec_args): the cuts of its `template <>` and of the arguments after its
 * name.  An unusual spelling leaves them out, and nvcc says so. */
static void spec_cuts(struct cuts *x, CXCursor fn) {
  const char *src = x->s->src;
  size_t len = x->s->len;
  size_t b = main_offset(x->s, clang_getRangeStart(clang_getCursorExtent(fn)));
  size_t name = main_offset(x->s, clang_getCursorLocation(fn)), e;

  if (b == (size_t)-1 || name == (size_t)-1 || len - b < 8 ||
      strncmp(src + b, "template", 8))
    return;
  e = ld__after_angles(src, len, b + 8);
  if (e == b + 8)
    return;
  while (e < len && (src[e] == ' ' || src[e] == '\t'))
    e++;
  if (!add_cut(x, b, e))
    return;
  name += strlen(x->k->name);
  e = ld__after_angles(src, len, name);
  if (e > name)
    add_cut(x, name, e);
}

/* k->default_cuts from the definition fn's parameters, and an explicit
 * specialization's template syntax. */
static int default_cuts(const struct ld__source *s, CXCursor fn,
                        struct ld_kernel *k) {
  struct cuts x = {s, k, 0, LD_OK};

  if (k->spec_args)
    spec_cuts(&x, fn);
  if (!x.rc)
    clang_visitChildren(fn, cuts_cb, &x);
  return x.rc;
}

struct param_query {
  const struct analysis *an;
  size_t fn;
};

/* Whether kernel q->fn may write through its parameter `name`. */
static int param_written(void *ctx, const char *name) {
  const struct param_query *q = ctx;
  const struct fn *fn = &q->an->fns[q->fn];
  size_t i;

  for (i = 0; i < fn->nrefs; i++) {
    const struct var *v = &q->an->vars[fn->refs[i].var];
    if (v->kind == VAR_PARAM && v->owner == q->fn && fn->refs[i].written &&
        !strcmp(v->name, name))
      return 1;
  }
  return 0;
}

/* Whether kernel fi writes a pointer parameter or a __device__ variable
 * other than as the address of an accumulating atomic.  A by-value class
 * parameter holding pointers counts as written plainly: its fields' uses
 * are not told apart (`(*p.count)++` next to `atomicAdd(p.count, 1)` is
 * no accumulation). */
static int plain_written(const struct analysis *an, size_t fi) {
  const struct fn *fn = &an->fns[fi];
  int n = clang_Cursor_getNumArguments(fn->cur), j;
  size_t i;

  for (j = 0; j < n; j++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(fn->cur, (unsigned)j)));
    if (t.kind == CXType_Record && ld__holds_pointer(t, 0))
      return 1;
  }

  for (i = 0; i < fn->nrefs; i++) {
    const struct var *v = &an->vars[fn->refs[i].var];
    if (((v->kind == VAR_PARAM && v->owner == fi) || v->kind == VAR_DEVICE) &&
        fn->refs[i].plain)
      return 1;
  }
  return 0;
}

/* "pointer inside parameter p" for the kernel's first pointer parameter
 * whose memory holds pointers (`Graph *g`, `int **rows`) into why, 1; 0
 * when it has none. */
static int hidden_param(CXCursor fn, struct ld_buf *why) {
  int n = clang_Cursor_getNumArguments(fn), j;

  for (j = 0; j < n; j++) {
    CXCursor a = clang_Cursor_getArgument(fn, (unsigned)j);
    CXType t = clang_getCanonicalType(clang_getCursorType(a));
    CXString name;
    int rc;
    if (!ld__param_is_pointer(t) || !ld__holds_pointer(ld__param_pointee(t), 0))
      continue;
    name = clang_getCursorSpelling(a);
    rc = ld_buf_printf(why, "pointer inside parameter %s",
                       clang_getCString(name));
    clang_disposeString(name);
    return rc ? -1 : 1;
  }
  return 0;
}

static enum CXChildVisitResult volatile_param_cb(CXCursor c, CXCursor parent,
                                                 CXClientData data) {
  CXType t = clang_getCanonicalType(clang_getCursorType(c));

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl && t.kind == CXType_Pointer &&
      clang_isVolatileQualifiedType(clang_getPointeeType(t))) {
    *(int *)data = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* Whether kernel fn has a pointer parameter to volatile data (`volatile int
 * *color`): units publish values through it to each other while the
 * launch runs (graph codes' colours, distances, flags), which private
 * copies would hide, so only the direct one run takes such a kernel, its
 * volatile accesses claimed as relaxed atomics (global_facts.c
 * mark_flags). */
static int volatile_params(CXCursor fn) {
  int found = 0;

  clang_visitChildren(fn, volatile_param_cb, &found);
  return found;
}

/* Whether kernel fn reads pointers from memory a pointer parameter points
 * to, for the direct one run to claim their accesses by address (not with
 * a replay clone, whose writes through them are unseen: kernels.c); then
 * *greason becomes its reason when it has none.  -1 out of memory. */
static int loads_pointers(const struct fn *fn, const struct ld_kernel *k,
                          struct ld_buf *hidden, const char **greason) {
  int loads;

  if (k->replay || fn->g_unseen)
    return 0;
  loads = fn->g_loaded != NULL;
  if (!loads && (loads = hidden_param(fn->cur, hidden)) < 0)
    return -1;
  if (!*greason && loads)
    *greason = fn->g_loaded ? fn->g_loaded : hidden->data;
  return loads;
}

/* The cursors of kernel fn's written __device__ variables and of the
 * functions that use them besides it, into in (owned by the caller in
 * *decls and *fns). */
static int var_cursors(const struct analysis *an, const struct fn *fn,
                       struct ld__global_in *in, CXCursor **decls,
                       CXCursor **fns) {
  size_t i;

  *decls = fn->ng_vars ? malloc(fn->ng_vars * sizeof **decls) : NULL;
  *fns = fn->ng_var_fns ? malloc(fn->ng_var_fns * sizeof **fns) : NULL;
  if ((fn->ng_vars && !*decls) || (fn->ng_var_fns && !*fns)) {
    free(*decls);
    free(*fns);
    return LD_ENOMEM;
  }
  for (i = 0; i < fn->ng_vars; i++)
    (*decls)[i] = an->vars[fn->g_vars[i]].cur;
  for (i = 0; i < fn->ng_var_fns; i++)
    (*fns)[i] = an->fns[fn->g_var_fns[i]].cur;
  in->device_var_decls = *decls;
  in->device_var_fns = *fns;
  in->ndevice_var_fns = fn->ng_var_fns;
  return LD_OK;
}

/* no_replay: why a warp-synchronous kernel's replay could not be made
 * (NULL when it was, or none was asked for). */
/* Kernel fi's barriers for the check across blocks' epochs (*bars, *n). */
static int kernel_bars(const struct analysis *an, size_t fi,
                       struct ld_gbar **bars, size_t *n) {
  size_t i;

  for (i = 0; i < an->nbarriers; i++) {
    const struct barrier *b = &an->barriers[i];
    struct ld_gbar *nb;
    if (b->fn != fi)
      continue;
    nb = realloc(*bars, (*n + 1) * sizeof **bars);
    if (!nb)
      return LD_ENOMEM;
    *bars = nb;
    nb[*n].begin = b->at.offset;
    nb[*n].end = b->end;
    nb[*n].value = strcmp(b->form, "__syncthreads_count") == 0 ||
                   strcmp(b->form, "__syncthreads_and") == 0 ||
                   strcmp(b->form, "__syncthreads_or") == 0;
    (*n)++;
  }
  return LD_OK;
}

static int global_analyse(struct analysis *an, const struct ld__source *s,
                          size_t fi, const char *no_replay) {
  struct fn *fn = &an->fns[fi];
  struct ld_kernel *k = &an->plan->kernels[fn->kernel];
  struct param_query q = {an, fi};
  struct ld__global_in in;
  const char **vars = NULL;
  CXCursor *decls = NULL, *var_fns = NULL;
  struct ld_buf why = LD_BUF_INIT;
  struct ld_gbar *bars = NULL;
  struct ld_buf hidden = LD_BUF_INIT;
  size_t i, nbars = 0;
  int rc = LD_ENOMEM;

  memset(&in, 0, sizeof in);
  in.param_written = param_written;
  in.ctx = &q;
  if (fn->ng_vars && !(vars = malloc(fn->ng_vars * sizeof *vars)))
    goto out;
  for (i = 0; i < fn->ng_vars; i++)
    vars[i] = an->vars[fn->g_vars[i]].name;
  in.device_vars = vars;
  in.ndevice_vars = fn->ng_vars;
  in.device_var_elsewhere = fn->g_var_elsewhere;
  in.device_var_fn = fn->g_var_fn;
  if (var_cursors(an, fn, &in, &decls, &var_fns))
    goto out;
  /* A kernel with a shared-memory clone takes the global copies in that
   * clone too (LD_COMPOSED), unless it has accumulating atomics, which the
   * replay applies to memory itself. */
  int composed = k->replay && !fn->nacc;
  const char *greason = fn->g_reason;
  int loads = loads_pointers(fn, k, &hidden, &greason);
  if (!greason && !k->replay && volatile_params(fn->cur))
    greason = "volatile accesses";
  if (loads < 0)
    goto out;
  /* A warp-synchronous kernel with a replay clone takes the global copies
   * there, next to the inline checks the clone carries too
   * (docs/inline-checks.md, "With the replay"); without one, the global
   * clone carries the intra-warp checks ("In the global clone"); message
   * passing, block-scope atomics and probes keep the original. */
  in.other_reason =
      k->replay && !composed ? "checked by the shared-memory replay"
      : k->warp && !k->warp->skip && !k->replay && !ld_warp_carried(k->warp)
          ? k->warp->mp ? "checked by the inline message-passing "
                          "checks"
                        : "checked by the inline intra-warp checks"
          : greason;
  if (no_replay && in.other_reason && k->warp && !k->warp->skip &&
      !k->warp->mp && !k->replay && !ld_warp_carried(k->warp)) {
    if (ld_buf_printf(&why, "%s (no replay: %s)", in.other_reason, no_replay))
      goto out;
    in.other_reason = why.data;
  }
  /* A message-passing kernel (fences, flags, locks) tries the direct run
   * too, its fences ordering its clashes and its checks riding in the
   * clone (docs/global-check.md, "Fences"); when the run does not take it
   * the reason stays theirs. */
  int mp = k->warp && !k->warp->skip && k->warp->mp && !k->replay;
  in.direct_ok = !an->plan->deterministic && in.other_reason &&
                 (in.other_reason == greason || (mp && greason)) &&
                 !fn->g_hard && !fn->g_unseen && (!k->replay || composed) &&
                 !fn->nacc;
  /* A written __device__ variable also used in a device function (an
   * error counter a checking helper bumps): the direct one run, whose
   * clones of those functions claim their uses too; the copies would
   * shift the kernel's own uses only. */
  in.vars_direct = fn->g_var_elsewhere && !an->plan->deterministic &&
                   !k->replay && !fn->nacc && !fn->g_hard && !fn->g_unseen &&
                   (in.direct_ok || !in.other_reason);
  in.sync_flags = mp;
  in.loads = loads && in.direct_ok;
  /* A write through a pointer loaded from memory (a __constant__ struct's
   * pointer, a __device__ pointer variable) writes global memory even
   * where no parameter or variable is written. */
  in.loaded_writes = fn->g_loaded != NULL;
  /* With a replay clone (its global atomics' results unused: the replay's
   * rule), the replay clone carries the direct run's claims too. */
  in.replay = in.direct_ok && k->replay ? k->replay : NULL;
  in.may_sync_block = fn->g_may_sync;
  /* A composed replay counts its regions itself (glog); one that carries
   * the direct run's claims does not (ld__global_in.replay). */
  in.epochs_ok = fn->g_may_sync && fn->g_epochs && !an->plan->deterministic &&
                 (!k->replay || composed);
  if (in.epochs_ok && kernel_bars(an, fi, &bars, &nbars))
    goto out;
  in.bars = bars;
  in.nbars = nbars;
  in.grid_syncs = fn->grid_syncs;
  in.atomics = fn->acc;
  in.natomics = fn->nacc;
  in.prints = fn->prints;
  in.nprints = fn->nprints;
  in.plain_writes = plain_written(an, fi);
  in.unseen_writes = fn->g_unseen;
  in.replay_atomics_only =
      k->replay && !composed && !fn->g_reason && !fn->g_unseen;
  rc = ld__global_analyse(s, fn->cur, k, &in);
out:
  free(bars);
  free(vars);
  free(decls);
  free(var_fns);
  ld_buf_free(&why);
  ld_buf_free(&hidden);
  return rc;
}

/* A kernel whose only synchronisation through memory is atomicCAS,
 * atomicExch or the value of a global atomic (a claim, a ticket, a
 * work-list index, a lock), with no fence, orders no plain access of
 * another unit: the direct one run checks it across blocks when it can
 * (docs/global-check.md), and a conflict it sees is a race.  When the check
 * across blocks does not take it, it gets the message-passing checks
 * (docs/inline-checks.md) as before; so does one with shared memory to
 * replay (ld__facts_analyse). */
static int weak_sync_checks(struct analysis *an, size_t fi, size_t *nits) {
  struct ld_kernel *k = &an->plan->kernels[an->fns[fi].kernel];
  char *why;
  int rc;

  if (!k->checked || k->warp || k->replay || !k->global || k->global->checked)
    return LD_OK;
  rc = ld__warp_analyse(&an->s, an->fns[fi].cur, k, nits, 1);
  if (rc || !k->warp || k->warp->skip || !k->warp->mp)
    return rc;
  why = strdup("checked by the inline message-passing checks");
  if (!why)
    return LD_ENOMEM;
  free(k->global->reason);
  k->global->reason = why;
  return LD_OK;
}

/* Whether a launch of kernel fi in the file gives it dynamic shared memory
 * (its third configuration argument, other than 0): the inline checks'
 * 24 KB of static shared memory could then exceed what a block may have. */
static int dynamic_shared(const struct analysis *an, size_t fi) {
  size_t j;

  for (j = 0; j < an->nlaunches; j++)
    if (an->launches[j].fn == fi && an->launches[j].text.config[2] &&
        strcmp(an->launches[j].text.config[2], "0"))
      return 1;
  return 0;
}

int ld__facts_analyse(struct analysis *an) {
  struct ld_plan *plan = an->plan;
  const struct ld__source *source = &an->s;
  size_t i, nits = 0;
  int rc = LD_OK;

  /* Warp-synchronous kernels get the inline checks in the original
   * kernel and in the replay clone too (docs/inline-checks.md, "With the
   * replay"); those that synchronise through memory or use block-scope
   * atomics keep their inline checks alone: the replay models neither
   * fences nor the scope of an atomic. */
  /* Deterministic mode orders memory instead of checking it: no inline
   * checks (docs/deterministic.md). */
  for (i = 0; i < an->nfns && !rc && !plan->deterministic; i++) {
    struct ld_kernel *k;
    if (!an->fns[i].is_kernel)
      continue;
    k = &plan->kernels[an->fns[i].kernel];
    /* Without fences, a kernel with no shared memory to replay is left to
     * the direct one run first (weak_sync_checks). */
    rc = ld__warp_analyse(source, an->fns[i].cur, k, &nits,
                          an->fns[i].wants_clone);
    if (!rc && k->warp && !k->warp->skip && !ld__warp_with_replay(k->warp) &&
        an->fns[i].wants_clone) {
      /* Its shared memory is then not replayed: say so (the kernel is
       * otherwise "checked", and its shared races would go unreported in
       * silence). */
      an->fns[i].wants_clone = 0;
      if (!k->shared_reason &&
          !(k->shared_reason = strdup(
                k->warp->mp ? "synchronises through memory (a fence, flag or "
                              "lock), which the replay does not model"
                : k->warp->cluster ? REASON_CLUSTER_SHARED
                                   : "block-scope atomics, which the replay "
                                     "does not model")))
        rc = LD_ENOMEM;
    }
    /* Distributed shared memory: what is checked of it, and what not. */
    if (!rc && k->warp && !k->warp->skip && k->warp->cluster &&
        k->shared_reason && strcmp(k->shared_reason, REASON_CLUSTER_SHARED)) {
      free(k->shared_reason);
      if (!(k->shared_reason = strdup(REASON_CLUSTER_SHARED)))
        rc = LD_ENOMEM;
    }
  }
  for (i = 0; i < an->nfns && !rc; i++)
    if (an->fns[i].kernel != NONE)
      rc = default_cuts(source, an->fns[i].cur,
                        &plan->kernels[an->fns[i].kernel]);
  for (i = 0; i < an->nfns && !rc; i++)
    if (an->fns[i].wants_clone) {
      plan->kernels[an->fns[i].kernel].det_build = plan->deterministic;
      rc = ld__replay_analyse(source, an->fns[i].cur,
                              &plan->kernels[an->fns[i].kernel]);
    }
  /* A replay whose proof fails may hide races between lanes of one warp
   * (racecheck sees them; the replay's unit is a warp): the inline
   * intra-warp checks ride in its clone (docs/inline-checks.md). */
  for (i = 0; i < an->nfns && !rc && !plan->deterministic; i++) {
    struct ld_kernel *k;
    if (!an->fns[i].is_kernel || !an->fns[i].wants_clone)
      continue;
    k = &plan->kernels[an->fns[i].kernel];
    if (k->checked && k->replay && !k->warp && !k->replay->proof.proved &&
        !dynamic_shared(an, i))
      rc = ld__warp_cross_lane(source, an->fns[i].cur, k, &nits);
  }
  /* A replay refused leaves shared memory unchecked: the shadow checks it
   * between warps when it sees every access (sm_90: 128-bit atomics);
   * beside a warp-synchronous kernel's tables, which check the lanes of
   * one. */
  for (i = 0; i < an->nfns && !rc && !plan->deterministic && an->sm >= 90;
       i++) {
    struct ld_kernel *k;
    int taken;
    if (!an->fns[i].is_kernel)
      continue;
    k = &plan->kernels[an->fns[i].kernel];
    if (!k->checked || k->replay || !k->shared_reason)
      continue;
    rc = k->warp ? ld__warp_shadow_beside(source, an->fns[i].cur, k, &nits)
                 : ld__warp_shadow(source, an->fns[i].cur, k, &nits);
    taken = k->warp && (k->warp->beside || k->warp->cluster == LD_WARP_SHADOW);
    if (!rc && taken) {
      free(k->shared_reason);
      k->shared_reason = NULL;
    }
  }
  /* A replay it cannot have (shared_reason) leaves a warp-synchronous
   * kernel its inline checks, as before the two were combined. */
  for (i = 0; i < an->nfns && !rc; i++)
    if (an->fns[i].kernel != NONE)
      rc = global_analyse(an, source, i,
                          plan->kernels[an->fns[i].kernel].shared_reason);
  for (i = 0; i < an->nfns && !rc && !plan->deterministic; i++)
    if (an->fns[i].is_kernel)
      rc = weak_sync_checks(an, i, &nits);
  return rc;
}
