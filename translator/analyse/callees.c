/* What a device function called from a replayed kernel does, read from
 * its definition: whether it reaches a block barrier, and what keeps it
 * from being cloned (a builtin the replay cannot repeat, a store or sync
 * it cannot see).  The walk (replay_facts.c) decides what to do with it.
 * Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_callees.h"

/* How deep calls are followed into device functions. */
#define MAX_CALL_DEPTH 8
#include "ld_error.h"

/* A CUDA built-in the replay cannot model, by name; NULL when fine. */
static const char *unsupported_builtin(const char *name) {
  static const struct {
    const char *prefix, *why;
  } table[] = {
      {"__shfl", "warp shuffle"},
      {"__ballot", "warp vote"},
      {"__any", "warp vote"},
      {"__all", "warp vote"},
      {"__activemask", "warp vote"},
      {"__match", "warp vote"},
      {"__reduce_", "warp reduction"},
      {"__syncwarp", "__syncwarp"},
      {"__threadfence", "memory fence"},
      {"clock", "clock"},
      {"__globaltimer", "clock"},
      {"__nanosleep", "sleep"},
      {"tiled_partition", "warp-level cooperative group"},
      {"coalesced_threads", "warp-level cooperative group"},
      {"this_grid", "grid-wide synchronisation"},
      {"__barrier_sync", "named barrier"},
      {"__trap", "trap"},
  };
  size_t i;

  for (i = 0; i < sizeof table / sizeof table[0]; i++)
    if (ld__starts(name, table[i].prefix))
      return table[i].why;
  return NULL;
}

/* A warp collective whose lanes are named by its mask (or a tile of a
 * static size): its result does not depend on which lanes happen to be
 * converged. */
static int warp_collective(const char *name) {
  size_t n = strlen(name);

  return !strcmp(name, "__syncwarp") || !strcmp(name, "tiled_partition") ||
         (n > 5 && !strcmp(name + n - 5, "_sync") &&
          (ld__starts(name, "__shfl") || ld__starts(name, "__ballot") ||
           ld__starts(name, "__any") || ld__starts(name, "__all") ||
           ld__starts(name, "__uni") || ld__starts(name, "__match") ||
           ld__starts(name, "__reduce_")));
}

int ld__is_atomic_name(const char *name) {
  return ld__starts(name, "atomic") || ld__starts(name, "__atomic") ||
         ld__starts(name, "__hip_atomic");
}

int ld__cache_hint(const char *name) {
  static const char *const loads[] = {"__ldg",  "__ldcg", "__ldca",
                                      "__ldcs", "__ldlu", "__ldcv"};
  static const char *const stores[] = {"__stcs", "__stcg", "__stwb", "__stwt"};
  size_t i;

  for (i = 0; i < sizeof loads / sizeof loads[0]; i++)
    if (!strcmp(name, loads[i]))
      return 1;
  for (i = 0; i < sizeof stores / sizeof stores[0]; i++)
    if (!strcmp(name, stores[i]))
      return 2;
  return 0;
}

int ld__async_copy_name(const char *name) {
  if (!name)
    return 0;
  if (!strcmp(name, "__pipeline_memcpy_async"))
    return 1;
  if (!strcmp(name, "memcpy_async"))
    return 2;
  return !strcmp(name, "memcpy_async_tx") || ld__starts(name, "cp_async_bulk")
             ? 3
             : 0;
}

/* ---- Device functions ---------------------------------------------------- */

struct purity {
  struct facts *fx;
  const char *why; /* static reason, or NULL */
  CXCursor fn;
  unsigned depth;
  int own_write; /* why is a store or atomic in fn itself */
};

static char *reason_buf; /* last formatted reason of callee_problem */

const char *ld__named_reason(const char *fmt, CXCursor c) {
  struct ld_buf b = LD_BUF_INIT;
  char *name = ld__cursor_name(c);

  free(reason_buf);
  reason_buf = NULL;
  if (name && !ld_buf_printf(&b, fmt, name))
    reason_buf = ld_buf_detach(&b);
  ld_buf_free(&b);
  free(name);
  return reason_buf ? reason_buf : "out of memory";
}

/* Free the last reason ld__named_reason formatted (the walk is done with
 * it). */
void ld__named_reason_free(void) {
  free(reason_buf);
  reason_buf = NULL;
}

/* A class's assignment operator called on memory other than a local
 * (`*reinterpret_cast<float4 *>(address) = val`, `out[i] = make_float2(x,
 * y)`): its operands come first, the operator's name second. */
static int class_store(CXCursor call) {
  CXCursor lv, op;
  const char *w;
  size_t member;

  return ld__nth_child(call, 0, &lv) && !ld__is_operator_ref(lv) &&
         ld__nth_child(call, 1, &op) && ld__is_operator_ref(op) &&
         ld__is_assign_operator(op) &&
         ld__place_of(NULL, lv, &member, &w) != PLACE_LOCAL;
}

static enum CXChildVisitResult purity_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct purity *p = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  const char *why = NULL;
  size_t member;
  int writes = 0;

  (void)parent;
  if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    CXCursor first;
    char *name;
    if (ld__block_barrier(c))
      why = ld__named_reason("barrier in device function %s", p->fn);
    else if (!clang_Cursor_isNull(callee) && (name = ld__cursor_name(callee))) {
      int deeper = 0;
      /* A streaming store (`__stcs(p, v)` in llm.c's store128cs) is a
       * store through p, made in the function's clone (replay_facts.c
       * visit_cache_store); a cache-hint load reads. */
      if (ld__is_atomic_name(name) || ld__cache_hint(name) == 2 ||
          ld__async_copy_name(name))
        writes = 1;
      else if (ld__cache_hint(name) == 1)
        why = NULL; /* a read */
      else if (ld__nth_child(c, 0, &first) && ld__is_operator_ref(first) &&
               ld__is_assign_operator(first))
        writes = 1;
      else if (class_store(c))
        writes = 1;
      else
        why = ld__callee_problem_at(p->fx, callee, p->depth + 1, &deeper);
      /* A callee the replay clones (it writes memory or names a shared
       * variable) is cloned for this function's clone too. */
      if (why && deeper)
        writes = 1;
      free(name);
    } else if (clang_Cursor_isNull(callee)) {
      /* A call with arguments of a template's types: by its name (an
       * atomic, an assigning operator), else each candidate of the file. */
      CXString n = ld__call_name(c);
      CXCursor d = clang_getNullCursor(), op;
      unsigned i, nc;
      if (ld__is_atomic_name(clang_getCString(n)) ||
          ld__cache_hint(clang_getCString(n)) == 2 ||
          ld__async_copy_name(clang_getCString(n)))
        writes = 1;
      else if (ld__cache_hint(clang_getCString(n)) == 1)
        d = clang_getNullCursor(); /* a read */
      else if (ld__nth_child(c, 0, &first) && ld__nth_child(c, 1, &op) &&
               ((ld__is_operator_ref(first) && ld__is_assign_operator(first)) ||
                (ld__is_operator_ref(op) && ld__is_assign_operator(op))))
        writes = 1;
      else if (ld__nth_child(c, 0, &first)) {
        d = ld__unwrap(first);
        if (clang_getCursorKind(d) == CXCursor_DeclRefExpr)
          d = clang_getCursorReferenced(d);
      }
      clang_disposeString(n);
      if (!writes && clang_getCursorKind(d) == CXCursor_OverloadedDeclRef) {
        nc = clang_getNumOverloadedDecls(d);
        for (i = 0; i < nc && !why; i++) {
          int deeper = 0;
          if (!ld__arity_fits(clang_getOverloadedDecl(d, i),
                              clang_Cursor_getNumArguments(c)))
            continue;
          why = ld__callee_problem_at(p->fx, clang_getOverloadedDecl(d, i),
                                      p->depth + 1, &deeper);
          if (why && deeper)
            writes = 1;
        }
      }
    }
  } else if (k == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    CXCursor lv;
    const char *w;
    if (ld__nth_child(c, 0, &lv) &&
        ld__place_of(NULL, lv, &member, &w) != PLACE_LOCAL)
      writes = 1;
  } else if (k == CXCursor_CompoundAssignOperator ||
             (k == CXCursor_UnaryOperator &&
              clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc &&
              clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec)) {
    CXCursor lv;
    const char *w;
    if (ld__nth_child(c, 0, &lv) &&
        ld__place_of(NULL, lv, &member, &w) != PLACE_LOCAL)
      writes = 1;
  } else if (k == CXCursor_GCCAsmStmt && !ld__asm_pure(c)) {
    why = "inline assembly";
  } else if (k == CXCursor_DeclRefExpr) {
    /* A shared variable (its own or the file's) lives in the kernel's
     * layout in the replay: the function is cloned to name it there. */
    CXCursor d = clang_getCursorReferenced(c);
    if (clang_getCursorKind(d) == CXCursor_VarDecl &&
        ld__has_child_kind(d, CXCursor_CUDASharedAttr))
      writes = 1;
  }
  if (writes) {
    why = ld__named_reason("device function %s writes memory", p->fn);
    p->own_write = 1;
  }
  if (why) {
    p->why = why;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Why a call to callee cannot stay in the clone, or NULL when it can.
 * *own_write (when not NULL) says whether the reason is a store or an
 * atomic in callee's own body. */
const char *ld__callee_problem_at(struct facts *fx, CXCursor callee,
                                  unsigned depth, int *own_write) {
  CXCursor def = ld__definition_of(callee);
  CXSourceLocation loc = clang_getCursorLocation(def);
  CXFile file;
  const char *why;
  char *name;
  struct purity p;

  name = ld__cursor_name(callee);
  why = name ? unsupported_builtin(name) : NULL;
  /* The replay runs each warp as a unit, so a collective with an explicit
   * mask gives the same result in both passes (docs/inline-checks.md,
   * "With the replay"): taken in a warp-synchronous kernel whose inline
   * checks go with the replay, and in a kernel with no warp rule at all
   * (`tile32.shfl_down` reductions exchange registers, not memory).
   * `__activemask()` (tutorials' `mask = __activemask();
   * __shfl_down_sync(mask, v, o)`) names the lanes converged where it is
   * called, which the clone's two passes run alike (their control flow is
   * the original's; a race that changes it is reported either way). */
  if (why && fx && fx->top && fx->top->k && !fx->top->k->det_build &&
      (!fx->top->k->warp || ld__warp_with_replay(fx->top->k->warp)) &&
      (warp_collective(name) || !strcmp(name, "__activemask")))
    why = NULL;
  free(name);
  if (why)
    return why;
  clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
  if (clang_Location_isInSystemHeader(loc))
    return NULL;
  /* A compiler builtin (`INFINITY` is `__builtin_inff()`) is declared where
   * it is first used, with no body: it computes a value, nothing else. */
  if (ld__name_starts(callee, "__builtin_"))
    return NULL;
  /* A body libclang has seen (this file or a user header) is checked like
   * the kernel's own code; without one nothing is known. */
  if (file) {
    /* A constructor without a body is the compiler's (`Plus()`): it writes
     * only the object it makes. */
    if (!clang_isCursorDefinition(def) &&
        clang_getCursorKind(def) == CXCursor_Constructor)
      return NULL;
    if (!clang_isCursorDefinition(def))
      return ld__named_reason("call to %s defined elsewhere", callee);
    if (depth >= MAX_CALL_DEPTH)
      return "calls nested too deeply";
    p.fx = fx;
    p.why = NULL;
    p.fn = def;
    p.depth = depth;
    p.own_write = 0;
    clang_visitChildren(def, purity_cb, &p);
    if (own_write)
      *own_write = p.own_write;
    return p.why;
  }
  return ld__named_reason("call to %s defined elsewhere", callee);
}

const char *ld__callee_problem(struct facts *fx, CXCursor callee,
                               unsigned depth) {
  return ld__callee_problem_at(fx, callee, depth, NULL);
}

/* Barriers (and, with atomics set, atomics) anywhere a callee reaches: its
 * body and the user's functions it calls, resolved or a template's
 * candidates that can take the call. */
struct reach {
  unsigned depth;
  int atomics;
  int found;
};

static int reaches(CXCursor callee, unsigned depth, int atomics);

static enum CXChildVisitResult reach_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct reach *r = data;
  CXCursor ref, first, d;
  CXString n;
  unsigned i, nc;

  (void)parent;
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return CXChildVisit_Recurse;
  n = ld__call_name(c);
  r->found = ld__block_barrier(c) != NULL ||
             (r->atomics && ld__is_atomic_name(clang_getCString(n)));
  clang_disposeString(n);
  ref = clang_getCursorReferenced(c);
  if (!r->found && !clang_Cursor_isNull(ref)) {
    d = clang_getSpecializedCursorTemplate(ref);
    r->found =
        reaches(clang_Cursor_isNull(d) ? ref : d, r->depth + 1, r->atomics);
  } else if (!r->found && ld__nth_child(c, 0, &first)) {
    d = ld__unwrap(first);
    if (clang_getCursorKind(d) == CXCursor_DeclRefExpr)
      d = clang_getCursorReferenced(d);
    if (clang_getCursorKind(d) == CXCursor_OverloadedDeclRef) {
      nc = clang_getNumOverloadedDecls(d);
      for (i = 0; i < nc && !r->found; i++)
        r->found =
            ld__arity_fits(clang_getOverloadedDecl(d, i),
                           clang_Cursor_getNumArguments(c)) &&
            reaches(clang_getOverloadedDecl(d, i), r->depth + 1, r->atomics);
    } else if (clang_getCursorKind(d) == CXCursor_FunctionTemplate) {
      r->found = reaches(d, r->depth + 1, r->atomics);
    }
  }
  return r->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int reaches(CXCursor callee, unsigned depth, int atomics) {
  struct reach r;
  CXCursor def;

  if (clang_Cursor_isNull(callee))
    return 0;
  def = ld__definition_of(callee);
  if (clang_Cursor_isNull(def) || !clang_isCursorDefinition(def) ||
      clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
    return 0;
  if (depth >= MAX_CALL_DEPTH)
    return atomics; /* too deep to tell: assume the worst for atomics */
  r.depth = depth;
  r.atomics = atomics;
  r.found = 0;
  clang_visitChildren(def, reach_cb, &r);
  return r.found;
}

const char *ld__dependent_callee_problem(struct facts *fx, CXCursor callee) {
  int own = 0;
  const char *why;

  if (reaches(callee, 0, 1))
    return ld__named_reason(
        "barrier or atomic in device function %s, called with a template's "
        "arguments",
        callee);
  why = ld__callee_problem_at(fx, callee, 0, &own);
  return why && !own ? why : NULL;
}

/* Whether callee is a function whose body (main file or a user header)
 * reaches a barrier call, in itself or in a user function it calls (the
 * clone of a device function with barriers calls the clones of those it
 * reaches them through: docs/shared-replay.md section 7). */
int ld__has_barrier(CXCursor callee) {
  return reaches(callee, 0, 0);
}

/* ld__fn_may_write: a store or `++`/`--` to anything but a local or a
 * by-value parameter, a block barrier, an atomic or cache-hint store, inline
 * assembly that is not register-only, an allocation, a lambda, a call of
 * an unknown function or of a user function that may (followed depth
 * calls deep).  Warp collectives exchange registers: not writes. */
struct may_write {
  unsigned depth;
  int found;
};

static int may_write_at(CXCursor fn, unsigned depth);

/* Whether e (a store's target) is a local or a by-value parameter. */
static int local_target(CXCursor e) {
  CXCursor d;
  enum CXCursorKind k;
  CXType t;

  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return 0;
  d = clang_getCursorReferenced(e);
  k = clang_getCursorKind(d);
  t = clang_getCanonicalType(clang_getCursorType(d));
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    return 0;
  return k == CXCursor_ParmDecl ||
         (k == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(d));
}

static enum CXChildVisitResult may_write_cb(CXCursor c, CXCursor parent,
                                            CXClientData data) {
  struct may_write *w = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor lhs, ref;

  (void)parent;
  if ((k == CXCursor_BinaryOperator &&
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
      k == CXCursor_CompoundAssignOperator) {
    w->found = ld__nth_child(c, 0, &lhs) && !local_target(lhs);
  } else if (k == CXCursor_UnaryOperator &&
             clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc &&
             clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec) {
    w->found = ld__nth_child(c, 0, &lhs) && !local_target(lhs);
  } else if (k == CXCursor_CallExpr) {
    ref = clang_getCursorReferenced(c);
    if (ld__block_barrier(c)) {
      w->found = 1;
    } else if (clang_Cursor_isNull(ref)) {
      w->found = 1; /* a call it cannot resolve */
    } else if (clang_Location_isInSystemHeader(clang_getCursorLocation(ref)) ||
               ld__name_starts(ref, "__builtin")) {
      char *name = ld__cursor_name(ref);
      w->found = !name || ld__is_atomic_name(name) ||
                 ld__cache_hint(name) == 2 || ld__async_copy_name(name);
      free(name);
    } else if (clang_getCursorKind(ref) != CXCursor_Constructor ||
               !(clang_CXXMethod_isDefaulted(ref) ||
                 !clang_isCursorDefinition(ld__definition_of(ref)))) {
      w->found = may_write_at(ref, w->depth + 1);
    }
  } else if (((k == CXCursor_AsmStmt || k == CXCursor_GCCAsmStmt) &&
              !ld__asm_pure(c)) ||
             k == CXCursor_MSAsmStmt || k == CXCursor_CXXNewExpr ||
             k == CXCursor_CXXDeleteExpr || k == CXCursor_LambdaExpr) {
    w->found = 1;
  }
  return w->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int may_write_at(CXCursor fn, unsigned depth) {
  struct may_write w;
  CXCursor def = ld__definition_of(fn);

  if (depth >= MAX_CALL_DEPTH || clang_Cursor_isNull(def) ||
      !clang_isCursorDefinition(def))
    return 1;
  w.depth = depth;
  w.found = 0;
  clang_visitChildren(def, may_write_cb, &w);
  return w.found;
}

int ld__fn_may_write(CXCursor fn) {
  return may_write_at(fn, 0);
}

static int may_write_visit(CXCursor fn, void *data) {
  CXCursor *out = data;
  if (!ld__fn_may_write(fn))
    return 0;
  *out = fn;
  return 1;
}

int ld__template_fn_writer(CXCursor callee_expr, CXCursor *param,
                           CXCursor *writer) {
  *writer = clang_getNullCursor();
  return ld__template_fn_candidates(callee_expr, param, may_write_visit,
                                    writer);
}
