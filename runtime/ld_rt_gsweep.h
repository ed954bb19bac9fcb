/* The sweeps of one launch of the check across blocks, named by what they
 * check, over every written allocation (ld_rt_gsweep.cu), for the launch
 * protocol (ld_rt_glaunch.cu); the check kernels themselves are in
 * ld_rt_gcheck.cu.  Host code with CUDA types. */
#ifndef LD_RT_GSWEEP_H
#define LD_RT_GSWEEP_H

#include <stdint.h>

#include <cuda_runtime.h>

#include "ldcc/global.h"
extern "C" {
#include "ld_rt_core.h"
#include "ld_rt_global.h"
}

/* What every sweep of one launch shares: set plan .. args, then
 * ld__gsweep_names. */
struct ld__gsweep {
  const struct ld_rt_gplan *plan;
  unsigned char *scratch; /* the aligned area */
  unsigned *flag;         /* the race flag in it */
  const struct ld__rt_env *env;
  const struct __ldcc_global_meta *m;
  int launch_id;
  cudaStream_t stream;
  const struct __ldcc_global_arg *args; /* the launch's, with variables */
  uint32_t g3[3], b3[3];                /* grid and block */
  uint32_t ctx[LD_RT_GMAX_ALLOCS];      /* launch context per allocation */
  uint32_t elem_size[LD_RT_GMAX_ALLOCS];
  uint32_t grain[LD_RT_GMAX_ALLOCS];
  uint64_t index_at[LD_RT_GMAX_ALLOCS];
};

/* What reports call each allocation: its registry name with indices from
 * its base, else the first written parameter pointing into it; and the
 * grain of the deterministic merge. */
void ld__gsweep_names(struct ld__gsweep *x);

/* Allocation i's launch context for the reports: copies `copies`, stride
 * units per group (deterministic: records name units). */
void ld__gsweep_context(struct ld__gsweep *x, uint32_t i, uint32_t copies,
                        uint64_t stride, uint64_t nunits,
                        uint32_t deterministic);

/* Copies 0 .. used-1 of every allocation <- S; false when one could not be
 * queued. */
bool ld__gsweep_fill(const struct ld__gsweep *x, uint32_t used);

/* The check's sweeps; each false when a launch failed.  After pass 1:
 * write-write races between the `used` copies, U built, the copies made
 * pass-2 copies.  After pass 2: read-write races (a copy that differs from
 * U), and U committed to S when `commit`.  ld__gsweep_commit commits U
 * without checking (a round that found a race ends the search). */
bool ld__gsweep_write_write(const struct ld__gsweep *x, uint32_t used);
bool ld__gsweep_read_write(const struct ld__gsweep *x, uint32_t used,
                           uint32_t commit);
bool ld__gsweep_commit(const struct ld__gsweep *x, uint32_t used);

/* Deterministic mode, with the scratch parts the layout placed
 * (LD_RT_GLAYOUT_ACC: the marks and sums; _MERGE: the parallel merge's
 * winners): the round's `copies` copies filled from S, merged into U in
 * unit order from first_unit (write-write races are reported whether or
 * not report=0 prints them), U committed to S. */
bool ld__gsweep_det_fill(const struct ld__gsweep *x, uint32_t copies,
                         uint64_t first_unit, unsigned parts);
bool ld__gsweep_det_merge(const struct ld__gsweep *x, uint32_t copies,
                          uint64_t first_unit, unsigned parts);
bool ld__gsweep_det_commit(const struct ld__gsweep *x, unsigned parts);

#endif
