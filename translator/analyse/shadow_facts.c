/* Whether the shadow of shared memory without a replay sees every use of
 * a kernel's shared memory (docs/inline-checks.md, "Shared memory without
 * a replay").  warp_facts.c collects the accesses it wraps and the atomics
 * whose address it notes; a use outside them (an address passed to a
 * function, a member of a shared struct, a reference bound, a lambda's
 * body, a macro) would be a write or read the shadow never sees, and the
 * kernel would be called checked in shared memory when it is not.  So
 * every reference to a `__shared__` variable, and to a local pointer
 * initialised from one or from an accessor of `extern __shared__` memory
 * (`T *sdata = SharedMemory<T>();`), must lie inside a wrapped access or
 * atomic (or in such a pointer's initialiser), and no function the kernel
 * calls may name a `__shared__` variable (an accessor only in such an
 * initialiser).  A kernel that names none has nothing for the
 * shadow.  Uses libclang; host code only. */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#include "ld_clang_int.h"
#include "ld_error.h"
#include "ld_plan.h"

#define MAX_DEPTH 4
#define MAX_POINTERS 64

struct cover {
  const struct ld__source *s;
  const struct ld_warp *w;
  CXCursor fn;
  CXCursor ptrs[MAX_POINTERS]; /* locals pointing into shared memory */
  size_t nptrs;
  int grew;    /* a local was added in this pass */
  int in_init; /* inside a tracked local's initialiser */
  int depth;   /* calls deep (0: the kernel) */
  int found;   /* a callee names shared memory, or cannot be followed */
  int any;     /* the kernel names shared memory */
  int bad;
};

static int is_shared_var(CXCursor d) {
  return clang_getCursorKind(d) == CXCursor_VarDecl &&
         ld__child_of_kind(d, CXCursor_CUDASharedAttr, NULL);
}

static int tracked(const struct cover *q, CXCursor d) {
  size_t i;

  for (i = 0; i < q->nptrs; i++)
    if (clang_equalCursors(q->ptrs[i], d))
      return 1;
  return 0;
}

/* A reference to shared memory: a `__shared__` variable or a tracked
 * local. */
static int names_shared(const struct cover *q, CXCursor c) {
  CXCursor d;

  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  d = clang_getCursorReferenced(c);
  return is_shared_var(d) || tracked(q, d);
}

/* Whether the reference c lies inside an access or atomic w wraps. */
static int wrapped(const struct cover *q, CXCursor c) {
  size_t b, e, i;

  if (!ld__main_span(q->s, c, &b, &e) || ld__in_macro(q->s, b))
    return 0;
  for (i = 0; i < q->w->naccesses; i++)
    if (b >= q->w->accesses[i].begin && e <= q->w->accesses[i].end)
      return 1;
  for (i = 0; i < q->w->nscoped; i++)
    if (b >= q->w->scoped[i].begin && e <= q->w->scoped[i].end)
      return 1;
  return 0;
}

/* A local of the kernel whose type is a pointer to non-const data (what
 * the checks wrap accesses through: warp_facts.c is_access). */
static int pointer_local(const struct cover *q, CXCursor d) {
  CXType t = clang_getCanonicalType(clang_getCursorType(d));

  return clang_getCursorKind(d) == CXCursor_VarDecl && !is_shared_var(d) &&
         clang_equalCursors(clang_getCursorSemanticParent(d), q->fn) &&
         t.kind == CXType_Pointer &&
         !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* A call of an accessor of `extern __shared__` memory (`T *s =
 * SharedMemory<T>();`, `smem<T>()`, `obj.getPointer()`: cursor.c
 * ld__shared_accessor_call), which returns the buffer and does nothing
 * else. */
static int accessor_call(CXCursor c) {
  return clang_getCursorKind(c) == CXCursor_CallExpr &&
         ld__shared_accessor_call(c, NULL);
}

static enum CXChildVisitResult any_shared_cb(CXCursor c, CXCursor parent,
                                             CXClientData data) {
  struct cover *q = data;

  (void)parent;
  if (names_shared(q, c) || accessor_call(c)) {
    q->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Pass 1: a pointer local whose initialiser names shared memory (or a
 * tracked local) points into it. */
static enum CXChildVisitResult ptrs_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct cover *q = data;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_VarDecl || !pointer_local(q, c) ||
      tracked(q, c))
    return CXChildVisit_Recurse;
  q->found = 0;
  clang_visitChildren(c, any_shared_cb, q);
  if (!q->found)
    return CXChildVisit_Recurse;
  if (q->nptrs == MAX_POINTERS) {
    q->bad = 1;
    return CXChildVisit_Break;
  }
  q->ptrs[q->nptrs++] = c;
  q->grew = 1;
  return CXChildVisit_Recurse;
}

static void callee_names_shared(struct cover *q, CXCursor call);

static int is_function(CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_Destructor:
  case CXCursor_ConversionFunction:
  case CXCursor_FunctionTemplate:
    return 1;
  default:
    return 0;
  }
}

/* Inside a function the kernel calls: any `__shared__` variable named or
 * declared, or a call that does. */
static enum CXChildVisitResult callee_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct cover *q = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  (void)parent;
  if ((k == CXCursor_DeclRefExpr &&
       is_shared_var(clang_getCursorReferenced(c))) ||
      (k == CXCursor_VarDecl && is_shared_var(c)))
    q->found = 1;
  else if (k == CXCursor_CallExpr)
    callee_names_shared(q, c);
  return q->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Into the definition of fn, when the file has it. */
static void follow(struct cover *q, CXCursor fn) {
  CXCursor def = ld__definition_of(fn);

  if (clang_Cursor_isNull(def) || !clang_isCursorDefinition(def) ||
      clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
    return;
  if (q->depth >= MAX_DEPTH) {
    q->found = 1;
    return;
  }
  q->depth++;
  clang_visitChildren(def, callee_cb, q);
  q->depth--;
}

/* Sets q->found when the function call calls (its definition, or each
 * of a dependent call's candidates) names shared memory, when it calls
 * through a pointer, or when it is more than MAX_DEPTH calls deep.  Functions
 * of system headers and those without a body here cannot name this file's
 * shared variables. */
static void callee_names_shared(struct cover *q, CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call), first, over;
  unsigned i, n;

  if (clang_Cursor_isNull(callee)) {
    if (ld__is_triple_chevron(call))
      return;
    /* `helper<T>(x)` in a template: its overload set.  A call naming no
     * candidate (`obj.f()` on a dependent type) is not followed: only a
     * file-scope `__shared__` variable it named would be missed. */
    if (!ld__nth_child(call, 0, &first) ||
        (clang_getCursorKind(ld__unwrap(first)) != CXCursor_OverloadedDeclRef &&
         !ld__child_of_kind(ld__unwrap(first), CXCursor_OverloadedDeclRef,
                            &over)))
      return;
    if (clang_getCursorKind(ld__unwrap(first)) == CXCursor_OverloadedDeclRef)
      over = ld__unwrap(first);
    n = clang_getNumOverloadedDecls(over);
    for (i = 0; i < n && !q->found; i++)
      follow(q, clang_getOverloadedDecl(over, i));
    return;
  }
  /* Through a function pointer (a variable, parameter or template
   * argument): any function of the file might run. */
  if (!is_function(callee)) {
    q->found = 1;
    return;
  }
  follow(q, callee);
}

/* Pass 2: every reference to shared memory wrapped (or in a tracked
 * local's initialiser); no callee naming shared memory. */
static enum CXChildVisitResult refs_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct cover *q = data;
  enum CXCursorKind k = clang_getCursorKind(c);

  (void)parent;
  if (k == CXCursor_VarDecl && tracked(q, c) && !q->in_init) {
    q->in_init = 1;
    clang_visitChildren(c, refs_cb, q);
    q->in_init = 0;
    return q->bad ? CXChildVisit_Break : CXChildVisit_Continue;
  }
  if (names_shared(q, c)) {
    q->any = 1;
    if (!q->in_init && !wrapped(q, c))
      q->bad = 1;
  }
  /* An accessor in a tracked local's initialiser is where the pointer
   * comes from; one anywhere else hands out shared memory unseen. */
  if (k == CXCursor_CallExpr && accessor_call(c)) {
    q->bad |= !q->in_init;
    return q->bad ? CXChildVisit_Break : CXChildVisit_Continue;
  }
  if (k == CXCursor_CallExpr) {
    q->found = 0;
    callee_names_shared(q, c);
    if (q->found)
      q->bad = 1;
  }
  return q->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

int ld__shadow_covers(const struct ld__source *s, CXCursor fn,
                      const struct ld_warp *w) {
  struct cover *q = calloc(1, sizeof *q);
  int ok;

  if (!q)
    return 0; /* not shadowed: the kernel keeps the replay's reason */
  q->s = s;
  q->w = w;
  q->fn = fn;
  do {
    q->grew = 0;
    clang_visitChildren(fn, ptrs_cb, q);
  } while (q->grew && !q->bad);
  if (!q->bad)
    clang_visitChildren(fn, refs_cb, q);
  ok = !q->bad && q->any;
  free(q);
  return ok;
}
