/* Liveness of the replay clone's locals: during the walk, each local's
 * uses and the body's loops, top-level statements and first read; after
 * it, per local and site whether its value may still be needed there (and
 * what may be set once, in the prefix before the first site).  Host code
 * only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"
#include "ld_liveness.h"

void ld__add_use(struct facts *fx, size_t i, size_t off) {
  struct local_uses *u = &fx->uses[i];
  size_t *p;

  if ((u->nrefs & (u->nrefs - 1)) == 0) { /* 0, 1, 2, 4, ...: grow */
    p = realloc(u->refs, (u->nrefs ? 2 * u->nrefs : 1) * sizeof *p);
    if (!p) {
      fx->rc = LD_ENOMEM;
      return;
    }
    u->refs = p;
  }
  u->refs[u->nrefs++] = off;
}

/* Appends c's extent to a list of ranges; 0 when c comes from a macro
 * (or on allocation failure, fx->rc set). */
int ld__push_span(struct facts *fx, size_t (**list)[2], size_t *n, CXCursor c) {
  size_t(*p)[2] = realloc(*list, (*n + 1) * sizeof *p);
  size_t b, e;

  if (!p) {
    fx->rc = LD_ENOMEM;
    return 0;
  }
  *list = p;
  if (!ld__replay_span(fx, c, &b, &e))
    return 0;
  p[*n][0] = b;
  p[*n][1] = e;
  (*n)++;
  return 1;
}

void ld__note_read(struct facts *fx, size_t off) {
  if (!fx->shape.first_read || off + 1 < fx->shape.first_read)
    fx->shape.first_read = off + 1;
}

/* `threadIdx.x` and its kin read no memory. */
int ld__is_index_member(CXCursor c) {
  CXCursor base;
  CXString n;
  int yes = 0;
  const char *t;

  if (!ld__nth_child(c, 0, &base) ||
      clang_getCursorKind(base) != CXCursor_DeclRefExpr)
    return 0;
  n = clang_getCursorSpelling(base);
  t = clang_getCString(n);
  yes = t && (!strcmp(t, "threadIdx") || !strcmp(t, "blockIdx") ||
              !strcmp(t, "blockDim") || !strcmp(t, "gridDim"));
  clang_disposeString(n);
  return yes;
}

/* Whether local i may be read after the site at offset s before it is
 * assigned: it is declared (in its block) before s, and a reference to it
 * follows s, or lies in a loop around s inside its block (reached again
 * through the back edge).  Textual, so conservative: a reference that is
 * an assignment counts as a read.  A local declared after s in its block
 * is a new object when control gets there. */
static int live_at(const struct facts *fx, size_t i, size_t s) {
  const struct local_uses *u = &fx->uses[i];
  size_t j, k;

  if (u->escapes || fx->shape.loops_unknown)
    return 1;
  if (s < u->scope_b || s >= u->scope_e || s < u->decl)
    return 0;
  for (j = 0; j < u->nrefs; j++) {
    if (u->refs[j] >= s)
      return 1;
    for (k = 0; k < fx->shape.nloops; k++)
      if (fx->shape.loops[k][0] >= u->scope_b && fx->shape.loops[k][0] <= s &&
          s < fx->shape.loops[k][1] && fx->shape.loops[k][0] <= u->refs[j] &&
          u->refs[j] < fx->shape.loops[k][1])
        return 1;
  }
  return 0;
}

/* Where the prefix of the body ends: the start of the top-level statement
 * that holds the first site.  Code before it runs once, before any site,
 * and only in the first region. */
static size_t prefix_end(const struct facts *fx) {
  const struct ld_replay *r = fx->r;
  size_t k, first = SIZE_MAX;

  for (k = 0; k < r->nsites; k++)
    if (r->sites[k].stmt_begin < first)
      first = r->sites[k].stmt_begin;
  for (k = 0; k < fx->shape.ntops; k++)
    if (fx->shape.tops[k][0] <= first && first < fx->shape.tops[k][1])
      return fx->shape.tops[k][0];
  return 0; /* not found: no prefix */
}

/* A local set up in the prefix, before anything there may read memory,
 * and never changed after (`int tid = threadIdx.x;`) keeps its value in
 * every later region, so it needs no snapshot, restore or comparison
 * there; a replay of the first region runs the prefix again and computes
 * the same value (it cannot depend on another warp's write). */
static int set_once(const struct facts *fx, size_t i, size_t end) {
  const struct local_uses *u = &fx->uses[i];
  const struct ld_local *l = &fx->r->locals[i];

  if (fx->shape.first_read && fx->shape.first_read - 1 < end)
    end = fx->shape.first_read - 1;
  return end && !fx->shape.tops_unknown && !l->is_param && !l->is_array &&
         !l->keep_init && !u->escapes && !fx->shape.loops_unknown &&
         u->decl_end <= end && u->last_change <= end;
}

/* Liveness of every local at the entry and at each site. */
void ld__compute_liveness(struct facts *fx) {
  struct ld_replay *r = fx->r;
  size_t i, k, end = prefix_end(fx);

  for (i = 0; i < r->nlocals && !fx->rc; i++) {
    struct ld_local *l = &r->locals[i];
    int once = set_once(fx, i, end);
    l->live = malloc(r->nsites + 1);
    if (!l->live) {
      fx->rc = LD_ENOMEM;
      return;
    }
    l->live[0] = (unsigned char)(!once && live_at(fx, i, 0));
    for (k = 0; k < r->nsites; k++)
      l->live[k + 1] =
          (unsigned char)(!once && live_at(fx, i, r->sites[k].stmt_begin));
    l->live_any = 0;
    for (k = 0; k <= r->nsites; k++)
      l->live_any |= l->live[k];
  }
}
