/* Writes the checks cannot see (issue 23, "checked means checked"): pass 2
 * (bodies.c) asks, for every store, `++`/`--` and every pointer or
 * reference a call may write through, in a kernel or device function,
 * where the memory written comes from.  The *root* of the place written is
 * followed through subscripts, `*`, `.`/`->`, pointer arithmetic, casts,
 * `&` and `?:` to a variable:
 * - a shared variable, a written `__device__` variable, a kernel's pointer
 *   parameter (the plan's targets), a local object or a parameter passed
 *   by value: seen;
 * - a device function's pointer or reference parameter, `this` in a
 *   method: seen where the function is called (the argument's root is
 *   followed there);
 * - a local pointer or reference: followed to every value it is given (its
 *   initialiser and assignments);
 * - anything else -- a pointer loaded from memory (a struct member, an
 *   array of pointers, a `__device__` pointer), returned by a call, made
 *   from an integer -- is a write the checks do not see, and the function
 *   records why (fn->unseen).  Calls through a functor or lambda parameter
 *   of a template kernel are judged by the kernel's launches in the file
 *   (fn->dep_params).  Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_callees.h"
#include "ld_error.h"
#include "ld_kernels.h"
#include "ld_writes.h"

/* How many local pointers one root may go through. */
#define MAX_DEPTH 8

struct root {
  struct analysis *an;
  CXCursor fn;               /* the function walked */
  int is_kernel;             /* fn is a kernel */
  unsigned depth;            /* locals followed */
  CXCursor chain[MAX_DEPTH]; /* the locals being followed */
  int holders;   /* a local object's pointers count (a method's object) */
  int functor;   /* fn is a functor's operator() or a lambda's body, walked
                    for a launch (ld__functor_followed) */
  char why[200]; /* set when not seen */
  /* Set when a place written is reached through a pointer loaded from
   * the memory a kernel's or device function's pointer parameter points
   * to (`g->dist[v]`, `rows[i][j]`): seen by the direct one run alone,
   * which claims such accesses by their address (fn->loaded). */
  char loaded[200];
  unsigned shared_roots; /* roots followed that are shared variables */
};

static int obj_root(struct root *r, CXCursor e);
static int ptr_root(struct root *r, CXCursor e);

static int unseen(struct root *r, const char *fmt, CXCursor named) {
  char *name = clang_Cursor_isNull(named) ? NULL : ld__cursor_name(named);

  /* A call a template leaves unresolved has no name yet. */
  snprintf(r->why, sizeof r->why, fmt,
           name && *name ? name : "a call of a template type");
  free(name);
  return 0;
}

/* A write through a pointer loaded from the memory a pointer parameter
 * points to: seen, but only by the direct one run (global_facts.c claims
 * it by address); a functor's is not seen. */
static int loaded(struct root *r, const char *fmt, CXCursor named) {
  char *name;

  if (r->functor)
    return unseen(r, fmt, named);
  if (!r->loaded[0]) {
    name = ld__cursor_name(named);
    snprintf(r->loaded, sizeof r->loaded, fmt, name ? name : "?");
    free(name);
  }
  return 1;
}

/* Parentheses only (implicit casts matter here). */
static CXCursor strip_parens(CXCursor c) {
  CXCursor inner;

  while (clang_getCursorKind(c) == CXCursor_ParenExpr &&
         ld__nth_child(c, 0, &inner))
    c = inner;
  return c;
}

struct patchable {
  int depth;
  int ok;
};

static int patchable_at(CXType t, int depth);

static enum CXVisitorResult patchable_cb(CXCursor c, CXClientData data) {
  struct patchable *p = data;

  p->ok = patchable_at(clang_getCursorType(c), p->depth + 1);
  return p->ok ? CXVisit_Continue : CXVisit_Break;
}

/* A type whose pointers the clone can patch in a by-value copy
 * (ld__fields_patchable): no reference or member pointer, and every
 * pointer to memory that holds no pointer itself. */
static int patchable_at(CXType t, int depth) {
  struct patchable p;

  t = clang_getCanonicalType(t);
  if (depth > 8)
    return 0;
  switch (t.kind) {
  case CXType_Pointer:
    return !ld__holds_pointer(clang_getPointeeType(t), 0);
  case CXType_LValueReference:
  case CXType_RValueReference:
  case CXType_MemberPointer:
    return 0;
  case CXType_ConstantArray:
  case CXType_IncompleteArray:
    return patchable_at(clang_getArrayElementType(t), depth + 1);
  case CXType_Record:
    p.depth = depth;
    p.ok = 1;
    clang_Type_visitFields(t, patchable_cb, &p);
    return p.ok;
  default:
    return 1;
  }
}

int ld__fields_patchable(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Record && !clang_isConstQualifiedType(t) &&
         ld__holds_pointer(t, 0) && patchable_at(t, 0);
}

int ld__param_patchable(const struct ld__source *s, CXCursor parm) {
  CXType t = clang_getCanonicalType(clang_getCursorType(parm));
  size_t b, e;

  if (t.kind == CXType_Record && clang_isConstQualifiedType(t))
    return ld__class_const(s, parm, &b, &e) &&
           ld__fields_patchable(clang_getUnqualifiedType(t));
  return ld__fields_patchable(t);
}

static int is_lvalue_form(enum CXCursorKind k) {
  return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
         k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator;
}

/* A null pointer constant: 0, nullptr, NULL. */
static int is_null(CXCursor e) {
  enum CXCursorKind k;
  int ok = 0;

  e = ld__unwrap(e);
  k = clang_getCursorKind(e);
  if (k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_GNUNullExpr)
    return 1;
  return k == CXCursor_IntegerLiteral && ld__constant_of(e, &ok) == 0 && ok;
}

struct sources {
  CXCursor var;
  CXCursor *vals;
  size_t n, cap;
  int escapes; /* its address taken: anything may be stored to it */
  int rc;
};

static enum CXChildVisitResult sources_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct sources *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor lhs, rhs;

  (void)parent;
  if ((k == CXCursor_BinaryOperator &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) &&
      ld__nth_child(c, 0, &lhs) && ld__nth_child(c, 1, &rhs) &&
      clang_getCursorKind(ld__unwrap(lhs)) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(ld__unwrap(lhs)), s->var)) {
    if (ld__grow(&s->vals, &s->cap, s->n, sizeof *s->vals)) {
      s->rc = LD_ENOMEM;
      return CXChildVisit_Break;
    }
    s->vals[s->n++] = rhs;
  } else if (k == CXCursor_UnaryOperator &&
             clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
             ld__nth_child(c, 0, &lhs) &&
             clang_getCursorKind(ld__unwrap(lhs)) == CXCursor_DeclRefExpr &&
             clang_equalCursors(clang_getCursorReferenced(ld__unwrap(lhs)),
                                s->var)) {
    s->escapes = 1;
  }
  return CXChildVisit_Recurse;
}

/* A local pointer or reference var: every value it is given has a seen
 * root. */
static int local_root(struct root *r, CXCursor var, int is_ref) {
  struct sources s;
  CXCursor init;
  size_t i;
  int ok = 1;

  for (i = 0; i < r->depth; i++)
    if (clang_equalCursors(r->chain[i], var))
      return 1; /* `p = p + n`: its other values decide */
  if (r->depth >= MAX_DEPTH)
    return unseen(r, "writes through local %s (followed too far)", var);
  memset(&s, 0, sizeof s);
  s.var = var;
  if (!is_ref)
    clang_visitChildren(r->fn, sources_cb, &s);
  if (s.rc) {
    r->an->rc = s.rc;
    free(s.vals);
    return 1;
  }
  if (s.escapes) {
    free(s.vals);
    return unseen(r, "writes through local %s, whose address is taken", var);
  }
  r->chain[r->depth++] = var;
  init = clang_Cursor_getVarDeclInitializer(var);
  if (!clang_Cursor_isNull(init))
    ok = is_ref ? obj_root(r, init) : is_null(init) || ptr_root(r, init);
  for (i = 0; i < s.n && ok; i++)
    ok = is_null(s.vals[i]) || ptr_root(r, s.vals[i]);
  r->depth--;
  free(s.vals);
  return ok;
}

struct holder {
  struct root *r;
  int ok;
};

static enum CXChildVisitResult holder_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct holder *h = data;

  (void)parent;
  if (!clang_isExpression(clang_getCursorKind(c)))
    return CXChildVisit_Recurse;
  if (!ld__is_pointer(clang_getCursorType(c)))
    return CXChildVisit_Recurse;
  {
    /* A function's address (the callee of `cg::this_thread_block()`) is
     * no memory. */
    CXType pt = clang_getCanonicalType(
        clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(c))));
    if (pt.kind == CXType_FunctionProto || pt.kind == CXType_FunctionNoProto)
      return CXChildVisit_Continue;
  }
  h->ok = is_null(c) || ptr_root(h->r, c);
  return h->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* A local object holding pointers that a method is called on: the
 * pointers its initialiser gives it have seen roots. */
static int holder_root(struct root *r, CXCursor var) {
  struct holder h = {r, 1};
  CXCursor init = clang_Cursor_getVarDeclInitializer(var);

  if (r->depth >= MAX_DEPTH)
    return unseen(r, "writes through local %s (followed too far)", var);
  r->chain[r->depth++] = var;
  if (!clang_Cursor_isNull(init))
    clang_visitChildren(init, holder_cb, &h);
  if (h.ok && !clang_Cursor_isNull(init) &&
      ld__is_pointer(clang_getCursorType(init)))
    h.ok = ptr_root(r, init);
  r->depth--;
  return h.ok;
}

/* Whether decl is declared inside the extent of outer (same file). */
static int declared_in(CXCursor outer, CXCursor decl) {
  CXSourceRange r = clang_getCursorExtent(outer);
  CXFile f1, f2, f3;
  unsigned b, e, at;

  clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
  clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
  clang_getExpansionLocation(clang_getCursorLocation(decl), &f3, NULL, NULL,
                             &at);
  return f1 && f3 && clang_File_isEqual(f1, f3) && clang_File_isEqual(f1, f2) &&
         b <= at && at < e;
}

struct param_index {
  CXCursor want;
  int i, found;
};

static enum CXChildVisitResult param_index_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct param_index *p = data;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_ParmDecl)
    return CXChildVisit_Continue;
  if (clang_equalCursors(c, p->want)) {
    p->found = p->i;
    return CXChildVisit_Break;
  }
  p->i++;
  return CXChildVisit_Continue;
}

/* The index of parameter decl of fn, else -1 (also past 63). */
static int param_index_of(CXCursor fn, CXCursor decl) {
  struct param_index p;

  p.want = decl;
  p.i = 0;
  p.found = -1;
  clang_visitChildren(fn, param_index_cb, &p);
  return p.found < 64 ? p.found : -1;
}

/* A write through parameter decl of the device function walked (not a
 * functor's): its bit in param_writes, all bits past 63. */
static void note_param_write(struct root *r, CXCursor decl) {
  struct fn *fn = &r->an->fns[r->an->cur_fn];
  int i;

  if (r->is_kernel || r->functor ||
      !clang_equalCursors(clang_getCursorSemanticParent(decl), r->fn))
    return;
  i = param_index_of(r->fn, decl);
  fn->param_writes |= i < 0 ? ~(uint64_t)0 : (uint64_t)1 << i;
}

/* The variable decl named in a place written (as_object: the variable's
 * own memory; else the pointer value it holds). */
static int var_root(struct root *r, CXCursor decl, int as_object) {
  enum CXCursorKind k = clang_getCursorKind(decl);
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  int is_ref =
      t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
  enum var_kind vk;
  size_t v;

  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
    return unseen(r, "writes through %s", decl);
  if (k == CXCursor_ParmDecl)
    note_param_write(r, decl);
  if (r->functor && k == CXCursor_VarDecl &&
      clang_Cursor_hasVarDeclGlobalStorage(decl) == 1)
    return unseen(r, "writes through %s, a variable of static storage", decl);
  /* A lambda's capture (declared outside its body): its copy in the
   * closure, patched like a field (gpatch). */
  if (r->functor && !is_ref && !declared_in(r->fn, decl))
    return 1; /* (a captured parameter of the enclosing function too) */
  /* A functor's own parameter: what the kernel passes is not followed. */
  if (r->functor && k == CXCursor_ParmDecl && !as_object &&
      (is_ref || t.kind == CXType_Pointer))
    return unseen(r, "writes through parameter %s of a functor", decl);
  v = ld__find_var(r->an, decl);
  if ((v == NONE && k == CXCursor_VarDecl && ld__memory_space(decl, &vk) &&
       vk == VAR_SHARED) ||
      (v != NONE && r->an->vars[v].kind == VAR_SHARED))
    r->shared_roots++;
  /* The pointer in a __device__ variable: loaded from memory, seen by the
   * direct one run alone (global_facts.c static_holder); in a shared one
   * the kernel put it there itself (not followed). */
  if (v == NONE && k == CXCursor_VarDecl && ld__memory_space(decl, &vk) &&
      clang_Cursor_hasVarDeclGlobalStorage(decl) == 1)
    return as_object || t.kind != CXType_Pointer ? 1 /* a target */
           : vk == VAR_SHARED
               ? unseen(r,
                        "writes through the pointer in __shared__ "
                        "variable %s",
                        decl)
               : loaded(r,
                        "writes through the pointer in __device__ "
                        "variable %s",
                        decl);
  if (v != NONE) {
    if (r->an->vars[v].kind != VAR_PARAM)
      return as_object || t.kind != CXType_Pointer ? 1
             : r->an->vars[v].kind == VAR_SHARED
                 ? unseen(r,
                          "writes through the pointer in __shared__ "
                          "variable %s",
                          decl)
                 : loaded(r,
                          "writes through the pointer in __device__ "
                          "variable %s",
                          decl);
    return 1; /* a kernel's pointer parameter, or the parameter itself */
  }
  if (k == CXCursor_ParmDecl) {
    if (!r->is_kernel ||
        !clang_equalCursors(clang_getCursorSemanticParent(decl), r->fn))
      return 1; /* seen at the calls */
    if (as_object && !is_ref)
      return !r->holders || !ld__holds_pointer(t, 0) ||
             ld__param_patchable(&r->an->s, decl) ||
             unseen(r, "pointer inside parameter %s", decl);
    if (is_ref)
      return unseen(r, "writes through reference parameter %s", decl);
    return ld__is_pointer(t)
               ? unseen(r, "writes through parameter %s, a pointer to const",
                        decl)
               : unseen(r, "writes through parameter %s", decl);
  }
  if (clang_Cursor_hasVarDeclGlobalStorage(decl) == 1)
    return unseen(r, "writes through %s, a variable of static storage", decl);
  if (as_object && !is_ref)
    return !r->holders || !ld__holds_pointer(t, 0) || holder_root(r, decl);
  return local_root(r, decl, is_ref);
}

/* A local copy of a class parameter (`Params p = params;`, `const Params
 * &p = params;`, `auto q = p;`): the pointers it holds are the parameter's,
 * which the clone patches before the body runs, when nothing else is
 * stored to it or to its members (a pointer member assigned must have a
 * seen root) and nothing may change it behind its name (its address, a
 * reference to non-const, a non-const method).  The walk keeps the
 * ancestors of each use. */
#define COPY_STACK 64
struct copy_uses {
  struct root *r;
  CXCursor var;
  CXCursor stack[COPY_STACK];
  unsigned depth;
  int ok;
};

/* A place passed to a call: a copy's (a constructor's) or a reference to
 * const's argument is read. */
static int copy_arg_ok(CXCursor call, CXCursor place) {
  CXCursor callee = clang_getCursorReferenced(call);
  int i, n = clang_Cursor_getNumArguments(call), shift = 0;

  if (clang_getCursorKind(callee) == CXCursor_Constructor)
    return 1;
  /* A member operator (`p = q`, `p[i]`): its object is argument 0. */
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod &&
      !clang_CXXMethod_isStatic(callee)) {
    if (n > 0 && clang_equalCursors(clang_Cursor_getArgument(call, 0), place))
      return clang_CXXMethod_isConst(callee);
    shift = 1;
  }
  for (i = shift; i < n; i++) {
    CXCursor parm;
    if (!clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)i), place))
      continue;
    if (clang_Cursor_isNull(callee) ||
        i - shift >= clang_Cursor_getNumArguments(callee))
      return 0;
    parm = clang_Cursor_getArgument(callee, (unsigned)(i - shift));
    return !ld__writable_indirection(clang_getCursorType(parm));
  }
  return 0;
}

/* Whether the place of a use (var, or `.` members and their elements) at
 * stack[at] is only read, or stored with a seen value, by its parent. */
static int copy_use_ok(struct copy_uses *u, unsigned at) {
  CXCursor place = u->stack[at], parent, lhs;
  enum CXCursorKind pk;

  /* Climb the place: `.` members (of a class, not through a pointer),
   * their elements, parentheses. */
  while (at > 0) {
    CXCursor up = u->stack[at - 1];
    enum CXCursorKind k = clang_getCursorKind(up);
    if (k == CXCursor_ParenExpr ||
        (k == CXCursor_MemberRefExpr &&
         !ld__is_pointer(clang_getCursorType(place))) ||
        (k == CXCursor_ArraySubscriptExpr &&
         ld__is_array(clang_getCursorType(place)))) {
      place = up;
      at--;
      continue;
    }
    break;
  }
  if (at == 0)
    return 0;
  parent = u->stack[at - 1];
  pk = clang_getCursorKind(parent);
  switch (pk) {
  case CXCursor_UnexposedExpr:  /* a load, a conversion to const */
  case CXCursor_CStyleCastExpr: /* of the value */
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
    return !ld__writable_indirection(clang_getCursorType(parent)) ||
           ld__is_pointer(clang_getCursorType(parent));
  case CXCursor_CallExpr:
    return copy_arg_ok(parent, place);
  case CXCursor_MemberRefExpr: { /* `p.out->x`, a const method's callee */
    CXCursor m = clang_getCursorReferenced(parent);
    return clang_getCursorKind(m) != CXCursor_CXXMethod ||
           clang_CXXMethod_isConst(m) || clang_CXXMethod_isStatic(m);
  }
  case CXCursor_ArraySubscriptExpr:
    return 1;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    if (!ld__nth_child(parent, 0, &lhs) || !clang_equalCursors(lhs, place))
      return 1; /* the right side: read */
    if (clang_getCursorBinaryOperatorKind(parent) != CXBinaryOperator_Assign)
      return 1; /* `p.out += 4`: the same pointer moved */
    if (clang_equalCursors(place, u->stack[0]) ||
        !ld__nth_child(parent, 1, &lhs))
      return 0;
    return !ld__is_pointer(clang_getCursorType(place)) ||
           ld__holds_pointer(clang_getCursorType(place), 0) == 0 ||
           is_null(lhs) || (u->r && ptr_root(u->r, lhs));
  case CXCursor_UnaryOperator:
    return clang_getCursorUnaryOperatorKind(parent) != CXUnaryOperator_AddrOf;
  default:
    return 0;
  }
}

static enum CXChildVisitResult copy_uses_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct copy_uses *u = data;

  (void)parent;
  if (u->depth >= COPY_STACK) {
    u->ok = 0;
    return CXChildVisit_Break;
  }
  u->stack[u->depth++] = c;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(c), u->var))
    u->ok = copy_use_ok(u, u->depth - 1);
  else
    clang_visitChildren(c, copy_uses_cb, u);
  u->depth--;
  return u->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

static int copy_root(struct root *r, CXCursor var);

/* The variable or parameter a copy's initialiser names (through implicit
 * conversions, parentheses and a copy constructor), or a null cursor. */
static CXCursor copy_init_source(CXCursor init) {
  CXCursor e = init, d;

  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
         (k == CXCursor_CallExpr &&
          clang_getCursorKind(clang_getCursorReferenced(e)) ==
              CXCursor_Constructor &&
          clang_Cursor_getNumArguments(e) == 1)) &&
        ld__nth_child(e, 0, &d)) {
      e = d;
      continue;
    }
    break;
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  return clang_getCursorReferenced(e);
}

/* The class object a local copy starts from: a kernel's by-value class
 * parameter the clone patches, a device function's (seen at the calls),
 * or another such copy. */
static int copy_source(struct root *r, CXCursor init) {
  CXCursor d = copy_init_source(init);

  if (clang_Cursor_isNull(d))
    return 0;
  if (clang_getCursorKind(d) == CXCursor_ParmDecl)
    return r->is_kernel &&
                   clang_equalCursors(clang_getCursorSemanticParent(d), r->fn)
               ? ld__param_patchable(&r->an->s, d)
               : patchable_at(clang_getCanonicalType(clang_getCursorType(d)),
                              0);
  return clang_getCursorKind(d) == CXCursor_VarDecl && copy_root(r, d);
}

static int copy_root(struct root *r, CXCursor var) {
  struct copy_uses *u;
  CXCursor init = clang_Cursor_getVarDeclInitializer(var);
  unsigned i;
  int ok;

  if (clang_Cursor_hasVarDeclGlobalStorage(var) == 1 ||
      clang_Cursor_isNull(init) || !declared_in(r->fn, var) ||
      r->depth >= MAX_DEPTH)
    return 0;
  for (i = 0; i < r->depth; i++)
    if (clang_equalCursors(r->chain[i], var))
      return 0;
  u = calloc(1, sizeof *u);
  if (!u) {
    r->an->rc = LD_ENOMEM;
    return 1;
  }
  u->r = r;
  u->var = var;
  u->ok = 1;
  r->chain[r->depth++] = var;
  ok = copy_source(r, init);
  if (ok)
    clang_visitChildren(r->fn, copy_uses_cb, u);
  ok = ok && u->ok;
  r->depth--;
  free(u);
  return ok;
}

/* ld__copied_param's walk, depth copies deep. */
static CXCursor copied(CXCursor fn, CXCursor var, unsigned depth) {
  CXCursor init = clang_Cursor_getVarDeclInitializer(var), d, src;
  struct copy_uses *u;
  int ok;

  if (depth >= MAX_DEPTH || clang_Cursor_hasVarDeclGlobalStorage(var) == 1 ||
      clang_Cursor_isNull(init) || !declared_in(fn, var))
    return clang_getNullCursor();
  d = copy_init_source(init);
  if (clang_Cursor_isNull(d))
    return d;
  src = clang_getCursorKind(d) == CXCursor_ParmDecl &&
                clang_equalCursors(clang_getCursorSemanticParent(d), fn)
            ? d
        : clang_getCursorKind(d) == CXCursor_VarDecl ? copied(fn, d, depth + 1)
                                                     : clang_getNullCursor();
  if (clang_Cursor_isNull(src))
    return src;
  u = calloc(1, sizeof *u);
  if (!u)
    return clang_getNullCursor();
  u->var = var;
  u->ok = 1;
  clang_visitChildren(fn, copy_uses_cb, u); /* u->r NULL: no member stored */
  ok = u->ok;
  free(u);
  return ok ? src : clang_getNullCursor();
}

CXCursor ld__copied_param(CXCursor fn, CXCursor var) {
  return copied(fn, var, 0);
}

/* The root of an access through the pointer loaded from the place c.  A
 * pointer read from a by-value class parameter through `.` and array
 * members only (`g.val`, `g.sub.ptrs[2]`) is seen: in a kernel the clone
 * patches it (global_facts.c, __LDCC_GP_FIELDS), in a device function
 * the argument is followed at the calls (ld__check_call).  Through `->`
 * or a pointer's element it was loaded from memory. */
static int loaded_root(struct root *r, CXCursor c) {
  CXCursor base = strip_parens(c), d;
  int direct = 1, subscripts = 1;

  while (clang_getCursorKind(base) == CXCursor_MemberRefExpr ||
         clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr) {
    int member = clang_getCursorKind(base) == CXCursor_MemberRefExpr;
    if (!ld__nth_child(base, 0, &d))
      return 1; /* a member of `this`: seen at the calls */
    base = strip_parens(ld__unwrap(d));
    subscripts &= !member;
    if (member ? ld__is_pointer(clang_getCursorType(base))
               : !ld__is_array(clang_getCursorType(base)))
      direct = 0;
  }
  if (clang_getCursorKind(base) == CXCursor_CXXThisExpr)
    return 1;
  if (clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
    CXType t;
    d = clang_getCursorReferenced(base);
    t = clang_getCanonicalType(clang_getCursorType(d));
    /* `As[ty][tx]` with a template's index type: the rows' type is
     * dependent, but the variable is an array, whose element it is
     * (cuda-samples' matrixMulDrv, `size_type ty`). */
    if (subscripts && clang_getCursorKind(d) == CXCursor_VarDecl &&
        ld__is_array(t))
      return var_root(r, d, 1);
    if (clang_getCursorKind(d) == CXCursor_ParmDecl && r->is_kernel) {
      if (direct && ld__param_patchable(&r->an->s, d))
        return 1;
      if (t.kind == CXType_Pointer &&
          clang_equalCursors(clang_getCursorSemanticParent(d), r->fn))
        return loaded(r, "pointer inside parameter %s", d);
      return unseen(r, "pointer inside parameter %s", d);
    }
    if (clang_getCursorKind(d) == CXCursor_ParmDecl && t.kind == CXType_Pointer)
      return loaded(r, "writes through a pointer loaded from %s", d);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
      t = clang_getCanonicalType(clang_getPointeeType(t));
    if (clang_getCursorKind(d) == CXCursor_ParmDecl && direct &&
        t.kind == CXType_Record && patchable_at(t, 0))
      return 1; /* a device function's: seen at the calls */
    if (clang_getCursorKind(d) == CXCursor_VarDecl && direct &&
        t.kind == CXType_Record && copy_root(r, d))
      return 1; /* a local copy of such a parameter */
    if (r->why[0])
      return 0; /* a pointer member's value, stored to the copy */
    /* Through a local pointer whose every value is seen (`e = e->next`
     * from `Node *e = list`, a walk down a linked list): loaded from the
     * memory it points to, as through a parameter (session 43; it was
     * unseen). */
    if (clang_getCursorKind(d) == CXCursor_VarDecl &&
        t.kind == CXType_Pointer &&
        clang_Cursor_hasVarDeclGlobalStorage(d) != 1 && declared_in(r->fn, d)) {
      unsigned shared = r->shared_roots;
      if (!local_root(r, d, 0))
        return 0;
      /* A pointer kept in shared memory is the kernel's own (not
       * followed, as a __shared__ pointer variable is not). */
      if (r->shared_roots != shared)
        return unseen(r, "writes through a pointer loaded from %s", d);
      return loaded(r, "writes through a pointer loaded from %s", d);
    }
    /* A pointer member or element of a __device__ or __constant__
     * variable (`c_params.out[i]`, `d_rows[r][c]`): loaded from memory. */
    if (clang_getCursorKind(d) == CXCursor_VarDecl &&
        clang_Cursor_hasVarDeclGlobalStorage(d) == 1 &&
        !ld__has_child_kind(d, CXCursor_CUDASharedAttr))
      return loaded(r, "writes through a pointer loaded from %s", d);
    return unseen(r, "writes through a pointer loaded from %s", d);
  }
  return unseen(r, "writes through a pointer loaded from memory%s",
                clang_getNullCursor());
}

/* Whether the callee of call is a class's operator (`a[i]`, `*it`, `f()`)
 * applied to an object of a class that holds no pointer: a value
 * container (an array class, a vector type), local to its root. */
static int value_operator(struct root *r, CXCursor call) {
  CXCursor first, obj;

  if (!ld__nth_child(call, 0, &first))
    return 0;
  obj =
      ld__is_operator_ref(first) && ld__nth_child(call, 1, &obj) ? obj : first;
  if (ld__is_operator_ref(obj) ||
      ld__holds_pointer(clang_getCursorType(ld__unwrap(obj)), 0))
    return 0;
  return obj_root(r, obj);
}

static int obj_root(struct root *r, CXCursor e) {
  CXCursor a, b;
  enum CXCursorKind k;

  e = strip_parens(e);
  k = clang_getCursorKind(e);
  switch (k) {
  case CXCursor_DeclRefExpr:
    return var_root(r, clang_getCursorReferenced(e), 1);
  case CXCursor_ArraySubscriptExpr:
    if (!ld__nth_child(e, 0, &a) || !ld__nth_child(e, 1, &b))
      break;
    return ld__is_pointer(clang_getCursorType(b)) ? ptr_root(r, b)
                                                  : ptr_root(r, a);
  case CXCursor_UnaryOperator:
    if (!ld__nth_child(e, 0, &a))
      break;
    switch (clang_getCursorUnaryOperatorKind(e)) {
    case CXUnaryOperator_Deref:
      return ptr_root(r, a);
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
      return obj_root(r, a);
    default:
      break;
    }
    break;
  case CXCursor_MemberRefExpr:
    if (!ld__nth_child(e, 0, &a))
      return 1; /* a member of `this`: seen at the calls */
    return ld__is_pointer(clang_getCursorType(a)) ? ptr_root(r, a)
                                                  : obj_root(r, a);
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
    if (k == CXCursor_UnexposedExpr ? !ld__nth_child(e, 0, &a)
                                    : !ld__last_expr_child(e, &a))
      break;
    /* A temporary (a conversion's result) is no memory of anyone's. */
    return ld__is_pointer(clang_getCursorType(a)) ? ptr_root(r, a)
                                                  : obj_root(r, a);
  case CXCursor_ConditionalOperator:
    return ld__nth_child(e, 1, &a) && ld__nth_child(e, 2, &b) &&
           obj_root(r, a) && obj_root(r, b);
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    if (k == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Comma)
      return ld__nth_child(e, 1, &a) ? obj_root(r, a) : 1;
    return ld__nth_child(e, 0, &a) ? obj_root(r, a) : 1;
  case CXCursor_CallExpr:
    /* A template's dependent `*p` (overloads of * in scope). */
    if (ld__dependent_deref(e, &a))
      return ptr_root(r, a);
    /* A copy (a class passed by value): the original's pointers. */
    if (clang_getCursorKind(clang_getCursorReferenced(e)) ==
            CXCursor_Constructor &&
        clang_Cursor_getNumArguments(e) == 1 &&
        clang_CXXConstructor_isCopyConstructor(clang_getCursorReferenced(e)))
      return obj_root(r, clang_Cursor_getArgument(e, 0));
    /* A constructor's call makes a temporary (`cg::plus<int>()` passed to a
     * `TyFn &&`): its first children name the type (`cg`, `plus`), no
     * object.  One that holds a pointer may hand it on: followed below as
     * before (unseen). */
    if (clang_getCursorKind(clang_getCursorReferenced(e)) ==
            CXCursor_Constructor &&
        !ld__holds_pointer(clang_getCursorType(e), 0))
      return 1;
    if (value_operator(r, e))
      return 1;
    if (r->why[0])
      return 0;
    {
      /* A call returning by value makes a temporary, memory of no one's
       * (`cg::this_thread_block().sync()`). */
      CXCursor callee = clang_getCursorReferenced(e);
      CXType rt = clang_getCanonicalType(clang_getCursorResultType(callee));
      if (!clang_Cursor_isNull(callee) && rt.kind != CXType_Invalid &&
          rt.kind != CXType_Unexposed && rt.kind != CXType_LValueReference &&
          rt.kind != CXType_RValueReference && rt.kind != CXType_Pointer)
        return 1;
    }
    return unseen(r, "writes through a reference returned by %s", e);
  case CXCursor_CXXThisExpr:
    return 1;
  default:
    if (clang_isExpression(k) && !is_lvalue_form(k))
      return 1; /* a temporary */
    break;
  }
  return unseen(r,
                "writes memory through an expression in %s it cannot "
                "follow",
                r->fn);
}

static int ptr_root(struct root *r, CXCursor e) {
  CXCursor a, b, inner;
  enum CXCursorKind k;

  e = strip_parens(e);
  k = clang_getCursorKind(e);
  switch (k) {
  case CXCursor_UnexposedExpr:
    if (!ld__nth_child(e, 0, &a))
      break;
    inner = strip_parens(a);
    if (ld__is_array(clang_getCursorType(inner)))
      return obj_root(r, inner); /* decay */
    if (clang_getCursorKind(inner) == CXCursor_DeclRefExpr)
      return var_root(r, clang_getCursorReferenced(inner), 0);
    if (is_lvalue_form(clang_getCursorKind(inner)) &&
        (clang_getCursorKind(inner) != CXCursor_UnaryOperator ||
         clang_getCursorUnaryOperatorKind(inner) == CXUnaryOperator_Deref))
      return loaded_root(r, inner);
    return ptr_root(r, inner);
  case CXCursor_DeclRefExpr:
    return var_root(r, clang_getCursorReferenced(e), 0);
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    if (!ld__nth_child(e, 0, &a) || !ld__nth_child(e, 1, &b))
      break;
    if (k == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Comma)
      return ptr_root(r, b);
    /* In a template `p + i + j`'s `p + i` has a dependent type. */
    if (ld__pointer_sum(e, &inner, &b))
      return ptr_root(r, inner);
    return ld__is_pointer(clang_getCursorType(a)) ||
                   ld__is_array(clang_getCursorType(a))
               ? ptr_root(r, a)
               : ptr_root(r, b);
  case CXCursor_UnaryOperator:
    if (!ld__nth_child(e, 0, &a))
      break;
    if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
      return obj_root(r, a);
    if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
      return loaded_root(r, e);
    return ptr_root(r, a); /* p++, --p */
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
    if (!ld__last_expr_child(e, &a))
      break;
    if (is_null(a))
      return 1;
    /* A template's `reinterpret_cast<float4 *>(&As[ty][t4x])` casts an
     * operand of a dependent type (cuda-samples' globalToShmemAsyncCopy,
     * since class assignments are stores): a pointer, followed. */
    if (!ld__is_pointer(clang_getCursorType(a)) &&
        !ld__is_array(clang_getCursorType(a)) &&
        clang_getCanonicalType(clang_getCursorType(a)).kind != CXType_Dependent)
      return unseen(r, "writes through a pointer made from an integer in %s",
                    r->fn);
    return ptr_root(r, a);
  case CXCursor_ConditionalOperator:
    return ld__nth_child(e, 1, &a) && ld__nth_child(e, 2, &b) &&
           (is_null(a) || ptr_root(r, a)) && (is_null(b) || ptr_root(r, b));
  case CXCursor_CXXThisExpr:
    return 1;
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_MemberRefExpr:
    /* An array element or member that decays (checked by its type). */
    if (ld__is_array(clang_getCursorType(e)))
      return obj_root(r, e);
    return loaded_root(r, e);
  case CXCursor_CallExpr:
    /* `SharedMemory<T>()`, `smem<T>()`: shared memory, not global. */
    if (ld__shared_accessor_call(e, NULL))
      return 1;
    /* A template's dependent `p + i` (overloads of + in scope). */
    if (ld__pointer_sum(e, &a, &b))
      return ptr_root(r, a);
    return unseen(r, "writes through a pointer returned by %s", e);
  default:
    if (is_null(e))
      return 1;
    break;
  }
  return unseen(r,
                "writes memory through an expression in %s it cannot "
                "follow",
                r->fn);
}

/* What a root walk found (seen: its result): a write not seen
 * (fn->unseen), or one through a loaded pointer (fn->loaded). */
static void record(struct analysis *an, const struct root *r, int seen) {
  struct fn *fn = &an->fns[an->cur_fn];

  if (seen) {
    if (r->loaded[0] && !fn->loaded && !(fn->loaded = strdup(r->loaded)))
      an->rc = LD_ENOMEM;
    return;
  }
  if (fn->unseen || !r->why[0])
    return;
  fn->unseen = strdup(r->why);
  if (!fn->unseen)
    an->rc = LD_ENOMEM;
}

static void root_init(struct root *r, struct analysis *an) {
  memset(r, 0, sizeof *r);
  r->an = an;
  r->fn = an->fns[an->cur_fn].cur;
  r->is_kernel = an->fns[an->cur_fn].is_kernel;
}

void ld__check_store(struct analysis *an, CXCursor lhs) {
  struct root r;
  const struct fn *fn = &an->fns[an->cur_fn];

  if (fn->unseen || (!fn->is_kernel && !fn->is_device))
    return;
  root_init(&r, an);
  record(an, &r, obj_root(&r, lhs));
}

/* Whether e makes a temporary (a prvalue): a literal, a call or cast
 * whose type is no reference, arithmetic.  A reference to it writes no
 * memory of the program's. */
static int temporary(CXCursor e) {
  CXCursor u = ld__unwrap(e);
  enum CXCursorKind k = clang_getCursorKind(u);
  CXType t = clang_getCanonicalType(clang_getCursorType(u));

  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    return 0;
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_CXXBoolLiteralExpr:
  case CXCursor_CallExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXFunctionalCastExpr:
  case CXCursor_CXXStaticCastExpr:
    return 1;
  case CXCursor_BinaryOperator:
    return clang_getCursorBinaryOperatorKind(u) < CXBinaryOperator_Assign;
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind o = clang_getCursorUnaryOperatorKind(u);
    return o != CXUnaryOperator_Deref && o != CXUnaryOperator_PreInc &&
           o != CXUnaryOperator_PreDec;
  }
  default:
    return 0;
  }
}

static void check_arg(struct analysis *an, CXCursor arg, int is_ref,
                      int holders) {
  struct root r;
  const struct fn *fn = &an->fns[an->cur_fn];

  if (fn->unseen || (!fn->is_kernel && !fn->is_device) || is_null(arg))
    return;
  root_init(&r, an);
  r.holders = holders;
  record(an, &r, is_ref ? obj_root(&r, arg) : ptr_root(&r, arg));
}

static int call_object(CXCursor call, CXCursor *obj);

void ld__check_atomic(struct analysis *an, CXCursor call) {
  struct root r;
  CXCursor arg, obj;
  const struct fn *fn = &an->fns[an->cur_fn];

  if (fn->unseen || (!fn->is_kernel && !fn->is_device))
    return;
  /* The object of a libcu++ atomic's method (`p->fetch_add(1)` on a
   * `cuda::atomic<int> *p`) and the object an atomic_ref's constructor
   * takes (`dev_ref(*p)`) are written: walked for the parameters a device
   * function writes through (param_writes); the rest is left to the
   * atomic's own rules, as before. */
  if (call_object(call, &obj)) {
    root_init(&r, an);
    (void)(ld__is_pointer(clang_getCursorType(ld__unwrap(obj)))
               ? ptr_root(&r, obj)
               : obj_root(&r, obj));
  }
  if (clang_Cursor_getNumArguments(call) < 1)
    return;
  arg = clang_Cursor_getArgument(call, 0);
  /* `atomicAdd(T *address, ...)`; an atomic_ref's constructor takes an
   * object (its calls are followed where it was made). */
  if (!ld__is_pointer(clang_getCursorType(arg))) {
    root_init(&r, an);
    (void)obj_root(&r, arg);
    return;
  }
  root_init(&r, an);
  if (ptr_root(&r, arg) && r.loaded[0])
    record(an, &r, 1);
}

void ld__note_unseen(struct analysis *an, const char *fmt, CXCursor named) {
  struct root r;
  const struct fn *fn = &an->fns[an->cur_fn];

  if (fn->unseen || (!fn->is_kernel && !fn->is_device))
    return;
  root_init(&r, an);
  unseen(&r, fmt, named);
  record(an, &r, 0);
}

/* The parameter an unresolved call's callee expression names
 * (`f(i)`, `f.apply(i)`): its index, else -1 (also past 63). */
static int dependent_callee_param(const struct analysis *an, CXCursor call) {
  CXCursor c, d;

  if (!ld__nth_child(call, 0, &c))
    return -1;
  c = ld__unwrap(c);
  while (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
         ld__nth_child(c, 0, &d))
    c = ld__unwrap(d);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCursorReferenced(c);
  if (clang_getCursorKind(d) != CXCursor_ParmDecl)
    return -1;
  return param_index_of(an->fns[an->cur_fn].cur, d);
}

/* An unresolved call: through a kernel parameter of a template type (the
 * kernel's launches decide), or through another object (not followed). */
static void unresolved_call(struct analysis *an, CXCursor call) {
  CXCursor c, op;
  int p, obj;

  /* What a call through a pointer or object passes on is not followed:
   * every parameter may be written through (ld__reads_only). */
  if (!an->fns[an->cur_fn].is_kernel)
    an->fns[an->cur_fn].param_writes = ~(uint64_t)0;

  /* An operator on operands of a template type (`sum += in[i]`,
   * `out[i] = v`): a store to its left operand when it assigns, else
   * nothing of its own, as for a resolved operator. */
  if (ld__nth_child(call, 0, &c) && ld__nth_child(call, 1, &op) &&
      (ld__is_operator_ref(c) || ld__is_operator_ref(op))) {
    obj = ld__is_operator_ref(c);
    if (ld__is_operator_ref(c))
      op = c;
    if (ld__is_assign_operator(op) && ld__nth_child(call, obj, &c))
      ld__check_store(an, c);
    return;
  }
  p = dependent_callee_param(an, call);

  if (p >= 0) {
    an->fns[an->cur_fn].dep_params |= (uint64_t)1 << p;
    return;
  }
  if (!ld__nth_child(call, 0, &c))
    return;
  c = ld__unwrap(c);
  /* `acc.add(v)` on an object of a template's type: the object's methods
   * may write through what it holds, as a call of it may (not an
   * accessor of shared memory, `smem.getPointer()`). */
  if (ld__shared_accessor_call(call, NULL))
    return;
  while (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
         clang_Cursor_isNull(clang_getCursorReferenced(c)) &&
         ld__nth_child(c, 0, &op))
    c = ld__unwrap(op);
  /* A cooperative-groups handle of a template's type (`tile.sync()`,
   * `tile.thread_rank()` on a `cg::thread_block_tile<TILE>`): writes no
   * memory of the program's. */
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      ld__cg_object(clang_getCursorReferenced(c)))
    return;
  /* `op(v)` with `template <float (*op)(float)>`: every function of the
   * unit a template argument may name must write nothing (session 35). */
  {
    CXCursor param, writer;
    int w = ld__template_fn_writer(c, &param, &writer);
    if (w == 1)
      ld__note_unseen(an,
                      "calls a function a template argument names, which "
                      "may be %s, a function that writes memory or "
                      "synchronises",
                      writer);
    if (w >= 0)
      return;
  }
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      (clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_VarDecl ||
       clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_ParmDecl))
    ld__note_unseen(an,
                    "calls %s, an object of a template type whose writes "
                    "are not followed",
                    clang_getCursorReferenced(c));
}

/* A call to a function of the file: which of its arguments may hold a
 * pointer (by type; a type a template leaves open may), for the callee's
 * calls through its parameters (kernels.c). */
static void record_call(struct analysis *an, size_t callee, CXCursor call,
                        int n) {
  struct fn *fn = &an->fns[an->cur_fn];
  uint64_t mask = 0;
  int i;

  if (callee == NONE)
    return;
  for (i = 0; i < n && i < 64; i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)));
    if (t.kind == CXType_Unexposed || t.kind == CXType_Invalid ||
        ld__holds_pointer(t, 0))
      mask |= (uint64_t)1 << i;
  }
  if (PUSH(an, fn->ocalls, fn->nocalls, fn->capocalls))
    return;
  fn->ocalls[fn->nocalls].callee = callee;
  fn->ocalls[fn->nocalls++].mask = mask;
}

/* The object a member call is made on (`o.m()`, `p->m()`), if any. */
static int call_object(CXCursor call, CXCursor *obj) {
  CXCursor c;

  if (!ld__nth_child(call, 0, &c))
    return 0;
  c = strip_parens(c);
  return clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
         ld__nth_child(c, 0, obj);
}

/* The object of a member operator's call (`a = b`, `++a`): its first
 * operand, the children being the operands and the operator's name in
 * source order. */
static int operator_object(CXCursor call, CXCursor *obj) {
  CXCursor first;

  if (!ld__nth_child(call, 0, &first))
    return 0;
  if (!ld__is_operator_ref(first)) {
    *obj = first;
    return 1;
  }
  return ld__nth_child(call, 1, obj);
}

void ld__check_call(struct analysis *an, CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call), def, obj, robj;
  const struct fn *fn = &an->fns[an->cur_fn];
  CXFile file;
  int i, n, nparams, scope, order;

  if (fn->unseen || (!fn->is_kernel && !fn->is_device))
    return;
  /* A `cuda::atomic_ref`'s call writes the location it was made on, which
   * its constructor's argument names (a reference parameter: written
   * above); one that is no local of the function nor a temporary came
   * from elsewhere (its pointer, in its bases, is beyond
   * ld__holds_pointer). */
  if (ld__libcu_ref_member(call, &robj, &scope, &order)) {
    CXCursor r = ld__unwrap(robj), v = clang_getCursorReferenced(r);
    if (clang_getCursorKind(r) == CXCursor_DeclRefExpr
            ? clang_getCursorKind(v) != CXCursor_VarDecl ||
                  clang_getCanonicalType(clang_getCursorType(v)).kind ==
                      CXType_LValueReference
            : ld__is_pointer(clang_getCursorType(r)))
      ld__note_unseen(an, "writes through a cuda::atomic_ref made elsewhere",
                      clang_getNullCursor());
    return;
  }
  if (clang_Cursor_isNull(ref) ||
      clang_getCursorKind(ref) == CXCursor_VarDecl ||
      clang_getCursorKind(ref) == CXCursor_ParmDecl ||
      clang_getCursorKind(ref) == CXCursor_FieldDecl ||
      clang_getCursorKind(ref) == CXCursor_NonTypeTemplateParameter) {
    unresolved_call(an, call);
    return;
  }
  if (ld__is_operator_ref(ref))
    return; /* `a[i] = v`, `x += y`: the store's own root is followed */
  /* A cache-hint store (`__stcs(p, v)`: the parser's prelude declares
   * them, ld_analyse.h) is `*p = v` with a hint: a write through p. */
  if ((ld__name_is(ref, "__stcs") || ld__name_is(ref, "__stcg") ||
       ld__name_is(ref, "__stwb") || ld__name_is(ref, "__stwt") ||
       ld__name_is(ref, "__stcv")) &&
      clang_Cursor_getNumArguments(call) == 2) {
    check_arg(an, clang_Cursor_getArgument(call, 0), 0, 0);
    return;
  }
  def = ld__definition_of(ref);
  clang_getExpansionLocation(clang_getCursorLocation(def), &file, NULL, NULL,
                             NULL);
  /* (A builtin, __builtin_inff, is declared where it is first used.) */
  if (file && !ld__name_starts(def, "__builtin") &&
      !clang_Location_isInSystemHeader(clang_getCursorLocation(def)) &&
      !clang_isCursorDefinition(def) && ld__find_fn(an, def) == NONE &&
      clang_getCursorKind(def) != CXCursor_Constructor &&
      clang_getCursorKind(def) != CXCursor_Destructor) {
    /* (A constructor without a body is the compiler's: it writes the
     * object it makes.) */
    ld__note_unseen(an, "calls %s, defined in another file", ref);
    return;
  }
  n = clang_Cursor_getNumArguments(call);
  nparams = clang_Cursor_getNumArguments(ref);
  record_call(an, ld__find_fn(an, def), call, n);
  for (i = 0; i < n && i < nparams && !an->fns[an->cur_fn].unseen; i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(ref, (unsigned)i)));
    CXType obj =
        t.kind == CXType_LValueReference || t.kind == CXType_RValueReference
            ? clang_getCanonicalType(clang_getPointeeType(t))
            : t;
    /* A class holding pointers, by value or by reference, to a function
     * of the file: the pointers it writes through are the argument's. */
    if (obj.kind == CXType_Record && ld__holds_pointer(obj, 0) &&
        ld__find_fn(an, def) != NONE) {
      check_arg(an, clang_Cursor_getArgument(call, (unsigned)i), 1, 1);
      continue;
    }
    if (!ld__writable_indirection(t) || obj.kind == CXType_FunctionProto ||
        obj.kind == CXType_FunctionNoProto)
      continue; /* (a function passed by reference: `cg::reduce(g, v, op)`) */
    if (t.kind == CXType_RValueReference &&
        temporary(clang_Cursor_getArgument(call, (unsigned)i)))
      continue; /* `tile.shfl(__popc(v), 0)`: it writes a temporary */
    if (ld__reads_only(an, ref, i))
      continue; /* `thread_sum(input, n)` that only reads input */
    check_arg(an, clang_Cursor_getArgument(call, (unsigned)i),
              t.kind != CXType_Pointer, 0);
  }
  /* A class's member assignment operator (`*p = make_float4(...)`,
   * `*reinterpret_cast<float4 *>(a) = v`, `acc[i] += v` with a member
   * `+=`): a store to its left operand, as visit_store (bodies.c) takes a
   * built-in one.  Before, a device function storing a float4 through its
   * pointer parameter was taken for one that only reads through it. */
  if (clang_getCursorKind(ref) == CXCursor_CXXMethod &&
      ld__is_assign_operator(ref) && operator_object(call, &obj)) {
    ld__check_store(an, obj);
    return;
  }
  /* A method that may store to its object, or through pointers it holds. */
  if (clang_getCursorKind(ref) == CXCursor_CXXMethod &&
      !clang_CXXMethod_isStatic(ref) && call_object(call, &obj) &&
      (!clang_CXXMethod_isConst(ref) ||
       ld__holds_pointer(clang_getCursorType(ld__unwrap(obj)), 0)))
    check_arg(an, obj, !ld__is_pointer(clang_getCursorType(ld__unwrap(obj))),
              1);
}

/* Whether c is a template or lies in one (a class template's method): its
 * body's calls on dependent operands (`atomicAdd(out + i, v)` with a
 * `T *out`) are resolved only per instantiation, unseen here. */
static int in_template(CXCursor c) {
  for (; !clang_Cursor_isNull(c) &&
         !clang_isTranslationUnit(clang_getCursorKind(c));
       c = clang_getCursorSemanticParent(c))
    switch (clang_getCursorKind(c)) {
    case CXCursor_FunctionTemplate:
    case CXCursor_ClassTemplate:
    case CXCursor_ClassTemplatePartialSpecialization:
      return 1;
    default:
      break;
    }
  return 0;
}

int ld__reads_only(const struct analysis *an, CXCursor callee, int i) {
  size_t fi;
  const struct fn *f;
  CXType t, obj;

  if (i < 0 || i >= 64 || clang_Cursor_isNull(callee) ||
      i >= clang_Cursor_getNumArguments(callee))
    return 0;
  fi = ld__find_fn(an, ld__definition_of(callee));
  if (fi == NONE || fi == an->cur_fn)
    return 0;
  f = &an->fns[fi];
  if (!f->walked || f->unseen || f->has_asm || !f->is_device || f->is_kernel ||
      in_template(f->cur) ||
      (clang_getCursorKind(callee) == CXCursor_CXXMethod &&
       clang_CXXMethod_isVirtual(callee)) ||
      (f->param_writes >> i & 1))
    return 0;
  t = clang_getCanonicalType(
      clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)i)));
  if (t.kind != CXType_Pointer && t.kind != CXType_LValueReference)
    return 0;
  obj = clang_getCanonicalType(clang_getPointeeType(t));
  return obj.kind != CXType_Unexposed && obj.kind != CXType_Invalid &&
         !ld__holds_pointer(obj, 0);
}

/* ---- functors and lambdas passed to a template kernel ------------------ */

/* What a functor's operator() or a lambda's body may call without its
 * writes going unseen: a constructor (it writes the object it makes), an
 * operator on values (no argument holding a pointer; not operator()), a
 * device function of the file that writes nothing unseen, calls nothing
 * of the file, uses nothing the copies cannot repeat (atomics, printf,
 * ...) and calls through no parameter of its own, or a function of a
 * system header that is none of those uses; every argument it may write
 * through has a seen root. */
static int functor_call(struct root *r, CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call), def;
  CXString n;
  const char *name;
  int i, nargs = clang_Cursor_getNumArguments(call), bad = 0;
  size_t fi;

  if (clang_Cursor_isNull(ref))
    return unseen(r, "calls %s, whose writes are not followed", call);
  if (clang_getCursorKind(ref) == CXCursor_Constructor ||
      clang_getCursorKind(ref) == CXCursor_Destructor)
    return 1;
  n = clang_getCursorSpelling(ref);
  name = clang_getCString(n);
  if (ld__is_operator_ref(ref)) {
    bad = !strcmp(name, "operator()");
    for (i = 0; i < nargs && !bad; i++)
      bad = ld__holds_pointer(
          clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)), 0);
    clang_disposeString(n);
    return !bad || unseen(r, "calls %s on an object holding a pointer", ref);
  }
  /* A class's defaulted copy or move assignment (`out[i] =
   * make_float2(x, y)`, `pts[i] = q`): a store of its bytes to its left
   * operand, like a built-in `=`. */
  if (clang_getCursorKind(ref) == CXCursor_CXXMethod &&
      clang_CXXMethod_isDefaulted(ref) &&
      (clang_CXXMethod_isCopyAssignmentOperator(ref) ||
       clang_CXXMethod_isMoveAssignmentOperator(ref)) &&
      operator_object(call, &def)) {
    clang_disposeString(n);
    return obj_root(r, def);
  }
  def = ld__definition_of(ref);
  fi = ld__find_fn(r->an, def);
  if (fi != NONE) {
    const struct fn *f = &r->an->fns[fi];
    bad = f->unseen || f->global_use || f->dep_params || f->ncallees ||
          f->nocalls || !f->is_device;
  } else if (clang_Location_isInSystemHeader(clang_getCursorLocation(def))) {
    bad = !strncmp(name, "atomic", 6) || !strncmp(name, "__", 2) ||
          !strcmp(name, "printf") || !strncmp(name, "clock", 5) ||
          !strcmp(name, "malloc") || !strcmp(name, "free") ||
          !strncmp(name, "mem", 3);
  } else {
    bad = 1;
  }
  clang_disposeString(n);
  if (bad || clang_getCursorKind(ref) == CXCursor_CXXMethod)
    return unseen(r, "calls %s, whose writes are not followed", ref);
  for (i = 0; i < nargs && i < clang_Cursor_getNumArguments(ref); i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(ref, (unsigned)i)));
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    if (ld__writable_indirection(t) && !is_null(a) &&
        !(t.kind == CXType_Pointer ? ptr_root(r, a) : obj_root(r, a)))
      return 0;
  }
  return 1;
}

struct functor_walk {
  struct root *r;
  int ok;
};

static enum CXChildVisitResult functor_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct functor_walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor lhs;

  (void)parent;
  if (k == CXCursor_LambdaExpr)
    w->ok = unseen(w->r, "writes in a lambda inside %s", w->r->fn);
  else if (((k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
            k == CXCursor_CompoundAssignOperator) &&
           ld__nth_child(c, 0, &lhs))
    w->ok = obj_root(w->r, lhs);
  else if (k == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc &&
           clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec &&
           ld__nth_child(c, 0, &lhs))
    w->ok = obj_root(w->r, lhs);
  else if (k == CXCursor_CallExpr)
    w->ok = functor_call(w->r, c);
  else if (((k == CXCursor_AsmStmt || k == CXCursor_GCCAsmStmt) &&
            !ld__asm_pure(c)) ||
           k == CXCursor_CXXNewExpr || k == CXCursor_CXXDeleteExpr)
    w->ok = unseen(w->r, "inline assembly or allocation in %s", w->r->fn);
  return w->ok && !w->r->an->rc ? CXChildVisit_Recurse : CXChildVisit_Break;
}

struct call_op {
  CXCursor found;
  int n;
};

static enum CXChildVisitResult call_op_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct call_op *o = data;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CXXMethod &&
      ld__name_is(c, "operator()")) {
    o->n++;
    o->found = clang_getCursorDefinition(c);
  }
  return CXChildVisit_Continue;
}

/* The code a call of the functor or lambda argument e runs: a lambda
 * expression (also as a local's initialiser), else the one operator() a
 * class of the file defines.  Null when it cannot be told. */
static CXCursor functor_body(CXCursor e) {
  CXCursor d, init;
  struct call_op o;
  CXType t;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
      clang_getCursorKind(d = clang_getCursorReferenced(e)) ==
          CXCursor_VarDecl &&
      !clang_Cursor_isNull(init = clang_Cursor_getVarDeclInitializer(d)) &&
      clang_getCursorKind(ld__unwrap(init)) == CXCursor_LambdaExpr)
    e = ld__unwrap(init);
  if (clang_getCursorKind(e) == CXCursor_LambdaExpr)
    return e;
  t = clang_getCanonicalType(clang_getCursorType(e));
  o.n = 0;
  o.found = clang_getNullCursor();
  if (t.kind == CXType_Record)
    clang_visitChildren(clang_getTypeDeclaration(t), call_op_cb, &o);
  return o.n == 1 ? o.found : clang_getNullCursor();
}

/* Whether an operator() or lambda has a parameter it could write through
 * (an argument the kernel passes: not followed). */
static int takes_indirection(CXCursor body) {
  int i, n = clang_Cursor_getNumArguments(body);

  for (i = 0; i < n; i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(body, (unsigned)i)));
    if (ld__writable_indirection(t) || ld__holds_pointer(t, 0))
      return 1;
  }
  return 0;
}

/* The function template whose parameter e names, and the parameter's
 * position (`f` in `template <class F> void for_each(int n, F f) {
 * k<<<b, t>>>(n, f); }`, a launcher of a generic kernel); null when e is
 * no such parameter. */
/* Whether call e is std::forward or std::move, also a template's
 * unresolved one (no name of its own: its callee's overload set has it). */
static int forwards(CXCursor e) {
  CXCursor callee, ref;

  if (ld__name_is(e, "forward") || ld__name_is(e, "move"))
    return 1;
  if (!ld__nth_child(e, 0, &callee))
    return 0;
  ref = clang_getCursorReferenced(ld__unwrap(callee));
  if (clang_getCursorKind(ref) == CXCursor_OverloadedDeclRef &&
      clang_getNumOverloadedDecls(ref) > 0)
    ref = clang_getOverloadedDecl(ref, 0);
  return !clang_Cursor_isNull(ref) &&
         (ld__name_is(ref, "forward") || ld__name_is(ref, "move"));
}

static CXCursor template_param(CXCursor e, int *pos) {
  CXCursor d, tmpl, last;
  unsigned n;

  /* Forwarded: `static_cast<F &&>(f)`, `std::forward<F>(f)`,
   * `std::move(f)` (their last child is the operand). */
  for (e = ld__unwrap(e);; e = ld__unwrap(last)) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_CXXStaticCastExpr &&
        !(k == CXCursor_CallExpr && forwards(e)))
      break;
    for (n = 0; ld__nth_child(e, n, &last); n++)
      ;
    if (!n || !ld__nth_child(e, n - 1, &last))
      break;
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
      clang_getCursorKind(d = clang_getCursorReferenced(e)) !=
          CXCursor_ParmDecl ||
      clang_getCursorKind(tmpl = clang_getCursorSemanticParent(d)) !=
          CXCursor_FunctionTemplate)
    return clang_getNullCursor();
  *pos = param_index_of(tmpl, d);
  return *pos < 0 ? clang_getNullCursor() : tmpl;
}

struct tmpl_calls {
  struct analysis *an;
  CXCursor tmpl;
  int pos, depth, verdict, any;
};

static int functor_arg(struct analysis *an, CXCursor a, int depth);

/* Whether call c calls function template tmpl: a specialization of it,
 * or (in another template, `launch(n, loop)` with a dependent argument)
 * an unresolved call whose overload set holds it. */
static int calls_template(CXCursor c, CXCursor tmpl) {
  CXCursor ref = clang_getCursorReferenced(c), callee;
  unsigned i, n;

  if (clang_Cursor_isNull(ref) && ld__nth_child(c, 0, &callee))
    ref = clang_getCursorReferenced(ld__unwrap(callee));
  if (clang_Cursor_isNull(ref))
    return 0;
  if (clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef)
    return clang_equalCursors(ref, tmpl) ||
           clang_equalCursors(clang_getSpecializedCursorTemplate(ref), tmpl);
  n = clang_getNumOverloadedDecls(ref);
  for (i = 0; i < n; i++)
    if (clang_equalCursors(clang_getOverloadedDecl(ref, i), tmpl))
      return 1;
  return 0;
}

/* Argument i of a call, resolved or a template's unresolved one (whose
 * children are the callee, then the arguments). */
static int call_argument(CXCursor call, int i, CXCursor *arg) {
  int n = clang_Cursor_getNumArguments(call);

  if (n >= 0) {
    if (i >= n)
      return 0;
    *arg = clang_Cursor_getArgument(call, (unsigned)i);
    return 1;
  }
  return ld__nth_child(call, (unsigned)i + 1, arg);
}

/* Each call of the template outside system headers: the verdict on its
 * argument at pos (the lowest: 0 a write not followed, -1 not told). */
static enum CXChildVisitResult tmpl_calls_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct tmpl_calls *t = data;
  CXCursor ref;
  int v;

  (void)parent;
  if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  if (clang_getCursorKind(c) == CXCursor_CallExpr &&
      calls_template(c, t->tmpl)) {
    t->any = 1;
    v = call_argument(c, t->pos, &ref) ? functor_arg(t->an, ref, t->depth + 1)
                                       : -1;
    if (v < t->verdict)
      t->verdict = v;
  }
  return t->verdict == 0 || t->an->rc ? CXChildVisit_Break
                                      : CXChildVisit_Recurse;
}

/* ld__functor_followed's verdict on argument a: a parameter of a function
 * template (a launcher) is judged by every call of that template in the
 * unit, three launchers deep at most. */
static int functor_arg(struct analysis *an, CXCursor a, int depth) {
  struct functor_walk w;
  struct root r;
  CXCursor body;
  CXType t;

  body = functor_body(a);
  if (clang_Cursor_isNull(body)) {
    struct tmpl_calls tc;
    tc.tmpl = template_param(a, &tc.pos);
    if (clang_Cursor_isNull(tc.tmpl) || depth >= 3)
      return -1;
    tc.an = an;
    tc.depth = depth;
    tc.verdict = 1;
    tc.any = 0;
    clang_visitChildren(
        clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(a)),
        tmpl_calls_cb, &tc);
    return tc.any ? tc.verdict : -1;
  }
  t = clang_getCursorType(ld__unwrap(a));
  if ((ld__holds_pointer(t, 0) && !ld__fields_patchable(t)) ||
      (clang_getCursorKind(body) == CXCursor_CXXMethod &&
       takes_indirection(body)))
    return 0;
  memset(&r, 0, sizeof r);
  r.an = an;
  r.fn = body;
  r.functor = 1;
  w.r = &r;
  w.ok = 1;
  clang_visitChildren(body, functor_cb, &w);
  return w.ok && !an->rc;
}

int ld__functor_followed(struct analysis *an, CXCursor call, int arg) {
  if (clang_Cursor_isNull(call) || !ld__is_triple_chevron(call) || arg < 0 ||
      arg >= clang_Cursor_getNumArguments(call))
    return 0;
  return functor_arg(an, clang_Cursor_getArgument(call, (unsigned)arg), 0);
}

void ld__follow_functors(struct analysis *an) {
  size_t i;
  int p;

  for (i = 0; i < an->nlaunches && !an->rc; i++) {
    struct launch *l = &an->launches[i];
    uint64_t called = l->fn == NONE ? 0 : an->fns[l->fn].dep_params;
    for (p = 0; p < 64 && !an->rc; p++) {
      int followed =
          called >> p & 1 ? ld__functor_followed(an, l->call, p) : -1;
      if (followed > 0)
        l->arg_followed |= (uint64_t)1 << p;
      else if (followed == 0) /* even one holding no pointer: `gp[i] = 0` */
        l->arg_ptr |= (uint64_t)1 << p;
    }
  }
}
