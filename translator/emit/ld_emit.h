/* Interfaces between the emit step's files (plan -> edit list), and its
 * entry point for the pipeline (translate.c):
 *
 *   instrument.c   plan -> edit list: clones, launches, metadata
 *   replay_emit.c  one kernel's shared-memory replay clone text
 *   global_emit.c  the check across blocks: clones, launches, metadata
 *   warp_emit.c    the inline intra-warp checks' edits
 *   edit.c         the edit list and its application (ld_edit.h)
 *
 * Emit never sees libclang.  Host code only. */
#ifndef LD_EMIT_H
#define LD_EMIT_H

#include "ld_edit.h"
#include "ld_plan.h"

/* Turn the plan into edits of the main file src[0, len): the replay clones,
 * the launches of cloned kernels and the metadata after the last line.
 * Edits only what the plan marks as checked; never touches headers or
 * macro expansions.  A kernel whose clone cannot be rendered becomes
 * unchecked (plan updated). */
int ld__instrument(struct ld_plan *plan, const char *src, size_t len,
                   struct ld_edit_list *edits);

/* Add the edits of kernel k's replay (k->replay set) to edits: the layout
 * and metadata declarations before the definition and the clone after it.
 * path names the file in `#line`.  Adds nothing when it fails (LD_EOVERLAP
 * when the facts' edits overlap). */
int ld__replay_emit(struct ld_kernel *k, const char *src, size_t len,
                    const char *path, struct ld_edit_list *edits);

/* callee text of launch l with prefix before the kernel's name and suffix
 * after it (`ns::k<256>` -> `ns::__ldcc_k__lb<256>`).  instrument.c. */
struct ld_buf;
int ld__put_callee_as(struct ld_buf *b, const struct ld_launch *l,
                      const char *prefix, const char *suffix);

/* Replace launch l, [l->begin, l->end), by text, the rewritten form of
 * `callee<<<config>>>(args)` (instrument.c).  For a cudaLaunchKernel
 * launch (l->via_api), whose config and args name the parameters of a
 * lambda, text goes into
 *   [&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void **__ldcc_a__a,
 *       size_t __ldcc_a__sh, cudaStream_t __ldcc_a__st) -> cudaError_t {
 *     return
 * __ldcc::api_launch<decltype(__ldcc::plain_fn(&callee))>::run(__ldcc_a__a,
 *         [&](auto &...__ldcc_a__p) { text; }); }(<the call's arguments>)
 * with `0` for a defaulted shared size or stream: every argument is
 * evaluated once, and the value is the launch's error (include/ldcc/host.h).
 */
int ld__replace_launch(struct ld_edit_list *edits, const struct ld_launch *l,
                       const char *text);

/* The check across blocks (global.c): for every kernel with
 * k->global->checked, the clone `__ldcc_g_<k>` after its definition (and
 * its prototype after the kernel's, when one comes first), its launches
 * (after either) through `__ldcc::launch_global`, and the metadata;
 * nothing when no kernel is checked.  A kernel whose edits
 * collide becomes unchecked there. */
int ld__global_emit(struct ld_plan *plan, const char *src, size_t len,
                    struct ld_edit_list *edits);
/* Kernel k is not checked across blocks after all, for reason why
 * (global.c); LD_ENOMEM when the reason cannot be copied. */
int ld__global_uncheck(struct ld_kernel *k, const char *why);
/* Why the check across blocks left out kernel k, which the shared-memory
 * replay checks inside its blocks (its metadata's global_reason: each
 * launch site says so once); NULL when it did not, or in a deterministic
 * build (which says it its own way). */
const char *ld__global_left_out(const struct ld_plan *plan,
                                const struct ld_kernel *k);
/* The prologue of a clone checked across blocks (global.c): the unit's copy
 * `__ldcc_gc`, the return of units outside a deterministic round, one
 * `gshift` per pointer parameter and written __device__ variable; expects
 * `__ldcc_gi` in scope. */
int ld__global_prologue(const struct ld_kernel *k, int deterministic,
                        struct ld_buf *b);
/* When launch l is rewritten to the check across blocks (global.c):
 * returns 1 with the kernel's index in `__ldcc__gmeta` and the launch's
 * index among that kernel's launches; 0 otherwise. */
int ld__global_launch_of(const struct ld_plan *plan, const struct ld_launch *l,
                         size_t *kernel_index, size_t *launch_id);
/* The kernel whose shared-memory clone launch l launches (instrument.c),
 * or NULL. */
const struct ld_kernel *ld__replay_launched(const struct ld_plan *plan,
                                            const struct ld_launch *l);
/* Add the edits of the inline intra-warp checks (docs/inline-checks.md) of
 * every kernel whose its is checked: the include, the checks in the kernel
 * text, the arming of its launches and the metadata after the last line
 * (len). */
int ld__warp_emit(struct ld_plan *plan, size_t len, struct ld_edit_list *edits);

#endif
