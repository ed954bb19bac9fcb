/* Deterministic mode's printf lines (docs/deterministic-global.md,
 * "printf"): the records the clone's gprintf logged (struct __ldcc_gprec,
 * include/ldcc/global.h) put in unit order and formatted as device printf
 * would have.  Plain C, unit-tested (tests/unit/test_gprintf.c). */
#ifndef LD_RT_GPRINTF_H
#define LD_RT_GPRINTF_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Formats one record of size bytes (a struct __ldcc_gprec, its format and
 * arguments) to out.  Returns 0, or -1 when the record is malformed
 * (nothing more of it is printed). */
int ld_rt_gprintf_record(const unsigned char *rec, size_t size, FILE *out);

/* Prints the records in log[0, used) in thread order (a thread's in the
 * order it logged them) to out.  Returns the number of records printed,
 * or -1 when out of memory or the log is malformed (nothing printed). */
long ld_rt_gprintf_log(const unsigned char *log, size_t used, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
