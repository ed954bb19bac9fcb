/* Launch recognition (launches.c): where a launch the body walk found is,
 * and its texts for rewriting.  Host code only. */
#ifndef LD_LAUNCHES_H
#define LD_LAUNCHES_H

#include "ld_analysis.h"

/* Record in an->launches the launch of the kernel name_expr names by call
 * (at: where the plan says it is), when its place allows; via_api for
 * cudaLaunchKernel. */
void ld__add_launch(struct analysis *an, CXCursor name_expr, CXCursor at,
                    CXCursor call, int via_api);
/* Texts of a `k<<<...>>>(...)` launch (callee: its callee expression,
 * name: the kernel's name in it) into *t; t->callee stays NULL when some
 * part is not plain main-file text.  0 or LD_ENOMEM. */
int ld__launch_text(struct analysis *an, CXCursor call, CXCursor callee,
                    CXCursor name, struct ld_launch *t);
/* Texts of `cudaLaunchKernel(k, g, b, args[, sh[, st]])` of kernel decl,
 * named by the expression name, into *t.  0 or LD_ENOMEM. */
int ld__api_launch_text(struct analysis *an, CXCursor call, CXCursor name,
                        CXCursor decl, struct ld_launch *t);

/* Record in the plan the cudaMalloc-family call `call` of host code when
 * its first argument is `&X` written in the file (ld_alloc_site). */
void ld__add_alloc_site(struct analysis *an, CXCursor call);

#endif
