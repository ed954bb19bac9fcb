/* Parse and analyse: libclang turns one CUDA file into the plan.
 *
 * This is the only file that includes clang-c/Index.h; every CX object is
 * disposed where it was obtained.  It works in three passes over the
 * translation unit:
 *   1. collect the main file's macro expansion ranges, its function
 *      definitions (kernels, device functions, host code, methods, templates
 *      once as written, never per instantiation) and its file-scope
 *      __shared__ / __device__ variables;
 *   2. walk each function body: barriers, calls between main-file functions,
 *      inline assembly, launches, and every reference to a shared variable,
 *      a __device__ variable or a kernel's pointer parameter, classified as a
 *      possible write or a read (see classify_use);
 *   3. per kernel, follow calls transitively within the main file and emit
 *      the plan in source order.
 * Anything located in an included header is ignored, and anything inside a
 * macro expansion is never a place to edit: kernels that would need such an
 * edit are marked unchecked.  The one exception is a host-code launch
 * written whole inside one argument of a macro (`CHECK(cudaLaunchKernel(
 * ...))`): its text as written there is what the rewriters replace, so the
 * expansion holds the rewritten launch (launch_span, in_argument).  The
 * analysis is syntactic and conservative: a use it cannot see through counts as
 * a write.  Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_analyse.h"
#include "ld_buf.h"
#include "ld_clang_int.h"
#include "ld_error.h"

#define NONE SIZE_MAX

/* Reasons a kernel is left unchecked (KERNEL ... reason="..."). */
#define REASON_MACRO_KERNEL "defined inside a macro expansion"
#define REASON_ASM "inline assembly"
#define REASON_MACRO_SHARED "shared variable used inside a macro expansion"
#define REASON_GROUP_SYNC "sync on a generic thread_group"
#define REASON_GRID_SYNC "grid-wide synchronisation"
#define REASON_FILE_SHARED "file-scope shared variable"
#define REASON_CALLEE_SHARED "shared variable declared in a device function"
/* Why a kernel is not checked across blocks (docs/global-check.md). */
#define REASON_G_ATOMIC "atomic operations"
#define REASON_G_FENCE "memory fence"
#define REASON_G_PRINTF "printf"
#define REASON_G_MALLOC "device-side allocation"
#define REASON_G_CLOCK "reads a clock"
#define REASON_G_LAUNCH "kernel launch inside a kernel"
#define REASON_G_SURFACE "surface store"

enum var_kind { VAR_SHARED, VAR_DEVICE, VAR_PARAM };

struct var {
  char *name; /* owned */
  struct ld_pos at;
  enum var_kind kind;
  int is_extern;
  int in_macro; /* declared inside a macro expansion */
  size_t owner; /* function declaring it, NONE at file scope */
  /* A __device__ variable declared in a header (at is then 0:0): found by
   * its canonical cursor, since it has no place in the main file. */
  int in_header;
  CXCursor cur;
};

struct ref {
  size_t var; /* index into an->vars */
  int written;
  int plain; /* written other than as an accumulating atomic's address */
  int in_macro;
};

struct fn {
  CXCursor cur;
  char *name;       /* owned */
  struct ld_pos at; /* the name (expansion location when in a macro) */
  int is_kernel, is_device, is_template;
  int in_macro; /* the name comes from a macro expansion */
  int has_asm;
  const char *unsupported; /* REASON_* for a sync it cannot model, or NULL */
  struct ref *refs;
  size_t nrefs, caprefs;
  size_t *callees; /* indices into an->fns */
  size_t ncallees, capcallees;
  size_t kernel;   /* index in plan->kernels, NONE if not a kernel */
  int wants_clone; /* checked kernel writing a shared variable it declares */
  /* For the check across blocks: the first construct a replay of the whole
   * launch cannot repeat safely (REASON_G_*), and whether it calls a
   * function whose barriers the walk cannot see. */
  const char *global_use;
  int calls_unseen;
  /* Deterministic builds: its accumulating atomics (kernels only). */
  struct ld_gatomic *acc;
  size_t nacc, capacc;
  /* Filled by plan_kernel for a kernel: */
  size_t *g_vars; /* the __device__ variables it writes (an->vars) */
  size_t ng_vars, capg_vars;
  /* One of them also used in another function it calls (the clone shifts
   * the kernel's own uses only), and that function. */
  const char *g_var_elsewhere, *g_var_fn;
  const char *g_reason; /* global_use of it or of a callee */
  int g_may_sync;       /* a reachable barrier or unseen callee */
};

struct barrier {
  size_t fn;
  const char *form; /* static string */
  struct ld_pos at;
  int in_macro;
};

struct launch {
  char *name; /* owned */
  struct ld_pos at;
  int via_api;
  int in_macro;          /* written in a macro's argument (add_launch) */
  struct ld_launch text; /* callee, config and argument texts (owned) */
};

struct analysis {
  CXTranslationUnit tu;
  CXFile main_file;
  struct ld_plan *plan;
  struct ld__range *macros;
  size_t nmacros, capmacros;
  CXCursor *expansions; /* the MacroExpansion cursor of each of macros */
  size_t capexpansions;
  struct fn *fns;
  size_t nfns, capfns;
  struct var *vars;
  size_t nvars, capvars;
  struct barrier *barriers;
  size_t nbarriers, capbarriers;
  struct launch *launches;
  size_t nlaunches, caplaunches;
  const char *src; /* the main file's bytes (libclang's buffer) */
  size_t srclen;
  size_t cur_fn; /* function being walked in pass 2 */
  int rc;        /* first error; visitors stop once it is set */
};

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

#define PUSH(an, arr, n, cap)                                                  \
  ((an)->rc ? (an)->rc                                                         \
            : ((an)->rc = ld__grow(&(arr), &(cap), (n), sizeof *(arr))))

/* ---- Locations ---------------------------------------------------------- */

/* Position of loc in the main file: its expansion location, so anything
 * inside a macro expanded in the main file is at the expansion.  Returns 0
 * when that is in a header or invalid. */
static int main_pos(const struct analysis *an, CXSourceLocation loc,
                    struct ld_pos *pos) {
  CXFile file;
  unsigned line, col, off;

  clang_getExpansionLocation(loc, &file, &line, &col, &off);
  if (!file || !an->main_file || !clang_File_isEqual(file, an->main_file))
    return 0;
  pos->line = line;
  pos->col = col;
  pos->offset = off;
  return 1;
}

int ld__in_ranges(const struct ld__range *r, size_t n, size_t off) {
  size_t i;

  for (i = 0; i < n; i++)
    if (r[i].begin <= off && off < r[i].end)
      return 1;
  return 0;
}

static int in_macro(const struct analysis *an, size_t off) {
  return ld__in_ranges(an->macros, an->nmacros, off);
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

static int name_starts(CXCursor c, const char *prefix) {
  CXString s = clang_getCursorSpelling(c);
  int eq = !strncmp(clang_getCString(s), prefix, strlen(prefix));

  clang_disposeString(s);
  return eq;
}

/* ---- Small cursor queries ----------------------------------------------- */

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

static int has_child_kind(CXCursor c, enum CXCursorKind kind) {
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

/* A pointer or reference through which the pointee may be modified. */
static int writable_indirection(CXType t) {
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

/* Declarations are identified by the position of their name plus the name:
 * everything from one macro expansion shares the expansion's position. */
static int same_decl(CXCursor decl, const struct ld_pos *at, const char *name,
                     const struct ld_pos *pos) {
  return at->offset == pos->offset && ld__name_is(decl, name);
}

static size_t find_fn(const struct analysis *an, CXCursor decl) {
  struct ld_pos pos;
  size_t i;

  if (clang_Cursor_isNull(decl) ||
      !main_pos(an, clang_getCursorLocation(decl), &pos))
    return NONE;
  for (i = 0; i < an->nfns; i++)
    if (same_decl(decl, &an->fns[i].at, an->fns[i].name, &pos))
      return i;
  return NONE;
}

static size_t find_var(const struct analysis *an, CXCursor decl) {
  struct ld_pos pos;
  size_t i;

  if (!main_pos(an, clang_getCursorLocation(decl), &pos)) {
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (i = 0; i < an->nvars; i++)
      if (an->vars[i].in_header && clang_equalCursors(canon, an->vars[i].cur))
        return i;
    return NONE;
  }
  for (i = 0; i < an->nvars; i++)
    if (same_decl(decl, &an->vars[i].at, an->vars[i].name, &pos))
      return i;
  return NONE;
}

/* ---- Pass 1: declarations ------------------------------------------------ */

static size_t add_var(struct analysis *an, CXCursor c, enum var_kind kind,
                      size_t owner) {
  struct var *v;
  struct ld_pos pos;
  int header = 0;

  if (!main_pos(an, clang_getCursorLocation(c), &pos)) {
    if (kind != VAR_DEVICE)
      return NONE;
    memset(&pos, 0, sizeof pos);
    header = 1;
  }
  if (PUSH(an, an->vars, an->nvars, an->capvars))
    return NONE;
  v = &an->vars[an->nvars];
  memset(v, 0, sizeof *v);
  v->name = ld__cursor_name(c);
  if (!v->name) {
    an->rc = LD_ENOMEM;
    return NONE;
  }
  v->at = pos;
  v->kind = kind;
  v->is_extern = clang_Cursor_getStorageClass(c) == CX_SC_Extern;
  v->in_macro = !header && in_macro(an, pos.offset);
  v->owner = owner;
  v->in_header = header;
  v->cur = clang_getCanonicalCursor(c);
  return an->nvars++;
}

/* __shared__ -> VAR_SHARED, __device__ (not __constant__) -> VAR_DEVICE. */
static int memory_space(CXCursor var, enum var_kind *kind) {
  if (has_child_kind(var, CXCursor_CUDASharedAttr)) {
    *kind = VAR_SHARED;
    return 1;
  }
  if (has_child_kind(var, CXCursor_CUDADeviceAttr) &&
      !has_child_kind(var, CXCursor_CUDAConstantAttr)) {
    *kind = VAR_DEVICE;
    return 1;
  }
  return 0;
}

/* An explicit instantiation has a body, but the body is the template's:
 * only count a function whose body lies inside its own extent. */
static int body_is_own(CXCursor c) {
  struct child_query q = {CXCursor_CompoundStmt, 0, 0, {0}, 0};
  CXSourceRange ext = clang_getCursorExtent(c);
  unsigned b, e, at;

  clang_visitChildren(c, find_kind_cb, &q);
  if (!q.ok)
    return 0;
  clang_getExpansionLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
  clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
  clang_getExpansionLocation(clang_getCursorLocation(q.found), NULL, NULL, NULL,
                             &at);
  return b <= at && at <= e;
}

static void add_fn(struct analysis *an, CXCursor c) {
  struct fn *f;
  struct ld_pos pos;

  if (!clang_isCursorDefinition(c) || !body_is_own(c) ||
      !main_pos(an, clang_getCursorLocation(c), &pos))
    return;
  if (PUSH(an, an->fns, an->nfns, an->capfns))
    return;
  f = &an->fns[an->nfns];
  memset(f, 0, sizeof *f);
  f->cur = c;
  f->name = ld__cursor_name(c);
  if (!f->name) {
    an->rc = LD_ENOMEM;
    return;
  }
  f->at = pos;
  f->is_kernel = has_child_kind(c, CXCursor_CUDAGlobalAttr);
  f->is_device = has_child_kind(c, CXCursor_CUDADeviceAttr);
  f->is_template = clang_getCursorKind(c) == CXCursor_FunctionTemplate;
  f->in_macro = in_macro(an, pos.offset);
  f->kernel = NONE;
  an->nfns++;
}

static enum CXChildVisitResult decls_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct analysis *an = data;
  enum CXCursorKind kind = clang_getCursorKind(c);
  struct ld_pos pos;
  enum var_kind vk;

  (void)parent;
  if (an->rc)
    return CXChildVisit_Break;
  if (kind == CXCursor_MacroExpansion) {
    CXSourceRange r = clang_getCursorExtent(c);
    struct ld_pos b, e;
    if (main_pos(an, clang_getRangeStart(r), &b) &&
        main_pos(an, clang_getRangeEnd(r), &e) &&
        !PUSH(an, an->macros, an->nmacros, an->capmacros) &&
        !PUSH(an, an->expansions, an->nmacros, an->capexpansions)) {
      an->expansions[an->nmacros] = c;
      an->macros[an->nmacros].begin = b.offset;
      an->macros[an->nmacros].end =
          e.offset > b.offset ? e.offset : b.offset + 1;
      an->nmacros++;
    }
    return CXChildVisit_Continue;
  }
  /* Facts from headers are ignored. */
  if (!main_pos(an, clang_getCursorLocation(c), &pos))
    return CXChildVisit_Continue;
  switch (kind) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  case CXCursor_StructDecl:
  case CXCursor_ClassDecl:
  case CXCursor_UnionDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
    return CXChildVisit_Recurse;
  case CXCursor_FunctionDecl:
  case CXCursor_FunctionTemplate:
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_Destructor:
  case CXCursor_ConversionFunction:
    add_fn(an, c);
    break;
  case CXCursor_VarDecl:
    if (memory_space(c, &vk))
      add_var(an, c, vk, NONE);
    break;
  default:
    break;
  }
  return CXChildVisit_Continue;
}

/* ---- Pass 2: function bodies --------------------------------------------- */

/* One node on the path from the function to the cursor being looked at. */
struct frame {
  CXCursor cur;
  enum CXCursorKind kind;
  const struct frame *parent;
  unsigned index;  /* position among the parent's children */
  unsigned nchild; /* children of this node seen so far */
  struct analysis *an;
};

/* What an expression designates while climbing from a variable reference. */
enum use {
  USE_READ,    /* only read (or not memory of the target at all) */
  USE_WRITTEN, /* possibly written */
  USE_LVALUE,  /* the target's memory itself (an object or element) */
  USE_POINTER, /* a pointer into the target's memory */
};

/* The callee name of an overloaded-operator call, or NULL. */
int ld__is_operator_ref(CXCursor c) {
  enum CXCursorKind k;

  c = ld__unwrap(c);
  k = clang_getCursorKind(c);
  return (k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef) &&
         name_starts(c, "operator");
}

int ld__is_assign_operator(CXCursor callee) {
  static const char *const ops[] = {
      "operator=",   "operator+=", "operator-=", "operator*=", "operator/=",
      "operator%=",  "operator&=", "operator|=", "operator^=", "operator<<=",
      "operator>>=", "operator++", "operator--"};
  size_t i;

  for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (ld__name_is(ld__unwrap(callee), ops[i]))
      return 1;
  return 0;
}

/* A use as the argument of a call: decide from the callee. */
static enum use use_in_call(const struct frame *arg, enum use u) {
  CXCursor call = arg->parent->cur;
  CXCursor first, callee, decl;
  int nargs, i, argi = -1;

  /* Overloaded operator: children are the operands and the operator in
   * source order; the object is the first operand. */
  if (ld__nth_child(call, 0, &first) &&
      (ld__is_operator_ref(first) ||
       (ld__nth_child(call, 1, &callee) && ld__is_operator_ref(callee)))) {
    int object_index = ld__is_operator_ref(first) ? 1 : 0;
    CXCursor op = ld__is_operator_ref(first) ? first : callee;
    if (ld__is_operator_ref(arg->cur))
      return USE_READ;
    if (ld__is_assign_operator(op))
      return (int)arg->index == object_index || u == USE_POINTER ? USE_WRITTEN
                                                                 : USE_READ;
    if (ld__name_is(ld__unwrap(op), "operator[]") &&
        (int)arg->index == object_index)
      return USE_LVALUE;
    return USE_READ;
  }
  if (name_starts(call, "atomic") || name_starts(call, "__atomic"))
    return USE_WRITTEN;
  nargs = clang_Cursor_getNumArguments(call);
  for (i = 0; i < nargs; i++) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    if (clang_equalRanges(clang_getCursorExtent(a),
                          clang_getCursorExtent(arg->cur))) {
      argi = i;
      break;
    }
  }
  if (argi < 0)
    return USE_READ; /* the callee expression itself */
  decl = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(decl) || argi >= clang_Cursor_getNumArguments(decl))
    return USE_WRITTEN; /* unresolved or variadic: assume the worst */
  return writable_indirection(clang_getCursorType(
             clang_Cursor_getArgument(decl, (unsigned)argi)))
             ? USE_WRITTEN
             : USE_READ;
}

/* Climb from a reference to a target until its use is known.  `u` starts as
 * USE_LVALUE for a variable and USE_POINTER for a pointer parameter. */
static enum use classify_use(const struct frame *f, enum use u) {
  while (u == USE_LVALUE || u == USE_POINTER) {
    const struct frame *p = f->parent;
    CXType pt;

    if (!p)
      return USE_READ;
    pt = clang_getCursorType(p->cur);
    switch (p->kind) {
    case CXCursor_ParenExpr:
      break;
    case CXCursor_UnexposedExpr:
      /* Array decay turns the object into a pointer; lvalue-to-rvalue
       * (same type, not a pointer) is a read. */
      if (u == USE_LVALUE)
        u = ld__is_pointer(pt) && ld__is_array(clang_getCursorType(f->cur))
                ? USE_POINTER
            : ld__is_pointer(pt) || ld__is_array(pt) ? u
                                                     : USE_READ;
      break;
    case CXCursor_ArraySubscriptExpr:
      u = f->index == 0 ? USE_LVALUE : USE_READ;
      break;
    case CXCursor_UnaryOperator:
      switch (clang_getCursorUnaryOperatorKind(p->cur)) {
      case CXUnaryOperator_Deref:
        u = USE_LVALUE;
        break;
      case CXUnaryOperator_AddrOf:
        u = u == USE_LVALUE ? USE_POINTER : USE_READ;
        break;
      case CXUnaryOperator_PreInc:
      case CXUnaryOperator_PostInc:
      case CXUnaryOperator_PreDec:
      case CXUnaryOperator_PostDec:
        return u == USE_LVALUE ? USE_WRITTEN : USE_READ;
      default:
        return USE_READ;
      }
      break;
    case CXCursor_MemberRefExpr: {
      CXCursor m = clang_getCursorReferenced(p->cur);
      enum CXCursorKind mk = clang_getCursorKind(m);
      if (f->index != 0)
        return USE_READ;
      if (mk == CXCursor_CXXMethod)
        return clang_CXXMethod_isConst(m) ? USE_READ : USE_WRITTEN;
      if (clang_Cursor_isNull(m) && p->parent &&
          p->parent->kind == CXCursor_CallExpr)
        return USE_WRITTEN; /* dependent member call */
      u = USE_LVALUE;
      break;
    }
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
      switch (clang_getCursorBinaryOperatorKind(p->cur)) {
      case CXBinaryOperator_Assign:
        if (f->index == 0)
          return u == USE_LVALUE ? USE_WRITTEN : USE_READ;
        return u == USE_POINTER && writable_indirection(pt) ? USE_WRITTEN
                                                            : USE_READ;
      case CXBinaryOperator_Add:
      case CXBinaryOperator_Sub:
        if (u != USE_POINTER || !ld__is_pointer(pt))
          return USE_READ;
        break;
      case CXBinaryOperator_Comma:
        if (f->index == 0)
          return USE_READ;
        break;
      case CXBinaryOperator_Invalid:
      case CXBinaryOperator_PtrMemD:
      case CXBinaryOperator_PtrMemI:
        return USE_READ;
      default:
        /* Compound assignment to the target's memory writes it. */
        if (p->kind == CXCursor_CompoundAssignOperator && f->index == 0)
          return u == USE_LVALUE ? USE_WRITTEN : USE_READ;
        return USE_READ;
      }
      break;
    case CXCursor_ConditionalOperator:
      if (f->index == 0)
        return USE_READ;
      break;
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
      if (!ld__is_pointer(pt))
        return USE_READ;
      u = USE_POINTER;
      break;
    case CXCursor_CallExpr:
      return use_in_call(f, u);
    case CXCursor_VarDecl:
      /* Initialising a pointer or reference that allows writes. */
      return writable_indirection(pt) ? USE_WRITTEN : USE_READ;
    case CXCursor_ReturnStmt:
    case CXCursor_InitListExpr:
      return u == USE_POINTER ? USE_WRITTEN : USE_READ;
    default:
      return USE_READ;
    }
    f = p;
  }
  return u;
}

static void add_ref(struct analysis *an, size_t var, int written, int plain,
                    int macro) {
  struct fn *fn = &an->fns[an->cur_fn];
  size_t i;

  for (i = 0; i < fn->nrefs; i++) {
    struct ref *r = &fn->refs[i];
    if (r->var == var) {
      r->written |= written;
      r->plain |= plain;
      r->in_macro |= macro;
      return;
    }
  }
  if (PUSH(an, fn->refs, fn->nrefs, fn->caprefs))
    return;
  fn->refs[fn->nrefs].var = var;
  fn->refs[fn->nrefs].written = written;
  fn->refs[fn->nrefs].plain = plain;
  fn->refs[fn->nrefs].in_macro = macro;
  fn->nrefs++;
}

static void add_callee(struct analysis *an, size_t callee) {
  struct fn *fn = &an->fns[an->cur_fn];
  size_t i;

  if (callee == NONE)
    return;
  for (i = 0; i < fn->ncallees; i++)
    if (fn->callees[i] == callee)
      return;
  if (PUSH(an, fn->callees, fn->ncallees, fn->capcallees))
    return;
  fn->callees[fn->ncallees++] = callee;
}

static void add_barrier(struct analysis *an, CXCursor call, const char *form) {
  struct ld_pos pos;
  struct barrier *b;

  if (!main_pos(an, clang_getRangeStart(clang_getCursorExtent(call)), &pos))
    return;
  if (PUSH(an, an->barriers, an->nbarriers, an->capbarriers))
    return;
  b = &an->barriers[an->nbarriers++];
  b->fn = an->cur_fn;
  b->form = form;
  b->at = pos;
  b->in_macro = in_macro(an, pos.offset);
}

/* Is t (after references and qualifiers) the class named cls? */
int ld__is_class(CXType t, const char *cls) {
  CXCursor decl;

  t = clang_getCanonicalType(clang_getNonReferenceType(t));
  decl = clang_getTypeDeclaration(clang_getUnqualifiedType(t));
  return !clang_Cursor_isNull(decl) && ld__name_is(decl, cls);
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
      if (ld__is_class(t, "thread_group"))
        *unsupported = REASON_GROUP_SYNC;
      else if (ld__is_class(t, "grid_group") ||
               ld__is_class(t, "multi_grid_group"))
        *unsupported = REASON_GRID_SYNC;
    }
  }
  return NULL;
}

/* The launched kernel's name cursor in `k<<<...>>>(...)`, if call is one.
 * clang represents the configuration as a call to
 * __cudaPushCallConfiguration among the call's children. */
int ld__is_triple_chevron(CXCursor call) {
  CXCursor config;

  if (!ld__nth_child(call, 1, &config))
    return 0;
  config = ld__unwrap(config);
  return clang_getCursorKind(config) == CXCursor_CallExpr &&
         (ld__name_is(config, "__cudaPushCallConfiguration") ||
          ld__name_is(config, "cudaConfigureCall"));
}

/* The declaration a callee expression names, or a name-only cursor. */
static CXCursor callee_ref(CXCursor e) {
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
static int main_span(const struct analysis *an, CXCursor c, size_t *b,
                     size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  struct ld_pos pb, pe;

  if (!main_pos(an, clang_getRangeStart(r), &pb) ||
      !main_pos(an, clang_getRangeEnd(r), &pe) || pe.offset <= pb.offset ||
      pe.offset > an->srclen)
    return 0;
  *b = pb.offset;
  *e = pe.offset;
  return 1;
}

static char *span_text(const struct analysis *an, size_t b, size_t e) {
  char *t = malloc(e - b + 1);

  if (t) {
    memcpy(t, an->src + b, e - b);
    t[e - b] = '\0';
  }
  return t;
}

/* ---- Launches and macros ------------------------------------------------- */

/* Main-file offset of loc's file location: where a token that comes from a
 * macro's argument is written, or the use of the macro from whose body it
 * comes.  *written says whether the token is written there (not in a
 * macro's body).  0 when that is not in the main file. */
static int file_offset(const struct analysis *an, CXSourceLocation loc,
                       size_t *off, int *written) {
  CXFile file, spelled;
  unsigned o, so;

  clang_getFileLocation(loc, &file, NULL, NULL, &o);
  if (!file || !an->main_file || !clang_File_isEqual(file, an->main_file) ||
      o > an->srclen)
    return 0;
  clang_getSpellingLocation(loc, &spelled, NULL, NULL, &so);
  *off = o;
  *written = spelled && clang_File_isEqual(spelled, file) && so == o;
  return 1;
}

static int contains(const struct ld__range *r, size_t b, size_t e) {
  return r->begin <= b && e <= r->end;
}

/* The main-file text [*b, *e) of a cursor's extent: the file locations of
 * its ends, where a token that a macro's argument holds is written.  For a
 * part of a launch written at [lb, le), widened to whole uses of the
 * macros written inside the launch (`N` in `k<<<N / 256, 256>>>`, `ID(4)`
 * in `ID(4) + 1`), so that the text is the expression as written; for the
 * launch itself (lb == le), only an end inside a macro's body is widened to
 * that macro's use.  0 when that is not main-file text, or empty (a default
 * argument). */
static int launch_span(const struct analysis *an, CXCursor c, size_t lb,
                       size_t le, size_t *b, size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  int written, part = lb < le;
  size_t i;

  if (!file_offset(an, clang_getRangeStart(r), b, &written) ||
      !file_offset(an, clang_getRangeEnd(r), e, &written))
    return 0;
  /* Ending in a macro's body: the file location is the macro's use. */
  for (i = 0; i < an->nmacros && !written; i++)
    if (an->macros[i].begin == *e && (!part || an->macros[i].end <= le))
      *e = an->macros[i].end;
  for (i = 0; i < an->nmacros && part; i++) {
    const struct ld__range *m = &an->macros[i];
    if (m->begin < lb || m->end > le || contains(m, lb, le))
      continue;
    if (m->begin < *b && *b < m->end)
      *b = m->begin;
    if (m->begin < *e && *e < m->end)
      *e = m->end;
  }
  return *e > *b && *e <= an->srclen;
}

/* Whether off is inside a macro used within the launch [lb, le) or one
 * around it whose argument the launch is not: not text to copy or edit. */
static int in_launch_macro(const struct analysis *an, size_t off, size_t lb,
                           size_t le) {
  size_t i;

  for (i = 0; i < an->nmacros; i++)
    if (an->macros[i].begin <= off && off < an->macros[i].end &&
        !contains(&an->macros[i], lb, le))
      return 1;
  return 0;
}

/* For a function-like macro defined with `...`: how many parameters come
 * before it (the rest of the arguments are one, __VA_ARGS__); -1 when the
 * macro takes no variable arguments. */
static int named_params(const struct analysis *an, CXCursor expansion) {
  CXCursor def = clang_getCursorReferenced(expansion);
  CXToken *toks = NULL;
  unsigned n = 0, i;
  int named = 0, variadic = -1, after_name = 0;

  if (clang_Cursor_isNull(def) || !clang_Cursor_isMacroFunctionLike(def))
    return -1;
  clang_tokenize(an->tu, clang_getCursorExtent(def), &toks, &n);
  /* name ( params ) body */
  for (i = 2; i < n; i++) {
    CXString t = clang_getTokenSpelling(an->tu, toks[i]);
    const char *sp = clang_getCString(t);
    int close = !strcmp(sp, ")"), dots = !strcmp(sp, "...");
    if (dots)
      variadic = named - after_name; /* `args...` names the rest */
    else if (clang_getTokenKind(toks[i]) == CXToken_Identifier)
      named++;
    after_name = clang_getTokenKind(toks[i]) == CXToken_Identifier;
    clang_disposeString(t);
    if (close || dots)
      break;
  }
  clang_disposeTokens(an->tu, toks, n);
  return variadic;
}

/* Skip the literal or comment at src[p] (which starts one); the offset
 * after it. */
static size_t skip_lexeme(const char *src, size_t p, size_t end) {
  char q = src[p];

  if (q == '/' && p + 1 < end && src[p + 1] == '/') {
    while (p < end && src[p] != '\n')
      p++;
    return p;
  }
  if (q == '/' && p + 1 < end && src[p + 1] == '*') {
    for (p += 2; p + 1 < end && !(src[p] == '*' && src[p + 1] == '/'); p++)
      ;
    return p + 2 < end ? p + 2 : end;
  }
  for (p++; p < end && src[p] != q; p++)
    if (src[p] == '\\')
      p++;
  return p < end ? p + 1 : end;
}

/* Whether [b, e) lies inside one argument of the function-like macro used
 * at [m->begin, m->end) (with `...`, inside the variable arguments
 * together): then its tokens reach the expansion as written, and an edit
 * of that text edits the launch there. */
static int in_one_argument(const struct analysis *an, size_t mi, size_t b,
                           size_t e) {
  const struct ld__range *m = &an->macros[mi];
  const char *src = an->src;
  size_t p = m->begin;
  int arg = 0, depth = 0, arg_b = -1, arg_e = -1, named;

  while (p < m->end &&
         (src[p] == '_' || (src[p] >= 'a' && src[p] <= 'z') ||
          (src[p] >= 'A' && src[p] <= 'Z') || (src[p] >= '0' && src[p] <= '9')))
    p++;
  while (p < m->end && src[p] != '(') {
    if (src[p] == '/')
      p = skip_lexeme(src, p, m->end);
    else if (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' ||
             src[p] == '\r' || src[p] == '\\')
      p++;
    else
      return 0; /* an object-like macro: no arguments */
  }
  for (p++; p < m->end; p++) {
    char c = src[p];
    if (p == b)
      arg_b = arg;
    if (p == e - 1)
      arg_e = arg;
    if (c == '"' || c == '\'' ||
        (c == '/' && p + 1 < m->end &&
         (src[p + 1] == '/' || src[p + 1] == '*'))) {
      size_t q = skip_lexeme(src, p, m->end);
      if (b > p && b < q)
        arg_b = arg;
      if (e - 1 > p && e - 1 < q)
        arg_e = arg;
      p = q - 1;
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && !depth) {
      break;
    } else if (c == ')') {
      depth--;
    } else if (c == ',' && !depth) {
      arg++;
    }
  }
  if (p >= m->end || arg_b < 0 || arg_e < 0)
    return 0;
  if (arg_b == arg_e)
    return 1;
  named = named_params(an, an->expansions[mi]);
  return named >= 0 && arg_b >= named && arg_e >= named;
}

/* Whether the launch written at [b, e) is text the rewriters may replace:
 * outside macros, or inside one argument of each macro around it (so the
 * expansion holds it as written; not a macro's body), and not across the
 * edge of a macro used inside it. */
static int launch_place_ok(const struct analysis *an, size_t b, size_t e) {
  size_t i;

  for (i = 0; i < an->nmacros; i++) {
    const struct ld__range *m = &an->macros[i];
    if (m->end <= b || e <= m->begin || (b <= m->begin && m->end <= e))
      continue;
    if (!contains(m, b, e) || !in_one_argument(an, i, b, e))
      return 0;
  }
  return 1;
}

/* Whether a macro's use holds all of [b, e). */
static int around_macro(const struct analysis *an, size_t b, size_t e) {
  size_t i;

  for (i = 0; i < an->nmacros; i++)
    if (contains(&an->macros[i], b, e))
      return 1;
  return 0;
}

/* The text [b, e) to copy into a rewritten launch (owned by the caller).
 * With flat (a launch in a macro's argument) it is made one line: each
 * comment and line break becomes a space and a line continuation goes, so
 * that the edit keeps the text's lines by padding (ld_launch.newlines) and
 * no `#line` falls inside the macro's arguments. */
static char *piece_text(const struct analysis *an, int flat, size_t b,
                        size_t e) {
  const char *src = an->src;
  char *t, *o;
  size_t p;

  if (!flat)
    return span_text(an, b, e);
  t = o = malloc(e - b + 1);
  if (!t)
    return NULL;
  for (p = b; p < e;) {
    char c = src[p];
    if (c == '"' || c == '\'') {
      size_t q = skip_lexeme(src, p, e);
      memcpy(o, src + p, q - p);
      o += q - p;
      p = q;
    } else if (c == '/' && p + 1 < e &&
               (src[p + 1] == '/' || src[p + 1] == '*')) {
      *o++ = ' ';
      p = skip_lexeme(src, p, e);
    } else if (c == '\\' && p + 1 < e &&
               (src[p + 1] == '\n' || src[p + 1] == '\r')) {
      p += 2;
      if (p < e && src[p - 1] == '\r' && src[p] == '\n')
        p++;
    } else {
      *o++ = c == '\n' || c == '\r' ? ' ' : c;
      p++;
    }
  }
  *o = '\0';
  return t;
}

/* Line breaks in [b, e). */
static int newlines(const struct analysis *an, size_t b, size_t e) {
  int n = 0;

  for (; b < e; b++)
    n += an->src[b] == '\n';
  return n;
}

/* Whether the host-code launch `call`, whose `at` is inside a macro, is
 * written in a macro's argument the rewriters may edit: its first and last
 * tokens written there (not in a macro's body), its place ok
 * (launch_place_ok) and `at` outside the macros used within it.  Sets *pos
 * to where `at` is written. */
static int in_argument(const struct analysis *an, CXCursor call, CXCursor at,
                       struct ld_pos *pos) {
  CXSourceRange r = clang_getCursorExtent(call);
  CXFile file;
  unsigned line, col, off;
  size_t b, e, o;
  int written;

  if (!file_offset(an, clang_getRangeStart(r), &o, &written) || !written ||
      !file_offset(an, clang_getRangeEnd(r), &o, &written) || !written ||
      !launch_span(an, call, 0, 0, &b, &e) || !launch_place_ok(an, b, e))
    return 0;
  clang_getFileLocation(clang_getCursorLocation(at), &file, &line, &col, &off);
  if (!around_macro(an, b, e) || !file ||
      !clang_File_isEqual(file, an->main_file) ||
      in_launch_macro(an, off, b, e))
    return 0;
  pos->line = line;
  pos->col = col;
  pos->offset = off;
  return 1;
}

/* Record the launch of the kernel name_expr names by call (at: where the
 * plan says it is).  A launch inside a macro is recorded only where host
 * code writes it in a macro's argument (in_argument), at its written place;
 * others in macros are left out: they run as written. */
static void add_launch(struct analysis *an, CXCursor name_expr, CXCursor at,
                       CXCursor call, int via_api) {
  CXCursor decl = clang_getCursorReferenced(name_expr);
  struct launch *l;
  struct ld_pos pos;
  size_t i;
  int macro;

  if (!main_pos(an, clang_getCursorLocation(at), &pos))
    return;
  macro = in_macro(an, pos.offset);
  if (macro &&
      (an->fns[an->cur_fn].is_kernel || an->fns[an->cur_fn].is_device ||
       !in_argument(an, call, at, &pos)))
    return;
  /* A macro that uses its argument twice expands the launch twice: one
   * text, one launch (its rewriting then appears twice). */
  for (i = 0; macro && i < an->nlaunches; i++)
    if (an->launches[i].in_macro && an->launches[i].at.offset == pos.offset)
      return;
  if (via_api &&
      (clang_Cursor_isNull(decl) ||
       !has_child_kind(ld__definition_of(decl), CXCursor_CUDAGlobalAttr)))
    return; /* cudaLaunchKernel of something not known to be a kernel */
  if (PUSH(an, an->launches, an->nlaunches, an->caplaunches))
    return;
  l = &an->launches[an->nlaunches];
  l->name = ld__cursor_name(clang_Cursor_isNull(decl) ? name_expr : decl);
  if (!l->name) {
    an->rc = LD_ENOMEM;
    return;
  }
  l->at = pos;
  l->via_api = via_api;
  l->in_macro = macro;
  memset(&l->text, 0, sizeof l->text);
  an->nlaunches++;
}

/* The launch's arguments *args (the first `from` of the kernel's n) with
 * the default arguments of the others written out: the clones' parameter
 * lists have none (ld_kernel.default_cuts).  *args becomes NULL when one
 * has no text, or the kernel is a template (its defaults may name its
 * parameters). */
static int with_defaults(struct analysis *an, CXCursor name, unsigned from,
                         unsigned n, char **args) {
  CXCursor fn = clang_getCursorReferenced(name);
  struct ld_buf b = LD_BUF_INIT;
  unsigned i;
  int rc;

  rc = ld_buf_puts(&b, *args);
  free(*args);
  *args = NULL;
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
      !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn))) {
    ld_buf_free(&b);
    return rc;
  }
  for (i = from; i < n && !rc; i++) {
    char *d = ld__default_text(an->tu, fn, i);
    if (!d) {
      ld_buf_free(&b);
      return LD_OK;
    }
    rc = ld_buf_printf(&b, "%s%s", i ? ", " : "", d);
    free(d);
  }
  *args = rc ? NULL : ld_buf_detach(&b);
  ld_buf_free(&b);
  return rc ? rc : *args ? LD_OK : LD_ENOMEM;
}

/* Texts of a `k<<<...>>>(...)` launch for rewriting it; leaves t->callee
 * NULL when some part is not plain main-file text.  Every text is as
 * written in the file, also inside a macro's argument (launch_span). */
static int launch_text(struct analysis *an, CXCursor call, CXCursor callee,
                       CXCursor name, struct ld_launch *t) {
  CXCursor config;
  size_t lb, le, b, e, nb, ne, ab = 0, ae = 0;
  int i, n, flat;

  memset(t, 0, sizeof *t);
  if (!launch_span(an, call, 0, 0, &lb, &le) ||
      !launch_span(an, callee, lb, le, &b, &e) ||
      !launch_span(an, name, lb, le, &nb, &ne) ||
      in_launch_macro(an, nb, lb, le) || nb < b || nb >= e ||
      !ld__nth_child(call, 1, &config))
    return LD_OK;
  t->begin = lb;
  t->end = le;
  flat = around_macro(an, lb, le);
  t->newlines = flat ? newlines(an, lb, le) : 0;
  config = ld__unwrap(config);
  n = clang_Cursor_getNumArguments(config);
  for (i = 0; i < n && i < 4; i++) {
    size_t cb, ce;
    if (!launch_span(an, clang_Cursor_getArgument(config, (unsigned)i), lb, le,
                     &cb, &ce))
      break;
    if (!(t->config[i] = piece_text(an, flat, cb, ce)))
      return LD_ENOMEM;
  }
  if (i < 2)
    return LD_OK;
  n = clang_Cursor_getNumArguments(call);
  for (i = 0; i < n; i++) {
    size_t cb, ce;
    if (!launch_span(an, clang_Cursor_getArgument(call, (unsigned)i), lb, le,
                     &cb, &ce))
      break; /* a default argument: the rest are too */
    if (!i)
      ab = cb;
    ae = ce;
  }
  t->args = piece_text(an, flat, ab, ae);
  if (!t->args)
    return LD_ENOMEM;
  if (i < n) {
    int rc = with_defaults(an, name, (unsigned)i, (unsigned)n, &t->args);
    if (rc || !t->args)
      return rc; /* no text for a default: not rewritten */
  }
  t->callee = piece_text(an, flat, b, e);
  if (!t->callee)
    return LD_ENOMEM;
  t->name_at = nb - b;
  return LD_OK;
}

/* Texts of `cudaLaunchKernel(k, g, b, args[, sh[, st]])` of kernel `decl`,
 * named by the expression `name`, for rewriting it as the launch
 * `k<<<__ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st>>>(__ldcc_a__p...)`
 * inside a lambda that takes the call's arguments (ld__replace_launch).
 * Leaves t->callee NULL when the name or an argument is not plain
 * main-file text, or when the name leaves a template's arguments to be
 * deduced (`decltype(&k)` then names no one function). */
static int api_launch_text(struct analysis *an, CXCursor call, CXCursor name,
                           CXCursor decl, struct ld_launch *t) {
  static const char *const config[4] = {"__ldcc_a__g", "__ldcc_a__b",
                                        "__ldcc_a__sh", "__ldcc_a__st"};
  size_t nb, ne, ab = 0, ae = 0;
  int i, n = clang_Cursor_getNumArguments(call), nargs = 0, flat;

  memset(t, 0, sizeof *t);
  if (n < 4 || n > 6 || !launch_span(an, call, 0, 0, &t->begin, &t->end) ||
      !launch_span(an, name, t->begin, t->end, &nb, &ne) ||
      in_launch_macro(an, nb, t->begin, t->end))
    return LD_OK;
  for (i = 0; i < n; i++) {
    size_t cb, ce;
    if (!launch_span(an, clang_Cursor_getArgument(call, (unsigned)i), t->begin,
                     t->end, &cb, &ce))
      break; /* a default argument: the rest are too */
    if (i && cb < ae)
      return LD_OK; /* two arguments from one macro expansion */
    if (!i)
      ab = cb;
    ae = ce;
    nargs++;
  }
  if (nargs < 4)
    return LD_OK;
  flat = around_macro(an, t->begin, t->end);
  t->newlines = flat ? newlines(an, t->begin, t->end) : 0;
  if (!(t->callee = piece_text(an, flat, nb, ne)))
    return LD_ENOMEM;
  if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(decl)) &&
      !strchr(t->callee, '<')) {
    free(t->callee);
    t->callee = NULL;
    return LD_OK;
  }
  for (i = 0; i < 4; i++)
    if (!(t->config[i] = strdup(config[i])))
      return LD_ENOMEM;
  t->args =
      strdup(clang_Cursor_getNumArguments(decl) > 0 ? "__ldcc_a__p..." : "");
  t->api_args = piece_text(an, flat, ab, ae);
  t->api_nargs = nargs;
  return t->args && t->api_args ? LD_OK : LD_ENOMEM;
}

/* The callee's name of a call: its spelling, or for a call a template
 * leaves unresolved (`atomicAdd(p, (T)1)` with a dependent T), the name of
 * the overload set it names.  Owned by the caller (clang_disposeString). */
static CXString call_name(CXCursor call) {
  CXString s = clang_getCursorSpelling(call);
  CXCursor c = call;
  int depth;

  /* CallExpr -> DeclRefExpr (unresolved, unnamed) -> OverloadedDeclRef */
  for (depth = 0; depth < 2 && !*clang_getCString(s); depth++) {
    if (!ld__nth_child(c, 0, &c))
      break;
    c = ld__unwrap(c);
    clang_disposeString(s);
    s = clang_getCursorSpelling(c);
  }
  return s;
}

/* A call of a member function (an operator, a conversion) of a class of
 * libcu++'s atomics: `cuda::atomic`, `cuda::atomic_ref`, their
 * `cuda::std::` forms, and the `__atomic*` bases that define them. */
static int libcu_atomic_member(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call), cls;
  enum CXCursorKind k = clang_getCursorKind(callee);
  CXString sp;
  int hit;

  if (k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction)
    return 0;
  cls = clang_getCursorSemanticParent(callee);
  sp = clang_getCursorSpelling(cls);
  hit = !strncmp(clang_getCString(sp), "atomic", 6) ||
        !strncmp(clang_getCString(sp), "__atomic", 8);
  clang_disposeString(sp);
  return hit && clang_Location_isInSystemHeader(clang_getCursorLocation(cls));
}

/* A call the check across blocks cannot run twice (by name), or NULL. */
static const char *global_use_of(CXCursor call) {
  static const struct {
    const char *prefix, *why;
  } table[] = {
      {"atomic", REASON_G_ATOMIC},
      {"__atomic", REASON_G_ATOMIC},
      {"__nv_atomic", REASON_G_ATOMIC},
      {"__threadfence", REASON_G_FENCE},
      {"__nv_aligned_device_malloc", REASON_G_MALLOC},
      {"clock", REASON_G_CLOCK},
      {"__globaltimer", REASON_G_CLOCK},
      {"surf", REASON_G_SURFACE},
  };
  static const char *const whole[] = {"printf", "vprintf", "malloc", "free"};
  CXString s = call_name(call);
  const char *name = clang_getCString(s), *why = NULL;
  size_t i;

  /* A member of libcu++'s atomics (`c->fetch_add(1)`, `++c`, `int v = c`
   * on a cuda::atomic, cuda::std::atomic_ref...): defined in classes named
   * atomic* or __atomic*. */
  if (libcu_atomic_member(call)) {
    clang_disposeString(s);
    return REASON_G_ATOMIC;
  }

  /* These by their whole name; atomics and the rest by prefix. */
  for (i = 0; i < sizeof whole / sizeof whole[0] && !why; i++)
    if (!strcmp(name, whole[i]))
      why = i < 2 ? REASON_G_PRINTF : REASON_G_MALLOC;
  for (i = 0; i < sizeof table / sizeof table[0] && !why; i++)
    if (!strncmp(name, table[i].prefix, strlen(table[i].prefix)))
      why = table[i].why;
  clang_disposeString(s);
  return why;
}

/* A callee defined outside the main file whose body may hold a block
 * barrier: not in a system header, or in CUB or cooperative groups. */
static int may_hide_barrier(CXCursor decl) {
  CXSourceLocation loc = clang_getCursorLocation(decl);
  CXFile file;
  CXString name;
  int hides;

  if (!clang_Location_isInSystemHeader(loc))
    return 1;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  if (!file)
    return 0;
  name = clang_getFileName(file);
  hides = clang_getCString(name) &&
          (strstr(clang_getCString(name), "/cub/") ||
           strstr(clang_getCString(name), "cooperative_groups"));
  clang_disposeString(name);
  return hides;
}

/* Deterministic builds (docs/deterministic-global.md): whether the call's
 * result is discarded: a statement of its own (in a block, or the body or
 * branch of a statement), or cast to void there. */
static int result_unused(const struct frame *f) {
  const struct frame *p = f->parent;

  if (p && p->kind == CXCursor_CStyleCastExpr &&
      clang_getCursorType(p->cur).kind == CXType_Void) {
    f = p;
    p = p->parent;
  }
  return p && ld__is_statement_at(f->cur, f->index, p->cur);
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

/* An integer type atomicAdd merges as deltas: 32 or 64 bits. */
static int accumulable(CXType ptr) {
  CXType t =
      clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(ptr)));
  long long size = clang_Type_getSizeOf(t);

  switch (t.kind) {
  case CXType_Int:
  case CXType_UInt:
  case CXType_Long:
  case CXType_ULong:
  case CXType_LongLong:
  case CXType_ULongLong:
    return size == 4 || size == 8;
  default:
    return 0;
  }
}

/* Whether main-file offset off lies in the address argument of one of the
 * current function's accumulating atomics. */
static int in_accumulated(const struct analysis *an, size_t off) {
  const struct fn *fn = &an->fns[an->cur_fn];
  size_t i;

  for (i = 0; i < fn->nacc; i++)
    if (fn->acc[i].arg_begin <= off && off < fn->acc[i].arg_end)
      return 1;
  return 0;
}

#define REASON_D_USED "atomic whose result is used"
#define REASON_D_OP "atomic other than atomicAdd or atomicSub"
#define REASON_D_TYPE "atomic on a type other than a 32- or 64-bit integer"
#define REASON_D_DEPENDENT "atomic on a template-dependent type"
#define REASON_D_CALLEE "atomic inside a device function"
#define REASON_D_MACRO "atomic inside a macro expansion"

/* An atomic call in a deterministic build: recorded as accumulating
 * (NULL), or why the mode cannot merge it. */
static const char *accumulate(struct analysis *an, const struct frame *f) {
  struct fn *fn = &an->fns[an->cur_fn];
  struct ld_gatomic *a;
  CXCursor callee;
  size_t b, e, ab, ae, open;
  CXString name = call_name(f->cur);
  int sub = !strcmp(clang_getCString(name), "atomicSub");
  int add = !strcmp(clang_getCString(name), "atomicAdd");

  clang_disposeString(name);
  if (!sub && !add)
    return REASON_D_OP;
  if (!result_unused(f))
    return REASON_D_USED;
  if (clang_Cursor_getNumArguments(f->cur) != 2)
    return REASON_D_TYPE;
  {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(f->cur, 0)));
    if (t.kind == CXType_Unexposed || t.kind == CXType_Invalid ||
        (t.kind == CXType_Pointer &&
         clang_getCanonicalType(clang_getPointeeType(t)).kind ==
             CXType_Unexposed))
      return REASON_D_DEPENDENT;
    if (!accumulable(t))
      return REASON_D_TYPE;
  }
  if (!fn->is_kernel)
    return REASON_D_CALLEE;
  if (!ld__nth_child(f->cur, 0, &callee) ||
      !main_span(an, ld__unwrap(callee), &b, &e) ||
      !main_span(an, clang_Cursor_getArgument(f->cur, 0), &ab, &ae) ||
      in_macro(an, b) || in_macro(an, ab))
    return REASON_D_MACRO;
  for (open = e; open < ab && an->src[open] != '('; open++)
    ;
  if (open >= ab || e - b != strlen(sub ? "atomicSub" : "atomicAdd"))
    return REASON_D_MACRO;
  if (PUSH(an, fn->acc, fn->nacc, fn->capacc))
    return NULL;
  a = &fn->acc[fn->nacc++];
  a->name_begin = b;
  a->args_open = open;
  a->arg_begin = ab;
  a->arg_end = ae;
  a->sub = sub;
  return NULL;
}

/* What keeps a deterministic build from cloning the kernel, by call: one
 * pass prints once and a clock read only changes values the unit computes,
 * so printf and clocks are fine; accumulating atomics are merged. */
static const char *det_use_of(struct analysis *an, const struct frame *f) {
  const char *use = global_use_of(f->cur);

  if (use && (!strcmp(use, REASON_G_PRINTF) || !strcmp(use, REASON_G_CLOCK)))
    return NULL;
  if (use && !strcmp(use, REASON_G_ATOMIC))
    return accumulate(an, f);
  return use;
}

static void visit_call(struct analysis *an, const struct frame *f) {
  CXCursor ref = clang_getCursorReferenced(f->cur);
  CXCursor callee;
  const char *form, *use;
  unsigned i, n;

  use = an->plan->deterministic ? det_use_of(an, f) : global_use_of(f->cur);
  if (use && !an->fns[an->cur_fn].global_use)
    an->fns[an->cur_fn].global_use = use;
  if (ld__is_triple_chevron(f->cur) && !an->fns[an->cur_fn].global_use)
    an->fns[an->cur_fn].global_use = REASON_G_LAUNCH;
  if (ld__is_triple_chevron(f->cur) && ld__nth_child(f->cur, 0, &callee)) {
    CXCursor name = callee_ref(callee);
    size_t before = an->nlaunches;
    add_launch(an, name, name, f->cur, 0);
    if (an->nlaunches > before && !an->rc)
      an->rc = launch_text(an, f->cur, ld__unwrap(callee), name,
                           &an->launches[before].text);
    if (an->nlaunches > before)
      an->launches[before].text.in_device =
          an->fns[an->cur_fn].is_kernel || an->fns[an->cur_fn].is_device;
    return;
  }
  if (!clang_Cursor_isNull(ref) && ld__name_is(ref, "cudaLaunchKernel") &&
      clang_Cursor_getNumArguments(f->cur) > 0) {
    CXCursor arg = callee_ref(clang_Cursor_getArgument(f->cur, 0));
    size_t before = an->nlaunches;
    add_launch(an, arg, f->cur, f->cur, 1);
    if (an->nlaunches > before) {
      struct ld_launch *t = &an->launches[before].text;
      int in_device =
          an->fns[an->cur_fn].is_kernel || an->fns[an->cur_fn].is_device;
      if (!in_device && !an->rc)
        an->rc =
            api_launch_text(an, f->cur, arg, clang_getCursorReferenced(arg), t);
      t->in_device = in_device;
    }
    return;
  }
  form = ld__barrier_form(f->cur, &an->fns[an->cur_fn].unsupported);
  if (form) {
    add_barrier(an, f->cur, form);
    return;
  }
  if (!clang_Cursor_isNull(ref)) {
    size_t fi = find_fn(an, ld__definition_of(ref));
    if (fi == NONE && may_hide_barrier(ld__definition_of(ref)))
      an->fns[an->cur_fn].calls_unseen = 1;
    add_callee(an, fi);
    return;
  }
  /* Unresolved (dependent) call: every candidate in the main file. */
  if (ld__nth_child(f->cur, 0, &callee)) {
    callee = ld__unwrap(callee);
    if (clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef) {
      n = clang_getNumOverloadedDecls(callee);
      for (i = 0; i < n; i++)
        add_callee(an, find_fn(an, ld__definition_of(
                                       clang_getOverloadedDecl(callee, i))));
    }
  }
}

/* Declared at file or namespace scope. */
static int at_file_scope(CXCursor decl) {
  enum CXCursorKind k =
      clang_getCursorKind(clang_getCursorSemanticParent(decl));

  return k == CXCursor_TranslationUnit || k == CXCursor_Namespace;
}

static void visit_ref(struct analysis *an, const struct frame *f) {
  CXCursor decl = clang_getCursorReferenced(f->cur);
  enum CXCursorKind dk = clang_getCursorKind(decl);
  enum var_kind vk;
  size_t v;
  enum use u;
  struct ld_pos pos;

  if (dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl)
    return;
  v = find_var(an, decl);
  /* A __device__ variable from a header: written, it must be shifted (or
   * the kernel left unchecked) like one of the main file. */
  if (v == NONE && dk == CXCursor_VarDecl && memory_space(decl, &vk) &&
      vk == VAR_DEVICE && at_file_scope(decl) &&
      !clang_isConstQualifiedType(clang_getCursorType(decl)))
    v = add_var(an, decl, VAR_DEVICE, NONE);
  if (v == NONE)
    return;
  if (an->vars[v].kind == VAR_PARAM && an->vars[v].owner != an->cur_fn)
    return;
  u = classify_use(f, an->vars[v].kind == VAR_PARAM ? USE_POINTER : USE_LVALUE);
  if (!main_pos(an, clang_getCursorLocation(f->cur), &pos))
    return;
  add_ref(an, v, u == USE_WRITTEN,
          u == USE_WRITTEN && !in_accumulated(an, pos.offset),
          in_macro(an, pos.offset));
}

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct frame *pf = data;
  struct analysis *an = pf->an;
  struct frame f;
  enum var_kind vk;

  (void)parent;
  if (an->rc)
    return CXChildVisit_Break;
  f.cur = c;
  f.kind = clang_getCursorKind(c);
  f.parent = pf;
  f.index = pf->nchild++;
  f.nchild = 0;
  f.an = an;
  switch (f.kind) {
  case CXCursor_CallExpr:
    visit_call(an, &f);
    break;
  case CXCursor_DeclRefExpr:
    visit_ref(an, &f);
    break;
  case CXCursor_VarDecl:
    if (memory_space(c, &vk) && vk == VAR_SHARED)
      add_var(an, c, vk, an->cur_fn);
    break;
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    an->fns[an->cur_fn].has_asm = 1;
    break;
  default:
    break;
  }
  clang_visitChildren(c, body_cb, &f);
  return CXChildVisit_Continue;
}

/* Pointer parameters of a kernel through which it could write. */
static enum CXChildVisitResult params_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct analysis *an = data;
  CXType t = clang_getCursorType(c);

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl && ld__is_pointer(t) &&
      writable_indirection(t))
    add_var(an, c, VAR_PARAM, an->cur_fn);
  return an->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void walk_fn(struct analysis *an, size_t fi) {
  struct frame root;

  an->cur_fn = fi;
  if (an->fns[fi].is_kernel)
    clang_visitChildren(an->fns[fi].cur, params_cb, an);
  root.cur = an->fns[fi].cur;
  root.kind = clang_getCursorKind(root.cur);
  root.parent = NULL;
  root.index = 0;
  root.nchild = 0;
  root.an = an;
  clang_visitChildren(root.cur, body_cb, &root);
}

/* ---- Pass 3: the plan ---------------------------------------------------- */

static int cmp_size(size_t a, size_t b) {
  return a < b ? -1 : a > b;
}

static int cmp_target(const void *pa, const void *pb) {
  const struct ld_target *a = pa, *b = pb;
  int c = cmp_size(a->kernel, b->kernel);
  if (!c)
    c = cmp_size(a->at.offset, b->at.offset);
  return c ? c : strcmp(a->name, b->name);
}

static int cmp_barrier(const void *pa, const void *pb) {
  const struct ld_barrier *a = pa, *b = pb;
  int c = cmp_size(a->at.offset, b->at.offset);
  return c ? c : strcmp(a->form, b->form);
}

static int cmp_launch(const void *pa, const void *pb) {
  const struct ld_launch *a = pa, *b = pb;
  int c = cmp_size(a->at.offset, b->at.offset);
  return c ? c : strcmp(a->kernel, b->kernel);
}

/* Mark every main-file function reachable from fi by calls. */
static void mark_reachable(const struct analysis *an, size_t fi,
                           unsigned char *seen) {
  size_t i;

  if (seen[fi])
    return;
  seen[fi] = 1;
  for (i = 0; i < an->fns[fi].ncallees; i++)
    mark_reachable(an, an->fns[fi].callees[i], seen);
}

/* Add the kernel fns[fi] with its targets to the plan. */
static int plan_kernel(struct analysis *an, size_t fi, unsigned char *seen,
                       size_t *captargets) {
  struct ld_plan *plan = an->plan;
  struct fn *fn = &an->fns[fi];
  struct ld_kernel *k = &plan->kernels[plan->nkernels];
  const char *unsupported = NULL;
  int has_asm = 0, shared_in_macro = 0;
  int shared_file_scope = 0, shared_in_callee = 0, shared_written = 0;
  size_t v, i, j;

  memset(seen, 0, an->nfns);
  mark_reachable(an, fi, seen);
  memset(k, 0, sizeof *k);
  k->name = strdup(fn->name);
  if (!k->name)
    return LD_ENOMEM;
  k->at = fn->at;
  k->is_template = fn->is_template;
  fn->kernel = plan->nkernels++;

  for (v = 0; v < an->nvars; v++) {
    const struct var *var = &an->vars[v];
    int used, written = 0, macro = var->in_macro;
    size_t elsewhere = NONE;
    struct ld_target *t;

    if (var->kind == VAR_PARAM)
      used = var->owner == fi;
    else
      used = var->owner != NONE && seen[var->owner];
    for (i = 0; i < an->nfns; i++) {
      if (!seen[i])
        continue;
      for (j = 0; j < an->fns[i].nrefs; j++) {
        const struct ref *r = &an->fns[i].refs[j];
        if (r->var != v)
          continue;
        used = 1;
        written |= r->written;
        macro |= r->in_macro;
        if (i != fi)
          elsewhere = i;
      }
    }
    if (!used || (var->in_header && !written))
      continue; /* a header's variables only when written */
    if (var->kind == VAR_SHARED) {
      shared_in_macro |= macro;
      if (var->owner == NONE)
        shared_file_scope = 1;
      else if (var->owner != fi)
        shared_in_callee = 1;
      else if (written)
        shared_written = 1;
    }
    if (var->kind == VAR_DEVICE && written) {
      if (PUSH(an, fn->g_vars, fn->ng_vars, fn->capg_vars))
        return an->rc;
      fn->g_vars[fn->ng_vars++] = v;
      if (elsewhere != NONE && !fn->g_var_elsewhere) {
        fn->g_var_elsewhere = var->name;
        fn->g_var_fn = an->fns[elsewhere].name;
      }
    }
    if (ld__grow(&plan->targets, captargets, plan->ntargets, sizeof *t))
      return LD_ENOMEM;
    t = &plan->targets[plan->ntargets];
    memset(t, 0, sizeof *t);
    t->name = strdup(var->name);
    if (!t->name)
      return LD_ENOMEM;
    t->kernel = fn->kernel;
    t->space = var->kind == VAR_SHARED ? LD_SPACE_SHARED : LD_SPACE_GLOBAL;
    t->at = var->at;
    t->is_extern = var->is_extern;
    t->written = written;
    plan->ntargets++;
  }
  for (i = 0; i < an->nfns; i++) {
    if (!seen[i])
      continue;
    has_asm |= an->fns[i].has_asm;
    if (!unsupported)
      unsupported = an->fns[i].unsupported;
    if (!fn->g_reason)
      fn->g_reason = an->fns[i].global_use;
    fn->g_may_sync |= an->fns[i].calls_unseen;
  }
  for (i = 0; i < an->nbarriers; i++)
    fn->g_may_sync |= seen[an->barriers[i].fn];

  k->checked = 1;
  if (fn->in_macro)
    k->reason = strdup(REASON_MACRO_KERNEL);
  else if (has_asm)
    k->reason = strdup(REASON_ASM);
  else if (shared_in_macro)
    k->reason = strdup(REASON_MACRO_SHARED);
  else if (unsupported)
    k->reason = strdup(unsupported);
  else if (shared_file_scope)
    k->reason = strdup(REASON_FILE_SHARED);
  else if (shared_in_callee)
    k->reason = strdup(REASON_CALLEE_SHARED);
  if (fn->in_macro || has_asm || shared_in_macro || unsupported ||
      shared_file_scope || shared_in_callee) {
    k->checked = 0;
    if (!k->reason)
      return LD_ENOMEM;
  }
  fn->wants_clone = k->checked && shared_written;
  return LD_OK;
}

static int build_plan(struct analysis *an) {
  struct ld_plan *plan = an->plan;
  unsigned char *seen = NULL;
  size_t captargets = 0;
  size_t i, nk = 0;
  int rc = LD_OK;

  for (i = 0; i < an->nfns; i++)
    nk += an->fns[i].is_kernel;
  seen = calloc(an->nfns + 1, 1);
  plan->kernels = calloc(nk + 1, sizeof *plan->kernels);
  plan->barriers = calloc(an->nbarriers + 1, sizeof *plan->barriers);
  plan->launches = calloc(an->nlaunches + 1, sizeof *plan->launches);
  if (!seen || !plan->kernels || !plan->barriers || !plan->launches) {
    rc = LD_ENOMEM;
    goto out;
  }
  for (i = 0; i < an->nfns && !rc; i++)
    if (an->fns[i].is_kernel)
      rc = plan_kernel(an, i, seen, &captargets);
  if (rc)
    goto out;
  for (i = 0; i < an->nbarriers; i++) {
    const struct barrier *b = &an->barriers[i];
    const struct fn *fn = &an->fns[b->fn];
    struct ld_barrier *pb = &plan->barriers[plan->nbarriers];
    if (!fn->is_kernel && !fn->is_device)
      continue; /* host code: not a barrier */
    pb->kernel = fn->kernel;
    pb->func = strdup(fn->name);
    pb->form = strdup(b->form);
    pb->at = b->at;
    pb->in_macro = b->in_macro;
    plan->nbarriers++;
    if (!pb->func || !pb->form) {
      rc = LD_ENOMEM;
      goto out;
    }
  }
  for (i = 0; i < an->nlaunches; i++) {
    struct ld_launch *pl = &plan->launches[plan->nlaunches++];
    *pl = an->launches[i].text;
    memset(&an->launches[i].text, 0, sizeof an->launches[i].text);
    pl->kernel = an->launches[i].name;
    an->launches[i].name = NULL;
    pl->at = an->launches[i].at;
    pl->via_api = an->launches[i].via_api;
    pl->in_macro = an->launches[i].in_macro;
  }
  if (plan->ntargets)
    qsort(plan->targets, plan->ntargets, sizeof *plan->targets, cmp_target);
  if (plan->nbarriers)
    qsort(plan->barriers, plan->nbarriers, sizeof *plan->barriers, cmp_barrier);
  if (plan->nlaunches)
    qsort(plan->launches, plan->nlaunches, sizeof *plan->launches, cmp_launch);
out:
  free(seen);
  return rc;
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

/* ---- Default arguments ------------------------------------------------- */

/* The `=` of a parameter's default argument: the first `=` token of the
 * ParmDecl's extent (a declarator holds none).  1 with its location. */
static int default_eq(CXTranslationUnit tu, CXCursor parm,
                      CXSourceLocation *eq) {
  CXToken *toks = NULL;
  unsigned n = 0, i;
  int found = 0;

  if (clang_getCursorKind(parm) != CXCursor_ParmDecl)
    return 0;
  clang_tokenize(tu, clang_getCursorExtent(parm), &toks, &n);
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

char *ld__default_text(CXTranslationUnit tu, CXCursor fn, unsigned i) {
  CXCursor decls[3];
  unsigned d;

  decls[0] = fn;
  decls[1] = clang_getCanonicalCursor(fn);
  decls[2] = clang_getCursorDefinition(fn);
  for (d = 0; d < 3; d++) {
    CXCursor parm = clang_Cursor_getArgument(decls[d], i);
    CXSourceLocation eq;
    CXFile f1, f2;
    unsigned b, e;
    size_t size = 0, p;
    const char *text;
    char *out, *o;

    if (clang_Cursor_isNull(parm) || !default_eq(tu, parm, &eq))
      continue;
    clang_getSpellingLocation(eq, &f1, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(parm)),
                              &f2, NULL, NULL, &e);
    if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || e <= b + 1 ||
        !(text = clang_getFileContents(tu, f1, &size)) || e > size)
      return NULL;
    out = o = malloc(e - b);
    if (!out)
      return NULL;
    /* Blanks and line ends folded to one space, outside literals. */
    for (p = b + 1; p < e; p++) {
      char c = text[p], q = 0;
      if (c == '"' || c == '\'') {
        for (q = c, *o++ = c, p++; p < e && text[p] != q; p++) {
          *o++ = text[p];
          if (text[p] == '\\' && p + 1 < e)
            *o++ = text[++p];
        }
        if (p < e)
          *o++ = q;
      } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        *o++ = c;
      } else if (o > out && o[-1] != ' ') {
        *o++ = ' ';
      }
    }
    while (o > out && o[-1] == ' ')
      o--;
    *o = 0;
    return out;
  }
  return NULL;
}

int ld__default_cut(const struct ld__source *s, CXCursor parm, size_t *begin,
                    size_t *end) {
  CXSourceLocation eq;
  CXFile f1, f2;
  unsigned b, e;

  if (!default_eq(s->tu, parm, &eq))
    return 0;
  clang_getSpellingLocation(eq, &f1, NULL, NULL, &b);
  clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(parm)), &f2,
                            NULL, NULL, &e);
  if (!f1 || !f2 || !clang_File_isEqual(f1, s->main_file) ||
      !clang_File_isEqual(f2, s->main_file) || e > s->len || e <= b ||
      ld__in_ranges(s->macros, s->nmacros, b))
    return 0;
  while (b > 0 && strchr(" \t\r\n", s->src[b - 1]))
    b--;
  *begin = b;
  *end = e;
  return 1;
}

struct cuts {
  const struct ld__source *s;
  struct ld_kernel *k;
  size_t cap;
  int rc;
};

static enum CXChildVisitResult cuts_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct cuts *x = data;
  size_t b, e;

  (void)parent;
  if (!ld__default_cut(x->s, c, &b, &e))
    return CXChildVisit_Continue;
  if ((x->rc = ld__grow(&x->k->default_cuts, &x->cap, x->k->ndefault_cuts,
                        sizeof *x->k->default_cuts)))
    return CXChildVisit_Break;
  x->k->default_cuts[x->k->ndefault_cuts].begin = b;
  x->k->default_cuts[x->k->ndefault_cuts++].end = e;
  return CXChildVisit_Continue;
}

/* k->default_cuts from the definition fn's parameters. */
static int default_cuts(const struct ld__source *s, CXCursor fn,
                        struct ld_kernel *k) {
  struct cuts x = {s, k, 0, LD_OK};

  clang_visitChildren(fn, cuts_cb, &x);
  return x.rc;
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

/* ---- The check across blocks --------------------------------------------- */

struct param_query {
  const struct analysis *an;
  size_t fn;
};

/* Whether kernel q->fn may write through its parameter `name`. */
static int param_written(void *ctx, const char *name) {
  const struct param_query *q = ctx;
  const struct fn *fn = &q->an->fns[q->fn];
  size_t i;

  for (i = 0; i < fn->nrefs; i++) {
    const struct var *v = &q->an->vars[fn->refs[i].var];
    if (v->kind == VAR_PARAM && v->owner == q->fn && fn->refs[i].written &&
        !strcmp(v->name, name))
      return 1;
  }
  return 0;
}

/* Whether kernel fi writes a pointer parameter or a __device__ variable
 * other than as the address of an accumulating atomic. */
static int plain_written(const struct analysis *an, size_t fi) {
  const struct fn *fn = &an->fns[fi];
  size_t i;

  for (i = 0; i < fn->nrefs; i++) {
    const struct var *v = &an->vars[fn->refs[i].var];
    if (((v->kind == VAR_PARAM && v->owner == fi) || v->kind == VAR_DEVICE) &&
        fn->refs[i].plain)
      return 1;
  }
  return 0;
}

static int global_analyse(struct analysis *an, const struct ld__source *s,
                          size_t fi) {
  struct fn *fn = &an->fns[fi];
  struct ld_kernel *k = &an->plan->kernels[fn->kernel];
  struct param_query q = {an, fi};
  struct ld__global_in in;
  const char **vars = NULL;
  size_t i;
  int rc;

  memset(&in, 0, sizeof in);
  in.param_written = param_written;
  in.ctx = &q;
  if (fn->ng_vars && !(vars = malloc(fn->ng_vars * sizeof *vars)))
    return LD_ENOMEM;
  for (i = 0; i < fn->ng_vars; i++)
    vars[i] = an->vars[fn->g_vars[i]].name;
  in.device_vars = vars;
  in.ndevice_vars = fn->ng_vars;
  in.device_var_elsewhere = fn->g_var_elsewhere;
  in.device_var_fn = fn->g_var_fn;
  /* A kernel with a shared-memory clone takes the global copies in that
   * clone too (LD_COMPOSED), unless it has accumulating atomics, which the
   * replay applies to memory itself. */
  int composed = k->replay && !fn->nacc;
  in.other_reason =
      k->replay && !composed ? "checked by the shared-memory replay"
      : k->warp && !k->warp->skip
          ? k->warp->mp ? "checked by the inline message-passing "
                          "checks"
                        : "checked by the inline intra-warp checks"
          : fn->g_reason;
  in.may_sync_block = fn->g_may_sync;
  in.atomics = fn->acc;
  in.natomics = fn->nacc;
  in.plain_writes = plain_written(an, fi);
  rc = ld__global_analyse(s, fn->cur, k, &in);
  free(vars);
  return rc;
}

static void analysis_free(struct analysis *an) {
  size_t i;

  for (i = 0; i < an->nfns; i++) {
    free(an->fns[i].name);
    free(an->fns[i].refs);
    free(an->fns[i].callees);
    free(an->fns[i].acc);
    free(an->fns[i].g_vars);
  }
  for (i = 0; i < an->nvars; i++)
    free(an->vars[i].name);
  for (i = 0; i < an->nlaunches; i++) {
    struct ld_launch *t = &an->launches[i].text;
    size_t j;
    free(an->launches[i].name);
    free(t->callee);
    free(t->args);
    free(t->api_args);
    for (j = 0; j < 4; j++)
      free(t->config[j]);
  }
  free(an->fns);
  free(an->vars);
  free(an->macros);
  free(an->expansions);
  free(an->barriers);
  free(an->launches);
}

/* ---- Diagnostics and the entry point ------------------------------------- */

/* One sentence for the first error: "<file>:<line>:<col>: <message>".  The
 * main file is named as the user gave it. */
static char *first_error(CXTranslationUnit tu, const char *input_path) {
  unsigned n = clang_getNumDiagnostics(tu);
  struct ld_buf b = LD_BUF_INIT;
  unsigned i;
  int rc = LD_OK;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);

    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      CXSourceLocation loc = clang_getDiagnosticLocation(d);
      CXString msg = clang_getDiagnosticSpelling(d);
      CXFile file;
      unsigned line, col;

      clang_getExpansionLocation(loc, &file, &line, &col, NULL);
      if (file && clang_Location_isFromMainFile(loc)) {
        rc = ld_buf_printf(&b, "%s:%u:%u: ", input_path, line, col);
      } else if (file) {
        CXString fname = clang_getFileName(file);
        rc =
            ld_buf_printf(&b, "%s:%u:%u: ", clang_getCString(fname), line, col);
        clang_disposeString(fname);
      } else {
        rc = ld_buf_printf(&b, "%s: ", input_path);
      }
      if (!rc)
        rc = ld_buf_puts(&b, clang_getCString(msg));
      clang_disposeString(msg);
      clang_disposeDiagnostic(d);
      break;
    }
    clang_disposeDiagnostic(d);
  }
  if (rc || !b.data) {
    ld_buf_free(&b);
    return NULL;
  }
  return ld_buf_detach(&b);
}

static int has_errors(CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  unsigned i;
  int found = 0;

  for (i = 0; i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  return found;
}

int ld__parse(const struct ld_translate_opts *opts, struct ld_plan *plan,
              char **error) {
  struct analysis an;
  CXIndex index = NULL;
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err;
  char **argv = NULL;
  int argc = 0;
  size_t i;
  int rc;

  memset(&an, 0, sizeof an);
  rc = ld__clang_args(opts, &argv, &argc);
  if (rc)
    goto out;
  index = clang_createIndex(0, 0);
  if (!index) {
    rc = LD_ENOMEM;
    goto out;
  }
  {
    struct CXUnsavedFile prelude;
    prelude.Filename = LD_CLANG_PRELUDE_PATH;
    prelude.Contents = LD_CLANG_PRELUDE;
    prelude.Length = sizeof LD_CLANG_PRELUDE - 1;
    err = clang_parseTranslationUnit2(
        index, opts->input_path, (const char *const *)argv, argc, &prelude, 1,
        CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  }
  if (err != CXError_Success || !tu) {
    rc = LD_EPARSE;
    goto out;
  }
  if (has_errors(tu)) {
    *error = first_error(tu, opts->input_path);
    rc = LD_EPARSE;
    goto out;
  }
  an.tu = tu;
  an.main_file = clang_getFile(tu, opts->input_path);
  an.plan = plan;
  an.src =
      an.main_file ? clang_getFileContents(tu, an.main_file, &an.srclen) : NULL;
  if (!an.src) {
    rc = LD_EIO;
    goto out;
  }
  clang_visitChildren(clang_getTranslationUnitCursor(tu), decls_cb, &an);
  for (i = 0; i < an.nfns && !an.rc; i++)
    walk_fn(&an, i);
  rc = an.rc ? an.rc : build_plan(&an);
  if (!rc) {
    struct ld__source source;
    source.tu = tu;
    source.main_file = an.main_file;
    source.src = an.src;
    source.len = an.srclen;
    source.macros = an.macros;
    source.nmacros = an.nmacros;
    size_t nits = 0;
    /* Warp-synchronous kernels get the inline checks in the original
     * kernel and no replay clone (docs/inline-checks.md): the clone would
     * run instead of the checked original. */
    /* Deterministic mode orders memory instead of checking it: no inline
     * checks (docs/deterministic.md). */
    for (i = 0; i < an.nfns && !rc && !plan->deterministic; i++) {
      struct ld_kernel *k;
      if (!an.fns[i].is_kernel)
        continue;
      k = &plan->kernels[an.fns[i].kernel];
      rc = ld__warp_analyse(&source, an.fns[i].cur, k, &nits);
      if (!rc && k->warp && !k->warp->skip)
        an.fns[i].wants_clone = 0;
    }
    for (i = 0; i < an.nfns && !rc; i++)
      if (an.fns[i].kernel != NONE)
        rc = default_cuts(&source, an.fns[i].cur,
                          &plan->kernels[an.fns[i].kernel]);
    for (i = 0; i < an.nfns && !rc; i++)
      if (an.fns[i].wants_clone)
        rc = ld__replay_analyse(&source, an.fns[i].cur,
                                &plan->kernels[an.fns[i].kernel]);
    for (i = 0; i < an.nfns && !rc; i++)
      if (an.fns[i].kernel != NONE)
        rc = global_analyse(&an, &source, i);
  }
out:
  analysis_free(&an);
  if (tu)
    clang_disposeTranslationUnit(tu);
  if (index)
    clang_disposeIndex(index);
  free(argv);
  return rc;
}
