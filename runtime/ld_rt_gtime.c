/* The split of a checked launch's time into the protocol's phases: sums of
 * event intervals per phase, and the verbosity=2 line (ld_rt_gtime.h).
 * Host code, plain C. */
#include "ld_rt_gtime.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const phase_names[LD_RT_GT_COUNT] = {
    [LD_RT_GT_ALLOC] = "alloc",    [LD_RT_GT_FILL] = "fill",
    [LD_RT_GT_PASS1] = "pass1",    [LD_RT_GT_SWEEP1] = "sweep1",
    [LD_RT_GT_PASS2] = "pass2",    [LD_RT_GT_SWEEP2] = "sweep2",
    [LD_RT_GT_PASS] = "pass",      [LD_RT_GT_MERGE] = "merge",
    [LD_RT_GT_COMMIT] = "commit",  [LD_RT_GT_FREE] = "free",
    [LD_RT_GT_WAIT] = "host waits"};

/* What each mode prints, in stream order. */
static const unsigned char check_phases[] = {
    LD_RT_GT_ALLOC, LD_RT_GT_FILL,   LD_RT_GT_PASS1, LD_RT_GT_SWEEP1,
    LD_RT_GT_PASS2, LD_RT_GT_SWEEP2, LD_RT_GT_FREE,  LD_RT_GT_WAIT};
static const unsigned char det_phases[] = {LD_RT_GT_ALLOC,  LD_RT_GT_FILL,
                                           LD_RT_GT_PASS,   LD_RT_GT_MERGE,
                                           LD_RT_GT_COMMIT, LD_RT_GT_FREE};

void ld_rt_gtime_add(struct ld_rt_gtime *t, const unsigned char *phase,
                     const float *ms, size_t n) {
  for (size_t k = 0; k < n; k++) {
    if (phase[k] >= LD_RT_GT_COUNT)
      continue;
    t->ms[phase[k]] += ms[k];
    if (phase[k] == (t->deterministic ? LD_RT_GT_PASS : LD_RT_GT_PASS1))
      t->rounds++;
  }
}

/* snprintf into buf + *len, keeping *len the length the text needs. */
static void put(char *buf, size_t size, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t size, size_t *len, const char *fmt, ...) {
  va_list ap;
  int n;

  va_start(ap, fmt);
  n = vsnprintf(*len < size ? buf + *len : NULL, *len < size ? size - *len : 0,
                fmt, ap);
  va_end(ap);
  if (n > 0)
    *len += (size_t)n;
}

size_t ld_rt_gtime_text(const struct ld_rt_gtime *t, const char *kernel,
                        const char *file, int line, char *buf, size_t size) {
  const unsigned char *list = t->deterministic ? det_phases : check_phases;
  size_t nlist = t->deterministic ? sizeof det_phases : sizeof check_phases;
  double total = 0;
  size_t len = 0;

  if (size)
    buf[0] = '\0';
  for (size_t k = 0; k < LD_RT_GT_COUNT; k++)
    total += t->ms[k];
  put(buf, size, &len,
      "ldcc: launch of %s at %s:%d time:", kernel ? kernel : "?",
      file ? file : "?", line);
  for (size_t k = 0; k < nlist; k++)
    put(buf, size, &len, " %s %.2f ms,", phase_names[list[k]], t->ms[list[k]]);
  put(buf, size, &len,
      " stream total %.2f ms; host total %.2f ms, host blocked %.2f ms "
      "(%llu rounds, %llu bytes copied)",
      total, t->host_ms, t->host_blocked_ms, (unsigned long long)t->rounds,
      (unsigned long long)t->bytes_copied);
  return len;
}
