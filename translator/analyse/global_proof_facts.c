/* The global-memory proof's facts (ld_own.h): every access through a
 * pointer parameter the kernel writes, its index as a sum of terms over
 * threadIdx/blockIdx components, counters of loops with a constant trip
 * count, blockDim/gridDim and integer parameters, and the thread indices a
 * condition around it fixes at 0 (`if (threadIdx.x == 0)`).
 *
 * Locals are followed to their value: a local changed only by its
 * declaration and by assignments that are statements of the kernel's body
 * itself (not nested) holds, at an access, the value of the last of those
 * before it, read where that one is.  A `for` loop `for (v = c0; v < c1;
 * v += s)` (or `<=`, `v++`), c0, c1, s constants, whose body never changes
 * v, gives v = c0 + s * k with k a counter below its trip count.  The
 * comparisons a condition around an access makes true (`c > 0 ? m[c - 1]
 * : ...`) go with it as guards, in signed arithmetic (an unsigned one only
 * when neither side can wrap: thread indices and loop counters times
 * non-negative constants, small enough).  Anything
 * else in an index (a division, a load, a local changed elsewhere) leaves
 * the kernel unproved, with the reason.  Uses libclang; host code only. */
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_clang_int.h"
#include "ld_error.h"
#include "ld_global_proof.h"

#define LD_GPROOF_TERMS 16
#define LD_GPROOF_LOOPS 8
#define LD_GPROOF_DEPTH 16

struct form {
  struct ld_gproof_term t[LD_GPROOF_TERMS];
  size_t n;
  long long off;
};

struct def {
  CXCursor var;
  size_t at;
  CXCursor value;
};

struct loopv {
  CXCursor var;
  long long c0, step, trips;
  int id;
};

#define LD_GPROOF_GUARDS 8

struct ofx {
  const struct ld__source *s;
  CXCursor fn;
  struct ld_global *g;
  CXCursor body;
  struct def *defs;
  size_t ndefs, capdefs;
  CXCursor *bad; /* locals and parameters changed other than by a def */
  size_t nbad, capbad;
  size_t *tops; /* offsets of the body's own `v = e;` statements */
  size_t ntops, captops;
  struct loopv loops[LD_GPROOF_LOOPS];
  size_t nloops;
  int loop_ids;
  unsigned fixed;
  struct form guards[LD_GPROOF_GUARDS]; /* sum + off >= 0 around the walk */
  size_t nguards;
  struct ld_gproof_access *acc;
  size_t nacc, capacc;
  /* Warps of one block (ld_global.epochs): the kernel's barriers, and
   * those that are statements of the body's straight-line code (in no loop or
   * condition), their end offsets in source order: the regions' bounds. */
  const struct ld_gbar *bars;
  size_t nbars;
  size_t *straight;
  size_t nstraight;
  char why[200];
  int rc;
};

static int off_of(const struct ofx *x, CXCursor c, size_t *off) {
  size_t o;

  if (!ld__main_offset(x->s, clang_getRangeStart(clang_getCursorExtent(c)),
                       &o) ||
      o > x->s->len)
    return 0;
  *off = o;
  return 1;
}

static void no(struct ofx *x, const char *fmt, const char *name) {
  if (!x->why[0])
    snprintf(x->why, sizeof x->why, fmt, name);
}

/* ---- the locals' values ------------------------------------------------- */

static int is_integer(CXType t) {
  t = clang_getCanonicalType(t);
  return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
         t.kind == CXType_Enum;
}

static int same(CXCursor a, CXCursor b) {
  return clang_equalCursors(a, b);
}

/* The local or parameter e names (implicit casts aside), or a null
 * cursor. */
static CXCursor var_of(CXCursor e) {
  CXCursor d;
  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  d = clang_getCursorReferenced(e);
  if (clang_getCursorKind(d) != CXCursor_VarDecl &&
      clang_getCursorKind(d) != CXCursor_ParmDecl)
    return clang_getNullCursor();
  return d;
}

static int is_bad(const struct ofx *x, CXCursor v) {
  size_t i;
  for (i = 0; i < x->nbad; i++)
    if (same(x->bad[i], v))
      return 1;
  return 0;
}

static void mark_bad(struct ofx *x, CXCursor v) {
  if (clang_Cursor_isNull(v) || is_bad(x, v))
    return;
  if (ld__grow(&x->bad, &x->capbad, x->nbad, sizeof *x->bad)) {
    x->rc = LD_ENOMEM;
    return;
  }
  x->bad[x->nbad++] = v;
}

static void add_def(struct ofx *x, CXCursor var, size_t at, CXCursor value) {
  if (ld__grow(&x->defs, &x->capdefs, x->ndefs, sizeof *x->defs)) {
    x->rc = LD_ENOMEM;
    return;
  }
  x->defs[x->ndefs].var = var;
  x->defs[x->ndefs].at = at;
  x->defs[x->ndefs++].value = value;
}

/* A variable declaration's initialiser (its last child, an expression),
 * for an integer variable; a null cursor otherwise. */
static CXCursor init_of(CXCursor decl) {
  CXCursor last = clang_getNullCursor(), c;
  unsigned i;

  if (!is_integer(clang_getCursorType(decl)))
    return last;
  for (i = 0; ld__nth_child(decl, i, &c); i++)
    last = c;
  return !clang_Cursor_isNull(last) &&
                 clang_isExpression(clang_getCursorKind(last))
             ? last
             : clang_getNullCursor();
}

static int is_top(const struct ofx *x, CXCursor c) {
  size_t at, i;
  if (!off_of(x, c, &at))
    return 0;
  for (i = 0; i < x->ntops; i++)
    if (x->tops[i] == at)
      return 1;
  return 0;
}

/* Whether c changes something, and what: the changed variable in *v (a
 * null cursor when it is not a variable).  Binding a reference to a
 * variable counts as changing it. */
static int changes(CXCursor c, CXCursor *v) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor lhs;

  if (k == CXCursor_VarDecl &&
      clang_getCursorType(c).kind == CXType_LValueReference) {
    unsigned i;
    for (i = 0; ld__nth_child(c, i, &lhs); i++)
      ;
    if (i && ld__nth_child(c, i - 1, &lhs)) {
      *v = var_of(lhs);
      return 1;
    }
    return 0;
  }
  if ((k == CXCursor_BinaryOperator &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
      k == CXCursor_CompoundAssignOperator) {
    if (!ld__nth_child(c, 0, &lhs))
      return 0;
    *v = var_of(lhs);
    return 1;
  }
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    if (((u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec) ||
         u == CXUnaryOperator_AddrOf) &&
        ld__nth_child(c, 0, &lhs)) {
      *v = var_of(lhs);
      return 1;
    }
  }
  return 0;
}

static enum CXChildVisitResult defs_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct ofx *x = data;
  CXCursor v = clang_getNullCursor(), init;
  size_t at;

  (void)parent;
  if (x->rc)
    return CXChildVisit_Break;
  if (clang_getCursorKind(c) == CXCursor_GotoStmt ||
      clang_getCursorKind(c) == CXCursor_IndirectGotoStmt) {
    /* a jump back would let a local's later value reach an earlier use */
    no(x, "%s", "a goto in the kernel");
    return CXChildVisit_Break;
  }
  if (clang_getCursorKind(c) == CXCursor_VarDecl &&
      !clang_Cursor_isNull(init = init_of(c)) && off_of(x, c, &at))
    add_def(x, c, at, init);
  else if (changes(c, &v) && !is_top(x, c))
    mark_bad(x, v);
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult tops_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct ofx *x = data;
  CXCursor lhs, rhs, v;
  size_t at;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
      ld__nth_child(c, 0, &lhs) && ld__nth_child(c, 1, &rhs) &&
      !clang_Cursor_isNull(v = var_of(lhs)) &&
      clang_getCursorKind(v) == CXCursor_VarDecl &&
      is_integer(clang_getCursorType(v)) && off_of(x, c, &at)) {
    if (ld__grow(&x->tops, &x->captops, x->ntops, sizeof *x->tops)) {
      x->rc = LD_ENOMEM;
      return CXChildVisit_Break;
    }
    x->tops[x->ntops++] = at;
    add_def(x, v, at, rhs);
  }
  return CXChildVisit_Continue;
}

/* ---- indices as sums of terms ------------------------------------------- */

static int text_is(const struct ofx *x, CXCursor c, const char *t) {
  CXSourceRange r = clang_getCursorExtent(c);
  size_t b, e, n = 0;
  CXFile f1, f2;
  unsigned o1, o2;

  clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
  clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
  if (!f1 || !f2 || !clang_File_isEqual(f1, x->s->main_file) ||
      !clang_File_isEqual(f2, x->s->main_file) || o2 <= o1 || o2 > x->s->len)
    return 0;
  for (b = o1, e = o2; b < e; b++) {
    char ch = x->s->src[b];
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '(' || ch == ')')
      continue;
    if (t[n] != ch)
      return 0;
    n++;
  }
  return t[n] == 0;
}

/* 0..11 when c is written threadIdx.x ... gridDim.z (in that order of
 * four names), else -1. */
static int builtin_of(const struct ofx *x, CXCursor c) {
  static const char *const names[] = {"threadIdx", "blockIdx", "blockDim",
                                      "gridDim"};
  char t[16];
  int i, k;

  if (clang_getCursorKind(c) != CXCursor_MemberRefExpr &&
      clang_getCursorKind(c) != CXCursor_UnexposedExpr)
    return -1;
  for (i = 0; i < 4; i++)
    for (k = 0; k < 3; k++) {
      snprintf(t, sizeof t, "%s.%c", names[i], "xyz"[k]);
      if (text_is(x, c, t))
        return 3 * i + k;
    }
  return -1;
}

static int term(struct form *f, int atom, long long c, int sym,
                long long trips) {
  if (f->n == LD_GPROOF_TERMS)
    return 0;
  f->t[f->n].atom = atom;
  f->t[f->n].c = c;
  f->t[f->n].sym = sym;
  f->t[f->n].loop = 0;
  f->t[f->n++].trips = trips;
  return 1;
}

static int add(struct form *f, const struct form *g, long long sign) {
  size_t i;
  long long c;

  for (i = 0; i < g->n; i++) {
    if (f->n == LD_GPROOF_TERMS || __builtin_mul_overflow(g->t[i].c, sign, &c))
      return 0;
    f->t[f->n] = g->t[i];
    f->t[f->n++].c = c;
  }
  return !__builtin_mul_overflow(g->off, sign, &c) &&
         !__builtin_add_overflow(f->off, c, &f->off);
}

static int scale(struct form *f, long long k) {
  size_t i;
  for (i = 0; i < f->n; i++)
    if (__builtin_mul_overflow(f->t[i].c, k, &f->t[i].c))
      return 0;
  return !__builtin_mul_overflow(f->off, k, &f->off);
}

/* f * (c * sym): only when f has no symbol yet. */
static int scale_sym(struct form *f, long long c, int sym) {
  size_t i;

  for (i = 0; i < f->n; i++)
    if (f->t[i].sym != LD_GPROOF_NOSYM)
      return 0;
  if (!scale(f, c))
    return 0;
  for (i = 0; i < f->n; i++)
    f->t[i].sym = sym;
  if (f->off && !term(f, LD_GPROOF_UNIFORM, f->off, sym, 0))
    return 0;
  f->off = 0;
  return 1;
}

/* g is one symbol times a constant: *c, *sym. */
static int one_symbol(const struct form *g, long long *c, int *sym) {
  if (g->n != 1 || g->off || g->t[0].atom != LD_GPROOF_UNIFORM)
    return 0;
  *c = g->t[0].c;
  *sym = g->t[0].sym;
  return 1;
}

static int lin(struct ofx *x, CXCursor e, size_t at, int depth, struct form *f);

static int param_index(const struct ofx *x, CXCursor d) {
  CXString n;
  size_t i;
  int found = -1;

  if (!same(clang_getCursorSemanticParent(d), x->fn))
    return -1;
  n = clang_getCursorSpelling(d);
  for (i = 0; i < x->g->nparams && found < 0; i++)
    if (!strcmp(x->g->params[i].name, clang_getCString(n)))
      found = (int)i;
  clang_disposeString(n);
  return found;
}

/* The value of variable d read at offset at. */
static int var_value(struct ofx *x, CXCursor d, size_t at, int depth,
                     struct form *f) {
  const struct def *best = NULL;
  size_t i;
  int p;

  for (i = 0; i < x->nloops; i++)
    if (same(x->loops[i].var, d)) {
      f->off = x->loops[i].c0;
      if (!term(f, LD_GPROOF_LOOP, x->loops[i].step, LD_GPROOF_NOSYM,
                x->loops[i].trips))
        return 0;
      f->t[f->n - 1].loop = x->loops[i].id;
      return 1;
    }
  if (is_bad(x, d) || !is_integer(clang_getCursorType(d)))
    return 0;
  if (clang_getCursorKind(d) == CXCursor_ParmDecl) {
    p = param_index(x, d);
    return p >= 0 && p + LD_GPROOF_PARAM < 0xff &&
           term(f, LD_GPROOF_UNIFORM, 1, LD_GPROOF_PARAM + p, 0);
  }
  /* a narrower local would wrap what is stored in it (`unsigned char k =
   * threadIdx.x`), which the sum does not model */
  if (clang_Type_getSizeOf(clang_getCursorType(d)) < 4)
    return 0;
  for (i = 0; i < x->ndefs; i++)
    if (same(x->defs[i].var, d) && x->defs[i].at < at &&
        (!best || x->defs[i].at > best->at))
      best = &x->defs[i];
  return best && lin(x, best->value, best->at, depth + 1, f);
}

static int lin(struct ofx *x, CXCursor e, size_t at, int depth,
               struct form *f) {
  enum CXCursorKind k;
  CXCursor a, b;
  struct form g;
  long long c;
  int ok, sym, bi;

  memset(f, 0, sizeof *f);
  if (depth > LD_GPROOF_DEPTH)
    return 0;
  f->off = ld__constant_of(e, &ok);
  if (ok)
    return 1;
  for (;;) {
    if ((bi = builtin_of(x, e)) >= 0) {
      if (bi < 6) /* threadIdx, blockIdx */
        return term(f, bi, 1, LD_GPROOF_NOSYM, 0);
      return term(f, LD_GPROOF_UNIFORM, 1, bi - 6, 0);
    }
    k = clang_getCursorKind(e);
    if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) &&
        ld__nth_child(e, 0, &a) && !ld__nth_child(e, 1, &b)) {
      e = a;
      continue;
    }
    if ((k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
         k == CXCursor_CXXFunctionalCastExpr) &&
        is_integer(clang_getCursorType(e)) &&
        clang_Type_getSizeOf(clang_getCursorType(e)) >= 4) {
      unsigned i;
      for (i = 0; ld__nth_child(e, i, &b); i++)
        a = b;
      if (!i)
        return 0;
      e = a;
      continue;
    }
    break;
  }
  k = clang_getCursorKind(e);
  if (k == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(e);
    if (clang_getCursorKind(d) != CXCursor_VarDecl &&
        clang_getCursorKind(d) != CXCursor_ParmDecl)
      return 0;
    return var_value(x, d, at, depth, f);
  }
  if (k == CXCursor_UnaryOperator && ld__nth_child(e, 0, &a)) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(e);
    if (u != CXUnaryOperator_Minus && u != CXUnaryOperator_Plus)
      return 0;
    return lin(x, a, at, depth + 1, f) &&
           scale(f, u == CXUnaryOperator_Minus ? -1 : 1);
  }
  if (k != CXCursor_BinaryOperator || !ld__nth_child(e, 0, &a) ||
      !ld__nth_child(e, 1, &b))
    return 0;
  switch (clang_getCursorBinaryOperatorKind(e)) {
  case CXBinaryOperator_Add:
  case CXBinaryOperator_Sub:
    return lin(x, a, at, depth + 1, f) && lin(x, b, at, depth + 1, &g) &&
           add(f, &g,
               clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add
                   ? 1
                   : -1);
  case CXBinaryOperator_Mul:
    if (!lin(x, a, at, depth + 1, f) || !lin(x, b, at, depth + 1, &g))
      return 0;
    if (!g.n)
      return scale(f, g.off);
    if (!f->n) {
      c = f->off;
      *f = g;
      return scale(f, c);
    }
    if (one_symbol(&g, &c, &sym))
      return scale_sym(f, c, sym);
    if (one_symbol(f, &c, &sym)) {
      *f = g;
      return scale_sym(f, c, sym);
    }
    return 0;
  case CXBinaryOperator_Shl:
    c = ld__constant_of(b, &ok);
    return ok && c >= 0 && c < 31 && lin(x, a, at, depth + 1, f) &&
           scale(f, 1ll << c);
  default:
    return 0;
  }
}

/* ---- the walk ------------------------------------------------------------ */

/* The written parameter whose element e accesses, with the element's
 * index in *idx (a null cursor: element 0) and the other parts of e
 * (indices into the element) in rest; -1 when e is no such access. */
static int element_of(struct ofx *x, CXCursor e, CXCursor *idx, CXCursor *rest,
                      size_t *nrest) {
  enum CXCursorKind k;
  CXCursor a, b, d;
  int p;

  e = ld__unwrap(e);
  k = clang_getCursorKind(e);
  *idx = clang_getNullCursor();
  if (*nrest + 2 > 8)
    return -1;
  if (k == CXCursor_ArraySubscriptExpr && ld__nth_child(e, 0, &a) &&
      ld__nth_child(e, 1, &b)) {
    d = var_of(a);
    if (!clang_Cursor_isNull(d) &&
        clang_getCursorKind(d) == CXCursor_ParmDecl &&
        (p = param_index(x, d)) >= 0 && x->g->params[p].written) {
      *idx = b;
      return p;
    }
    rest[(*nrest)++] = b;
    return element_of(x, a, idx, rest, nrest);
  }
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref &&
      ld__nth_child(e, 0, &a)) {
    d = var_of(a);
    if (clang_Cursor_isNull(d)) {
      a = ld__unwrap(a);
      if (clang_getCursorKind(a) != CXCursor_BinaryOperator ||
          clang_getCursorBinaryOperatorKind(a) != CXBinaryOperator_Add ||
          !ld__nth_child(a, 0, &d) || !ld__nth_child(a, 1, &b))
        return -1;
      if (ld__is_pointer(clang_getCursorType(ld__unwrap(b)))) {
        CXCursor t = d;
        d = b;
        b = t;
      }
      *idx = b;
      d = var_of(d);
    }
    if (!clang_Cursor_isNull(d) &&
        clang_getCursorKind(d) == CXCursor_ParmDecl &&
        (p = param_index(x, d)) >= 0 && x->g->params[p].written)
      return p;
    return -1;
  }
  if (k == CXCursor_MemberRefExpr && ld__nth_child(e, 0, &a)) {
    d = var_of(a);
    if (!clang_Cursor_isNull(d) &&
        clang_getCursorKind(d) == CXCursor_ParmDecl &&
        ld__is_pointer(clang_getCursorType(d)) &&
        (p = param_index(x, d)) >= 0 && x->g->params[p].written)
      return p; /* p->f */
    return element_of(x, a, idx, rest, nrest);
  }
  return -1;
}

static void owalk(struct ofx *x, CXCursor c);

static enum CXChildVisitResult owalk_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct ofx *x = data;
  (void)parent;
  owalk(x, c);
  return x->rc || x->why[0] ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void owalk_children(struct ofx *x, CXCursor c) {
  clang_visitChildren(c, owalk_cb, x);
}

/* The region of an access at offset at: the straight-line barriers that
 * end before it (an access inside a barrier's argument, `__syncthreads_or(
 * a[i] > 0)`, is made before the barrier).  A barrier in a loop or a condition
 * bounds no region (its two sides are one region, which only asks more of the
 * proof). */
static int region_of(const struct ofx *x, size_t at) {
  size_t i;
  int r = 0;

  for (i = 0; i < x->nstraight; i++)
    r += x->straight[i] <= at;
  return r;
}

/* Whether the access at offset at may write: it is no load among the
 * kernel's claimed accesses (g->stores; one not found there may). */
static int may_write(const struct ofx *x, size_t at) {
  size_t i;
  int found = 0;

  for (i = 0; i < x->g->nstores; i++) {
    if (x->g->stores[i].begin != at)
      continue;
    if (!x->g->stores[i].load)
      return 1;
    found = 1;
  }
  return !found;
}

/* The straight-line barriers: statements of the body, or of plain blocks
 * in it, that are a barrier's call and nothing else. */
static enum CXChildVisitResult straight_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  struct ofx *x = data;
  size_t b, e, i;

  (void)parent;
  if (x->rc)
    return CXChildVisit_Break;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    clang_visitChildren(c, straight_cb, x);
    return CXChildVisit_Continue;
  }
  if (clang_getCursorKind(c) != CXCursor_CallExpr || !off_of(x, c, &b) ||
      !ld__main_offset(x->s, clang_getRangeEnd(clang_getCursorExtent(c)), &e))
    return CXChildVisit_Continue;
  for (i = 0; i < x->nbars; i++) {
    size_t *n;
    if (x->bars[i].begin < b || x->bars[i].end != e)
      continue;
    n = realloc(x->straight, (x->nstraight + 1) * sizeof *n);
    if (!n) {
      x->rc = LD_ENOMEM;
      return CXChildVisit_Break;
    }
    x->straight = n;
    x->straight[x->nstraight++] = x->bars[i].end;
    break;
  }
  return CXChildVisit_Continue;
}

static void record(struct ofx *x, int p, CXCursor idx, size_t at) {
  struct ld_gproof_access *a;
  struct ld_gproof_term *t;
  struct ld_gproof_guard *gs = NULL;
  struct form f;
  size_t i;

  memset(&f, 0, sizeof f);
  if (!clang_Cursor_isNull(idx) && !lin(x, idx, at, 0, &f)) {
    no(x,
       "an index of %s is not a sum of thread, block and loop indices "
       "times constants and unchanged parameters",
       x->g->params[p].name);
    return;
  }
  if (ld__grow(&x->acc, &x->capacc, x->nacc, sizeof *x->acc) ||
      !(t = malloc((f.n ? f.n : 1) * sizeof *t))) {
    x->rc = LD_ENOMEM;
    return;
  }
  memcpy(t, f.t, f.n * sizeof *t);
  if (x->nguards && !(gs = calloc(x->nguards, sizeof *gs))) {
    free(t);
    x->rc = LD_ENOMEM;
    return;
  }
  for (i = 0; i < x->nguards; i++) {
    struct ld_gproof_term *gt =
        malloc((x->guards[i].n ? x->guards[i].n : 1) * sizeof *gt);
    if (!gt) {
      x->rc = LD_ENOMEM;
      break;
    }
    memcpy(gt, x->guards[i].t, x->guards[i].n * sizeof *gt);
    gs[i].terms = gt;
    gs[i].nterms = x->guards[i].n;
    gs[i].off = x->guards[i].off;
  }
  a = &x->acc[x->nacc++];
  memset(a, 0, sizeof *a);
  a->region = region_of(x, at);
  a->write = may_write(x, at);
  a->param = (size_t)p;
  a->name = x->g->params[p].name;
  a->terms = t;
  a->nterms = f.n;
  a->off = f.off;
  a->fixed = x->fixed;
  a->guards = gs;
  a->nguards = gs ? x->nguards : 0;
}

/* Whether form f, compared in unsigned arithmetic, is its mathematical
 * value: thread indices and loop counters times non-negative constants
 * plus a non-negative constant, below 2^31 whatever they are. */
static int small(const struct form *f) {
  long long most = f->off, m;
  size_t i;

  if (f->off < 0)
    return 0;
  for (i = 0; i < f->n; i++) {
    const struct ld_gproof_term *t = &f->t[i];
    if ((t->atom > 2 && t->atom != LD_GPROOF_LOOP) || t->c < 0 ||
        t->sym != LD_GPROOF_NOSYM ||
        __builtin_mul_overflow(
            t->c, t->atom == LD_GPROOF_LOOP ? t->trips : 1024, &m) ||
        __builtin_add_overflow(most, m, &most))
      return 0;
  }
  return most < (1ll << 31);
}

static int is_signed(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Char_S || t.kind == CXType_SChar ||
         t.kind == CXType_Short || t.kind == CXType_Int ||
         t.kind == CXType_Long || t.kind == CXType_LongLong;
}

/* Push the guards condition c makes true (comparisons, and conjunctions
 * of them); how many. */
static size_t push_guards(struct ofx *x, CXCursor c) {
  CXCursor a, b;
  struct form fa, fb, *g;
  enum CXBinaryOperatorKind op;
  long long adj;
  size_t at;

  c = ld__unwrap(c);
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      !ld__nth_child(c, 0, &a) || !ld__nth_child(c, 1, &b) ||
      !off_of(x, c, &at))
    return 0;
  op = clang_getCursorBinaryOperatorKind(c);
  if (op == CXBinaryOperator_LAnd) {
    size_t n = push_guards(x, a);
    return n + push_guards(x, b);
  }
  if (op != CXBinaryOperator_LT && op != CXBinaryOperator_LE &&
      op != CXBinaryOperator_GT && op != CXBinaryOperator_GE)
    return 0;
  if (x->nguards == LD_GPROOF_GUARDS || !lin(x, a, at, 0, &fa) ||
      !lin(x, b, at, 0, &fb))
    return 0;
  if (!(is_signed(clang_getCursorType(a)) &&
        is_signed(clang_getCursorType(b))) &&
      !(small(&fa) && small(&fb)))
    return 0;
  /* a < b: b - a - 1 >= 0; a <= b: b - a >= 0; > and >= the other way */
  adj = op == CXBinaryOperator_LT || op == CXBinaryOperator_GT ? -1 : 0;
  g = &x->guards[x->nguards];
  if (op == CXBinaryOperator_LT || op == CXBinaryOperator_LE) {
    *g = fb;
    if (!add(g, &fa, -1))
      return 0;
  } else {
    *g = fa;
    if (!add(g, &fb, -1))
      return 0;
  }
  if (__builtin_add_overflow(g->off, adj, &g->off))
    return 0;
  x->nguards++;
  return 1;
}

/* The atoms a condition fixes at 0 in its true branch: `e == 0` with e one
 * thread or block index times a constant, and conjunctions of those. */
static unsigned fixes(struct ofx *x, CXCursor c) {
  CXCursor a, b;
  struct form f;
  size_t at;
  int ok;

  c = ld__unwrap(c);
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      !ld__nth_child(c, 0, &a) || !ld__nth_child(c, 1, &b) ||
      !off_of(x, c, &at))
    return 0;
  if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd)
    return fixes(x, a) | fixes(x, b);
  if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_EQ)
    return 0;
  if (ld__constant_of(a, &ok) == 0 && ok) {
    CXCursor t = a;
    a = b;
    b = t;
  }
  if (ld__constant_of(b, &ok) != 0 || !ok || !lin(x, a, at, 0, &f) ||
      f.n != 1 || f.off || f.t[0].atom > 5 || !f.t[0].c)
    return 0;
  return 1u << f.t[0].atom;
}

/* Whether anything under c changes v. */
struct chg {
  CXCursor v;
  int found;
};
static enum CXChildVisitResult chg_cb(CXCursor c, CXCursor parent,
                                      CXClientData data) {
  struct chg *h = data;
  CXCursor v = clang_getNullCursor();
  (void)parent;
  if (changes(c, &v) && !clang_Cursor_isNull(v) && same(v, h->v)) {
    h->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}
static int changed_in(CXCursor c, CXCursor v) {
  struct chg h;
  h.v = v;
  h.found = 0;
  clang_visitChildren(c, chg_cb, &h);
  return h.found;
}

/* `for (v = c0; v < c1; v += s) body`: pushes v's counter and walks the
 * body; 0 when the loop is not of that form (nothing walked). */
static int counted_for(struct ofx *x, CXCursor c) {
  CXCursor init, cond, inc, body, v, a, b;
  long long c0, c1, s = 0;
  int ok, ok1;

  if (!ld__nth_child(c, 0, &init) || !ld__nth_child(c, 1, &cond) ||
      !ld__nth_child(c, 2, &inc) || !ld__nth_child(c, 3, &body) ||
      ld__nth_child(c, 4, &a) || x->nloops == LD_GPROOF_LOOPS)
    return 0;
  if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
    if (!ld__nth_child(init, 0, &v) || ld__nth_child(init, 1, &a) ||
        clang_getCursorKind(v) != CXCursor_VarDecl ||
        clang_Cursor_isNull(a = init_of(v)))
      return 0;
    c0 = ld__constant_of(a, &ok);
  } else {
    init = ld__unwrap(init);
    if (clang_getCursorKind(init) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(init) != CXBinaryOperator_Assign ||
        !ld__nth_child(init, 0, &a) || !ld__nth_child(init, 1, &b))
      return 0;
    v = var_of(a);
    c0 = ld__constant_of(b, &ok);
  }
  cond = ld__unwrap(cond);
  if (!ok || clang_Cursor_isNull(v) ||
      clang_getCursorKind(cond) != CXCursor_BinaryOperator ||
      (clang_getCursorBinaryOperatorKind(cond) != CXBinaryOperator_LT &&
       clang_getCursorBinaryOperatorKind(cond) != CXBinaryOperator_LE) ||
      !ld__nth_child(cond, 0, &a) || !ld__nth_child(cond, 1, &b) ||
      !same(var_of(a), v))
    return 0;
  c1 = ld__constant_of(b, &ok1);
  inc = ld__unwrap(inc);
  if (clang_getCursorKind(inc) == CXCursor_UnaryOperator &&
      (clang_getCursorUnaryOperatorKind(inc) == CXUnaryOperator_PostInc ||
       clang_getCursorUnaryOperatorKind(inc) == CXUnaryOperator_PreInc) &&
      ld__nth_child(inc, 0, &a) && same(var_of(a), v))
    s = 1;
  else if (clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator &&
           clang_getCursorBinaryOperatorKind(inc) ==
               CXBinaryOperator_AddAssign &&
           ld__nth_child(inc, 0, &a) && ld__nth_child(inc, 1, &b) &&
           same(var_of(a), v))
    s = ld__constant_of(b, &ok);
  /* a counter narrower than 4 bytes could wrap before the bound (values
   * off the c0 + s * k grid) */
  if (!ok1 || s <= 0 || !ok || changed_in(body, v) || changed_in(cond, v) ||
      clang_Type_getSizeOf(clang_getCursorType(v)) < 4 ||
      c1 - c0 > (1ll << 40) || c0 - c1 > (1ll << 40))
    return 0;
  {
    long long span =
        c1 - c0 +
        (clang_getCursorBinaryOperatorKind(cond) == CXBinaryOperator_LE ? 1
                                                                        : 0);
    struct loopv *l = &x->loops[x->nloops];
    l->var = v;
    l->c0 = c0;
    l->step = s;
    l->trips = span > 0 ? (span + s - 1) / s : 0;
    l->id = ++x->loop_ids;
  }
  owalk(x, init);
  owalk(x, cond);
  owalk(x, inc);
  x->nloops++;
  owalk(x, body);
  x->nloops--;
  return 1;
}

static void owalk(struct ofx *x, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor kid[3], rest[8], idx, d;
  size_t nrest = 0, i, at;
  unsigned saved;
  int p;

  if (x->rc || x->why[0])
    return;
  if (k == CXCursor_ForStmt && counted_for(x, c))
    return;
  if ((k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator) &&
      ld__nth_child(c, 0, &kid[0]) &&
      clang_isExpression(clang_getCursorKind(kid[0])) &&
      ld__nth_child(c, 1, &kid[1])) {
    int has_else = ld__nth_child(c, 2, &kid[2]);
    size_t pushed;
    owalk(x, kid[0]);
    saved = x->fixed;
    x->fixed |= fixes(x, kid[0]);
    pushed = push_guards(x, kid[0]);
    owalk(x, kid[1]);
    x->nguards -= pushed;
    x->fixed = saved;
    if (has_else)
      owalk(x, kid[2]);
    return;
  }
  if (clang_isExpression(k) &&
      (p = element_of(x, c, &idx, rest, &nrest)) >= 0) {
    if (!off_of(x, c, &at)) {
      no(x, "an access through %s is inside a macro", x->g->params[p].name);
      return;
    }
    record(x, p, idx, at);
    if (!clang_Cursor_isNull(idx))
      owalk(x, idx);
    for (i = 0; i < nrest; i++)
      owalk(x, rest[i]);
    return;
  }
  if (k == CXCursor_DeclRefExpr && !clang_Cursor_isNull(d = var_of(c)) &&
      clang_getCursorKind(d) == CXCursor_ParmDecl &&
      (p = param_index(x, d)) >= 0 && x->g->params[p].written) {
    no(x, "%s is used other than as an access's base", x->g->params[p].name);
    return;
  }
  owalk_children(x, c);
}

int ld__global_proof_analyse(const struct ld__source *s, CXCursor fn,
                             struct ld_global *g, CXCursor body,
                             const struct ld_gbar *bars, size_t nbars) {
  struct ofx x;
  struct ld_gproof_input in;
  size_t i;
  int rc;

  memset(&x, 0, sizeof x);
  x.s = s;
  x.fn = fn;
  x.g = g;
  x.body = body;
  x.bars = bars;
  x.nbars = nbars;
  if (bars)
    clang_visitChildren(body, straight_cb, &x);
  if (!x.rc)
    clang_visitChildren(body, tops_cb, &x);
  if (!x.rc)
    clang_visitChildren(body, defs_cb, &x);
  if (!x.rc)
    owalk(&x, body);
  rc = x.rc;
  memset(&in, 0, sizeof in);
  in.acc = x.acc;
  in.nacc = x.nacc;
  /* Blocks stay the units of a kernel whose warps are checked between
   * barriers (ld_global.epochs), and its warps must be apart in each
   * region: a launch the proof takes runs as built, its warps unchecked
   * (a proof for warps over the whole kernel would fail for every kernel
   * that shares elements across a barrier, and the one run costs up to
   * x80 there). */
  in.warp_units = g->warp_units;
  in.block_warps = bars != NULL;
  in.why = x.why[0] ? x.why : NULL;
  if (!rc)
    rc = ld_gproof_decide(&in, &g->gproof);
  for (i = 0; i < x.nacc; i++) {
    size_t j;
    for (j = 0; j < x.acc[i].nguards; j++)
      free((void *)x.acc[i].guards[j].terms);
    free((void *)x.acc[i].guards);
    free((void *)x.acc[i].terms);
  }
  free(x.acc);
  free(x.straight);
  free(x.defs);
  free(x.bad);
  free(x.tops);
  return rc;
}
