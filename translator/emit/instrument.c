/* Instrumentation, the top of the emit step: the finished plan becomes a
 * list of text edits of the main file (the check across blocks through
 * global_emit.c, the inline warp checks through warp_emit.c, the
 * shared-memory clones through replay_emit.c, and here their launches and
 * metadata).  It reads the plan only: a clone it cannot render is
 * reported (ld_finalize.h), never dropped here.
 *
 * For every kernel with a replay clone (docs/shared-replay.md): the clone
 * and its declarations (replay_emit.c); every `k<<<...>>>(...)` of that kernel
 * after its definition becomes a call of `__ldcc::launch` with two lambdas,
 * the clones' launch (`__ldcc_<k>`, or `__ldcc_<k>__lb` when the runtime
 * asks for the clone bounded to 1024 threads) and the original's (the
 * runtime calls exactly one);
 * after the file's last line, the host metadata: the site, write-line and
 * launch tables and the definitions of `__ldcc_meta_<k>::targets` and
 * `::meta` (types from include/ldcc/host.h).  A cudaLaunchKernel of such a
 * kernel is rewritten the same way, inside the lambda of ld__replace_launch
 * (which the check across blocks uses too).  Launches before the kernel's
 * definition and its prototype, or in a macro's body, stay as written and
 * run the original, unchecked; a launch written in a macro's argument is
 * rewritten there, its text kept to its lines (ld__replace_launch).
 * Host code only; no libclang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"
#include "ld_file_names.h"
#include "ld_routes.h"

#define REASON_OVERLAP "constructs the replay cannot combine"

static int put_callee(struct ld_buf *b, const struct ld_launch *l,
                      const char *prefix) {
  return ld__put_callee_as(b, l, prefix, "");
}

/* The arguments of the launch inside the lambdas: as written, or in a
 * launch of the check across blocks too (composed) its lambda's pack. */
static const char *launch_args(const struct ld_launch *l, int composed) {
  return composed ? "__ldcc_m__a..." : l->args;
}

/* One launch of the callee (prefixed) with the lambda's configuration;
 * checked: the clone's launch_info (and, composed, the global_info) last. */
static int put_call(struct ld_buf *b, const struct ld_launch *l,
                    const char *prefix, const char *suffix, int checked,
                    int composed) {
  const char *args = launch_args(l, composed);
  int rc = ld__put_callee_as(b, l, prefix, suffix);

  return rc ? rc
            : ld_buf_printf(b,
                            "<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, "
                            "__ldcc_l__st>>>(%s%s%s%s);",
                            args, checked && *args ? ", " : "",
                            checked ? "__ldcc_l__li" : "",
                            checked && composed ? ", __ldcc_m__i" : "");
}

/* The checked lambda takes `__ldcc_l__big`: nonzero runs the `__lb` clone.
 * Only one branch runs, so every argument is evaluated once. */
static int put_lambda(struct ld_buf *b, const struct ld_launch *l,
                      const struct ld_kernel *k, int checked) {
  int lb = checked && k->replay->lb_clone, composed = LD_COMPOSED(k);
  int rc = ld_buf_printf(b,
                         "[&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t "
                         "__ldcc_l__sh, cudaStream_t __ldcc_l__st%s%s) { ",
                         checked ? ", __ldcc::launch_info __ldcc_l__li" : "",
                         !checked ? ""
                         : lb     ? ", int __ldcc_l__big"
                                  : ", int");

  if (!rc && lb) {
    rc = ld_buf_puts(b, "if (__ldcc_l__big) ");
    if (!rc)
      rc = put_call(b, l, "__ldcc_", "__lb", 1, composed);
    if (!rc)
      rc = ld_buf_puts(b, " else ");
  }
  /* Without the shared-memory clone, a composed launch in a round of the
   * check across blocks still runs on the unit's copies (__ldcc_g_<k>). */
  if (!rc && !checked && composed) {
    rc = ld_buf_puts(b, "if (__ldcc_m__gi) ");
    if (!rc)
      rc = ld__put_callee_as(b, l, "__ldcc_g_", "");
    if (!rc)
      rc = ld_buf_puts(b, "<<<__ldcc_l__g, __ldcc_l__b, __ldcc_l__sh, "
                          "__ldcc_l__st>>>(__ldcc_m__a..., *__ldcc_m__gi); "
                          "else ");
  }
  if (!rc)
    rc = put_call(b, l, checked ? "__ldcc_" : "", "", checked, composed);
  return rc ? rc : ld_buf_puts(b, " }");
}

/* "<scope>__ldcc_<what>_<name><args>" */
/* A composed kernel (deterministic mode, docs/deterministic.md): the
 * launch goes through the check across blocks first, whose lambda takes
 * the arguments once (`__ldcc_m__a...`) and, per round, the unit's
 * global_info (or none: identity shifts), and launches the shared-memory
 * clone through __ldcc::launch with both. */
static int put_composed_head(struct ld_buf *b, const struct ld_plan *plan,
                             const struct ld_launch *l,
                             const struct ld_kernel *k) {
  size_t gk, gid;
  int rc;

  if (!ld__global_launch_of(plan, l, &gk, &gid))
    return LD_EINVAL;
  rc = ld__put_launch_as(b, l, k);
  if (!rc)
    rc = ld_buf_printf(b,
                       "::run(__ldcc__gmeta(%zu), %zu, %s, %s, %s, %s, "
                       "[&](dim3 __ldcc_m__g, dim3 __ldcc_m__b, size_t "
                       "__ldcc_m__sh, cudaStream_t __ldcc_m__st, const "
                       "__ldcc::global_info *__ldcc_m__gi, auto "
                       "&...__ldcc_m__a) { const __ldcc::global_info "
                       "__ldcc_m__i = __ldcc_m__gi ? *__ldcc_m__gi : "
                       "__ldcc::global_identity(); ",
                       gk, gid, l->config[0], l->config[1],
                       l->config[2] ? l->config[2] : "0",
                       l->config[3] ? l->config[3] : "0");
  return rc;
}

static int edit_launch(const struct ld_plan *plan, const struct ld_launch *l,
                       const struct ld_kernel *k, size_t id,
                       struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  int composed = LD_COMPOSED(k);
  int rc = composed ? put_composed_head(&b, plan, l, k) : LD_OK;

  if (!rc)
    rc = ld_buf_puts(&b, "__ldcc::launch(&");

  if (!rc)
    rc = put_callee(&b, l, "__ldcc_meta_");
  if (!rc)
    rc = ld_buf_puts(&b, "::meta, (const void *)");
  if (!rc)
    rc = put_callee(&b, l, "__ldcc_");
  if (!rc && k->replay->lb_clone) {
    rc = ld_buf_puts(&b, ", (const void *)");
    if (!rc)
      rc = ld__put_callee_as(&b, l, "__ldcc_", "__lb");
  } else if (!rc) {
    rc = ld_buf_puts(&b, ", nullptr");
  }
  if (!rc && composed)
    rc = ld_buf_printf(&b,
                       ", %zu, __ldcc_m__g, __ldcc_m__b, __ldcc_m__sh, "
                       "__ldcc_m__st, ",
                       id);
  else if (!rc)
    rc = ld_buf_printf(&b, ", %zu, %s, %s, %s, %s, ", id, l->config[0],
                       l->config[1], l->config[2] ? l->config[2] : "0",
                       l->config[3] ? l->config[3] : "0");
  if (!rc)
    rc = put_lambda(&b, l, k, 1);
  if (!rc)
    rc = ld_buf_puts(&b, ", ");
  if (!rc)
    rc = put_lambda(&b, l, k, 0);
  if (!rc)
    rc = ld_buf_putc(&b, ')');
  if (!rc && composed)
    rc = ld_buf_printf(&b, "; }%s%s)", *l->args ? ", " : "", l->args);
  if (!rc)
    rc = ld__replace_launch(edits, l, k, b.data);
  ld_buf_free(&b);
  return rc;
}

static int put_generated(struct ld_buf *b, const struct ld_kernel *k,
                         const char *what) {
  const struct ld_replay *r = k->replay;

  return ld_buf_printf(b, "%s__ldcc_%s_%s%s", r->scope, what, k->stem,
                       r->template_args ? r->template_args : "");
}

/* `, 1, mx, my, mz` of a proved kernel: per threadIdx component, the least
 * extent it indexes (`__ldcc::pmin(std::extent<decltype(L::tile), 1>::value,
 * ...)`), 1 where some own element does not use it, else no bound. */
static int put_proof_bounds(struct ld_buf *b, const struct ld_kernel *k) {
  const struct ld_proof *p = &k->replay->proof;
  size_t i;
  int c, rc = ld_buf_puts(b, ", 1");

  for (c = 0; c < 3 && !rc; c++) {
    int n = 0;
    rc = ld_buf_puts(b, ", __ldcc::pmin(");
    if (!rc && p->ones >> c & 1u) {
      rc = ld_buf_puts(b, "1u");
      n++;
    }
    for (i = 0; i < p->nbounds && !rc; i++) {
      if (p->bounds[i].comp != c)
        continue;
      if (n++)
        rc = ld_buf_puts(b, ", ");
      if (!rc && p->bounds[i].member == SIZE_MAX) {
        rc = ld_buf_printf(b, "%lldull", p->bounds[i].value);
        continue;
      }
      if (!rc)
        rc = ld_buf_puts(b, "std::extent<decltype(");
      if (!rc)
        rc = put_generated(b, k, "layout");
      if (!rc)
        rc = ld_buf_printf(b, "::%s), %d>::value",
                           k->replay->members[p->bounds[i].member].name,
                           p->bounds[i].dim);
    }
    if (!rc && !n)
      rc = ld_buf_puts(b, "0xffffffffu");
    if (!rc)
      rc = ld_buf_putc(b, ')');
  }
  return rc;
}

/* The definition of `__ldcc_meta_<k>::targets`: one __ldcc::target per
 * layout member (__ldcc::extern_target for the extern array). */
static int put_targets(struct ld_buf *b, const struct ld_kernel *k, size_t ki) {
  const struct ld_replay *r = k->replay;
  const char *tmpl = r->template_header ? r->template_header : "";
  size_t i;
  int rc;

  rc = ld_buf_printf(b, "%s%sconst __ldcc::target_meta ", tmpl,
                     *tmpl ? "\n" : "");
  if (!rc)
    rc = put_generated(b, k, "meta");
  if (!rc)
    rc = ld_buf_printf(b, "::targets[%zu] = {\n", r->nmembers);
  for (i = 0; i < r->nmembers && !rc; i++) {
    const struct ld_member *m = &r->members[i];
    struct ld_buf wl = LD_BUF_INIT;
    rc = m->nwrite_lines ? ld_buf_printf(&wl, "__ldcc__wl_%zu_%zu, %zu", ki, i,
                                         m->nwrite_lines)
                         : ld_buf_puts(&wl, "NULL, 0");
    if (!rc && m->decl) {
      rc = ld_buf_puts(b, "  __ldcc::target<decltype(");
      if (!rc)
        rc = put_generated(b, k, "layout");
      if (!rc)
        rc = ld_buf_printf(b, "::%s)>(\"%s\", __builtin_offsetof(", m->name,
                           m->name);
      if (!rc)
        rc = put_generated(b, k, "layout");
      if (!rc)
        rc = ld_buf_printf(b, ", %s), %s),\n", m->name, wl.data);
    } else if (!rc) {
      rc = ld_buf_printf(b, "  __ldcc::extern_target<%s>(\"%s\", %s),\n",
                         m->elem, m->name, wl.data);
    }
    ld_buf_free(&wl);
  }
  return rc;
}

/* One pass over a kernel's site table, in its order: mode 0 appends each
 * site's line, mode 1 each site's file (its report name), mode 2 only
 * notes whether a site lies in another file than the kernel. */
struct site_walk {
  struct ld_buf *b;
  const struct ld_plan *plan;
  const struct ld_kernel *k;
  int mode;
  int other_file;
};

static int put_site_entry(struct site_walk *w, unsigned line, size_t offset) {
  if (w->mode == 2) {
    w->other_file |= ld__file_differs(w->plan, w->k->at.offset, offset);
    return LD_OK;
  }
  if (w->mode == 0)
    return ld_buf_printf(w->b, ", %u", line);
  {
    int rc = ld_buf_puts(w->b, ", ");
    return rc ? rc : ld__put_file_expr(w->b, w->plan, offset, "__ldcc__file");
  }
}

/* The sites of a call of device function c (docs/shared-replay.md section
 * 7): its entry, its own sites, its exit, then the block of each call it
 * makes.  top holds every callee. */
static int put_site_block(struct site_walk *w, const struct ld_replay *top,
                          const struct ld_replay *c) {
  size_t j;
  int rc = put_site_entry(w, c->entry_line, c->name_begin);

  for (j = 0; j < c->nsites && !rc; j++)
    rc = put_site_entry(w, c->sites[j].at.line, c->sites[j].at.offset);
  if (!rc)
    rc = put_site_entry(w, c->exit_line, c->body_close);
  for (j = 0; j < c->nsites && !rc; j++)
    if (c->sites[j].callee != 0)
      rc = put_site_block(w, top, top->callees[c->sites[j].callee - 1]);
  return rc;
}

/* The kernel's whole site table (without its first entry): its own sites,
 * the blocks of its calls, its exit. */
static int put_site_table(struct site_walk *w, const struct ld_replay *r) {
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < r->nsites && !rc; i++)
    rc = put_site_entry(w, r->sites[i].at.line, r->sites[i].at.offset);
  for (i = 0; i < r->nsites && !rc; i++)
    if (r->sites[i].callee != 0)
      rc = put_site_block(w, r, r->callees[r->sites[i].callee - 1]);
  return rc ? rc : put_site_entry(w, r->exit_line, r->body_close);
}

/* put_kernel_meta: with_files, the launch table has a file per launch
 * (__ldcc__launch_files). */
static int put_kernel_meta(struct ld_buf *b, const struct ld_plan *plan,
                           size_t ki, size_t nlaunches, int with_files) {
  const struct ld_kernel *k = &plan->kernels[ki];
  const struct ld_replay *r = k->replay;
  const char *tmpl = r->template_header ? r->template_header : "";
  const char *left_out = ld__global_left_out(plan, k);
  size_t i, j;
  int rc;

  struct site_walk w;

  /* The lines of the sites (the numbers replay_facts.c gave them), and
   * their files when a device function of another file has some. */
  w.b = b;
  w.plan = plan;
  w.k = k;
  w.mode = 2;
  w.other_file = 0;
  rc = put_site_table(&w, r);
  w.mode = 0;
  if (!rc)
    rc = ld_buf_printf(b, "static const int __ldcc__sites_%zu[] = {%u", ki,
                       k->at.line);
  if (!rc)
    rc = put_site_table(&w, r);
  if (!rc)
    rc = ld_buf_puts(b, "};\n");
  w.mode = 1;
  if (!rc && w.other_file) {
    rc = ld_buf_printf(b, "static const char *const __ldcc__sfiles_%zu[] = {",
                       ki);
    if (!rc)
      rc = ld__put_file_expr(b, plan, k->at.offset, "__ldcc__file");
    if (!rc)
      rc = put_site_table(&w, r);
    if (!rc)
      rc = ld_buf_puts(b, "};\n");
  }
  for (i = 0; i < r->nmembers && !rc; i++) {
    const struct ld_member *m = &r->members[i];
    if (!m->nwrite_lines)
      continue;
    rc = ld_buf_printf(b, "static const int __ldcc__wl_%zu_%zu[] = {", ki, i);
    for (j = 0; j < m->nwrite_lines && !rc; j++)
      rc = ld_buf_printf(b, "%s%u", j ? ", " : "", m->write_lines[j]);
    if (!rc)
      rc = ld_buf_puts(b, "};\n");
  }
  if (!rc)
    rc = put_targets(b, k, ki);
  if (!rc)
    rc = ld_buf_printf(b, "};\n%s%sconst __ldcc::kernel_meta ", tmpl,
                       *tmpl ? "\n" : "");
  if (!rc)
    rc = put_generated(b, k, "meta");
  if (!rc)
    rc = ld_buf_printf(b, "::meta = %s%s__ldcc::kernel<",
                       w.other_file ? "__ldcc::in_site_files(" : "",
                       with_files ? "__ldcc::in_files(" : "");
  if (!rc)
    rc = put_generated(b, k, "layout");
  if (!rc)
    rc = ld_buf_puts(b, ", ");
  if (!rc)
    rc = put_generated(b, k, "meta");
  if (!rc)
    rc = ld_buf_printf(b, ">(\n    \"%s\", ", k->name);
  if (!rc)
    rc = ld__put_file_expr(b, plan, k->at.offset, "__ldcc__file");
  if (!rc)
    rc = ld_buf_printf(b, ", %u, ", k->at.line);
  if (!rc)
    rc = put_generated(b, k, "meta");
  if (!rc)
    rc = ld_buf_printf(b, "::targets, %zu, __ldcc__sites_%zu, %zu, %s, %zu",
                       r->nmembers, ki,
                       (r->exit_site ? r->exit_site : r->nsites + 1) + 1,
                       nlaunches ? "__ldcc__launches" : "NULL", nlaunches);
  if (!rc && (left_out || r->proof.proved))
    rc = ld_buf_puts(b, ",\n    ");
  if (!rc && left_out) {
    rc = ld_buf_putc(b, '"');
    if (!rc)
      rc = ld_buf_put_c_escaped(b, left_out);
    if (!rc)
      rc = ld_buf_putc(b, '"');
  } else if (!rc && r->proof.proved) {
    rc = ld_buf_puts(b, "nullptr");
  }
  if (!rc && r->proof.proved)
    rc = put_proof_bounds(b, k);
  if (!rc && with_files)
    rc = ld_buf_puts(b, "), __ldcc__launch_files");
  if (!rc && w.other_file)
    rc = ld_buf_printf(b, "), __ldcc__sfiles_%zu", ki);
  return rc ? rc : ld_buf_puts(b, ");\n");
}

/* The host metadata after the last line: the main file's name, the
 * launch table (launch id -> line, and -> file when the unit pastes
 * headers), then each kernel's tables and metadata. */
static int put_trailer(struct ld_buf *b, const struct ld_plan *plan,
                       const struct ld_launch *const *launched,
                       size_t nlaunches) {
  size_t i;
  int with_files = 0, rc;

  /* A file per launch only where some launch is in another file than its
   * kernel (a header's kernel launched here, or the other way round). */
  for (i = 0; i < nlaunches; i++)
    with_files |=
        ld__file_differs(plan, launched[i]->at.offset,
                         ld__replay_launched(plan, launched[i])->at.offset);
  rc = ld_buf_puts(b, "\n/* ldcc: metadata of the instrumented kernels */\n"
                      "static const char __ldcc__file[] = \"");
  if (!rc)
    rc = ld_buf_put_c_escaped(b, plan->file);
  if (!rc)
    rc = ld_buf_puts(b, "\";\n");
  if (!rc && nlaunches) {
    rc = ld_buf_puts(b, "static const int __ldcc__launches[] = {");
    for (i = 0; i < nlaunches && !rc; i++)
      rc = ld_buf_printf(b, "%s%u", i ? ", " : "", launched[i]->at.line);
    if (!rc)
      rc = ld_buf_puts(b, "};\n");
  }
  if (!rc && with_files) {
    rc = ld_buf_puts(b, "static const char *const __ldcc__launch_files[] = {");
    for (i = 0; i < nlaunches && !rc; i++) {
      rc = ld_buf_puts(b, i ? ", " : "");
      if (!rc)
        rc = ld__put_file_expr(b, plan, launched[i]->at.offset, "__ldcc__file");
    }
    if (!rc)
      rc = ld_buf_puts(b, "};\n");
  }
  for (i = 0; i < plan->nkernels && !rc; i++)
    if (plan->kernels[i].replay)
      rc = put_kernel_meta(b, plan, i, nlaunches, with_files);
  return rc;
}

/* The shared-memory clones and their launches and metadata.  Each kernel
 * whose clone cannot be rendered is reported instead. */
static int emit_replays(const struct ld_plan *plan, const char *src, size_t len,
                        struct ld_edit_list *edits,
                        struct ld_unrendered_list *unrendered) {
  struct ld_buf b = LD_BUF_INIT;
  const struct ld_launch **launched = NULL;
  size_t i, nlaunches = 0, nclones = 0;
  int rc = LD_OK;

  for (i = 0; i < plan->nkernels && !rc; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    if (!k->replay)
      continue;
    rc = ld__replay_emit(k, src, len, plan->file, edits);
    if (rc == LD_EOVERLAP) {
      rc = ld_unrendered_add(unrendered, i, LD_UNRENDERED_REPLAY,
                             REASON_OVERLAP);
      continue;
    }
    nclones += !rc;
  }
  if (rc || !nclones)
    return rc;
  launched = calloc(plan->nlaunches + 1, sizeof *launched);
  if (!launched)
    return LD_ENOMEM;
  for (i = 0; i < plan->nlaunches && !rc; i++) {
    const struct ld_launch *l = &plan->launches[i];
    const struct ld_kernel *k = ld__replay_launched(plan, l);
    if (!k)
      continue;
    launched[nlaunches] = l;
    rc = edit_launch(plan, l, k, nlaunches, edits);
    nlaunches++;
  }
  if (!rc)
    rc = put_trailer(&b, plan, launched, nlaunches);
  if (!rc)
    rc = ld_edit_insert(edits, len, b.data);
  ld_buf_free(&b);
  free(launched);
  return rc;
}

/* Each cudaMalloc-family call of host code that fills `&X` tells the
 * runtime X's name first and forgets it after (ld_alloc_site): `(
 * __ldcc::alloc_name("X", sizeof *(X)), __ldcc::alloc_done(CALL))`. */
static int put_alloc_sites(const struct ld_plan *plan,
                           struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < plan->nalloc_sites && !rc; i++) {
    const struct ld_alloc_site *a = &plan->alloc_sites[i];
    ld_buf_free(&b);
    rc = ld_buf_puts(&b, "(__ldcc::alloc_name(\"");
    if (!rc)
      rc = ld_buf_put_c_escaped(&b, a->name);
    if (!rc && a->sized)
      rc = ld_buf_printf(&b, "\", (unsigned)sizeof *(%s)), ", a->name);
    else if (!rc)
      rc = ld_buf_puts(&b, "\", 0u), ");
    if (!rc)
      rc = ld_buf_puts(&b, "__ldcc::alloc_done(");
    if (!rc)
      rc = ld_edit_insert(edits, a->begin, b.data);
    if (!rc)
      rc = ld_edit_insert(edits, a->end, "))");
  }
  ld_buf_free(&b);
  return rc;
}

int ld__instrument(const struct ld_plan *plan, const char *src, size_t len,
                   struct ld_edit_list *edits,
                   struct ld_unrendered_list *unrendered) {
  int rc = ld__global_emit(plan, src, len, edits, unrendered);

  if (!rc)
    rc = ld__warp_emit(plan, len, edits);
  if (!rc)
    rc = put_alloc_sites(plan, edits);
  return rc ? rc : emit_replays(plan, src, len, edits, unrendered);
}
