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
/* Whether argument i of a call of callee (its declaration) only reads
 * through the pointer or reference it gets: callee is a function of the
 * file walked already (ld__walk_fns walks callees first; not through
 * recursion), no
 * template nor in one (calls on dependent operands go unresolved), that
 * writes no unseen memory, has no asm and neither writes through
 * parameter i nor passes it to a call that may (fn->param_writes), and
 * the parameter points to memory of values (no pointer in it).  The
 * argument then counts as read, not written (`thread_sum(input, n)`). */
int ld__reads_only(const struct analysis *an, CXCursor callee, int i);
/* An atomic's address (`atomicAdd(&c_params.bins[b], 1)`): when it is
 * reached through a pointer loaded from memory, the function writes
 * there (fn->loaded); anything else is left to the atomic's own rules. */
void ld__check_atomic(struct analysis *an, CXCursor call);
/* Whether t is a class (struct, functor, lambda closure) holding pointers
 * whose by-value copy the clone can patch (__ldcc::gpatch): not const,
 * no reference or member pointer inside, and no pointer to memory that
 * holds pointers (those would be loaded pointers, which nothing shifts). */
int ld__fields_patchable(CXType t);
/* ld__fields_patchable for a kernel's by-value class parameter parm,
 * whose `const` (`const Graph g`) the clones drop when ld__class_const
 * finds it written there. */
int ld__param_patchable(const struct ld__source *s, CXCursor parm);
/* The parameter of function fn that local var copies (`Params p = params;`,
 * `const auto &q = params;`, a copy of such a copy) when nothing may
 * change the copy behind its name and no member of it is stored: its
 * pointers are the parameter's.  A null cursor otherwise. */
CXCursor ld__copied_param(CXCursor fn, CXCursor var);
/* 1 when the functor or lambda passed as argument arg of the launch call
 * (`k<<<g, b>>>(n, [=] __device__(int i) { p[i] = 0; })`) writes only
 * through its own fields or captures (patched in the clone, gpatch) and
 * calls nothing whose writes go unseen: a template kernel calling it is
 * then checked (kernels.c).  Its class must be ld__fields_patchable when it
 * holds pointers.  0 when it writes anything else; -1 when its code cannot
 * be found (a class with no or several operator() here). */
int ld__functor_followed(struct analysis *an, CXCursor call, int arg);
/* For every launch of a template kernel that calls its parameters, the
 * functor or lambda arguments ld__functor_followed accepts
 * (launch.arg_followed).  After pass 2: it reads the device functions'
 * facts. */
void ld__follow_functors(struct analysis *an);
/* Record a write the checks do not see (fmt has one %s for named). */
void ld__note_unseen(struct analysis *an, const char *fmt, CXCursor named);

#endif
