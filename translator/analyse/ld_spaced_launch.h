/* Kernel launches written with spaces inside the chevrons, `k << <g, b >>
 * > (args)`: Visual Studio's formatter writes them so, nvcc compiles them,
 * clang takes `<< <` for a shift and a less-than and the file did not
 * parse; and `extern "C"__global__` without a space (spaced_launch.c;
 * docs/translator.md, "Parsing").  Host code only. */
#ifndef LD_SPACED_LAUNCH_H
#define LD_SPACED_LAUNCH_H

#include <stddef.h>

#include "ld_buf.h"

/* In text[0, len), rewrite each launch whose chevrons hold spaces or tabs
 * (`<< <` ... `>> >` followed by `(`) into `<<<` ... `>>>`, moving the
 * blanks after the chevrons, so every byte keeps its offset.  Leaves
 * comments, string and character literals and `operator<< <T>` alone.
 * Returns the number of launches rewritten. */
size_t ld__unspace_launches(char *text, size_t len);

/* In b, a space after each linkage string glued to what follows it,
 * `extern "C"__global__ void k()`: clang reads `"C"__global__` as a string
 * literal with a user-defined suffix, nvcc as `"C" __global__`.  The line's
 * later columns move by one; no line moves.  *n is the number of spaces
 * put in.  Returns 0 or LD_ENOMEM. */
int ld__space_linkage(struct ld_buf *b, size_t *n);

#endif
