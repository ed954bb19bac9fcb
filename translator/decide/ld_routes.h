/* Which launch runs what: the rules that say, from the plan alone, whether
 * a launch is rewritten to a kernel's shared-memory clone, to the check
 * across blocks, or left as written.  The emit step writes the launches
 * these rules pick; the finalize step (ld_finalize.h) asks them too.
 * Plain C on the plan; host code only. */
#ifndef LD_ROUTES_H
#define LD_ROUTES_H

#include <stddef.h>

#include "ld_plan.h"

/* Whether launch l runs kernel k: the kernel its call names (launch
 * kernel_index), or, when the translator could not tell which, the kernel
 * of its name where no other kernel of the file has that name. */
int ld__launch_runs(const struct ld_plan *plan, const struct ld_launch *l,
                    const struct ld_kernel *k);
/* The kernel whose shared-memory clone launch l starts: a checked kernel
 * with a replay whose clone (or the clone's prototype) is declared before
 * l; NULL when none, or when l launches a template with deduced arguments
 * (its metadata instance has no spelling). */
const struct ld_kernel *ld__replay_launched(const struct ld_plan *plan,
                                            const struct ld_launch *l);
/* Whether kernel k's launches go through the check across blocks' runtime:
 * it is checked there, or the check gave up on it for a reason of its own
 * (not the replay's, nor the inline checks'), so that each launch says it
 * was not checked and why. */
int ld__global_routed(const struct ld_kernel *k);
/* The routed kernel launch l starts, when l comes after the definition or
 * a prototype and outside device code, with its index among the routed
 * kernels in *index; NULL otherwise (it runs as written). */
const struct ld_kernel *ld__global_launched(const struct ld_plan *plan,
                                            const struct ld_launch *l,
                                            size_t *index);
/* When launch l is rewritten to the check across blocks: returns 1 with
 * the kernel's index in `__ldcc__gmeta` and the launch's index among that
 * kernel's launches; 0 otherwise. */
int ld__global_launch_of(const struct ld_plan *plan, const struct ld_launch *l,
                         size_t *kernel_index, size_t *launch_id);
/* Why the check across blocks left out kernel k, which the shared-memory
 * replay checks inside its blocks (its metadata's global_reason: each
 * launch site says so once); NULL when it did not, or in a deterministic
 * build, the det=partial reason: its global stores are not ordered. */
const char *ld__global_left_out(const struct ld_plan *plan,
                                const struct ld_kernel *k);

#endif
