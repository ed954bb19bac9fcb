/* What a device function called from a replayed kernel does (callees.c):
 * barriers, and what keeps it from being cloned.  Host code only. */
#ifndef LD_CALLEES_H
#define LD_CALLEES_H

#include "ld_replay_state.h"

/* Whether a callee name is an atomic (atomicAdd, ...). */
int ld__is_atomic_name(const char *name);
/* fmt with c's name, valid until the next call; freed by
 * ld__named_reason_free. */
const char *ld__named_reason(const char *fmt, CXCursor c);
/* Why device function callee cannot be cloned, or NULL (depth: calls
 * followed so far). */
const char *ld__callee_problem_at(struct facts *fx, CXCursor callee,
                                  unsigned depth, int *own_write);
const char *ld__callee_problem(struct facts *fx, CXCursor callee,
                               unsigned depth);
/* Whether callee may reach a block barrier. */
int ld__has_barrier(CXCursor callee);
void ld__named_reason_free(void);

#endif
