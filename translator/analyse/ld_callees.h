/* What a device function called from a replayed kernel does (callees.c):
 * barriers, and what keeps it from being cloned.  Host code only. */
#ifndef LD_CALLEES_H
#define LD_CALLEES_H

#include "ld_replay_state.h"

/* Whether a callee name is an atomic (atomicAdd, ...). */
int ld__is_atomic_name(const char *name);
/* A cache-hint load (1: `__ldcs(p)`, ...) or store (2: `__stcs(p, v)`,
 * ...), which the parser's prelude declares without a body; 0 otherwise. */
int ld__cache_hint(const char *name);
/* An asynchronous copy into shared memory by its name: 1
 * `__pipeline_memcpy_async`, 2 `memcpy_async` (cuda::, or cooperative
 * groups'; the arguments tell), 3 another (`memcpy_async_tx`,
 * `cp_async_bulk_*`); 0 otherwise.  A store through its destination. */
int ld__async_copy_name(const char *name);
/* fmt with c's name, valid until the next call; freed by
 * ld__named_reason_free. */
const char *ld__named_reason(const char *fmt, CXCursor c);
/* Why device function callee cannot be cloned, or NULL (depth: calls
 * followed so far). */
const char *ld__callee_problem_at(struct facts *fx, CXCursor callee,
                                  unsigned depth, int *own_write);
const char *ld__callee_problem(struct facts *fx, CXCursor callee,
                               unsigned depth);
/* Why a candidate of a call the template's text does not resolve
 * (`f<T>(...)`, `obj.f(...)`) keeps the kernel from the replay, or NULL: a
 * barrier or an atomic it reaches (the call cannot be cloned, and left as
 * it is its barriers would split no region, its atomics run again in pass
 * 2), or what else the replay cannot repeat; its plain stores run on the
 * warp's copy like any call given a target's address. */
const char *ld__dependent_callee_problem(struct facts *fx, CXCursor callee);
/* Whether callee may reach a block barrier. */
int ld__has_barrier(CXCursor callee);
void ld__named_reason_free(void);
/* Whether function fn may write memory other than its locals or
 * synchronise: a store to anything else, a block barrier, an atomic, an
 * allocation, assembly, a call of an unknown function or of a user function
 * that may (warp collectives exchange registers only). */
int ld__fn_may_write(CXCursor fn);
/* A call through a function-pointer template parameter (callee_expr its
 * unwrapped callee expression, ld__template_fn_candidates): 1 with *writer
 * the first function of the unit of the parameter's type that may write
 * (ld__fn_may_write), 0 when none may, -1 when callee_expr names no such
 * parameter; *param the parameter. */
int ld__template_fn_writer(CXCursor callee_expr, CXCursor *param,
                           CXCursor *writer);

#endif
