/* Deterministic or stopped: the decision and the stop line (see
 * ld_rt_det.h).  Host code, plain C. */
#include "ld_rt_det.h"

#include <stdio.h>

enum ld_rt_det_verdict ld_rt_det_verdict(const struct ld_rt_options *o,
                                         int deterministic, int treated) {
  if (!deterministic || treated)
    return LD_RT_DET_RUN;
  return o->deterministic_fallback == LD_RT_FALLBACK_WARN ? LD_RT_DET_WARN
                                                          : LD_RT_DET_STOP;
}

int ld_rt_det_as_built(unsigned facts) {
  if (facts & LD_RT_DET_UNORDERED)
    return 0;
  if (!(facts & LD_RT_DET_SHARED_ORDERED))
    return 0;
  return (facts & (LD_RT_DET_WRITES_NOTHING | LD_RT_DET_ONE_UNIT |
                   LD_RT_DET_GLOBAL_PROVED)) != 0;
}

int ld_rt_det_stop_line(char *buf, size_t size, const char *kernel,
                        const char *site, const char *why, long exitcode) {
  return snprintf(buf, size,
                  "ldcc: stopped at %s of %s%s%s: it cannot run "
                  "deterministically (%s); exit status %ld "
                  "(LDCC_OPTIONS=deterministic_fallback=warn runs it as "
                  "built, with a warning)\n",
                  site ? "the launch" : "a launch", kernel ? kernel : "?",
                  site ? " at " : "", site ? site : "", why ? why : "?",
                  exitcode);
}
