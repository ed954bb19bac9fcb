/* Shared memory used through macros: the macros whose expansions name a
 * shared variable are expanded in the text before the analysis
 * (macro_inline.c; docs/shared-replay.md, "Shared memory through macros").
 * Host code only. */
#ifndef LD_MACRO_INLINE_H
#define LD_MACRO_INLINE_H

#include <clang-c/Index.h>

#include "ld_buf.h"
#include "ld_translate.h"

/* After a parse without errors (tu) of the file at path: *next becomes
 * its main text with each invocation whose expansion names a shared
 * variable expanded, or stays empty when there is none this step expands.
 * Returns 0 or LD_ENOMEM. */
int ld__expand_shared_macros(CXTranslationUnit tu, const char *path,
                             struct ld_buf *next);

#endif
