/* The SARIF 2.1.0 printer (ld_rt_sarif.c): objects built into an ld_buf
 * from a described report, for the report table (ld_rt_report.c).
 * Internal to the runtime's host code (ld__ prefix); plain C. */
#ifndef LD_RT_SARIF_H
#define LD_RT_SARIF_H

#include <stdint.h>
#include <stdio.h>

#include "ld_buf.h"
#include "ld_rt_describe.h"

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
