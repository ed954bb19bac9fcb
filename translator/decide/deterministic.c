/* What --ldcc-deterministic makes of each kernel (docs/deterministic.md).
 *
 * The mode reuses the clones the check builds: the shared-memory replay's
 * clone runs each region once on the warps' copies and merges them in warp
 * order; the check across blocks' clone runs each unit once on its own copy
 * and merges them in unit order.  A kernel neither clone covers runs as
 * written, which is deterministic only when it writes nothing another
 * thread could write too: such a kernel gets a warning. */
#include <stddef.h>

#include "ld_plan.h"

static int writes_shared(const struct ld_plan *plan, size_t k) {
  size_t i;

  for (i = 0; i < plan->ntargets; i++)
    if (plan->targets[i].kernel == k &&
        plan->targets[i].space == LD_SPACE_SHARED && plan->targets[i].written)
      return 1;
  return 0;
}

enum ld_det ld_det_kernel(const struct ld_plan *plan, size_t k,
                          const char **why) {
  const struct ld_kernel *kn = &plan->kernels[k];
  const struct ld_global *g = kn->global;
  int global_writes = g && g->writes;

  *why = NULL;
  /* Its lines would come in the order the warps ran: the replay's clone
   * does not log them (docs/deterministic-global.md, "printf"). */
  if (kn->replay && g && g->nprints) {
    *why = "printf in a kernel with shared-memory copies";
    return LD_DET_NO;
  }
  if (kn->replay) {
    /* With the global copies in its clone; or its global writes are
     * accumulating integer atomics only, which the replay applies once
     * each: they commute, so every order gives one result. */
    if (!global_writes || g->checked || g->atomic_only)
      return LD_DET_YES;
    *why = "its global stores are applied directly (it has shared-memory "
           "copies)";
    return LD_DET_PARTIAL;
  }
  if (writes_shared(plan, k)) {
    *why = kn->shared_reason ? kn->shared_reason
           : kn->reason      ? kn->reason
                             : "shared memory written without copies";
    return LD_DET_NO;
  }
  if (!global_writes || g->checked)
    return LD_DET_YES;
  if (g->atomic_only)
    return LD_DET_ATOMIC_ONLY;
  *why = g->reason ? g->reason : "global memory written without copies";
  return LD_DET_NO;
}
