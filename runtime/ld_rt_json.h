/* The JSON-lines printer (ld_rt_json.c): objects built into an ld_buf
 * from a described report, for the report table (ld_rt_report.c); the
 * string escaping is the SARIF printer's too.  Internal to the runtime's
 * host code (ld__ prefix); plain C. */
#ifndef LD_RT_JSON_H
#define LD_RT_JSON_H

#include <stdint.h>
#include <stdio.h>

#include "ld_buf.h"
#include "ld_rt_describe.h"

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

#endif
