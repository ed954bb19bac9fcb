/* The replay clone's text: from a kernel's replay facts (struct ld_replay,
 * filled by replay_facts.c) to edits of the main file.
 *
 * Emits, per docs/shared-replay.md sections 1 and 2: the layout struct and
 * the metadata struct's declaration before the original kernel, and the
 * instrumented clone `__ldcc_<k>` right after it, a transformed copy of the
 * original's text (ld_edit_render) that starts with a `#line` naming the
 * original's first line, then the same copy as `__launch_bounds__(1024)
 * __ldcc_<k>__lb` unless the kernel has bounds of its own.  With the second
 * clone both are bounded: the second to 1024 threads (64 registers), the
 * first to __LDCC_CLONE_THREADS (replay.cuh: 1024 unless LDCC_CLONE_THREADS
 * says otherwise, for measuring fewer threads and more registers); the
 * first keeps its copies in shared memory only (begin<PLACE_SHARED>), the
 * second takes global scratch too.  In the copy: the renamed kernel,
 * the launch_info parameter, the prologue (hoisted locals, snapshot variables,
 * begin), one site block per barrier and the exit block.  The original text is
 * never edited.  Host code only; no libclang. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"

#define INDENT "  "
#define LD_LB_ATTR "__launch_bounds__(1024)"
#define LD_FIRST_ATTR "__launch_bounds__(__LDCC_CLONE_THREADS)"
/* A device function's clone that names the kernel's layout: the warp's
 * copy, as in the kernel's clone (it may only pass the layout on). */
#define LD_DEVFN_P                                                             \
  "__ldcc_L *__ldcc_p = (__ldcc_L *)__ldcc_c.mine; (void)__ldcc_p;"

/* Snapshot and restored on replay: a local that may change and may be
 * read after some site before it is assigned. */
static int snapshot_of(const struct ld_local *l) {
  return l->name && !l->keep_init && (!l->is_param || l->changed) &&
         (!l->live || l->live_any);
}

/* Saved at the end of pass 1 and compared after pass 2 at site `site`
 * (index into live; SIZE_MAX at the exit, after which nothing is read). */
static int compared_at(const struct ld_local *l, size_t site) {
  return snapshot_of(l) && site != SIZE_MAX && (!l->live || l->live[site]);
}

/* A device function's clone numbers its sites from its __ldcc_sb
 * parameter (the kernel's site table has a range per call). */
static const char *site_base(const struct ld_replay *r) {
  return r->is_devfn ? "__ldcc_sb + " : "";
}

/* `if (pass == 1) { e = x; ... } else local_diff = differs(x, e) | ...;`
 * for the locals live after site `live_site`. */
static int put_save_diff(struct ld_buf *b, const struct ld_replay *r,
                         size_t live_site) {
  size_t i;
  int rc, first = 1;

  rc = ld_buf_puts(b, INDENT INDENT "if (__ldcc_c.pass == 1) {");
  for (i = 0; i < r->nlocals && !rc; i++) {
    const struct ld_local *l = &r->locals[i];
    if (!compared_at(l, live_site))
      continue;
    rc = l->is_array
             ? ld_buf_printf(b, " __ldcc::copy(__ldcc_e%zu, %s);", i, l->name)
             : ld_buf_printf(b, " __ldcc_e%zu = %s;", i, l->name);
  }
  /* A device function's value, at its exit: what the caller gets. */
  if (!rc && live_site == SIZE_MAX && r->ret_end)
    rc = ld_buf_puts(b, " __ldcc_eret = __ldcc_ret;");
  if (!rc)
    rc = ld_buf_puts(b,
                     " } else\n" INDENT INDENT INDENT "__ldcc_c.local_diff =");
  if (!rc && live_site == SIZE_MAX && r->ret_end) {
    rc = ld_buf_puts(b, " __ldcc::differs(__ldcc_ret, __ldcc_eret)");
    first = 0;
  }
  for (i = 0; i < r->nlocals && !rc; i++) {
    const struct ld_local *l = &r->locals[i];
    if (!compared_at(l, live_site))
      continue;
    rc = ld_buf_printf(b, "%s __ldcc::differs(%s, __ldcc_e%zu)",
                       first ? "" : " |", l->name, i);
    first = 0;
  }
  if (!rc && first)
    rc = ld_buf_puts(b, " 0");
  return rc ? rc : ld_buf_puts(b, ";\n");
}

/* Restore every snapshot and jump back to the region's start site. */
static int put_restore_jump(struct ld_buf *b, const struct ld_replay *r) {
  size_t i;
  int rc;

  rc = ld_buf_puts(b, INDENT INDENT INDENT);
  for (i = 0; i < r->nlocals && !rc; i++) {
    const struct ld_local *l = &r->locals[i];
    if (!snapshot_of(l))
      continue;
    rc = l->is_array
             ? ld_buf_printf(b, "__ldcc::copy(%s, __ldcc_s%zu); ", l->name, i)
             : ld_buf_printf(b, "%s = __ldcc_s%zu; ", l->name, i);
  }
  if (!rc)
    rc = ld_buf_puts(b, r->is_devfn
                            ? "\n" INDENT INDENT INDENT
                              "switch (__ldcc_c.start_site - __ldcc_sb) {"
                            : "\n" INDENT INDENT INDENT
                              "switch (__ldcc_c.start_site) {");
  for (i = 0; i <= r->nsites && !rc; i++)
    rc = ld_buf_printf(b, " case %zu: goto __ldcc_L%zu;", i, i);
  return rc ? rc : ld_buf_puts(b, " }\n");
}

static int put_snapshot(struct ld_buf *b, const struct ld_replay *r,
                        const char *indent) {
  size_t i;
  int rc = ld_buf_puts(b, indent);

  for (i = 0; i < r->nlocals && !rc; i++) {
    const struct ld_local *l = &r->locals[i];
    if (!snapshot_of(l))
      continue;
    rc = l->is_array
             ? ld_buf_printf(b, "__ldcc::copy(__ldcc_s%zu, %s); ", i, l->name)
             : ld_buf_printf(b, "__ldcc_s%zu = %s; ", i, l->name);
  }
  return rc ? rc : ld_buf_puts(b, "\n");
}

/* Save or compare the locals, then the round at `base``site`: when it asks
 * for the replay, restore the snapshot and jump to the region's start. */
static int put_region_end(struct ld_buf *b, const struct ld_replay *r,
                          const char *base, size_t site, int exiting,
                          const char *form, int with_pred) {
  int rc = put_save_diff(b, r, exiting || site > r->nsites ? SIZE_MAX : site);

  if (!rc)
    rc = ld_buf_printf(b,
                       INDENT INDENT "if (__ldcc::region_end(__ldcc_c, "
                                     "__ldcc_bs, %s%zu, %d, __ldcc::%s, %s)) "
                                     "{\n",
                       base, site, exiting, form,
                       with_pred ? "__ldcc_c.pred" : "0");
  if (!rc)
    rc = put_restore_jump(b, r);
  return rc ? rc : ld_buf_puts(b, INDENT INDENT "}\n");
}

/* The block of site `id` (1-based barrier sites), then its label. */
static int put_site(struct ld_buf *b, const struct ld_replay *r, size_t id,
                    const char *form, int with_pred) {
  int rc = ld_buf_puts(b, "{\n");

  if (!rc)
    rc = put_region_end(b, r, site_base(r), id, 0, form, with_pred);
  if (!rc)
    rc = put_snapshot(b, r, INDENT INDENT);
  if (!rc)
    rc = ld_buf_printf(b,
                       INDENT INDENT "__ldcc_c.start_site = %s%zu;\n" INDENT
                                     "}\n__ldcc_L%zu:;",
                       site_base(r), id, id);
  /* Copies still in flight land in the new region (replayed with it). */
  if (!rc && r->async_copies)
    rc = ld_buf_puts(b, " __ldcc::aflush(__ldcc_c);");
  return rc;
}

/* The caller's side of a call of a device function with barriers: its
 * region ends before the call (site `id`), the callee's clone replays its
 * own regions, and the caller's next region starts after the call. */
static int put_call_site(struct ld_buf *pre, struct ld_buf *post,
                         const struct ld_replay *r, size_t id) {
  int rc = ld_buf_puts(pre, "{\n");

  if (!rc)
    rc = put_region_end(pre, r, site_base(r), id, 0, "SYNC_PLAIN", 0);
  if (!rc)
    rc = ld_buf_puts(pre, INDENT "}\n" INDENT);
  if (!rc)
    rc = ld_buf_puts(post, "\n" INDENT "{\n");
  if (!rc)
    rc = put_snapshot(post, r, INDENT INDENT);
  if (!rc)
    rc = ld_buf_printf(post,
                       INDENT INDENT "__ldcc_c.start_site = %s%zu;\n" INDENT
                                     "}\n__ldcc_L%zu:;",
                       site_base(r), id, id);
  return rc;
}

/* Whether a device function the kernel calls names its layout: then the
 * kernel's clone declares __ldcc_p only when its own body does too. */
static int callees_name_layout(const struct ld_replay *r) {
  size_t i;

  for (i = 0; i < r->ncallees; i++)
    if (r->callees[i]->uses_layout)
      return 1;
  return 0;
}

static int put_prologue(struct ld_buf *b, const struct ld_kernel *k,
                        const struct ld_replay *r, const char *src) {
  size_t i;
  int rc;

  rc = r->scope_decls ? ld_buf_printf(b, "\n" INDENT "%s", r->scope_decls)
                      : LD_OK;
  if (rc)
    return rc;
  if (r->is_devfn && r->uses_layout)
    rc = ld_buf_puts(b, "\n" INDENT LD_DEVFN_P "\n");
  else if (r->is_devfn)
    rc = ld_buf_puts(b, "\n");
  else
    rc = ld_buf_printf(b, "\n" INDENT "typedef __ldcc_layout_%s%s __ldcc_L;\n",
                       k->stem, r->template_args ? r->template_args : "");
  if (!rc && !r->is_devfn)
    rc = ld_buf_puts(b,
                     INDENT "__shared__ __ldcc::block_state __ldcc_bs;\n" INDENT
                            "__ldcc::thread_ctx __ldcc_c;\n" INDENT
                            "__ldcc::undo_log __ldcc_ul;\n");
  for (i = 0; i < r->nlocals && !rc; i++) {
    const struct ld_local *l = &r->locals[i];
    if (l->keep_init)
      rc = ld_buf_printf(b, INDENT "%s;\n", l->decl);
    else if (!l->is_param)
      rc = ld_buf_printf(b, INDENT "%s{};\n", l->decl);
  }
  for (i = 0; i < r->nlocals && !rc; i++)
    if (snapshot_of(&r->locals[i]))
      rc = ld_buf_printf(b,
                         INDENT "decltype(%s) __ldcc_s%zu; decltype(%s) "
                                "__ldcc_e%zu; (void)__ldcc_e%zu;\n",
                         r->locals[i].name, i, r->locals[i].name, i, i);
  /* The values of calls `LHS = f(args);` (replay_facts.c hoisted_call_
   * statement): set before the call site's label, read after it only. */
  for (i = 0; i < r->nsites && !rc; i++)
    if (r->sites[i].hoist_type)
      rc = ld_buf_printf(b, INDENT "%s __ldcc_h%zu;\n", r->sites[i].hoist_type,
                         i + 1);
  /* The value a device function returns, set by its `return`s (replay_
   * facts.c), compared at its exit and returned after it. */
  if (!rc && r->is_devfn && r->ret_end) {
    rc = ld_buf_puts(b, INDENT);
    if (!rc)
      rc = ld_buf_append(b, src + r->ret_begin, r->ret_end - r->ret_begin);
    if (!rc)
      rc = ld_buf_puts(b, " __ldcc_ret{}; decltype(__ldcc_ret) __ldcc_eret;\n");
  }
  if (!rc && r->is_devfn) {
    rc = put_snapshot(b, r, INDENT);
    return rc ? rc
              : ld_buf_puts(b, INDENT
                            "__ldcc_c.start_site = __ldcc_sb;\n__ldcc_L0:;");
  }
  if (!rc)
    rc = ld_buf_printf(b,
                       INDENT
                       "__ldcc::begin<__LDCC_CLONE_PLACE%s>(__ldcc_c, "
                       "__ldcc_ul, __ldcc_bs, __ldcc_li, sizeof(__ldcc_L), "
                       "alignof(__ldcc_L));\n",
                       r->eager_why ? "" : " | __ldcc::COPIES_LAZY");
  /* Composed: the one run's table, whose words glog claims (include/ldcc/
   * global.h, gclaim). */
  if (!rc && LD_COMPOSED(k) && !k->global->direct && r == k->replay)
    rc = ld_buf_puts(b, INDENT "__ldcc_c.gown = __ldcc_gi.owner;\n");
  /* The direct run composed: the clones of the device functions it takes
   * claim through the clone's __ldcc_gi (claim_callee_accesses). */
  if (!rc && LD_COMPOSED(k) && k->global->direct && k->global->ndevfns &&
      r == k->replay)
    rc = ld_buf_puts(b, INDENT "__ldcc_c.gdi = &__ldcc_gi;\n");
  if (!rc && r->async_copies)
    rc = ld_buf_puts(b, INDENT "__ldcc_c.aq = &__ldcc_aq;\n");
  if (!rc && r->always_dirty)
    rc = ld_buf_puts(b, INDENT "__ldcc_c.always_dirty = 1;\n");
  /* Reads the references do not mark: inside calls that get a target's
   * address, and through pointers in device functions' clones (with
   * barriers or without). */
  if (!rc && (r->always_dirty || r->always_read || r->ncallees))
    rc = ld_buf_puts(b, INDENT "__ldcc_c.always_read = 1;\n");
  /* Only static members are reached through __ldcc_p (the device
   * functions' clones that name the layout take their own). */
  for (i = 0; i < r->nmembers && !rc; i++)
    if (r->members[i].decl && (r->uses_layout || !callees_name_layout(r))) {
      rc = ld_buf_puts(b, INDENT "__ldcc_L *__ldcc_p = (__ldcc_L "
                                 "*)__ldcc_c.mine;\n");
      break;
    }
  if (!rc)
    rc = put_snapshot(b, r, INDENT);
  if (!rc)
    rc = ld_buf_puts(b, INDENT "__ldcc_c.start_site = 0;\n__ldcc_L0:;");
  return rc;
}

static int put_exit(struct ld_buf *b, const struct ld_replay *r) {
  int rc = ld_buf_puts(b, "\n" INDENT "goto __ldcc_exit;\n__ldcc_exit:\n" INDENT
                          "{\n");

  if (!rc)
    rc = put_region_end(b, r, site_base(r),
                        r->is_devfn || !r->exit_site ? r->nsites + 1
                                                     : r->exit_site,
                        !r->is_devfn, "SYNC_PLAIN", 0);
  if (!rc && r->is_devfn)
    return ld_buf_puts(b, r->ret_end ? INDENT "}\n" INDENT
                                              "return __ldcc_ret;\n"
                                     : INDENT "}\n");
  if (!rc)
    rc = ld_buf_puts(b, INDENT INDENT
                     "__ldcc::finish(__ldcc_c, __ldcc_bs);\n" INDENT "}\n");
  return rc;
}

/* One clone being rendered (a kernel's or a device function's for that
 * kernel): the replay's facts, read only, and a copy of their edits to
 * which the clone's own are added, so that the plan stays as it is. */
struct clone {
  const struct ld_kernel *k;
  const struct ld_replay *r;
  struct ld_edit_list edits;
  const char *src; /* the main file, src[0, len) */
  size_t len;
  const char *path; /* its name in `#line` */
  /* Without the inline checks (a kernel of rule "shared memory across
   * threads in a region" whose checks cannot be combined with its clone:
   * the replay stays, the original keeps the checks). */
  int no_warp;
};

static int clone_init(struct clone *cl, const struct ld_kernel *k,
                      const struct ld_replay *r, const char *src, size_t len,
                      const char *path) {
  cl->k = k;
  cl->r = r;
  cl->src = src;
  cl->len = len;
  cl->path = path;
  cl->no_warp = 0;
  return ld_edit_list_copy(&r->edits, &cl->edits);
}

/* After a site's label in a kernel's clone with the inline checks: the
 * barrier is a sync point, the warp's next epoch (docs/inline-checks.md,
 * "With the replay"); a replay's jump to the label steps it too. */
static int put_its_step(struct ld_buf *b, const struct clone *cl) {
  return cl->r == cl->k->replay && ld__warp_in_clone(cl->k) && !cl->no_warp
             ? ld_buf_puts(b, " __ldcc::its_sync();")
             : LD_OK;
}

/* The edits of one site on the clone's edit list. */
static int edit_site(struct clone *cl, size_t i) {
  const struct ld_replay *r = cl->r;
  const struct ld_site *s = &r->sites[i];
  struct ld_buf b = LD_BUF_INIT;
  struct ld_buf pred = LD_BUF_INIT;
  int rc = LD_OK;

  if (s->callee != 0 && s->hoist_type) {
    /* `{ region end } __ldcc_h<i> = (call); { snapshot } label: LHS =
     * __ldcc_h<i>;`: the call's text (its clone's name and arguments)
     * moves before the label, the store stays in the next region. */
    struct ld_buf call = LD_BUF_INIT, name = LD_BUF_INIT;
    rc = s->needs_braces ? ld_buf_puts(&b, "{ ") : LD_OK;
    if (!rc)
      rc = ld_edit_render_expr(&cl->edits, cl->src, cl->len, s->call_begin,
                               s->call_end, cl->path, &call);
    if (!rc)
      ld_edit_drop_within(&cl->edits, s->call_begin, s->call_end);
    if (!rc)
      rc = ld_buf_printf(&name, "__ldcc_h%zu", i + 1);
    if (!rc)
      rc = ld_edit_replace(&cl->edits, s->call_begin, s->call_end, name.data);
    if (!rc)
      rc = put_call_site(&b, &pred, r, i + 1);
    if (!rc)
      rc = ld_buf_printf(&b, "%s = (%s);", name.data,
                         call.data ? call.data : "");
    if (!rc)
      rc = ld_buf_append(&b, pred.data ? pred.data : "", pred.len);
    if (!rc)
      rc = put_its_step(&b, cl);
    if (!rc)
      rc = ld_buf_putc(&b, ' ');
    /* Ahead of the statement's own edits there (a store's pwr wrapper). */
    if (!rc)
      rc = ld_edit_insert_first(&cl->edits, s->stmt_begin, b.data);
    if (!rc && s->needs_braces)
      rc = ld_edit_insert(&cl->edits, s->stmt_end, " }");
    ld_buf_free(&call);
    ld_buf_free(&name);
    goto out;
  }
  if (s->callee != 0) {
    rc = s->needs_braces ? ld_buf_puts(&b, "{ ") : LD_OK;
    if (!rc)
      rc = put_call_site(&b, &pred, r, i + 1);
    if (!rc)
      rc = put_its_step(&pred, cl);
    if (!rc && s->ret_goto)
      rc = ld_buf_puts(&pred, " goto __ldcc_exit; }");
    if (!rc && s->needs_braces)
      rc = ld_buf_puts(&pred, " }");
    if (!rc)
      rc = ld_edit_insert(&cl->edits, s->stmt_begin, b.data);
    if (!rc)
      rc = ld_edit_insert(&cl->edits, s->stmt_end, pred.data);
    goto out;
  }
  if (s->needs_braces)
    rc = ld_buf_puts(&b, "{ ");
  if (!rc && s->with_result) {
    rc = ld_edit_render_expr(&cl->edits, cl->src, cl->len, s->pred_begin,
                             s->pred_end, cl->path, &pred);
    if (!rc)
      rc = ld_buf_printf(&b, "__ldcc_c.pred = (%s); ",
                         pred.data ? pred.data : "");
    if (!rc)
      ld_edit_drop_within(&cl->edits, s->call_begin, s->call_end);
  }
  if (!rc)
    rc = put_site(&b, r, i + 1, s->form, s->with_result != 0);
  if (!rc)
    rc = put_its_step(&b, cl);
  if (!rc && s->with_result == 3)
    rc = ld_buf_puts(&b, " if (!__ldcc_c.sync_result) break;");
  if (rc)
    goto out;
  if (s->with_result) {
    rc = ld_buf_putc(&b, ' ');
    if (!rc)
      rc = ld_edit_insert(&cl->edits, s->stmt_begin, b.data);
    if (!rc)
      rc = ld_edit_replace(&cl->edits, s->call_begin, s->call_end,
                           s->with_result == 2   ? "(void)__ldcc_c.sync_result"
                           : s->with_result == 3 ? "1"
                                                 : "__ldcc_c.sync_result");
    if (!rc && s->needs_braces)
      rc = ld_edit_insert(&cl->edits, s->stmt_end, " }");
  } else {
    if (s->needs_braces)
      rc = ld_buf_puts(&b, " }");
    ld_edit_drop_within(&cl->edits, s->stmt_begin, s->stmt_end);
    if (!rc)
      rc = ld_edit_replace(&cl->edits, s->stmt_begin, s->stmt_end, b.data);
  }
out:
  ld_buf_free(&b);
  ld_buf_free(&pred);
  return rc;
}

/* `template <...>` line (or nothing) before a generated declaration: the
 * kernel's own, default arguments included. */
static int put_template(struct ld_buf *b, const struct ld_replay *r) {
  return r->template_decl ? ld_buf_printf(b, "%s\n", r->template_decl) : LD_OK;
}

static int put_meta_struct(struct ld_buf *b, const struct ld_kernel *k) {
  int rc = put_template(b, k->replay);

  return rc ? rc
            : ld_buf_printf(
                  b,
                  "struct __ldcc_meta_%s {\n" INDENT
                  "static const __ldcc::target_meta targets[%zu];\n" INDENT
                  "static const __ldcc::kernel_meta meta;\n};\n",
                  k->stem, k->replay->nmembers);
}

/* The clone's name: `__ldcc_<k>`, or with lb
 * `__launch_bounds__(1024) __ldcc_<k>__lb` (the attribute before the
 * declarator, where CUDA wants it).  A block the first clone's bounds do
 * not admit runs on the __lb clone (the runtime reads maxThreadsPerBlock),
 * so a block of 1024 threads always has a clone. */
static int put_clone_name(struct ld_buf *b, const struct ld_kernel *k, int lb) {
  if (lb)
    return ld_buf_printf(b, LD_LB_ATTR " __ldcc_%s__lb", k->stem);
  /* With an __lb clone the first one is bounded too: 64 registers keep
   * more blocks resident than the ~100 the replay takes unbounded, and
   * the two then differ only in where their copies may live. */
  return ld_buf_printf(b, "%s__ldcc_%s",
                       k->replay->lb_clone ? LD_FIRST_ATTR " " : "", k->stem);
}

/* The parameters a clone takes after the kernel's: its launch_info, and
 * in deterministic mode with global copies too (LD_COMPOSED) the unit's
 * global_info (docs/deterministic.md). */
static const char *clone_params(const struct ld_kernel *k) {
  return LD_COMPOSED(k) ? "__ldcc::launch_info __ldcc_li, __ldcc::global_info "
                          "__ldcc_gi"
                        : "__ldcc::launch_info __ldcc_li";
}

/* One prototype of a clone, made from the original's. */
static int put_proto(struct ld_buf *b, const struct ld_kernel *k,
                     const char *src, int lb) {
  const struct ld_replay *r = k->replay;
  size_t after = r->proto_name + strlen(k->name);
  int rc =
      ld_buf_append(b, src + r->proto_begin, r->proto_name - r->proto_begin);

  if (!rc)
    rc = put_clone_name(b, k, lb);
  if (!rc)
    rc = ld_buf_append(b, src + after, r->proto_close - after);
  if (!rc)
    rc = ld_buf_puts(b, r->proto_has_params ? ", " : "");
  if (!rc)
    rc = ld_buf_puts(b, clone_params(k));
  if (!rc)
    rc = ld_buf_append(b, src + r->proto_close, r->proto_end - r->proto_close);
  return rc ? rc : ld_buf_puts(b, ";\n");
}

/* At an earlier prototype: the metadata struct and the clones' prototypes,
 * so launches after the prototype can name them. */
static int emit_prototype(const struct ld_kernel *k, const char *src,
                          struct ld_edit_list *edits) {
  const struct ld_replay *r = k->replay;
  struct ld_buf b = LD_BUF_INIT;
  int rc = put_meta_struct(&b, k);

  if (!rc)
    rc = put_proto(&b, k, src, 0);
  if (!rc && r->lb_clone)
    rc = put_proto(&b, k, src, 1);
  if (!rc)
    rc = ld_edit_insert(edits, r->proto_begin, b.data);
  ld_buf_free(&b);
  return rc;
}

/* Before the original: the layout and (without a prototype) the metadata
 * struct. */
static int emit_layout(const struct ld_kernel *k, const char *src,
                       struct ld_edit_list *edits) {
  const struct ld_replay *r = k->replay;
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = put_template(&b, r);

  if (!rc)
    rc = ld_buf_printf(&b, "struct __ldcc_layout_%s {\n", k->stem);
  /* Constants of the kernel, so that member sizes can name them. */
  for (i = 0; i < r->nlocals && !rc; i++)
    if (r->locals[i].is_constant)
      rc = ld_buf_printf(&b, INDENT "%s%s;\n",
                         strncmp(r->locals[i].decl, "static", 6) ? "static "
                                                                 : "",
                         r->locals[i].decl);
  for (i = 0; i < r->nmembers && !rc; i++)
    if (r->members[i].decl)
      rc = ld_buf_printf(&b, INDENT "%s;\n", r->members[i].decl);
  if (!rc)
    rc = ld_buf_puts(&b, "};\n");
  if (!rc && r->proto_end)
    rc = emit_prototype(k, src, edits);
  else if (!rc)
    rc = put_meta_struct(&b, k);
  if (!rc)
    rc = ld_edit_insert(edits, r->def_begin, b.data);
  ld_buf_free(&b);
  return rc;
}

/* Renames the clone in its edits (the replacement of the original's
 * name). */
static int rename_clone(struct clone *cl, int lb) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = put_clone_name(&b, cl->k, lb);

  for (i = 0; i < cl->edits.n && !rc; i++) {
    struct ld_edit *e = &cl->edits.items[i];
    if (e->begin == cl->r->name_begin && e->end == cl->r->name_end) {
      free(e->text);
      e->text = ld_buf_detach(&b);
      rc = e->text ? LD_OK : LD_ENOMEM;
      break;
    }
  }
  ld_buf_free(&b);
  return rc;
}

/* Whether [b, e) of src names `__CUDA_ARCH__`. */
static int names_arch(const char *src, size_t b, size_t e) {
  static const char w[] = "__CUDA_ARCH__";
  size_t i;

  for (i = b; i + sizeof w - 1 <= e; i++)
    if (!memcmp(src + i, w, sizeof w - 1))
      return 1;
  return 0;
}

/* The edits of a clone's body (a kernel's or a device function's): its
 * sites, the prologue after the opening brace, the exit block before the
 * closing one.  A kernel whose body tests `__CUDA_ARCH__` (`#if
 * __CUDA_ARCH__ >= 800` around it, cuda-samples' tensor-core products)
 * has its clone's body inside `#ifdef __CUDA_ARCH__`: nvcc's host pass
 * would keep the exit's jumps to labels its own `#if` removed, and reject
 * the file (the host needs no body of a kernel). */
static int edit_body(struct clone *cl) {
  const struct ld_kernel *k = cl->k;
  const struct ld_replay *r = cl->r;
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = LD_OK;
  int arch = r == k->replay && names_arch(cl->src, r->body_open, r->body_close);

  /* Composed in the direct run: the claims first, so that a barrier's
   * predicate renders them too. */
  if (LD_COMPOSED(k) && k->global->direct && r == k->replay)
    rc = ld__global_replay_claims(k, &cl->edits);
  for (i = 0; i < r->nsites && !rc; i++)
    rc = edit_site(cl, i);
  /* Composed: the unit's copy and shifts first, before `begin`'s barrier,
   * so that a block outside the round returns whole. */
  if (!rc && arch)
    rc = ld_buf_puts(&b, "\n#ifdef __CUDA_ARCH__\n");
  if (!rc && LD_COMPOSED(k) && r == k->replay) /* not a device function's */
    rc = ld__global_prologue(k, 1, &b);
  if (!rc)
    rc = put_prologue(&b, k, r, cl->src);
  if (!rc)
    rc = ld_edit_insert(&cl->edits, r->body_open + 1, b.data);
  ld_buf_free(&b);
  if (!rc)
    rc = put_exit(&b, r);
  if (!rc && arch)
    rc = ld_buf_puts(&b, "\n#endif\n");
  if (!rc)
    rc = ld_edit_insert(&cl->edits, r->body_close, b.data);
  ld_buf_free(&b);
  return rc;
}

/* The clone of device function c for kernel k, `__ldcc_<k>__f_<f>`, with
 * the parameters `__ldcc::thread_ctx &__ldcc_c, __ldcc::block_state
 * &__ldcc_bs, int __ldcc_sb` first, appended to out.  A function without
 * barriers (is_plain) takes `__ldcc_c` only: its body keeps its text but
 * for the stores replay_facts.c wrapped in pwr, and it has no sites. */
static int edit_calls(struct clone *cl, const struct ld_replay *top);

/* Edit it says text instead. */
static int replace_text(struct ld_edit *it, const char *text) {
  char *t = strdup(text);

  if (!t)
    return LD_ENOMEM;
  free(it->text);
  it->text = t;
  return LD_OK;
}

/* In a kernel the direct one run takes composed with the replay
 * (docs/global-check.md, "With the replay"), a device function the run
 * takes (ld_global.devfns, the same definition) claims its accesses in
 * the replay's clone too, through the clone's `__ldcc_gi` that the
 * kernel's replay clone hands over in `__ldcc_c.gdi`, by address as in its
 * direct clone: a read as `(*__ldcc::gget(*__ldcc_c.gdi, -1, &(E), L))`,
 * a store inside its pwr, `(*__ldcc::pwr(__ldcc_c,
 * __ldcc::gput(*__ldcc_c.gdi, -1, &(E), L)))`. */
static int claim_callee_accesses(struct clone *cl, const struct ld_replay *c) {
  static const char pwr_open[] = "(*__ldcc::pwr(__ldcc_c, &(";
  const struct ld_global *g = cl->k->global;
  struct ld_edit_list *l = &cl->edits;
  char close[32];
  size_t i, j, e;
  int rc = LD_OK;

  if (!g || !g->direct)
    return LD_OK;
  for (i = 0; i < g->ndevfns; i++) {
    const struct ld_gdevfn *d = &g->devfns[i];
    if (d->def_end != c->def_end)
      continue;
    for (j = 0; j < d->nstores && !rc; j++) {
      const struct ld_gstore *a = &d->stores[j];
      snprintf(close, sizeof close, "), %u))", a->line);
      if (a->load) {
        rc =
            ld_edit_insert(l, a->begin, "(*__ldcc::gget(*__ldcc_c.gdi, -1, &(");
        if (!rc)
          rc = ld_edit_insert(l, a->end, close);
        continue;
      }
      for (e = 0; e + 1 < l->n; e++)
        if (l->items[e].begin == a->begin && l->items[e].end == a->begin &&
            !strcmp(l->items[e].text, pwr_open) &&
            l->items[e + 1].begin == a->end && l->items[e + 1].end == a->end &&
            !strcmp(l->items[e + 1].text, ")))"))
          break;
      if (e + 1 >= l->n)
        return LD_EINVAL; /* composed_devfn took a store pwr does not wrap */
      snprintf(close, sizeof close, "), %u)))", a->line);
      rc = replace_text(&l->items[e], "(*__ldcc::pwr(__ldcc_c, "
                                      "__ldcc::gput(*__ldcc_c.gdi, -1, &(");
      if (!rc)
        rc = replace_text(&l->items[e + 1], close);
    }
  }
  return rc;
}

/* The offset of the word `__host__` in src[b, e), or e: a clone is called
 * from the kernel's clone only, and calls device-only wrappers (pwr, the
 * inline checks), which nvcc refuses in a `__host__ __device__` function
 * ("calling a __device__ function from a __host__ __device__ function is
 * not allowed": the whole file went unchecked). */
static size_t host_word(const char *src, size_t b, size_t e) {
  static const char w[] = "__host__";
  size_t n = sizeof w - 1, i;

  for (i = b; i + n <= e; i++)
    if (!memcmp(src + i, w, n) &&
        (i == b ||
         !(isalnum((unsigned char)src[i - 1]) || src[i - 1] == '_')) &&
        (i + n == e ||
         !(isalnum((unsigned char)src[i + n]) || src[i + n] == '_')))
      return i;
  return e;
}

static int emit_callee(const struct clone *kernel, const struct ld_replay *c,
                       struct ld_buf *out) {
  const char *params = c->is_plain
                           ? "__ldcc::thread_ctx &__ldcc_c"
                           : "__ldcc::thread_ctx &__ldcc_c, "
                             "__ldcc::block_state &__ldcc_bs, int __ldcc_sb";
  struct ld_buf b = LD_BUF_INIT;
  struct clone cl;
  size_t open = c->name_end;
  int rc =
      clone_init(&cl, kernel->k, c, kernel->src, kernel->len, kernel->path);

  while (open < c->params_close && kernel->src[open] != '(')
    open++;
  /* Shared variables in the layout: a template on it (the kernel's may
   * be a template), `__ldcc_p` in the body (a plain clone's on the brace's
   * line, so the lines stay the user's). */
  if (!rc && c->uses_layout && c->is_template) {
    /* `template <unsigned B>` becomes `template <class __ldcc_L, unsigned
     * B>`: calls name the layout first, the rest as written or deduced. */
    size_t lt = c->def_begin;
    while (lt < c->name_begin && kernel->src[lt] != '<')
      lt++;
    rc = lt < c->name_begin
             ? ld_edit_insert(&cl.edits, lt + 1, "class __ldcc_L, ")
             : LD_EOVERLAP;
  } else if (!rc && c->uses_layout) {
    rc = ld_edit_insert(&cl.edits, c->def_begin, "template <class __ldcc_L> ");
  }
  if (!rc && c->uses_layout && c->is_plain)
    rc = ld_edit_insert(&cl.edits, c->body_open + 1, " " LD_DEVFN_P);
  if (!rc &&
      host_word(kernel->src, c->def_begin, c->name_begin) < c->name_begin) {
    size_t h = host_word(kernel->src, c->def_begin, c->name_begin);
    rc = ld_edit_replace(&cl.edits, h, h + strlen("__host__"), "");
  }
  if (!rc)
    rc = ld_buf_printf(&b, "__ldcc_%s__f_%s", kernel->k->stem, c->fn_name);
  if (!rc)
    rc = ld_edit_replace(&cl.edits, c->name_begin, c->name_end, b.data);
  ld_buf_free(&b);
  if (!rc && c->has_params)
    rc = ld_edit_insert(&cl.edits, open + 1, params);
  if (!rc)
    rc = c->has_params
             ? ld_edit_insert(&cl.edits, open + 1, ", ")
             : ld_edit_replace(&cl.edits, open + 1, c->params_close, params);
  if (!rc && !c->is_plain)
    rc = edit_calls(&cl, kernel->r);
  if (!rc && !c->is_plain)
    rc = edit_body(&cl);
  if (!rc)
    rc = claim_callee_accesses(&cl, c);
  if (!rc && c->is_plain)
    rc = ld__warp_callee_edits(kernel->k, c->name_begin, cl.src, &cl.edits);
  if (!rc)
    rc = ld_buf_putc(out, '\n');
  if (!rc)
    rc = ld_edit_render(&cl.edits, cl.src, cl.len, c->def_begin, c->def_end,
                        cl.path, 1, out);
  ld_edit_list_free(&cl.edits);
  return rc;
}

/* The callee's name at site s becomes its clone's: `__ldcc_<k>__f_<f>`,
 * with `<__ldcc_L>` when it names the layout; a function template's
 * arguments as written (`f<B>` in or after the name's span) get the
 * layout first, `<__ldcc_L, B>`. */
static int rename_call(struct clone *cl, const struct ld_site *s,
                       const struct ld_replay *c) {
  struct ld_buf b = LD_BUF_INIT;
  size_t lt = s->name_begin, end = s->name_end;
  int targs, rc;

  while (lt < s->name_end && cl->src[lt] != '<')
    lt++;
  targs = lt < s->name_end;
  if (targs) {
    end = lt;
  } else {
    while (lt < s->args_close && isspace((unsigned char)cl->src[lt]))
      lt++;
    targs = c->is_template && cl->src[lt] == '<';
  }
  rc = ld_buf_printf(&b, "__ldcc_%s__f_%s%s", cl->k->stem, c->fn_name,
                     c->uses_layout && !targs ? "<__ldcc_L>" : "");
  if (!rc)
    rc = ld_edit_replace(&cl->edits, s->name_begin, end, b.data);
  if (!rc && c->uses_layout && targs)
    rc = ld_edit_insert(&cl->edits, lt + 1, "__ldcc_L, ");
  ld_buf_free(&b);
  return rc;
}

/* At each call of a device function with barriers: its clone, with the
 * protocol's state and the call's site base first (in a device function's
 * clone, from its own __ldcc_sb).  top: the kernel's replay, which holds
 * every callee. */
static int edit_calls(struct clone *cl, const struct ld_replay *top) {
  const struct ld_replay *r = cl->r;
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < r->nsites && !rc; i++) {
    const struct ld_site *s = &r->sites[i];
    if (s->callee == 0)
      continue;
    ld_buf_free(&b);
    rc = rename_call(cl, s, top->callees[s->callee - 1]);
    ld_buf_free(&b);
    if (!rc)
      rc = ld_buf_printf(&b, "__ldcc_c, __ldcc_bs, %s%zu%s", site_base(r),
                         s->site_base, s->has_args ? ", " : "");
    if (!rc)
      rc = ld_edit_insert(&cl->edits, s->args_close + 1, b.data);
  }
  ld_buf_free(&b);
  return rc;
}

/* The kernel clone's own edits: its name, its parameters, the default
 * arguments cut, the calls and the body. */
static int edit_kernel_clone(struct clone *cl) {
  const struct ld_kernel *k = cl->k;
  const struct ld_replay *r = cl->r;
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = put_clone_name(&b, k, 0);

  if (!rc)
    rc = ld_edit_replace(&cl->edits, r->name_begin, r->name_end, b.data);
  ld_buf_free(&b);
  if (!rc && r->has_params) {
    rc = ld_buf_printf(&b, ", %s", clone_params(k));
    if (!rc)
      rc = ld_edit_insert(&cl->edits, r->params_close, b.data);
    ld_buf_free(&b);
  } else if (!rc) {
    rc = ld_edit_replace(&cl->edits, r->params_open + 1, r->params_close,
                         clone_params(k));
  }
  /* Its parameters go on after those with default arguments. */
  for (i = 0; i < k->ndefault_cuts && !rc; i++)
    rc = ld_edit_replace(&cl->edits, k->default_cuts[i].begin,
                         k->default_cuts[i].end, "");
  if (!rc)
    rc = edit_calls(cl, r);
  return rc ? rc : edit_body(cl);
}

/* After the original: the clone, then the same text as `__lb`.  With an
 * `__lb` clone the first one runs only with its copies in shared memory
 * (begin<PLACE_SHARED>: shared-memory instructions, 32-bit addresses);
 * the `__lb` clone, or a lone first clone, takes either placement. */
static int put_clones(struct clone *cl, struct ld_buf *b) {
  const struct ld_replay *r = cl->r;
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < r->ncallees && !rc; i++)
    rc = emit_callee(cl, r->callees[i], b);
  if (!rc)
    rc = ld_buf_printf(b, "\n#define __LDCC_CLONE_PLACE __ldcc::%s\n",
                       r->lb_clone ? "PLACE_SHARED" : "PLACE_ANY");
  if (!rc)
    rc = ld_edit_render(&cl->edits, cl->src, cl->len, r->def_begin, r->def_end,
                        cl->path, 1, b);
  if (!rc)
    rc = ld_buf_puts(b, "\n#undef __LDCC_CLONE_PLACE\n");
  if (!rc && r->lb_clone) {
    rc = rename_clone(cl, 1);
    if (!rc)
      rc = ld_buf_puts(b, "#define __LDCC_CLONE_PLACE __ldcc::PLACE_ANY\n");
    if (!rc)
      rc = ld_edit_render(&cl->edits, cl->src, cl->len, r->def_begin,
                          r->def_end, cl->path, 1, b);
    if (!rc)
      rc = ld_buf_puts(b, "\n#undef __LDCC_CLONE_PLACE\n");
  }
  return rc;
}

/* The clone and its kernel's layout, with the inline checks when the
 * kernel has them (no_warp: without). */
static int replay_emit(const struct ld_kernel *k, const char *src, size_t len,
                       const char *path, struct ld_edit_list *edits,
                       int no_warp) {
  struct ld_buf b = LD_BUF_INIT;
  struct clone cl;
  int rc = clone_init(&cl, k, k->replay, src, len, path);

  cl.no_warp = no_warp;
  if (!rc)
    rc = edit_kernel_clone(&cl);
  /* Last: the inline checks wrap what the replay made of each access. */
  if (!rc && ld__warp_in_clone(k) && !no_warp)
    rc = ld__warp_clone_edits(k, src, &cl.edits);
  if (!rc)
    rc = put_clones(&cl, &b);
  if (!rc)
    rc = ld_edit_insert(edits, k->replay->def_end, b.data);
  ld_buf_free(&b);
  ld_edit_list_free(&cl.edits);
  return rc ? rc : emit_layout(k, src, edits);
}

int ld__replay_emit(const struct ld_kernel *k, const char *src, size_t len,
                    const char *path, struct ld_edit_list *edits) {
  int rc = replay_emit(k, src, len, path, edits, 0);

  /* Checks added because the replay's proof failed never cost the replay:
   * rendered without them, the clone checks what it checked before. */
  if (rc == LD_EOVERLAP && ld__warp_in_clone(k) && k->warp->weak_stores)
    rc = replay_emit(k, src, len, path, edits, 1);
  return rc;
}
