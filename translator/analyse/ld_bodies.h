/* Pass 2 of the analyse step (bodies.c): the walk of function bodies.
 * Host code only. */
#ifndef LD_BODIES_H
#define LD_BODIES_H

#include "ld_analysis.h"

/* Walk the body of an->fns[fi] into its refs, callees, barriers, launches,
 * uses and atomics (errors in an->rc). */
void ld__walk_fn(struct analysis *an, size_t fi);

/* Walk every function of an, each after the functions of the file it
 * calls (but through recursion). */
void ld__walk_fns(struct analysis *an);

#endif
