/* The ldcc driver: everything `main` does, callable from tests.
 *
 * ld_driver_main takes the process's argv and environment and either
 * replaces the process with the real nvcc (pass-through cases), or
 * translates the CUDA inputs into a private temporary directory, runs nvcc
 * on the translated files as a child, fixes the dependency file, cleans up
 * and returns nvcc's exit status.  See docs/driver.md.  Host code only. */
#ifndef LD_DRIVER_H
#define LD_DRIVER_H

/* The environment the driver consults, gathered by main. */
struct ld_driver_env {
  const char *ldcc_nvcc;    /* $LDCC_NVCC */
  const char *ldcc_disable; /* $LDCC_DISABLE: set and not "0" disables */
  const char *path;         /* $PATH */
  const char *cuda_home;    /* $CUDA_HOME */
  const char *tmpdir;       /* $TMPDIR */
};

/* Returns the exit status for main, or does not return (exec, or a
 * re-raised signal). */
int ld_driver_main(int argc, char **argv, const struct ld_driver_env *env);

/* What the driver passes with -Xlinker when nvcc links with the runtime
 * library: nvcc splits it at the commas into one linker option per
 * function, so the program's calls reach runtime/ld_rt_wrap.c's
 * __wrap_<f>.  Exactly the functions of LD_RT_WRAPPED (ld_rt_wrap.h) and
 * those of ld_rt_lwrap.h: one
 * missing here leaves its __real_<f> undefined and the link fails (the
 * real-nvcc golden tests/golden/driver/wrap.test links a call to each). */
#define LD_DRIVER_WRAP                                                         \
  "--wrap=cudaMalloc,--wrap=cudaMallocManaged,--wrap=cudaMallocPitch,"         \
  "--wrap=cudaMalloc3D,--wrap=cudaMallocAsync,--wrap=cudaMallocAsync_ptsz,"    \
  "--wrap=cudaMallocFromPoolAsync,--wrap=cudaMallocFromPoolAsync_ptsz,"        \
  "--wrap=cudaMallocHost,--wrap=cudaHostAlloc,--wrap=cudaFreeHost,"            \
  "--wrap=cudaHostRegister,--wrap=cudaHostUnregister,"                         \
  "--wrap=cudaFree,--wrap=cudaFreeAsync,--wrap=cudaFreeAsync_ptsz,"            \
  "--wrap=__cudaRegisterVar,"                                                  \
  "--wrap=__cudaRegisterManagedVar," LD_DRIVER_WRAP_LAUNCH

/* The launch entry points (runtime/ld_rt_lwrap.c, issue 23): every launch
 * of the program reaches the runtime, which checks it or counts it as not
 * checked.  `<<<>>>` calls __cudaLaunchKernel with the handle
 * __cudaGetKernel made. */
#define LD_DRIVER_WRAP_LAUNCH                                                  \
  "--wrap=cudaLaunchKernel,--wrap=cudaLaunchKernel_ptsz,"                      \
  "--wrap=cudaLaunchCooperativeKernel,"                                        \
  "--wrap=cudaLaunchCooperativeKernel_ptsz,--wrap=cudaLaunchKernelExC,"        \
  "--wrap=cudaLaunchKernelExC_ptsz,--wrap=__cudaLaunchKernel,"                 \
  "--wrap=__cudaLaunchKernel_ptsz,--wrap=__cudaGetKernel"

/* The status a disabled ldcc has: LDCC_DISABLE set, non-empty, not "0". */
int ld_driver_disabled(const char *ldcc_disable);

#endif
