/* Where the shared-memory replay keeps a block's copies, and how many bytes
 * they take: pure arithmetic on the kernel's layout, the block shape and the
 * device's limits, so it is unit-tested without a GPU.  Host code, plain C. */
#ifndef LD_RT_PLACE_H
#define LD_RT_PLACE_H

#include <stdint.h>

#include "ldcc/host.h"

#define LD_RT_PLACE_SHARED 0 /* copies in dynamic shared memory */
#define LD_RT_PLACE_GLOBAL 1 /* copies in a global scratch slot per block */
#define LD_RT_SLOT_ALIGN 256 /* bytes; slots start 256-aligned */

struct ld_rt_place_in {
  uint64_t static_bytes;      /* sizeof(__ldcc_layout_<k>) */
  uint64_t align;             /* alignof(__ldcc_layout_<k>) */
  uint64_t user_dyn;          /* the user's dynamic shared memory, bytes */
  uint32_t nthreads;          /* blockDim.x * y * z, >= 1 */
  uint64_t clone_static_smem; /* static shared memory of the clone, bytes */
  uint64_t smem_optin;        /* device's opt-in shared memory per block */
  int groups_ok;              /* warps may share copies (not deterministic) */
};

struct ld_rt_place_out {
  int placement;              /* LD_RT_PLACE_* */
  uint32_t nwarps;            /* ceil(nthreads / 32) */
  uint32_t group_shift;       /* 2^group_shift warps share a copy */
  uint32_t ncopies;           /* copies: nwarps, fewer with groups */
  struct __ldcc_geometry geo; /* header, S, ncopies copies */
  uint64_t launch_smem;       /* dynamic shared memory to launch with */
  uint64_t slot_bytes;        /* global: bytes per slot; 0 for shared */
  uint64_t extra_bytes;       /* memory per block beyond the native run's */
};

/* Choose the placement: shared memory when the clone's static shared
 * memory plus the whole area fits the opt-in limit and the layout needs
 * no more than 16-byte alignment; else, when groups_ok, shared memory with
 * 2 (then 4) warps sharing each copy if that fits; else a global slot with
 * a copy per warp.  Returns 0, or
 * LD_EINVAL when nthreads is 0 or the layout wants more than 256-byte
 * alignment (the launch is then not checked). */
int ld_rt_place(const struct ld_rt_place_in *in, struct ld_rt_place_out *out);

/* Turn a placement into a global slot with a copy per warp (shared memory
 * did not fit after all: the occupancy query said no). */
void ld_rt_place_global(const struct ld_rt_place_in *in,
                        struct ld_rt_place_out *out);

#define LD_RT_CLONE_NONE (-1) /* no clone runs the block: not checked */
#define LD_RT_CLONE_NORMAL 0  /* __ldcc_<k> */
#define LD_RT_CLONE_LB 1      /* __ldcc_<k>__lb, __launch_bounds__(1024) */

/* Which clone runs a block of nthreads: the normal one when nthreads is at
 * most its maxThreadsPerBlock (max_normal), else the `__lb` one when it
 * exists (has_lb) and nthreads is at most its max_lb, else none.  Starting
 * at `from` (LD_RT_CLONE_LB: the normal clone was tried and cannot run the
 * block for another reason, e.g. occupancy). */
int ld_rt_pick_clone(uint32_t nthreads, int from, int max_normal, int has_lb,
                     int max_lb);

#endif
