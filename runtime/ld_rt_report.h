/* The reports of one program run: de-duplicating records by (kind,
 * kernel, variable, element, region), suppressing, counting instances, the
 * unchecked-launch lines and the summary, in the format LDCC_OPTIONS asks
 * for.  What a record says is collected by ld_rt_describe.h and printed by
 * ld_rt_text.c, ld_rt_json.c or ld_rt_sarif.c; docs/report-format.md is
 * the shape of every format.  Host code, plain C, no CUDA. */
#ifndef LD_RT_REPORT_H
#define LD_RT_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ld_rt_describe.h"
#include "ld_rt_kind.h"
#include "ld_rt_options.h"
#include "ld_rt_suppress.h"
#include "ld_rt_text.h"
#include "ldcc/host.h"

/* The de-duplication table of one program run. */
struct ld_rt_races;

/* How a run reports. */
struct ld_rt_report_config {
  enum ld_rt_format format;
  long max_reports; /* distinct races printed in full; later only counted */
  int colour;       /* ANSI colours in text output */
  FILE *messages;   /* json/sarif: where text lines go: verbosity lines, and
                       the summary and not-checked lines when it is not
                       the report stream (NULL: nowhere) */
  struct ld_rt_suppressions *suppressions; /* owned by the table; NULL */
};

/* Returns NULL when out of memory (c->suppressions is then freed). */
struct ld_rt_races *ld_rt_races_new_config(const struct ld_rt_report_config *c);

/* Text, no colour, no suppressions. */
struct ld_rt_races *ld_rt_races_new(long max_reports);

/* The table for a program run from its options: format, max_reports,
 * suppressions (an unreadable or bad file gives one message per problem on
 * err and the run goes on), colour when format is text, log_path is unset,
 * out is a terminal, NO_COLOR is unset and TERM is not "dumb"; for json and
 * sarif, text lines go to err (the summary too when out is another
 * stream).  NULL when out of memory. */
struct ld_rt_races *ld_rt_races_open(const struct ld_rt_options *o, FILE *out,
                                     FILE *err);
void ld_rt_races_free(struct ld_rt_races *r);

/* Where a human-readable line of the runtime goes (verbosity lines): out
 * for text, the messages stream (or NULL) for json and sarif, which keep
 * the report stream machine-readable when it is a log_path. */
FILE *ld_rt_races_messages(const struct ld_rt_races *r, FILE *out);

/* Add one record: a new distinct race (or note) is reported to out (when
 * out is not NULL and fewer than max_reports were reported) unless a
 * suppression matches it.  Returns 1 for a new distinct race, 0 for
 * another instance, a suppressed race or a note, LD_ENOMEM. */
int ld_rt_races_add(struct ld_rt_races *r, const struct __ldcc_report *rec,
                    FILE *out);

/* A launch that runs unchecked: "ldcc: launch of K at F:L not checked:
 * why" in text, a JSON line, a SARIF notification (and the text line on
 * the messages stream).  r may be NULL (text); meta may be NULL. */
void ld_rt_races_unchecked(struct ld_rt_races *r,
                           const struct __ldcc_kernel_meta *meta, int launch_id,
                           const char *why, FILE *out);
/* The same with another state than "not checked" ("not deterministic" in a
 * --ldcc-deterministic build: the launch ran unchanged). */
void ld_rt_races_unchecked_as(struct ld_rt_races *r,
                              const struct __ldcc_kernel_meta *meta,
                              int launch_id, const char *state, const char *why,
                              FILE *out);

/* A launch that reached CUDA outside __ldcc::launch and ran unchecked,
 * of the kernel named kernel (NULL: unknown), for reason why (a static
 * string): counted per kernel and reason for the summary ("  not checked:
 * N launches of K: why"); the first of each pair is reported as "ldcc:
 * launch of K not checked: why" (a JSON line, a SARIF notification).
 * Returns 1 for the first of its pair, 0 else. */
int ld_rt_races_foreign(struct ld_rt_races *r, const char *kernel,
                        const char *why, FILE *out);
/* The same with another state than "not checked" ("checked in part"). */
int ld_rt_races_foreign_as(struct ld_rt_races *r, const char *kernel,
                           const char *state, const char *why, FILE *out);

/* Distinct races so far (notes and suppressed races excluded). */
unsigned long ld_rt_races_count(const struct ld_rt_races *r);

/* Distinct races a suppression matched. */
unsigned long ld_rt_races_suppressed(const struct ld_rt_races *r);

/* Instances of every race from the device's counters (NULL: one per
 * record), then the summary to out: "ldcc: summary: ..." and a line per
 * race shown (text), a summary line (json) or the whole SARIF log. */
void ld_rt_races_summary(struct ld_rt_races *r, const unsigned *counts,
                         unsigned long checked_launches,
                         unsigned long unchecked_launches,
                         uint64_t dropped_records, FILE *out);

#endif
