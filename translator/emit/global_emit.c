/* The check across blocks, translator side (docs/global-check.md): from the
 * plan's ld_global facts to edits of the main file.
 *
 * For each kernel it checks: a clone `__ldcc_g_<k>` right after the
 * definition (the definition's text with the name changed, one more
 * parameter `__ldcc::global_info __ldcc_gi`, and a prologue that shifts
 * every pointer parameter to the unit's private copy), and its prototype
 * after an earlier prototype of the kernel; every `k<<<...>>>` after the
 * definition or that prototype, outside device code, becomes
 * `__ldcc::launch_global(...)` (include/ldcc/global.h), which evaluates the
 * arguments once (a cudaLaunchKernel naming the kernel too, inside the
 * lambda of ld__replace_launch); a declaration of `__ldcc__gmeta` at the top of
 * the file and its definition (parameter names and flags, launch lines) after
 * the last line.  Host code only; no libclang. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"
#include "ld_file_names.h"
#include "ld_routes.h"

/* Why a launch of a template kernel runs its check across blocks but not
 * its shared-memory clone (the runtime's "not checked in shared memory"). */
#define REASON_UNSPELLED                                                       \
  "launched with a deduced template argument that has no spelling in host "    \
  "code (a lambda's closure type, a type of an anonymous namespace, a pack); " \
  "write the template's arguments out"

static int checked(const struct ld_kernel *k) {
  return k->global && k->global->checked;
}

/* A checked kernel whose launches may run as built when their conditions
 * hold (ld_global_proof.h): `__LDCC_GM_OWN` and its terms. */
static int runs_proved(const struct ld_kernel *k) {
  return checked(k) && !k->global->natomics && !k->global->nvars &&
         k->global->gproof.proved && k->global->gproof.nterms;
}

/* One access through a claimed parameter: its object wrapped in gput or
 * gget (with its line in a direct kernel), or a direct kernel's atomic's
 * address in gatomic_claim (docs/global-check.md, "Direct one run"). */
static int wrap_access(struct ld_edit_list *l, const struct ld_global *g,
                       const struct ld_gstore *a, int sets) {
  char at[80], end[48];
  int rc;

  if (a->flag)
    return LD_OK; /* a flag: not claimed ("Fences") */
  if (a->atomic && a->acquires && g->nfences) {
    /* The acquire recorded once the atomic has observed what it read. */
    snprintf(at, sizeof at, "__ldcc::gacquired(__ldcc_gi, %du, ",
             a->atomic == LD_GSCOPE_BLOCK ? 1 : 2);
    if (a->void_call) /* a helper returning nothing: after it */
      snprintf(at, sizeof at, ", __ldcc::gacquired(__ldcc_gi, %du, 0))",
               a->atomic == LD_GSCOPE_BLOCK ? 1 : 2);
    rc = ld_edit_insert(l, a->call_begin, a->void_call ? "(" : at);
    if (!rc)
      rc = ld_edit_insert(l, a->call_end, a->void_call ? at : ")");
    if (rc)
      return rc;
  }
  if (a->address) {
    /* A cache-hint load or store: its address claimed and returned. */
    snprintf(at, sizeof at, "__ldcc::%s(__ldcc_gi, %d, (",
             a->load ? "gget" : "gput", a->ptr);
    if (g->direct || g->epochs)
      snprintf(end, sizeof end, "), %u)", a->line);
    else
      snprintf(end, sizeof end, "))");
  } else if (a->atomic && a->object) {
    /* A libcu++ atomic object: its address claimed, the object used. */
    snprintf(at, sizeof at, "(*__ldcc::gatomic_claim(__ldcc_gi, %d, &(",
             a->ptr);
    snprintf(end, sizeof end, "), %d, %u))", a->atomic, a->line);
  } else if (a->atomic) {
    snprintf(at, sizeof at, "__ldcc::gatomic_claim(__ldcc_gi, %d, (", a->ptr);
    snprintf(end, sizeof end, "), %d, %u)", a->atomic, a->line);
  } else if (a->set && sets) {
    /* A store or update: gset's operators claim, check the lanes of one
     * warp and store (include/ldcc/global.h, gref). */
    snprintf(at, sizeof at, "__ldcc::gset(__ldcc_gi, %d, &(", a->ptr);
    if (a->set > 1) /* `E = E + v`: an update (2), `E = E | v` (3) */
      snprintf(end, sizeof end, "), %u, %du)", a->line, a->set - 1);
    else
      snprintf(end, sizeof end, "), %u)", a->line);
  } else {
    snprintf(at, sizeof at, "(*__ldcc::%s(__ldcc_gi, %d, &(",
             a->load ? "gget" : "gput", a->ptr);
    if (g->direct || g->epochs)
      snprintf(end, sizeof end, "), %u))", a->line);
    else
      snprintf(end, sizeof end, ")))");
  }
  rc = ld_edit_insert(l, a->begin, at);
  return rc ? rc : ld_edit_insert(l, a->end, end);
}

/* A composed kernel's replay clone in the direct run (docs/global-check.md,
 * "With the replay"): the claims of the global clone on the replay's edit
 * list.  A store the replay logs, `(*__ldcc::glog(__ldcc_c, &(E)))`, has
 * its address claimed inside the log's, `(*__ldcc::glog(__ldcc_c,
 * __ldcc::gput(__ldcc_gi, J, &(E), L)))` (two wraps at one place would not
 * nest), and so has one through a pointer that may point into a warp's
 * copy (`pwr`, a kernel that keeps pointers to targets); any other access
 * is wrapped as in the global clone.  The
 * analysis left out kernels whose accesses lie in code the replay
 * rewrites (global_facts.c replay_rewrites). */
static int edit_fences(struct ld_edit_list *l, const struct ld_global *g);

int ld__global_replay_claims(const struct ld_kernel *k,
                             struct ld_edit_list *l) {
  static const char glog_open[] = "(*__ldcc::glog(__ldcc_c, &(";
  static const char pwr_open[] = "(*__ldcc::pwr(__ldcc_c, &(";
  const struct ld_global *g = k->global;
  size_t i, j;
  int rc = LD_OK;

  for (i = 0; i < g->nstores && !rc; i++) {
    const struct ld_gstore *a = &g->stores[i];
    char open[96], close[32];
    if (!a->load && !a->atomic && !a->address && !a->flag) {
      for (j = 0; j + 1 < l->n; j++)
        if (l->items[j].begin == a->begin && l->items[j].end == a->begin &&
            (!strcmp(l->items[j].text, glog_open) ||
             !strcmp(l->items[j].text, pwr_open)) &&
            l->items[j + 1].begin == a->end && l->items[j + 1].end == a->end &&
            !strcmp(l->items[j + 1].text, ")))"))
          break;
      if (j + 1 < l->n) {
        char *o, *c;
        snprintf(open, sizeof open,
                 "(*__ldcc::%s(__ldcc_c, __ldcc::gput(__ldcc_gi, %d, &(",
                 strcmp(l->items[j].text, pwr_open) ? "glog" : "pwr", a->ptr);
        snprintf(close, sizeof close, "), %u)))", a->line);
        o = strdup(open);
        c = strdup(close);
        if (!o || !c) {
          free(o);
          free(c);
          return LD_ENOMEM;
        }
        free(l->items[j].text);
        l->items[j].text = o;
        free(l->items[j + 1].text);
        l->items[j + 1].text = c;
        continue;
      }
    }
    rc = wrap_access(l, g, a, 0);
  }
  /* A kernel with fences (ld_warp.fenced_replay): its releases and
   * acquires order the run's clashes in the replay clone too. */
  if (!rc && g->direct)
    rc = edit_fences(l, g);
  return rc;
}

/* The direct run's clone: each grid sync `G.sync()` (`G->sync()`,
 * `cg::sync(G)`) becomes `__ldcc::ggrid_sync(__ldcc_gi, G)`, which syncs
 * and starts a new region of claims (docs/global-check.md, "Grid sync"). */
static int edit_grid_syncs(struct ld_edit_list *l, const struct ld_global *g) {
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < g->ngsyncs && !rc; i++) {
    const struct ld_gsync *s = &g->gsyncs[i];
    rc = ld_edit_replace(l, s->begin, s->obj_begin,
                         "__ldcc::ggrid_sync(__ldcc_gi, ");
    if (!rc)
      rc = ld_edit_replace(l, s->obj_end, s->end, ")");
  }
  return rc;
}

/* Warps of one block (ld_global.epochs): each barrier B of the clone
 * counts the block's regions, `(B, __ldcc::gbarrier(__ldcc_gi))`, or
 * `__ldcc::gbarrier(__ldcc_gi, B)` when its value is used
 * (docs/global-check.md, "Warps of one block"). */
static int edit_barriers(struct ld_edit_list *l, const struct ld_global *g) {
  size_t i;
  int rc = LD_OK;

  for (i = 0; g->epochs && i < g->ngbars && !rc; i++) {
    const struct ld_gbar *b = &g->gbars[i];
    rc = ld_edit_insert(l, b->begin,
                        b->value ? "__ldcc::gbarrier(__ldcc_gi, " : "(");
    if (!rc)
      rc = ld_edit_insert(l, b->end,
                          b->value ? ")" : ", __ldcc::gbarrier(__ldcc_gi))");
  }
  return rc;
}

/* The direct run's clone with fences: each fence F (or call of a helper
 * with a fence, or libcu++ atomic that orders) becomes
 * `(__ldcc::grelease(__ldcc_gi, L), F, __ldcc::gacquire(__ldcc_gi, A))`,
 * a call whose value is used `(__ldcc::grelease(__ldcc_gi, L),
 * __ldcc::gacquired(__ldcc_gi, A, F))`; a release after the call `(F,
 * __ldcc::grelease(__ldcc_gi, L), __ldcc::gacquire(__ldcc_gi, A))` or
 * `(__ldcc::grelease_after(__ldcc_gi, L, A, F))`; a part whose level is 0
 * left out (docs/global-check.md, "Fences"). */
static int edit_fences(struct ld_edit_list *l, const struct ld_global *g) {
  char at[160], end[96];
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < g->nfences && !rc; i++) {
    const struct ld_gfence *f = &g->fences[i];
    size_t n;
    snprintf(at, sizeof at, "(");
    if (f->level && !f->after)
      snprintf(at + 1, sizeof at - 1, "__ldcc::grelease(__ldcc_gi, %du), ",
               f->level);
    n = strlen(at);
    end[0] = '\0';
    if (f->value && f->after) { /* a lock helper's value */
      snprintf(at + n, sizeof at - n,
               "__ldcc::grelease_after(__ldcc_gi, %du, %du, ", f->level,
               f->acquire);
      snprintf(end, sizeof end, "))");
    } else if (f->value) { /* a helper's or libcu++ atomic's value */
      if (f->acquire)
        snprintf(at + n, sizeof at - n, "__ldcc::gacquired(__ldcc_gi, %du, ",
                 f->acquire);
      snprintf(end, sizeof end, "%s%s)", f->conversion ? ".load()" : "",
               f->acquire ? ")" : "");
    } else {
      if (f->level && f->after)
        snprintf(end, sizeof end, ", __ldcc::grelease(__ldcc_gi, %du)",
                 f->level);
      n = strlen(end);
      if (f->acquire)
        snprintf(end + n, sizeof end - n, ", __ldcc::gacquire(__ldcc_gi, %du)",
                 f->acquire);
      n = strlen(end);
      snprintf(end + n, sizeof end - n, ")");
    }
    /* Outside every other insert at its ends (a libcu++ atomic's object
     * claim may start or end where its call does), inside message
     * passing's (seq 0 and SIZE_MAX, warp_emit.c). */
    rc = ld_edit_insert(l, f->begin, at);
    if (!rc)
      l->items[l->n - 1].seq = 1;
    if (!rc)
      rc = ld_edit_insert(l, f->end, end);
    if (!rc)
      l->items[l->n - 1].seq = (size_t)-2;
  }
  return rc;
}

/* Calls of cloned device functions (ld_gcall): `f(a...)` becomes
 * `__ldcc_gd_f(__ldcc_gi, a...)`; the insert goes before any wrap of the
 * first argument (added first). */
static int edit_gcalls(struct ld_edit_list *l, const struct ld_gcall *c,
                       size_t n, const char *src) {
  struct ld_buf t = LD_BUF_INIT;
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < n && !rc; i++) {
    ld_buf_free(&t);
    rc = ld_buf_puts(&t, "__ldcc_gd_");
    if (!rc)
      rc = ld_buf_append(&t, src + c[i].name_begin,
                         c[i].name_end - c[i].name_begin);
    if (!rc)
      rc = ld_edit_replace(l, c[i].name_begin, c[i].name_end, t.data);
    if (!rc)
      rc = ld_edit_insert(l, c[i].args_open + 1,
                          c[i].no_args ? "__ldcc_gi" : "__ldcc_gi, ");
  }
  ld_buf_free(&t);
  return rc;
}

/* A declaration of a cloned device function, [b, e) of the source, as its
 * clone's: the name changed, `__ldcc_gi` first, `__host__` dropped (the
 * claims are device code); with the definition's accesses wrapped when d
 * is given (by address: ordinal -1; an acquiring atomic records its
 * acquire, which does nothing in a run without fences). */
static int put_devfn_decl(struct ld_buf *b, const struct ld_gdevfn *d,
                          int definition, const char *src, size_t len,
                          const char *path) {
  struct ld_global g;
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  struct ld_buf t = LD_BUF_INIT;
  size_t i, name = definition ? d->name_begin : d->proto_name;
  size_t open = definition ? d->params_open : d->proto_open;
  size_t hb = definition ? d->host_begin : d->proto_host_begin;
  size_t he = definition ? d->host_end : d->proto_host_end;
  int rc;

  memset(&g, 0, sizeof g);
  g.direct = 1;
  g.nfences = 1;
  rc = ld_buf_printf(&t, "__ldcc_gd_%s", d->name);
  if (!rc)
    rc = ld_edit_replace(&l, name, name + strlen(d->name), t.data);
  ld_buf_free(&t);
  if (!rc && he)
    rc = ld_edit_replace(&l, hb, he, "");
  if (!rc)
    rc = ld_edit_insert(&l, open + 1,
                        d->has_params ? "const __ldcc::global_info &__ldcc_gi, "
                                      : "const __ldcc::global_info &__ldcc_gi");
  if (!rc && definition)
    rc = edit_gcalls(&l, d->calls, d->ncalls, src);
  for (i = 0; definition && i < d->nstores && !rc; i++)
    rc = wrap_access(&l, &g, &d->stores[i], 1);
  if (!rc)
    rc = ld_buf_puts(b, "\n");
  if (!rc)
    rc =
        ld_edit_render(&l, src, len, definition ? d->def_begin : d->proto_begin,
                       definition ? d->def_end : d->proto_end, path, 1, b);
  if (!rc)
    rc = ld_buf_puts(b, "\n");
  ld_edit_list_free(&l);
  return rc;
}

/* The clones of the device functions the checked kernels' direct runs
 * call, once each, after their definitions (and prototypes after earlier
 * declarations). */
static int put_devfns(const struct ld_plan *plan, const char *src, size_t len,
                      struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i, j, k, m;
  int rc = LD_OK;

  for (i = 0; i < plan->nkernels && !rc; i++) {
    const struct ld_global *g = plan->kernels[i].global;
    for (j = 0; checked(&plan->kernels[i]) && j < g->ndevfns && !rc; j++) {
      const struct ld_gdevfn *d = &g->devfns[j];
      int done = 0;
      for (k = 0; k < i && !done; k++)
        for (m = 0; checked(&plan->kernels[k]) &&
                    m < plan->kernels[k].global->ndevfns && !done;
             m++)
          done = plan->kernels[k].global->devfns[m].def_begin == d->def_begin;
      for (m = 0; m < j && !done; m++)
        done = g->devfns[m].def_begin == d->def_begin;
      if (done)
        continue;
      ld_buf_free(&b);
      rc = put_devfn_decl(&b, d, 1, src, len, plan->file);
      if (!rc)
        rc = ld_edit_insert(edits, d->def_end, b.data);
      if (!rc && d->proto_end) {
        ld_buf_free(&b);
        rc = put_devfn_decl(&b, d, 0, src, len, plan->file);
        if (!rc)
          rc = ld_edit_insert(edits, d->proto_end, b.data);
      }
    }
  }
  ld_buf_free(&b);
  return rc;
}

/* The bounded clone's attribute: 32 registers at most, so that it keeps
 * as many threads resident per SM as any original can (2048). */
#define LD_GLOBAL_LB_ATTR "__launch_bounds__(1024, 2)"

/* The clone: the definition with its name, parameter list and body start
 * edited; with lb the bounded clone (ld_global.bounded), its name
 * `__ldcc_g_<k>__lb` after LD_GLOBAL_LB_ATTR, and its registration with
 * the runtime after it. */
static int put_clone(struct ld_buf *b, const struct ld_kernel *k,
                     const char *src, size_t len, const char *path,
                     int deterministic, int lb) {
  const struct ld_global *g = k->global;
  struct ld_edit_list l = LD_EDIT_LIST_INIT;
  struct ld_buf t = LD_BUF_INIT;
  size_t i;
  int rc;

  rc = lb && !g->bound_end
           ? ld_buf_printf(&t, LD_GLOBAL_LB_ATTR " __ldcc_g_%s__lb", k->stem)
           : ld_buf_printf(&t, "__ldcc_g_%s%s", k->stem, lb ? "__lb" : "");
  if (!rc)
    rc = ld_edit_replace(&l, g->name_begin, g->name_end, t.data);
  /* The user's bound T keeps its blocks and asks for the residency of
   * 2048 threads (ld_global.bound_*). */
  if (!rc && lb && g->bound_end) {
    int n = (int)(g->bound_arg_end - g->bound_arg_begin);
    ld_buf_free(&t);
    rc = ld_buf_printf(&t, "__launch_bounds__(%.*s, 2048 / (%.*s))", n,
                       src + g->bound_arg_begin, n, src + g->bound_arg_begin);
    if (!rc)
      rc = ld_edit_replace(&l, g->bound_begin, g->bound_end, t.data);
  }
  if (!rc)
    rc = g->nparams ? ld_edit_insert(&l, g->params_close,
                                     ", __ldcc::global_info __ldcc_gi")
                    : ld_edit_replace(&l, g->params_open + 1, g->params_close,
                                      "__ldcc::global_info __ldcc_gi");
  ld_buf_free(&t);
  if (!rc)
    rc = edit_gcalls(&l, g->gcalls, g->ngcalls, src);
  for (i = 0; i < k->ndefault_cuts && !rc; i++)
    rc = ld_edit_replace(&l, k->default_cuts[i].begin, k->default_cuts[i].end,
                         "");
  if (!rc)
    rc = ld__global_prologue(k, deterministic, &t);
  for (i = 0; i < g->nprints && !rc; i++)
    rc =
        ld_edit_replace(&l, g->prints[i].name_begin, g->prints[i].args_open + 1,
                        "__ldcc::gprintf(__ldcc_gi, ");
  for (i = 0; i < g->natomics && !rc; i++)
    rc = ld_edit_replace(&l, g->atomics[i].name_begin,
                         g->atomics[i].args_open + 1,
                         g->atomics[i].sub ? "__ldcc::gatomic_sub(__ldcc_gi, "
                                           : "__ldcc::gatomic_add(__ldcc_gi, ");
  /* Accesses through claimed parameters claim their words in the one run
   * (docs/global-check.md). */
  for (i = 0; i < g->nstores && !rc; i++)
    rc = wrap_access(&l, g, &g->stores[i], 1);
  if (!rc)
    rc = edit_grid_syncs(&l, g);
  if (!rc)
    rc = edit_barriers(&l, g);
  if (!rc && g->direct)
    rc = edit_fences(&l, g);
  if (!rc)
    rc = ld_edit_insert(&l, g->body_open + 1, t.data);
  /* A warp-synchronous kernel without a replay: the clone carries its
   * intra-warp checks, innermost (docs/inline-checks.md). */
  if (!rc && ld__warp_in_global(k))
    rc = ld__warp_clone_edits(k, src, &l);
  /* A message-passing kernel in the direct run: its checks ride in the
   * clone too, inside the claims. */
  if (!rc && ld__mp_in_global(k))
    rc = ld__mp_clone_edits(k, &l);
  if (!rc)
    rc = ld_buf_puts(b, "\n");
  if (!rc)
    rc = ld_edit_render(&l, src, len, g->def_begin, g->def_end, path, 1, b);
  if (!rc && lb)
    rc = ld_buf_printf(b,
                       "\nstatic const __ldcc::bounded_clone __ldcc_bc_%s("
                       "(const void *)__ldcc_g_%s, (const void *)__ldcc_g_"
                       "%s__lb);",
                       k->stem, k->stem, k->stem);
  if (!rc)
    rc = ld_buf_puts(b, "\n");
  ld_buf_free(&t);
  ld_edit_list_free(&l);
  return rc;
}

/* The clone's prototype, on the line of the kernel's, after it: the
 * prototype's text (template head included) with the clone's name and one
 * more parameter. */
static int put_proto(struct ld_buf *b, const struct ld_kernel *k,
                     const char *src) {
  const struct ld_global *g = k->global;
  size_t after = g->proto_name + strlen(k->name);
  int rc = ld_buf_puts(b, " ");

  if (!rc)
    rc = ld_buf_append(b, src + g->proto_begin, g->proto_name - g->proto_begin);
  if (!rc)
    rc = ld_buf_printf(b, "__ldcc_g_%s", k->stem);
  if (!rc && g->nparams) {
    rc = ld_buf_append(b, src + after, g->proto_close - after);
    if (!rc)
      rc = ld_buf_puts(b, ", __ldcc::global_info __ldcc_gi");
  } else if (!rc) {
    rc = ld_buf_append(b, src + after, g->proto_open + 1 - after);
    if (!rc)
      rc = ld_buf_puts(b, "__ldcc::global_info __ldcc_gi");
  }
  if (!rc)
    rc = ld_buf_append(b, src + g->proto_close, g->proto_tail - g->proto_close);
  return rc ? rc : ld_buf_putc(b, ';');
}

/* One launch of the lambda below: `<prefix>k<<<...>>>(a...<gi>);`, or,
 * for a kernel with grid syncs, cooperatively (all its blocks resident,
 * the clone as the original): `(void)__ldcc::launch_coop(&<prefix>k, g, b,
 * sh, st, a...<gi>);`.  A template the launch deduces has no address to
 * take: it keeps `<<<>>>`, which cannot run a grid sync anyway. */
static int put_one_launch(struct ld_buf *b, const struct ld_launch *l,
                          const char *prefix, const char *gi, int coop) {
  int rc = coop ? ld_buf_puts(b, "(void)__ldcc::launch_coop(&") : LD_OK;

  if (!rc)
    rc = ld__put_callee_as(b, l, prefix, "");
  if (!rc && coop)
    return ld_buf_printf(b,
                         ", __ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, "
                         "__ldcc_l__st, __ldcc_l__a...%s);",
                         gi);
  return rc ? rc
            : ld_buf_printf(b,
                            "<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, "
                            "__ldcc_l__st>>>(__ldcc_l__a...%s);",
                            gi);
}

/* `[&](dim3 __ldcc_l__g, ...) { if (gi) clone<<<...>>>(a..., *gi); else
 * k<<<...>>>(a...); }`: exactly one launch per call. */
static int put_lambda(struct ld_buf *b, const struct ld_launch *l, int clone,
                      int coop) {
  int rc = ld_buf_printf(b,
                         "[&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t "
                         "__ldcc_l__sh, cudaStream_t __ldcc_l__st, const "
                         "__ldcc::global_info *%s, auto &...__ldcc_l__a) { %s",
                         clone ? "__ldcc_l__gi" : "",
                         clone ? "if (__ldcc_l__gi) " : "");

  if (!rc && clone)
    rc = put_one_launch(b, l, "__ldcc_g_", ", *__ldcc_l__gi", coop);
  if (!rc && clone)
    rc = ld_buf_puts(b, " else ");
  if (!rc)
    rc = put_one_launch(b, l, "", "", coop);
  return rc ? rc : ld_buf_puts(b, " }");
}

static int edit_launch(const struct ld_launch *l, const struct ld_kernel *k,
                       size_t kernel_index, size_t launch_id,
                       struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  int rc;

  /* Arguments converted to the parameters' types where the launch names
   * one function (`0` for a pointer stays a null pointer); a template
   * whose arguments the launch deduces takes them as they are. */
  if (k->is_template && !strchr(l->callee, '<') && k->checked && k->replay) {
    /* Its shared-memory clone has no spelling here: the runtime says so. */
    rc =
        ld_buf_puts(&b, "__ldcc::launch_global_why(\"" REASON_UNSPELLED "\", ");
  } else if (k->is_template && !strchr(l->callee, '<')) {
    rc = ld_buf_puts(&b, "__ldcc::launch_global(");
  } else {
    rc = ld__put_launch_as(&b, l, k);
    if (!rc)
      rc = ld_buf_puts(&b, "::run(");
  }
  if (!rc)
    rc = ld_buf_printf(&b, "__ldcc__gmeta(%zu), %zu, %s, %s, %s, %s, ",
                       kernel_index, launch_id, l->config[0], l->config[1],
                       l->config[2] ? l->config[2] : "0",
                       l->config[3] ? l->config[3] : "0");
  if (!rc)
    rc = put_lambda(&b, l, checked(k),
                    k->global && k->global->grid_syncs &&
                        !(k->is_template && !strchr(l->callee, '<')));
  if (!rc)
    rc = ld_buf_printf(&b, "%s%s)", *l->args ? ", " : "", l->args);
  if (!rc)
    rc = ld__replace_launch(edits, l, k, b.data);
  ld_buf_free(&b);
  return rc;
}

/* Whether a launch of k is in another file than k (a header's kernel
 * launched here, or the other way round): only then does it get a file
 * per launch. */
static int launch_files_needed(const struct ld_plan *plan,
                               const struct ld_kernel *k) {
  size_t i, ki;

  for (i = 0; i < plan->nlaunches; i++)
    if (ld__global_launched(plan, &plan->launches[i], &ki) == k &&
        ld__file_differs(plan, plan->launches[i].at.offset, k->at.offset))
      return 1;
  return 0;
}

/* The file of each launch of k, parallel to its launch lines
 * (`__ldcc_lf<n>`, kernel_meta.launch_files), in a unit that pastes
 * headers. */
static int put_launch_files(struct ld_buf *b, const struct ld_plan *plan,
                            const struct ld_kernel *k, size_t n) {
  size_t i, ki, nl = 0;
  int rc;

  rc = ld_buf_printf(b, "};\n  static const char *const __ldcc_lf%zu[] = {", n);
  for (i = 0; i < plan->nlaunches && !rc; i++) {
    if (ld__global_launched(plan, &plan->launches[i], &ki) != k)
      continue;
    rc = ld_buf_puts(b, nl++ ? ", " : "");
    if (!rc)
      rc = ld__put_file_expr(b, plan, plan->launches[i].at.offset,
                             "__ldcc_file");
  }
  return rc || nl ? rc : ld_buf_puts(b, "NULL");
}

/* Whether the metadata lists where k's class parameters hold pointers
 * (__ldcc_global_meta.field_at): a checked kernel with such parameters. */
static int field_offsets(const struct ld_kernel *k) {
  size_t i;

  for (i = 0; checked(k) && i < k->global->nparams; i++)
    if (ld__global_fields(k->global, i))
      return 1;
  return 0;
}

/* One kernel's entry of the metadata function: its tables, then the
 * initialiser of its __ldcc_global_meta in `m`. */
static int put_meta_tables(struct ld_buf *b, const struct ld_plan *plan,
                           const struct ld_kernel *k, size_t n) {
  const struct ld_global *g = k->global;
  size_t i, nl = 0, nvars = checked(k) ? g->nvars : 0;
  int rc;

  /* The written __device__ variables follow the parameters in the three
   * parameter tables: written pointers, claimed in the direct run only. */
  rc = ld_buf_printf(b, "  static const char *const __ldcc_n%zu[] = {", n);
  for (i = 0; i < g->nparams && !rc; i++)
    rc = ld_buf_printf(b, "%s\"%s\"", i ? ", " : "", g->params[i].name);
  for (i = 0; i < nvars && !rc; i++)
    rc = ld_buf_printf(b, "%s\"%s\"", g->nparams + i ? ", " : "",
                       ld_gvar_name(g, i));
  if (!rc)
    rc = ld_buf_printf(b, "};\n  static const unsigned char __ldcc_f%zu[] = {",
                       n);
  for (i = 0; i < g->nparams && !rc; i++)
    rc = ld_buf_printf(
        b, "%s%d", i ? ", " : "",
        (g->params[i].is_pointer ? 1 : 0) |
            (g->params[i].written && g->params[i].is_pointer ? 2 : 0) |
            (ld_gparam_one_run(k, i) ? 4 : 0) |
            (ld__global_fields(g, i) ? 8 : 0) |
            (ld__global_fields(g, i) && g->params[i].fields_read ? 32 : 0) |
            (g->direct && ld_gparam_one_run(k, i) && g->params[i].atomic_only
                 ? 16
                 : 0));
  for (i = 0; i < nvars && !rc; i++)
    rc = ld_buf_printf(b, "%s%d", g->nparams + i ? ", " : "",
                       g->vars_claimed ? 7 : 3);
  if (!rc)
    rc =
        ld_buf_printf(b, "};\n  static const signed char __ldcc_p%zu[] = {", n);
  for (i = 0; i < g->nparams && !rc; i++)
    rc = ld_buf_printf(b, "%s%d", i ? ", " : "", g->params[i].ptr_index);
  for (i = 0; i < nvars && !rc; i++)
    rc = ld_buf_printf(b, "%s%zu", g->nparams + i ? ", " : "",
                       ld__global_npointers(g) + i);
  if (!rc && nvars)
    rc = ld_buf_printf(
        b, "};\n  static const __ldcc_global_arg __ldcc_v%zu[] = {", n);
  for (i = 0; i < nvars && !rc; i++)
    rc = ld_buf_printf(b, "%s__ldcc::var_arg(%s)", i ? ", " : "", g->vars[i]);
  if (!rc)
    rc = ld_buf_printf(b, "};\n  static const int __ldcc_l%zu[] = {", n);
  for (i = 0; i < plan->nlaunches && !rc; i++) {
    size_t ki;
    if (ld__global_launched(plan, &plan->launches[i], &ki) == k)
      rc =
          ld_buf_printf(b, "%s%u", nl++ ? ", " : "", plan->launches[i].at.line);
  }
  if (!rc && !nl)
    rc = ld_buf_puts(b, "0");
  if (!rc && launch_files_needed(plan, k))
    rc = put_launch_files(b, plan, k, n);
  if (!rc && field_offsets(k))
    rc = ld_buf_printf(b, "};\n  static const uint32_t __ldcc_fa%zu[] = {", n);
  for (i = 0, nl = 0; field_offsets(k) && i < g->nparams && !rc; i++) {
    int j;
    if (!ld__global_fields(g, i))
      continue;
    for (j = 0; j < g->params[i].nfield_at && !rc; j++)
      rc =
          ld_buf_printf(b, "%s%uu", nl++ ? ", " : "", g->params[i].field_at[j]);
    if (!rc)
      rc = ld_buf_printf(b, "%s%s", nl++ ? ", " : "",
                         g->params[i].nfield_at <= 0 ? "__LDCC_FIELD_SCAN"
                                                     : "__LDCC_FIELD_END");
  }
  if (!rc && runs_proved(k))
    rc = ld_buf_printf(
        b, "};\n  static const __ldcc_own_term __ldcc_o%zu[] = {", n);
  for (i = 0; runs_proved(k) && i < g->gproof.nterms && !rc; i++) {
    const struct ld_gproof_cterm *t = &g->gproof.terms[i];
    rc = ld_buf_printf(b, "%s{%lldll, %u, %u, %u, %d, 0}", i ? ", " : "", t->c,
                       t->sym == LD_GPROOF_NOSYM ? 0xffu : (unsigned)t->sym,
                       t->range == LD_GPROOF_NOSYM ? 0xffu : (unsigned)t->range,
                       t->cond, t->rhs);
  }
  return rc ? rc : ld_buf_puts(b, "};\n");
}

/* Whether a kernel or a launch the metadata function names is in the main
 * file. */
static int main_file_used(const struct ld_plan *plan) {
  size_t i, ki;

  for (i = 0; i < plan->nkernels; i++)
    if (ld__global_routed(&plan->kernels[i]) &&
        ld__in_main_file(plan, plan->kernels[i].at.offset))
      return 1;
  for (i = 0; i < plan->nlaunches; i++) {
    const struct ld_kernel *k =
        ld__global_launched(plan, &plan->launches[i], &ki);
    if (k && launch_files_needed(plan, k) &&
        ld__in_main_file(plan, plan->launches[i].at.offset))
      return 1;
  }
  return 0;
}

static int launches_of(const struct ld_plan *plan, const struct ld_kernel *k) {
  size_t i, ki, n = 0;

  for (i = 0; i < plan->nlaunches; i++)
    n += ld__global_launched(plan, &plan->launches[i], &ki) == k;
  return (int)n;
}

/* The kernel_meta fields after `proved`: global_reason, proof_max, the
 * launch files, the replay's reason (shared_reason). */
static int put_meta_tail(struct ld_buf *b, const struct ld_plan *plan,
                         const struct ld_kernel *k, size_t n) {
  int rc = launch_files_needed(plan, k)
               ? ld_buf_printf(b, ", NULL, {0, 0, 0}, __ldcc_lf%zu", n)
               : ld_buf_puts(b, ", NULL, {0, 0, 0}, NULL");

  if (!rc && k->shared_reason) {
    rc = ld_buf_puts(b, ", \"");
    if (!rc)
      rc = ld_buf_put_c_escaped(b, k->shared_reason);
    if (!rc)
      rc = ld_buf_puts(b, "\"");
  }
  return rc;
}

/* `static const __ldcc::global_meta *__ldcc__gmeta(int i)` after the last
 * line: the metadata of the n-th checked kernel. */
static int put_trailer(struct ld_buf *b, const struct ld_plan *plan) {
  size_t i, n = 0;
  int rc;

  rc = ld_buf_puts(b, "\n/* ldcc: metadata of the kernels checked across "
                      "blocks */\nstatic const __ldcc::global_meta "
                      "*__ldcc__gmeta(int __ldcc_i) {\n");
  /* The main file's name, unless nothing names it (a local nobody uses
   * would warn). */
  if (!rc && main_file_used(plan)) {
    rc = ld_buf_puts(b, "  static const char __ldcc_file[] = \"");
    if (!rc)
      rc = ld_buf_put_c_escaped(b, plan->file);
    if (!rc)
      rc = ld_buf_puts(b, "\";\n");
  }
  for (i = 0; i < plan->nkernels && !rc; i++)
    if (ld__global_routed(&plan->kernels[i]))
      rc = put_meta_tables(b, plan, &plan->kernels[i], n++);
  if (!rc)
    rc = ld_buf_puts(b, "  static const __ldcc::global_meta m[] = {\n");
  for (i = 0, n = 0; i < plan->nkernels && !rc; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    if (!ld__global_routed(k))
      continue;
    rc = ld_buf_printf(b,
                       "      {__LDCC_GLOBAL_ABI, %d, {__LDCC_HOST_ABI, 0, "
                       "\"%s\", ",
                       k->global->warp_units, k->name);
    if (!rc)
      rc = ld__put_file_expr(b, plan, k->at.offset, "__ldcc_file");
    if (!rc)
      rc = ld_buf_printf(b,
                         ", %u, 0, NULL, 0, 16, NULL, NULL, __ldcc_l%zu, %d, 0",
                         k->at.line, n, launches_of(plan, k));
    if (!rc && (launch_files_needed(plan, k) || k->shared_reason))
      rc = put_meta_tail(b, plan, k, n);
    if (!rc)
      rc = ld_buf_printf(
          b, "}, %zu, %s%s%s%s, __ldcc_n%zu, __ldcc_f%zu, __ldcc_p%zu, ",
          k->global->nparams,
          k->global->natomics &&
                  ld_gatomics_float(k->global->atomics, k->global->natomics)
              ? "__LDCC_GM_ACCUMULATES | __LDCC_GM_FLOAT_SUMS"
          : k->global->natomics ? "__LDCC_GM_ACCUMULATES"
          : runs_proved(k)      ? "__LDCC_GM_OWN"
          : checked(k) && k->global->ngsyncs && k->global->nfences
              ? "__LDCC_GM_DIRECT | __LDCC_GM_GRID_SYNC | "
                "__LDCC_GM_FENCES"
          : checked(k) && k->global->ngsyncs
              ? "__LDCC_GM_DIRECT | __LDCC_GM_GRID_SYNC"
          : checked(k) && k->global->direct && k->global->nfences
              ? "__LDCC_GM_DIRECT | __LDCC_GM_FENCES"
          : checked(k) && k->global->direct ? "__LDCC_GM_DIRECT"
                                            : "0",
          checked(k) && k->global->epochs ? " | __LDCC_GM_EPOCHS" : "",
          checked(k) && k->global->nprints ? " | __LDCC_GM_PRINTF" : "",
          checked(k) && k->global->loads ? " | __LDCC_GM_LOADS" : "", n, n, n);
    if (!rc && checked(k) && k->global->nvars)
      rc = ld_buf_printf(b, "NULL, %zu, __ldcc_v%zu", k->global->nvars, n);
    else if (!rc && checked(k))
      rc = ld_buf_puts(b, "NULL, 0, NULL");
    else if (!rc)
      rc = ld_buf_printf(b, "\"%s\", 0, NULL", k->global->reason);
    if (!rc && runs_proved(k))
      rc = ld_buf_printf(b, ", %zu, __ldcc_o%zu", k->global->gproof.nterms, n);
    else if (!rc)
      rc = ld_buf_puts(b, ", 0, NULL");
    if (!rc && field_offsets(k))
      rc = ld_buf_printf(b, ", __ldcc_fa%zu", n);
    if (!rc)
      rc = ld_buf_puts(b, "},\n");
    n++;
  }
  return rc ? rc : ld_buf_puts(b, "  };\n  return &m[__ldcc_i];\n}\n");
}

int ld__global_emit(const struct ld_plan *plan, const char *src, size_t len,
                    struct ld_edit_list *edits,
                    struct ld_unrendered_list *unrendered) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i, n = 0, *ids = NULL;
  int rc = LD_OK;

  for (i = 0; i < plan->nkernels && !rc; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    if (!checked(k))
      continue;
    ld_buf_free(&b);
    rc = put_clone(&b, k, src, len, plan->file, plan->deterministic, 0);
    if (!rc && k->global->bounded)
      rc = put_clone(&b, k, src, len, plan->file, plan->deterministic, 1);
    if (rc == LD_EOVERLAP || rc == LD_ERANGE) {
      /* With the inline checks inside, the original keeps them (as
       * before they rode in the clone). */
      rc = ld_unrendered_add(unrendered, i, LD_UNRENDERED_GLOBAL,
                             ld__warp_in_global(k)
                                 ? "checked by the inline intra-warp checks "
                                   "(the clone cannot combine their accesses "
                                   "with its own)"
                                 : "constructs the clone cannot combine");
      continue;
    }
    if (!rc)
      rc = ld_edit_insert(edits, k->global->def_end, b.data);
    if (!rc && k->global->proto_end) {
      ld_buf_free(&b);
      rc = put_proto(&b, k, src);
      if (!rc)
        rc = ld_edit_insert(edits, k->global->proto_end, b.data);
    }
    n++;
  }
  ld_buf_free(&b);
  if (!rc)
    rc = put_devfns(plan, src, len, edits);
  for (i = 0; i < plan->nkernels; i++)
    n += !checked(&plan->kernels[i]) && ld__global_routed(&plan->kernels[i]);
  if (rc || !n)
    return rc;
  ids = calloc(plan->nkernels + 1, sizeof *ids);
  if (!ids)
    return LD_ENOMEM;
  for (i = 0; i < plan->nlaunches && !rc; i++) {
    const struct ld_launch *l = &plan->launches[i];
    size_t ki;
    const struct ld_kernel *k = ld__global_launched(plan, l, &ki);
    /* A kernel with a shared-memory clone as well (deterministic mode):
     * instrument.c launches both together where it launches the clone. */
    if (k && k->replay && ld__replay_launched(plan, l) == k)
      ids[ki]++;
    else if (k)
      rc = edit_launch(l, k, ki, ids[ki]++, edits);
  }
  free(ids);
  if (!rc)
    rc = ld_edit_insert(edits, 0,
                        "static const __ldcc::global_meta "
                        "*__ldcc__gmeta(int);\n");
  if (!rc)
    rc = put_trailer(&b, plan);
  if (!rc)
    rc = ld_edit_insert(edits, len, b.data);
  ld_buf_free(&b);
  return rc;
}
