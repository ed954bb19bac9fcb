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

/* Run the launch directly.  Returns 1 when it ran checked (its clashes are
 * in the report ring), 0 when the caller must run the original (`no` said
 * why: the run does not fit, or the clone could not be launched). */
int ld__gdirect_launch(const struct ld__gdirect_call *c);

#endif
