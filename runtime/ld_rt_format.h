/* What ld_rt_report.c shares with the JSON-lines (ld_rt_json.c) and SARIF
 * (ld_rt_sarif.c) writers: objects built into an ld_buf from a resolved
 * report.  Internal to the runtime's host code (ld__ prefix); plain C. */
#ifndef LD_RT_FORMAT_H
#define LD_RT_FORMAT_H

#include <stdint.h>
#include <stdio.h>

#include "ld_buf.h"
#include "ld_rt_report.h"

/* s as a JSON string with quotes, or null when s is NULL. */
int ld__json_str(struct ld_buf *b, const char *s);

/* {"type":"race","id":id,...} (id >= 1) or {"type":"note",...} (id 0),
 * no newline. */
int ld__json_race(struct ld_buf *b, const struct ld_rt_race_desc *d,
                  unsigned long id);

/* {"type":"unchecked","kernel":...,"file":...,"line":...,"why":...}. */
int ld__json_unchecked(struct ld_buf *b, const char *kernel, const char *file,
                       int line, const char *why);

/* The numbers of the summary line. */
struct ld__summary {
  unsigned long races, kernels, checked, unchecked, not_shown, suppressed;
  uint64_t instances, dropped;
};

/* {"type":"summary",...,"race_instances":[ — the caller appends
 * {"id":..,"instances":..} objects and closes with "]}". */
int ld__json_summary_open(struct ld_buf *b, const struct ld__summary *s);

/* A SARIF result object for d, left open: the caller appends
 * ,"occurrenceCount":N} when the instances are known. */
int ld__sarif_result(struct ld_buf *b, const struct ld_rt_race_desc *d);

/* A SARIF notification object (level "note", "warning" or "error"),
 * located at file:line when file is not NULL and line > 0. */
int ld__sarif_notification(struct ld_buf *b, const char *level,
                           const char *text, const char *file, int line);

/* The SARIF log up to and including "results":[ . */
int ld__sarif_open(struct ld_buf *b);

/* Closes the results array and writes the invocation: notifications is a
 * comma-separated list of notification objects ("" for none). */
int ld__sarif_close(struct ld_buf *b, const char *notifications);

#endif
