/* The text printer of a described report (docs/report-format.md): two to
 * four lines per race.  Host code, plain C. */
#ifndef LD_RT_TEXT_H
#define LD_RT_TEXT_H

#include <stdio.h>

#include "ld_rt_describe.h"

/* ANSI colours of text reports (and the text summary). */
#define LD_RT_RED "\033[1;31m"
#define LD_RT_YELLOW "\033[1;33m"
#define LD_RT_BOLD "\033[1m"
#define LD_RT_RESET "\033[0m"

/* Print d as text (docs/report-format.md), with ANSI colours when colour
 * is set. */
void ld_rt_race_print_text(const struct ld_rt_race_desc *d, int colour,
                           FILE *out);

/* Print one record as text without de-duplication or colour. */
void ld_rt_report_print(const struct __ldcc_report *rec, FILE *out);

#endif
