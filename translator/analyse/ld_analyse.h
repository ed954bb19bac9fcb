/* What the analyse step offers the pipeline (translate.c): the parser's
 * command line (args.c, no libclang, unit-tested) and the parse that fills
 * the plan (parse.c and the facts passes, the only code that includes
 * clang-c/Index.h; CMake gives its include directory to this folder alone).
 * Host code only. */
#ifndef LD_ANALYSE_H
#define LD_ANALYSE_H

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

#endif
