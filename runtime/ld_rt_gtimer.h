/* The time split of one launch of the check across blocks
 * (ld_rt_gtimer.cu), for the launch protocol (ld_rt_glaunch.cu).
 * Host code with CUDA types. */
#ifndef LD_RT_GTIMER_H
#define LD_RT_GTIMER_H

#include <stdio.h>

#include <cuda_runtime.h>

#include "ldcc/global.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_global.h"
#include "ld_rt_gtime.h"
}

/* verbosity >= 2: the split of a launch's time into the protocol's phases
 * (ld_rt_gtime.h).  ld__gt_mark records an event on the launch's stream at the
 * end of a phase (the first one, phase LD_RT_GT_COUNT, marks the start);
 * ld__gt_end waits for the last and prints one line.  Events are created as
 * needed, at most GT_EVENTS; when they are all in use, gt_drain reads them
 * (waiting for the last, outside the time reported as the host's) and
 * starts again from the last, which only deterministic mode's many rounds
 * reach.  With verbosity below 2, `on` is false and every call returns at
 * once: no event, no wait.  A CUDA call of its own that fails turns it off
 * for the launch (no line). */
#define GT_EVENTS 1024

struct ld__gtimer {
  bool on;
  cudaStream_t stream;
  cudaError_t pending;
  unsigned n;       /* events recorded since the last drain */
  unsigned created; /* ev[0 .. created-1] exist */
  double start_ms;  /* host clock at the protocol's entry */
  double drain_ms;  /* host time spent draining, not the protocol's */
  struct ld_rt_gtime t;
  cudaEvent_t ev[GT_EVENTS];
  unsigned char phase[GT_EVENTS]; /* the phase ev[k] ends (k >= 1) */
};

void ld__gt_start(struct ld__gtimer *g, const struct ld__rt_env *env,
                  cudaStream_t stream, cudaError_t pending, int deterministic);
/* An event at the end of `phase` (LD_RT_GT_COUNT: the start). */
void ld__gt_mark(struct ld__gtimer *g, enum ld_rt_gphase phase);
/* `copies` copies of every allocation filled from S. */
void ld__gt_filled(struct ld__gtimer *g, const struct ld_rt_gplan *plan,
                   uint64_t copies);
/* The host clock when timing, else 0; ld__gt_blocked adds the time since
 * to the host's blocked time. */
double ld__gt_clock(const struct ld__gtimer *g);
void ld__gt_blocked(struct ld__gtimer *g, double since);
/* The end of the protocol: the line (kernel m, launch at `line`) when
 * `print` (the launch was checked), and the events destroyed either
 * way. */
void ld__gt_end(struct ld__gtimer *g, const struct __ldcc_global_meta *m,
                int line, FILE *out, bool print);

#endif
