/* Deterministic or stopped (docs/deterministic.md, "Deterministic or
 * stopped"): in a program built with --ldcc-deterministic every launch
 * runs deterministically, or the program stops at it (or, with
 * LDCC_OPTIONS=deterministic_fallback=warn, runs it as built after one
 * warning per launch site).  This is the decision and the stop line; the
 * core (ld_rt_core.cu) acts on them.  Host code, plain C; unit-tested in
 * tests/unit/test_rt_det.c. */
#ifndef LD_RT_DET_H
#define LD_RT_DET_H

#include <stddef.h>

#include "ld_rt_options.h"

/* The verdict on one launch. */
enum ld_rt_det_verdict {
  LD_RT_DET_RUN,  /* it runs: the program is not a deterministic build (its
                     launches are only checked or not), or the launch runs
                     deterministically */
  LD_RT_DET_WARN, /* it cannot run deterministically: said once per launch
                     site, it runs as built */
  LD_RT_DET_STOP, /* it cannot: the program stops before it runs */
};

/* What becomes of a launch that runs the original kernel as built
 * (treated == 0) or deterministically (treated != 0: its copies and
 * merges ran, or it is deterministic as built: ld_rt_det_as_built), in a
 * program that is (deterministic != 0) or is not a deterministic build. */
enum ld_rt_det_verdict ld_rt_det_verdict(const struct ld_rt_options *o,
                                         int deterministic, int treated);

/* Facts of a launch that runs as built, for ld_rt_det_as_built. */
#define LD_RT_DET_WRITES_NOTHING                                               \
  1u                               /* it writes no global memory through       \
                                      its parameters or variables */
#define LD_RT_DET_ONE_UNIT 2u      /* one unit (block, or warp) */
#define LD_RT_DET_GLOBAL_PROVED 4u /* the global proof covers the launch */
#define LD_RT_DET_SHARED_ORDERED                                               \
  8u /* its shared memory is ordered: it                                       \
        writes none, or the shared proof                                       \
        covers the block shape, or its                                         \
        replay clone runs */
#define LD_RT_DET_UNORDERED                                                    \
  16u /* something the mode cannot order:                                      \
         float or result-using atomics,                                        \
         fences, a reason of the translator */

/* 1 when a launch with these facts is deterministic as built: nothing
 * unordered, its shared memory ordered, and across units either nothing
 * written, a single unit, or the global proof (no two units touch one
 * element of what it writes, so every order gives one result). */
int ld_rt_det_as_built(unsigned facts);

/* The line said when the program stops at a launch of `kernel` (its name,
 * or NULL) at `site` ("file:line", or NULL when the runtime does not know
 * where it was written) that cannot run deterministically for reason
 * `why`: "ldcc: stopped at the launch of K at F:L: it cannot run
 * deterministically (why); exit status N (...)", with a newline.  Returns
 * what snprintf returns. */
int ld_rt_det_stop_line(char *buf, size_t size, const char *kernel,
                        const char *site, const char *why, long exitcode);

#endif
