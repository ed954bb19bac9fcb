/* Placement arithmetic for the shared-memory replay (see ld_rt_place.h).
 * Host code, plain C. */
#include "ld_rt_place.h"

#include <string.h>

#include "ld_error.h"

int ld_rt_place(const struct ld_rt_place_in *in, struct ld_rt_place_out *out) {
  uint64_t native;
  unsigned g;

  memset(out, 0, sizeof *out);
  if (in->nthreads == 0 || in->align > LD_RT_SLOT_ALIGN ||
      (in->align & (in->align - 1)))
    return LD_EINVAL;
  out->nwarps = (in->nthreads + 31) / 32;
  native = in->static_bytes + in->user_dyn;
  for (g = 0; g <= (in->groups_ok ? __LDCC_GROUP_MAX_SHIFT : 0u); g++) {
    if (g && !__ldcc_group_ok(out->nwarps, g))
      break;
    out->group_shift = g;
    out->ncopies = __ldcc_group_copies(out->nwarps, g);
    out->geo = __ldcc_geometry_of(in->static_bytes, in->align, in->user_dyn,
                                  out->ncopies);
    if (out->geo.align == 16 &&
        in->clone_static_smem + out->geo.total_bytes <= in->smem_optin)
      break;
  }
  if (out->geo.align == 16 &&
      in->clone_static_smem + out->geo.total_bytes <= in->smem_optin) {
    out->placement = LD_RT_PLACE_SHARED;
    out->launch_smem = out->geo.total_bytes;
    out->extra_bytes = out->geo.total_bytes - native;
  } else {
    ld_rt_place_global(in, out);
  }
  return LD_OK;
}

void ld_rt_place_global(const struct ld_rt_place_in *in,
                        struct ld_rt_place_out *out) {
  out->group_shift = 0;
  out->ncopies = out->nwarps;
  out->geo = __ldcc_geometry_of(in->static_bytes, in->align, in->user_dyn,
                                out->nwarps);
  out->placement = LD_RT_PLACE_GLOBAL;
  out->launch_smem = 0;
  out->slot_bytes = __ldcc_round_up(out->geo.total_bytes, LD_RT_SLOT_ALIGN);
  out->extra_bytes = out->slot_bytes;
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
