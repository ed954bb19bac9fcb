/* The coverage report (`ldcc-translate --coverage`, docs/coverage.md): for
 * each CUDA file, and each kernel in it, which of ldcc's checks apply and
 * why the others do not, read from the finished plan (after the emit step,
 * which may still give up on a clone).  Never sees libclang: files are
 * translated through ld_translate.  Host code only. */
#ifndef LD_COVERAGE_H
#define LD_COVERAGE_H

#include <stddef.h>
#include <stdio.h>

#include "ld_plan.h"

/* What one check does for one kernel. */
enum ld_cov_check {
  LD_COV_NONE, /* nothing of that kind to check ("-") */
  LD_COV_YES,  /* checked */
  LD_COV_NO,   /* something to check, not checked: a reason goes with it */
};

/* How much of a kernel is checked. */
enum ld_cov_level {
  LD_COV_FULL,   /* every check that applies is on */
  LD_COV_PARTLY, /* some are on, some are off */
  LD_COV_OFF,    /* none is on */
};

/* Running totals over the files of one report. */
struct ld_cov_totals {
  size_t files;    /* .cu files read (given or found under a directory) */
  size_t parsed;   /* of those, the translator produced a plan */
  size_t kernels;  /* kernels defined in the parsed files */
  size_t level[3]; /* kernels by enum ld_cov_level */
  size_t unseen;   /* kernels launched in a parsed file but defined
                      elsewhere (a header, another file): not translated */
};

/* Writes one kernel line and the lines of kernels launched but defined
 * outside the file (KERNEL/UNSEEN, docs/coverage.md) for plan, and adds them
 * to *tot.  Returns 0 or LD_EIO. */
int ld_coverage_plan(const struct ld_plan *plan, FILE *out,
                     struct ld_cov_totals *tot);

/* `ldcc-translate --coverage ARGS`: argv[0] is the first argument after
 * --coverage.  Returns the exit status (0 report written, 1 write failure,
 * 2 bad usage). */
int ld_coverage_main(int argc, char **argv);

#endif
