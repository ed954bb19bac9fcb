/* Which launch runs what (see ld_routes.h): the shared-memory clone's
 * launches (docs/shared-replay.md), the check across blocks' launches
 * (docs/global-check.md), and in deterministic builds both at once
 * (docs/deterministic.md).  Plain C on the plan; host code only. */
#include "ld_routes.h"

#include <string.h>

int ld__launch_runs(const struct ld_plan *plan, const struct ld_launch *l,
                    const struct ld_kernel *k) {
  size_t i;

  if (l->kernel_index != LD_PLAN_NONE)
    return &plan->kernels[l->kernel_index] == k;
  if (!l->kernel || strcmp(k->name, l->kernel))
    return 0;
  for (i = 0; i < plan->nkernels; i++)
    if (&plan->kernels[i] != k && !strcmp(plan->kernels[i].name, k->name))
      return 0;
  return 1;
}

const struct ld_kernel *ld__replay_launched(const struct ld_plan *plan,
                                            const struct ld_launch *l) {
  const struct ld_kernel *found = NULL;
  size_t i;

  if (!l->callee)
    return NULL;
  for (i = 0; i < plan->nkernels; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    if (k->checked && k->replay && ld__launch_runs(plan, l, k) &&
        (k->replay->proto_end ? k->replay->proto_end : k->replay->def_end) <=
            l->begin)
      found = k;
  }
  /* A template launched with deduced arguments has no spelling for its
   * metadata instance: it runs unchecked. */
  if (found && found->replay->template_args && !strchr(l->callee, '<'))
    found = NULL;
  return found;
}

static int global_checked(const struct ld_kernel *k) {
  return k->global && k->global->checked;
}

int ld__global_routed(const struct ld_kernel *k) {
  return global_checked(k) ||
         (k->global && k->global->writes && k->checked && !k->replay &&
          !(k->warp && !k->warp->skip) && k->global->reason);
}

/* Whether the clone (or, unchecked, the kernel) is declared where launch
 * l is: after the definition, or after a prototype, which gets the
 * clone's prototype (global_emit.c put_proto).  A kernel with a
 * shared-memory clone too is launched through both (instrument.c), so
 * before its definition only where that clone is declared as well. */
static int declared(const struct ld_plan *plan, const struct ld_kernel *k,
                    const struct ld_launch *l) {
  const struct ld_global *g = k->global;

  if (g->def_end <= l->begin)
    return 1;
  return g->proto_end && g->proto_end <= l->begin &&
         (!k->replay || ld__replay_launched(plan, l) == k);
}

const struct ld_kernel *ld__global_launched(const struct ld_plan *plan,
                                            const struct ld_launch *l,
                                            size_t *index) {
  const struct ld_kernel *found = NULL;
  size_t i, n = 0;

  if (!l->callee || l->in_device)
    return NULL;
  for (i = 0; i < plan->nkernels; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    if (!ld__global_routed(k))
      continue;
    if (ld__launch_runs(plan, l, k) && declared(plan, k, l)) {
      found = k;
      *index = n;
    }
    n++;
  }
  return found;
}

int ld__global_launch_of(const struct ld_plan *plan, const struct ld_launch *l,
                         size_t *kernel_index, size_t *launch_id) {
  size_t i, ki, n = 0;

  if (!ld__global_launched(plan, l, kernel_index))
    return 0;
  for (i = 0; i < plan->nlaunches && &plan->launches[i] != l; i++)
    n += ld__global_launched(plan, &plan->launches[i], &ki) &&
         ki == *kernel_index;
  *launch_id = n;
  return 1;
}

const char *ld__global_left_out(const struct ld_plan *plan,
                                const struct ld_kernel *k) {
  const struct ld_global *g = k->global;

  /* In a deterministic build: why its global stores are not ordered
   * (det=partial), so that the runtime stops at its launches
   * (docs/deterministic.md, "Deterministic or stopped"). */
  if (plan->deterministic)
    return k->det == LD_DET_PARTIAL ? k->det_reason : NULL;
  /* (Accumulating atomics leave a kernel to the replay in deterministic
   * builds only.) */
  return !k->checked || !k->replay || !g || !g->writes || g->checked
             ? NULL
             : g->reason;
}
