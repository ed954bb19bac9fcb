/* Placement arithmetic for the shared-memory replay (see ld_rt_place.h).
 * Host code, plain C. */
#include "ld_rt_place.h"

#include <string.h>

#include "ld_error.h"

int ld_rt_place(const struct ld_rt_place_in *in, struct ld_rt_place_out *out) {
  uint64_t native;

  memset(out, 0, sizeof *out);
  if (in->nthreads == 0 || in->align > LD_RT_SLOT_ALIGN ||
      (in->align & (in->align - 1)))
    return LD_EINVAL;
  out->nwarps = (in->nthreads + 31) / 32;
  out->geo = __ldcc_geometry_of(in->static_bytes, in->align, in->user_dyn,
                                out->nwarps);
  native = in->static_bytes + in->user_dyn;
  if (out->geo.align == 16 &&
      in->clone_static_smem + out->geo.total_bytes <= in->smem_optin) {
    out->placement = LD_RT_PLACE_SHARED;
    out->launch_smem = out->geo.total_bytes;
    out->extra_bytes = out->geo.total_bytes - native;
  } else {
    out->placement = LD_RT_PLACE_GLOBAL;
    out->launch_smem = 0;
    out->slot_bytes = __ldcc_round_up(out->geo.total_bytes, LD_RT_SLOT_ALIGN);
    out->extra_bytes = out->slot_bytes;
  }
  return LD_OK;
}

int ld_rt_pick_clone(uint32_t nthreads, int from, int max_normal, int has_lb,
                     int max_lb) {
  if (nthreads == 0)
    return LD_RT_CLONE_NONE;
  if (from <= LD_RT_CLONE_NORMAL && max_normal > 0 &&
      nthreads <= (uint32_t)max_normal)
    return LD_RT_CLONE_NORMAL;
  if (from <= LD_RT_CLONE_LB && has_lb && max_lb > 0 &&
      nthreads <= (uint32_t)max_lb)
    return LD_RT_CLONE_LB;
  return LD_RT_CLONE_NONE;
}
