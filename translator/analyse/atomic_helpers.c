/* Atomic helpers (docs/global-check.md, "Direct one run"): a device
 * function that only performs atomics on the memory its pointer parameters
 * point to, the way real code wraps them (`atomicAddX(T *addr, T v)`, a
 * float `atomicMax` built on an `atomicCAS` loop, histogram256's
 * `addByte(uint *s, uint d) { atomicAdd(s + d, 1); }`), and the locks and
 * flags real code writes as functions: fences are allowed, and plain reads
 * and stores of `*p` (`lock(m) { while (atomicCAS(m, 0, 1)); __threadfence();
 * }`, `unlock(m) { __threadfence(); *m = 0; }`, `wait(volatile int *f) { while
 * (*f == 0); }`).  The direct one run takes a call of one as an atomic access
 * of its atomics' arguments and a plain one of the others', claimed at the call
 * in the kernel, and a helper with a fence as a release before the call and an
 * acquire after it; nothing in the helper is edited.  Anything else a helper
 * might do with those pointers, or with other memory, makes it no helper, and
 * its atomics and fences then keep the kernel from the run as before.  Host
 * code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <string.h>

#include "ld_cursor.h"

#define MAX_TRACKED 16 /* pointer parameters and local aliases of them */
#define MAX_DEPTH 4    /* helpers calling helpers */
#define MAX_VARS 8     /* __device__ variables it synchronises through */

struct helper_walk {
  CXCursor tracked[MAX_TRACKED]; /* canonical ParmDecl or VarDecl */
  int param_of[MAX_TRACKED];     /* the parameter it is, or aliases */
  int ntracked;
  uint64_t atomic_params; /* parameters some atomic takes */
  uint64_t used_params;   /* parameters used at all */
  uint64_t offset_params; /* atomics at an offset from them */
  uint64_t plain_params;  /* read or stored as `*p` */
  uint64_t stored_params; /* stored as `*p` */
  int fence;              /* the strongest fence: 1 block, 2 device */
  int seen_access;        /* an atomic or plain `*p` met so far */
  int fence_first;        /* its first fence came before any of those */
  int scope;              /* LD_GSCOPE_* of the first atomic */
  int acquires;           /* an atomicCAS or atomicExch */
  /* __device__ variables it synchronises through (a hand-written grid
   * barrier's counter and generation): whether an atomic of its own takes
   * each, and whether it reads or stores each plainly. */
  CXCursor vars[MAX_VARS]; /* canonical VarDecl */
  int var_atomic[MAX_VARS], var_plain[MAX_VARS];
  int nvars;
  int barrier; /* a __syncthreads() */
  int bad;
  int depth;
};

static int walk(struct helper_walk *w, CXCursor c);
static int local_var(CXCursor c);

/* The parameter a (casts and parentheses aside) names, directly or through
 * an alias, or -1. */
static int tracked_of(const struct helper_walk *w, CXCursor a) {
  CXCursor ref;
  int i;

  a = ld__pointer_uncast(a);
  if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
    return -1;
  ref = clang_getCanonicalCursor(clang_getCursorReferenced(a));
  for (i = 0; i < w->ntracked; i++)
    if (clang_equalCursors(ref, w->tracked[i]))
      return w->param_of[i];
  return -1;
}

/* An atomic's address in a helper: a parameter (casts aside), or one
 * plus or minus an offset (`s + d`, `&s[d]`: its other parts walked), which
 * makes the parameter an offset one (*offset). */
static int address_param(struct helper_walk *w, CXCursor a, int *offset) {
  CXCursor x, y;
  int p = tracked_of(w, a);

  *offset = 0;
  if (p >= 0)
    return p;
  a = ld__unwrap(a);
  if (clang_getCursorKind(a) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(a) == CXUnaryOperator_AddrOf &&
      ld__nth_child(a, 0, &x) &&
      clang_getCursorKind(ld__unwrap(x)) == CXCursor_ArraySubscriptExpr &&
      ld__nth_child(ld__unwrap(x), 0, &y) &&
      ld__nth_child(ld__unwrap(x), 1, &x) && (p = tracked_of(w, y)) >= 0) {
    *offset = 1;
    walk(w, x);
    return p;
  }
  if (clang_getCursorKind(a) == CXCursor_BinaryOperator &&
      (clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Add ||
       clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Sub) &&
      ld__nth_child(a, 0, &x) && ld__nth_child(a, 1, &y)) {
    if ((p = tracked_of(w, x)) >= 0) {
      *offset = 1;
      walk(w, y);
      return p;
    }
    if (clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Add &&
        (p = tracked_of(w, y)) >= 0) {
      *offset = 1;
      walk(w, x);
      return p;
    }
  }
  return -1;
}

/* The __device__ variable a (parentheses and casts aside) names, as a
 * whole or an element of it (`v`, `v[i]`: the index walked), or -1; a
 * pointer or const variable, a shared one, or more than MAX_VARS are none
 * (w->bad for the last). */
static int var_of(struct helper_walk *w, CXCursor a) {
  CXCursor ref, x, y;
  CXType t;
  enum CX_StorageClass sc;
  int i;

  a = ld__unwrap(a);
  if (clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr &&
      ld__nth_child(a, 0, &x) && ld__nth_child(a, 1, &y) &&
      ld__is_array(clang_getCursorType(ld__unwrap(x)))) {
    i = var_of(w, x);
    if (i >= 0)
      walk(w, y);
    return i;
  }
  if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
    return -1;
  ref = clang_getCursorReferenced(a);
  t = clang_getCanonicalType(clang_getCursorType(ref));
  sc = clang_Cursor_getStorageClass(ref);
  if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
      clang_Cursor_hasVarDeclGlobalStorage(ref) != 1 || sc == CX_SC_Static ||
      ld__is_pointer(t) || clang_isConstQualifiedType(t) ||
      !ld__has_child_kind(ref, CXCursor_CUDADeviceAttr) ||
      ld__has_child_kind(ref, CXCursor_CUDASharedAttr) ||
      ld__has_child_kind(ref, CXCursor_CUDAConstantAttr))
    return -1;
  ref = clang_getCanonicalCursor(ref);
  for (i = 0; i < w->nvars; i++)
    if (clang_equalCursors(ref, w->vars[i]))
      return i;
  if (w->nvars == MAX_VARS) {
    w->bad = 1;
    return -1;
  }
  w->vars[w->nvars] = ref;
  w->var_atomic[w->nvars] = w->var_plain[w->nvars] = 0;
  return w->nvars++;
}

/* The __device__ variable an atomic's address names (`&v`, `&v[i]`, `v`
 * for an array), or -1. */
static int var_address(struct helper_walk *w, CXCursor a) {
  CXCursor x;

  a = ld__pointer_uncast(a);
  if (clang_getCursorKind(a) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(a) == CXUnaryOperator_AddrOf &&
      ld__nth_child(a, 0, &x))
    return var_of(w, x);
  if (ld__is_array(clang_getCursorType(ld__unwrap(a))))
    return var_of(w, a);
  return -1;
}

static void use(struct helper_walk *w, int p, int atomic) {
  if (p < 0 || p >= 64) {
    w->bad = 1;
    return;
  }
  w->seen_access = 1;
  w->used_params |= (uint64_t)1 << p;
  if (atomic)
    w->atomic_params |= (uint64_t)1 << p;
}

static enum CXChildVisitResult kids_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct helper_walk *w = data;

  (void)parent;
  return walk(w, c) ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int walk_kids(struct helper_walk *w, CXCursor c) {
  clang_visitChildren(c, kids_cb, w);
  return w->bad;
}

/* `cuda::atomic_ref<T, S>(L)` in a helper (ld__libcu_ref_ctor): the
 * location L must be `*p` or `p[i]` of a parameter (the latter at an
 * offset), an atomic of that parameter; its calls order (ref_call). */
static int ref_ctor(struct helper_walk *w, CXCursor loc, int scope) {
  CXCursor x, y;
  int p = -1, offset = 0, seen = w->seen_access;

  loc = ld__unwrap(loc);
  if (clang_getCursorKind(loc) == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(loc) == CXUnaryOperator_Deref &&
      ld__nth_child(loc, 0, &x))
    p = address_param(w, x, &offset);
  else if (clang_getCursorKind(loc) == CXCursor_ArraySubscriptExpr &&
           ld__nth_child(loc, 0, &x) && ld__nth_child(loc, 1, &y) &&
           (p = tracked_of(w, x)) >= 0) {
    offset = 1;
    walk(w, y);
  }
  if (p < 0) {
    w->bad = 1;
    return 1;
  }
  use(w, p, 1);
  w->seen_access = seen; /* the reference is made, not yet used */
  if (offset)
    w->offset_params |= (uint64_t)1 << p;
  if (!w->scope)
    w->scope = scope;
  return w->bad;
}

/* The arguments of a call on an atomic object or reference (after the
 * object), walked; unless relaxed its memory order makes the helper a
 * fence of the scope (a release first when no access came before it) and
 * an acquire. */
static void member_call(struct helper_walk *w, CXCursor call, int scope,
                        int order) {
  CXCursor o;
  int n = clang_Cursor_getNumArguments(call), i, first;
  int level = scope == LD_GSCOPE_BLOCK ? 1 : 2;

  if (!ld__member_object(call, &o, &first))
    first = 0;
  for (i = first; i < n && !w->bad; i++)
    walk(w, clang_Cursor_getArgument(call, (unsigned)i));
  if (order) {
    if (!w->fence)
      w->fence_first = !w->seen_access && (order & LD_ORDER_RELEASE);
    if (level > w->fence)
      w->fence = level;
    w->acquires |= (order & LD_ORDER_ACQUIRE) != 0;
  }
}

/* A call on a `cuda::atomic_ref` in a helper (ld__libcu_ref_member): on a
 * local reference or a temporary (walked: its constructor); unless
 * relaxed, its memory order makes the helper a fence of its scope (a
 * release first when no access came before it) and an acquire. */
static int ref_call(struct helper_walk *w, CXCursor call, CXCursor ref,
                    int scope, int order) {
  CXCursor r = ld__unwrap(ref);

  if (clang_getCursorKind(r) == CXCursor_DeclRefExpr) {
    CXCursor v = clang_getCursorReferenced(r);
    if (!local_var(v) || clang_getCursorKind(v) != CXCursor_VarDecl) {
      w->bad = 1;
      return 1;
    }
  } else if (ld__is_pointer(clang_getCursorType(r))) {
    w->bad = 1;
    return 1;
  } else if (walk(w, r)) {
    return 1;
  }
  member_call(w, call, scope, order);
  w->seen_access = 1;
  return w->bad;
}

/* A call on a libcu++ atomic object in a helper (ld__libcu_atomic): the
 * object is a parameter viewed as one (`((cuda::atomic<T> *)p)->load(o)`,
 * Indigo-style atomicRead/atomicWrite, or `p[i]` / `p + i` of such a
 * pointer: at an offset), an atomic of that parameter; unless relaxed its
 * memory order makes the helper a fence of its scope (a release first when
 * no access came before it) and an acquire, as ref_call's. */
static int cast_atomic(struct helper_walk *w, CXCursor call, CXCursor obj,
                       int lvalue, int scope, int order) {
  CXCursor x;
  int p = -1, offset = 0;

  obj = ld__unwrap(obj);
  if (!lvalue)
    p = address_param(w, obj, &offset);
  else if (clang_getCursorKind(obj) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(obj) == CXUnaryOperator_Deref &&
           ld__nth_child(obj, 0, &x))
    p = address_param(w, x, &offset);
  if (p < 0) {
    w->bad = 1;
    return 1;
  }
  member_call(w, call, scope, order);
  use(w, p, 1);
  if (offset)
    w->offset_params |= (uint64_t)1 << p;
  if (!w->scope)
    w->scope = scope;
  return w->bad;
}

/* A call in a helper: an atomic function `atomic*` (its first argument may
 * be a parameter), another helper (its helper arguments may be), a
 * function of a system header other than a fence or a barrier (none may
 * be); any other call makes it no helper. */
static int walk_call(struct helper_walk *w, CXCursor call) {
  CXString s = ld__call_name(call);
  const char *n = clang_getCString(s);
  CXCursor def = ld__definition_of(clang_getCursorReferenced(call));
  int nargs = clang_Cursor_getNumArguments(call), i, scope, cas;
  int system = !clang_Cursor_isNull(def) &&
               clang_Location_isInSystemHeader(clang_getCursorLocation(def));
  int fence = ld__fence_level(call), libcu = ld__libcu_fence(call);
  int sync = !strncmp(n, "__threadfence", 13) || !strncmp(n, "__sync", 6) ||
             !strncmp(n, "__barrier", 9);
  struct ld__atomic_helper h;
  CXCursor obj;
  int order;

  if (ld__libcu_ref_ctor(call, &obj, &scope)) {
    clang_disposeString(s);
    return ref_ctor(w, obj, scope);
  }
  if (ld__libcu_ref_member(call, &obj, &scope, &order)) {
    clang_disposeString(s);
    return ref_call(w, call, obj, scope, order);
  }
  {
    int lvalue;
    if (ld__libcu_atomic(call, &obj, &lvalue, &scope, &order)) {
      clang_disposeString(s);
      return cast_atomic(w, call, obj, lvalue, scope, order);
    }
  }
  if (!fence && libcu == 0) { /* a relaxed or signal fence: nothing */
    clang_disposeString(s);
    return 0;
  }
  if (!strcmp(n, "__syncthreads") && nargs == 0) {
    /* A block barrier (a grid barrier's first and last step): the kernel
     * calling it has block units (kernels.c g_may_sync). */
    clang_disposeString(s);
    w->barrier = 1;
    return 0;
  }
  if ((fence && nargs == 0) || libcu > 0) {
    fence = fence ? fence : libcu;
    clang_disposeString(s);
    if (!w->fence)
      w->fence_first = !w->seen_access;
    if (fence > w->fence)
      w->fence = fence;
    return 0;
  }
  scope = ld__atomic_scope(call);
  cas = scope && (!strncmp(n, "atomicCAS", 9) || !strncmp(n, "atomicExch", 10));
  clang_disposeString(s);
  memset(&h, 0, sizeof h);
  if (!scope && !(system && !sync) &&
      !(w->depth < MAX_DEPTH && !clang_Cursor_isNull(def) &&
        ld__atomic_helper_at(def, w->depth + 1, &h))) {
    w->bad = 1;
    return 1;
  }
  if (nargs < 0) {
    w->bad = 1;
    return 1;
  }
  /* A helper it calls: its fence first when that helper's is. */
  if (!scope && h.fence && !w->fence)
    w->fence_first = !w->seen_access && h.fence_first;
  for (i = 0; i < nargs && !w->bad; i++) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    int takes = scope ? i == 0 : i < 64 && (h.params >> i & 1);
    int offset = 0, p = takes ? address_param(w, a, &offset) : -1;
    int plain = !scope && i < 64 && (h.plain_params >> i & 1), v;
    if (scope && i == 0 && p < 0 && (v = var_address(w, a)) >= 0) {
      /* An atomic on a __device__ variable: synchronisation (a grid
       * barrier's arrival counter). */
      w->var_atomic[v] = 1;
      w->seen_access = 1;
      w->acquires |= cas;
      continue;
    }
    if (plain && (p = tracked_of(w, a)) >= 0) {
      /* `*p` in the helper it calls: the same here. */
      use(w, p, 0);
      w->plain_params |= (uint64_t)1 << p;
      if (h.stored_params >> i & 1)
        w->stored_params |= (uint64_t)1 << p;
      continue;
    }
    if (p >= 0) {
      use(w, p, 1);
      if (offset || (!scope && (h.offset_params >> i & 1)))
        w->offset_params |= (uint64_t)1 << p;
      if (!w->scope)
        w->scope = scope ? scope : h.scope;
      w->acquires |= cas || h.acquires;
    } else {
      walk(w, a);
    }
  }
  if (!scope && h.fence > w->fence)
    w->fence = h.fence;
  return w->bad;
}

/* Whether c declares a variable of the helper's own (a local, not
 * static). */
static int local_var(CXCursor c) {
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
  CXCursor p = clang_getCursorSemanticParent(c);
  enum CXCursorKind k = clang_getCursorKind(p);

  return (clang_getCursorKind(c) == CXCursor_VarDecl ||
          clang_getCursorKind(c) == CXCursor_ParmDecl) &&
         sc != CX_SC_Static && sc != CX_SC_Extern &&
         (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
          k == CXCursor_CXXMethod);
}

/* Stores go to locals only: `old = ...`, `assumed = old`, `++tries`. */
static int store_to_local(CXCursor lhs) {
  CXCursor x;
  CXType t;

  lhs = ld__unwrap(lhs);
  while (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr &&
         ld__nth_child(lhs, 0, &x))
    lhs = ld__unwrap(x);
  if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
    return 0;
  /* (a reference's store is its referent's, outside the helper) */
  t = clang_getCanonicalType(
      clang_getCursorType(clang_getCursorReferenced(lhs)));
  return local_var(clang_getCursorReferenced(lhs)) &&
         t.kind != CXType_LValueReference && t.kind != CXType_RValueReference &&
         !ld__is_pointer(clang_getCursorType(lhs));
}

/* The parameter an lvalue `*p` (casts aside) stores to, or -1. */
static int deref_param(struct helper_walk *w, CXCursor lhs) {
  CXCursor x;

  lhs = ld__unwrap(lhs);
  if (clang_getCursorKind(lhs) != CXCursor_UnaryOperator ||
      clang_getCursorUnaryOperatorKind(lhs) != CXUnaryOperator_Deref ||
      !ld__nth_child(lhs, 0, &x))
    return -1;
  return tracked_of(w, x);
}

/* A plain `*p` of parameter p, stored when store. */
static void plain(struct helper_walk *w, int p, int store) {
  use(w, p, 0);
  if (p < 0 || p >= 64)
    return;
  w->plain_params |= (uint64_t)1 << p;
  if (store)
    w->stored_params |= (uint64_t)1 << p;
}

/* 1 when the walk found the function is no helper (w->bad). */
static int walk(struct helper_walk *w, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor x, init;
  int p;

  if (w->bad)
    return 1;
  switch (k) {
  case CXCursor_CallExpr:
    return walk_call(w, c);
  case CXCursor_LambdaExpr:
  case CXCursor_AsmStmt:
  case CXCursor_MSAsmStmt:
  case CXCursor_CXXNewExpr:
  case CXCursor_CXXDeleteExpr:
    w->bad = 1;
    return 1;
  case CXCursor_DeclRefExpr: {
    CXCursor ref = clang_getCursorReferenced(c);
    if (tracked_of(w, c) >= 0) {
      w->bad = 1; /* a parameter used other than as an atomic's address */
      return 1;
    }
    /* Memory outside the helper: a __device__ variable is read as a flag
     * (checked at the end), anything else is not its own. */
    if (clang_getCursorKind(ref) == CXCursor_VarDecl && !local_var(ref) &&
        !clang_isConstQualifiedType(clang_getCursorType(ref))) {
      int v = var_of(w, c);
      /* (A read publishes nothing: a barrier's `gen = generation;`
       * before its fence leaves the fence first.) */
      if (v >= 0)
        w->var_plain[v] = 1;
      else
        w->bad = 1;
    }
    return w->bad;
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    if (!ld__nth_child(c, 0, &x))
      return 0;
    if (u == CXUnaryOperator_Deref && (p = tracked_of(w, x)) >= 0) {
      plain(w, p, 0); /* a flag's wait, the CAS loop's first read */
      return w->bad;
    }
    if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec &&
        (p = deref_param(w, x)) >= 0) {
      plain(w, p, 1);
      return w->bad;
    }
    if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec &&
        (p = var_of(w, x)) >= 0) {
      w->var_plain[p] = w->seen_access = 1;
      return w->bad;
    }
    if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec &&
        !store_to_local(x)) {
      w->bad = 1;
      return 1;
    }
    if (u == CXUnaryOperator_AddrOf) {
      w->bad = 1; /* an address taken: it may be written elsewhere */
      return 1;
    }
    return walk_kids(w, c);
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    if ((k == CXCursor_CompoundAssignOperator ||
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) &&
        ld__nth_child(c, 0, &x) && (p = deref_param(w, x)) >= 0) {
      /* `*m = 0` (an unlock), `*f = 1` (a flag raised) */
      plain(w, p, 1);
      if (ld__nth_child(c, 1, &x))
        walk(w, x);
      return w->bad;
    }
    if ((k == CXCursor_CompoundAssignOperator ||
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) &&
        ld__nth_child(c, 0, &x) && (p = var_of(w, x)) >= 0) {
      /* `count = 0` (a barrier's reset), `generation = g + 1` */
      w->var_plain[p] = w->seen_access = 1;
      if (ld__nth_child(c, 1, &x))
        walk(w, x);
      return w->bad;
    }
    if ((k == CXCursor_CompoundAssignOperator ||
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) &&
        ld__nth_child(c, 0, &x) && !store_to_local(x)) {
      w->bad = 1;
      return 1;
    }
    return walk_kids(w, c);
  case CXCursor_VarDecl:
    if (clang_Cursor_getStorageClass(c) == CX_SC_Static) {
      w->bad = 1;
      return 1;
    }
    if (ld__is_pointer(clang_getCursorType(c)) &&
        ld__last_expr_child(c, &init) && (p = tracked_of(w, init)) >= 0) {
      if (w->ntracked == MAX_TRACKED) {
        w->bad = 1;
        return 1;
      }
      /* An alias (`int *a = (int *)address;`): used as the parameter. */
      w->tracked[w->ntracked] = clang_getCanonicalCursor(c);
      w->param_of[w->ntracked++] = p;
      return 0;
    }
    return walk_kids(w, c);
  default:
    return walk_kids(w, c);
  }
}

struct params_walk {
  struct helper_walk *w;
  int index;
  uint64_t volatiles; /* pointer parameters to volatile */
  CXCursor body;
};

static enum CXChildVisitResult params_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct params_walk *pw = data;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
    if (ld__is_pointer(clang_getCursorType(c)) &&
        pw->w->ntracked < MAX_TRACKED) {
      pw->w->tracked[pw->w->ntracked] = clang_getCanonicalCursor(c);
      pw->w->param_of[pw->w->ntracked++] = pw->index;
      if (pw->index < 64 &&
          clang_isVolatileQualifiedType(clang_getPointeeType(
              clang_getCanonicalType(clang_getCursorType(c)))))
        pw->volatiles |= (uint64_t)1 << pw->index;
    } else if (ld__is_pointer(clang_getCursorType(c))) {
      pw->w->bad = 1;
    }
    pw->index++;
  } else if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
    pw->body = c;
  }
  return CXChildVisit_Continue;
}

int ld__atomic_helper_at(CXCursor fn, int depth,
                         struct ld__atomic_helper *out) {
  struct helper_walk w;
  struct params_walk pw;
  enum CXCursorKind k = clang_getCursorKind(fn);

  memset(out, 0, sizeof *out);
  if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
      !clang_isCursorDefinition(fn) ||
      !ld__has_child_kind(fn, CXCursor_CUDADeviceAttr) ||
      ld__has_child_kind(fn, CXCursor_CUDAGlobalAttr))
    return 0;
  memset(&w, 0, sizeof w);
  w.depth = depth;
  pw.w = &w;
  pw.index = 0;
  pw.volatiles = 0;
  pw.body = clang_getNullCursor();
  clang_visitChildren(fn, params_cb, &pw);
  if (w.bad || clang_Cursor_isNull(pw.body))
    return 0;
  walk(&w, pw.body);
  /* A parameter of an atomic is that atomic's (a CAS loop's `*p` read, an
   * unlock's `*p = 0` next to its CAS: flags of the lock, not claimed). */
  w.plain_params &= ~w.atomic_params;
  w.stored_params &= w.plain_params;
  /* __device__ variables are synchronisation only in a helper with a
   * fence: each volatile, or taken by an atomic of its own (its plain
   * accesses a reset or a read of the counter); else a plain update of
   * one would be a race nobody claims. */
  for (int i = 0; i < w.nvars && !w.bad; i++)
    if (!w.fence || (!w.var_atomic[i] && !clang_isVolatileQualifiedType(
                                             clang_getCursorType(w.vars[i]))))
      w.bad = 1;
  /* A barrier only next to that synchronisation (a grid barrier). */
  if (w.barrier && !w.nvars)
    w.bad = 1;
  /* Every pointer parameter it uses is an atomic's address or a plain
   * `*p`, and it uses one or has a fence. */
  if (w.bad || (!w.atomic_params && !w.fence && !w.plain_params) ||
      (w.used_params & ~(w.atomic_params | w.plain_params)))
    return 0;
  out->params = w.atomic_params;
  out->offset_params = w.offset_params;
  out->scope = w.scope;
  out->acquires = w.acquires;
  out->plain_params = w.plain_params;
  out->stored_params = w.stored_params;
  out->volatile_params = pw.volatiles & w.plain_params;
  out->fence = w.fence;
  out->fence_first = w.fence_first;
  return 1;
}

int ld__atomic_helper(CXCursor fn, struct ld__atomic_helper *out) {
  return ld__atomic_helper_at(fn, 0, out);
}
