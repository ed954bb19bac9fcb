/* Interfaces between the emit step's files (finished plan -> edit list),
 * and its entry point for the pipeline (translate.c).  Each file calls
 * only those listed below it:
 *
 *   instrument.c       the top: runs the others; the shared-memory clone's
 *                      launches and metadata
 *   global_emit.c      the check across blocks: clones, launches, metadata
 *   replay_emit.c      one kernel's shared-memory replay clone text
 *   warp_emit.c        the inline intra-warp checks' edits
 *   global_prologue.c  the prologue of a clone that takes global copies
 *   launch_text.c      a launch's callee renamed, a launch replaced
 *
 * Emit reads the plan and never changes it: which launch runs what is
 * decided in decide/ld_routes.h, and what it cannot render it reports
 * (ld_finalize.h) for the finalize step to decide.  The edit list is
 * ../ld_edit.h.  Emit never sees libclang.  Host code only. */
#ifndef LD_EMIT_H
#define LD_EMIT_H

#include "ld_buf.h"
#include "ld_edit.h"
#include "ld_finalize.h"
#include "ld_plan.h"

/* Turn the finished plan into edits of the main file src[0, len): the
 * clones, the launches of cloned kernels and the metadata after the last
 * line.  Edits only what the plan marks as checked; never touches headers
 * or macro expansions.  A clone that cannot be rendered (its edits
 * collide) is added to *unrendered and the edits are then incomplete: the
 * pipeline finalizes the plan with the reports and emits again. */
int ld__instrument(const struct ld_plan *plan, const char *src, size_t len,
                   struct ld_edit_list *edits,
                   struct ld_unrendered_list *unrendered);

/* Add the edits of kernel k's replay (k->replay set) to edits: the layout
 * and metadata declarations before the definition and the clone after it.
 * path names the file in `#line`.  Adds nothing when it fails (LD_EOVERLAP
 * when the facts' edits overlap); k is left as it was. */
int ld__replay_emit(const struct ld_kernel *k, const char *src, size_t len,
                    const char *path, struct ld_edit_list *edits);

/* The check across blocks: for every kernel with k->global->checked, the
 * clone `__ldcc_g_<k>` after its definition (and its prototype after the
 * kernel's, when one comes first), its launches (after either) through
 * `__ldcc::launch_global`, and the metadata; nothing when no kernel is
 * routed (ld__global_routed).  A kernel whose clone's edits collide is
 * reported in *unrendered. */
int ld__global_emit(const struct ld_plan *plan, const char *src, size_t len,
                    struct ld_edit_list *edits,
                    struct ld_unrendered_list *unrendered);

/* Add the edits of the inline intra-warp checks (docs/inline-checks.md) of
 * every kernel whose warp checks are on: the include, the checks in the
 * kernel text, the arming of its launches and the metadata after the last
 * line (len). */
int ld__warp_emit(const struct ld_plan *plan, size_t len,
                  struct ld_edit_list *edits);

/* Whether kernel k's replay clone carries its inline intra-warp checks
 * (docs/inline-checks.md, "With the replay"). */
int ld__warp_in_clone(const struct ld_kernel *k);
/* What the checks of cluster kernel k leave out, as a C string literal
 * ("not checked in shared memory: ...; not checked across blocks: ...")
 * appended to b; nothing for any other kernel. */
int ld__cluster_part(const struct ld_kernel *k, struct ld_buf *b);
/* Add those checks to the edits of k's replay clone, once the clone's own
 * edits are complete (src: the main file): each access
 * wrapped innermost (its address is the warp's copy, as the store or load
 * around it sees it), recording in pass 1 only; the collectives outside
 * the clone's sites; the table cleared first thing.  The epoch steps after
 * each site (replay_emit.c). */
/* Whether k's global clone (no replay) carries them instead
 * (docs/inline-checks.md, "In the global clone"). */
int ld__warp_in_global(const struct ld_kernel *k);
/* Whether the direct run's clone of kernel k carries its message-passing
 * checks (docs/inline-checks.md, "Message passing and locks"), and their
 * edits, innermost inside the claims (LD_EOVERLAP for a libcu++ atomic). */
int ld__mp_in_global(const struct ld_kernel *k);
int ld__mp_clone_edits(const struct ld_kernel *k, struct ld_edit_list *edits);
/* ... and the same edits for that clone (no passes, no sites). */
int ld__warp_clone_edits(const struct ld_kernel *k, const char *src,
                         struct ld_edit_list *edits);
/* The same checks in the replay's plain clone of a device function k
 * calls (`__ldcc_<k>__f_<f>`, its name at name_begin in src), once its
 * own edits are complete: the accesses and syncs of that function that
 * k's checks collected (ld_warp_access.callee; docs/inline-checks.md,
 * "Called device functions"), with k's number and sites. */
int ld__warp_callee_edits(const struct ld_kernel *k, size_t name_begin,
                          const char *src, struct ld_edit_list *edits);

/* The prologue of a clone checked across blocks (global_prologue.c): the
 * unit's copy `__ldcc_gc`, the return of units outside a deterministic
 * round, one `gshift` per pointer parameter and written __device__
 * variable, one `gpatch` per by-value class holding pointers; expects
 * `__ldcc_gi` in scope. */
/* A composed kernel taken by the direct one run: its claims added to the
 * edits of its replay clone (global_emit.c). */
int ld__global_replay_claims(const struct ld_kernel *k, struct ld_edit_list *l);
int ld__global_prologue(const struct ld_kernel *k, int deterministic,
                        struct ld_buf *b);
/* g's pointer parameters: the ordinal of its first __device__ variable
 * (global_prologue.c). */
size_t ld__global_npointers(const struct ld_global *g);
/* Whether parameter i of g is a by-value class whose pointers the clone
 * patches (__LDCC_GP_FIELDS: written, not a pointer; global_prologue.c). */
int ld__global_fields(const struct ld_global *g, size_t i);

/* callee text of launch l with prefix before the kernel's name and suffix
 * after it (`ns::k<256>` -> `ns::__ldcc_k__lb<256>`); a generated name
 * takes the kernel's stem and drops an explicit specialization's
 * arguments.  launch_text.c. */
int ld__put_callee_as(struct ld_buf *b, const struct ld_launch *l,
                      const char *prefix, const char *suffix);
/* `__ldcc::launch_as<decltype(__ldcc::plain_fn(&k))>`, the cast to
 * k->fn_cast around `&k` where a function of the file shares its name. */
int ld__put_launch_as(struct ld_buf *b, const struct ld_launch *l,
                      const struct ld_kernel *k);

/* Replace launch l, [l->begin, l->end), by text, the rewritten form of
 * `callee<<<config>>>(args)` (launch_text.c).  For a cudaLaunchKernel
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
                       const struct ld_kernel *k, const char *text);

#endif
