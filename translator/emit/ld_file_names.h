/* The names the runtime's reports give the files of a translation unit
 * (file_names.c): the main file as the user named it, and each user header
 * pasted into it (docs/translator.md, "The whole translation unit") as the
 * compiler would spell it from the main file's name.  The metadata the
 * emitters write names, per kernel, the file it is defined in and, per
 * launch, the file it is written in (include/ldcc/host.h launch_files).
 * Host code only; no libclang. */
#ifndef LD_FILE_NAMES_H
#define LD_FILE_NAMES_H

#include <stddef.h>

#include "ld_buf.h"
#include "ld_plan.h"

/* Whether the plan's bytes at offsets a and b come from different files
 * (a launch and its kernel: only then does the launch need a file of its
 * own in the metadata). */
int ld__file_differs(const struct ld_plan *plan, size_t a, size_t b);

/* Appends to b, as a C expression of type `const char *`, the name of the
 * file the plan's byte at offset comes from: main_var (the name of the
 * emitter's array holding the main file's name) for the main file, a
 * string literal for a header. */
int ld__put_file_expr(struct ld_buf *b, const struct ld_plan *plan,
                      size_t offset, const char *main_var);

/* Whether the byte at offset comes from the main file. */
int ld__in_main_file(const struct ld_plan *plan, size_t offset);

#endif
