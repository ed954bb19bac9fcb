/* The kernels the translator registered, and the routing of a launch that
 * reached CUDA's launch entry points without `__ldcc::launch`
 * (ld_rt_lwrap.c): every translated file registers each of its checked,
 * non-template kernels once, at static construction, by the address of
 * its host stub (what `(const void *)k` and cudaLaunchKernel's `func`
 * are), with a launcher that performs the checked launch.  `<<<>>>` under
 * CUDA 13 launches by a cudaKernel_t handle, which __cudaGetKernel made
 * from the stub: the table maps handles back to stubs.  Host code, plain
 * C; no CUDA (the launcher's type is opaque here), unit-tested. */
#ifndef LD_RT_KERNELS_H
#define LD_RT_KERNELS_H

#include <stddef.h>

/* What the registration says a kernel's launcher does (include/ldcc/host.h
 * __LDCC_REG_*). */
enum ld_rt_kernel_kind {
  LD_RT_KERNEL_CHECKED = 0,  /* runs the launch through __ldcc::launch... */
  LD_RT_KERNEL_ARMED = 1,    /* arms the file's intra-warp checks (the
                                kernel's own text holds them); the launch
                                then runs as the program gave it */
  LD_RT_KERNEL_AS_BUILT = 2, /* no launcher: deterministic as built (a
                                --ldcc-deterministic build) */
};

struct ld_rt_kernel {
  const void *stub;       /* the kernel's host stub; NULL: free entry */
  void (*launcher)(void); /* cast to __ldcc_launcher by the wrappers */
  const char *name;       /* as written in the definition */
  int kind;               /* enum ld_rt_kernel_kind */
  const char *why;        /* launcher NULL: why the translator left the kernel
                             unchecked; an arming kernel's: what its
                             checks leave out, or NULL (static storage of
                             the program) */
};

/* How a launch that reached a wrapper goes on. */
enum ld_rt_route {
  LD_RT_ROUTE_PASS,      /* straight to CUDA, nothing counted: a launch
                            inside __ldcc::launch, or the launch that
                            follows the arming of intra-warp checks */
  LD_RT_ROUTE_LAUNCHER,  /* call the registered launcher */
  LD_RT_ROUTE_UNCHECKED, /* straight to CUDA, counted as not checked */
  LD_RT_ROUTE_ARM,       /* call the registered arming function, then
                            straight to CUDA */
  LD_RT_ROUTE_AS_BUILT,  /* straight to CUDA, counted as run
                            deterministically: a kernel a deterministic
                            build registered as deterministic as built */
};

/* Register kernel stub with its launcher, or with launcher NULL and why:
 * a kernel the translator saw and left unchecked (a second registration of one
 * stub, from another translation unit's copy of an inline kernel, keeps the
 * first).  Returns 0, or -1 when the table is full (the kernel's launches
 * outside
 * __ldcc::launch then count as not checked).  Thread-safe. */
int ld_rt_kernels_add(const void *stub, void (*launcher)(void),
                      const char *name, int kind, const char *why);
/* The entry of stub, or NULL.  The entry stays valid for the program's
 * life. */
const struct ld_rt_kernel *ld_rt_kernels_find(const void *stub);
/* Remember that handle (a cudaKernel_t) launches stub; 0, or -1 when
 * full. */
int ld_rt_kernels_handle(const void *handle, const void *stub);
/* The stub of handle, or NULL when __cudaGetKernel never made it. */
const void *ld_rt_kernels_stub_of(const void *handle);
/* A direct clone's bounded twin (include/ldcc/global.h bounded_clone,
 * registered as __ldcc_register_bounded): 0, or -1 when full; the twin of
 * clone, or NULL. */
int ld_rt_kernels_add_bounded(const void *clone, const void *bounded);
const void *ld_rt_kernels_bounded_of(const void *clone);
/* While set on the calling thread (from non-NULL), a launch of stub from
 * that reaches a launch wrapper runs to instead, with the same
 * configuration and arguments (the direct run's bounded clone);
 * ld_rt_kernels_redirect(NULL, NULL) ends it.  _redirected: what a
 * launch of stub runs instead, or NULL. */
void ld_rt_kernels_redirect(const void *from, const void *to);
const void *ld_rt_kernels_redirected(const void *stub);
/* Forget every registration (unit tests). */
void ld_rt_kernels_reset(void);

/* The reasons a launch outside __ldcc::launch is not checked. */
#define LD_RT_WHY_FOREIGN                                                      \
  "kernel not translated: defined in a header or a file ldcc did not "         \
  "translate, or a template kernel"
#define LD_RT_WHY_ATTRIBUTES                                                   \
  "launched with launch attributes (cudaLaunchKernelEx) the check cannot "     \
  "keep"
#define LD_RT_WHY_UNCHECKED "the translator left the kernel unchecked"
#define LD_RT_WHY_UNKNOWN_HANDLE                                               \
  "launched by a kernel handle ldcc did not see made"

/* How a launch of stub (NULL when only an unknown handle is known) goes
 * on, given depth (the calling thread's __ldcc::launch nesting) and armed
 * (its intra-warp checks were just armed; consumed).  *entry is the
 * registration (LAUNCHER), *why the reason (UNCHECKED). */
enum ld_rt_route ld_rt_kernels_route(const void *stub, int depth, int armed,
                                     int attributes,
                                     const struct ld_rt_kernel **entry,
                                     const char **why);

/* +1 on entering __ldcc::launch, a launcher or the check across blocks,
 * -1 on leaving: the calling thread's own launches in between pass
 * straight through the wrappers.  (`__ldcc_launch_scope`, what
 * include/ldcc/host.h calls, is the same; `__ldcc_register_kernel` is
 * ld_rt_kernels_add for the translated files' static constructors.) */
void ld_rt_kernels_nest(int delta);
/* The calling thread's nesting. */
int ld_rt_kernels_depth(void);
/* __ldcc_its_arm counted the launch that follows (set 1); the wrappers
 * take the flag (read and clear) at every launch. */
void ld_rt_kernels_set_armed(int value);
int ld_rt_kernels_take_armed(void);

/* The launch probe (docs/global-check.md, "Resident grids"): a launch
 * lambda run while the calling thread captures reaches a launch wrapper,
 * which records the kernel it names and returns cudaSuccess without
 * launching; so the runtime learns which kernel (the original's stub, the
 * clone's) a launch would run.  Only where the wrappers are linked
 * (ld_rt_kernels_wrapped): without them a probed launch would really run.
 * _capture(1) begins (forgetting what an earlier one saw), _capture(0)
 * ends and returns the one kernel seen, or NULL when none, more than one,
 * or the capture was spoiled (__ldcc_launch_prepare, whose clone the
 * runtime picks at run time, spoils it). */
int ld_rt_kernels_wrapped(void);
void ld_rt_kernels_set_wrapped(void);
const void *ld_rt_kernels_capture(int on);
int ld_rt_kernels_capturing(void);
void ld_rt_kernels_captured(const void *func);
void ld_rt_kernels_spoil(void);

/* Whether a grid of `blocks` blocks on `sms` multiprocessors is one the
 * original kernel keeps resident all at once (orig_per_sm blocks per SM)
 * and sized for it (a multiple of sms, as persistent kernels size theirs),
 * while the instrumented clone (clone_per_sm) cannot keep it resident: a
 * kernel whose blocks wait for each other would then wait forever.  0
 * when a count is unknown (<= 0). */
int ld_rt_resident_lost(unsigned long long blocks, int sms, int orig_per_sm,
                        int clone_per_sm);

#endif
