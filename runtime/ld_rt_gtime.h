/* Where the time of one launch of the check across blocks goes
 * (LDCC_OPTIONS=verbosity=2, docs/global-check.md): the launch protocol
 * (runtime/ld_rt_glaunch.cu) records a CUDA event on the launch's stream at
 * the end of every phase; this module sums the intervals between
 * consecutive events per phase and writes the one line per launch.  No
 * CUDA here: the events' elapsed times come in as numbers, so the sums and
 * the text are unit-tested without a GPU (tests/unit/test_rt_gtime.c).
 * Host code, plain C. */
#ifndef LD_RT_GTIME_H
#define LD_RT_GTIME_H

#include <stddef.h>
#include <stdint.h>

/* The phases; an interval between two consecutive events belongs to the
 * phase of the later one.  Both protocols share the list: the check uses
 * ALLOC FILL PASS1 SWEEP1 PASS2 SWEEP2 FREE WAIT, deterministic mode
 * ALLOC FILL PASS MERGE COMMIT FREE. */
enum ld_rt_gphase {
  LD_RT_GT_ALLOC,  /* scratch area (cudaMallocAsync), race flag cleared */
  LD_RT_GT_FILL,   /* copies <- S (deterministic: U <- S, marks, copies) */
  LD_RT_GT_PASS1,  /* the clone, every unit on its copy */
  LD_RT_GT_SWEEP1, /* write-write check, U, copies made pass-2 copies */
  LD_RT_GT_PASS2,  /* the clone again */
  LD_RT_GT_SWEEP2, /* read-write check; in the last round U -> S */
  LD_RT_GT_PASS,   /* deterministic mode's one pass per round */
  LD_RT_GT_MERGE,  /* deterministic mode's merge of a round into U */
  LD_RT_GT_COMMIT, /* deterministic mode's U -> S */
  LD_RT_GT_FREE,   /* cudaFreeAsync */
  LD_RT_GT_WAIT,   /* stream idle between rounds: the race flag read back
                      and the host's reaction to it */
  LD_RT_GT_COUNT
};

/* One launch's split. */
struct ld_rt_gtime {
  int deterministic;         /* which phase list to print */
  double ms[LD_RT_GT_COUNT]; /* stream time per phase, ms, all rounds */
  uint64_t rounds;           /* rounds run: the PASS1 (PASS) intervals */
  uint64_t bytes_copied;     /* S -> copies (and U) in all rounds */
  double host_ms;            /* wall clock of the protocol call, ms */
  double host_blocked_ms;    /* of which waiting for the stream */
};

/* Add n intervals: interval k lasted ms[k] milliseconds and ended a phase
 * phase[k] (an ld_rt_gphase; out-of-range ones are ignored).  May be called
 * several times per launch (the protocol drains its events in batches). */
void ld_rt_gtime_add(struct ld_rt_gtime *t, const unsigned char *phase,
                     const float *ms, size_t n);

/* The line, without its newline, into buf (size bytes, truncated, always
 * terminated):
 * "ldcc: launch of K at F:L time: alloc 0.80 ms, fill 12.10 ms, ...,
 * free 0.10 ms, host waits 0.30 ms, stream total 52.30 ms; host total
 * 40.10 ms, host blocked 35.00 ms (3 rounds, B bytes copied)", the phases
 * in the order of the mode's list (no host waits in deterministic mode).
 * Returns the length the whole line needs, as snprintf. */
size_t ld_rt_gtime_text(const struct ld_rt_gtime *t, const char *kernel,
                        const char *file, int line, char *buf, size_t size);

#endif
