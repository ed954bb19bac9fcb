/* Suppressions: a text file of `kind:kernel:variable:file:line` patterns
 * (LDCC_OPTIONS=suppressions=FILE) that keep matching races out of the
 * reports, the exit status and the race count.  Each field is a pattern in
 * which `*` matches any run of characters; missing trailing fields match
 * anything.  docs/report-format.md describes the file.  Host code only,
 * plain C: it sees names and line numbers, never a report record. */
#ifndef LD_RT_SUPPRESS_H
#define LD_RT_SUPPRESS_H

#include <stddef.h>
#include <stdio.h>

/* What a race offers to the patterns.  variable is "" for races on no
 * named variable (registers, global stores); lines are every line the
 * report names (region bounds, statements, launch site). */
struct ld_rt_suppress_subject {
  const char *kind;     /* "write-write", ... (ld_rt_kind_name) */
  const char *kernel;   /* "block_sum<256>" */
  const char *variable; /* "partial", or "" */
  const char *file;     /* the kernel's file as reports print it */
  const int *lines;
  size_t nlines;
};

struct ld_rt_suppressions;

/* Whether `text` matches `pattern`, where `*` matches any run of
 * characters (none included) and every other character itself. */
int ld_rt_glob_match(const char *pattern, const char *text);

/* Parse the contents of a suppressions file.  Blank lines and lines whose
 * first non-blank character is `#` are skipped; a bad line (more than five
 * fields, a kind pattern that matches no kind, a line pattern with other
 * characters than digits and `*`) writes one message naming origin:line to
 * err (when not NULL) and is skipped.  *out receives the set (free with
 * ld_rt_suppressions_free).  Returns the number of bad lines, or
 * LD_ENOMEM. */
int ld_rt_suppressions_parse(const char *text, const char *origin, FILE *err,
                             struct ld_rt_suppressions **out);

/* Read and parse the file at path.  An unreadable file writes one message
 * to err and returns LD_EIO with *out NULL: nothing is suppressed. */
int ld_rt_suppressions_load(const char *path, FILE *err,
                            struct ld_rt_suppressions **out);

/* The number of the first pattern (1-based, in file order) that matches
 * s, or 0 when none does.  s may be NULL-free only; set may be NULL. */
size_t ld_rt_suppressions_match(const struct ld_rt_suppressions *set,
                                const struct ld_rt_suppress_subject *s);

/* Patterns in the set (0 for NULL). */
size_t ld_rt_suppressions_count(const struct ld_rt_suppressions *set);

void ld_rt_suppressions_free(struct ld_rt_suppressions *set);

#endif
