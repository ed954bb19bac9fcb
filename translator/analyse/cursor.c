/* The libclang helpers every pass of the analyse step shares, each written
 * once: growable arrays, main-file positions and spans, cursor names and
 * children, types, callees, barrier forms, default arguments and the start
 * of a definition.  It knows nothing of the plan's kernels or of any pass's
 * state (ld_analysis.h, the facts files): everything here takes a cursor,
 * a type or the main file (struct ld__source).  Host code only. */
#include <clang-c/Index.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_cursor.h"
#include "ld_error.h"

#define REASON_GROUP_SYNC "sync on a generic thread_group"
#define REASON_GRID_SYNC "grid-wide synchronisation"
#define REASON_CLUSTER_SYNC "cluster synchronisation"

/* Make room for one more element in a growable array. */
int ld__grow(void *itemsp, size_t *cap, size_t n, size_t size) {
  void **items = itemsp;
  size_t ncap;
  void *p;

  if (n < *cap)
    return LD_OK;
  ncap = *cap ? *cap * 2 : 16;
  p = realloc(*items, ncap * size);
  if (!p)
    return LD_ENOMEM;
  *items = p;
  *cap = ncap;
  return LD_OK;
}

unsigned ld__file_line(const struct ld__source *s, unsigned text_line) {
  size_t file, line;

  if (!s->lines || !s->lines->n)
    return text_line;
  ld_line_map_find(s->lines, text_line, &file, &line);
  return (unsigned)line;
}

/* Position of loc in the main file: its expansion location, so anything
 * inside a macro expanded in the main file is at the expansion.  Returns 0
 * when that is in a header or invalid. */
int ld__main_pos(const struct ld__source *s, CXSourceLocation loc,
                 struct ld_pos *pos) {
  CXFile file;
  unsigned line, col, off;

  clang_getExpansionLocation(loc, &file, &line, &col, &off);
  if (!file || !s->main_file || !clang_File_isEqual(file, s->main_file))
    return 0;
  pos->line = ld__file_line(s, line);
  pos->col = col;
  pos->offset = off;
  return 1;
}

/* Main-file offset of loc's expansion (ld__main_pos without the line and
 * column); 0 when elsewhere. */
int ld__main_offset(const struct ld__source *s, CXSourceLocation loc,
                    size_t *off) {
  struct ld_pos pos;

  if (!ld__main_pos(s, loc, &pos))
    return 0;
  *off = pos.offset;
  return 1;
}

int ld__in_ranges(const struct ld__range *r, size_t n, size_t off) {
  size_t i;

  for (i = 0; i < n; i++)
    if (r[i].begin <= off && off < r[i].end)
      return 1;
  return 0;
}

int ld__in_macro(const struct ld__source *s, size_t off) {
  return ld__in_ranges(s->macros, s->nmacros, off);
}

char *ld__cursor_name(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *name = strdup(clang_getCString(s));

  clang_disposeString(s);
  return name;
}

int ld__name_is(CXCursor c, const char *want) {
  CXString s = clang_getCursorSpelling(c);
  int eq = !strcmp(clang_getCString(s), want);

  clang_disposeString(s);
  return eq;
}

int ld__name_contains(CXCursor c, const char *part) {
  CXString s = clang_getCursorSpelling(c);
  int yes = strstr(clang_getCString(s), part) != NULL;

  clang_disposeString(s);
  return yes;
}

int ld__name_starts(CXCursor c, const char *prefix) {
  CXString s = clang_getCursorSpelling(c);
  int eq = !strncmp(clang_getCString(s), prefix, strlen(prefix));

  clang_disposeString(s);
  return eq;
}

struct child_query {
  enum CXCursorKind kind;
  unsigned index; /* for nth_child */
  unsigned seen;
  CXCursor found;
  int ok;
};

static enum CXChildVisitResult find_kind_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct child_query *q = data;

  (void)parent;
  if (clang_getCursorKind(c) == q->kind) {
    q->found = c;
    q->ok = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

int ld__child_of_kind(CXCursor c, enum CXCursorKind kind, CXCursor *out) {
  struct child_query q = {kind, 0, 0, {0}, 0};

  clang_visitChildren(c, find_kind_cb, &q);
  if (q.ok && out)
    *out = q.found;
  return q.ok;
}

int ld__has_child_kind(CXCursor c, enum CXCursorKind kind) {
  return ld__child_of_kind(c, kind, NULL);
}

static enum CXChildVisitResult nth_child_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct child_query *q = data;

  (void)parent;
  if (q->seen++ == q->index) {
    q->found = c;
    q->ok = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

int ld__nth_child(CXCursor c, unsigned index, CXCursor *out) {
  struct child_query q = {0, index, 0, {0}, 0};

  clang_visitChildren(c, nth_child_cb, &q);
  *out = q.found;
  return q.ok;
}

/* Skip implicit-cast-like wrappers and parentheses. */
long long ld__constant_of(CXCursor c, int *ok) {
  CXEvalResult ev = clang_Cursor_Evaluate(c);
  long long v = 0;

  *ok = ev && clang_EvalResult_getKind(ev) == CXEval_Int;
  if (*ok)
    v = clang_EvalResult_getAsLongLong(ev);
  if (ev)
    clang_EvalResult_dispose(ev);
  return v;
}

CXCursor ld__unwrap(CXCursor c) {
  CXCursor inner;

  while ((clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
          clang_getCursorKind(c) == CXCursor_ParenExpr) &&
         ld__nth_child(c, 0, &inner))
    c = inner;
  return c;
}

int ld__is_pointer(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Pointer;
}

int ld__is_array(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
         t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

/* A parameter's type as the function sees it: an array parameter
 * (`double f[][4]`, `int a[8]`) is a pointer to its element. */
int ld__param_is_pointer(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray ||
         t.kind == CXType_ConstantArray || t.kind == CXType_DependentSizedArray;
}

CXType ld__param_pointee(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_Pointer ? clang_getPointeeType(t)
                                  : clang_getArrayElementType(t);
}

/* A pointer or reference through which the pointee may be modified. */
int ld__writable_indirection(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Pointer && t.kind != CXType_LValueReference &&
      t.kind != CXType_RValueReference)
    return 0;
  return !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* The declaration a function-like reference means: the template for a
 * specialization, then its definition when there is one. */
CXCursor ld__definition_of(CXCursor ref) {
  CXCursor tmpl = clang_getSpecializedCursorTemplate(ref);
  CXCursor def;

  if (!clang_Cursor_isNull(tmpl))
    ref = tmpl;
  def = clang_getCursorDefinition(ref);
  return clang_Cursor_isNull(def) ? ref : def;
}

/* The callee name of an overloaded-operator call, or NULL. */
/* A dependent operator's callee is a DeclRefExpr with no name of its own
 * whose referenced cursor is the overload set (`operator+=`): that set. */
static CXCursor operator_set(CXCursor c) {
  CXCursor r;

  c = ld__unwrap(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return c;
  r = clang_getCursorReferenced(c);
  return clang_getCursorKind(r) == CXCursor_OverloadedDeclRef ? r : c;
}

int ld__is_operator_ref(CXCursor c) {
  enum CXCursorKind k;

  c = operator_set(c);
  k = clang_getCursorKind(c);
  return (k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef) &&
         ld__name_starts(c, "operator");
}

int ld__operator_is(CXCursor callee, const char *name) {
  return ld__name_is(operator_set(callee), name);
}

int ld__is_assign_operator(CXCursor callee) {
  static const char *const ops[] = {
      "operator=",   "operator+=", "operator-=", "operator*=", "operator/=",
      "operator%=",  "operator&=", "operator|=", "operator^=", "operator<<=",
      "operator>>=", "operator++", "operator--"};
  size_t i;

  for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (ld__name_is(operator_set(callee), ops[i]))
      return 1;
  return 0;
}

static int unresolved_call(CXCursor e) {
  return clang_getCursorKind(e) == CXCursor_CallExpr &&
         clang_isInvalid(clang_getCursorKind(clang_getCursorReferenced(e)));
}

int ld__dependent_sum(CXCursor e, CXCursor *x, CXCursor *y) {
  CXCursor op, more;

  e = ld__unwrap(e);
  return unresolved_call(e) && ld__nth_child(e, 0, x) &&
         ld__nth_child(e, 1, &op) && ld__nth_child(e, 2, y) &&
         !ld__nth_child(e, 3, &more) &&
         (ld__operator_is(op, "operator+") || ld__operator_is(op, "operator-"));
}

int ld__dependent_deref(CXCursor e, CXCursor *x) {
  CXCursor a, b, more;

  /* (libclang lists a prefix operator after its operand) */
  e = ld__unwrap(e);
  if (!unresolved_call(e) || !ld__nth_child(e, 0, &a) ||
      !ld__nth_child(e, 1, &b) || ld__nth_child(e, 2, &more))
    return 0;
  if (ld__is_operator_ref(b) && ld__operator_is(b, "operator*"))
    *x = a;
  else if (ld__is_operator_ref(a) && ld__operator_is(a, "operator*"))
    *x = b;
  else
    return 0;
  return 1;
}

/* 2 for a pointer or an array, 1 for a dependent type. */
static int pointer_like(CXCursor e) {
  CXType t = clang_getCanonicalType(clang_getCursorType(ld__unwrap(e)));

  return t.kind == CXType_Pointer || ld__is_array(t) ? 2
         : t.kind == CXType_Dependent                ? 1
                                                     : 0;
}

int ld__pointer_sum(CXCursor e, CXCursor *ptr, CXCursor *off) {
  CXCursor x, y;
  int add, px, py;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
    if ((o != CXBinaryOperator_Add && o != CXBinaryOperator_Sub) ||
        !ld__nth_child(e, 0, &x) || !ld__nth_child(e, 1, &y))
      return 0;
    add = o == CXBinaryOperator_Add;
  } else if (ld__dependent_sum(e, &x, &y)) {
    CXCursor op;
    add = ld__nth_child(e, 1, &op) && ld__operator_is(op, "operator+");
  } else
    return 0;
  px = pointer_like(x);
  py = add ? pointer_like(y) : 0;
  if (!px && !py)
    return 0;
  *ptr = px >= py ? x : y;
  *off = px >= py ? y : x;
  return 1;
}

/* Is t (after references and qualifiers) the class named cls? */
int ld__is_class(CXType t, const char *cls) {
  CXCursor decl;

  t = clang_getCanonicalType(clang_getNonReferenceType(t));
  decl = clang_getTypeDeclaration(clang_getUnqualifiedType(t));
  return !clang_Cursor_isNull(decl) && ld__name_is(decl, cls);
}

/* Whether declaration d lives in namespace cooperative_groups (or one
 * nested in it). */
static int in_cg_namespace(CXCursor d) {
  for (; !clang_Cursor_isNull(d) &&
         clang_getCursorKind(d) != CXCursor_TranslationUnit;
       d = clang_getCursorSemanticParent(d))
    if (clang_getCursorKind(d) == CXCursor_Namespace &&
        ld__name_is(d, "cooperative_groups"))
      return 1;
  return 0;
}

int ld__is_cg_type(CXType t) {
  CXCursor d;

  t = clang_getCanonicalType(clang_getNonReferenceType(t));
  d = clang_getTypeDeclaration(clang_getUnqualifiedType(t));
  return !clang_Cursor_isNull(d) && in_cg_namespace(d);
}

size_t ld__after_angles(const char *src, size_t len, size_t p) {
  size_t e = p;
  int depth = 0;

  while (e < len && strchr(" \t\r\n", src[e]))
    e++;
  if (e >= len || src[e] != '<')
    return p;
  for (; e < len; e++) {
    depth += src[e] == '<' ? 1 : src[e] == '>' ? -1 : 0;
    if (!depth)
      return e + 1;
    if (strchr("(){};", src[e]))
      return p;
  }
  return p;
}

struct tparam_list {
  CXCursor *out;
  unsigned n, max;
};

static enum CXChildVisitResult tparam_list_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct tparam_list *t = data;

  (void)parent;
  switch (clang_getCursorKind(c)) {
  case CXCursor_TemplateTypeParameter:
  case CXCursor_NonTypeTemplateParameter:
  case CXCursor_TemplateTemplateParameter:
    if (t->n < t->max)
      t->out[t->n++] = c;
    break;
  default:
    break;
  }
  return CXChildVisit_Continue;
}

unsigned ld__template_params(CXCursor tmpl, CXCursor *out, unsigned max) {
  struct tparam_list t = {out, 0, max};

  clang_visitChildren(tmpl, tparam_list_cb, &t);
  return t.n;
}

struct arity {
  int params, defaults;
};

static enum CXChildVisitResult arity_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct arity *a = data;
  CXCursor e;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
    a->params++;
    /* A default argument is the parameter's expression child. */
    a->defaults += ld__last_expr_child(c, &e);
  }
  return CXChildVisit_Continue;
}

int ld__arity_fits(CXCursor fn, int nargs) {
  struct arity a = {0, 0};
  CXCursor def = clang_getCursorDefinition(fn);

  if (nargs < 0)
    return 1;
  clang_visitChildren(clang_Cursor_isNull(def) ? fn : def, arity_cb, &a);
  if (nargs > a.params)
    return clang_Cursor_isVariadic(fn);
  return nargs >= a.params - a.defaults;
}

CXCursor ld__callee_decl(CXCursor call) {
  CXCursor c = clang_getCursorReferenced(call), x;

  if (!clang_Cursor_isNull(c) &&
      clang_getCursorKind(c) != CXCursor_OverloadedDeclRef)
    return c;
  if (!ld__nth_child(call, 0, &x))
    return clang_getNullCursor();
  x = ld__unwrap(x);
  if (clang_getCursorKind(x) == CXCursor_DeclRefExpr ||
      clang_getCursorKind(x) == CXCursor_OverloadedDeclRef)
    x = clang_getCursorReferenced(x);
  if (clang_getCursorKind(x) == CXCursor_OverloadedDeclRef &&
      clang_getNumOverloadedDecls(x) > 0)
    return clang_getOverloadedDecl(x, 0);
  return x;
}

/* e without implicit casts, parentheses and one-argument constructor calls
 * (a copy or a conversion: `thread_group g = block`). */
static CXCursor strip_conversions(CXCursor e) {
  e = ld__unwrap(e);
  while (clang_getCursorKind(e) == CXCursor_CallExpr &&
         clang_getCursorKind(clang_getCursorReferenced(e)) ==
             CXCursor_Constructor &&
         clang_Cursor_getNumArguments(e) == 1)
    e = ld__unwrap(clang_Cursor_getArgument(e, 0));
  return e;
}

/* A cooperative-groups function that makes a group handle, not one that
 * computes a value (`T v = cg::reduce(tile, x, cg::plus<T>())` in a
 * template is a T, session 39: it was taken for a handle and refused). */
static int makes_group(CXCursor fn) {
  static const char *const makers[] = {
      "this_thread_block", "tiled_partition",   "this_grid",
      "this_cluster",      "coalesced_threads", "binary_partition",
      "labeled_partition", "this_multi_grid",   "this_thread"};
  size_t i;

  for (i = 0; i < sizeof makers / sizeof makers[0]; i++)
    if (ld__name_is(fn, makers[i]))
      return 1;
  return 0;
}

int ld__cg_object(CXCursor var) {
  CXType t = clang_getCanonicalType(clang_getCursorType(var));
  CXCursor d, init;

  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  d = t.kind == CXType_Invalid ? clang_getNullCursor()
                               : clang_getTypeDeclaration(t);
  if (!clang_Cursor_isNull(d) && in_cg_namespace(d))
    return 1;
  /* `auto tile = cg::tiled_partition<TILE>(block);` in a template: the
   * type is not known yet, the function that makes it is. */
  if ((t.kind != CXType_Unexposed && t.kind != CXType_Auto &&
       t.kind != CXType_Invalid) ||
      clang_getCursorKind(var) != CXCursor_VarDecl ||
      !ld__last_expr_child(var, &init))
    return 0;
  init = strip_conversions(init);
  if (clang_getCursorKind(init) != CXCursor_CallExpr)
    return 0;
  d = ld__callee_decl(init);
  return !clang_Cursor_isNull(d) && in_cg_namespace(d) &&
         clang_Location_isInSystemHeader(clang_getCursorLocation(d)) &&
         makes_group(d);
}

/* The calls of one function and what they pass for one of its
 * parameters (group_param_is_block). */
struct group_calls {
  CXCursor fn; /* canonical */
  unsigned index, calls, refs, block_args;
};

static enum CXChildVisitResult count_group_calls(CXCursor c, CXCursor parent,
                                                 CXClientData data) {
  struct group_calls *g = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor to;

  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  if (k != CXCursor_DeclRefExpr && k != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  to = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(to) ||
      !clang_equalCursors(clang_getCanonicalCursor(to), g->fn))
    return CXChildVisit_Recurse;
  if (k == CXCursor_DeclRefExpr) {
    g->refs++;
    return CXChildVisit_Recurse;
  }
  g->calls++;
  if (g->index < (unsigned)clang_Cursor_getNumArguments(c)) {
    /* thread_group's constructor from the block handle, then the handle */
    CXCursor arg = strip_conversions(clang_Cursor_getArgument(c, g->index));
    if (ld__is_class(clang_getCursorType(arg), "thread_block"))
      g->block_args++;
  }
  return CXChildVisit_Recurse;
}

/* Whether base names a `thread_group` parameter of a function that every
 * use of the function (a call, in the files translated) binds to the block:
 * `__device__ int reduce_sum(thread_group g, int *temp, int val)` called
 * with `this_thread_block()`, as NVIDIA's cooperative-groups blog writes it
 * (and the code that copies it; session 42).  Its `g.sync()` is then a
 * block barrier.  A call with another group, or a use of the function
 * other than a call, keeps it refused. */
static int group_param_is_block(CXCursor base) {
  struct group_calls g;
  CXCursor parm, fn;
  int i, n;

  base = ld__unwrap(base);
  if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
    return 0;
  parm = clang_getCursorReferenced(base);
  if (clang_getCursorKind(parm) != CXCursor_ParmDecl)
    return 0;
  fn = clang_getCursorSemanticParent(parm);
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
    return 0;
  memset(&g, 0, sizeof g);
  g.fn = clang_getCanonicalCursor(fn);
  n = clang_Cursor_getNumArguments(fn);
  for (i = 0;
       i < n && !clang_equalCursors(clang_Cursor_getArgument(fn, i), parm); i++)
    ;
  if (i == n)
    return 0;
  g.index = (unsigned)i;
  clang_visitChildren(
      clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(base)),
      count_group_calls, &g);
  return g.calls && g.block_args == g.calls && g.refs == g.calls;
}

/* The form of a block-wide barrier, or NULL when call is not one.  A sync
 * the replay cannot model sets *unsupported to a reason. */
const char *ld__barrier_form(CXCursor call, const char **unsupported) {
  static const char *const builtins[] = {"__syncthreads", "__syncthreads_count",
                                         "__syncthreads_and",
                                         "__syncthreads_or", "__barrier_sync"};
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor first;
  size_t i;

  if (clang_Cursor_isNull(callee))
    return NULL;
  if (clang_getCursorKind(callee) == CXCursor_FunctionDecl) {
    for (i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
      if (ld__name_is(callee, builtins[i]))
        return builtins[i];
    /* cg::sync(block) */
    if (ld__name_is(callee, "sync") &&
        clang_Cursor_getNumArguments(call) == 1 &&
        ld__is_class(clang_getCursorType(clang_Cursor_getArgument(call, 0)),
                     "thread_block"))
      return "cg::sync";
    if (ld__grid_sync(call, NULL))
      *unsupported = REASON_GRID_SYNC; /* cg::sync(grid) */
    if (ld__cluster_sync(call))
      *unsupported = REASON_CLUSTER_SYNC; /* cg::sync(cluster) */
    return NULL;
  }
  /* block.sync(), cg::this_thread_block().sync() */
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod &&
      ld__name_is(callee, "sync") && ld__nth_child(call, 0, &first)) {
    CXCursor base;
    first = ld__unwrap(first);
    if (clang_getCursorKind(first) == CXCursor_MemberRefExpr &&
        ld__nth_child(first, 0, &base)) {
      CXType t = clang_getCursorType(base);
      if (ld__is_class(t, "thread_block"))
        return "cg.sync";
      if (ld__is_class(t, "thread_group") && group_param_is_block(base))
        return "cg.sync";
      if (ld__is_class(t, "thread_group"))
        *unsupported = REASON_GROUP_SYNC;
      else if (ld__is_class(t, "grid_group") ||
               ld__is_class(t, "multi_grid_group"))
        *unsupported = REASON_GRID_SYNC;
    }
  }
  /* gp->sync() through a pointer, and grid.barrier_arrive() /
   * grid.barrier_wait(token): a split grid barrier. */
  if (ld__grid_sync(call, NULL))
    *unsupported = REASON_GRID_SYNC;
  /* A cluster barrier is a block barrier too, and orders the blocks of a
   * cluster: neither the replay nor the copies model it. */
  if (ld__cluster_sync(call))
    *unsupported = REASON_CLUSTER_SYNC;
  return NULL;
}

/* Whether member call `call` is made on an object of class cls (`g.f()`,
 * `gp->f()`): 1 with the object's expression in *base. */
static int method_of(CXCursor call, const char *cls, CXCursor *base) {
  CXCursor first;
  CXType t;

  if (!ld__nth_child(call, 0, &first))
    return 0;
  first = ld__unwrap(first);
  if (clang_getCursorKind(first) != CXCursor_MemberRefExpr ||
      !ld__nth_child(first, 0, base))
    return 0;
  t = clang_getCursorType(*base);
  if (t.kind == CXType_Pointer)
    t = clang_getPointeeType(t);
  return ld__is_class(t, cls);
}

/* The object of a grid-wide sync on a cg::grid_group: `g.sync()`,
 * `g->sync()` (*obj the member access's base) or `cg::sync(g)` (*obj the
 * argument).  1 for those, 2 for the split barrier's `barrier_arrive` and
 * `barrier_wait` on one (a sync the clone of the check across blocks
 * cannot rewrite), 0 otherwise. */
int ld__grid_sync(CXCursor call, CXCursor *obj) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor base;
  enum CXCursorKind k;

  if (clang_Cursor_isNull(callee))
    return 0;
  k = clang_getCursorKind(callee);
  if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) &&
      ld__name_is(callee, "sync") && clang_Cursor_getNumArguments(call) == 1 &&
      ld__is_class(clang_getCursorType(clang_Cursor_getArgument(call, 0)),
                   "grid_group")) {
    if (obj)
      *obj = clang_Cursor_getArgument(call, 0);
    return 1;
  }
  if (k != CXCursor_CXXMethod || !method_of(call, "grid_group", &base))
    return 0;
  if (ld__name_is(callee, "sync")) {
    if (obj)
      *obj = base;
    return 1;
  }
  return ld__name_is(callee, "barrier_arrive") ||
                 ld__name_is(callee, "barrier_wait")
             ? 2
             : 0;
}

/* A cluster barrier (docs/inline-checks.md, "Distributed shared memory"):
 * 1 for one after which the blocks of the cluster are ordered
 * (`cluster.sync()`, `cg::sync(cluster)`, `cluster.barrier_wait()`,
 * `__cluster_barrier_wait()`), 2 for an arrival alone
 * (`barrier_arrive`, `__cluster_barrier_arrive*`), 0 otherwise. */
int ld__cluster_sync(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor base;
  enum CXCursorKind k;

  if (clang_Cursor_isNull(callee))
    return 0;
  k = clang_getCursorKind(callee);
  if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) {
    if (ld__name_is(callee, "__cluster_barrier_wait"))
      return 1;
    if (ld__name_starts(callee, "__cluster_barrier_arrive"))
      return 2;
    return ld__name_is(callee, "sync") &&
                   clang_Cursor_getNumArguments(call) == 1 &&
                   ld__is_class(
                       clang_getCursorType(clang_Cursor_getArgument(call, 0)),
                       "cluster_group")
               ? 1
               : 0;
  }
  if (k != CXCursor_CXXMethod || !method_of(call, "cluster_group", &base))
    return 0;
  if (ld__name_is(callee, "sync") || ld__name_is(callee, "barrier_wait"))
    return 1;
  return ld__name_is(callee, "barrier_arrive") ? 2 : 0;
}

/* The form of a block barrier the replay models (ld__barrier_form without
 * the named barrier __barrier_sync), or NULL. */
const char *ld__block_barrier(CXCursor call) {
  const char *unsupported = NULL;
  const char *form = ld__barrier_form(call, &unsupported);

  return form && strcmp(form, "__barrier_sync") ? form : NULL;
}

/* The launched kernel's name cursor in `k<<<...>>>(...)`, if call is one.
 * clang represents the configuration as a call to
 * __cudaPushCallConfiguration among the call's children; in device code
 * (dynamic parallelism) as one to cudaLaunchDevice. */
int ld__is_triple_chevron(CXCursor call) {
  CXCursor config;

  if (!ld__nth_child(call, 1, &config))
    return 0;
  config = ld__unwrap(config);
  return clang_getCursorKind(config) == CXCursor_CallExpr &&
         (ld__name_is(config, "__cudaPushCallConfiguration") ||
          ld__name_is(config, "cudaConfigureCall") ||
          ld__name_is(config, "cudaLaunchDevice"));
}

/* The declaration a callee expression names, or a name-only cursor. */
CXCursor ld__callee_ref(CXCursor e) {
  CXCursor inner;

  e = ld__unwrap(e);
  while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr ||
         clang_getCursorKind(e) == CXCursor_CXXReinterpretCastExpr ||
         clang_getCursorKind(e) == CXCursor_CXXStaticCastExpr ||
         clang_getCursorKind(e) == CXCursor_UnaryOperator) {
    if (!ld__nth_child(e, 0, &inner))
      break;
    e = ld__unwrap(inner);
  }
  return e;
}

/* The main-file byte range of a cursor's extent (macro uses at its ends
 * count from their expansion); 0 when it is not in the main file, or empty
 * (a default argument). */
int ld__main_span(const struct ld__source *s, CXCursor c, size_t *b,
                  size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  struct ld_pos pb, pe;

  if (!ld__main_pos(s, clang_getRangeStart(r), &pb) ||
      !ld__main_pos(s, clang_getRangeEnd(r), &pe) || pe.offset <= pb.offset ||
      pe.offset > s->len)
    return 0;
  *b = pb.offset;
  *e = pe.offset;
  return 1;
}

char *ld__span_text(const struct ld__source *s, size_t b, size_t e) {
  char *t = malloc(e - b + 1);

  if (t) {
    memcpy(t, s->src + b, e - b);
    t[e - b] = '\0';
  }
  return t;
}

int ld__is_statement_at(CXCursor e, unsigned index, CXCursor parent) {
  switch (clang_getCursorKind(parent)) {
  case CXCursor_CompoundStmt:
    return 1;
  case CXCursor_IfStmt:
    return index >= 1;
  case CXCursor_ForStmt:
  case CXCursor_WhileStmt: {
    /* The body, which ends where the statement does. */
    CXSourceLocation a = clang_getRangeEnd(clang_getCursorExtent(e)),
                     b = clang_getRangeEnd(clang_getCursorExtent(parent));
    return clang_equalLocations(a, b);
  }
  default:
    return 0;
  }
}

/* Whether src[p - n, p) is the word w (not the end of a longer name). */
static int word_before(const char *src, size_t p, const char *w) {
  size_t n = strlen(w);
  char c;

  if (p < n || memcmp(src + p - n, w, n))
    return 0;
  if (p == n)
    return 1;
  c = src[p - n - 1];
  return !(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9'));
}

/* The `=` of a parameter's default argument: the first `=` token from
 * the parameter's name to the end of its extent (a declarator holds none).
 * Not from the extent's start: when the type is a macro (`Real *u` with
 * `#define Real double`) the extent starts at the macro's definition and
 * its tokens run over whatever lies between, `const Real c = 1.0;`
 * included.  1 with its location. */
int ld__default_eq(CXTranslationUnit tu, CXCursor parm, CXSourceLocation *eq) {
  CXToken *toks = NULL;
  unsigned n = 0, i;
  int found = 0;

  if (clang_getCursorKind(parm) != CXCursor_ParmDecl)
    return 0;
  clang_tokenize(tu,
                 clang_getRange(clang_getCursorLocation(parm),
                                clang_getRangeEnd(clang_getCursorExtent(parm))),
                 &toks, &n);
  for (i = 0; i < n && !found; i++) {
    CXString sp;
    if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
      continue;
    sp = clang_getTokenSpelling(tu, toks[i]);
    if (!strcmp(clang_getCString(sp), "=")) {
      *eq = clang_getTokenLocation(tu, toks[i]);
      found = 1;
    }
    clang_disposeString(sp);
  }
  clang_disposeTokens(tu, toks, n);
  return found;
}

int ld__top_const(const struct ld__source *s, CXCursor parm, size_t *b,
                  size_t *e) {
  CXTranslationUnit tu = s->tu;
  CXToken *toks = NULL;
  unsigned n = 0, i;
  size_t name, off, star = 0, cb = 0;
  int have_star = 0, found = 0;

  if (clang_getCursorKind(parm) != CXCursor_ParmDecl ||
      !ld__main_offset(s, clang_getCursorLocation(parm), &name) ||
      ld__in_macro(s, name))
    return 0;
  clang_tokenize(tu, clang_getCursorExtent(parm), &toks, &n);
  for (i = 0; i < n; i++) {
    CXString sp = clang_getTokenSpelling(tu, toks[i]);
    const char *t = clang_getCString(sp);
    CXTokenKind kind = clang_getTokenKind(toks[i]);
    if (ld__main_offset(s, clang_getTokenLocation(tu, toks[i]), &off) &&
        off < name && !ld__in_macro(s, off)) {
      if (kind == CXToken_Punctuation && !strcmp(t, "*")) {
        have_star = 1;
        star = off;
        found = 0;
      } else if (have_star && off > star && kind == CXToken_Keyword &&
                 !strcmp(t, "const")) {
        found = 1;
        cb = off;
      }
    }
    clang_disposeString(sp);
  }
  clang_disposeTokens(tu, toks, n);
  if (!found || cb + 5 > s->len || memcmp(s->src + cb, "const", 5))
    return 0;
  *b = cb;
  *e = cb + 5;
  return 1;
}

int ld__class_const(const struct ld__source *s, CXCursor parm, size_t *b,
                    size_t *e) {
  CXTranslationUnit tu = s->tu;
  CXToken *toks = NULL;
  unsigned n = 0, i;
  size_t name, off, cb = 0;
  int depth = 0, nconst = 0, indirect = 0;
  CXType t;

  if (clang_getCursorKind(parm) != CXCursor_ParmDecl ||
      !ld__main_offset(s, clang_getCursorLocation(parm), &name) ||
      ld__in_macro(s, name))
    return 0;
  t = clang_getCanonicalType(clang_getCursorType(parm));
  if (t.kind != CXType_Record || !clang_isConstQualifiedType(t))
    return 0;
  clang_tokenize(tu, clang_getCursorExtent(parm), &toks, &n);
  for (i = 0; i < n; i++) {
    CXString sp = clang_getTokenSpelling(tu, toks[i]);
    const char *w = clang_getCString(sp);
    CXTokenKind kind = clang_getTokenKind(toks[i]);
    if (ld__main_offset(s, clang_getTokenLocation(tu, toks[i]), &off) &&
        off < name) {
      if (kind == CXToken_Punctuation) {
        if (!strcmp(w, "<") || !strcmp(w, "("))
          depth++;
        else if ((!strcmp(w, ">") || !strcmp(w, ")")) && depth > 0)
          depth--;
        else if (!strcmp(w, ">>"))
          depth = depth > 1 ? depth - 2 : 0;
        else if (depth == 0 &&
                 (!strcmp(w, "*") || !strcmp(w, "&") || !strcmp(w, "&&")))
          indirect = 1;
      } else if (depth == 0 && kind == CXToken_Keyword && !strcmp(w, "const")) {
        if (ld__in_macro(s, off))
          indirect = 1;
        nconst++;
        cb = off;
      }
    }
    clang_disposeString(sp);
  }
  clang_disposeTokens(tu, toks, n);
  if (indirect || nconst != 1 || cb + 5 > s->len ||
      memcmp(s->src + cb, "const", 5))
    return 0;
  *b = cb;
  *e = cb + 5;
  return 1;
}

size_t ld__def_start(const char *src, size_t begin, int devfn) {
  static const char *const kernel_words[] = {"__global__", "static"};
  static const char *const devfn_words[] = {"__device__", "inline",
                                            "__forceinline__"};
  size_t i, p;
  int found = 1;

  while (begin > 0 && found) {
    p = begin;
    while (p > 0 &&
           (src[p - 1] == ' ' || src[p - 1] == '\t' || src[p - 1] == '\n' ||
            src[p - 1] == '\r' || src[p - 1] == '\f' || src[p - 1] == '\v'))
      p--;
    found = 0;
    for (i = 0; i < 2 && !found; i++)
      if (word_before(src, p, kernel_words[i])) {
        begin = p - strlen(kernel_words[i]);
        found = 1;
      }
    for (i = 0; devfn && i < 3 && !found; i++)
      if (word_before(src, p, devfn_words[i])) {
        begin = p - strlen(devfn_words[i]);
        found = 1;
      }
  }
  return begin;
}

static enum CXVisitorResult holds_field_cb(CXCursor c, CXClientData data) {
  int *found = data;

  if (ld__holds_pointer(clang_getCursorType(c), 1)) {
    *found = 1;
    return CXVisit_Break;
  }
  return CXVisit_Continue;
}

/* A pointer, a reference or a class/array holding one (depth-limited). */
int ld__holds_pointer(CXType t, int depth) {
  int found = 0;

  t = clang_getCanonicalType(t);
  if (depth > 8)
    return 0;
  switch (t.kind) {
  case CXType_Pointer:
  case CXType_LValueReference:
  case CXType_RValueReference:
  case CXType_MemberPointer:
    return 1;
  case CXType_ConstantArray:
  case CXType_IncompleteArray:
    return ld__holds_pointer(clang_getArrayElementType(t), depth + 1);
  case CXType_Record:
    clang_Type_visitFields(t, holds_field_cb, &found);
    return found;
  default:
    return 0;
  }
}

/* The callee's name of a call: its spelling, or for a call a template
 * leaves unresolved (`atomicAdd(p, (T)1)` with a dependent T), the name of
 * the overload set it names.  Owned by the caller (clang_disposeString). */
CXString ld__call_name(CXCursor call) {
  CXString s = clang_getCursorSpelling(call);
  CXCursor c = call;
  int depth;

  /* CallExpr -> DeclRefExpr (unresolved, unnamed) -> OverloadedDeclRef,
   * after the qualifier's NamespaceRef or TypeRef (`cuda::memcpy_async`
   * with a template's arguments). */
  for (depth = 0; depth < 2 && !*clang_getCString(s); depth++) {
    CXCursor ref = c;
    unsigned i;
    if (!ld__nth_child(c, 0, &c))
      break;
    c = ld__unwrap(c);
    for (i = 1; depth == 1 &&
                (clang_getCursorKind(c) == CXCursor_NamespaceRef ||
                 clang_getCursorKind(c) == CXCursor_TypeRef) &&
                ld__nth_child(ref, i, &c);
         i++)
      ;
    clang_disposeString(s);
    s = clang_getCursorSpelling(c);
  }
  return s;
}

struct operand {
  CXCursor last;
  int found;
};

static enum CXChildVisitResult operand_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct operand *o = data;

  (void)parent;
  if (clang_isExpression(clang_getCursorKind(c))) {
    o->last = c;
    o->found = 1;
  }
  return CXChildVisit_Continue;
}

int ld__last_expr_child(CXCursor e, CXCursor *out) {
  struct operand o;

  o.found = 0;
  clang_visitChildren(e, operand_cb, &o);
  if (o.found)
    *out = o.last;
  return o.found;
}

/* ---- Shared-memory accessors -------------------------------------------- */

/* Whether var is an `extern __shared__` array (`extern __shared__ int
 * s[];`), at any scope. */
static int extern_shared_array(CXCursor var) {
  CXType t = clang_getCanonicalType(clang_getCursorType(var));

  return clang_getCursorKind(var) == CXCursor_VarDecl &&
         clang_Cursor_getStorageClass(var) == CX_SC_Extern &&
         t.kind == CXType_IncompleteArray &&
         ld__has_child_kind(var, CXCursor_CUDASharedAttr);
}

struct accessor_walk {
  int ok, returned;
  CXCursor var;
};

static enum CXChildVisitResult decl_vars_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct accessor_walk *w = data;

  (void)parent;
  if (!extern_shared_array(c)) {
    w->ok = 0;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult accessor_body_cb(CXCursor c, CXCursor parent,
                                                CXClientData data) {
  struct accessor_walk *w = data;
  CXCursor e, ref;

  (void)parent;
  if (w->returned) { /* something after the return */
    w->ok = 0;
    return CXChildVisit_Break;
  }
  switch (clang_getCursorKind(c)) {
  case CXCursor_DeclStmt:
    clang_visitChildren(c, decl_vars_cb, w);
    break;
  case CXCursor_ReturnStmt:
    w->returned = 1;
    if (!ld__nth_child(c, 0, &e)) {
      w->ok = 0;
      break;
    }
    for (;;) {
      enum CXCursorKind k;
      e = ld__unwrap(e);
      k = clang_getCursorKind(e);
      if (k != CXCursor_CStyleCastExpr && k != CXCursor_CXXStaticCastExpr &&
          k != CXCursor_CXXReinterpretCastExpr &&
          k != CXCursor_CXXConstCastExpr && k != CXCursor_CXXFunctionalCastExpr)
        break;
      if (!ld__last_expr_child(e, &e))
        break;
    }
    ref = clang_getCursorReferenced(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
        !extern_shared_array(ref))
      w->ok = 0;
    else
      w->var = ref;
    break;
  default:
    w->ok = 0;
    break;
  }
  return w->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

int ld__shared_accessor(CXCursor fn, CXCursor *var) {
  struct accessor_walk w;
  CXCursor body;

  fn = ld__definition_of(fn);
  if (!clang_isCursorDefinition(fn) ||
      !ld__child_of_kind(fn, CXCursor_CompoundStmt, &body))
    return 0;
  w.ok = 1;
  w.returned = 0;
  w.var = clang_getNullCursor();
  clang_visitChildren(body, accessor_body_cb, &w);
  if (!w.ok || !w.returned)
    return 0;
  if (var)
    *var = w.var;
  return 1;
}

/* A class every conversion of which is an accessor, with no field; cls is
 * the class or a specialization. */
struct class_walk {
  int ok, nconv;
  CXCursor var;
};

static enum CXChildVisitResult accessor_class_cb(CXCursor c, CXCursor parent,
                                                 CXClientData data) {
  struct class_walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor v;

  (void)parent;
  if (k == CXCursor_FieldDecl) {
    w->ok = 0;
  } else if (k == CXCursor_ConversionFunction) {
    if (!ld__shared_accessor(c, &v))
      w->ok = 0;
    else if (!w->nconv++)
      w->var = v;
  }
  return w->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* The children of class definition def, then of every explicit
 * specialization of it in the file when it is a class template, each
 * given to cb. */
struct family_walk {
  CXCursor tmpl;
  CXCursorVisitor cb;
  CXClientData data;
};

static enum CXChildVisitResult family_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct family_walk *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor t;

  (void)parent;
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  if (k != CXCursor_StructDecl && k != CXCursor_ClassDecl &&
      k != CXCursor_ClassTemplatePartialSpecialization)
    return CXChildVisit_Continue;
  t = clang_getSpecializedCursorTemplate(c);
  if (!clang_Cursor_isNull(t) &&
      clang_equalCursors(clang_getCanonicalCursor(t), s->tmpl) &&
      clang_isCursorDefinition(c))
    clang_visitChildren(c, s->cb, s->data);
  return CXChildVisit_Continue;
}

static void visit_class_family(CXCursor def, CXCursorVisitor cb,
                               CXClientData data) {
  struct family_walk s;

  clang_visitChildren(def, cb, data);
  if (clang_getCursorKind(def) != CXCursor_ClassTemplate)
    return;
  s.tmpl = clang_getCanonicalCursor(def);
  s.cb = cb;
  s.data = data;
  clang_visitChildren(
      clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(def)),
      family_cb, &s);
}

static int accessor_class(CXCursor cls, CXCursor *var) {
  struct class_walk w;
  CXCursor def = clang_getCursorDefinition(cls);

  if (clang_Cursor_isNull(def))
    return 0;
  w.ok = 1;
  w.nconv = 0;
  w.var = clang_getNullCursor();
  visit_class_family(def, accessor_class_cb, &w);
  if (!w.ok || !w.nconv)
    return 0;
  if (var)
    *var = w.var;
  return 1;
}

int ld__dependent_member(CXCursor call, CXCursor *cls, char *name, size_t cap) {
  CXCursor m, base, d;
  CXTranslationUnit tu;
  CXToken *toks = NULL;
  unsigned n = 0;
  int ok = 0;

  if (!ld__nth_child(call, 0, &m))
    return 0;
  m = ld__unwrap(m);
  if (clang_getCursorKind(m) != CXCursor_MemberRefExpr ||
      !clang_Cursor_isNull(clang_getCursorReferenced(m)) ||
      !ld__nth_child(m, 0, &base))
    return 0;
  d = clang_getTypeDeclaration(
      clang_getNonReferenceType(clang_getCursorType(ld__unwrap(base))));
  /* Through typedefs (`typedef cub::BlockReduce<int, N> BR;`) to the
   * class. */
  for (n = 0; n < 8 && (clang_getCursorKind(d) == CXCursor_TypedefDecl ||
                        clang_getCursorKind(d) == CXCursor_TypeAliasDecl);
       n++)
    d = clang_getTypeDeclaration(clang_getTypedefDeclUnderlyingType(d));
  n = 0;
  if (clang_Cursor_isNull(d) ||
      clang_Location_isInSystemHeader(clang_getCursorLocation(d)) ||
      (clang_getCursorKind(d) != CXCursor_StructDecl &&
       clang_getCursorKind(d) != CXCursor_ClassDecl &&
       clang_getCursorKind(d) != CXCursor_UnionDecl &&
       clang_getCursorKind(d) != CXCursor_ClassTemplate &&
       clang_getCursorKind(d) != CXCursor_ClassTemplatePartialSpecialization))
    return 0;
  /* The member's name is the extent's last token (`smem.getPointer`). */
  tu = clang_Cursor_getTranslationUnit(m);
  clang_tokenize(tu, clang_getCursorExtent(m), &toks, &n);
  if (n && clang_getTokenKind(toks[n - 1]) == CXToken_Identifier) {
    CXString sp = clang_getTokenSpelling(tu, toks[n - 1]);
    ok = snprintf(name, cap, "%s", clang_getCString(sp)) < (int)cap;
    clang_disposeString(sp);
  }
  if (toks)
    clang_disposeTokens(tu, toks, n);
  if (ok)
    *cls = clang_getCanonicalCursor(d);
  return ok;
}

/* Methods named name of class cls and its explicit specializations: each
 * an accessor (*all), at least one (*any). */
struct named_walk {
  const char *name;
  int any, all;
  CXCursor var;
};

static enum CXChildVisitResult named_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct named_walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor v;

  (void)parent;
  if ((k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) &&
      ld__name_is(c, w->name)) {
    if (!ld__shared_accessor(c, &v))
      w->all = 0;
    else if (!w->any++)
      w->var = v;
  }
  return CXChildVisit_Continue;
}

static int accessor_method(CXCursor cls, const char *name, CXCursor *var) {
  struct named_walk w;
  CXCursor def = clang_getCursorDefinition(cls);

  if (clang_Cursor_isNull(def))
    return 0;
  w.name = name;
  w.any = 0;
  w.all = 1;
  w.var = clang_getNullCursor();
  visit_class_family(def, named_cb, &w);
  if (!w.any || !w.all)
    return 0;
  if (var)
    *var = w.var;
  return 1;
}

struct methods_walk {
  const char *name;
  CXCursor *out;
  int n, cap;
};

static enum CXChildVisitResult methods_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct methods_walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  (void)parent;
  if ((k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) &&
      ld__name_is(c, w->name)) {
    if (w->n < w->cap)
      w->out[w->n] = c;
    w->n++;
  }
  return CXChildVisit_Continue;
}

int ld__class_methods(CXCursor cls, const char *name, CXCursor *out, int cap) {
  struct methods_walk w;
  CXCursor def = clang_getCursorDefinition(cls);

  if (clang_Cursor_isNull(def))
    return -1;
  w.name = name;
  w.out = out;
  w.n = 0;
  w.cap = cap;
  visit_class_family(def, methods_cb, &w);
  return w.n;
}

int ld__shared_accessor_call(CXCursor call, CXCursor *var) {
  CXCursor ref = clang_getCursorReferenced(call), c, d;
  enum CXCursorKind k = clang_getCursorKind(ref);
  unsigned i, n;

  if (clang_getCursorKind(call) != CXCursor_CallExpr)
    return 0;
  if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
      k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate)
    return ld__shared_accessor(ref, var);
  if (k == CXCursor_Constructor) {
    /* `SharedMemory<float>()` itself: an accessor class's temporary. */
    return clang_Cursor_getNumArguments(call) == 0 &&
           accessor_class(clang_getCursorSemanticParent(ref), var);
  }
  if (!clang_Cursor_isNull(ref) || !ld__nth_child(call, 0, &c))
    return 0;
  {
    /* `smem.getPointer()` on a `SharedMemory<T> smem` in a template. */
    char name[128];
    CXCursor cls;
    if (ld__dependent_member(call, &cls, name, sizeof name))
      return clang_Cursor_getNumArguments(call) <= 0 &&
             accessor_method(cls, name, var);
  }
  c = ld__unwrap(c);
  d = clang_getCursorKind(c) == CXCursor_DeclRefExpr
          ? clang_getCursorReferenced(c)
          : c;
  if (clang_getCursorKind(d) == CXCursor_OverloadedDeclRef) {
    /* `smem<T>()` in a template: every candidate an accessor. */
    n = clang_getNumOverloadedDecls(d);
    for (i = 0; i < n; i++)
      if (!ld__shared_accessor(clang_getOverloadedDecl(d, i), i ? NULL : var))
        return 0;
    return n > 0 && clang_Cursor_getNumArguments(call) == 0;
  }
  if (clang_getCursorKind(c) == CXCursor_TemplateRef ||
      clang_getCursorKind(c) == CXCursor_TypeRef) {
    /* `SharedMemory<T>()` in a template, converted where it is used. */
    if (clang_Cursor_getNumArguments(call) > 0)
      return 0;
    return accessor_class(clang_getCursorReferenced(c), var);
  }
  return 0;
}

int ld__shared_address(CXCursor arg) {
  CXCursor e = ld__unwrap(arg), d;

  if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf &&
      ld__nth_child(e, 0, &e))
    e = ld__unwrap(e);
  else
    /* s + i, s + i + j, i + s: s an array (its type is checked below). */
    while (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
           (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
            clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub) &&
           ld__nth_child(e, 0, &d)) {
      CXCursor r;
      d = ld__unwrap(d);
      if (!ld__is_pointer(clang_getCursorType(d)) &&
          !ld__is_array(clang_getCursorType(d)) &&
          clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add &&
          ld__nth_child(e, 1, &r) &&
          (ld__is_pointer(clang_getCursorType(ld__unwrap(r))) ||
           ld__is_array(clang_getCursorType(ld__unwrap(r)))))
        d = ld__unwrap(r);
      e = d;
    }
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_ArraySubscriptExpr && ld__nth_child(e, 0, &e))
      e = ld__unwrap(e);
    else if (k == CXCursor_MemberRefExpr && ld__nth_child(e, 0, &d) &&
             !ld__is_pointer(clang_getCursorType(ld__unwrap(d))))
      e = ld__unwrap(d);
    else
      break;
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return 0;
  d = clang_getCursorReferenced(e);
  return clang_getCursorKind(d) == CXCursor_VarDecl &&
         ld__has_child_kind(d, CXCursor_CUDASharedAttr) &&
         !ld__is_pointer(clang_getCursorType(d));
}

int ld__user_function(CXCursor decl) {
  enum CXCursorKind k = clang_getCursorKind(decl);
  CXFile file;

  if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate)
    return 0;
  clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL, NULL,
                            NULL);
  return file != NULL &&
         !clang_Location_isInSystemHeader(clang_getCursorLocation(decl));
}

/* The scope of a call of an atomic function `atomic*` (enum ld_gscope),
 * 0 for any other call (a user's function so named too). */
int ld__atomic_scope(CXCursor call) {
  CXString s = ld__call_name(call);
  const char *n = clang_getCString(s);
  size_t len = strlen(n);
  int scope = 0;

  if (!strncmp(n, "atomic", 6) &&
      !ld__user_function(clang_getCursorReferenced(call)))
    scope = len > 6 && !strcmp(n + len - 6, "_block")    ? LD_GSCOPE_BLOCK
            : len > 7 && !strcmp(n + len - 7, "_system") ? LD_GSCOPE_SYSTEM
                                                         : LD_GSCOPE_DEVICE;
  clang_disposeString(s);
  return scope;
}

/* ld__reassigned's walk. */
struct reassigned {
  CXCursor var;
  int found;
};

static int names_var(CXCursor e, CXCursor var) {
  e = ld__unwrap(e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
         clang_equalCursors(
             clang_getCanonicalCursor(clang_getCursorReferenced(e)), var);
}

static enum CXChildVisitResult reassigned_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct reassigned *r = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor x;

  (void)parent;
  if (((k == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
       k == CXCursor_CompoundAssignOperator) &&
      ld__nth_child(c, 0, &x) && names_var(x, r->var))
    r->found = 1;
  if (k == CXCursor_UnaryOperator && ld__nth_child(c, 0, &x) &&
      names_var(x, r->var)) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    if ((u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec) ||
        u == CXUnaryOperator_AddrOf)
      r->found = 1;
  }
  return r->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether function fn's body assigns variable var (a canonical cursor)
 * after its declaration (`=`, a compound assignment, `++`/`--`) or takes
 * its address. */
int ld__reassigned(CXCursor fn, CXCursor var) {
  struct reassigned r;

  r.var = var;
  r.found = 0;
  clang_visitChildren(fn, reassigned_cb, &r);
  return r.found;
}

/* An atomic's address with its pointer casts taken off:
 * `atomicInc((unsigned *)&g[5], 17)`, `atomicMax((int *)(f + i), v)`,
 * `atomicAdd(reinterpret_cast<unsigned long long *>(p), 1)`.  The claim
 * wraps the whole argument, so it covers the words of the type the
 * atomic really accesses. */
CXCursor ld__pointer_uncast(CXCursor a) {
  CXCursor x;

  for (a = ld__unwrap(a);
       (clang_getCursorKind(a) == CXCursor_CStyleCastExpr ||
        clang_getCursorKind(a) == CXCursor_CXXStaticCastExpr ||
        clang_getCursorKind(a) == CXCursor_CXXReinterpretCastExpr) &&
       ld__is_pointer(clang_getCursorType(a)) && ld__last_expr_child(a, &x) &&
       ld__is_pointer(clang_getCursorType(ld__unwrap(x)));
       a = ld__unwrap(x))
    ;
  return a;
}

/* The expression address a is based on: through pointer casts, `&p[i]`
 * (and `&p[i].f`), `p + i`, `i + p` and `p - i`, down to the pointer p
 * (a DeclRefExpr when p is a variable); the address itself, unwrapped and
 * uncast, when it is none of these.  One walk for the replay's pointer
 * atomics and locals initialised from parameters (replay_facts.c) and the
 * check across blocks' local views (global_facts.c). */
CXCursor ld__pointer_base(CXCursor a) {
  CXCursor e = ld__unwrap(ld__pointer_uncast(a)), d, r;

  for (;;) {
    if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf &&
        ld__nth_child(e, 0, &d)) {
      CXCursor x = ld__unwrap(d);
      while (clang_getCursorKind(x) == CXCursor_MemberRefExpr &&
             ld__nth_child(x, 0, &d) &&
             !ld__is_pointer(clang_getCursorType(ld__unwrap(d))))
        x = ld__unwrap(d);
      if (clang_getCursorKind(x) != CXCursor_ArraySubscriptExpr ||
          !ld__nth_child(x, 0, &d) ||
          !ld__is_pointer(clang_getCursorType(ld__unwrap(d))))
        return e;
      e = ld__unwrap(ld__pointer_uncast(d));
    } else if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
               (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
                clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub) &&
               ld__nth_child(e, 0, &d)) {
      d = ld__unwrap(d);
      if (!ld__is_pointer(clang_getCursorType(d)) &&
          clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add &&
          ld__nth_child(e, 1, &r) &&
          ld__is_pointer(clang_getCursorType(ld__unwrap(r))))
        d = ld__unwrap(r);
      if (!ld__is_pointer(clang_getCursorType(d)))
        return e;
      e = ld__unwrap(ld__pointer_uncast(d));
    } else {
      return e;
    }
  }
}

/* The LD_GSCOPE_* of a libcu++ atomic type by its spelling. */
static int libcu_scope_of(CXType t) {
  CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
  const char *n = clang_getCString(sp);
  int scope =
      strstr(n, "thread_scope_block") || strstr(n, "thread_scope_thread")
          ? LD_GSCOPE_BLOCK
      : strstr(n, "thread_scope_device") ? LD_GSCOPE_DEVICE
                                         : LD_GSCOPE_SYSTEM;

  clang_disposeString(sp);
  return scope;
}

/* The LD_ORDER_* bits of a memory order argument (`memory_order_relaxed`
 * none), or -1 when it names no memory order. */
static int memory_order_arg(CXCursor a) {
  static const struct {
    const char *name;
    int order;
  } orders[] = {
      {"relaxed", 0},
      {"consume", LD_ORDER_ACQUIRE},
      {"acquire", LD_ORDER_ACQUIRE},
      {"release", LD_ORDER_RELEASE},
      {"acq_rel", LD_ORDER_ACQUIRE | LD_ORDER_RELEASE},
      {"seq_cst", LD_ORDER_ACQUIRE | LD_ORDER_RELEASE},
  };
  CXString sp;
  const char *n;
  size_t i;
  int order = -1;

  a = ld__unwrap(a);
  if (clang_getCursorKind(a) != CXCursor_MemberRefExpr &&
      clang_getCursorKind(a) != CXCursor_DeclRefExpr)
    return -1;
  sp = clang_getCursorSpelling(clang_getCursorReferenced(a));
  n = clang_getCString(sp);
  if (!strncmp(n, "memory_order_", 13))
    n += 13;
  for (i = 0; i < sizeof orders / sizeof orders[0] && order < 0; i++)
    if (!strcmp(n, orders[i].name))
      order = orders[i].order;
  clang_disposeString(sp);
  return order;
}

/* The LD_ORDER_* bits of a call's memory orders (its arguments from first
 * on; sequentially consistent when it names none). */
static int call_order(CXCursor call, int first) {
  int n = clang_Cursor_getNumArguments(call), i, order = 0, named = 0;

  for (i = first; i < n; i++) {
    int k = memory_order_arg(clang_Cursor_getArgument(call, (unsigned)i));
    if (k >= 0) {
      named = 1;
      order |= k;
    }
  }
  return named ? order : LD_ORDER_ACQUIRE | LD_ORDER_RELEASE;
}

int ld__member_object(CXCursor call, CXCursor *obj, int *first) {
  CXCursor c;

  *first = 0;
  if (ld__nth_child(call, 0, &c) &&
      clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
    if (!ld__nth_child(c, 0, &c))
      return 0; /* implicit this */
  } else if (clang_Cursor_getNumArguments(call) >= 1) {
    c = clang_Cursor_getArgument(call, 0);
    *first = 1;
  } else {
    return 0;
  }
  *obj = ld__unwrap(c);
  return 1;
}

/* In a template, `((cuda::atomic<T> *)p)->load(o)` is a call of a member
 * of a dependent type, which names no method: a member of an atomic's (by
 * name) on an object whose type is spelled `cuda::atomic<...>` or
 * `cuda::std::atomic<...>`, or a pointer to one (Indigo-style atomicRead
 * and atomicWrite templates).  Sets *obj, *first as ld__member_object. */
static int dependent_libcu(CXCursor call, CXCursor *obj, int *first) {
  static const char *const members[] = {"load",
                                        "store",
                                        "exchange",
                                        "fetch_add",
                                        "fetch_sub",
                                        "fetch_and",
                                        "fetch_or",
                                        "fetch_xor",
                                        "fetch_min",
                                        "fetch_max",
                                        "compare_exchange_weak",
                                        "compare_exchange_strong"};
  CXCursor m;
  CXString sp;
  const char *n;
  size_t i;
  int hit = 0;

  if (!ld__libcu_dependent(call) || !ld__nth_child(call, 0, &m) ||
      clang_getCursorKind(m = ld__unwrap(m)) != CXCursor_MemberRefExpr)
    return 0;
  /* A dependent member has no spelling: its name is the last token. */
  {
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(m);
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(tu, clang_getCursorExtent(m), &toks, &nt);
    if (nt && clang_getTokenKind(toks[nt - 1]) == CXToken_Identifier) {
      sp = clang_getTokenSpelling(tu, toks[nt - 1]);
      for (i = 0; i < sizeof members / sizeof *members && !hit; i++)
        hit = !strcmp(clang_getCString(sp), members[i]);
      clang_disposeString(sp);
    }
    if (toks)
      clang_disposeTokens(tu, toks, nt);
  }
  if (!hit || !ld__nth_child(m, 0, obj))
    return 0;
  *first = 0;
  *obj = ld__unwrap(*obj);
  while (clang_getCursorKind(*obj) == CXCursor_ParenExpr &&
         ld__nth_child(*obj, 0, obj))
    *obj = ld__unwrap(*obj);
  sp = clang_getTypeSpelling(clang_getCursorType(*obj));
  n = clang_getCString(sp);
  hit = !strstr(n, "atomic_ref");
  clang_disposeString(sp);
  return hit;
}

int ld__libcu_atomic(CXCursor call, CXCursor *obj, int *lvalue, int *scope,
                     int *order) {
  CXCursor callee = clang_getCursorReferenced(call), cls;
  enum CXCursorKind k = clang_getCursorKind(callee);
  CXString sp;
  CXType t;
  int hit, first = 0;

  if (k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction) {
    if (!dependent_libcu(call, obj, &first))
      return 0;
    t = clang_getCursorType(*obj);
    *lvalue = t.kind != CXType_Pointer;
    t = *lvalue ? t : clang_getPointeeType(t);
    *scope = libcu_scope_of(t);
    *order = call_order(call, first);
    return 1;
  }
  cls = clang_getCursorSemanticParent(callee);
  sp = clang_getCursorSpelling(cls);
  hit = (!strncmp(clang_getCString(sp), "atomic", 6) ||
         !strncmp(clang_getCString(sp), "__atomic", 8)) &&
        !strstr(clang_getCString(sp), "_ref");
  clang_disposeString(sp);
  if (!hit || !clang_Location_isInSystemHeader(clang_getCursorLocation(cls)))
    return 0;
  if (!ld__member_object(call, obj, &first))
    return 0;
  t = clang_getCanonicalType(clang_getCursorType(*obj));
  *lvalue = t.kind != CXType_Pointer;
  t = *lvalue ? t : clang_getPointeeType(t);
  sp = clang_getTypeSpelling(t);
  hit = !strstr(clang_getCString(sp), "atomic_ref");
  clang_disposeString(sp);
  if (!hit)
    return 0;
  *scope = libcu_scope_of(t);
  *order = call_order(call, first);
  return 1;
}

/* Whether t is `cuda::atomic_ref<...>` or `cuda::std::atomic_ref<...>`
 * (canonically, cv-qualifiers aside). */
static int libcu_ref_type(CXType t) {
  CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
  const char *n = clang_getCString(sp);
  int hit;

  while (!strncmp(n, "const ", 6) || !strncmp(n, "volatile ", 9))
    n += *n == 'c' ? 6 : 9;
  hit = !strncmp(n, "cuda::atomic_ref<", 17) ||
        !strncmp(n, "cuda::std::atomic_ref<", 22);
  clang_disposeString(sp);
  return hit;
}

int ld__libcu_ref_ctor(CXCursor call, CXCursor *obj, int *scope) {
  CXCursor callee = clang_getCursorReferenced(call);

  if (clang_getCursorKind(callee) != CXCursor_Constructor ||
      clang_Cursor_getNumArguments(call) != 1 ||
      !clang_Location_isInSystemHeader(clang_getCursorLocation(callee)) ||
      !libcu_ref_type(clang_getCursorType(call)))
    return 0;
  *obj = ld__unwrap(clang_Cursor_getArgument(call, 0));
  if (libcu_ref_type(clang_getCursorType(*obj)))
    return 0; /* a copy of another reference */
  *scope = libcu_scope_of(clang_getCursorType(call));
  return 1;
}

int ld__libcu_ref_member(CXCursor call, CXCursor *ref, int *scope, int *order) {
  CXCursor callee = clang_getCursorReferenced(call);
  enum CXCursorKind k = clang_getCursorKind(callee);
  CXType t;
  int first = 0;

  if ((k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction) ||
      !clang_Location_isInSystemHeader(clang_getCursorLocation(callee)) ||
      !ld__member_object(call, ref, &first))
    return 0;
  t = clang_getCanonicalType(clang_getCursorType(*ref));
  t = t.kind == CXType_Pointer ? clang_getPointeeType(t) : t;
  if (!libcu_ref_type(t))
    return 0;
  *scope = libcu_scope_of(t);
  *order = call_order(call, first);
  return 1;
}

int ld__libcu_fence(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);
  CXString sp;
  int fence, n = clang_Cursor_getNumArguments(call);

  if (clang_Cursor_isNull(callee) ||
      clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
      !clang_Location_isInSystemHeader(clang_getCursorLocation(callee)))
    return -1;
  sp = clang_getCursorSpelling(callee);
  fence = !strcmp(clang_getCString(sp), "atomic_thread_fence")   ? 1
          : !strcmp(clang_getCString(sp), "atomic_signal_fence") ? 2
                                                                 : 0;
  clang_disposeString(sp);
  if (!fence)
    return -1;
  if (fence == 2)
    return 0; /* orders nothing between threads */
  if (n >= 1 && memory_order_arg(clang_Cursor_getArgument(call, 0)) == 0)
    return 0;
  if (n >= 2) {
    CXCursor a = ld__unwrap(clang_Cursor_getArgument(call, 1));
    CXString s2 = clang_getCursorSpelling(clang_getCursorReferenced(a));
    const char *nm = clang_getCString(s2);
    int block =
        !strcmp(nm, "thread_scope_block") || !strcmp(nm, "thread_scope_thread");
    clang_disposeString(s2);
    return block ? 1 : 2;
  }
  return 2;
}

int ld__fence_level(CXCursor call) {
  CXString s = ld__call_name(call);
  const char *n = clang_getCString(s);
  int level =
      !strcmp(n, "__threadfence_block")                                   ? 1
      : !strcmp(n, "__threadfence") || !strcmp(n, "__threadfence_system") ? 2
                                                                          : 0;

  clang_disposeString(s);
  return level;
}

/* Opcodes (the text before the first `.`) of register-only PTX. */
static const char *const pure_ops[] = {
    "mov", "cvt", "cvta", "add", "sub", "mul", "mad", "mul24", "mad24", "sad",
    "fma", "div", "rem", "abs", "neg", "min", "max", "and", "or", "xor", "not",
    "cnot", "shl", "shr", "bfind", "bfe", "bfi", "brev", "popc", "clz", "prmt",
    "selp", "set", "setp", "slct", "lop3", "shf", "copysign", "rcp", "sqrt",
    "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "testp", "addc", "subc",
    "madc", "dp4a", "dp2a", "bmsk", "szext", "vabsdiff", "vabsdiff2",
    "vabsdiff4", "vadd", "vadd2", "vadd4", "vsub", "vsub2", "vsub4", "vmin",
    "vmin2", "vmin4", "vmax", "vmax2", "vmax4", "vset", "vset2", "vset4",
    "vshl", "vshr", "vmad", "vavrg2", "vavrg4",
    /* No register or memory effect the checks follow: an abort
     * (`asm("trap;")` after an error's printf), a breakpoint, a sleep. */
    "trap", "brkpt", "nanosleep", "pmevent", NULL};
/* Special registers that say where the thread is (no clock, no SM). */
static const char *const pure_sregs[] = {
    "laneid",          "lanemask_eq", "lanemask_le", "lanemask_lt",
    "lanemask_ge",     "lanemask_gt", "tid",         "ntid",
    "ctaid",           "nctaid",      "gridid",      "dynamic_smem_size",
    "total_smem_size", NULL};

static int in_list(const char *const *list, const char *w, size_t n) {
  for (; *list; list++)
    if (strlen(*list) == n && !strncmp(*list, w, n))
      return 1;
  return 0;
}

/* Every instruction of template t is register-only, and every `%%name`
 * a special register of pure_sregs. */
static int pure_template(const char *t) {
  const char *p = t, *q;

  /* `%%laneid` as written, `%laneid` as clang may hand it back; `%0` and
   * `%[name]` are operands. */
  for (q = t; (q = strchr(q, '%')) != NULL;) {
    size_t n = 0;
    q += q[1] == '%' ? 2 : 1;
    if (!isalpha((unsigned char)*q))
      continue;
    while (isalnum((unsigned char)q[n]) || q[n] == '_')
      n++;
    if (!in_list(pure_sregs, q, n))
      return 0;
    q += n;
  }
  while (*p) {
    size_t n = 0;
    /* Blanks, braces and statement ends between instructions. */
    while (*p &&
           (isspace((unsigned char)*p) || *p == '{' || *p == '}' || *p == ';'))
      p++;
    if (!*p)
      break;
    if (*p == '@') { /* a guard: @p or @!p */
      while (*p && !isspace((unsigned char)*p))
        p++;
      continue;
    }
    if (!strncmp(p, ".reg", 4) && isspace((unsigned char)p[4]))
      ; /* a register declaration */
    else {
      while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
      if (!n ||
          (p[n] != '.' && p[n] != ';' && p[n] &&
           !isspace((unsigned char)p[n])) ||
          !in_list(pure_ops, p, n))
        return 0;
    }
    while (*p && *p != ';')
      p++;
  }
  return 1;
}

/* Only register (r l h f d), immediate (n i) or matching (a digit)
 * constraints, after the output's `=`/`+`/`&`. */
static int pure_constraint(CXString s) {
  const char *c = clang_getCString(s);
  int ok = c && *c;

  for (; ok && *c; c++)
    if (!strchr("=+&rlhfdni0123456789", *c))
      ok = 0;
  clang_disposeString(s);
  return ok;
}

/* A local or parameter of a function, neither static nor shared nor a
 * reference. */
static int plain_local(CXCursor d) {
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));

  return (clang_getCursorKind(d) == CXCursor_VarDecl ||
          clang_getCursorKind(d) == CXCursor_ParmDecl) &&
         (pk == CXCursor_FunctionDecl || pk == CXCursor_FunctionTemplate ||
          pk == CXCursor_CXXMethod || pk == CXCursor_LambdaExpr) &&
         clang_Cursor_getStorageClass(d) != CX_SC_Static &&
         clang_getCanonicalType(clang_getCursorType(d)).kind !=
             CXType_LValueReference &&
         clang_getCanonicalType(clang_getCursorType(d)).kind !=
             CXType_RValueReference &&
         !ld__has_child_kind(d, CXCursor_CUDASharedAttr);
}

/* An expression that reads no memory: locals, parameters, literals and
 * operators on them (no subscript, `*`, `->`, call, shared or __device__
 * variable). */
static enum CXChildVisitResult reads_memory_cb(CXCursor c, CXCursor parent,
                                               CXClientData data) {
  int *bad = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor d;

  (void)parent;
  if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr ||
      k == CXCursor_LambdaExpr ||
      (k == CXCursor_UnaryOperator &&
       clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) ||
      (k == CXCursor_MemberRefExpr && ld__nth_child(c, 0, &d) &&
       ld__is_pointer(clang_getCursorType(ld__unwrap(d))))) {
    *bad = 1;
    return CXChildVisit_Break;
  }
  if (k == CXCursor_DeclRefExpr) {
    d = clang_getCursorReferenced(c);
    /* A variable of the program's outside functions (threadIdx and the
     * other builtins are the toolkit's: their members are registers). */
    if (clang_getCursorKind(d) == CXCursor_VarDecl && !plain_local(d) &&
        ld__user_function(d)) {
      *bad = 1;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

int ld__asm_pure(CXCursor c) {
  unsigned i, n;
  CXString t;
  int ok;

  if (clang_getCursorKind(c) != CXCursor_GCCAsmStmt ||
      clang_Cursor_isGCCAssemblyHasGoto(c))
    return 0;
  t = clang_Cursor_getGCCAssemblyTemplate(c);
  ok = clang_getCString(t) && pure_template(clang_getCString(t));
  clang_disposeString(t);
  n = clang_Cursor_getGCCAssemblyNumClobbers(c);
  for (i = 0; ok && i < n; i++) {
    CXString cl = clang_Cursor_getGCCAssemblyClobber(c, i);
    ok = !clang_getCString(cl) || strcmp(clang_getCString(cl), "memory");
    clang_disposeString(cl);
  }
  n = clang_Cursor_getGCCAssemblyNumOutputs(c);
  for (i = 0; ok && i < n; i++) {
    CXString cs;
    CXCursor e, d;
    if (!clang_Cursor_getGCCAssemblyOutput(c, i, &cs, &e))
      return 0;
    ok = pure_constraint(cs);
    e = ld__unwrap(e);
    d = clang_getCursorReferenced(e);
    /* A plain local of the function, not a reference. */
    ok = ok && clang_getCursorKind(e) == CXCursor_DeclRefExpr && plain_local(d);
  }
  n = clang_Cursor_getGCCAssemblyNumInputs(c);
  for (i = 0; ok && i < n; i++) {
    CXString cs;
    CXCursor e;
    int bad = 0;
    if (!clang_Cursor_getGCCAssemblyInput(c, i, &cs, &e))
      return 0;
    ok = pure_constraint(cs);
    reads_memory_cb(e, e, &bad);
    if (!bad)
      clang_visitChildren(e, reads_memory_cb, &bad);
    ok = ok && !bad;
  }
  return ok;
}

int ld__namespace_scope(CXCursor decl, char **out) {
  CXCursor p = clang_getCursorSemanticParent(decl);
  struct ld_buf b = LD_BUF_INIT;
  int rc = LD_OK;

  *out = NULL;
  while (!clang_Cursor_isNull(p) &&
         clang_getCursorKind(p) != CXCursor_TranslationUnit && !rc) {
    char *name;
    if (clang_getCursorKind(p) == CXCursor_LinkageSpec) {
      p = clang_getCursorSemanticParent(p); /* extern "C": no scope */
      continue;
    }
    if (clang_getCursorKind(p) != CXCursor_Namespace) {
      ld_buf_free(&b);
      return LD_OK; /* a class's */
    }
    name = ld__cursor_name(p);
    if (!name) {
      rc = LD_ENOMEM;
      break;
    }
    if (*name) { /* (an anonymous namespace's names are its parent's) */
      struct ld_buf n = LD_BUF_INIT;
      rc = ld_buf_printf(&n, "%s::%s", name, b.data ? b.data : "");
      if (!rc) {
        ld_buf_free(&b);
        b = n;
      } else {
        ld_buf_free(&n);
      }
    }
    free(name);
    p = clang_getCursorSemanticParent(p);
  }
  if (!rc)
    *out = b.data ? ld_buf_detach(&b) : strdup("");
  ld_buf_free(&b);
  return rc ? rc : *out ? LD_OK : LD_ENOMEM;
}

int ld__libcu_dependent(CXCursor call) {
  static const char *const prefixes[] = {"cuda::atomic_ref<",
                                         "cuda::std::atomic_ref<",
                                         "cuda::atomic<", "cuda::std::atomic<"};
  CXCursor c;
  CXString sp;
  const char *n;
  size_t i;
  int hit = 0;

  if (clang_getCursorKind(call) != CXCursor_CallExpr ||
      !clang_Cursor_isNull(clang_getCursorReferenced(call)) ||
      !ld__nth_child(call, 0, &c))
    return 0;
  c = ld__unwrap(c);
  if (clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
    if (!ld__nth_child(c, 0, &c))
      return 0; /* a member of `this` */
    c = ld__unwrap(c);
  }
  while (clang_getCursorKind(c) == CXCursor_ParenExpr &&
         ld__nth_child(c, 0, &c))
    c = ld__unwrap(c);
  sp = clang_getTypeSpelling(clang_getCursorType(c));
  n = clang_getCString(sp);
  while (!strncmp(n, "const ", 6) || !strncmp(n, "volatile ", 9))
    n += *n == 'c' ? 6 : 9;
  for (i = 0; i < sizeof prefixes / sizeof prefixes[0] && !hit; i++)
    hit = !strncmp(n, prefixes[i], strlen(prefixes[i]));
  clang_disposeString(sp);
  return hit;
}

struct fn_candidates {
  const char *type; /* canonical spelling of the function type */
  int (*visit)(CXCursor fn, void *data);
  void *data;
  int rc;
};

static enum CXChildVisitResult fn_candidates_cb(CXCursor c, CXCursor parent,
                                                CXClientData data) {
  struct fn_candidates *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  (void)parent;
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
      !clang_Location_isInSystemHeader(clang_getCursorLocation(c))) {
    CXString sp =
        clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(c)));
    int same = !strcmp(clang_getCString(sp), w->type);
    clang_disposeString(sp);
    if (same && (w->rc = w->visit(c, w->data)) != 0)
      return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

int ld__template_fn_candidates(CXCursor callee_expr, CXCursor *param,
                               int (*visit)(CXCursor fn, void *data),
                               void *data) {
  struct fn_candidates w;
  CXCursor d;
  CXType t;
  CXString sp;

  if (clang_getCursorKind(callee_expr) != CXCursor_DeclRefExpr)
    return -1;
  d = clang_getCursorReferenced(callee_expr);
  if (clang_getCursorKind(d) != CXCursor_NonTypeTemplateParameter)
    return -1;
  t = clang_getCanonicalType(clang_getCursorType(d));
  if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  if (t.kind != CXType_FunctionProto && t.kind != CXType_FunctionNoProto)
    return -1;
  *param = d;
  sp = clang_getTypeSpelling(t);
  w.type = clang_getCString(sp);
  w.visit = visit;
  w.data = data;
  w.rc = 0;
  clang_visitChildren(
      clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(d)),
      fn_candidates_cb, &w);
  clang_disposeString(sp);
  return w.rc;
}
