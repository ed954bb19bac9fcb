/* The launch wrappers (issue 23, "every launch accounted for").  The
 * driver links programs with `--wrap=<f>` for each launch entry point of
 * ld_rt_lwrap.h, so every launch of the program reaches __wrap_<f> first:
 *
 *   - inside __ldcc::launch or a registered launcher (the thread's depth,
 *     ld_rt_kernels.h), and right after __ldcc_its_arm counted it: straight
 *     to CUDA; these are the launches the translator already accounts for;
 *   - a kernel the translator registered: its launcher runs the checked
 *     launch, as the rewritten `cudaLaunchKernel(k, ...)` would; for a
 *     kernel with intra-warp checks it only arms them, and the launch then
 *     runs as given (cooperative, with attributes);
 *   - anything else (a kernel from a header, another file, a file plain
 *     nvcc built, a template, a launch with attributes): counted as not
 *     checked, with the kernel's name and the reason, then straight to
 *     CUDA with the program's arguments, once, and its result returned.
 *
 * While the calling thread runs the launch probe (ld_rt_kernels.h), a
 * launch only records its kernel and returns cudaSuccess: nothing runs.
 *
 * The name is read (cudaFuncGetName) before the real launch, and a failure
 * of that call is forgotten unless the program had an error pending, so
 * the launch leaves exactly the error state CUDA's would.  A registered
 * kernel launched cooperatively runs its checked launch as an ordinary
 * one (the clones use no grid-wide sync: docs/runtime.md).  Nothing else
 * in the runtime refers to this file; it is linked only when `--wrap` asks
 * for it.  Host code, C with the CUDA runtime API's types. */
#include "ld_rt_lwrap.h"

#include <stdlib.h>

#include "ld_rt_core.h"
#include "ld_rt_kernels.h"

/* libstdc++'s demangler (the program is linked by the C++ compiler). */
char *__cxa_demangle(const char *mangled, char *out, size_t *length,
                     int *status);

/* Count the launch of stub (or handle, when the stub is unknown) as not
 * checked, naming the kernel. */
static void count_unchecked(const struct ld_rt_kernel *k, const void *stub,
                            const void *handle, const char *why) {
  const char *name = k ? k->name : NULL;
  char *demangled = NULL;
  cudaError_t pending = cudaPeekAtLastError();

  if (!name && cudaFuncGetName(&name, stub ? stub : handle) != cudaSuccess) {
    name = NULL;
    if (pending == cudaSuccess)
      (void)cudaGetLastError();
  }
  if (name) {
    int status = -1;
    demangled = __cxa_demangle(name, NULL, NULL, &status);
    if (status == 0 && demangled)
      name = demangled;
  }
  ld__rt_foreign(name, why);
  free(demangled);
}

/* One launch as a wrapper received it. */
struct launch {
  const void *stub;   /* the kernel's host stub, NULL when unknown */
  const void *handle; /* its cudaKernel_t, for <<<>>> launches */
  int attributes;     /* cudaLaunchKernelEx with launch attributes */
  dim3 grid, block;
  void **args;
  size_t sh;
  cudaStream_t stream;
  /* The entry point that launches a stub as this one would (the handle
   * forms: cudaLaunchKernel's), for a redirected launch; NULL: none. */
  cudaError_t (*real)(const void *func, dim3 grid, dim3 block, void **args,
                      size_t sh, cudaStream_t stream);
};

/* Route one launch: returns 1 with *rc set when the launcher ran it, 0
 * when the caller runs the real function (after the arming function of a
 * kernel with intra-warp checks ran, which counted the launch). */
static int route(const struct launch *l, cudaError_t *rc) {
  const struct ld_rt_kernel *k = NULL;
  const char *why = NULL;

  if (ld_rt_kernels_capturing()) { /* the launch probe: nothing runs */
    ld_rt_kernels_captured(l->stub ? l->stub : l->handle);
    *rc = cudaSuccess;
    return 1;
  }
  /* The direct run's bounded clone in the clone's place (ld_rt_gdirect.cu):
   * the same configuration and arguments. */
  const void *to = ld_rt_kernels_redirected(l->stub);
  if (to && l->real) {
    *rc = l->real(to, l->grid, l->block, l->args, l->sh, l->stream);
    return 1;
  }
  int armed = ld_rt_kernels_take_armed();
  enum ld_rt_route r = ld_rt_kernels_route(l->stub, ld_rt_kernels_depth(),
                                           armed, l->attributes, &k, &why);

  if (r == LD_RT_ROUTE_PASS)
    return 0;
  if (r == LD_RT_ROUTE_UNCHECKED) {
    count_unchecked(ld_rt_kernels_find(l->stub), l->stub, l->handle, why);
    return 0;
  }
  if (r == LD_RT_ROUTE_AS_BUILT) {
    ld__rt_as_built();
    return 0;
  }
  ld_rt_kernels_nest(1);
  *rc = ((ld_rt_launcher)k->launcher)(l->grid, l->block, l->args, l->sh,
                                      l->stream);
  ld_rt_kernels_nest(-1);
  if (r == LD_RT_ROUTE_ARM) {
    (void)ld_rt_kernels_take_armed(); /* this launch is the one it counted */
    if (k->why) /* what its checks leave out (a cluster kernel's) */
      ld__rt_foreign_partly(k->name, k->why);
    return 0;
  }
  return 1;
}

/* Linked, the wrappers say so: the launch probe relies on them. */
__attribute__((constructor)) static void say_wrapped(void) {
  ld_rt_kernels_set_wrapped();
}

#define LD_RT_LWRAP_DEFINE(name)                                               \
  cudaError_t __wrap_##name(const void *func, dim3 grid, dim3 block,           \
                            void **args, size_t sh, cudaStream_t stream) {     \
    const struct launch l = {func, NULL, 0,      grid,         block,          \
                             args, sh,   stream, __real_##name};               \
    cudaError_t rc;                                                            \
    if (route(&l, &rc))                                                        \
      return rc;                                                               \
    return __real_##name(func, grid, block, args, sh, stream);                 \
  }
LD_RT_LAUNCH_WRAPPED(LD_RT_LWRAP_DEFINE)
#undef LD_RT_LWRAP_DEFINE

/* A configuration with attributes (clusters, programmatic launches,
 * priorities ...) is run as the program gave it, unchecked: the checked
 * launch could not keep them. */
/* Routes a cudaLaunchKernelExC(_ptsz) call; 1 with *rc set when it was
 * handled, 0 when the real entry point must run it. */
static int route_ex(const cudaLaunchConfig_t *config, const void *func,
                    void **args, cudaError_t *rc) {
  if (!config)
    return 0;
  const struct launch l = {func,
                           NULL,
                           config->numAttrs != 0,
                           config->gridDim,
                           config->blockDim,
                           args,
                           config->dynamicSmemBytes,
                           config->stream,
                           NULL};
  return route(&l, rc);
}

cudaError_t __wrap_cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                       const void *func, void **args) {
  cudaError_t rc;

  if (route_ex(config, func, args, &rc))
    return rc;
  return __real_cudaLaunchKernelExC(config, func, args);
}

cudaError_t __wrap_cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config,
                                            const void *func, void **args) {
  cudaError_t rc;

  if (route_ex(config, func, args, &rc))
    return rc;
  return __real_cudaLaunchKernelExC_ptsz(config, func, args);
}

cudaError_t __wrap___cudaLaunchKernel(cudaKernel_t kernel, dim3 grid,
                                      dim3 block, void **args, size_t sh,
                                      cudaStream_t stream) {
  const struct launch l = {
      ld_rt_kernels_stub_of(kernel), kernel, 0, grid, block, args, sh, stream,
      __real_cudaLaunchKernel};
  cudaError_t rc;

  if (route(&l, &rc))
    return rc;
  return __real___cudaLaunchKernel(kernel, grid, block, args, sh, stream);
}

cudaError_t __wrap___cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid,
                                           dim3 block, void **args, size_t sh,
                                           cudaStream_t stream) {
  const struct launch l = {
      ld_rt_kernels_stub_of(kernel), kernel, 0, grid, block, args, sh, stream,
      __real_cudaLaunchKernel_ptsz};
  cudaError_t rc;

  if (route(&l, &rc))
    return rc;
  return __real___cudaLaunchKernel_ptsz(kernel, grid, block, args, sh, stream);
}

/* Remember which stub the handle stands for: `<<<>>>` launches by it. */
cudaError_t __wrap___cudaGetKernel(cudaKernel_t *kernel, const void *func) {
  cudaError_t rc = __real___cudaGetKernel(kernel, func);

  if (rc == cudaSuccess && kernel && *kernel)
    (void)ld_rt_kernels_handle(*kernel, func);
  return rc;
}
