/* Passes 1 and 3 of the analyse step (kernels.c): the main file's
 * functions and variables, and the plan's kernels, targets and barriers.
 * Host code only. */
#ifndef LD_KERNELS_H
#define LD_KERNELS_H

#include "ld_analysis.h"

/* Pass 1: an->s.macros, an->fns and the file-scope an->vars. */
void ld__collect_decls(struct analysis *an);
/* The index in an->fns of the main-file function decl, or NONE. */
size_t ld__find_fn(const struct analysis *an, CXCursor decl);
/* The index in an->vars of the variable decl, or NONE. */
size_t ld__find_var(const struct analysis *an, CXCursor decl);
/* Add variable c of that kind declared by function owner (NONE at file
 * scope); its index, or NONE (not in the main file, or an->rc set). */
size_t ld__add_var(struct analysis *an, CXCursor c, enum var_kind kind,
                   size_t owner);
/* __shared__ -> VAR_SHARED, __device__ (not __constant__) -> VAR_DEVICE. */
int ld__memory_space(CXCursor var, enum var_kind *kind);
/* Pass 3: the plan's kernels, targets, barriers and launches (taken from
 * an->launches).  0 or LD_ENOMEM. */
int ld__build_plan(struct analysis *an);
/* Free what the passes collected (not the plan). */
void ld__analysis_free(struct analysis *an);

#endif
