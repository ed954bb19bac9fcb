/* The translator's one entry point, shared by the `ldcc` driver and the
 * `ldcc-translate` tool.
 *
 * ld_translate parses one CUDA source file with libclang, analyses it into a
 * plan (ld_plan.h), turns the plan into text edits and returns the translated
 * source.  The translated text starts with a short prelude, then a `#line 1`
 * directive naming the user's file, so everything nvcc reports points at the
 * user's source.  Host code only; libclang is hidden behind this header. */
#ifndef LD_TRANSLATE_H
#define LD_TRANSLATE_H

#include <stddef.h>

#include "ld_plan.h"

struct ld_translate_opts {
  /* Path of the input as the user wrote it; used for reading and in #line. */
  const char *input_path;
  /* Extra arguments for the parser, already in clang spelling: -I, -D, -U,
   * -include, -std=, -isystem ...  May be NULL when nclang_args is 0. */
  const char *const *clang_args;
  int nclang_args;
  /* Root of the CUDA toolkit the real nvcc belongs to (for --cuda-path and
   * include/cccl); NULL means /usr/local/cuda. */
  const char *cuda_path;
  /* GPU architecture to parse device code for, e.g. "sm_90"; NULL: sm_90. */
  const char *gpu_arch;
  /* --ldcc-deterministic: kernels are made to run deterministically
   * (docs/deterministic.md) instead of being checked twice. */
  int deterministic;
};

struct ld_translation {
  char *text;           /* translated source, NUL-terminated; owned */
  size_t len;           /* strlen(text) */
  struct ld_plan *plan; /* what was found and decided; owned */
  /* When ld_translate fails: one sentence saying why (no libclang dump);
   * owned, may be NULL.  On success: NULL. */
  char *error;
};

/* Translate opts->input_path.  On success fills *out and returns 0.  On
 * failure returns a negative LD_E* code and, where it can, sets out->error.
 * Kernels the translator cannot transform are not failures: they are left
 * unchanged and marked checked=no with a reason in the plan.
 * Release *out with ld_translation_free in either case. */
int ld_translate(const struct ld_translate_opts *opts,
                 struct ld_translation *out);
void ld_translation_free(struct ld_translation *t);

#endif
