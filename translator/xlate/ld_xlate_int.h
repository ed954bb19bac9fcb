/* Internal interfaces between the translator's steps (not for the driver).
 *
 *   args.c       the parser's command line (no libclang, unit-tested)
 *   parse.c      parse + analyse into the plan (libclang)
 *   replay_facts.c  what a kernel's replay clone needs (libclang; see
 *                ld_clang_int.h, shared with parse.c only)
 *   instrument.c plan -> edit list: clones, launches, metadata
 *   its_facts.c  which kernels get inline intra-warp checks (libclang)
 *   its_emit.c   their edits
 *   replay.c     one kernel's clone text
 *   global.c     the check across blocks: clones, launches, metadata
 *   global_facts.c  what that check needs of a kernel (libclang)
 *   translate.c  ld_translate: reads the file, runs the steps, writes text
 * Host code only. */
#ifndef LD_XLATE_INT_H
#define LD_XLATE_INT_H

#include "ld_edit.h"
#include "ld_plan.h"
#include "ld_translate.h"

/* The arguments libclang parses the file with: CUDA mode for opts->gpu_arch,
 * the toolkit at opts->cuda_path (with its include/cccl, which CUDA 13's
 * cooperative_groups needs), then opts->clang_args in order.  *argv is one
 * malloc'd block (free it with free()); its strings live inside it. */
int ld__clang_args(const struct ld_translate_opts *opts, char ***argv,
                   int *argc);

/* A header clang includes after its CUDA runtime wrapper and before the
 * file (`-include`, one of ld__clang_args' fixed arguments), given to
 * libclang as an unsaved file: what clang's CUDA mode lacks of nvcc's.
 * `__managed__` alone (nvcc: a managed __device__ variable) is an
 * attribute clang's CUDA mode ignores, leaving a host variable that
 * kernels may not use: it is made `__device__ __managed__`. */
#define LD_CLANG_PRELUDE_PATH "/__ldcc__/prelude.h"
#define LD_CLANG_PRELUDE                                                       \
  "#undef __managed__\n#define __managed__ __device__ "                        \
  "__attribute__((managed))\n"

/* Parse opts->input_path and fill plan (zeroed by the caller).  On a parse
 * error returns LD_EPARSE and sets *error to one malloc'd sentence naming the
 * first error, e.g. "app.cu:3:5: expected ';' after expression". */
int ld__parse(const struct ld_translate_opts *opts, struct ld_plan *plan,
              char **error);

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
/* A kernel whose shared-memory clone also takes the global copies
 * (deterministic mode, docs/deterministic.md). */
#define LD_COMPOSED(k) ((k)->replay && (k)->global && (k)->global->checked)

/* Kernels with inline intra-warp checks per file (the device sink holds one
 * metadata pointer each; include/ldcc/host.h __LDCC_ITS_MAX_KERNELS). */
#define LD_ITS_MAX_KERNELS 64

/* Add the edits of the inline intra-warp checks (docs/inline-checks.md) of
 * every kernel whose its is checked: the include, the checks in the kernel
 * text, the arming of its launches and the metadata after the last line
 * (len). */
int ld__its_emit(struct ld_plan *plan, size_t len, struct ld_edit_list *edits);

#endif
