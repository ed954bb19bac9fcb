/* Pass 2 of the analyse step: the walk of each main-file function body.
 * It records barriers, calls between main-file functions, inline assembly,
 * launches (recognised by launches.c), the uses the check across blocks
 * cannot repeat, a deterministic build's accumulating atomics, and every
 * reference to a shared variable, a __device__ variable or a kernel's
 * pointer parameter, classified as a possible write or a read (see
 * classify_use).  The analysis is syntactic and conservative: a use it
 * cannot see through counts as a write.  It writes no plan (kernels.c
 * does).  Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_analyse.h"
#include "ld_bodies.h"
#include "ld_error.h"
#include "ld_kernels.h"
#include "ld_launches.h"
#include "ld_writes.h"

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
    if (ld__operator_is(op, "operator[]") && (int)arg->index == object_index)
      return USE_LVALUE;
    return USE_READ;
  }
  if ((ld__name_starts(call, "atomic") || ld__name_starts(call, "__atomic")) &&
      !ld__user_function(clang_getCursorReferenced(call)))
    return USE_WRITTEN;
  nargs = clang_Cursor_getNumArguments(call);
  /* A template's construction `BR(temp)` (an unresolved construct) shows
   * no arguments: an operand that is not the callee may be written. */
  if (nargs < 0)
    return arg->index == 0 && clang_getCursorKind(arg->cur) != CXCursor_TypeRef
               ? USE_READ
               : USE_WRITTEN;
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
  return ld__writable_indirection(clang_getCursorType(
             clang_Cursor_getArgument(decl, (unsigned)argi))) &&
                 !ld__reads_only(arg->an, decl, argi)
             ? USE_WRITTEN
             : USE_READ;
}

/* A dependent type, or an `auto` a dependent initialiser leaves
 * undeduced. */
static int dependent_type(CXType t) {
  CXType c = clang_getCanonicalType(t);

  return c.kind == CXType_Dependent || c.kind == CXType_Auto ||
         t.kind == CXType_Auto || c.kind == CXType_Unexposed;
}

/* A template's dependent operator call p (overloads of + or * in scope)
 * on f, which points into the target: `f + i` still points into it
 * (USE_POINTER, f the pointer side of ld__pointer_sum), `*f` is its memory
 * (USE_LVALUE); USE_READ for any other call. */
static enum use operator_use(const struct frame *f, const struct frame *p) {
  CXCursor x, y;
  CXSourceRange at = clang_getCursorExtent(ld__unwrap(f->cur));

  if (ld__dependent_sum(p->cur, &x, &y) && ld__pointer_sum(p->cur, &x, &y))
    return clang_equalRanges(clang_getCursorExtent(ld__unwrap(x)), at)
               ? USE_POINTER
               : USE_READ;
  if (ld__dependent_deref(p->cur, &x) &&
      clang_equalRanges(clang_getCursorExtent(ld__unwrap(x)), at))
    return USE_LVALUE;
  return USE_READ;
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
        return u == USE_POINTER && ld__writable_indirection(pt) ? USE_WRITTEN
                                                                : USE_READ;
      case CXBinaryOperator_Add:
      case CXBinaryOperator_Sub:
        /* A template's `p + i` with p a `T *` has a dependent type: still
         * a pointer into the target. */
        if (u != USE_POINTER ||
            (!ld__is_pointer(pt) &&
             clang_getCanonicalType(pt).kind != CXType_Dependent))
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
      if (u != USE_POINTER || operator_use(f, p) == USE_READ)
        return use_in_call(f, u);
      u = operator_use(f, p);
      break;
    case CXCursor_VarDecl:
      /* Initialising a pointer or reference that allows writes (a
       * template's `auto q = p + i`, of a dependent type, may). */
      return ld__writable_indirection(pt) ||
                     (u == USE_POINTER && dependent_type(pt))
                 ? USE_WRITTEN
                 : USE_READ;
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

  if (!ld__main_pos(&an->s, clang_getRangeStart(clang_getCursorExtent(call)),
                    &pos))
    return;
  if (PUSH(an, an->barriers, an->nbarriers, an->capbarriers))
    return;
  b = &an->barriers[an->nbarriers++];
  b->fn = an->cur_fn;
  b->form = form;
  b->at = pos;
  b->end =
      ld__main_pos(&an->s, clang_getRangeEnd(clang_getCursorExtent(call)), &pos)
          ? pos.offset
          : 0;
  b->in_macro = ld__in_macro(&an->s, b->at.offset);
}

/* A call of a member function (an operator, a conversion) of a class of
 * libcu++'s atomics: `cuda::atomic`, `cuda::atomic_ref`, their
 * `cuda::std::` forms, and the `__atomic*` bases that define them. */
static int libcu_atomic_member(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call), cls;
  enum CXCursorKind k = clang_getCursorKind(callee);
  CXString sp;
  int hit;

  if (k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction) {
    CXCursor obj; /* a template's dependent call (ld__libcu_atomic) */
    int lvalue, scope, order;
    return ld__libcu_atomic(call, &obj, &lvalue, &scope, &order);
  }
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
  CXString s;
  const char *name, *why = NULL;
  size_t i;

  /* A user's function (`atomicAggInc`): its body is walked as any. */
  if (ld__user_function(clang_getCursorReferenced(call)))
    return NULL;
  s = ld__call_name(call);
  name = clang_getCString(s);

  /* A member of libcu++'s atomics (`c->fetch_add(1)`, `++c`, `int v = c`
   * on a cuda::atomic, cuda::std::atomic_ref...): defined in classes named
   * atomic* or __atomic*. */
  if (libcu_atomic_member(call) || ld__libcu_dependent(call)) {
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
/* A function of cooperative groups that never waits for other threads:
 * the groups' handles and their queries, and the warp-level collectives
 * of a tile (a block's `sync()` is a barrier form of its own,
 * ld__barrier_form).  Any other of their functions may hide a barrier. */
static int cg_plain(CXCursor decl) {
  static const char *const plain[] = {"this_thread_block",
                                      "this_grid",
                                      "thread_block",
                                      "thread_group",
                                      "grid_group",
                                      "thread_block_tile",
                                      "thread_rank",
                                      "size",
                                      "num_threads",
                                      "group_index",
                                      "thread_index",
                                      "dim_threads",
                                      "group_dim",
                                      "block_index",
                                      "block_rank",
                                      "dim_blocks",
                                      "num_blocks",
                                      "meta_group_rank",
                                      "meta_group_size",
                                      "is_valid",
                                      "get_type",
                                      "shfl",
                                      "shfl_down",
                                      "shfl_up",
                                      "shfl_xor",
                                      "any",
                                      "all",
                                      "ballot",
                                      "match_any",
                                      "match_all",
                                      "__static_size_tile_base",
                                      "__static_size_thread_block_tile_base",
                                      "thread_block_tile_base",
                                      "__single_warp_thread_block_tile"};
  size_t i;

  for (i = 0; i < sizeof plain / sizeof plain[0]; i++)
    if (ld__name_is(decl, plain[i]))
      return 1;
  return 0;
}

static int may_hide_barrier(CXCursor decl) {
  CXSourceLocation loc = clang_getCursorLocation(decl);
  CXFile file;
  CXString name;
  int hides;

  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  /* A defaulted (or implicit) copy, move or assignment runs no code of
   * the user's: `Params p = params;`. */
  if ((clang_getCursorKind(decl) == CXCursor_Constructor ||
       clang_getCursorKind(decl) == CXCursor_CXXMethod ||
       clang_getCursorKind(decl) == CXCursor_Destructor) &&
      clang_CXXMethod_isDefaulted(decl))
    return 0;
  /* A compiler builtin (`INFINITY` is `__builtin_huge_valf()`), declared
   * where it is first used. */
  if (ld__name_starts(decl, "__builtin"))
    return 0;
  if (!clang_Location_isInSystemHeader(loc)) {
    /* The parser's prelude declares nvcc's cache-hint loads and stores and
     * atomic builtins (ld_analyse.h): no barrier in them. */
    name = clang_getFileName(file);
    hides = !clang_getCString(name) ||
            strcmp(clang_getCString(name), LD_CLANG_PRELUDE_PATH);
    clang_disposeString(name);
    return hides;
  }
  if (!file)
    return 0;
  name = clang_getFileName(file);
  hides = clang_getCString(name) &&
          (strstr(clang_getCString(name), "/cub/") ||
           strstr(clang_getCString(name), "cooperative_groups"));
  clang_disposeString(name);
  return hides && !cg_plain(decl);
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

/* A type whose atomicAdd the merge orders: an integer of 32 or 64 bits
 * (1: merged as deltas) or a float or double (2: its additions logged and
 * summed in thread order, docs/deterministic-global.md). */
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
  case CXType_Float:
  case CXType_Double:
    return 2;
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
#define REASON_D_TYPE                                                          \
  "atomic on a type other than a 32- or 64-bit integer, float or double"
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
  int kind;
  CXString name = ld__call_name(f->cur);
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
    kind = accumulable(t);
    if (!kind || (kind == 2 && sub))
      return REASON_D_TYPE;
  }
  if (!fn->is_kernel)
    return REASON_D_CALLEE;
  if (!ld__nth_child(f->cur, 0, &callee) ||
      !ld__main_span(&an->s, ld__unwrap(callee), &b, &e) ||
      !ld__main_span(&an->s, clang_Cursor_getArgument(f->cur, 0), &ab, &ae) ||
      ld__in_macro(&an->s, b) || ld__in_macro(&an->s, ab))
    return REASON_D_MACRO;
  for (open = e; open < ab && an->s.src[open] != '('; open++)
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
  a->fp = kind == 2;
  return NULL;
}

#define REASON_D_PRINTF_CALLEE "printf inside a device function"
#define REASON_D_PRINTF_MACRO "printf inside a macro expansion"

/* A printf in a deterministic build: in the kernel's own body the clone
 * logs its line and the runtime prints the lines in unit order
 * (docs/deterministic-global.md, "printf"); elsewhere its lines would come
 * in the order the threads ran. */
static const char *det_print(struct analysis *an, const struct frame *f) {
  struct fn *fn = &an->fns[an->cur_fn];
  CXCursor callee;
  size_t b, e, open;

  if (!fn->is_kernel)
    return REASON_D_PRINTF_CALLEE;
  /* (`printf`, `std::printf`, `::printf`: the name is replaced whole) */
  if (!ld__nth_child(f->cur, 0, &callee) ||
      !ld__main_span(&an->s, ld__unwrap(callee), &b, &e) ||
      ld__in_macro(&an->s, b) || e - b < strlen("printf") ||
      strncmp(an->s.src + e - strlen("printf"), "printf", strlen("printf")))
    return REASON_D_PRINTF_MACRO;
  for (open = e; open < an->s.len && an->s.src[open] != '('; open++)
    if (an->s.src[open] != ' ' && an->s.src[open] != '\t')
      return REASON_D_PRINTF_MACRO;
  if (open >= an->s.len)
    return REASON_D_PRINTF_MACRO;
  if (PUSH(an, fn->prints, fn->nprints, fn->capprints))
    return NULL;
  fn->prints[fn->nprints].name_begin = b;
  fn->prints[fn->nprints++].args_open = open;
  return NULL;
}

/* What keeps a deterministic build from cloning the kernel, by call: one
 * pass prints once (in unit order, det_print) and a clock read only
 * changes values the unit computes; accumulating atomics are merged. */
static const char *det_use_of(struct analysis *an, const struct frame *f) {
  const char *use = global_use_of(f->cur);

  if (use && !strcmp(use, REASON_G_PRINTF))
    return det_print(an, f);
  if (use && !strcmp(use, REASON_G_CLOCK))
    return NULL;
  if (use && !strcmp(use, REASON_G_ATOMIC))
    return accumulate(an, f);
  return use;
}

/* Whether function fi is an atomic helper (atomic_helpers.c), whose
 * atomics the direct run claims at its calls in the kernel: 2 when it
 * synchronises (an atomic or a fence), 1 when it only reads or stores
 * `*p` of its parameters. */
static int is_atomic_helper(struct analysis *an, size_t fi) {
  struct ld__atomic_helper h;

  if (!an->fns[fi].atomic_helper)
    an->fns[fi].atomic_helper = !ld__atomic_helper(an->fns[fi].cur, &h) ? -1
                                : h.params || h.fence                   ? 2
                                                                        : 1;
  return an->fns[fi].atomic_helper > 0 ? an->fns[fi].atomic_helper : 0;
}

/* A device function that is no method (`__device__ void f(...)`, a
 * template of one): the direct run can clone it, its accesses through
 * pointers claimed by address (global_facts.c, take_devcall); a call it
 * cannot clone keeps the kernel from the run when the function has
 * atomics. */
static int free_device_fn(CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(fn));

  return (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) &&
         (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace ||
          pk == CXCursor_LinkageSpec) &&
         ld__has_child_kind(fn, CXCursor_CUDADeviceAttr) &&
         !ld__has_child_kind(fn, CXCursor_CUDAGlobalAttr);
}

/* Whether the direct one run (docs/global-check.md) can take a use of
 * global_use_of's: printf and clocks anywhere; a fence, and an atomic
 * function `atomic*` (not a builtin), in a kernel's own body or an atomic
 * helper's, an atomic also in any free device function (cloned); a call on a
 * libcu++ atomic object in a kernel's own body, where the clone can record the
 * fence's release and acquire and claim the atomic's address (at the helper's
 * call; a fence it cannot see would leave an order unseen, and its clashes
 * would be reported as races). */
static int direct_use(struct analysis *an, const struct frame *f,
                      const char *use) {
  CXString s;
  int plain;

  if (!strcmp(use, REASON_G_PRINTF) || !strcmp(use, REASON_G_CLOCK))
    return 1;
  if (!strcmp(use, REASON_G_FENCE))
    return an->fns[an->cur_fn].is_kernel || is_atomic_helper(an, an->cur_fn);
  if (strcmp(use, REASON_G_ATOMIC))
    return 0;
  if (libcu_atomic_member(f->cur)) {
    /* A libcu++ atomic object's call in the kernel's own body: claimed
     * through its object (global_facts.c); an atomic_ref's also in an
     * atomic helper or a free device function (cloned), claimed where the
     * reference is made. */
    CXCursor obj;
    int lvalue, scope, order;
    if (ld__libcu_ref_member(f->cur, &obj, &scope, &order))
      return an->fns[an->cur_fn].is_kernel ||
             is_atomic_helper(an, an->cur_fn) ||
             free_device_fn(an->fns[an->cur_fn].cur);
    /* An atomic object's call in an atomic helper too: a parameter viewed
     * as one (`((cuda::atomic<T> *)p)->load(o)`), claimed at its call. */
    return (an->fns[an->cur_fn].is_kernel ||
            is_atomic_helper(an, an->cur_fn)) &&
           ld__libcu_atomic(f->cur, &obj, &lvalue, &scope, &order);
  }
  if (!an->fns[an->cur_fn].is_kernel && !is_atomic_helper(an, an->cur_fn) &&
      !free_device_fn(an->fns[an->cur_fn].cur))
    return 0;
  s = ld__call_name(f->cur);
  plain = !strncmp(clang_getCString(s), "atomic", 6);
  clang_disposeString(s);
  return plain;
}

/* The function of the file a launch's callee ref names: an explicit
 * specialization by its own definition, an instance of a template by the
 * template's; *unresolved when ref is no one function. */
static size_t launched_fn(const struct analysis *an, CXCursor ref,
                          int *unresolved) {
  CXCursor def;
  size_t fi;

  *unresolved = clang_getCursorKind(ref) != CXCursor_FunctionDecl;
  /* A template's launch of a template kernel with a dependent argument
   * (`for_each_kernel<<<b, t>>>(n, f)` in `template <class F> void
   * for_each(int n, F f)`) names an overload set: its one kernel. */
  if (clang_getCursorKind(ref) == CXCursor_OverloadedDeclRef &&
      clang_getNumOverloadedDecls(ref) == 1)
    ref = clang_getOverloadedDecl(ref, 0);
  def = clang_getCursorDefinition(ref);
  fi = clang_Cursor_isNull(def) ? NONE : ld__find_fn(an, def);
  return fi != NONE ? fi : ld__find_fn(an, ld__definition_of(ref));
}

/* The kernel a `<<<>>>` launch names, and which of its arguments may hold
 * a pointer (a template kernel's functor or lambda parameter is judged by
 * them, writes.c): by type, and any argument of a type not known here. */
static void launch_args(struct analysis *an, struct launch *l, CXCursor name,
                        CXCursor call) {
  int i, n = clang_Cursor_getNumArguments(call);

  l->fn = launched_fn(an, clang_getCursorReferenced(name), &l->unresolved);
  l->call = call;
  l->arg_ptr = n < 0 ? ~(uint64_t)0 : 0;
  for (i = 0; i < n && i < 64; i++) {
    CXType t = clang_getCanonicalType(
        clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)));
    if (t.kind == CXType_Unexposed || t.kind == CXType_Invalid ||
        ld__holds_pointer(t, 0))
      l->arg_ptr |= (uint64_t)1 << i;
  }
}

/* A sync the replay cannot model: a kernel's own grid.sync() is left to
 * the check across blocks' direct run, which splits the launch into
 * regions there (a deterministic build still refuses it: issue 26); any
 * other leaves the kernel unchecked. */
static void note_sync(struct analysis *an, CXCursor call, const char *why) {
  struct fn *fn = &an->fns[an->cur_fn];

  if (fn->is_kernel && !an->plan->deterministic &&
      ld__grid_sync(call, NULL) == 1) {
    fn->grid_syncs++;
    if (!fn->global_use)
      fn->global_use = REASON_G_GRID_SYNC;
    return;
  }
  /* A kernel's own cluster sync: its shared memory is not replayed, its
   * global memory not checked across blocks; the inline checks of
   * distributed shared memory may take it (warp_facts.c). */
  if (fn->is_kernel && !an->plan->deterministic && ld__cluster_sync(call)) {
    fn->cluster_syncs++;
    if (!fn->global_use)
      fn->global_use = REASON_G_CLUSTER_SYNC;
    if (!fn->global_hard)
      fn->global_hard = REASON_G_CLUSTER_SYNC;
    return;
  }
  fn->unsupported = why;
}

/* Whether fn is a constructor or conversion of class cls (a class, a class
 * template, or a specialization of the template cls). */
static int entry_of_class(CXCursor fn, CXCursor cls) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  CXCursor p, t;

  if (k == CXCursor_FunctionTemplate)
    k = clang_getTemplateCursorKind(fn);
  if (k != CXCursor_Constructor && k != CXCursor_ConversionFunction)
    return 0;
  p = clang_getCursorSemanticParent(fn);
  if (clang_equalCursors(clang_getCanonicalCursor(p), cls))
    return 1;
  t = clang_getSpecializedCursorTemplate(p);
  return !clang_Cursor_isNull(t) &&
         clang_equalCursors(clang_getCanonicalCursor(t), cls);
}

/* Whether fn is a method of class cls (or of a specialization of the
 * template cls). */
static int method_of_class(CXCursor fn, CXCursor cls) {
  CXCursor p = clang_getCursorSemanticParent(fn), t;

  if (clang_equalCursors(clang_getCanonicalCursor(p), cls))
    return 1;
  t = clang_getSpecializedCursorTemplate(p);
  return !clang_Cursor_isNull(t) &&
         clang_equalCursors(clang_getCanonicalCursor(t), cls);
}

static void add_class_entries(struct analysis *an, CXCursor cls) {
  size_t i;

  if (clang_Cursor_isNull(cls))
    return;
  cls = clang_getCanonicalCursor(cls);
  for (i = 0; i < an->nfns; i++)
    if (entry_of_class(an->fns[i].cur, cls))
      add_callee(an, i);
}

/* Whether the call at f is an integer atomic that commutes (add, sub, min,
 * max, and, or, xor; the same result in any order, unlike a float sum's
 * rounding or an exchange's last writer) on shared memory
 * (ld__shared_address) whose result is not used: it touches no global
 * memory, and each launch of the global clone starts from fresh shared
 * memory, so running it again in a second pass changes nothing the check
 * across blocks sees. */
static int shared_atomic(const struct frame *f) {
  static const char *const ops[] = {"atomicAdd", "atomicSub", "atomicMin",
                                    "atomicMax", "atomicAnd", "atomicOr",
                                    "atomicXor"};
  const struct frame *p = f->parent;
  CXString s = ld__call_name(f->cur);
  const char *n = clang_getCString(s);
  size_t i, len = 0;
  CXType t;

  for (i = 0; i < sizeof ops / sizeof ops[0] && !len; i++) {
    size_t k = strlen(ops[i]);
    if (!strncmp(n, ops[i], k) &&
        (!n[k] || !strcmp(n + k, "_block") || !strcmp(n + k, "_system")))
      len = k;
  }
  clang_disposeString(s);
  if (!len || libcu_atomic_member(f->cur) ||
      clang_Cursor_getNumArguments(f->cur) < 1)
    return 0;
  t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(
      clang_getCursorType(ld__unwrap(clang_Cursor_getArgument(f->cur, 0))))));
  if (t.kind < CXType_Char_U || t.kind > CXType_Int128 ||
      t.kind == CXType_WChar)
    return 0;
  while (p &&
         (p->kind == CXCursor_ParenExpr || p->kind == CXCursor_UnexposedExpr))
    p = p->parent;
  if (p && p->kind != CXCursor_CompoundStmt && p->kind != CXCursor_IfStmt &&
      p->kind != CXCursor_ForStmt && p->kind != CXCursor_WhileStmt &&
      p->kind != CXCursor_DoStmt)
    return 0; /* its value is used */
  return ld__shared_address(clang_Cursor_getArgument(f->cur, 0));
}

/* `k<<<...>>>(...)` (f): a launch of the plan.  One from device code: the
 * child grid runs the original kernel, whose writes no check sees, so the
 * direct run cannot take the launching kernel either (it would call the
 * launch checked).  Returns whether f is one. */
static int visit_chevron(struct analysis *an, const struct frame *f) {
  struct fn *fn = &an->fns[an->cur_fn];
  CXCursor callee, name;
  size_t before = an->nlaunches;

  if (!ld__is_triple_chevron(f->cur))
    return 0;
  if (!fn->global_use)
    fn->global_use = REASON_G_LAUNCH;
  if (!fn->global_hard)
    fn->global_hard = REASON_G_LAUNCH;
  if (!ld__nth_child(f->cur, 0, &callee))
    return 0;
  name = ld__callee_ref(callee);
  ld__add_launch(an, name, name, f->cur, 0);
  if (an->nlaunches == before)
    return 1;
  launch_args(an, &an->launches[before], name, f->cur);
  if (!an->rc)
    an->rc = ld__launch_text(an, f->cur, ld__unwrap(callee), name,
                             &an->launches[before].text);
  /* (an->fns may have moved: fn is not used past ld__add_launch.) */
  an->launches[before].text.in_device =
      an->fns[an->cur_fn].is_kernel || an->fns[an->cur_fn].is_device;
  return 1;
}

static void visit_call(struct analysis *an, const struct frame *f) {
  CXCursor ref = clang_getCursorReferenced(f->cur);
  CXCursor callee, obj;
  const char *form, *use, *unsupported = NULL;
  unsigned i, n;
  int scope, order;

  use = an->plan->deterministic ? det_use_of(an, f) : global_use_of(f->cur);
  if (use && !an->plan->deterministic && !strcmp(use, REASON_G_ATOMIC) &&
      shared_atomic(f))
    use = NULL; /* shared memory only: no use of the check across blocks */
  if (use && !an->fns[an->cur_fn].global_use)
    an->fns[an->cur_fn].global_use = use;
  if (use && !an->fns[an->cur_fn].global_hard && !direct_use(an, f, use))
    an->fns[an->cur_fn].global_hard = use;
  /* An atomic helper's atomics are claimed at its calls in a kernel (or in
   * another helper): called from any other function they would go unseen. */
  if (!use && !an->fns[an->cur_fn].global_hard &&
      !an->fns[an->cur_fn].is_kernel && !clang_Cursor_isNull(ref)) {
    size_t ci = ld__find_fn(an, ld__definition_of(ref));
    if (ci != NONE && is_atomic_helper(an, ci) == 2 &&
        !is_atomic_helper(an, an->cur_fn) &&
        !free_device_fn(an->fns[an->cur_fn].cur))
      an->fns[an->cur_fn].global_hard = REASON_G_ATOMIC;
  }
  if (!an->fns[an->cur_fn].is_kernel && !an->fns[an->cur_fn].is_device)
    ld__add_alloc_site(an, f->cur);
  if (visit_chevron(an, f))
    return;
  if (!clang_Cursor_isNull(ref) && ld__name_is(ref, "cudaLaunchKernel") &&
      clang_Cursor_getNumArguments(f->cur) > 0) {
    CXCursor arg = ld__callee_ref(clang_Cursor_getArgument(f->cur, 0));
    size_t before = an->nlaunches;
    ld__add_launch(an, arg, f->cur, f->cur, 1);
    if (an->nlaunches > before) {
      struct ld_launch *t = &an->launches[before].text;
      an->launches[before].fn = launched_fn(an, clang_getCursorReferenced(arg),
                                            &an->launches[before].unresolved);
      an->launches[before].arg_ptr = ~(uint64_t)0; /* void *args[] */
      int in_device =
          an->fns[an->cur_fn].is_kernel || an->fns[an->cur_fn].is_device;
      if (!in_device && !an->rc)
        an->rc = ld__api_launch_text(an, f->cur, arg,
                                     clang_getCursorReferenced(arg), t);
      t->in_device = in_device;
    }
    return;
  }
  form = ld__barrier_form(f->cur, &unsupported);
  if (unsupported)
    note_sync(an, f->cur, unsupported);
  if (form) {
    add_barrier(an, f->cur, form);
    return;
  }
  if (!use || (!strcmp(use, REASON_G_ATOMIC) &&
               ld__libcu_ref_member(f->cur, &obj, &scope, &order)))
    ld__check_call(an, f->cur); /* (an atomic_ref's: where it was made) */
  else if (!strcmp(use, REASON_G_ATOMIC))
    ld__check_atomic(an, f->cur);
  else if (!strcmp(use, REASON_G_SURFACE) && ld__name_contains(f->cur, "write"))
    ld__note_unseen(an, "writes a surface (%s)", f->cur);
  if (!clang_Cursor_isNull(ref)) {
    size_t fi = ld__find_fn(an, ld__definition_of(ref));
    if (fi == NONE && may_hide_barrier(ld__definition_of(ref)))
      an->fns[an->cur_fn].calls_unseen = 1;
    add_callee(an, fi);
    return;
  }
  /* Unresolved (dependent) call: every candidate in the main file. */
  if (ld__nth_child(f->cur, 0, &callee)) {
    callee = ld__unwrap(callee);
    /* `f<T>(...)`: a DeclRefExpr whose referenced cursor is the overload
     * set (an UnresolvedLookupExpr with template arguments). */
    if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(callee)) ==
            CXCursor_OverloadedDeclRef)
      callee = clang_getCursorReferenced(callee);
    if (clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef) {
      n = clang_getNumOverloadedDecls(callee);
      for (i = 0; i < n; i++)
        add_callee(
            an, ld__find_fn(
                    an, ld__definition_of(clang_getOverloadedDecl(callee, i))));
    } else if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
      /* `obj.f()` with obj of a class of the file whose type depends on
       * the template: every method f of the class and its
       * specializations. */
      char name[128];
      CXCursor cls;
      if (ld__dependent_member(f->cur, &cls, name, sizeof name))
        for (i = 0; i < an->nfns; i++)
          if (ld__name_is(an->fns[i].cur, name) &&
              method_of_class(an->fns[i].cur, cls))
            add_callee(an, i);
    } else if (clang_getCursorKind(callee) == CXCursor_TemplateRef ||
               clang_getCursorKind(callee) == CXCursor_TypeRef) {
      /* `SharedMemory<T>()`: constructing a class of the file in a
       * template, then converting it implicitly (`T *s =
       * SharedMemory<T>();`), which the template's text does not show:
       * every constructor and conversion of the class and of its
       * specializations may run. */
      add_class_entries(an, clang_getCursorReferenced(callee));
    }
  }
}

/* Whether the variable f names is read as a value (an lvalue-to-rvalue
 * conversion, parentheses aside), not stored to or addressed. */
static int value_loaded(const struct frame *f) {
  const struct frame *p = f->parent;

  while (p && p->kind == CXCursor_ParenExpr)
    p = p->parent;
  return p && p->kind == CXCursor_UnexposedExpr &&
         ld__is_pointer(clang_getCursorType(p->cur));
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
  v = ld__find_var(an, decl);
  /* A __device__ variable from a header: written, it must be shifted (or
   * the kernel left unchecked) like one of the main file. */
  if (v == NONE && dk == CXCursor_VarDecl && ld__memory_space(decl, &vk) &&
      vk == VAR_DEVICE && at_file_scope(decl) &&
      !clang_isConstQualifiedType(clang_getCursorType(decl)))
    v = ld__add_var(an, decl, VAR_DEVICE, NONE);
  if (v == NONE)
    return;
  if (an->vars[v].kind == VAR_PARAM && an->vars[v].owner != an->cur_fn)
    return;
  u = classify_use(f, an->vars[v].kind == VAR_PARAM ? USE_POINTER : USE_LVALUE);
  /* A shared or __device__ pointer variable whose value is loaded
   * (`d_buf[i] = x`): the variable is read; what it points to is memory
   * reached through a pointer loaded from memory (writes.c). */
  if (u == USE_WRITTEN && an->vars[v].kind != VAR_PARAM &&
      clang_getCanonicalType(clang_getCursorType(decl)).kind ==
          CXType_Pointer &&
      value_loaded(f))
    u = USE_READ;
  if (!ld__main_pos(&an->s, clang_getCursorLocation(f->cur), &pos))
    return;
  add_ref(an, v, u == USE_WRITTEN,
          u == USE_WRITTEN && !in_accumulated(an, pos.offset),
          ld__in_macro(&an->s, pos.offset));
}

/* A store (`=`, `op=`) or `++`/`--`: where its memory comes from. */
static void visit_store(struct analysis *an, CXCursor c, enum CXCursorKind k) {
  CXCursor lhs;

  if (k == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
    return;
  if (k == CXCursor_UnaryOperator &&
      (clang_getCursorUnaryOperatorKind(c) < CXUnaryOperator_PostInc ||
       clang_getCursorUnaryOperatorKind(c) > CXUnaryOperator_PreDec))
    return;
  if (ld__nth_child(c, 0, &lhs))
    ld__check_store(an, lhs);
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
    if (ld__memory_space(c, &vk) && vk == VAR_SHARED)
      ld__add_var(an, c, vk, an->cur_fn);
    break;
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    /* Register-only assembly (`mov.u32 %0, %%laneid;`) touches nothing
     * the checks follow (ld__asm_pure). */
    if (!ld__asm_pure(c))
      an->fns[an->cur_fn].has_asm = 1;
    break;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
  case CXCursor_UnaryOperator:
    visit_store(an, c, f.kind);
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
  if (clang_getCursorKind(c) == CXCursor_ParmDecl && ld__param_is_pointer(t) &&
      !clang_isConstQualifiedType(ld__param_pointee(t)))
    ld__add_var(an, c, VAR_PARAM, an->cur_fn);
  return an->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The functions in the order their walks run: a function of the file
 * after those it calls (ld__reads_only asks a callee's walk what its
 * pointers write through), else in the file's order; recursion keeps the
 * file's order. */
struct walk_order {
  struct analysis *an;
  unsigned char *state; /* 0 not reached, 1 on the path, 2 placed */
  size_t *order;
  size_t n;
};

static void place_fn(struct walk_order *w, size_t fi);

static enum CXChildVisitResult callees_cb(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  struct walk_order *w = data;
  size_t fi;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    fi = ld__find_fn(w->an, ld__definition_of(clang_getCursorReferenced(c)));
    if (fi != NONE && !w->state[fi])
      place_fn(w, fi);
  }
  return CXChildVisit_Recurse;
}

static void place_fn(struct walk_order *w, size_t fi) {
  w->state[fi] = 1;
  clang_visitChildren(w->an->fns[fi].cur, callees_cb, w);
  w->state[fi] = 2;
  w->order[w->n++] = fi;
}

void ld__walk_fns(struct analysis *an) {
  struct walk_order w;
  size_t i;

  w.an = an;
  w.n = 0;
  w.state = calloc(an->nfns + 1, 1);
  w.order = malloc((an->nfns + 1) * sizeof *w.order);
  if (!w.state || !w.order) {
    an->rc = LD_ENOMEM;
  } else {
    for (i = 0; i < an->nfns; i++)
      if (!w.state[i])
        place_fn(&w, i);
    for (i = 0; i < w.n && !an->rc; i++)
      ld__walk_fn(an, w.order[i]);
  }
  free(w.state);
  free(w.order);
}

void ld__walk_fn(struct analysis *an, size_t fi) {
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
  an->fns[fi].walked = 1;
}
