/* The helpers the replay walk's files share over its state (struct facts):
 * recording the first reason a kernel cannot be cloned, main-file spans
 * that no macro splits, words in the text, the clone's edits, statements,
 * the locals and shared variables already found, and where an expression
 * points (local, shared or global memory).  It walks nothing itself.  Host
 * code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"
#include "ld_replay_state.h"

/* ---- Small helpers ------------------------------------------------------- */

void ld__replay_fail(struct facts *fx, const char *why) {
  if (!fx->reason && !fx->rc) {
    fx->reason = strdup(why);
    if (!fx->reason)
      fx->rc = LD_ENOMEM;
  }
}

int ld__replay_stopped(const struct facts *fx) {
  return fx->reason || fx->rc;
}

/* Is offset strictly inside a macro expansion, so that no edit may start or
 * end there?  Its first byte and its end are fine. */
static int splits_macro(const struct facts *fx, size_t off) {
  size_t i;

  for (i = 0; i < fx->s->nmacros; i++)
    if (fx->s->macros[i].begin < off && off < fx->s->macros[i].end)
      return 1;
  return 0;
}

/* The extent of c as main-file offsets, not starting or ending inside a
 * macro expansion (a whole expansion may be covered); 0 otherwise. */
int ld__replay_span(const struct facts *fx, CXCursor c, size_t *b, size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);

  if (!ld__main_offset(fx->s, clang_getRangeStart(r), b) ||
      !ld__main_offset(fx->s, clang_getRangeEnd(r), e) || *e <= *b ||
      *e > fx->s->len || splits_macro(fx, *b) || splits_macro(fx, *e))
    return 0;
  return 1;
}

int ld__is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

static int is_ident(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* Does the text [b, e) contain word as a whole identifier? */
int ld__has_word(const struct facts *fx, size_t b, size_t e, const char *word) {
  size_t n = strlen(word), i;
  const char *s = fx->s->src;

  for (i = b; i + n <= e; i++)
    if (!memcmp(s + i, word, n) && (i == b || !is_ident(s[i - 1])) &&
        (i + n == e || !is_ident(s[i + n])))
      return 1;
  return 0;
}

/* Append [b, e) to out without the identifiers listed in drop, spaces
 * collapsed at the removal points and trimmed at both ends. */
int ld__put_without(struct ld_buf *out, const char *s, size_t b, size_t e,
                    const char *const *drop) {
  size_t i = b;
  int rc = LD_OK, pending_space = 0, any = 0;

  while (i < e && !rc) {
    size_t j = i;
    const char *const *d;
    int dropped = 0;

    if (ld__is_blank(s[i])) {
      pending_space = 1;
      i++;
      continue;
    }
    if (is_ident(s[i]) && (i == b || !is_ident(s[i - 1]))) {
      while (j < e && is_ident(s[j]))
        j++;
      for (d = drop; *d; d++)
        if (strlen(*d) == j - i && !memcmp(s + i, *d, j - i))
          dropped = 1;
      if (dropped) {
        i = j;
        continue;
      }
    } else {
      j = i + 1;
    }
    if (pending_space && any)
      rc = ld_buf_putc(out, ' ');
    if (!rc)
      rc = ld_buf_append(out, s + i, j - i);
    pending_space = 0;
    any = 1;
    i = j;
  }
  return rc;
}

void ld__replay_edit(struct facts *fx, size_t b, size_t e, const char *t) {
  if (!fx->rc)
    fx->rc = ld_edit_replace(&fx->r->edits, b, e, t);
}

unsigned ld__line_of(const struct facts *fx, size_t off) {
  unsigned line = 1;
  size_t i;

  for (i = 0; i < off; i++)
    line += fx->s->src[i] == '\n';
  return ld__file_line(fx->s, line);
}

/* One past the statement [b, e): a `;` after an expression is included. */
size_t ld__stmt_end(const struct facts *fx, size_t e) {
  size_t i = e;

  if (e && (fx->s->src[e - 1] == ';' || fx->s->src[e - 1] == '}'))
    return e;
  while (i < fx->s->len && ld__is_blank(fx->s->src[i]))
    i++;
  return i < fx->s->len && fx->s->src[i] == ';' ? i + 1 : e;
}

static int is_stmt_context(enum CXCursorKind k) {
  return k == CXCursor_CompoundStmt || k == CXCursor_IfStmt ||
         k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
         k == CXCursor_DoStmt || k == CXCursor_CaseStmt ||
         k == CXCursor_DefaultStmt || k == CXCursor_SwitchStmt;
}

/* Is f a statement of its parent (a body, not a condition)? */
int ld__is_statement(const struct frame *f) {
  const struct frame *p = f->parent;
  unsigned n;

  if (!p || !is_stmt_context(p->kind))
    return 0;
  if (p->kind == CXCursor_CompoundStmt)
    return 1;
  n = 0;
  {
    CXCursor c;
    while (ld__nth_child(p->cur, n, &c))
      n++;
  }
  switch (p->kind) {
  case CXCursor_IfStmt:
    return f->index >= 1 && f->index + 2 >= n;
  case CXCursor_DoStmt:
    return f->index == 0;
  default:
    return f->index + 1 == n;
  }
}

/* ---- Variables ----------------------------------------------------------- */

/* Members are the kernel's: a device function's clone names the same
 * layout. */
size_t ld__find_member(const struct facts *fx, CXCursor decl) {
  size_t i;

  if (fx->top)
    fx = fx->top;
  decl = clang_getCanonicalCursor(decl); /* as add_member keeps it */
  for (i = 0; i < fx->r->nmembers; i++)
    if (clang_equalCursors(fx->member_cur[i], decl))
      return i;
  return SIZE_MAX;
}

size_t ld__find_local(const struct facts *fx, CXCursor decl) {
  size_t i;

  for (i = 0; i < fx->r->nlocals; i++)
    if (clang_equalCursors(fx->local_cur[i], decl))
      return i;
  return SIZE_MAX;
}

/* Whether e is `this`, written or implied (a member named alone). */
static int is_this(CXCursor e) {
  e = ld__unwrap(e);
  return clang_getCursorKind(e) == CXCursor_CXXThisExpr;
}

/* Whether the returned expression r designates storage of `*this` itself:
 * `v[i]` of an array member v, or a member that is neither a pointer nor
 * a reference, reached through `this` only. */
static int own_storage(CXCursor r) {
  for (;;) {
    CXCursor base;
    r = ld__unwrap(r);
    switch (clang_getCursorKind(r)) {
    case CXCursor_ArraySubscriptExpr:
      if (!ld__nth_child(r, 0, &base))
        return 0;
      base = ld__unwrap(base);
      if (!ld__is_array(clang_getCursorType(base)))
        return 0;
      r = base;
      break;
    case CXCursor_MemberRefExpr: {
      CXType t = clang_getCanonicalType(
          clang_getCursorType(clang_getCursorReferenced(r)));
      if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference ||
          t.kind == CXType_RValueReference)
        return 0;
      /* A member named alone has no child: `this` is implied. */
      return !ld__nth_child(r, 0, &base) || is_this(base);
    }
    default:
      return 0;
    }
  }
}

/* The body's return statements: out[1] the first, out[2] a second. */
static enum CXChildVisitResult one_return_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  CXCursor *out = data;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
    return CXChildVisit_Recurse;
  if (!clang_Cursor_isNull(out[1])) {
    out[2] = c;
    return CXChildVisit_Break;
  }
  out[1] = c;
  return CXChildVisit_Continue;
}

/* Whether the call e is an accessor of a local object returning a
 * reference into that object's own storage (`acc[i]` of a
 * `cuda::std::array<float, 4> acc`, `x128 out; out[k]`): an operator[]
 * or operator() member whose body has one return, `return v[i];` (or
 * `return m;`) of an array or plain member (its other statements, an
 * assertion, are the callee's own business: what a device function
 * writes is followed where it is called).  A store through it is a store
 * to the local.  One holding a pointer (a matrix view's `return p[i * ld
 * + j];`) is not. */
static int local_accessor(const struct facts *fx, CXCursor e) {
  CXCursor fn = clang_getCursorReferenced(e), def, body, found[3], obj;
  CXType rt;
  size_t member;
  const char *why;

  if (clang_getCursorKind(fn) != CXCursor_CXXMethod ||
      (!ld__name_is(fn, "operator[]") && !ld__name_is(fn, "operator()")) ||
      clang_Cursor_getNumArguments(e) < 1)
    return 0;
  rt = clang_getCanonicalType(clang_getCursorResultType(fn));
  if (rt.kind != CXType_LValueReference)
    return 0;
  obj = clang_Cursor_getArgument(e, 0);
  if (ld__place_of(fx, obj, &member, &why) != PLACE_LOCAL)
    return 0;
  def = clang_getCursorDefinition(fn);
  if (clang_Cursor_isNull(def))
    return 0;
  body = clang_getNullCursor();
  {
    unsigned i = 0;
    CXCursor c;
    while (ld__nth_child(def, i++, &c))
      if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
        body = c;
  }
  if (clang_Cursor_isNull(body))
    return 0;
  found[0] = found[1] = found[2] = clang_getNullCursor();
  clang_visitChildren(body, one_return_cb, found);
  if (clang_Cursor_isNull(found[1]) || !clang_Cursor_isNull(found[2]) ||
      !ld__nth_child(found[1], 0, &body))
    return 0;
  return own_storage(body);
}

/* Where the object an lvalue designates lives.  *member is set for
 * PLACE_SHARED; *why for PLACE_BAD. */
enum place ld__place_of(const struct facts *fx, CXCursor e, size_t *member,
                        const char **why) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    CXCursor child;

    switch (k) {
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
      if (!ld__nth_child(e, 0, &child)) {
        *why = "store it cannot follow";
        return PLACE_BAD;
      }
      e = child;
      break;
    case CXCursor_ArraySubscriptExpr: {
      CXCursor base;
      if (!ld__nth_child(e, 0, &base)) {
        *why = "store it cannot follow";
        return PLACE_BAD;
      }
      base = ld__unwrap(base);
      if (!ld__is_array(clang_getCursorType(base)))
        return PLACE_GLOBAL; /* through a pointer */
      e = base;
      break;
    }
    case CXCursor_MemberRefExpr: {
      CXCursor field = clang_getCursorReferenced(e);
      CXCursor base;
      if (!clang_Cursor_isNull(field) && clang_Cursor_isBitField(field)) {
        *why = "store to a bit-field";
        return PLACE_BAD;
      }
      if (!ld__nth_child(e, 0, &base)) {
        *why = "store through this";
        return PLACE_BAD;
      }
      if (ld__is_pointer(clang_getCursorType(ld__unwrap(base))))
        return PLACE_GLOBAL;
      e = base;
      break;
    }
    case CXCursor_UnaryOperator:
      if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
        return PLACE_GLOBAL;
      *why = "store it cannot follow";
      return PLACE_BAD;
    case CXCursor_DeclRefExpr: {
      CXCursor d = clang_getCursorReferenced(e);
      enum CXCursorKind dk = clang_getCursorKind(d);
      CXType t = clang_getCanonicalType(clang_getCursorType(d));
      if (fx && (*member = ld__find_member(fx, d)) != SIZE_MAX)
        return PLACE_SHARED;
      /* A device function's reference parameter (`void swap(uint &a,
       * uint &b)` given shared elements): a store through an address, as
       * through a pointer (pwr tells the warp's copy from global memory). */
      if ((t.kind == CXType_LValueReference ||
           t.kind == CXType_RValueReference) &&
          dk == CXCursor_ParmDecl &&
          !clang_isConstQualifiedType(clang_getPointeeType(t)))
        return PLACE_GLOBAL;
      if (t.kind == CXType_LValueReference ||
          t.kind == CXType_RValueReference) {
        *why = "store through a reference";
        return PLACE_BAD;
      }
      if (dk == CXCursor_ParmDecl ||
          (dk == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d)))
        return PLACE_LOCAL;
      if (dk == CXCursor_VarDecl)
        return PLACE_GLOBAL;
      *why = "store it cannot follow";
      return PLACE_BAD;
    }
    case CXCursor_CallExpr:
      if (local_accessor(fx, e))
        return PLACE_LOCAL;
      *why = "store it cannot follow";
      return PLACE_BAD;
    default:
      *why = "store it cannot follow";
      return PLACE_BAD;
    }
  }
}

/* ---- Calls --------------------------------------------------------------- */

int ld__starts(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

/* ---- Pointers a kernel's class parameter holds ------------------------- */

#define PARAM_STACK 64
struct param_uses {
  CXCursor parm;
  CXCursor stack[PARAM_STACK];
  unsigned depth;
  int ok;
};

/* Whether the use of the parameter at stack[at] only reads a member of
 * it: through `.` members and elements of array members to a member whose
 * value is loaded (not an array that decays), whose pointer is indexed or
 * followed by `->`. */
static int param_use_reads(const struct param_uses *u, unsigned at) {
  CXCursor place = u->stack[at], parent;
  enum CXCursorKind pk;
  int member = 0;

  for (; at > 0; at--, place = u->stack[at]) {
    CXCursor c;
    parent = u->stack[at - 1];
    pk = clang_getCursorKind(parent);
    if (pk == CXCursor_ParenExpr)
      continue;
    if (pk == CXCursor_MemberRefExpr &&
        !ld__is_pointer(clang_getCursorType(ld__unwrap(place)))) {
      member = 1;
      continue;
    }
    if (pk == CXCursor_ArraySubscriptExpr && ld__nth_child(parent, 0, &c) &&
        clang_equalCursors(c, place) &&
        ld__is_array_type(clang_getCursorType(place)))
      continue;
    /* An array member's decay to its element's address, indexed. */
    if (pk == CXCursor_UnexposedExpr && at >= 2 &&
        ld__is_array_type(clang_getCursorType(place)) &&
        clang_getCursorKind(u->stack[at - 2]) == CXCursor_ArraySubscriptExpr &&
        ld__nth_child(u->stack[at - 2], 0, &c) &&
        clang_equalCursors(c, parent)) {
      at--;
      continue;
    }
    break;
  }
  if (!member || at == 0)
    return 0;
  parent = u->stack[at - 1];
  pk = clang_getCursorKind(parent);
  if (ld__is_array_type(clang_getCursorType(place)))
    return 0; /* decays: its elements could be changed through it */
  /* Its value loaded, `s.p->x`, `s.p[i]` (or an index). */
  return pk == CXCursor_UnexposedExpr || pk == CXCursor_MemberRefExpr ||
         pk == CXCursor_ArraySubscriptExpr;
}

static enum CXChildVisitResult param_uses_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct param_uses *u = data;

  (void)parent;
  if (u->depth >= PARAM_STACK) {
    u->ok = 0;
    return CXChildVisit_Break;
  }
  u->stack[u->depth++] = c;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(c), u->parm))
    u->ok = param_use_reads(u, u->depth - 1);
  else
    clang_visitChildren(c, param_uses_cb, u);
  u->depth--;
  return u->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* Whether e is a pointer member of a kernel's class parameter taken by
 * value that the kernel only reads members of (`state.pivot` of
 * `__global__ void k(State state)`; Packt's gaussian elimination
 * `atomicMax(solverState.pivotRowIndex, ...)`): the host's pointer, so
 * global memory, never the block's shared memory. */
static int kernel_param_pointer(CXCursor e) {
  CXCursor base = e, c, parm, fn;
  struct param_uses *u;
  CXType t;
  int ok;

  if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
    return 0;
  while ((clang_getCursorKind(base) == CXCursor_MemberRefExpr ||
          clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr) &&
         ld__nth_child(base, 0, &c)) {
    c = ld__unwrap(c);
    if (ld__is_pointer(clang_getCursorType(c)))
      return 0; /* through `->` or a pointer's element: loaded */
    base = c;
  }
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
    return 0;
  parm = clang_getCursorReferenced(base);
  t = clang_getCanonicalType(clang_getCursorType(parm));
  fn = clang_getCursorSemanticParent(parm);
  if (clang_getCursorKind(parm) != CXCursor_ParmDecl ||
      t.kind != CXType_Record ||
      !ld__has_child_kind(fn, CXCursor_CUDAGlobalAttr))
    return 0;
  u = calloc(1, sizeof *u);
  if (!u)
    return 0;
  u->parm = parm;
  u->ok = 1;
  clang_visitChildren(fn, param_uses_cb, u);
  ok = u->ok;
  free(u);
  return ok;
}

/* The object a pointer expression points into. */
enum place ld__pointee_place(const struct facts *fx, CXCursor e, size_t *member,
                             const char **why) {
  e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
    CXCursor c;
    if (!ld__nth_child(e, 0, &c)) {
      *why = "atomic it cannot follow";
      return PLACE_BAD;
    }
    return ld__place_of(fx, c, member, why);
  }
  if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
    CXCursor c;
    unsigned i;
    for (i = 0; ld__nth_child(e, i, &c); i++)
      if (ld__is_pointer(clang_getCursorType(c)) ||
          ld__is_array(clang_getCursorType(ld__unwrap(c))))
        return ld__pointee_place(fx, c, member, why);
  }
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
    if (ld__is_array(clang_getCursorType(e)))
      return ld__place_of(fx, e, member, why);
    {
      CXCursor d = clang_getCursorReferenced(e);
      if (clang_getCursorKind(d) == CXCursor_ParmDecl ||
          clang_Cursor_hasVarDeclGlobalStorage(d) == 1)
        return PLACE_GLOBAL;
    }
  }
  if (kernel_param_pointer(e))
    return PLACE_GLOBAL;
  *why = "atomic through a pointer it cannot follow";
  return PLACE_BAD;
}

int ld__is_array_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
         t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

/* When q (p's parent) is the implicit decay of array p into the base of a
 * subscript, that subscript; else NULL. */
const struct frame *ld__decayed_into_subscript(const struct frame *p,
                                               const struct frame *q) {
  if (q->kind == CXCursor_UnexposedExpr &&
      ld__is_array_type(clang_getCursorType(p->cur)) &&
      ld__is_pointer(clang_getCursorType(q->cur)) && q->parent &&
      q->parent->kind == CXCursor_ArraySubscriptExpr && q->index == 0)
    return q->parent;
  return NULL;
}

/* Whether [b, e) reads t, spaces and parentheses aside. */
int ld__replay_text_is(const struct facts *fx, size_t b, size_t e,
                       const char *t) {
  size_t n = 0;

  for (; b < e; b++) {
    char ch = fx->s->src[b];
    if (ld__is_blank(ch) || ch == '(' || ch == ')')
      continue;
    if (t[n] != ch)
      return 0;
    n++;
  }
  return t[n] == 0;
}

/* c without parentheses and implicit conversions around it (wrappers of
 * one child). */
CXCursor ld__stripped(CXCursor c) {
  CXCursor x, y;

  while ((clang_getCursorKind(c) == CXCursor_ParenExpr ||
          clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
         ld__nth_child(c, 0, &x) && !ld__nth_child(c, 1, &y))
    c = x;
  return c;
}

/* 0, 1, 2 when c is written `threadIdx.x`, `.y`, `.z`; else -1. */
int ld__thread_index_of(const struct facts *fx, CXCursor c) {
  static const char *const names[] = {"threadIdx.x", "threadIdx.y",
                                      "threadIdx.z"};
  size_t b, e;
  int k;

  if (!ld__replay_span(fx, c, &b, &e))
    return -1;
  for (k = 0; k < 3; k++)
    if (ld__replay_text_is(fx, b, e, names[k]))
      return k;
  return -1;
}

/* An integer type wide enough for a thread index, not a pointer. */
int ld__is_index_type(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Short:
  case CXType_UShort:
  case CXType_Int:
  case CXType_UInt:
  case CXType_Long:
  case CXType_ULong:
  case CXType_LongLong:
  case CXType_ULongLong:
    return 1;
  default:
    return 0;
  }
}
