/* The edits of the inline checks for intra-warp races and block-scope
 * atomics (docs/inline-checks.md): for every kernel whose ld_its is
 * checked, in the kernel's own text (no clone), the table is cleared at
 * entry, each access is wrapped in `__ldcc::its_r/w/rw`, each collective or
 * barrier is followed by an epoch step, each block-scope atomic's address
 * goes through `__ldcc::scope_block`; each launch of such a kernel in the file
 * is preceded by `__ldcc::its_arm()` (a cudaLaunchKernel naming it is
 * parenthesised with it), which hands the file's device code the report ring;
 * `<ldcc/its.cuh>` is included at the top and the metadata (site lines,
 * variable names) follows the last line.
 * Host code only; never sees libclang. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"
#include "ld_file_names.h"
#include "ld_routes.h"

static const char *const warp_fn[] = {"", "its_r", "its_w", "its_rw"};
static const char *const probe_fn[] = {"", "its_rs", "its_ws", "its_rws"};
static const char *const weak_fn[] = {"", "its_r", "its_wo", "its_rw"};
static const char *const cl_fn[] = {"", "cl_r", "cl_w", "cl_rw"};
static const char *const ws_fn[] = {"", "ws_r", "ws_w", "ws_rw"};

/* The shadow's functions: a cluster's (`cl_`) or a block's (`ws_`). */
static const char *const *shadow_fns(const struct ld_warp *w) {
  return w->cluster == LD_WARP_SHADOW ? ws_fn : cl_fn;
}

static const char *shadow_prefix(const struct ld_warp *w) {
  return w->cluster == LD_WARP_SHADOW ? "ws" : "cl";
}
static const char *const mp_fn[] = {"", "mp_r",  "mp_w",  "mp_rw",
                                    "", "mp_fr", "mp_fw", "mp_frw"};

/* The fence level mp_fence takes: 1 block, 2 device, 3 a grid sync. */
static unsigned fence_level(const char *form) {
  if (!strcmp(form, "__threadfence_block"))
    return 1;
  return strcmp(form, "grid.sync") ? 2 : 3;
}

/* Each access E becomes `(*__ldcc::FN(&(E), STATE B, kernel, site))`, FN
 * fns[mode & mask]. */
static int wrap_accesses(const struct ld_warp *w, const char *const *fns,
                         int mask, const char *state,
                         struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < w->naccesses && !rc; i++) {
    const struct ld_warp_access *a = &w->accesses[i];
    if (a->assign)
      continue; /* shadow_edits */
    if (a->callee)
      continue; /* a called function's: ld__warp_callee_edits */
    if (a->pair && w->beside)
      continue; /* the shadow beside wraps it for both (edit_cluster) */
    b.len = 0;
    rc = ld_buf_printf(&b, "(*__ldcc::%s(&(", fns[a->mode & mask]);
    if (!rc)
      rc = ld_edit_insert(edits, a->begin, b.data);
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, "), %s%s, %zuu, %zuu))", state, a->var, w->index,
                         i + 1);
    if (!rc)
      rc = ld_edit_insert(edits, a->end, b.data);
  }
  ld_buf_free(&b);
  return rc;
}

/* A libcu++ block-scope atomic's object (or pointer to it) through
 * __ldcc::scope_block. */
static int wrap_libcu(const struct ld_warp *w, size_t i,
                      struct ld_edit_list *edits) {
  const struct ld_warp_access *a = &w->scoped[i];
  int lv = (a->mode & LD_ITS_LVALUE) != 0;
  struct ld_buf b = LD_BUF_INIT;
  int rc;

  rc = ld_edit_insert(edits, a->begin,
                      lv ? "(*__ldcc::scope_block(&(" : "__ldcc::scope_block(");
  if (!rc)
    rc = ld_buf_printf(&b, "%s, %zuu, %zuu%s", lv ? ")" : "", w->index,
                       w->naccesses + i + 1, lv ? "))" : ")");
  if (!rc)
    rc = ld_edit_insert(edits, a->end, b.data);
  ld_buf_free(&b);
  return rc;
}

/* A kernel that hands data through flags or locks: a thread state at
 * entry, data and flag accesses, atomics, fences (no warp tables). */
static int edit_mp(const struct ld_warp *w, struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc;

  rc = ld_edit_insert(edits, w->body_open + 1,
                      " __ldcc::mp_thread __ldcc_mp = {};");
  if (!rc)
    rc = wrap_accesses(w, mp_fn, 7, "__ldcc_mp, ", edits);
  for (i = 0; i < w->nscoped && !rc; i++) {
    const struct ld_warp_access *a = &w->scoped[i];
    if (a->mode & LD_ITS_LIBCU) {
      rc = wrap_libcu(w, i, edits);
      continue;
    }
    rc = ld_edit_insert(edits, a->begin, "__ldcc::mp_atomic(");
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, ", __ldcc_mp, %zuu, %zuu, %d, %d)", w->index,
                         w->naccesses + i + 1, a->mode & 1, a->mode >> 1 & 1);
    if (!rc)
      rc = ld_edit_insert(edits, a->end, b.data);
  }
  for (i = 0; i < w->nsyncs && !rc; i++) {
    b.len = 0;
    rc = ld_buf_printf(&b, "%s__ldcc::mp_fence(__ldcc_mp, %uu), ",
                       w->syncs[i].callee_fence ? "(" : "",
                       fence_level(w->syncs[i].form));
    if (!rc)
      rc = ld_edit_insert(edits, w->syncs[i].begin, b.data);
    if (!rc && w->syncs[i].callee_fence)
      rc = ld_edit_insert(edits, w->syncs[i].end, ")");
  }
  ld_buf_free(&b);
  return rc;
}

/* At sync y the shadow's epoch steps: `(E, __ldcc::cl_sync(__ldcc_cl))`,
 * or `__ldcc::ws_after(__ldcc_cl, E)` when E has a value (a
 * `__syncthreads_count`, a helper's result); in a clone, with the edits'
 * sequence numbers open and close (insert_at). */
static int insert_at(struct ld_edit_list *edits, size_t offset,
                     const char *text, size_t seq);

/* The warp tables' function for access a of tables t. */
static const char *tables_fn(const struct ld_warp *t,
                             const struct ld_warp_access *a) {
  return (t->weak_stores ? weak_fn : warp_fn)[a->mode & 3];
}

/* The opening and closing texts of shadow access a (number i) of w, base
 * the text naming its variable: `(*__ldcc::ws_r(&(` ... `), __ldcc_cl, B,
 * k, site))`; when the tables t beside it check the same expression
 * (a->pair), their wrapper inside: `(*__ldcc::ws_r(__ldcc::its_r(&(` ...
 * `), B, kt, st), __ldcc_cl, B, k, site))`.  An assignment's is the
 * proxy's: `__ldcc::ws_set(&(` ... `), __ldcc_cl, B, k, site)`. */
static int shadow_texts(const struct ld_warp *w, const struct ld_warp *t,
                        size_t i, const char *base, struct ld_buf *open,
                        struct ld_buf *close) {
  const struct ld_warp_access *a = &w->accesses[i];
  const struct ld_warp_access *ta =
      t && a->pair ? &t->accesses[a->pair - 1] : NULL;
  int rc;

  rc = a->assign
           ? ld_buf_puts(open, "__ldcc::ws_set(")
           : ld_buf_printf(open, "(*__ldcc::%s(", shadow_fns(w)[a->mode & 3]);
  if (!rc && ta)
    rc = ld_buf_printf(open, "__ldcc::%s(", tables_fn(t, ta));
  if (!rc)
    rc = ld_buf_puts(open, "&(");
  if (!rc)
    rc = ld_buf_puts(close, ")");
  if (!rc && ta)
    rc = ld_buf_printf(close, ", %s, %zuu, %zuu)", base, t->index, a->pair);
  if (!rc)
    rc = ld_buf_printf(close, ", __ldcc_cl, %s, %zuu, %zuu)%s", base, w->index,
                       i + 1, a->assign ? "" : ")");
  return rc;
}

/* The edits of shadow access i of w (shadow_texts; tables t beside it, or
 * NULL).  A statement `E = V;` storing to a `__shared__` scalar or element
 * becomes `__ldcc::ws_set(&(E), __ldcc_cl, B, k, site) = V;`, whose proxy
 * makes the store and so sees the value.  In a clone with sequence numbers
 * open and close. */
static int shadow_edits(const struct ld_warp *w, const struct ld_warp *t,
                        size_t i, const char *base, struct ld_edit_list *edits,
                        int clone, size_t open, size_t close) {
  const struct ld_warp_access *a = &w->accesses[i];
  struct ld_buf o = LD_BUF_INIT, c = LD_BUF_INIT;
  int rc = shadow_texts(w, t, i, base, &o, &c);

  if (!rc)
    rc = clone ? insert_at(edits, a->begin, o.data, open)
               : ld_edit_insert(edits, a->begin, o.data);
  if (!rc)
    rc = clone ? insert_at(edits, a->end, c.data, close)
               : ld_edit_insert(edits, a->end, c.data);
  ld_buf_free(&o);
  ld_buf_free(&c);
  return rc;
}

static int step_after(const struct ld_warp *w, const struct ld_warp *t,
                      const struct ld_warp_sync *y, struct ld_edit_list *edits,
                      int clone, size_t open, size_t close) {
  /* A barrier the tables beside step after too: their step inside. */
  int both = t && y->pair;
  char b1[64], b2[64];
  int rc;

  /* A block's void barrier steps it first: `__ldcc::ws_sync(__ldcc_cl),
   * __syncthreads()` (its operands make no access; nothing to close where
   * the global clone rewrites a grid sync's call, ggrid_sync); beside the
   * tables `(__ldcc::ws_sync(__ldcc_cl), __syncthreads(),
   * __ldcc::its_sync())`. */
  if (y->is_void && w->cluster == LD_WARP_SHADOW) {
    const char *head =
        both ? "(__ldcc::ws_sync(__ldcc_cl), " : "__ldcc::ws_sync(__ldcc_cl), ";
    rc = clone ? insert_at(edits, y->begin, head, 0)
               : ld_edit_insert(edits, y->begin, head);
    if (!rc && both)
      rc = clone ? insert_at(edits, y->end, ", __ldcc::its_sync())", (size_t)-1)
                 : ld_edit_insert(edits, y->end, ", __ldcc::its_sync())");
    return rc;
  }
  snprintf(b1, sizeof b1, y->is_void ? "(" : "__ldcc::%s_after(__ldcc_cl, %s",
           shadow_prefix(w), both ? "__ldcc::its_after(" : "");
  snprintf(b2, sizeof b2, y->is_void ? ", __ldcc::%s_sync(__ldcc_cl))" : "%s",
           y->is_void ? shadow_prefix(w)
           : both     ? "))"
                      : ")");
  if (!clone) {
    rc = ld_edit_insert(edits, y->begin, b1);
    return rc ? rc : ld_edit_insert(edits, y->end, b2);
  }
  rc = insert_at(edits, y->begin, b1, open);
  return rc ? rc : insert_at(edits, y->end, b2, close);
}

/* A kernel that maps other blocks' shared memory: a thread state at entry,
 * each access and atomic noted, each cluster sync steps the epoch (no warp
 * tables). */
static int edit_cluster(const struct ld_warp *w, const struct ld_warp *t,
                        struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  const char *x = shadow_prefix(w);
  size_t i;
  int rc;

  rc = ld_buf_printf(&b, " __ldcc::%s_thread __ldcc_cl = {};", x);
  if (!rc)
    rc = ld_edit_insert(edits, w->body_open + 1, b.data);
  for (i = 0; i < w->naccesses && !rc; i++)
    rc = shadow_edits(w, t, i, w->accesses[i].var, edits, 0, 0, 0);
  for (i = 0; i < w->nscoped && !rc; i++) {
    const struct ld_warp_access *a = &w->scoped[i];
    b.len = 0;
    rc = ld_buf_printf(&b, "__ldcc::%s_a(", x);
    if (!rc)
      rc = ld_edit_insert(edits, a->begin, b.data);
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, ", __ldcc_cl, %zuu, %zuu)", w->index,
                         w->naccesses + i + 1);
    if (!rc)
      rc = ld_edit_insert(edits, a->end, b.data);
  }
  for (i = 0; i < w->nsyncs && !rc; i++)
    rc = step_after(w, t, &w->syncs[i], edits, 0, 0, 0);
  ld_buf_free(&b);
  return rc;
}

static int edit_kernel(const struct ld_warp *w, struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc;

  if (w->mp)
    return edit_mp(w, edits);
  if (w->cluster)
    return edit_cluster(w, NULL, edits);
  /* Without accesses to check, the warp tables and epochs are not needed
   * (a kernel with only block-scope atomics). */
  rc = w->naccesses
           ? ld_edit_insert(edits, w->body_open + 1, " __ldcc::its_enter();")
           : LD_OK;
  /* Inserts at one offset apply in the order they were added: opening
   * texts of outer expressions first, closing texts of inner ones first. */
  if (!rc)
    rc = wrap_accesses(w,
                       w->probe         ? probe_fn
                       : w->weak_stores ? weak_fn
                                        : warp_fn,
                       3, "", edits);
  for (i = 0; i < w->nscoped && !rc; i++) {
    const struct ld_warp_access *a = &w->scoped[i];
    if (a->mode & LD_ITS_LIBCU) {
      rc = wrap_libcu(w, i, edits);
      continue;
    }
    rc = ld_edit_insert(edits, a->begin,
                        a->mode & 1 ? "__ldcc::scope_block("
                                    : "__ldcc::scope_probe(");
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, ", %zuu, %zuu)", w->index, w->naccesses + i + 1);
    if (!rc)
      rc = ld_edit_insert(edits, a->end, b.data);
  }
  for (i = 0; i < w->nsyncs && w->naccesses && !rc; i++) {
    const struct ld_warp_sync *y = &w->syncs[i];
    if (y->pair && w->beside)
      continue; /* the shadow beside steps both (step_after) */
    if (y->callee)
      continue; /* a called function's: ld__warp_callee_edits */
    rc = ld_edit_insert(edits, y->begin,
                        y->is_void ? "(" : "__ldcc::its_after(");
    if (!rc)
      rc = ld_edit_insert(edits, y->end,
                          y->is_void ? ", __ldcc::its_sync())" : ")");
  }
  /* The block's shadow beside the tables. */
  if (!rc && w->beside)
    rc = edit_cluster(w->beside, w, edits);
  ld_buf_free(&b);
  return rc;
}

int ld__warp_in_clone(const struct ld_kernel *k) {
  return k->replay && k->warp && !k->warp->skip && !k->warp->mp &&
         k->warp->naccesses;
}

int ld__warp_in_global(const struct ld_kernel *k) {
  return !k->replay && k->global && k->global->checked &&
         ld_warp_carried(k->warp) && k->warp->naccesses;
}

/* Whether [b, e) lies in text a site of r replaces or renders elsewhere
 * (a barrier statement, the call of a valued one); with calls, in the
 * call of a device function with barriers too (its epoch step is the
 * site's). */
static int in_site(const struct ld_replay *r, size_t b, size_t e, int calls) {
  size_t i;

  for (i = 0; i < r->nsites; i++) {
    const struct ld_site *s = &r->sites[i];
    int call_only = s->with_result || s->hoist_type; /* the call moves */
    size_t sb = call_only ? s->call_begin : s->stmt_begin;
    size_t se = call_only ? s->call_end : s->stmt_end;
    if (s->callee && !calls)
      continue;
    if (b >= sb && e <= se)
      return 1;
  }
  return 0;
}

/* The clone's text for the variable access a names: the replacement the
 * clone's edits make of the name (`(__ldcc_p->s)` for a shared variable in
 * the layout, a renamed local), or the name as written; empty when the
 * access does not start with the name or an edit splits it. */
static int clone_base(const struct ld_warp_access *a, const char *src,
                      const struct ld_edit_list *edits, struct ld_buf *out) {
  static const char mark[] = "__ldcc_c.rd = 1, ";
  size_t b = a->begin, n = strlen(a->var), i;
  const char *text = a->var, *m;

  while (b < a->end && strchr("*( \t\r\n", src[b]))
    b++;
  if (b + n > a->end || strncmp(src + b, a->var, n) ||
      (b + n < a->end &&
       (isalnum((unsigned char)src[b + n]) || src[b + n] == '_')))
    return LD_OK;
  for (i = 0; i < edits->n; i++) {
    const struct ld_edit *e = &edits->items[i];
    if (e->begin == b && e->end == b + n)
      text = e->text;
    else if (e->end > e->begin && e->begin < b + n && e->end > b)
      return LD_OK;
  }
  /* Naming the copy is no read of it. */
  m = strstr(text, mark);
  if (!m)
    return ld_buf_puts(out, text);
  return ld_buf_append(out, text, (size_t)(m - text)) ||
                 ld_buf_puts(out, m + sizeof mark - 1)
             ? LD_ENOMEM
             : LD_OK;
}

/* Inserts at offset that come out before (first) or after every other
 * insert there: the edits' sequence numbers order them. */
static int insert_at(struct ld_edit_list *edits, size_t offset,
                     const char *text, size_t seq) {
  int rc = ld_edit_insert(edits, offset, text);

  if (!rc)
    edits->items[edits->n - 1].seq = seq;
  return rc;
}

/* The checks of distributed shared memory (or the block's shadow) w in the
 * global clone, beside the tables t (or NULL): as in the original,
 * innermost around each expression (the clone's claims outside; the caller
 * moved their sequence numbers past close0 + the count of w's accesses,
 * atomics and syncs), openers numbered from open0, closers from close0. */
static int cluster_clone_edits(const struct ld_warp *w, const struct ld_warp *t,
                               char **base, struct ld_edit_list *edits,
                               size_t open0, size_t close0) {
  size_t i;
  struct ld_buf b = LD_BUF_INIT;
  const char *x = shadow_prefix(w);
  char open[32];
  int rc = LD_OK;

  snprintf(open, sizeof open, "__ldcc::%s_a(", x);
  rc = ld_buf_printf(&b, " __ldcc::%s_thread __ldcc_cl = {};", x);
  if (!rc)
    rc = insert_at(edits, w->body_open + 1, b.data, 0);
  for (i = 0; i < w->naccesses && !rc; i++)
    if (base[i]) /* else not in the clone's text: a miss, never a report */
      rc = shadow_edits(w, t, i, base[i], edits, 1, open0 + i, close0 + i);
  for (i = 0; i < w->nscoped && !rc; i++) {
    const struct ld_warp_access *a = &w->scoped[i];
    rc = insert_at(edits, a->begin, open, open0 + w->naccesses + i);
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, ", __ldcc_cl, %zuu, %zuu)", w->index,
                         w->naccesses + i + 1);
    if (!rc)
      rc = insert_at(edits, a->end, b.data, close0 + w->naccesses + i);
  }
  for (i = 0; i < w->nsyncs && !rc; i++)
    rc = step_after(w, t, &w->syncs[i], edits, 1,
                    open0 + w->naccesses + w->nscoped + i,
                    close0 + w->naccesses + w->nscoped + i);
  ld_buf_free(&b);
  return rc;
}

/* Access i of the tables w in a clone: `(*__ldcc::its_X(&(` before it
 * (sequence open_seq: after every other opener there), `), BASE, k, site))`
 * after it (before every other closer), with `, __ldcc_c.pass` in a replay
 * clone (recorded in pass 1 only). */
static int wrap_table_access(const struct ld_warp *w, size_t i,
                             const char *base, int pass,
                             struct ld_edit_list *edits, size_t open_seq) {
  const struct ld_warp_access *a = &w->accesses[i];
  struct ld_buf b = LD_BUF_INIT;
  int rc;

  rc = ld_buf_printf(&b, "(*__ldcc::%s(&(", tables_fn(w, a));
  if (!rc)
    rc = insert_at(edits, a->begin, b.data, open_seq);
  b.len = 0;
  if (!rc)
    rc = ld_buf_printf(&b, "), %s, %zuu, %zuu%s))", base, w->index, i + 1,
                       pass ? ", __ldcc_c.pass" : "");
  if (!rc)
    rc = insert_at(edits, a->end, b.data, 1 + i);
  ld_buf_free(&b);
  return rc;
}

/* The clone's texts naming the variables of w's accesses (clone_base; NULL
 * where the clone does not have the access's text). */
static int clone_bases(const struct ld_kernel *k, const struct ld_warp *w,
                       const char *src, const struct ld_edit_list *edits,
                       char ***out) {
  char **base = calloc(w->naccesses + 1, sizeof *base);
  struct ld_buf b = LD_BUF_INIT;
  size_t i;
  int rc = base ? LD_OK : LD_ENOMEM;

  for (i = 0; i < w->naccesses && !rc; i++) {
    b.len = 0;
    if (w->accesses[i].callee)
      continue; /* a called function's: ld__warp_callee_edits */
    if (!k->replay ||
        !in_site(k->replay, w->accesses[i].begin, w->accesses[i].end, 0))
      rc = clone_base(&w->accesses[i], src, edits, &b);
    if (!rc && b.len && !(base[i] = strdup(b.data)))
      rc = LD_ENOMEM;
  }
  ld_buf_free(&b);
  *out = base;
  return rc;
}

static void free_bases(const struct ld_warp *w, char **base) {
  size_t i;

  for (i = 0; base && w && i < w->naccesses; i++)
    free(base[i]);
  free(base);
}

int ld__warp_clone_edits(const struct ld_kernel *k, const char *src,
                         struct ld_edit_list *edits) {
  const struct ld_warp *w = k->warp, *sh = w->beside;
  size_t i, n = w->naccesses + w->nsyncs + 1, last = (size_t)-1;
  size_t nsh = sh ? sh->naccesses + sh->nscoped + sh->nsyncs + 1 : 0;
  char **base = NULL, **shbase = NULL;
  struct ld_buf b = LD_BUF_INIT;
  int rc = clone_bases(k, w, src, edits, &base);

  if (!rc && sh)
    rc = clone_bases(k, sh, src, edits, &shbase);
  if (!rc && w->cluster) {
    n = w->naccesses + w->nscoped + w->nsyncs + 1;
    for (i = 0; i < edits->n; i++)
      edits->items[i].seq += n;
    rc = cluster_clone_edits(w, NULL, base, edits, last - n, 1);
    goto out;
  }
  /* Openers last, closers first: innermost around each expression; the
   * shadow beside the tables outside them. */
  for (i = 0; i < edits->n && !rc; i++)
    edits->items[i].seq += n + nsh;
  if (!rc)
    rc = insert_at(edits, w->body_open + 1, " __ldcc::its_enter();", 0);
  for (i = 0; i < w->naccesses && !rc; i++) {
    const struct ld_warp_access *a = &w->accesses[i];
    if (!base[i] || (a->pair && sh))
      continue; /* not in the clone's text (a miss, never a report), or
                   wrapped with the shadow's (cluster_clone_edits) */
    rc = wrap_table_access(w, i, base[i], k->replay != NULL, edits,
                           last - n + i);
  }
  for (i = 0; i < w->nsyncs && !rc; i++) {
    const struct ld_warp_sync *y = &w->syncs[i];
    if (k->replay && in_site(k->replay, y->begin, y->end, 1))
      continue; /* a barrier: the site steps the epoch */
    if (y->callee)
      continue; /* a called function's: ld__warp_callee_edits */
    if (y->pair && sh)
      continue; /* the shadow's step_after steps both */
    rc = insert_at(edits, y->begin, y->is_void ? "(" : "__ldcc::its_after(",
                   last - w->nsyncs + i);
    if (!rc)
      rc = insert_at(edits, y->end, y->is_void ? ", __ldcc::its_sync())" : ")",
                     1 + w->naccesses + i);
  }
  if (!rc && sh)
    rc = cluster_clone_edits(sh, w, shbase, edits, last - n - nsh, 1 + n);
out:
  free_bases(w, base);
  free_bases(sh, shbase);
  ld_buf_free(&b);
  return rc;
}

int ld__warp_callee_edits(const struct ld_kernel *k, size_t name_begin,
                          const char *src, struct ld_edit_list *edits) {
  const struct ld_warp *w = k->warp;
  size_t i, n, last = (size_t)-1;
  struct ld_buf b = LD_BUF_INIT, v = LD_BUF_INIT;
  int rc = LD_OK;

  if (!ld__warp_in_clone(k) || w->beside || w->cluster)
    return LD_OK;
  n = w->naccesses + w->nsyncs + 1;
  /* Innermost around each expression, inside the clone's pwr: openers
   * last, closers first (as ld__warp_clone_edits). */
  for (i = 0; i < edits->n; i++)
    edits->items[i].seq += n;
  for (i = 0; i < w->naccesses && !rc; i++) {
    const struct ld_warp_access *a = &w->accesses[i];
    if (a->callee != name_begin + 1)
      continue;
    v.len = 0;
    rc = clone_base(a, src, edits, &v);
    if (rc || !v.len)
      continue; /* an edit splits its name: a miss, never a report */
    rc = wrap_table_access(w, i, v.data, 1, edits, last - n + i);
  }
  for (i = 0; i < w->nsyncs && !rc; i++) {
    const struct ld_warp_sync *y = &w->syncs[i];
    if (y->callee != name_begin + 1)
      continue;
    rc = insert_at(edits, y->begin, y->is_void ? "(" : "__ldcc::its_after(",
                   last - w->nsyncs + i);
    if (!rc)
      rc = insert_at(edits, y->end, y->is_void ? ", __ldcc::its_sync())" : ")",
                     1 + w->naccesses + i);
  }
  ld_buf_free(&b);
  ld_buf_free(&v);
  return rc;
}

int ld__mp_in_global(const struct ld_kernel *k) {
  return !k->replay && k->global && k->global->checked && k->global->direct &&
         k->warp && !k->warp->skip && k->warp->mp;
}

int ld__mp_clone_edits(const struct ld_kernel *k, struct ld_edit_list *edits) {
  const struct ld_warp *w = k->warp;
  size_t i, n = w->naccesses + w->nscoped + 1, last = (size_t)-1;
  struct ld_buf b = LD_BUF_INIT;
  int rc = LD_OK;

  /* Openers last, closers first: innermost around each expression (the
   * claims of the direct run outside). */
  for (i = 0; i < edits->n; i++)
    edits->items[i].seq += n;
  rc = insert_at(edits, w->body_open + 1, " __ldcc::mp_thread __ldcc_mp = {};",
                 0);
  for (i = 0; i < w->naccesses && !rc; i++) {
    const struct ld_warp_access *a = &w->accesses[i];
    b.len = 0;
    rc = ld_buf_printf(&b, "(*__ldcc::%s(&(", mp_fn[a->mode & 7]);
    if (!rc)
      rc = insert_at(edits, a->begin, b.data, last - n + i);
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, "), __ldcc_mp, %s, %zuu, %zuu))", a->var, w->index,
                         i + 1);
    if (!rc)
      rc = insert_at(edits, a->end, b.data, 1 + i);
  }
  for (i = 0; i < w->nscoped && !rc; i++) {
    const struct ld_warp_access *a = &w->scoped[i];
    if (a->mode & LD_ITS_LIBCU)
      return LD_EOVERLAP; /* libcu++ atomics take no direct run */
    rc = insert_at(edits, a->begin, "__ldcc::mp_atomic(",
                   last - n + w->naccesses + i);
    b.len = 0;
    if (!rc)
      rc = ld_buf_printf(&b, ", __ldcc_mp, %zuu, %zuu, %d, %d)", w->index,
                         w->naccesses + i + 1, a->mode & 1, a->mode >> 1 & 1);
    if (!rc)
      rc = insert_at(edits, a->end, b.data, 1 + w->naccesses + i);
  }
  for (i = 0; i < w->nsyncs && !rc; i++) {
    b.len = 0;
    rc = ld_buf_printf(&b, "%s__ldcc::mp_fence(__ldcc_mp, %uu), ",
                       w->syncs[i].callee_fence ? "(" : "",
                       fence_level(w->syncs[i].form));
    /* Before anything the clone puts there: `__ldcc::ggrid_sync(` of a
     * grid sync, the release of a fence; a helper's closing parenthesis
     * after everything. */
    if (!rc)
      rc = insert_at(edits, w->syncs[i].begin, b.data, 0);
    if (!rc && w->syncs[i].callee_fence)
      rc = insert_at(edits, w->syncs[i].end, ")", (size_t)-1);
  }
  ld_buf_free(&b);
  return rc;
}

/* The write lines of variable `var` among the kernel's accesses. */
static int put_write_lines(struct ld_buf *b, const struct ld_warp *w,
                           const char *var, size_t *n) {
  size_t i;
  int rc = LD_OK;

  *n = 0;
  for (i = 0; i < w->naccesses && !rc; i++)
    if ((w->accesses[i].mode & 3) != LD_ITS_READ &&
        !strcmp(w->accesses[i].var, var))
      rc = ld_buf_printf(b, "%s%u", (*n)++ ? ", " : "", w->accesses[i].at.line);
  return rc;
}

static int put_meta(struct ld_buf *b, const struct ld_plan *plan,
                    const struct ld_kernel *k, const struct ld_warp *w) {
  size_t i, ki = w->index, n;
  int rc;

  rc = ld_buf_printf(b, "static const int __ldcc_its_lines_%zu[] = {%u", ki,
                     k->at.line);
  for (i = 0; i < w->naccesses && !rc; i++)
    rc = ld_buf_printf(b, ", %u", w->accesses[i].at.line);
  for (i = 0; i < w->nscoped && !rc; i++)
    rc = ld_buf_printf(b, ", %u", w->scoped[i].at.line);
  if (!rc)
    rc = ld_buf_printf(b, ", %u};\n", w->exit_line);
  for (i = 0; i < w->naccesses && !rc; i++) {
    rc =
        ld_buf_printf(b, "static const int __ldcc_its_wl_%zu_%zu[] = {", ki, i);
    if (!rc)
      rc = put_write_lines(b, w, w->accesses[i].var, &n);
    if (!rc)
      rc = ld_buf_puts(b, n ? "};\n" : "0};\n");
  }
  /* One target per access site (site i + 1), named after its variable. */
  if (!rc)
    rc = ld_buf_printf(
        b, "static const __ldcc_target_meta __ldcc_its_vars_%zu[] = {", ki);
  for (i = 0; i < w->naccesses && !rc; i++) {
    struct ld_buf wl = LD_BUF_INIT;
    rc = put_write_lines(&wl, w, w->accesses[i].var, &n);
    ld_buf_free(&wl);
    if (!rc)
      rc = ld_buf_printf(b,
                         "\n  {\"%s\", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, %zu, "
                         "__ldcc_its_wl_%zu_%zu},",
                         w->accesses[i].var, n, ki, i);
  }
  /* Then one per block-scope atomic, named "<op>:<variable>". */
  for (i = 0; i < w->nscoped && !rc; i++)
    rc = ld_buf_printf(b, "\n  {\"%s\", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, 0},",
                       w->scoped[i].var);
  if (!rc && !w->naccesses && !w->nscoped)
    rc = ld_buf_puts(b, "{0}");
  if (!rc)
    rc = ld_buf_puts(b, "};\n");
  if (!rc)
    rc = ld_buf_printf(b,
                       "static const __ldcc_kernel_meta __ldcc_its_meta_%zu = "
                       "{__LDCC_HOST_ABI, %zuu, \"%s\", ",
                       ki, w->naccesses + w->nscoped, k->name);
  if (!rc)
    rc = ld__put_file_expr(b, plan, k->at.offset, "__ldcc_its_file");
  if (!rc)
    rc = ld_buf_printf(b,
                       ", %u, %zuu, 0, 0, 1, __ldcc_its_vars_%zu, "
                       "__ldcc_its_lines_%zu, 0, 0, 0};\n",
                       k->at.line, w->naccesses + w->nscoped + 2, ki, ki);
  return rc;
}

/* The checks of kernel k: its own (k->warp) and the shadow beside them
 * (j = 1), or NULL. */
static const struct ld_warp *checks_of(const struct ld_kernel *k, int j) {
  const struct ld_warp *w = k->warp && !k->warp->skip ? k->warp : NULL;

  return w && j ? w->beside : w;
}

/* The file's checks by their numbers (the device code's kernel numbers),
 * n as many as the largest says, and the shadows they need. */
struct checks_table {
  const struct ld_warp *w[LD_WARP_MAX_KERNELS];
  size_t n;
  unsigned shadows;
};

/* Fills t; 0 when some number is past the table. */
static int number_checks(const struct ld_plan *plan, struct checks_table *t) {
  size_t i;
  int j;

  memset(t, 0, sizeof *t);
  for (i = 0; i < plan->nkernels; i++)
    for (j = 0; j < 2; j++) {
      const struct ld_warp *w = checks_of(&plan->kernels[i], j);
      if (!w)
        continue;
      if (w->index >= LD_WARP_MAX_KERNELS)
        return 0;
      t->w[w->index] = w;
      t->n = w->index >= t->n ? w->index + 1 : t->n;
      t->shadows |= w->cluster ? 1u << w->cluster : 0u;
    }
  return 1;
}

/* The metadata of every kernel's checks, the table in the order of their
 * numbers (0 for a number no kernel took). */
static int put_trailer(struct ld_buf *b, const struct ld_plan *plan,
                       const struct checks_table *t) {
  size_t i;
  int rc, j;

  rc = ld_buf_puts(b, "\n/* ldcc: metadata of the intra-warp checks */\n"
                      "static const char __ldcc_its_file[] = \"");
  if (!rc)
    rc = ld_buf_put_c_escaped(b, plan->file);
  if (!rc)
    rc = ld_buf_puts(b, "\";\n");
  for (i = 0; i < plan->nkernels && !rc; i++)
    for (j = 0; j < 2 && !rc; j++)
      if (checks_of(&plan->kernels[i], j))
        rc = put_meta(b, plan, &plan->kernels[i],
                      checks_of(&plan->kernels[i], j));
  if (!rc)
    rc = ld_buf_puts(b, "static const __ldcc_kernel_meta *const "
                        "__ldcc_its_metas[] = {");
  for (i = 0; i < t->n && !rc; i++)
    rc = t->w[i] ? ld_buf_printf(b, "&__ldcc_its_meta_%zu, ", i)
                 : ld_buf_puts(b, "0, ");
  if (!rc)
    rc = ld_buf_printf(
        b,
        "};\nstatic __attribute__((unused)) const __ldcc_kernel_meta *const "
        "*__ldcc_its_table(unsigned *n) {\n  *n = %zuu;\n"
        "  return __ldcc_its_metas;\n}\n",
        t->n);
  return rc;
}

/* Whether launch l starts a kernel of the file that has the checks. */
static int arms(const struct ld_plan *plan, const struct ld_launch *l) {
  size_t i;

  if (!l->callee)
    return 0;
  for (i = 0; i < plan->nkernels; i++)
    if (plan->kernels[i].warp && !plan->kernels[i].warp->skip &&
        ld__launch_runs(plan, l, &plan->kernels[i]))
      return 1;
  return 0;
}

int ld__cluster_part(const struct ld_kernel *k, struct ld_buf *b) {
  int rc;

  if (!k->warp || k->warp->skip || k->warp->cluster != LD_WARP_CLUSTER ||
      !k->shared_reason)
    return LD_OK;
  rc = ld_buf_puts(b, "\"not checked in shared memory: ");
  if (!rc)
    rc = ld_buf_put_c_escaped(b, k->shared_reason);
  if (!rc && k->global && k->global->reason) {
    rc = ld_buf_puts(b, "; not checked across blocks: ");
    if (!rc)
      rc = ld_buf_put_c_escaped(b, k->global->reason);
  }
  return rc ? rc : ld_buf_puts(b, "\"");
}

/* `__ldcc::checked_in_part(kernel, why), ` for a launch l of a cluster
 * kernel; nothing for any other launch. */
static int cluster_part(const struct ld_plan *plan, const struct ld_launch *l,
                        struct ld_buf *b) {
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < plan->nkernels; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    if (!k->warp || k->warp->skip || k->warp->cluster != LD_WARP_CLUSTER ||
        !k->shared_reason || !ld__launch_runs(plan, l, k))
      continue;
    rc = ld_buf_printf(b, "__ldcc::checked_in_part(\"%s\", ", k->name);
    if (!rc)
      rc = ld__cluster_part(k, b);
    if (!rc)
      rc = ld_buf_puts(b, "), ");
    break;
  }
  return rc;
}

int ld__warp_emit(const struct ld_plan *plan, size_t len,
                  struct ld_edit_list *edits) {
  struct ld_buf b = LD_BUF_INIT;
  struct checks_table t;
  size_t i, ki;
  int rc = LD_OK;

  /* Every kernel's checks, and the shadows beside tables, take a number. */
  if (!number_checks(plan, &t) || !t.n)
    return LD_OK;
  /* The shadows only where a kernel needs them (tables of 1.5 MB of
   * device memory per file for clusters, 6 MB for blocks). */
  rc = ld_buf_printf(
      &b, "%s%s#include <ldcc/its.cuh>\n",
      t.shadows & 1u << LD_WARP_CLUSTER ? "#define __LDCC_CLUSTER 1\n" : "",
      t.shadows & 1u << LD_WARP_SHADOW ? "#define __LDCC_WSHADOW 1\n" : "");
  if (!rc)
    rc = ld_edit_insert(edits, 0, b.data);
  for (i = 0; i < plan->nkernels && !rc; i++)
    if (plan->kernels[i].warp && !plan->kernels[i].warp->skip)
      rc = edit_kernel(plan->kernels[i].warp, edits);
  /* A launch is a statement (`k<<<...>>>(...)` is void); a call of
   * cudaLaunchKernel may be an initialiser or an operand, so w arming is
   * parenthesised with it. */
  for (i = 0; i < plan->nlaunches && !rc; i++) {
    const struct ld_launch *l = &plan->launches[i];
    /* Not a registration's launch after the last line (register_emit.c
     * makes its launcher of the rewritten text, a replay's for a kernel of
     * rule "shared memory across threads in a region"). */
    int counted;
    if (!arms(plan, l) || l->begin >= len)
      continue;
    /* A launch of the replay is counted by __ldcc::launch, one of the
     * check across blocks by __ldcc::launch_as (ld__rt_leave). */
    counted = ld__replay_launched(plan, l) != NULL ||
              ld__global_launched(plan, l, &ki) != NULL;
    rc = ld_edit_insert(edits, l->begin,
                        l->via_api ? counted ? "(__ldcc::its_arm<1>(), "
                                             : "(__ldcc::its_arm(), "
                        : counted  ? "__ldcc::its_arm<1>(), "
                                   : "__ldcc::its_arm(), ");
    b.len = 0;
    if (!rc)
      rc = cluster_part(plan, l, &b);
    if (!rc && b.len)
      rc = ld_edit_insert(edits, l->begin, b.data);
    if (!rc && l->via_api)
      rc = ld_edit_insert(edits, l->end, ")");
  }
  b.len = 0;
  if (!rc)
    rc = put_trailer(&b, plan, &t);
  if (!rc)
    rc = ld_edit_insert(edits, len, b.data);
  ld_buf_free(&b);
  return rc;
}
