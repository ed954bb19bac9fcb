/* The facts the shared-memory proof (decide/shared_proof.c) reads of one
 * kernel, collected with libclang: every access to a target with its
 * index as linear forms of thread indices and locals, the guards around
 * it, loops, breaks and continues, and the locals' strides and powers of
 * two.  The proof itself is decided there, without libclang.  Host code
 * only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"
#include "ld_shared_proof_facts.h"

/* Cursors of a one-dimensional access, read when the walk is done: its
 * index and the conditions of the `if`s (and `?:`) it is the then-branch
 * of, innermost first. */
#define PROOF_GUARDS 4
struct proof_cur {
  CXCursor idx;
  int has_idx;
  CXCursor sub[2]; /* rank 2: the two subscripts, outermost first */
  int nsub;
  CXCursor guard[PROOF_GUARDS];
  int nguards;
};

static int index_atom_of(const struct facts *fx, CXCursor i);

/* The subscript's index as a proof atom: a threadIdx component, a local
 * (LD_PROOF_LOCAL + i; whether it holds one is decided at the end), a
 * component plus a local (LD_PROOF_STRIDED...), or -1. */
static int index_atom(const struct facts *fx, CXCursor sub) {
  CXCursor i, c, d;
  int k;

  if (!ld__nth_child(sub, 1, &i))
    return -1;
  while (clang_getCursorKind(i) == CXCursor_ParenExpr &&
         ld__nth_child(i, 0, &c))
    i = c;
  if ((k = ld__thread_index_of(fx, i)) >= 0)
    return k;
  if (clang_getCursorKind(i) == CXCursor_BinaryOperator &&
      clang_getCursorBinaryOperatorKind(i) == CXBinaryOperator_Add &&
      ld__nth_child(i, 0, &c) && ld__nth_child(i, 1, &d)) {
    /* threadIdx.<k> + j, either way round */
    int a = ld__thread_index_of(fx, c), b = ld__thread_index_of(fx, d);
    int other = a >= 0 ? index_atom_of(fx, d) : index_atom_of(fx, c);
    if ((a >= 0) != (b >= 0) && other >= LD_PROOF_LOCAL &&
        other < LD_PROOF_STRIDED)
      return LD_PROOF_STRIDED + 3 * (other - LD_PROOF_LOCAL) + (a >= 0 ? a : b);
    return -1;
  }
  return index_atom_of(fx, i);
}

/* A local, looked at through implicit conversions and parentheses:
 * LD_PROOF_LOCAL + i, else -1. */
static int index_atom_of(const struct facts *fx, CXCursor i) {
  size_t l;

  i = ld__stripped(i);
  if (clang_getCursorKind(i) == CXCursor_DeclRefExpr &&
      (l = ld__find_local(fx, clang_getCursorReferenced(i))) != SIZE_MAX)
    return LD_PROOF_LOCAL + (int)l;
  return -1;
}

/* The family of an atomic update that commutes with the others of its
 * family (ld_proof_access.atomic): 1 for atomicAdd and atomicSub, the
 * shared atomics the replay takes (others leave the kernel unchecked); 0
 * for any other name. */
static int atomic_family(const char *name) {
  return !strcmp(name, "atomicAdd") || !strcmp(name, "atomicSub");
}

/* Element sub (the outermost subscript of a reference) as the address
 * operand of a statement `atomicAdd(&s[i], v);`: an integer element, an
 * update of a commuting family (atomic_family) whose result is unused.
 * The family, else 0. */
static int atomic_update(const struct frame *sub) {
  const struct frame *q = sub->parent, *call;
  CXCursor arg;
  CXString name;
  int fam;

  while (q && q->kind == CXCursor_ParenExpr)
    q = q->parent;
  if (!q || q->kind != CXCursor_UnaryOperator ||
      clang_getCursorUnaryOperatorKind(q->cur) != CXUnaryOperator_AddrOf ||
      !ld__is_index_type(clang_getCursorType(sub->cur)))
    return 0;
  for (call = q->parent; call && (call->kind == CXCursor_ParenExpr ||
                                  call->kind == CXCursor_UnexposedExpr);
       call = call->parent)
    ;
  if (!call || call->kind != CXCursor_CallExpr || !call->parent ||
      !ld__is_statement_at(call->cur, call->index, call->parent->cur) ||
      clang_Cursor_getNumArguments(call->cur) < 1)
    return 0;
  arg = ld__stripped(clang_Cursor_getArgument(call->cur, 0));
  if (!clang_equalCursors(arg, q->cur))
    return 0;
  name = clang_getCursorSpelling(call->cur);
  fam = atomic_family(clang_getCString(name));
  clang_disposeString(name);
  return fam;
}

/* Records a reference to target `member` at off, used as `use`: the
 * target's rank and the indices of the subscripts that apply to it. */
void ld__proof_access(struct facts *fx, const struct frame *f, size_t member,
                      size_t off, int use) {
  struct ld_proof_access *a;
  const struct frame *p = f, *last = NULL;
  struct proof_cur *pc;
  CXCursor subs[2];
  CXType t;

  if (ld__grow(&fx->proof.pacc, &fx->proof.cappacc, fx->proof.npacc,
               sizeof *a)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  a = &fx->proof.pacc[fx->proof.npacc++];
  memset(a, 0, sizeof *a);
  a->off = off;
  a->line = ld__line_of(fx, off);
  a->member = member;
  a->write = use == ACCESS_STORE;
  a->other = use == ACCESS_OTHER;
  t = clang_getCanonicalType(clang_getCursorType(f->cur));
  while (ld__is_array_type(t) && a->rank <= LD_PROOF_MAX_RANK) {
    t = clang_getArrayElementType(t);
    a->rank++;
    if (t.kind == CXType_Invalid) {
      a->rank = -1;
      break;
    }
  }
  while (p->parent && a->rank > 0 && a->rank <= LD_PROOF_MAX_RANK &&
         a->ndims < a->rank) {
    const struct frame *q = p->parent, *sub;
    if (q->kind == CXCursor_ParenExpr) {
      p = q;
      continue;
    }
    if (q->kind == CXCursor_ArraySubscriptExpr && p->index == 0)
      sub = q;
    else if ((sub = ld__decayed_into_subscript(p, q)) == NULL)
      break;
    if (a->ndims < 2)
      subs[a->ndims] = sub->cur;
    a->atom[a->ndims++] = index_atom(fx, sub->cur);
    p = sub;
    last = sub;
  }
  if (use == ACCESS_OTHER && last && a->rank >= 1 && a->ndims == a->rank &&
      (a->atomic = atomic_update(last)) != 0) {
    a->other = 0;
    a->write = 1;
  }
  if (ld__grow(&fx->proof.pcur, &fx->proof.cappcur, fx->proof.npacc - 1,
               sizeof *fx->proof.pcur)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  pc = &fx->proof.pcur[fx->proof.npacc - 1];
  memset(pc, 0, sizeof *pc);
  if (a->rank == 1 && a->ndims == 1 && last)
    pc->has_idx = ld__nth_child(last->cur, 1, &pc->idx);
  if (a->rank == 2 && a->ndims == 2) {
    pc->sub[0] = subs[0];
    pc->sub[1] = subs[1];
    pc->nsub = 2;
  }
  a->ext1 = -1;
  t = clang_getCanonicalType(clang_getCursorType(f->cur));
  if (a->rank == 2 && t.kind == CXType_ConstantArray) {
    CXType e = clang_getCanonicalType(clang_getArrayElementType(t));
    if (e.kind == CXType_ConstantArray)
      a->ext1 = clang_getArraySize(e);
  }
  for (p = f; p->parent && pc->nguards < PROOF_GUARDS; p = p->parent) {
    CXCursor cond;
    if ((p->parent->kind == CXCursor_IfStmt ||
         p->parent->kind == CXCursor_ConditionalOperator) &&
        p->index == 1 && ld__nth_child(p->parent->cur, 0, &cond) &&
        clang_isExpression(clang_getCursorKind(cond)))
      pc->guard[pc->nguards++] = cond;
  }
}

/* The loop just added to fx->shape.loops: where a for statement's body starts
 * (its header, before, holds its init, condition and increment). */
void ld__proof_loop(struct facts *fx, CXCursor c) {
  size_t n = 0, b = SIZE_MAX, e;
  CXCursor body;

  if (ld__grow(&fx->proof.for_body, &fx->proof.capfor, fx->shape.nloops - 1,
               sizeof *fx->proof.for_body) ||
      ld__grow(&fx->proof.for_cond, &fx->proof.capcond, fx->shape.nloops - 1,
               sizeof *fx->proof.for_cond) ||
      ld__grow(&fx->proof.body_at, &fx->proof.capbody, fx->shape.nloops - 1,
               sizeof *fx->proof.body_at)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  while (ld__nth_child(c, (unsigned)n, &body))
    n++;
  if (clang_getCursorKind(c) == CXCursor_ForStmt && n &&
      ld__nth_child(c, (unsigned)(n - 1), &body) &&
      !ld__replay_span(fx, body, &b, &e))
    b = SIZE_MAX;
  fx->proof.for_body[fx->shape.nloops - 1] = b;
  /* the body: last of a for or while loop, the start of a do loop */
  fx->proof.body_at[fx->shape.nloops - 1] = SIZE_MAX;
  if (clang_getCursorKind(c) == CXCursor_DoStmt)
    fx->proof.body_at[fx->shape.nloops - 1] =
        fx->shape.loops[fx->shape.nloops - 1][0];
  else if (n && ld__nth_child(c, (unsigned)(n - 1), &body) &&
           ld__replay_span(fx, body, &b, &e))
    fx->proof.body_at[fx->shape.nloops - 1] = b;
  /* init, condition, increment, body: the condition is the second */
  fx->proof.for_cond[fx->shape.nloops - 1] = clang_getNullCursor();
  if (clang_getCursorKind(c) == CXCursor_ForStmt && n == 4)
    ld__nth_child(c, 1, &fx->proof.for_cond[fx->shape.nloops - 1]);
}

/* A `break` or `continue`: the loop it leaves or continues (a switch's
 * `break` leaves no loop). */
void ld__proof_jump(struct facts *fx, const struct frame *f) {
  const struct frame *q;
  struct ld_proof_jump *j;

  for (q = f->parent; q; q = q->parent) {
    if (q->kind == CXCursor_SwitchStmt && f->kind == CXCursor_BreakStmt)
      return;
    if (q->kind == CXCursor_ForStmt || q->kind == CXCursor_WhileStmt ||
        q->kind == CXCursor_DoStmt)
      break;
  }
  if (!q)
    return;
  if (ld__grow(&fx->proof.jumps, &fx->proof.capjumps, fx->proof.njumps,
               sizeof *j)) {
    fx->rc = LD_ENOMEM;
    return;
  }
  j = &fx->proof.jumps[fx->proof.njumps];
  if (!ld__replay_span(fx, f->cur, &j->at, &j->loop_e) ||
      !ld__replay_span(fx, q->cur, &j->loop_b, &j->loop_e)) {
    fx->proof.proof_why = "break or continue inside a macro expansion";
    return;
  }
  j->line = ld__line_of(fx, j->at);
  fx->proof.njumps++;
}

/* An integer constant expression. */
static int is_constant(CXCursor c) {
  int ok;
  ld__constant_of(c, &ok);
  return ok;
}

/* A change f of a local as the proof's powers of two see it (local_uses
 * .powch): 1 halves it, 2 doubles it, 4 anything else. */
static unsigned power_change(const struct frame *f) {
  CXCursor rhs;
  long long v;
  int ok;
  enum CXBinaryOperatorKind op;

  if (!f->parent || f->parent->kind != CXCursor_CompoundAssignOperator ||
      f->index != 0 || !ld__nth_child(f->parent->cur, 1, &rhs))
    return 4;
  v = ld__constant_of(rhs, &ok);
  if (!ok)
    return 4;
  op = clang_getCursorBinaryOperatorKind(f->parent->cur);
  if ((op == CXBinaryOperator_ShrAssign && v == 1) ||
      (op == CXBinaryOperator_DivAssign && v == 2))
    return 1;
  if ((op == CXBinaryOperator_ShlAssign && v == 1) ||
      (op == CXBinaryOperator_MulAssign && v == 2))
    return 2;
  return 4;
}

/* A reference f that may change local i: for the proof, the constant K of
 * `i += K`, anything else spoils the stride. */
void ld__proof_change(struct facts *fx, size_t i, const struct frame *f) {
  struct local_uses *u = &fx->uses[i];
  long long k = -1;
  CXCursor rhs;

  if (f->parent && f->parent->kind == CXCursor_CompoundAssignOperator &&
      f->index == 0 &&
      clang_getCursorBinaryOperatorKind(f->parent->cur) ==
          CXBinaryOperator_AddAssign &&
      ld__nth_child(f->parent->cur, 1, &rhs)) {
    int ok;
    long long v = ld__constant_of(rhs, &ok);
    if (ok)
      k = v;
  }
  {
    size_t b, e;
    if (!ld__replay_span(fx, f->cur, &b, &e))
      u->odd_change = 1;
    else {
      if (!u->pchanged || b < u->change_lo)
        u->change_lo = b;
      if (!u->pchanged || b > u->change_hi)
        u->change_hi = b;
    }
  }
  if (!(f->parent &&
        ((f->parent->kind == CXCursor_UnaryOperator &&
          clang_getCursorUnaryOperatorKind(f->parent->cur) >=
              CXUnaryOperator_PostInc &&
          clang_getCursorUnaryOperatorKind(f->parent->cur) <=
              CXUnaryOperator_PreDec) ||
         (f->parent->kind == CXCursor_CompoundAssignOperator && f->index == 0 &&
          ld__nth_child(f->parent->cur, 1, &rhs) && is_constant(rhs)))))
    u->odd_change = 1;
  u->pchanged = 1;
  u->stride = k <= 0 || (u->stride && u->stride != k) ? -1 : k;
  u->powch |= power_change(f);
}

/* 0, 1, 2 when local i always holds threadIdx.x, .y, .z: an integer of at
 * least 16 bits initialised so in its declaration and never changed. */
static int local_alias(const struct facts *fx, size_t i) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  CXCursor init;

  if (l->is_param || l->is_array || u->pchanged)
    return -1;
  if (!ld__is_index_type(clang_getCursorType(fx->local_cur[i])))
    return -1;
  init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  return clang_Cursor_isNull(init) ? -1 : ld__thread_index_of(fx, init);
}

/* K when local i starts at 0 in its declaration and only ever grows by
 * the constant K (`for (int j = 0; j < n; j += K)`), else 0. */
static long long local_stride(const struct facts *fx, size_t i) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  CXCursor init;
  int ok;

  if (l->is_param || l->is_array || u->stride <= 0)
    return 0;
  init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  if (clang_Cursor_isNull(init))
    return 0;
  return ld__constant_of(init, &ok) == 0 && ok ? u->stride : 0;
}

static int uniform_at_d(const struct facts *fx, size_t i, size_t at, int depth);

/* Whether expression c, evaluated at offset at, is the same in every
 * thread: constants and uniform locals (uniform_at) under arithmetic. */
static int uniform_value(const struct facts *fx, CXCursor c, size_t at,
                         int depth) {
  CXCursor x, y;
  size_t i;

  c = ld__stripped(c);
  if (depth > 6)
    return 0;
  if (is_constant(c))
    return 1;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    return (i = ld__find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX &&
           uniform_at_d(fx, i, at, depth + 1);
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      ld__nth_child(c, 0, &x) && ld__nth_child(c, 1, &y))
    switch (clang_getCursorBinaryOperatorKind(c)) {
    case CXBinaryOperator_Add:
    case CXBinaryOperator_Sub:
    case CXBinaryOperator_Mul:
    case CXBinaryOperator_Div:
    case CXBinaryOperator_Shl:
    case CXBinaryOperator_Shr:
      return uniform_value(fx, x, at, depth + 1) &&
             uniform_value(fx, y, at, depth + 1);
    default:
      return 0;
    }
  return 0;
}

/* Whether local i is the same in every thread wherever offset `at` may
 * read it: a parameter never changed, or the variable of a for loop with
 * barriers, set in the loop's header to a constant or to a value the same
 * in every thread there, and changed only in the header by a constant (`s
 * >>= 1`, `off *= 2`, `j++`), read in the part of the body before the
 * loop's first barrier (every thread has passed the same increments there;
 * after a barrier the region runs on into the next increment). */
static int uniform_at(const struct facts *fx, size_t i, size_t at) {
  return uniform_at_d(fx, i, at, 0);
}

static int uniform_at_d(const struct facts *fx, size_t i, size_t at,
                        int depth) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  size_t k, s;

  if (!ld__is_index_type(clang_getCursorType(fx->local_cur[i])))
    return 0;
  if (l->is_param)
    return !l->changed;
  if (l->is_array || u->odd_change || !u->pchanged ||
      !uniform_value(fx, clang_Cursor_getVarDeclInitializer(fx->local_cur[i]),
                     u->decl, depth))
    return 0;
  for (k = fx->shape.nloops; k-- > 0;) {
    size_t b = fx->shape.loops[k][0], body = fx->proof.for_body[k];
    if (body == SIZE_MAX || u->decl < b || u->decl >= body)
      continue;
    if (u->change_lo < b || u->change_hi >= body || at < body)
      return 0;
    for (s = 0; s < fx->r->nsites; s++)
      if (fx->r->sites[s].stmt_begin >= b &&
          fx->r->sites[s].stmt_begin < fx->shape.loops[k][1])
        return at < fx->r->sites[s].stmt_begin;
    return 0; /* no barrier in the loop */
  }
  return 0;
}

/* The index c, read at offset at, as threadIdx.x + v (ld_proof.h); invalid
 * when it is not of that form.  Locals: threadIdx.x, an offset from it set
 * once (`int l = threadIdx.x + R`, whose own symbols may not change), or a
 * uniform value. */
static struct ld_proof_lin lin_of(const struct facts *fx, CXCursor c, size_t at,
                                  int depth) {
  struct ld_proof_lin r, a, b;
  CXCursor x, y;
  size_t bb, ee, i;
  int k;

  memset(&r, 0, sizeof r);
  r.v.sym = -1;
  if (depth > 6)
    return r;
  c = ld__stripped(c);
  if ((k = ld__thread_index_of(fx, c)) >= 0) {
    r.valid = k == 0;
    r.has_t = 1;
    return r;
  }
  if (ld__replay_span(fx, c, &bb, &ee) &&
      ld__replay_text_is(fx, bb, ee, "blockDim.x")) {
    r.valid = 1;
    r.v.bdx = 1;
    return r;
  }
  r.v.c = ld__constant_of(c, &k);
  if (k) {
    r.valid = 1;
    return r;
  }
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add ||
       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub) &&
      ld__nth_child(c, 0, &x) && ld__nth_child(c, 1, &y)) {
    int sign = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add
                   ? 1
                   : -1,
        ok = 1;
    a = lin_of(fx, x, at, depth + 1);
    b = lin_of(fx, y, at, depth + 1);
    if (!a.valid || !b.valid || (b.has_t && (sign < 0 || a.has_t)))
      return r;
    r.has_t = a.has_t || b.has_t;
    r.v.c = a.v.c + sign * b.v.c;
    r.v.bdx = a.v.bdx + sign * b.v.bdx;
    if (a.v.k && b.v.k && a.v.sym != b.v.sym)
      ok = 0;
    r.v.sym = a.v.k ? a.v.sym : b.v.sym;
    r.v.k = a.v.k + sign * b.v.k;
    if (!r.v.k)
      r.v.sym = -1;
    r.valid = ok;
    return r;
  }
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      (i = ld__find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX) {
    const struct ld_local *l = &fx->r->locals[i];
    if (local_alias(fx, i) == 0) {
      r.valid = r.has_t = 1;
      return r;
    }
    if (uniform_at(fx, i, at)) {
      r.valid = 1;
      r.v.sym = (int)i;
      r.v.k = 1;
      return r;
    }
    if (!l->is_param && !l->is_array && !fx->uses[i].pchanged &&
        !clang_Cursor_isNull(
            (x = clang_Cursor_getVarDeclInitializer(fx->local_cur[i])))) {
      /* set once from threadIdx.x and values that never change: read
       * where it is declared, so no loop variable */
      size_t d = fx->uses[i].decl;
      a = lin_of(fx, x, d, depth + 1);
      if (a.valid && a.v.k && !fx->r->locals[a.v.sym].is_param)
        return r;
      return a;
    }
  }
  return r;
}

/* ---- Pairs: bitonic steps ------------------------------------------------ */

static int power_local(const struct facts *fx, size_t i, int depth);

/* Whether c is always 0 or a power of two: such a constant, a local that
 * is (power_local), or one divided by a power of two or shifted right. */
static int power_value(const struct facts *fx, CXCursor c, int depth) {
  CXCursor x, y;
  long long v;
  int ok;
  size_t i;

  c = ld__stripped(c);
  if (depth > 6)
    return 0;
  v = ld__constant_of(c, &ok);
  if (ok)
    return v >= 0 && !(v & (v - 1));
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    return (i = ld__find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX &&
           power_local(fx, i, depth + 1);
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
      ld__nth_child(c, 0, &x) && ld__nth_child(c, 1, &y)) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    v = ld__constant_of(y, &ok);
    if (ok && ((op == CXBinaryOperator_Div && v > 0 && !(v & (v - 1))) ||
               (op == CXBinaryOperator_Shr && v >= 0 && v < 63)))
      return power_value(fx, x, depth + 1);
  }
  return 0;
}

/* Whether the doubling variable i of the loop whose condition is c stays
 * below 2^30 in the body: `i < C` or `i <= C`, C a constant. */
static int bounded_above(const struct facts *fx, size_t i, CXCursor c) {
  CXCursor x, y;
  enum CXBinaryOperatorKind op;
  long long v;
  int ok;

  c = ld__stripped(c);
  if (clang_Cursor_isNull(c) ||
      clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      !ld__nth_child(c, 0, &x) || !ld__nth_child(c, 1, &y))
    return 0;
  op = clang_getCursorBinaryOperatorKind(c);
  x = ld__stripped(x);
  v = ld__constant_of(y, &ok);
  return (op == CXBinaryOperator_LT || op == CXBinaryOperator_LE) && ok &&
         v <= (1LL << 30) && clang_getCursorKind(x) == CXCursor_DeclRefExpr &&
         ld__find_local(fx, clang_getCursorReferenced(x)) == i;
}

/* Whether local i always holds 0 or a power of two: set once to such a
 * value, or the variable of a for loop declared in its header, set there
 * to such a value and only halved (`>>= 1`, `/= 2`) or doubled (`<<= 1`,
 * `*= 2`, with the condition bounding it) in the header. */
static int power_local(const struct facts *fx, size_t i, int depth) {
  const struct ld_local *l = &fx->r->locals[i];
  const struct local_uses *u = &fx->uses[i];
  CXCursor init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  size_t k;

  if (l->is_param || l->is_array || u->escapes || clang_Cursor_isNull(init) ||
      !ld__is_index_type(clang_getCursorType(fx->local_cur[i])) ||
      !power_value(fx, init, depth))
    return 0;
  if (!u->pchanged)
    return 1;
  if (u->odd_change || (u->powch & 4))
    return 0;
  for (k = fx->shape.nloops; k-- > 0;) {
    size_t b = fx->shape.loops[k][0], body = fx->proof.for_body[k];
    if (body == SIZE_MAX || u->decl < b || u->decl >= body)
      continue;
    return u->change_lo >= b && u->change_hi < body &&
           (!(u->powch & 2) || bounded_above(fx, i, fx->proof.for_cond[k]));
  }
  return 0;
}

/* The thread index: threadIdx.x or a local always holding it. */
static int is_thread_x(const struct facts *fx, CXCursor c) {
  size_t i;

  c = ld__stripped(c);
  if (ld__thread_index_of(fx, c) == 0)
    return 1;
  return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
         (i = ld__find_local(fx, clang_getCursorReferenced(c))) != SIZE_MAX &&
         local_alias(fx, i) == 0;
}

/* c (ld__stripped) as `a op b`: 1 with its operands. */
static int operands(CXCursor c, enum CXBinaryOperatorKind op, CXCursor *a,
                    CXCursor *b) {
  c = ld__stripped(c);
  return clang_getCursorKind(c) == CXCursor_BinaryOperator &&
         clang_getCursorBinaryOperatorKind(c) == op && ld__nth_child(c, 0, a) &&
         ld__nth_child(c, 1, b);
}

/* The half step m of pair local i: i is set once, in its declaration, to
 * `2 * t - (t & (m - 1))` (t the thread index, m 0 or a power of two the
 * same in every thread there): thread t's pair is (i, i + m), its index
 * with a 0 put in at m's bit and with a 1, so no two threads' pairs meet.
 * *m_local is m's local, or SIZE_MAX with *m_const for a constant.  0 when
 * i is no pair local. */
static int pair_of(const struct facts *fx, size_t i, size_t *m_local,
                   long long *m_const) {
  const struct ld_local *l = &fx->r->locals[i];
  CXCursor init = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]);
  CXCursor two, t, and, x, m, one;
  size_t j;
  int ok;

  if (l->is_param || l->is_array || fx->uses[i].pchanged ||
      clang_Cursor_isNull(init) ||
      !ld__is_index_type(clang_getCursorType(fx->local_cur[i])) ||
      !operands(init, CXBinaryOperator_Sub, &two, &and) ||
      !operands(two, CXBinaryOperator_Mul, &x, &t))
    return 0;
  if (ld__constant_of(x, &ok) != 2 || !ok) {
    if (ld__constant_of(t, &ok) != 2 || !ok)
      return 0;
    t = x;
  }
  if (!is_thread_x(fx, t) || !operands(and, CXBinaryOperator_And, &x, &m))
    return 0;
  if (!is_thread_x(fx, x)) {
    CXCursor y = x;
    x = m;
    m = y;
  }
  if (!is_thread_x(fx, x) || !operands(m, CXBinaryOperator_Sub, &m, &one) ||
      ld__constant_of(one, &ok) != 1 || !ok)
    return 0;
  m = ld__stripped(m);
  *m_const = ld__constant_of(m, &ok);
  if (ok) {
    *m_local = SIZE_MAX;
    return *m_const >= 0 && !(*m_const & (*m_const - 1));
  }
  if (clang_getCursorKind(m) != CXCursor_DeclRefExpr ||
      (j = ld__find_local(fx, clang_getCursorReferenced(m))) == SIZE_MAX ||
      !power_local(fx, j, 0) || !uniform_at(fx, j, fx->uses[i].decl))
    return 0;
  *m_local = j;
  return 1;
}

/* The pair local that c names (pair_of), or SIZE_MAX. */
static size_t pair_named(const struct facts *fx, CXCursor c, size_t *ml,
                         long long *mc) {
  size_t i;

  c = ld__stripped(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
      (i = ld__find_local(fx, clang_getCursorReferenced(c))) == SIZE_MAX ||
      !pair_of(fx, i, ml, mc))
    return SIZE_MAX;
  return i;
}

/* Access a's index c as `i` or `i + m` (either way round) for a pair local
 * i (pair_of) whose m is here what it was where i was set: a->pair and
 * a->pair_hi. */
static void pair_access(const struct facts *fx, struct ld_proof_access *a,
                        CXCursor c) {
  CXCursor x, y;
  size_t i, ml;
  long long mc;
  int ok;

  if ((i = pair_named(fx, c, &ml, &mc)) != SIZE_MAX) {
    if (ml != SIZE_MAX && !uniform_at(fx, ml, a->off))
      return;
    a->pair = i + 1;
    a->pair_hi = 0;
    return;
  }
  if (!operands(c, CXBinaryOperator_Add, &x, &y))
    return;
  if ((i = pair_named(fx, x, &ml, &mc)) == SIZE_MAX) {
    CXCursor t = x;
    x = y;
    y = t;
    if ((i = pair_named(fx, x, &ml, &mc)) == SIZE_MAX)
      return;
  }
  y = ld__stripped(y);
  if (ml == SIZE_MAX
          ? ld__constant_of(y, &ok) != mc || !ok
          : clang_getCursorKind(y) != CXCursor_DeclRefExpr ||
                ld__find_local(fx, clang_getCursorReferenced(y)) != ml ||
                !uniform_at(fx, ml, a->off))
    return;
  a->pair = i + 1;
  a->pair_hi = 1;
}

/* Narrows r by condition c (true where the access runs): `t < E`, `t <= E`,
 * `t > E`, `t >= E`, `t == E` (t = threadIdx.x + v), either way round, and
 * `&&` of such; anything else leaves r as it is. */
static void guard_range(const struct facts *fx, CXCursor c, size_t at,
                        struct ld_proof_range *r, int depth) {
  CXCursor x, y;
  enum CXBinaryOperatorKind op;
  struct ld_proof_lin a, b, t;
  struct ld_proof_val v;

  c = ld__stripped(c);
  if (depth > 4 || clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      !ld__nth_child(c, 0, &x) || !ld__nth_child(c, 1, &y))
    return;
  op = clang_getCursorBinaryOperatorKind(c);
  if (op == CXBinaryOperator_LAnd) {
    guard_range(fx, x, at, r, depth + 1);
    guard_range(fx, y, at, r, depth + 1);
    return;
  }
  a = lin_of(fx, x, at, 0);
  b = lin_of(fx, y, at, 0);
  if (!a.valid || !b.valid || a.has_t == b.has_t)
    return;
  if (b.has_t) { /* E op t: t op' E */
    t = a;
    a = b;
    b = t;
    op = op == CXBinaryOperator_LT   ? CXBinaryOperator_GT
         : op == CXBinaryOperator_GT ? CXBinaryOperator_LT
         : op == CXBinaryOperator_LE ? CXBinaryOperator_GE
         : op == CXBinaryOperator_GE ? CXBinaryOperator_LE
                                     : op;
  }
  /* threadIdx.x op b - a.v */
  v.c = b.v.c - a.v.c;
  v.bdx = b.v.bdx - a.v.bdx;
  if (a.v.k && b.v.k && a.v.sym != b.v.sym)
    return;
  v.sym = b.v.k ? b.v.sym : a.v.sym;
  v.k = b.v.k - a.v.k;
  if (!v.k)
    v.sym = -1;
  if ((op == CXBinaryOperator_LT || op == CXBinaryOperator_LE ||
       op == CXBinaryOperator_EQ) &&
      r->nhi < LD_PROOF_BOUNDS) {
    r->hi[r->nhi] = v;
    r->hi[r->nhi++].c += op != CXBinaryOperator_LT;
  }
  if ((op == CXBinaryOperator_GT || op == CXBinaryOperator_GE ||
       op == CXBinaryOperator_EQ) &&
      r->nlo < LD_PROOF_BOUNDS) {
    r->lo[r->nlo] = v;
    r->lo[r->nlo++].c += op == CXBinaryOperator_GT;
  }
}

/* c (through a local set once) as `k op W`: local k and constant W. */
static int divided(const struct facts *fx, CXCursor c,
                   enum CXBinaryOperatorKind op, size_t *k, long long *w) {
  CXCursor x, y;
  size_t i;
  int ok;

  for (;;) {
    c = ld__stripped(c);
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
      break;
    i = ld__find_local(fx, clang_getCursorReferenced(c));
    if (i == SIZE_MAX || fx->r->locals[i].is_param || fx->uses[i].pchanged ||
        clang_Cursor_isNull(
            (c = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]))))
      return 0;
  }
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != op || !ld__nth_child(c, 0, &x) ||
      !ld__nth_child(c, 1, &y) || !is_constant(y))
    return 0;
  x = ld__stripped(x);
  if (clang_getCursorKind(x) != CXCursor_DeclRefExpr ||
      (i = ld__find_local(fx, clang_getCursorReferenced(x))) == SIZE_MAX ||
      fx->r->locals[i].is_param)
    return 0;
  *w = ld__constant_of(y, &ok);
  *k = i;
  return 1;
}

/* A for ld_proof_input.row: local i set in its declaration to
 * `threadIdx.y * A + threadIdx.x` (either way round), 0 for `threadIdx.x`,
 * else -1. */
static long long row_of(const struct facts *fx, size_t i) {
  CXCursor c = clang_Cursor_getVarDeclInitializer(fx->local_cur[i]), x, y, p, q;
  long long a;
  int ok;

  if (fx->r->locals[i].is_param || clang_Cursor_isNull(c))
    return -1;
  c = ld__stripped(c);
  if (ld__thread_index_of(fx, c) == 0)
    return 0;
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Add ||
      !ld__nth_child(c, 0, &x) || !ld__nth_child(c, 1, &y))
    return -1;
  if (ld__thread_index_of(fx, x) == 0) {
    p = x;
    x = y;
    y = p; /* x: the product, y: threadIdx.x */
  }
  if (ld__thread_index_of(fx, y) != 0)
    return -1;
  x = ld__stripped(x);
  if (clang_getCursorKind(x) != CXCursor_BinaryOperator ||
      clang_getCursorBinaryOperatorKind(x) != CXBinaryOperator_Mul ||
      !ld__nth_child(x, 0, &p) || !ld__nth_child(x, 1, &q))
    return -1;
  if (ld__thread_index_of(fx, q) == 1) {
    y = p;
    p = q;
    q = y; /* p: threadIdx.y, q: A */
  }
  if (ld__thread_index_of(fx, p) != 1)
    return -1;
  a = ld__constant_of(q, &ok);
  return ok && a >= 1 ? a : -1;
}

/* Each one-dimensional access's index and threads (ld_proof_access.lin,
 * .range), and each two-dimensional one's `[k / W][k % W]` form. */
static void proof_offsets(struct facts *fx) {
  size_t i;
  int g;
  CXCursor c0, c1;

  for (i = 0; i < fx->proof.npacc; i++) {
    struct ld_proof_access *a = &fx->proof.pacc[i];
    const struct proof_cur *pc = &fx->proof.pcur[i];
    size_t k0, k1;
    long long w0, w1;
    if (pc->nsub == 2 && ld__nth_child(pc->sub[0], 1, &c0) &&
        ld__nth_child(pc->sub[1], 1, &c1) &&
        divided(fx, c0, CXBinaryOperator_Div, &k0, &w0) &&
        divided(fx, c1, CXBinaryOperator_Rem, &k1, &w1) && k0 == k1 &&
        w0 == w1) {
      a->tiled = 1;
      a->tk = k0;
      a->tw = w0;
    }
    if (!pc->has_idx)
      continue;
    a->lin = lin_of(fx, pc->idx, a->off, 0);
    pair_access(fx, a, pc->idx);
    a->range.nlo = a->range.nhi = 1;
    a->range.lo[0].sym = a->range.hi[0].sym = -1;
    a->range.hi[0].bdx = 1; /* 0 <= threadIdx.x < blockDim.x */
    for (g = 0; g < pc->nguards; g++)
      guard_range(fx, pc->guard[g], a->off, &a->range, 0);
  }
}

/* Decides the kernel's proof from what the walk recorded. */
int ld__build_proof(struct facts *fx) {
  const struct ld_replay *r = fx->r;
  struct ld_proof_input in;
  struct ld_proof_site *sites = calloc(r->nsites + 1, sizeof *sites);
  int *alias = calloc(r->nlocals + 1, sizeof *alias);
  long long *stride = calloc(r->nlocals + 1, sizeof *stride);
  long long *step = calloc(r->nlocals + 1, sizeof *step);
  long long *row = calloc(r->nlocals + 1, sizeof *row);
  const char **names = calloc(r->nmembers + 1, sizeof *names);
  int *bounded = calloc(r->nmembers + 1, sizeof *bounded);
  size_t i;
  int rc = LD_ENOMEM;

  if (!sites || !alias || !stride || !step || !row || !names || !bounded)
    goto out;
  for (i = 0; i < r->nsites; i++) {
    sites[i].begin = r->sites[i].stmt_begin;
    sites[i].end = r->sites[i].stmt_end;
    sites[i].line = r->sites[i].at.line;
    sites[i].structured = fx->proof.site_flat[i] && r->sites[i].callee == 0;
  }
  for (i = 0; i < r->nlocals; i++) {
    alias[i] = local_alias(fx, i);
    stride[i] = local_stride(fx, i);
    step[i] =
        fx->uses[i].stride > 0 && !fx->uses[i].escapes ? fx->uses[i].stride : 0;
    row[i] = row_of(fx, i);
  }
  for (i = 0; i < r->nmembers; i++) {
    names[i] = r->members[i].name;
    bounded[i] = r->members[i].decl != NULL;
  }
  memset(&in, 0, sizeof in);
  in.acc = fx->proof.pacc;
  in.nacc = fx->proof.npacc;
  in.sites = sites;
  in.nsites = r->nsites;
  in.loops = (const size_t(*)[2])fx->shape.loops;
  in.nloops = fx->shape.nloops;
  in.bodies = fx->proof.body_at;
  in.jumps = fx->proof.jumps;
  in.njumps = fx->proof.njumps;
  in.alias = alias;
  in.stride = stride;
  in.step = step;
  in.row = row;
  in.nlocals = r->nlocals;
  in.names = names;
  in.bounded = bounded;
  in.nmembers = r->nmembers;
  in.why = fx->proof.proof_why       ? fx->proof.proof_why
           : fx->shape.loops_unknown ? "a loop inside a macro expansion"
           : r->always_dirty         ? "a call gets a target's address"
           : r->always_read ? "a pointer to a target is kept in a local"
                            : NULL;
  proof_offsets(fx);
  rc = ld_proof_decide(&in, &fx->r->proof);
out:
  free(sites);
  free(alias);
  free(stride);
  free(step);
  free(row);
  free(names);
  free(bounded);
  return rc;
}
