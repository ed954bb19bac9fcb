/* What the inline checks for intra-warp races need of one kernel
 * (docs/inline-checks.md): whether the kernel has warp-synchronous code
 * (the rule), and if so every shared or global access to check and every
 * warp collective, __syncwarp and block barrier after which the warp's sync
 * epoch moves on.
 *
 * The rule is syntactic and decided per kernel body (device functions it
 * calls are not looked into): a __syncwarp or warp collective, a
 * lane-range condition (`if (tid < 32)`, a constant at most 32 compared
 * with an expression that mentions threadIdx) guarding a memory access and
 * no barrier, an element indexed by a lane index (`buf[lane]` with
 * `lane = threadIdx.x % 32`, `& 31`, `% warpSize`), or a pointer to
 * volatile memory.  Kernels whose synchronisation is written in a macro or
 * in inline assembly are not checked: the checks would not see that
 * ordering and could report a race that is not one.
 *
 * A kernel that calls a fence, declares a
 * `__shared__ volatile` scalar, or has volatile accesses next to an
 * atomicCAS, atomicExch or a used atomic value, hands data between threads
 * through memory (and, when the caller asks, one with atomicCAS, atomicExch
 * or a used global atomic value alone: a claim, a ticket, a work-list
 * index, a lock without fences; facts.c asks for kernels with a replay,
 * and for the others when the direct one run does not take them,
 * docs/inline-checks.md): it gets the message-passing
 * checks instead of the warp tables (its->mp): its global data accesses, its
 * flag accesses (a variable some atomic of the kernel targets, or one of
 * volatile type or pointing to volatile), its atomics, its fences and grid
 * syncs. Uses libclang (its helpers are cursor.c's); host code only. */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_clang_int.h"
#include "ld_error.h"
#include "ld_plan.h"

#define RULE_SYNCWARP "__syncwarp or warp collective"
#define RULE_LANE_RANGE "lane-range condition"
#define RULE_VOLATILE "pointer to volatile memory"
#define RULE_LANE_INDEX "lane index"
#define RULE_BLOCK_ATOMIC "block-scope atomic"
#define RULE_MEMORY_SYNC "synchronisation through memory"
#define RULE_CROSS_LANE "shared memory across threads in a region"
#define RULE_CLUSTER "distributed shared memory"
#define RULE_SHADOW "shared memory without a replay"
#define RULE_CALLEE "warp-synchronous code in a called device function"
/* The static shared memory a kernel may have for that rule: the tables
 * take 24 KB more of the 48 KB a block may declare statically. */
#define CROSS_LANE_MAX_SHARED 16384
/* Any rule's: the tables (32 warps of 32 slots of 24 bytes, and the
 * epochs: 24704 bytes) beside the kernel's own static shared memory must
 * stay within the 48 KB (49152 bytes) a block may declare statically;
 * else nvcc rejects the translation (ECL-APSP's 1024-thread tiles: two
 * 16 KB arrays). */
#define WARP_MAX_SHARED (49152 - 24704)

#define SKIP_ASM "inline assembly"
#define SKIP_MACRO "warp synchronisation inside a macro expansion"
#define SKIP_TOO_MANY                                                          \
  "more warp-synchronous kernels in the file than the checks hold"
#define SKIP_CLUSTER_CALL "cluster synchronisation inside a called function"
#define SKIP_SYNC_FORM "a synchronisation the epochs cannot follow"
#define SKIP_NO_ROOM                                                           \
  "its static shared memory leaves no room for the tables (24 KB) in the "     \
  "48 KB a block may declare"

struct frame {
  CXCursor cur;
  enum CXCursorKind kind;
  const struct frame *parent;
  unsigned index;
  unsigned nchild;
  struct warp_walk *w;
};

struct warp_walk {
  const struct ld__source *s;
  struct ld_warp *warp;
  size_t capacc, capsync, capscoped;
  int collect;       /* 0: find the rule, 1: collect accesses and syncs */
  int mp;            /* a fence, atomicCAS or atomicExch: message passing */
  int weak_sync;     /* atomicCAS, atomicExch and a global atomic whose value
                        is used count as message passing
                        (ld__warp_analyse's weak_sync) */
  int weak_seen;     /* one of those is in the body */
  int volatile_seen; /* an access of volatile type */
  int block_scoped;  /* a block-scope atomic on memory other than shared */
  int volatile_ptr;  /* a local or parameter points to volatile memory */
  CXCursor fn;       /* the kernel */
  int hard_sync;     /* a CAS, exchange, helper with a fence, grid sync, spin
                        or ticket the replay does not log: no fenced replay */
  CXCursor *flags;   /* variables an atomic of the kernel targets */
  size_t nflags, capflags;
  int dsm;  /* maps another block's shared memory (a cluster) */
  int lock; /* atomicCAS, atomicExch, a fence or an atomic in a loop's
               condition: warps may order each other through memory */
  const char *rule;
  const char *skip;
  int rc;
  /* Called device functions (docs/inline-checks.md, "Called device
   * functions"): whether this walk looks into them (descend) and lets
   * their patterns make the kernel's rule (callee_rules), the one
   * being walked (its name's offset + 1, and its name), the ones walked
   * already (name offsets + 1), and what the walk of one found: a rule's
   * pattern and an access to check. */
  int descend, callee_rules;
  size_t in_callee;
  const char *callee_name;
  size_t *callees;
  size_t ncallees, capcallees;
  int callee_rule, callee_access;
  int callee_memsync; /* a called function orders threads through memory */
};

/* The extent of c in the main file, outside macro expansions. */
static int span(const struct ld__source *s, CXCursor c, size_t *b, size_t *e,
                struct ld_pos *at) {
  CXSourceRange r = clang_getCursorExtent(c);
  CXFile f1, f2;
  unsigned l, col, o1, o2;

  clang_getExpansionLocation(clang_getRangeStart(r), &f1, &l, &col, &o1);
  clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
  if (!f1 || !f2 || !clang_File_isEqual(f1, s->main_file) ||
      !clang_File_isEqual(f2, s->main_file) || o2 <= o1 || o2 > s->len ||
      ld__in_macro(s, o1) || ld__in_macro(s, o2 - 1))
    return 0;
  *b = o1;
  *e = o2;
  if (at) {
    at->line = ld__file_line(s, l);
    at->col = col;
    at->offset = o1;
  }
  return 1;
}

static int text_has(const struct ld__source *s, CXCursor c, const char *word) {
  size_t b, e, n = strlen(word), i;

  if (!span(s, c, &b, &e, NULL))
    return 0;
  for (i = b; i + n <= e; i++)
    if (!memcmp(s->src + i, word, n))
      return 1;
  return 0;
}

static int name_in(CXCursor c, const char *const *names) {
  CXString sp = clang_getCursorSpelling(c);
  const char *n = clang_getCString(sp);
  int hit = 0;

  /* CUDA's functions by name, not a user's so named (`atomicMaxFloat`). */
  if (ld__user_function(c)) {
    clang_disposeString(sp);
    return 0;
  }
  for (; *names && !hit; names++) {
    size_t len = strlen(*names);
    hit = (*names)[len - 1] == '*' ? !strncmp(n, *names, len - 1)
                                   : !strcmp(n, *names);
  }
  clang_disposeString(sp);
  return hit;
}

/* A warp-level group of cooperative groups (a tile, a coalesced group). */
static int is_warp_group(CXType t) {
  CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
  const char *n = clang_getCString(sp);
  int hit = strstr(n, "thread_block_tile") || strstr(n, "coalesced_group") ||
            strstr(n, "tiled_partition");
  clang_disposeString(sp);
  return hit;
}

/* The sync form of a call after which the warp's epoch moves on: a block
 * barrier, __syncwarp, an intrinsic warp collective, or a member call on a
 * warp-level group (its sync, shuffles, votes) or cg::reduce on one. *warp
 * is set for the warp-level ones. */
static const char *warp_sync_form(CXCursor call, int *warp) {
  static const char *const warp_fns[] = {
      "__syncwarp",      "__shfl_sync",   "__shfl_up_sync", "__shfl_down_sync",
      "__shfl_xor_sync", "__ballot_sync", "__any_sync",     "__all_sync",
      "__uni_sync",      "__reduce_*",    "__match_*",      NULL};
  static const char *const group_fns[] = {
      "sync",   "shfl*",          "ballot",         "any", "all", "match*",
      "reduce", "inclusive_scan", "exclusive_scan", NULL};
  const char *unsupported = NULL;
  const char *barrier = ld__barrier_form(call, &unsupported);
  CXCursor callee = clang_getCursorReferenced(call), first, base;

  *warp = 0;
  if (barrier)
    return barrier;
  if (clang_Cursor_isNull(callee))
    return NULL;
  if (clang_getCursorKind(callee) == CXCursor_FunctionDecl ||
      clang_getCursorKind(callee) == CXCursor_FunctionTemplate) {
    if (name_in(callee, warp_fns)) {
      *warp = 1;
      return "warp";
    }
    if (name_in(callee, group_fns) && clang_Cursor_getNumArguments(call) > 0 &&
        is_warp_group(clang_getCursorType(clang_Cursor_getArgument(call, 0)))) {
      *warp = 1;
      return "cg";
    }
    return NULL;
  }
  if (clang_getCursorKind(callee) == CXCursor_CXXMethod &&
      name_in(callee, group_fns) && ld__nth_child(call, 0, &first)) {
    first = ld__unwrap(first);
    if (clang_getCursorKind(first) == CXCursor_MemberRefExpr &&
        ld__nth_child(first, 0, &base) &&
        is_warp_group(clang_getCursorType(base))) {
      *warp = 1;
      return "cg";
    }
  }
  return NULL;
}

/* Threads ordered through memory: the message-passing checks. */
static int memory_sync(CXCursor call) {
  static const char *const fns[] = {"__threadfence*", "atomicCAS*",
                                    "atomicExch*", NULL};
  CXCursor callee = clang_getCursorReferenced(call);

  return !clang_Cursor_isNull(callee) && name_in(callee, fns);
}

/* A global atomic whose value the shared-memory replay logs (replay_facts.c
 * visit_global_atomic: pass 2 returns pass 1's value): in a kernel with a
 * replay its value is no synchronisation through memory of its own (a
 * compaction's base, a work list's slot); CAS and exchange are. */
static int replay_logged(CXCursor call) {
  static const char *const fns[] = {"atomicAdd*", "atomicSub*", "atomicOr*",
                                    "atomicAnd*", "atomicXor*", "atomicMax*",
                                    "atomicMin*", NULL};
  CXCursor callee = clang_getCursorReferenced(call);
  CXString sp;
  int system;

  if (clang_Cursor_isNull(callee) || !name_in(callee, fns))
    return 0;
  sp = clang_getCursorSpelling(callee);
  system = strstr(clang_getCString(sp), "_system") != NULL;
  clang_disposeString(sp);
  return !system;
}

/* A ticket the replay logs besides replay_logged's: atomicInc, atomicDec. */
static int replay_ticket(CXCursor call) {
  static const char *const fns[] = {"atomicInc", "atomicDec", NULL};
  CXCursor callee = clang_getCursorReferenced(call);

  return replay_logged(call) ||
         (!clang_Cursor_isNull(callee) && name_in(callee, fns));
}

/* Whether the call lies in a loop's condition (or a for's increment): a
 * wait on memory another unit changes, `while (atomicAdd(f, 0) == 0);`. */
static int in_loop_condition(const struct frame *f) {
  const struct frame *q = f;

  for (; q->parent; q = q->parent) {
    enum CXCursorKind k = q->parent->kind;
    if (k == CXCursor_WhileStmt)
      return q->index == 0;
    if (k == CXCursor_DoStmt)
      return q->index == 1;
    /* Its initialiser, condition or increment; not a body that is one
     * expression statement (`for (...) atomicAdd(&h[x], 1);`). */
    if (k == CXCursor_ForStmt)
      return clang_isExpression(q->kind) &&
             !ld__is_statement_at(q->cur, q->index, q->parent->cur);
    if (k == CXCursor_FunctionDecl || k == CXCursor_LambdaExpr)
      return 0;
  }
  return 0;
}

/* A fence: it orders memory by itself, without an atomic's value. */
static int fence_call(CXCursor call) {
  static const char *const fns[] = {"__threadfence*", NULL};
  CXCursor callee = clang_getCursorReferenced(call);

  return !clang_Cursor_isNull(callee) && name_in(callee, fns);
}

/* The variable an access names: `B` in `B[i][j]`, `*B`, or `B` itself. */
static int base_var(CXCursor e, CXCursor *decl) {
  CXCursor c = ld__unwrap(e), d;

  while (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr &&
         ld__nth_child(c, 0, &c))
    c = ld__unwrap(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
    return 0;
  d = clang_getCursorReferenced(c);
  if (clang_getCursorKind(d) != CXCursor_VarDecl &&
      clang_getCursorKind(d) != CXCursor_ParmDecl)
    return 0;
  *decl = d;
  return 1;
}

/* Whether some assignment, compound assignment, `++` or `--` in the
 * function stores to decl plainly (`*lock = 0`, `owner[i] = -1`): its
 * atomicCAS is then a lock, not a claim (cas_claim). */
struct plain_store {
  CXCursor decl;
  int found;
};

static enum CXChildVisitResult plain_store_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct plain_store *q = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor lhs, d;
  int store = k == CXCursor_CompoundAssignOperator;

  (void)parent;
  if (k == CXCursor_BinaryOperator)
    store = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
    store = u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PostInc ||
            u == CXUnaryOperator_PreDec || u == CXUnaryOperator_PostDec;
  }
  if (store && ld__nth_child(c, 0, &lhs)) {
    lhs = ld__unwrap(lhs);
    if (clang_getCursorKind(lhs) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(lhs) == CXUnaryOperator_Deref)
      ld__nth_child(lhs, 0, &lhs);
    if (base_var(lhs, &d) && clang_equalCursors(d, q->decl)) {
      q->found = 1;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

/* An atomicCAS that claims (`if (atomicCAS(&dist[w], -1, d) == -1)`, a
 * graph's visit, a hash table's slot): not in a loop's condition (a spin),
 * on a variable the kernel never stores to plainly (a lock's release).
 * The replay logs its value like an add's (replay.cuh
 * global_atomic_v_cas). */
static int address_var(CXCursor arg, CXCursor *decl);

static int cas_claim(const struct warp_walk *w, const struct frame *f) {
  static const char *const fns[] = {"atomicCAS", NULL};
  CXCursor callee = clang_getCursorReferenced(f->cur), decl;
  struct plain_store q;

  if (!w->weak_sync || clang_Cursor_isNull(callee) || !name_in(callee, fns) ||
      clang_Cursor_getNumArguments(f->cur) != 3 || in_loop_condition(f) ||
      !address_var(clang_Cursor_getArgument(f->cur, 0), &decl))
    return 0;
  q.decl = decl;
  q.found = 0;
  clang_visitChildren(w->fn, plain_store_cb, &q);
  return !q.found;
}

static int has_shared_attr(CXCursor decl) {
  return ld__child_of_kind(decl, CXCursor_CUDASharedAttr, NULL);
}

/* Is e a memory access the checks can follow: an element of a shared
 * array or of what a pointer variable points to, `*p`, or a shared scalar?
 * Its value must be a scalar (no class, no array). */
static int is_access(CXCursor e, CXCursor *decl) {
  enum CXCursorKind k = clang_getCursorKind(e);
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  CXType bt;

  /* A dependent type (a template's `s[BLOCK]`) passes: `&(E)` is valid
   * for whatever it becomes. */
  if (t.kind == CXType_Record || t.kind == CXType_Elaborated ||
      t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
      t.kind == CXType_DependentSizedArray || t.kind == CXType_Invalid)
    return 0;
  if (k == CXCursor_ArraySubscriptExpr) {
    if (!base_var(e, decl))
      return 0;
    bt = clang_getCanonicalType(clang_getCursorType(*decl));
    /* Reads through a pointer to const cannot conflict through it; a
     * pointer kept in shared memory (`__shared__ int *sp`) is the replay's
     * own variable there, whose renaming the wrap cannot nest with (nvcc
     * rejected the clone): not checked. */
    if (ld__is_pointer(bt))
      return !clang_isConstQualifiedType(clang_getPointeeType(bt)) &&
             !has_shared_attr(*decl);
    return has_shared_attr(*decl);
  }
  if (k == CXCursor_UnaryOperator &&
      clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) {
    CXCursor op;
    if (!ld__nth_child(e, 0, &op) ||
        clang_getCursorKind(ld__unwrap(op)) != CXCursor_DeclRefExpr)
      return 0;
    if (!base_var(op, decl))
      return 0;
    bt = clang_getCanonicalType(clang_getCursorType(*decl));
    return ld__is_pointer(bt) &&
           !clang_isConstQualifiedType(clang_getPointeeType(bt));
  }
  if (k == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(e);
    if (clang_getCursorKind(d) != CXCursor_VarDecl || !has_shared_attr(d) ||
        ld__is_array(clang_getCursorType(d)))
      return 0;
    *decl = d;
    return 1;
  }
  return 0;
}

/* How the access at f is used: LD_ITS_READ/WRITE/RW, or 0 when it is not
 * a plain load or store (address taken, reference bound, call argument,
 * member access, sizeof): not checked, so never reported. */
static int access_mode(const struct frame *f) {
  const struct frame *p = f->parent, *c = f;
  unsigned idx = f->index;

  while (p &&
         (p->kind == CXCursor_ParenExpr || p->kind == CXCursor_UnexposedExpr)) {
    idx = p->index;
    c = p;
    p = p->parent;
  }
  if (!p)
    return 0;
  switch (p->kind) {
  case CXCursor_CallExpr: {
    /* Distributed shared memory: an argument a known function takes by
     * value is read (`atomicAdd(&out[i], smem[i])`). */
    CXCursor callee = clang_getCursorReferenced(p->cur);
    int i, n = clang_Cursor_getNumArguments(p->cur);
    if (!f->w->warp || !f->w->warp->cluster || clang_Cursor_isNull(callee) ||
        clang_getCursorKind(callee) != CXCursor_FunctionDecl)
      return 0;
    for (i = 0; i < n; i++) {
      CXType t;
      if (!clang_equalCursors(clang_Cursor_getArgument(p->cur, (unsigned)i),
                              c->cur))
        continue;
      if (i >= clang_Cursor_getNumArguments(callee))
        return 0;
      t = clang_getCanonicalType(
          clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)i)));
      return t.kind == CXType_LValueReference ||
                     t.kind == CXType_RValueReference || t.kind == CXType_Record
                 ? 0
                 : LD_ITS_READ;
    }
    return 0;
  }
  case CXCursor_BinaryOperator:
    if (clang_getCursorBinaryOperatorKind(p->cur) == CXBinaryOperator_Assign)
      return idx == 0 ? LD_ITS_WRITE : LD_ITS_READ;
    if (clang_getCursorBinaryOperatorKind(p->cur) == CXBinaryOperator_Comma)
      return 0;
    return LD_ITS_READ;
  case CXCursor_CompoundAssignOperator:
    return idx == 0 ? LD_ITS_RW : LD_ITS_READ;
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(p->cur);
    if (k >= CXUnaryOperator_PostInc && k <= CXUnaryOperator_PreDec)
      return LD_ITS_RW;
    if (k == CXUnaryOperator_AddrOf || k == CXUnaryOperator_Deref)
      return 0;
    return LD_ITS_READ;
  }
  case CXCursor_ArraySubscriptExpr:
    return idx == 1 ? LD_ITS_READ : 0;
  case CXCursor_VarDecl:
    return clang_getCursorType(p->cur).kind == CXType_LValueReference ||
                   clang_getCursorType(p->cur).kind == CXType_RValueReference
               ? 0
               : LD_ITS_READ;
  case CXCursor_ConditionalOperator:
    return idx == 0 ? LD_ITS_READ : 0;
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
  case CXCursor_ForStmt:
  case CXCursor_ReturnStmt:
  case CXCursor_CStyleCastExpr:
    return LD_ITS_READ;
  default:
    return 0;
  }
}

/* The value of an integer literal c, 0 when c is none. */
static unsigned long literal(const struct ld__source *s, CXCursor c) {
  size_t b, e;
  char buf[16];

  c = ld__unwrap(c);
  if (clang_getCursorKind(c) != CXCursor_IntegerLiteral ||
      !span(s, c, &b, &e, NULL) || e - b >= sizeof buf)
    return 0;
  memcpy(buf, s->src + b, e - b);
  buf[e - b] = '\0';
  return strtoul(buf, NULL, 0);
}

/* A lane index's divisor or mask: a literal, or any constant expression
 * (`WARP_SIZE` for `#define WARP_SIZE 32`, a constexpr), 0 for none. */
static unsigned long warp_constant(const struct ld__source *s, CXCursor c) {
  unsigned long v = literal(s, c);
  long long x;
  int ok = 0;

  if (v)
    return v;
  x = ld__constant_of(ld__unwrap(c), &ok);
  return ok && x > 0 ? (unsigned long)x : 0;
}

/* Whether e mentions threadIdx, directly or through a local initialised
 * from it. */
static int from_thread_index(const struct ld__source *s, CXCursor e) {
  CXCursor d;

  if (text_has(s, e, "threadIdx"))
    return 1;
  e = ld__unwrap(e);
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return 0;
  d = clang_getCursorReferenced(e);
  return clang_getCursorKind(d) == CXCursor_VarDecl &&
         text_has(s, d, "threadIdx");
}

/* A lane index, `X % 32`, `X & 31` or `X % warpSize`, with X from
 * threadIdx: code that reasons about lanes. */
static int lane_index(const struct ld__source *s, CXCursor c) {
  enum CXBinaryOperatorKind k;
  CXCursor lhs, rhs;

  if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
    return 0;
  k = clang_getCursorBinaryOperatorKind(c);
  if ((k != CXBinaryOperator_Rem && k != CXBinaryOperator_And) ||
      !ld__nth_child(c, 0, &lhs) || !ld__nth_child(c, 1, &rhs))
    return 0;
  if (!(k == CXBinaryOperator_Rem
            ? warp_constant(s, rhs) == 32 || text_has(s, rhs, "warpSize")
            : warp_constant(s, rhs) == 31))
    return 0;
  return from_thread_index(s, lhs);
}

struct lane_query {
  const struct ld__source *s;
  int depth; /* 0: the index itself, 1: a local's initialiser */
  int found;
};

static enum CXChildVisitResult lane_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct lane_query *q = data;

  (void)parent;
  if (lane_index(q->s, c)) {
    q->found = 1;
    return CXChildVisit_Break;
  }
  if (q->depth == 0 && clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(c);
    struct lane_query inner = {q->s, 1, 0};
    if (clang_getCursorKind(d) == CXCursor_VarDecl)
      clang_visitChildren(d, lane_cb, &inner);
    if (inner.found) {
      q->found = 1;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

/* An element of shared or global memory indexed by a lane index (`buf[lane]`
 * with `int lane = threadIdx.x % 32`, `buf[(lane + 1) & 31]`): lanes
 * exchanging data through memory. */
static int indexed_by_lane(const struct ld__source *s, CXCursor sub) {
  struct lane_query q = {s, 0, 0};
  CXCursor idx, decl;

  if (!is_access(sub, &decl) || !ld__nth_child(sub, 1, &idx))
    return 0;
  if (lane_index(s, idx))
    return 1;
  clang_visitChildren(idx, lane_cb, &q);
  if (!q.found && clang_getCursorKind(ld__unwrap(idx)) == CXCursor_DeclRefExpr)
    lane_cb(ld__unwrap(idx), idx, &q);
  return q.found;
}

/* `X < C` or `X <= C` with C a literal at most 32 and X from threadIdx. */
static int lane_range(const struct ld__source *s, CXCursor c) {
  enum CXBinaryOperatorKind k;
  CXCursor lhs, rhs;
  unsigned long v;

  if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
    return 0;
  k = clang_getCursorBinaryOperatorKind(c);
  if (k != CXBinaryOperator_LT && k != CXBinaryOperator_LE)
    return 0;
  if (!ld__nth_child(c, 0, &lhs) || !ld__nth_child(c, 1, &rhs))
    return 0;
  v = literal(s, rhs);
  if (v == 0 || v > 32)
    return 0;
  return from_thread_index(s, lhs);
}

/* Whether a call to callee may synchronise lanes: its visible body
 * (followed MAX_DEPTH calls deep) contains a barrier, a warp collective or
 * inline assembly (CUB's shuffles are PTX), or it has no body and is not
 * from a system header.  The caller's epoch steps after such a call, so
 * accesses before and after it are never compared (a possible miss). */
#define MAX_DEPTH 4

struct sync_query {
  int depth;
  int found;
  int cluster; /* cluster syncs (callee_cluster_syncs), not warp ones */
};

static int callee_may_sync(CXCursor callee, int depth, int cluster);

static enum CXChildVisitResult syncs_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct sync_query *q = data;
  int warp;

  (void)parent;
  if ((!q->cluster &&
       ((clang_getCursorKind(c) == CXCursor_GCCAsmStmt && !ld__asm_pure(c)) ||
        clang_getCursorKind(c) == CXCursor_MSAsmStmt)) ||
      (clang_getCursorKind(c) == CXCursor_CallExpr &&
       ((q->cluster ? ld__cluster_sync(c) != 0
                    : warp_sync_form(c, &warp) != 0) ||
        callee_may_sync(clang_getCursorReferenced(c), q->depth + 1,
                        q->cluster)))) {
    q->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

static int callee_may_sync(CXCursor callee, int depth, int cluster) {
  struct sync_query q = {depth, 0, cluster};
  CXCursor def;

  if (clang_Cursor_isNull(callee))
    return 0; /* dependent or builtin: nvcc resolves it, not ours */
  /* The toolkit's functions: their cluster syncs are the calls the kernel
   * makes itself. */
  if (cluster &&
      clang_Location_isInSystemHeader(clang_getCursorLocation(callee)))
    return 0;
  if (ld__name_is(callee, "this_thread_block"))
    return 0; /* a handle: its constructor reads special registers */
  /* A compiler builtin (`-INFINITY` is `__builtin_huge_valf()`, declared
   * where it is first used, outside any system header). */
  if (ld__name_starts(callee, "__builtin"))
    return 0;
  if (depth > MAX_DEPTH)
    return 1;
  def = ld__definition_of(callee);
  /* The compiler's constructor (`Packed128() = default;`, an implicit
   * one): it copies or initialises members.  Its call is a declaration's
   * name (`x128 v;`), which no wrapper can surround (llm.c's
   * classifier_fused: nvcc rejected `x128 __ldcc::its_after(v);`). */
  if (clang_getCursorKind(callee) == CXCursor_Constructor &&
      (clang_CXXMethod_isDefaulted(callee) || !clang_isCursorDefinition(def)))
    return 0;
  if (!clang_isCursorDefinition(def))
    return !clang_Location_isInSystemHeader(clang_getCursorLocation(callee));
  clang_visitChildren(def, syncs_cb, &q);
  return q.found;
}

static int callee_syncs(CXCursor callee, int depth) {
  return callee_may_sync(callee, depth, 0);
}

/* `cluster.map_shared_rank(p, r)` (a cluster_group's member) or
 * `__cluster_map_shared_rank(p, r)`: another block's shared memory. */
static int dsm_call(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call), first, over;
  CXString sp;
  int hit;

  if (!clang_Cursor_isNull(callee))
    return ld__name_is(callee, "__cluster_map_shared_rank") ||
           (ld__name_is(callee, "map_shared_rank") &&
            (clang_getCursorKind(callee) == CXCursor_CXXMethod ||
             clang_getCursorKind(callee) == CXCursor_FunctionTemplate));
  /* In a template, `cluster.map_shared_rank(tile, r)` on a dependent
   * array is a call that names no declaration yet: its member's overload
   * set (or the call's spelling) does. */
  sp = clang_getCursorSpelling(call);
  hit = !strcmp(clang_getCString(sp), "map_shared_rank") ||
        !strcmp(clang_getCString(sp), "__cluster_map_shared_rank");
  clang_disposeString(sp);
  if (!hit && ld__nth_child(call, 0, &first) &&
      clang_getCursorKind(first) == CXCursor_MemberRefExpr &&
      ld__child_of_kind(first, CXCursor_OverloadedDeclRef, &over)) {
    sp = clang_getCursorSpelling(over);
    hit = !strcmp(clang_getCString(sp), "map_shared_rank");
    clang_disposeString(sp);
  }
  return hit;
}

/* The plan's name of a cluster sync (ld__cluster_sync 1). */
static const char *cluster_form(CXCursor call) {
  CXCursor callee = clang_getCursorReferenced(call);

  if (ld__name_is(callee, "barrier_wait"))
    return "barrier_wait";
  if (ld__name_is(callee, "__cluster_barrier_wait"))
    return "__cluster_barrier_wait";
  return clang_getCursorKind(callee) == CXCursor_CXXMethod ? "cluster.sync"
                                                           : "cg::sync";
}

/* Whether a call to callee may make a cluster sync: its visible body
 * (followed MAX_DEPTH calls deep) has one, or it has no body and is not
 * from a system header.  The epochs of distributed shared memory step at
 * the kernel's own syncs only, so such a call leaves it without those
 * checks (a step skipped would order nothing, one too many would make two
 * blocks' epochs disagree). */
static int callee_cluster_syncs(CXCursor callee, int depth) {
  return callee_may_sync(callee, depth, 1);
}

/* A call in a kernel with the checks of distributed shared memory: every
 * atomic, the cluster syncs (its epochs), nothing of the warp tables. */
static void add_scoped(struct warp_walk *w, CXCursor call, int mode);
static void add_sync(struct warp_walk *w, CXCursor call, const char *form);

static void cluster_call(struct warp_walk *w, CXCursor call, int atomic) {
  int sync = ld__cluster_sync(call);

  if (atomic)
    add_scoped(w, call, 0);
  if (sync == 1)
    add_sync(w, call, cluster_form(call));
  else if (!sync && !ld__is_triple_chevron(call) &&
           callee_cluster_syncs(clang_getCursorReferenced(call), 0))
    w->skip = w->skip ? w->skip : SKIP_CLUSTER_CALL;
}

/* Whether a call to callee makes a block barrier (found) and whether that
 * cannot be told (unknown: inline assembly that is not pure, a sync of a
 * generic group, a user function without a body here, more than
 * MAX_DEPTH calls deep).  The shadow's epoch steps after a call that
 * makes one; one that may, unknown, leaves the kernel without the shadow:
 * an epoch stepped one warp but not another could make two ordered
 * accesses look concurrent. */
struct block_query {
  int depth, found, unknown;
};

static void callee_block_syncs(CXCursor callee, struct block_query *q);

static enum CXChildVisitResult block_syncs_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct block_query *q = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  const char *unsupported = NULL;

  (void)parent;
  if ((k == CXCursor_GCCAsmStmt && !ld__asm_pure(c)) ||
      k == CXCursor_MSAsmStmt) {
    q->unknown = 1;
  } else if (k == CXCursor_CallExpr) {
    if (ld__barrier_form(c, &unsupported) || ld__grid_sync(c, NULL) == 1 ||
        ld__cluster_sync(c) == 1)
      q->found = 1;
    else if (unsupported)
      q->unknown = 1;
    else if (!ld__is_triple_chevron(c))
      callee_block_syncs(clang_getCursorReferenced(c), q);
  }
  return q->unknown ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void callee_block_syncs(CXCursor callee, struct block_query *q) {
  CXCursor def;

  /* Dependent (nvcc resolves it) or the toolkit's: its block barriers are
   * the forms ld__barrier_form knows, made by the kernel itself. */
  if (clang_Cursor_isNull(callee) ||
      clang_Location_isInSystemHeader(clang_getCursorLocation(callee)) ||
      ld__name_starts(callee, "__builtin"))
    return;
  def = ld__definition_of(callee);
  if (clang_getCursorKind(callee) == CXCursor_Constructor &&
      (clang_CXXMethod_isDefaulted(callee) || !clang_isCursorDefinition(def)))
    return;
  if (q->depth >= MAX_DEPTH || !clang_isCursorDefinition(def)) {
    q->unknown = 1;
    return;
  }
  q->depth++;
  clang_visitChildren(def, block_syncs_cb, q);
  q->depth--;
}

/* A call in a kernel whose shared memory is noted in the block's shadow:
 * every atomic; each block barrier (a grid or cluster sync is one too) and
 * each call of a function that may have one steps the epoch after it. */
static void shadow_call(struct warp_walk *w, CXCursor call, int atomic) {
  const char *unsupported = NULL;
  const char *form = ld__barrier_form(call, &unsupported);
  int grid = ld__grid_sync(call, NULL), cluster = ld__cluster_sync(call);

  if (atomic)
    add_scoped(w, call, 0);
  if (form)
    add_sync(w, call, form);
  else if (grid == 1)
    add_sync(w, call, "grid.sync");
  else if (cluster == 1)
    add_sync(w, call, cluster_form(call));
  else if (unsupported && cluster != 2)
    w->skip = w->skip ? w->skip : SKIP_SYNC_FORM;
  else if (!cluster && !ld__is_triple_chevron(call)) {
    struct block_query q = {0, 0, 0};
    callee_block_syncs(clang_getCursorReferenced(call), &q);
    if (q.unknown)
      w->skip = w->skip ? w->skip : SKIP_SYNC_FORM;
    else if (q.found)
      add_sync(w, call, "call");
  }
}

/* Called device functions (docs/inline-checks.md, "Called device
 * functions"): a call the walk looks into is one of a `__device__`
 * function of the user's (`__host__ __device__` too: the replay's clone
 * of it is device code), defined in the same file as the kernel, outside
 * macros,
 * whose body has nothing that orders threads but warp syncs and
 * collectives (no block barrier, atomic, fence, lock, flag or inline
 * assembly that is not pure: the replay clones a function with barriers
 * its own way, and the message-passing checks are not carried into
 * callees).  *def is its definition (a template's pattern), *name the
 * offset of its name there. */
static int atomic_call(CXCursor call, int *block);
static int fence_level(CXCursor call);

/* The function a call names: resolved, or in a template's dependent call
 * (`warpReduce<blockSize>(sdata, tid)`) the one function of its overload
 * set whose arity fits; a null cursor when none or several. */
static CXCursor called_function(CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call), first, d, one;
  unsigned i, n;

  if (!clang_Cursor_isNull(ref) || !ld__nth_child(call, 0, &first))
    return ref;
  d = ld__unwrap(first);
  if (clang_getCursorKind(d) == CXCursor_DeclRefExpr)
    d = clang_getCursorReferenced(d);
  if (clang_getCursorKind(d) == CXCursor_FunctionTemplate)
    return d;
  one = clang_getNullCursor();
  if (clang_getCursorKind(d) != CXCursor_OverloadedDeclRef)
    return one;
  n = clang_getNumOverloadedDecls(d);
  for (i = 0; i < n; i++) {
    CXCursor c = clang_getOverloadedDecl(d, i);
    if (!ld__arity_fits(c, clang_Cursor_getNumArguments(call)))
      continue;
    if (!clang_Cursor_isNull(one))
      return clang_getNullCursor();
    one = c;
  }
  return one;
}

struct plain_query {
  int bad;
  int memsync; /* an atomic, fence, lock or inline assembly (nested too) */
  int depth;
};

static enum CXChildVisitResult plain_cb(CXCursor c, CXCursor parent,
                                        CXClientData data) {
  struct plain_query *q = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  int block, lvalue, scope, order;
  CXCursor obj;

  (void)parent;
  if ((k == CXCursor_GCCAsmStmt && !ld__asm_pure(c)) ||
      k == CXCursor_MSAsmStmt) {
    q->bad = q->memsync = 1;
  } else if (k == CXCursor_LambdaExpr) {
    q->bad = 1;
  } else if (k == CXCursor_CallExpr) {
    struct block_query b = {0, 0, 0};
    if (atomic_call(c, &block) || memory_sync(c) || fence_level(c) ||
        dsm_call(c) || ld__libcu_atomic(c, &obj, &lvalue, &scope, &order))
      q->bad = q->memsync = 1;
    else if (!ld__is_triple_chevron(c)) {
      const char *unsupported = NULL;
      CXCursor callee = called_function(c), def;
      if (ld__barrier_form(c, &unsupported) || unsupported)
        q->bad = 1;
      else {
        callee_block_syncs(clang_getCursorReferenced(c), &b);
        q->bad = b.found || b.unknown;
      }
      /* A helper's helpers: a lock or a flag two calls deep. */
      if (!q->memsync && q->depth < MAX_DEPTH && !clang_Cursor_isNull(callee) &&
          ld__user_function(callee) &&
          clang_isCursorDefinition(def = ld__definition_of(callee))) {
        int bad = q->bad;
        q->depth++;
        clang_visitChildren(def, plain_cb, q);
        q->depth--;
        q->bad |= bad;
      }
    }
  }
  return q->memsync || (q->bad && !q->depth) ? CXChildVisit_Break
                                             : CXChildVisit_Recurse;
}

static int eligible_callee(struct warp_walk *w, CXCursor call, CXCursor *def,
                           size_t *name) {
  CXCursor callee = called_function(call), body, kbody;
  struct plain_query q = {0, 0, 0};
  size_t b, e, kb, ke;

  if (ld__is_triple_chevron(call) || clang_Cursor_isNull(callee) ||
      !ld__user_function(callee))
    return 0;
  *def = ld__definition_of(callee);
  if (!clang_isCursorDefinition(*def) ||
      (clang_getCursorKind(*def) != CXCursor_FunctionDecl &&
       clang_getCursorKind(*def) != CXCursor_FunctionTemplate) ||
      !ld__has_child_kind(*def, CXCursor_CUDADeviceAttr) ||
      ld__has_child_kind(*def, CXCursor_CUDAGlobalAttr) ||
      clang_equalCursors(*def, w->fn) ||
      !ld__main_offset(w->s, clang_getCursorLocation(*def), name) ||
      ld__in_macro(w->s, *name) ||
      !ld__child_of_kind(*def, CXCursor_CompoundStmt, &body) ||
      !span(w->s, body, &b, &e, NULL) ||
      !ld__child_of_kind(w->fn, CXCursor_CompoundStmt, &kbody) ||
      !span(w->s, kbody, &kb, &ke, NULL) ||
      (w->s->lines && w->s->lines->n &&
       ld_line_map_file_at(w->s->lines, b) !=
           ld_line_map_file_at(w->s->lines, kb)))
    return 0;
  clang_visitChildren(*def, plain_cb, &q);
  /* Threads that order each other through memory in a helper (a lock, a
   * flag, a fence): lanes may be ordered in a way the tables do not see,
   * so no callee makes the kernel warp-synchronous (analyse). */
  if (q.memsync)
    w->callee_memsync = 1;
  return !q.bad;
}

struct scan {
  int accesses, barriers;
  struct warp_walk *w;
};

static int is_access_cursor(CXCursor c) {
  CXCursor d;
  enum CXCursorKind k = clang_getCursorKind(c);
  return (k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator) &&
         is_access(c, &d);
}

static enum CXChildVisitResult scan_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct scan *q = data;
  int warp;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CallExpr && warp_sync_form(c, &warp) &&
      !warp)
    q->barriers++;
  if (is_access_cursor(c))
    q->accesses++;
  /* `if (tid < 32) warpReduce(sdata, tid);`: the accesses are the
   * callee's (descend looks into it when the walk does). */
  if (clang_getCursorKind(c) == CXCursor_CallExpr && q->w->descend) {
    CXCursor def;
    size_t name;
    if (eligible_callee(q->w, c, &def, &name) &&
        clang_Cursor_getNumArguments(c) > 0)
      q->accesses++;
  }
  return CXChildVisit_Recurse;
}

/* A lane-range `if` (`if (tid < 32)`) whose guarded statement accesses
 * memory (or calls a callee descend would look into) and has no block
 * barrier. */
static int guards_lanes(struct warp_walk *w, CXCursor ifstmt) {
  CXCursor cond, then;
  struct scan q = {0, 0, w};

  if (!ld__nth_child(ifstmt, 0, &cond) || !ld__nth_child(ifstmt, 1, &then) ||
      !lane_range(w->s, ld__unwrap(cond)))
    return 0;
  clang_visitChildren(then, scan_cb, &q);
  return q.accesses && !q.barriers;
}

/* A local or parameter of type pointer to volatile memory. */
static int to_volatile(CXCursor decl) {
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));

  return t.kind == CXType_Pointer &&
         clang_isVolatileQualifiedType(clang_getPointeeType(t));
}

static void add_sync(struct warp_walk *w, CXCursor call, const char *form) {
  struct ld_warp *its = w->warp;
  struct ld_warp_sync *y;
  CXString sp;

  if (ld__grow(&its->syncs, &w->capsync, its->nsyncs, sizeof *y)) {
    w->rc = LD_ENOMEM;
    return;
  }
  y = &its->syncs[its->nsyncs];
  memset(y, 0, sizeof *y);
  if (!span(w->s, call, &y->begin, &y->end, &y->at)) {
    w->skip = SKIP_MACRO;
    return;
  }
  y->is_void = clang_getCursorType(call).kind == CXType_Void;
  y->callee = w->in_callee;
  sp = clang_getCursorSpelling(call);
  y->form =
      strdup(strcmp(form, "warp") && strcmp(form, "cg") && strcmp(form, "call")
                 ? form
                 : clang_getCString(sp));
  clang_disposeString(sp);
  if (!y->form)
    w->rc = LD_ENOMEM;
  its->nsyncs++;
}

/* A value type the shadow hashes: an arithmetic scalar. */
static int arithmetic(CXType t) {
  t = clang_getCanonicalType(t);
  return (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) ||
         t.kind == CXType_Half || t.kind == CXType_Float16;
}

/* The block's shadow: whether access f (a's) is E of a statement `E = V;`
 * storing to a `__shared__` scalar or element of arithmetic type, whose
 * value the shadow can see (a->assign). */
static void stored_value(const struct frame *f, struct ld_warp_access *a) {
  const struct frame *p = f->parent, *c = f;
  CXCursor rhs;

  while (p &&
         (p->kind == CXCursor_ParenExpr || p->kind == CXCursor_UnexposedExpr)) {
    c = p;
    p = p->parent;
  }
  if (!p || p->kind != CXCursor_BinaryOperator || c->index != 0 ||
      clang_getCursorBinaryOperatorKind(p->cur) != CXBinaryOperator_Assign ||
      !p->parent || p->parent->kind != CXCursor_CompoundStmt ||
      !arithmetic(clang_getCursorType(f->cur)) ||
      !ld__nth_child(p->cur, 1, &rhs) ||
      clang_getCursorKind(rhs) == CXCursor_InitListExpr)
    return;
  a->assign = 1;
}

static void add_access(struct warp_walk *w, const struct frame *f,
                       CXCursor decl, int mode) {
  struct ld_warp *its = w->warp;
  struct ld_warp_access *a;

  if (ld__grow(&its->accesses, &w->capacc, its->naccesses, sizeof *a)) {
    w->rc = LD_ENOMEM;
    return;
  }
  a = &its->accesses[its->naccesses];
  memset(a, 0, sizeof *a);
  if (!span(w->s, f->cur, &a->begin, &a->end, &a->at))
    return; /* in a macro: not checked (a miss, never a false report) */
  a->mode = mode;
  a->var = ld__cursor_name(decl);
  a->callee = w->in_callee;
  if (!a->var || (w->in_callee && !(a->callee_name = strdup(w->callee_name)))) {
    free(a->var);
    a->var = NULL;
    w->rc = LD_ENOMEM;
    return;
  }
  if (its->cluster == LD_WARP_SHADOW && mode == LD_ITS_WRITE &&
      has_shared_attr(decl))
    stored_value(f, a);
  its->naccesses++;
}

/* `atomic<Op>(...)`, *block set for `atomic<Op>_block(...)`, an atomic
 * whose scope is the block. */
static int atomic_call(CXCursor call, int *block) {
  static const char *const fns[] = {"atomic*", NULL};
  CXCursor callee = clang_getCursorReferenced(call);
  CXString sp;
  size_t n;

  *block = 0;
  /* Functions only: `cuda::atomic_ref`'s constructor is no atomic. */
  if (clang_Cursor_isNull(callee) ||
      clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
      !name_in(callee, fns) || clang_Cursor_getNumArguments(call) < 1)
    return 0;
  sp = clang_getCursorSpelling(callee);
  n = strlen(clang_getCString(sp));
  *block = n > 6 && !strcmp(clang_getCString(sp) + n - 6, "_block");
  clang_disposeString(sp);
  return 1;
}

/* Whether t (canonically, without cv-qualifiers) is the libcu++ class
 * template cls (`cuda::atomic`, `cuda::atomic_ref`) specialised for the
 * block scope, which clang spells `cuda::std::thread_scope_block`. */
static int libcu_block_type(CXType t, const char *cls) {
  static const char tail[] = "thread_scope_block>";
  CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
  const char *n = clang_getCString(sp);
  size_t nc = strlen(cls), len;
  int hit;

  while (!strncmp(n, "const ", 6) || !strncmp(n, "volatile ", 9))
    n += *n == 'c' ? 6 : 9;
  len = strlen(n);
  hit = len > nc + sizeof tail && !strncmp(n, cls, nc) && n[nc] == '<' &&
        !strcmp(n + len - (sizeof tail - 1), tail);
  clang_disposeString(sp);
  return hit;
}

/* A block-scope atomic of libcu++ (docs/inline-checks.md): the constructor
 * of `cuda::atomic_ref<T, cuda::thread_scope_block>` from a location (*obj
 * the location, an lvalue), or a member or operator call on a
 * `cuda::atomic<T, cuda::thread_scope_block>` (*obj the object, an lvalue,
 * or the pointer before `->`).  *op names it in reports. */
static int libcu_block(CXCursor call, CXCursor *obj, int *lvalue,
                       const char **op) {
  CXCursor callee = clang_getCursorReferenced(call);
  enum CXCursorKind k = clang_getCursorKind(callee);
  CXType t;
  int first;

  if (k == CXCursor_Constructor) {
    if (clang_Cursor_getNumArguments(call) != 1 ||
        !libcu_block_type(clang_getCursorType(call), "cuda::atomic_ref"))
      return 0;
    *obj = ld__unwrap(clang_Cursor_getArgument(call, 0));
    *lvalue = 1;
    *op = "cuda::atomic_ref<thread_scope_block>";
    /* A copy of another reference was checked where that one was made. */
    return !libcu_block_type(clang_getCursorType(*obj), "cuda::atomic_ref");
  }
  if (k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction)
    return 0;
  if (!ld__member_object(call, obj, &first))
    return 0;
  t = clang_getCanonicalType(clang_getCursorType(*obj));
  *lvalue = t.kind != CXType_Pointer;
  *op = "cuda::atomic<thread_scope_block>";
  return libcu_block_type(*lvalue ? t : clang_getPointeeType(t),
                          "cuda::atomic");
}

/* The variable an address argument names: `p`, `&p[i]`, `&s`. */
static int address_var(CXCursor arg, CXCursor *decl) {
  CXCursor e = ld__unwrap(arg);

  /* `&E`, and `*p` (the location of a libcu++ atomic, an lvalue). */
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
      (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf ||
       clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) &&
      ld__nth_child(e, 0, &e))
    e = ld__unwrap(e);
  return base_var(e, decl);
}

/* Whether an atomic's address names a __shared__ variable (a slot or a
 * count of the block's own: no hand-over between blocks). */
static int shared_address(CXCursor arg) {
  CXCursor decl;

  return address_var(arg, &decl) && has_shared_attr(decl);
}

static int shared_target(CXCursor call) {
  return shared_address(clang_Cursor_getArgument(call, 0));
}

/* Remember the variable an atomic targets: its plain and volatile
 * accesses are flag accesses. */
static void note_flag(struct warp_walk *w, CXCursor call) {
  CXCursor decl;

  if (!address_var(clang_Cursor_getArgument(call, 0), &decl))
    return;
  if (ld__grow(&w->flags, &w->capflags, w->nflags, sizeof *w->flags)) {
    w->rc = LD_ENOMEM;
    return;
  }
  w->flags[w->nflags++] = decl;
}

/* A flag: a variable an atomic of the kernel targets, a volatile variable
 * or a pointer to volatile memory. */
static int is_flag(const struct warp_walk *w, CXCursor decl) {
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  size_t i;

  for (i = 0; i < w->nflags; i++)
    if (clang_equalCursors(w->flags[i], decl))
      return 1;
  if (clang_isVolatileQualifiedType(t))
    return 1;
  if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
    return clang_isVolatileQualifiedType(
        clang_getCanonicalType(clang_getArrayElementType(t)));
  return ld__is_pointer(t) &&
         clang_isVolatileQualifiedType(clang_getPointeeType(t));
}

/* Whether the value of the call at f is used: a ticket, a slot, a lock's
 * old value (not an atomic written as a statement of its own). */
static int result_used(const struct frame *f) {
  const struct frame *p = f->parent;

  while (p &&
         (p->kind == CXCursor_ParenExpr || p->kind == CXCursor_UnexposedExpr))
    p = p->parent;
  return p && p->kind != CXCursor_CompoundStmt &&
         p->kind != CXCursor_CStyleCastExpr && p->kind != CXCursor_IfStmt &&
         p->kind != CXCursor_ForStmt && p->kind != CXCursor_WhileStmt &&
         p->kind != CXCursor_DoStmt;
}

/* The level of a fence (1 block, 2 device and system) or grid sync (3)
 * by the call's own name, 0 for any other call. */
static int own_fence_level(CXCursor call) {
  static const char *const block[] = {"__threadfence_block", NULL};
  static const char *const device[] = {"__threadfence", "__threadfence_system",
                                       NULL};
  CXCursor callee = clang_getCursorReferenced(call);
  const char *unsupported = NULL;

  if (!clang_Cursor_isNull(callee) && name_in(callee, block))
    return 1;
  if (!clang_Cursor_isNull(callee) && name_in(callee, device))
    return 2;
  return !ld__barrier_form(call, &unsupported) && unsupported &&
                 strstr(unsupported, "grid")
             ? 3
             : 0;
}

struct fence_query {
  int depth;
  int level; /* the strongest fence found */
};

static void callee_fences(CXCursor call, struct fence_query *q);

static enum CXChildVisitResult fences_cb(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  struct fence_query *q = data;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CallExpr)
    callee_fences(c, q);
  return CXChildVisit_Recurse;
}

/* Raises q->level to the strongest fence of call, or of a device function
 * of the file it calls (followed MAX_DEPTH calls deep). */
static void callee_fences(CXCursor call, struct fence_query *q) {
  CXCursor callee = clang_getCursorReferenced(call), def;
  int level = own_fence_level(call);

  if (level == 1 || level == 2) {
    if (level > q->level)
      q->level = level;
    return;
  }
  if (level || q->depth >= MAX_DEPTH || clang_Cursor_isNull(callee) ||
      !clang_isCursorDefinition(def = ld__definition_of(callee)) ||
      clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
    return;
  q->depth++;
  clang_visitChildren(def, fences_cb, q);
  q->depth--;
}

/* The level of a fence (1 block, 2 device and system) or grid sync (3),
 * 0 for any other call; a call of a device function of the file with a
 * fence inside (a lock or publish helper) is one of its strongest fence's
 * level, or the message-passing checks would miss the order it gives and
 * report it. */
static int fence_level(CXCursor call) {
  struct fence_query q = {0, 0};
  int level = own_fence_level(call);

  if (level)
    return level;
  callee_fences(call, &q);
  return q.level;
}

/* An atomic's address argument, and "<op>:<variable>" (the variable its
 * address names, `?` when it is not a plain name); mode bit 0 for a
 * block-scope atomic, bit 1 when the atomic can acquire (its value is used,
 * or a CAS or exchange). */
static void add_scoped_at(struct warp_walk *w, CXCursor arg, const char *op,
                          int mode) {
  struct ld_warp *its = w->warp;
  struct ld_warp_access *a;
  CXCursor decl;
  char *var = NULL;
  struct ld_buf b = LD_BUF_INIT;

  if (ld__grow(&its->scoped, &w->capscoped, its->nscoped, sizeof *a)) {
    w->rc = LD_ENOMEM;
    goto out;
  }
  a = &its->scoped[its->nscoped];
  memset(a, 0, sizeof *a);
  if (!span(w->s, arg, &a->begin, &a->end, &a->at))
    goto out; /* in a macro: not checked */
  a->mode = mode;
  if (address_var(arg, &decl))
    var = ld__cursor_name(decl);
  /* Distributed shared memory: `dst + off` names dst (a report's
   * variable). */
  else if (w->warp->cluster) {
    CXCursor x, y, e = ld__unwrap(arg);
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
        ld__nth_child(e, 0, &x) && ld__nth_child(e, 1, &y) &&
        (base_var(ld__unwrap(ld__is_pointer(clang_getCursorType(x)) ? x : y),
                  &decl)))
      var = ld__cursor_name(decl);
  }
  if (ld_buf_printf(&b, "%s:%s", op, var ? var : "?")) {
    w->rc = LD_ENOMEM;
    goto out;
  }
  a->var = b.data;
  b.data = NULL;
  its->nscoped++;
out:
  free(var);
  ld_buf_free(&b);
}

static void add_scoped(struct warp_walk *w, CXCursor call, int mode) {
  CXString op = clang_getCursorSpelling(clang_getCursorReferenced(call));

  add_scoped_at(w, clang_Cursor_getArgument(call, 0), clang_getCString(op),
                mode);
  clang_disposeString(op);
}

/* A message-passing kernel's sync (only fences and grid syncs matter
 * there): a call of a device function with a fence inside is marked, its
 * fence put in parentheses of its own (ld_warp_sync.callee_fence). */
static void mp_sync(struct warp_walk *w, CXCursor call) {
  int level = fence_level(call);
  size_t before = w->warp->nsyncs;

  if (!level)
    return;
  add_sync(w, call,
           level == 3   ? "grid.sync"
           : level == 1 ? "__threadfence_block"
                        : "call");
  if (w->warp->nsyncs > before)
    w->warp->syncs[before].callee_fence = !fence_call(call) && level < 3;
}

/* A libcu++ block-scope atomic on memory other than shared. */
static void libcu_scoped(struct warp_walk *w, CXCursor call) {
  CXCursor obj;
  const char *op;
  int lvalue;

  if (!libcu_block(call, &obj, &lvalue, &op) || shared_address(obj))
    return;
  if (!w->rule)
    w->rule = RULE_BLOCK_ATOMIC;
  w->block_scoped = 1;
  if (w->collect)
    add_scoped_at(w, obj, op, 1 | LD_ITS_LIBCU | (lvalue ? LD_ITS_LVALUE : 0));
}

/* What a kernel with a shadow (a cluster's or a block's) collects of a
 * call, and whether warps may order each other through memory there: 1
 * when the call is done with. */
static int shadow_calls(struct warp_walk *w, const struct frame *f,
                        int atomic) {
  if (memory_sync(f->cur) || (atomic && in_loop_condition(f)))
    w->lock = 1;
  if (!w->collect || !w->warp->cluster)
    return 0;
  if (w->warp->cluster == LD_WARP_SHADOW)
    shadow_call(w, f->cur, atomic);
  else
    cluster_call(w, f->cur, atomic);
  return 1;
}

static enum CXChildVisitResult walk_cb(CXCursor c, CXCursor parent,
                                       CXClientData data);

/* Visit fn's children (a kernel's, or a callee's as descend walks it). */
static void walk_body(struct warp_walk *w, CXCursor fn) {
  struct frame root;

  root.cur = fn;
  root.kind = clang_getCursorKind(fn);
  root.parent = NULL;
  root.index = 0;
  root.nchild = 0;
  root.w = w;
  clang_visitChildren(fn, walk_cb, &root);
}

/* A node of a called device function's body (descend): the rules'
 * patterns (for the kernel's rule only with an access to check beside
 * them), its accesses and its syncs. */
static void visit_callee(struct warp_walk *w, const struct frame *f) {
  CXCursor decl;
  int warp;
  const char *form;

  switch (f->kind) {
  case CXCursor_CallExpr:
    form = warp_sync_form(f->cur, &warp);
    if (form && warp)
      w->callee_rule = 1;
    if (form && w->collect)
      add_sync(w, f->cur, form);
    else if (!form && w->collect && !ld__is_triple_chevron(f->cur) &&
             callee_syncs(clang_getCursorReferenced(f->cur), 0))
      add_sync(w, f->cur, "call");
    break;
  case CXCursor_IfStmt:
    if (guards_lanes(w, f->cur))
      w->callee_rule = 1;
    break;
  case CXCursor_VarDecl:
  case CXCursor_ParmDecl:
    if (to_volatile(f->cur))
      w->callee_rule = 1;
    break;
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_UnaryOperator:
  case CXCursor_DeclRefExpr:
    if (f->kind == CXCursor_ArraySubscriptExpr && indexed_by_lane(w->s, f->cur))
      w->callee_rule = 1;
    if (is_access(f->cur, &decl) && access_mode(f) &&
        !(f->parent && f->parent->kind == CXCursor_ArraySubscriptExpr &&
          f->index == 0)) {
      /* An element (`sdata[tid + 16]`), not a scalar through a pointer:
       * `*flag = 1` in a helper is a flag, not warp-synchronous code. */
      if (f->kind == CXCursor_ArraySubscriptExpr)
        w->callee_access = 1;
      if (w->collect)
        add_access(w, f, decl, access_mode(f));
    }
    break;
  default:
    break;
  }
}

/* Look into the device function a call of the kernel's body calls
 * (eligible_callee), once per kernel: in the rule's walk, a rule's
 * pattern there beside an access makes the kernel warp-synchronous
 * (RULE_CALLEE); in the collecting walk its accesses and syncs join the
 * kernel's, marked with the function (ld_warp_access.callee). */
static void descend(struct warp_walk *w, CXCursor call) {
  CXCursor def;
  size_t name, i, na, ns;
  char *fn_name;

  if (!w->descend || w->in_callee || !eligible_callee(w, call, &def, &name))
    return;
  for (i = 0; i < w->ncallees; i++)
    if (w->callees[i] == name + 1)
      return;
  if (ld__grow(&w->callees, &w->capcallees, w->ncallees, sizeof *w->callees) ||
      !(fn_name = ld__cursor_name(def))) {
    w->rc = LD_ENOMEM;
    return;
  }
  w->callees[w->ncallees++] = name + 1;
  w->in_callee = name + 1;
  w->callee_name = fn_name;
  w->callee_rule = w->callee_access = 0;
  na = w->collect ? w->warp->naccesses : 0;
  ns = w->collect ? w->warp->nsyncs : 0;
  walk_body(w, def);
  if (!w->collect && w->callee_rules && w->callee_rule && w->callee_access &&
      !w->rule)
    w->rule = RULE_CALLEE;
  /* A helper with syncs but no access (a shuffle reduction): nothing of
   * it to check, nothing to step. */
  if (w->collect && w->warp->naccesses == na)
    while (w->warp->nsyncs > ns)
      free(w->warp->syncs[--w->warp->nsyncs].form);
  w->in_callee = 0;
  w->callee_name = NULL;
  free(fn_name);
}

static void visit(struct warp_walk *w, const struct frame *f) {
  CXCursor decl;
  int warp;
  const char *form;

  switch (f->kind) {
  case CXCursor_CallExpr: {
    int block, atomic = atomic_call(f->cur, &block);
    /* A fence orders memory by itself; atomicCAS, atomicExch and used
     * atomic values only with fences, or when the caller asks
     * (weak_sync). */
    int claim = cas_claim(w, f);
    if ((memory_sync(f->cur) && !claim) ||
        (atomic && result_used(f) && !shared_target(f->cur) &&
         !(w->weak_sync && (replay_logged(f->cur) || claim))))
      w->weak_seen = 1;
    if (fence_call(f->cur) || (w->weak_sync && w->weak_seen))
      w->mp = 1;
    /* What a replay whose fenced regions run once cannot take. */
    if ((fence_level(f->cur) && !fence_call(f->cur)) ||
        (memory_sync(f->cur) && !fence_call(f->cur)) ||
        (atomic && !shared_target(f->cur) &&
         ((result_used(f) && !replay_ticket(f->cur)) || in_loop_condition(f))))
      w->hard_sync = 1;
    if (dsm_call(f->cur))
      w->dsm = 1;
    if (shadow_calls(w, f, atomic))
      break;
    if (atomic && !w->collect)
      note_flag(w, f->cur);
    /* A block-scope atomic on shared memory is what the block scope is
     * for: nothing to check, and the kernel keeps its replay. */
    block = block && !shared_target(f->cur);
    if (block && !w->rule)
      w->rule = RULE_BLOCK_ATOMIC;
    if (block)
      w->block_scoped = 1;
    libcu_scoped(w, f->cur);
    /* Every atomic in message passing; the others next to block-scope
     * ones, as probes. */
    if (atomic && w->collect && (block || w->warp->mp || w->warp->probe))
      add_scoped(w, f->cur,
                 block | (memory_sync(f->cur) || result_used(f) ? 2 : 0));
    if (w->collect && w->warp->mp) {
      mp_sync(w, f->cur); /* no warp tables: fences and grid syncs */
      break;
    }
    form = warp_sync_form(f->cur, &warp);
    if (form && warp && !w->rule)
      w->rule = RULE_SYNCWARP;
    if (form && w->collect)
      add_sync(w, f->cur, form);
    else if (!form && w->collect && !ld__is_triple_chevron(f->cur) &&
             callee_syncs(clang_getCursorReferenced(f->cur), 0))
      add_sync(w, f->cur, "call");
    if (!form && (!w->collect || (!w->warp->probe && !w->warp->cluster)))
      descend(w, f->cur);
    break;
  }
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    if (!ld__asm_pure(f->cur))
      w->skip = w->skip ? w->skip : SKIP_ASM;
    break;
  case CXCursor_IfStmt:
    if (!w->rule && guards_lanes(w, f->cur))
      w->rule = RULE_LANE_RANGE;
    break;
  case CXCursor_VarDecl: {
    CXType t = clang_getCanonicalType(clang_getCursorType(f->cur));
    if (to_volatile(f->cur)) {
      w->volatile_ptr = 1;
      if (!w->rule)
        w->rule = RULE_VOLATILE;
    }
    /* `__shared__ volatile int ready;`: a flag between warps. */
    if (has_shared_attr(f->cur) && clang_isVolatileQualifiedType(t) &&
        t.kind != CXType_Pointer && !ld__is_array(t))
      w->mp = w->hard_sync = 1;
    break;
  }
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_UnaryOperator:
  case CXCursor_DeclRefExpr:
    if (clang_isVolatileQualifiedType(clang_getCursorType(f->cur)))
      w->volatile_seen = 1;
    if (!w->rule && f->kind == CXCursor_ArraySubscriptExpr &&
        indexed_by_lane(w->s, f->cur))
      w->rule = RULE_LANE_INDEX;
    if (w->collect && is_access(f->cur, &decl)) {
      int mode = access_mode(f);
      /* Only the outermost subscript of `t[i][j]` is the access. */
      int flag = w->warp->mp && is_flag(w, decl);
      if (mode &&
          !(f->parent && f->parent->kind == CXCursor_ArraySubscriptExpr &&
            f->index == 0) &&
          /* Message passing: shared memory only as flags (its data belong
           * to one block; the shadow is device-wide). */
          !(w->warp->mp && !flag && has_shared_attr(decl)) &&
          /* A kernel's pointer parameter never holds a shared address. */
          !(w->warp->cluster == LD_WARP_SHADOW &&
            clang_getCursorKind(decl) == CXCursor_ParmDecl))
        add_access(w, f, decl, mode | (flag ? LD_ITS_FLAG : 0));
    }
    break;
  default:
    break;
  }
}

static enum CXChildVisitResult walk_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct frame *pf = data;
  struct frame f;

  (void)parent;
  if (pf->w->rc)
    return CXChildVisit_Break;
  f.cur = c;
  f.kind = clang_getCursorKind(c);
  f.parent = pf;
  f.index = pf->nchild++;
  f.nchild = 0;
  f.w = pf->w;
  if (f.kind == CXCursor_LambdaExpr)
    return CXChildVisit_Continue;
  if (pf->w->in_callee)
    visit_callee(pf->w, &f);
  else
    visit(pf->w, &f);
  clang_visitChildren(c, walk_cb, &f);
  return CXChildVisit_Continue;
}

static void walk(struct warp_walk *w, CXCursor fn) {
  w->fn = fn;
  walk_body(w, fn);
}

/* Whether a message-passing kernel has a global data access or a
 * block-scope atomic to check. */
static int mp_has_data(const struct ld_warp *its) {
  size_t i;

  for (i = 0; i < its->naccesses; i++)
    if (!(its->accesses[i].mode & LD_ITS_FLAG))
      return 1;
  for (i = 0; i < its->nscoped; i++)
    if (its->scoped[i].mode & 1)
      return 1;
  return 0;
}

int ld__warp_with_replay(const struct ld_warp *w) {
  return w && !w->cluster &&
         ((!w->mp && !w->probe && !w->nscoped) || w->fenced_replay);
}

/* The static shared memory kernel fn names (its own `__shared__`
 * variables and the file's it uses, each counted at every use: an upper
 * bound), or -1 for an `extern __shared__` buffer or a size unknown here
 * (a template's). */
struct shared_size {
  const struct ld__source *s;
  CXCursor fn;
  int depth;
  long long bytes;
};

static void add_shared(struct shared_size *z, CXCursor fn, int depth);

static enum CXChildVisitResult shared_size_cb(CXCursor c, CXCursor parent,
                                              CXClientData data) {
  struct shared_size *z = data;
  CXCursor d = c;
  long long n;
  size_t off;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CallExpr) {
    /* A device function of the file may declare shared memory too (an
     * `extern __shared__` buffer the launch sizes). */
    d = ld__definition_of(clang_getCursorReferenced(c));
    if (!clang_Cursor_isNull(d) && clang_isCursorDefinition(d) &&
        ld__main_offset(z->s, clang_getCursorLocation(d), &off))
      add_shared(z, d, z->depth + 1);
    return z->bytes < 0 ? CXChildVisit_Break : CXChildVisit_Recurse;
  }
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    d = clang_getCursorReferenced(c);
    if (clang_equalCursors(clang_getCursorSemanticParent(d), z->fn))
      return CXChildVisit_Recurse; /* its declaration counts */
  } else if (clang_getCursorKind(c) != CXCursor_VarDecl) {
    return CXChildVisit_Recurse;
  }
  if (clang_getCursorKind(d) != CXCursor_VarDecl ||
      !ld__has_child_kind(d, CXCursor_CUDASharedAttr))
    return CXChildVisit_Recurse;
  n = clang_Type_getSizeOf(clang_getCursorType(d));
  if (n < 0 || clang_Cursor_getStorageClass(d) == CX_SC_Extern) {
    z->bytes = -1;
    return CXChildVisit_Break;
  }
  z->bytes += n;
  return CXChildVisit_Recurse;
}

static void add_shared(struct shared_size *z, CXCursor fn, int depth) {
  struct shared_size sub = *z;

  if (depth > 4) {
    z->bytes = -1;
    return;
  }
  sub.fn = fn;
  sub.depth = depth;
  clang_visitChildren(fn, shared_size_cb, &sub);
  z->bytes = sub.bytes;
}

static long long static_shared(const struct ld__source *s, CXCursor fn) {
  struct shared_size z;

  z.s = s;
  z.bytes = 0;
  add_shared(&z, fn, 0);
  return z.bytes;
}

/* MODE_BESIDE: the block's shadow of a warp-synchronous kernel, beside
 * its warp tables (ld__warp_shadow_beside). */
enum mode { MODE_WARP, MODE_CROSS_LANE, MODE_SHADOW, MODE_BESIDE };
static void pair_with(struct ld_warp *t, struct ld_warp *sh);

static int analyse(const struct ld__source *s, CXCursor fn, struct ld_kernel *k,
                   size_t *nchecked, int weak_sync, enum mode mode);

int ld__warp_analyse(const struct ld__source *s, CXCursor fn,
                     struct ld_kernel *k, size_t *nchecked, int weak_sync) {
  return analyse(s, fn, k, nchecked, weak_sync, MODE_WARP);
}

int ld__warp_cross_lane(const struct ld__source *s, CXCursor fn,
                        struct ld_kernel *k, size_t *nchecked) {
  return analyse(s, fn, k, nchecked, 0, MODE_CROSS_LANE);
}

int ld__warp_shadow(const struct ld__source *s, CXCursor fn,
                    struct ld_kernel *k, size_t *nchecked) {
  return analyse(s, fn, k, nchecked, 0, MODE_SHADOW);
}

int ld__warp_shadow_beside(const struct ld__source *s, CXCursor fn,
                           struct ld_kernel *k, size_t *nchecked) {
  struct ld_warp *tables = k->warp;
  int rc;

  if (!tables || tables->skip || tables->mp || tables->probe ||
      tables->cluster || tables->volatile_ptr || tables->nscoped ||
      tables->beside || !tables->naccesses ||
      (strcmp(tables->rule, RULE_SYNCWARP) &&
       strcmp(tables->rule, RULE_LANE_RANGE) &&
       strcmp(tables->rule, RULE_LANE_INDEX)))
    return LD_OK;
  k->warp = NULL;
  rc = analyse(s, fn, k, nchecked, 0, MODE_BESIDE);
  tables->beside = k->warp;
  k->warp = tables;
  if (!rc && tables->beside)
    pair_with(tables, tables->beside);
  return rc;
}

/* A kernel for the shadow of shared memory without a replay: no rule of
 * the warp tables and nothing that orders warps other than barriers (no
 * fence, lock, flag, volatile access, block-scope atomic or distributed
 * shared memory). */
static int shadow_kernel(const struct warp_walk *w) {
  return !w->rule && !w->mp && !w->block_scoped && !w->volatile_seen &&
         !w->volatile_ptr && !w->dsm && !w->lock && !w->skip;
}

/* The same beside the warp tables: a rule of lanes (collectives,
 * `__syncwarp`, lane ranges or indices) orders no two warps. */
static int beside_kernel(const struct warp_walk *w) {
  return w->rule &&
         (!strcmp(w->rule, RULE_SYNCWARP) ||
          !strcmp(w->rule, RULE_LANE_RANGE) ||
          !strcmp(w->rule, RULE_LANE_INDEX)) &&
         !w->mp && !w->block_scoped && !w->volatile_seen && !w->volatile_ptr &&
         !w->dsm && !w->lock && !w->skip;
}

/* Pair the accesses and syncs of the tables and the shadow beside them
 * that are one expression (pair: the other's index + 1): the emitters
 * wrap such an expression once, in both checks. */
static void pair_with(struct ld_warp *t, struct ld_warp *sh) {
  size_t i, j;

  for (i = 0; i < sh->naccesses; i++)
    for (j = 0; j < t->naccesses; j++)
      if (!t->accesses[j].pair &&
          t->accesses[j].begin == sh->accesses[i].begin &&
          t->accesses[j].end == sh->accesses[i].end) {
        t->accesses[j].pair = i + 1;
        sh->accesses[i].pair = j + 1;
        break;
      }
  for (i = 0; i < sh->nsyncs; i++)
    for (j = 0; j < t->nsyncs; j++)
      if (!t->syncs[j].pair && t->syncs[j].begin == sh->syncs[i].begin &&
          t->syncs[j].end == sh->syncs[i].end) {
        t->syncs[j].pair = i + 1;
        sh->syncs[i].pair = j + 1;
        break;
      }
}

/* Threads that may order each other through memory, in the body or a
 * callee: the tables would not see that order, so no callee's pattern
 * makes the kernel warp-synchronous, and callees are not looked into. */
static int orders_through_memory(const struct warp_walk *w) {
  return w->mp || w->weak_seen || w->lock || w->hard_sync || w->block_scoped ||
         w->dsm || w->volatile_seen || w->callee_memsync;
}

static int analyse(const struct ld__source *s, CXCursor fn, struct ld_kernel *k,
                   size_t *nchecked, int weak_sync, enum mode mode) {
  struct warp_walk w;
  CXCursor body;
  size_t b, e;
  long long shared;
  int memsync;

  memset(&w, 0, sizeof w);
  w.s = s;
  w.weak_sync = weak_sync;
  /* Called device functions: looked into for the tables (and whether
   * they order threads through memory), their patterns a rule only when
   * looking for the warp tables' rules (the shadows and the rule of
   * shared memory across threads apply to kernels without them). */
  w.descend = mode == MODE_WARP || mode == MODE_CROSS_LANE;
  w.callee_rules = mode == MODE_WARP;
  walk(&w, fn);
  if (w.rc)
    goto out;
  memsync = orders_through_memory(&w);
  if (memsync && w.rule && !strcmp(w.rule, RULE_CALLEE))
    w.rule = NULL;
  /* Shared memory used across threads in a region the replay cannot
   * prove: lanes of one warp may race there, which the replay (a warp is
   * its unit) cannot see (a block of one warp: nothing at all). */
  if (mode == MODE_SHADOW || mode == MODE_BESIDE) {
    if (mode == MODE_SHADOW ? !shadow_kernel(&w) : !beside_kernel(&w))
      goto out;
    w.rule = RULE_SHADOW;
  }
  if (mode == MODE_CROSS_LANE && !w.rule && !w.mp && !w.block_scoped &&
      !w.skip && (shared = static_shared(s, fn)) >= 0 &&
      shared <= CROSS_LANE_MAX_SHARED)
    w.rule = RULE_CROSS_LANE;
  /* A volatile flag next to an atomicCAS or atomicExch: a hand-over (a
   * volatile access is a relaxed one, never a race by itself).  With a
   * rule of its own the kernel is not checked across blocks anyway: the
   * message-passing checks, as always. */
  if (mode != MODE_SHADOW && mode != MODE_BESIDE && w.weak_seen &&
      (w.volatile_seen || w.rule))
    w.mp = 1;
  if (!w.rule && w.mp)
    w.rule = RULE_MEMORY_SYNC;
  /* Another block's shared memory, ordered by cluster syncs alone (no
   * fence, flag, lock, volatile access or block-scope atomic): the checks
   * of distributed shared memory, instead of any other rule's. */
  int cluster =
      mode == MODE_SHADOW || mode == MODE_BESIDE ? LD_WARP_SHADOW
      : w.dsm && !w.mp && !w.block_scoped && !w.volatile_seen && !w.volatile_ptr
          ? LD_WARP_CLUSTER
          : 0;
  if (cluster == LD_WARP_CLUSTER)
    w.rule = RULE_CLUSTER;
  if (!w.rule)
    goto out;
  w.warp = calloc(1, sizeof *w.warp);
  if (!w.warp) {
    w.rc = LD_ENOMEM;
    goto out;
  }
  k->warp = w.warp;
  w.warp->rule = w.rule;
  w.warp->cluster = cluster;
  w.warp->weak_stores = !strcmp(w.rule, RULE_CROSS_LANE);
  w.warp->mp = w.mp;
  w.warp->probe = w.block_scoped && !w.mp;
  w.warp->volatile_ptr = w.volatile_ptr;
  w.warp->fenced_replay = w.mp && !w.hard_sync && !w.block_scoped &&
                          !w.volatile_seen && !w.volatile_ptr;
  if (w.skip || !ld__child_of_kind(fn, CXCursor_CompoundStmt, &body) ||
      !span(s, body, &b, &e, NULL)) {
    w.warp->skip = w.skip ? w.skip : SKIP_MACRO;
    goto out;
  }
  w.warp->body_open = b;
  clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(body)),
                             NULL, &w.warp->exit_line, NULL, NULL);
  /* A line of the file it is in (a pasted header's), as every other. */
  w.warp->exit_line = ld__file_line(s, w.warp->exit_line);
  w.collect = 1;
  w.ncallees = 0;
  w.descend = (mode == MODE_WARP || mode == MODE_CROSS_LANE) && !memsync &&
              !w.warp->mp && !w.warp->cluster && !w.warp->probe;
  walk(&w, fn);
  if (w.rc)
    goto out;
  if (!w.skip && w.warp->mp && !mp_has_data(w.warp) &&
      !strcmp(w.warp->rule, RULE_MEMORY_SYNC)) {
    /* Fences or locks but no global data to hand over and no block-scope
     * atomic: nothing to check, nothing to pay. */
    ld_warp_free(w.warp);
    k->warp = NULL;
    goto out;
  }
  /* The shadow stands for the replay only when it sees every access of
   * the kernel's shared memory; else the kernel keeps the replay's reason. */
  if ((mode == MODE_SHADOW || mode == MODE_BESIDE) &&
      (w.skip || *nchecked >= LD_WARP_MAX_KERNELS ||
       !ld__shadow_covers(s, fn, w.warp))) {
    ld_warp_free(w.warp);
    k->warp = NULL;
    goto out;
  }
  if (w.skip)
    w.warp->skip = w.skip;
  else if (mode != MODE_SHADOW && mode != MODE_BESIDE &&
           static_shared(s, fn) > WARP_MAX_SHARED)
    w.warp->skip = SKIP_NO_ROOM;
  else if (*nchecked >= LD_WARP_MAX_KERNELS)
    w.warp->skip = SKIP_TOO_MANY;
  else
    w.warp->index = (*nchecked)++;
out:
  free(w.flags);
  free(w.callees);
  return w.rc;
}
