/* The direct one run of the check across blocks (docs/global-check.md,
 * "Direct one run"): a kernel with atomics, fences, printf or clocks
 * (__LDCC_GM_DIRECT) runs once on the program's memory, every access and
 * atomic claiming its words with the access's kind and line; clashes go to
 * a device table that becomes reports.  It never takes copies (they would
 * repeat atomics and printf) and never puts memory back (the run is the
 * program's own execution).  Host interface; ld_rt_gdirect.cu. */
#ifndef LD_RT_GDIRECT_H
#define LD_RT_GDIRECT_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "ldcc/global.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_global.h"
}

/* One launch as the protocol hands it over, after its plan. */
struct ld__gdirect_call {
  const struct __ldcc_global_meta *m;
  int launch_id;
  uint32_t g3[3], b3[3];
  size_t sh; /* the user's dynamic shared memory */
  cudaStream_t stream;
  const struct __ldcc_global_arg *args;
  unsigned nargs;
  void (*run)(void *ctx, const struct __ldcc_global_info *gi);
  void *ctx;
  const struct ld__rt_env *env;
  cudaError_t pending;
  const struct ld_rt_gplan *plan;
  uint64_t nunits;
  uint64_t free_bytes; /* device memory the area may use */
  /* Says why the launch is not checked (ld__rt_unchecked). */
  void (*no)(const struct __ldcc_kernel_meta *m, int launch_id,
             const char *why);
};

/* Warps of one block (__LDCC_GM_EPOCHS; docs/global-check.md, "Warps of
 * one block"): an area of its own next to the one run's or the direct
 * run's -- per written allocation a 64-bit tag per word, a barrier count
 * per thread, and a clash table -- taken (and zeroed) by ld__gblock_take,
 * its clashes queued as reports by ld__gblock_reports after the run, and
 * freed by ld__gblock_free. */
struct ld__gblock {
  unsigned char *area, *at; /* NULL: not taken */
  uint64_t btags_at[LD_RT_GMAX_ALLOCS];
  uint64_t eps_at, table_at, total;
};
/* Takes it when the kernel has __LDCC_GM_EPOCHS, the grid's blocks fit a
 * tag and the area fits; sets the btags of table o's entries (before the
 * caller copies o to the device).  false when not taken (b->at NULL; the
 * launch is checked without it). */
bool ld__gblock_take(const struct ld__gdirect_call *c, struct ld__gblock *b,
                     struct __ldcc_gowner *o);
/* The clone's part of it: gi->eps, gi->bclashes and the btags of the
 * entries gi->own (after ld_rt_global_one_info). */
void ld__gblock_info(const struct ld__gblock *b, const struct __ldcc_gowner *o,
                     struct __ldcc_global_info *gi);
/* After the run, before anything puts memory back: its clashes queued as
 * reports; the number of them (0 when they could not be read). */
unsigned ld__gblock_reports(const struct ld__gdirect_call *c,
                            const struct ld__gblock *b);
void ld__gblock_free(const struct ld__gdirect_call *c, struct ld__gblock *b);

/* Lanes of one warp (docs/global-check.md, "Lanes of one warp"): a
 * clash table of its own for the clone's gset checks in the one run and
 * the direct run, taken (its header written) by ld__glanes_take unless
 * LDCC_OPTIONS=lanes=0, its clashes queued as reports after the run by
 * ld__glanes_reports (how many there were), freed by ld__glanes_free.
 * Not taken (l->at NULL, gi->lanes 0): the lanes are not checked. */
struct ld__glanes {
  unsigned char *area, *at;
};
bool ld__glanes_take(const struct ld__gdirect_call *c, struct ld__glanes *l);
void ld__glanes_info(const struct ld__glanes *l, struct __ldcc_global_info *gi);
unsigned ld__glanes_reports(const struct ld__gdirect_call *c,
                            const struct ld__glanes *l);
void ld__glanes_free(const struct ld__gdirect_call *c, struct ld__glanes *l);

/* Run the launch directly.  Returns 1 when it ran checked (its clashes are
 * in the report ring), 0 when the caller must run the original (`no` said
 * why: the run does not fit, or the clone could not be launched). */
int ld__gdirect_launch(const struct ld__gdirect_call *c);

#endif
