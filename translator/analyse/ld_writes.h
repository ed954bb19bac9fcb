/* Writes the checks cannot see (writes.c): pass 2 asks for every store and
 * call of a kernel or device function; the first write whose memory the
 * plan cannot name becomes fn->unseen, calls through a template kernel's
 * functor or lambda parameters fn->dep_params.  Host code only. */
#ifndef LD_WRITES_H
#define LD_WRITES_H

#include "ld_analysis.h"

/* The place lhs of a store, `++` or `--` in the function being walked. */
void ld__check_store(struct analysis *an, CXCursor lhs);
/* A call in the function being walked: arguments it may write through,
 * the object of a method, a callee defined in another file, a call through
 * an object of a template type. */
void ld__check_call(struct analysis *an, CXCursor call);
/* Whether t is a class (struct, functor, lambda closure) holding pointers
 * whose by-value copy the clone can patch (__ldcc::gpatch): not const,
 * no reference or member pointer inside, and no pointer to memory that
 * holds pointers (those would be loaded pointers, which nothing shifts). */
int ld__fields_patchable(CXType t);
/* Record a write the checks do not see (fmt has one %s for named). */
void ld__note_unseen(struct analysis *an, const char *fmt, CXCursor named);

#endif
