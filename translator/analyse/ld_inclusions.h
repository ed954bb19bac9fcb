/* The user headers of a translation unit that are translated with the main
 * file (inclusions.c): issue 23, "The whole translation unit".  Host code
 * only. */
#ifndef LD_INCLUSIONS_H
#define LD_INCLUSIONS_H

#include <clang-c/Index.h>

#include "ld_buf.h"
#include "ld_edit.h"
#include "ld_translate.h"

/* After the first parse of opts->input_path (tu): when a user header (one
 * outside the toolkit, clang's resource directory, /usr/include, /usr/lib
 * and the system include directories) defines or launches kernels, declares
 * device data or device functions, fill *text with the main file in which
 * each `#include` of such a header, and of every user header on the way to
 * one, is replaced by the header's own flattened text between `#line`
 * directives, and *map with where each of its lines comes from (files[0]
 * is opts->input_path, then the headers by absolute path).  Otherwise
 * leave both empty.  Returns 0 or LD_ENOMEM. */
int ld__flatten(CXTranslationUnit tu, const struct ld_translate_opts *opts,
                struct ld_buf *text, struct ld_line_map *map);

#endif
