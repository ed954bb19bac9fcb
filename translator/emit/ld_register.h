/* Registration of a translated file's kernels with the runtime (issue 23,
 * docs/runtime.md "Every launch accounted for"): after the file's last
 * line, one static `__ldcc::registration` per kernel the file defines, so
 * that a launch of it that bypassed `__ldcc::launch` (a function pointer,
 * cudaLaunchCooperativeKernel, cudaLaunchKernelEx, a launch the
 * translator left as written) is checked by the runtime's launch wrappers,
 * or counted as not checked with the translator's reason.
 *
 * The launcher of a checked kernel is exactly what the file's rewriters
 * make of `cudaLaunchKernel(k, g, b, args, sh, st)`: ld__register_prepare
 * adds one such launch per kernel to the plan, at the end of the file,
 * before the finalize and emit steps run (the routes decide it as any
 * launch); ld__register_emit turns the rewritten expression into a
 * function and adds the registrations; ld__register_forget takes the
 * added launches out of the plan again.  Only these change the plan, and
 * only its launch list.  Host code only; no libclang. */
#ifndef LD_REGISTER_H
#define LD_REGISTER_H

#include <stddef.h>

#include "ld_edit.h"
#include "ld_plan.h"

/* Append the launch of every kernel a launcher can start to
 * plan->launches (after the nlaunches the parser found, which it leaves
 * alone), at len, the main file's length. */
int ld__register_prepare(struct ld_plan *plan, size_t len);
/* After the emit step: the launchers and registrations at len. */
int ld__register_emit(const struct ld_plan *plan, const char *src, size_t len,
                      struct ld_edit_list *edits);
/* Take the added launches out of the plan again (free them): the plan
 * keeps the first nreal, the parser's.  Whatever happened before. */
void ld__register_forget(struct ld_plan *plan, size_t nreal);

#endif
