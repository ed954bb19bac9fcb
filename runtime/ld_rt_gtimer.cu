/* The time split of a launch of the check across blocks (verbosity=2,
 * ld_rt_gtimer.h): CUDA events on the launch's stream, summed per phase by
 * ld_rt_gtime.c.  Host code; CUDA runtime API only. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime.h>

#include "ldcc/global.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_global.h"
#include "ld_rt_gtime.h"
}
#include "ld_rt_gtimer.h"

namespace {
bool ok(cudaError_t e, cudaError_t pending) {
  return ld__rt_ok((int)e, (int)pending) != 0;
}
} // namespace

static double now_ms(void) {
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void ld__gt_start(struct ld__gtimer *g, const struct ld__rt_env *env,
                  cudaStream_t stream, cudaError_t pending, int deterministic) {
  g->on = env->verbosity >= 2 && env->messages;
  if (!g->on)
    return;
  g->stream = stream;
  g->pending = pending;
  g->n = g->created = 0;
  g->drain_ms = 0;
  memset(&g->t, 0, sizeof g->t);
  g->t.deterministic = deterministic;
  g->start_ms = now_ms();
}

static void gt_off(struct ld__gtimer *g) {
  for (unsigned k = 0; k < g->created; k++)
    (void)ok(cudaEventDestroy(g->ev[k]), g->pending);
  g->created = g->n = 0;
  g->on = false;
}

/* Sum the intervals recorded so far; ev[n-1] becomes ev[0]. */
static void gt_drain(struct ld__gtimer *g) {
  float ms[GT_EVENTS];

  if (g->n < 2)
    return;
  if (!ok(cudaEventSynchronize(g->ev[g->n - 1]), g->pending)) {
    gt_off(g);
    return;
  }
  for (unsigned k = 1; k < g->n; k++)
    if (!ok(cudaEventElapsedTime(&ms[k], g->ev[k - 1], g->ev[k]), g->pending)) {
      gt_off(g);
      return;
    }
  ld_rt_gtime_add(&g->t, g->phase + 1, ms + 1, g->n - 1);
  cudaEvent_t last = g->ev[g->n - 1];
  g->ev[g->n - 1] = g->ev[0];
  g->ev[0] = last;
  g->n = 1;
}

void ld__gt_mark(struct ld__gtimer *g, enum ld_rt_gphase phase) {
  if (!g->on)
    return;
  if (g->n == GT_EVENTS) {
    double t0 = now_ms();
    gt_drain(g);
    g->drain_ms += now_ms() - t0;
    if (!g->on)
      return;
  }
  if (g->n == g->created) {
    if (!ok(cudaEventCreate(&g->ev[g->n]), g->pending)) {
      gt_off(g);
      return;
    }
    g->created++;
  }
  if (!ok(cudaEventRecord(g->ev[g->n], g->stream), g->pending)) {
    gt_off(g);
    return;
  }
  g->phase[g->n++] = (unsigned char)phase;
}

/* `copies` copies of every allocation filled from S. */
void ld__gt_filled(struct ld__gtimer *g, const struct ld_rt_gplan *plan,
                   uint64_t copies) {
  if (!g->on)
    return;
  for (uint32_t i = 0; i < plan->nallocs; i++)
    g->t.bytes_copied += copies * plan->allocs[i].a.size;
}

/* The host clock when timing, else 0; gt_blocked adds the time since. */
double ld__gt_clock(const struct ld__gtimer *g) {
  return g->on ? now_ms() : 0;
}

void ld__gt_blocked(struct ld__gtimer *g, double since) {
  if (g->on)
    g->t.host_blocked_ms += now_ms() - since;
}

/* The end of the protocol: the line when `print` (the launch was checked),
 * and the events destroyed either way. */
void ld__gt_end(struct ld__gtimer *g, const struct __ldcc_global_meta *m,
                int line, FILE *out, bool print) {
  char text[512];

  if (!g->on)
    return;
  g->t.host_ms = now_ms() - g->start_ms - g->drain_ms;
  if (print)
    gt_drain(g);
  if (print && g->on) {
    ld_rt_gtime_text(&g->t, m->kernel.name, m->kernel.file, line, text,
                     sizeof text);
    fprintf(out, "%s\n", text);
    fflush(out);
  }
  gt_off(g);
}
