/* The launch entry points the runtime stands in for, as one table: each
 * X(name, params, args) declares CUDA's function under the linker's names
 * __real_<name> and __wrap_<name> (see ld_rt_lwrap.c); the driver's
 * LD_DRIVER_WRAP names each of them.  `__cudaLaunchKernel` is what a
 * `<<<>>>` launch calls under CUDA 13, with the handle `__cudaGetKernel`
 * made from the kernel's host stub.  Host code, C with the CUDA runtime
 * API's types. */
#ifndef LD_RT_LWRAP_H
#define LD_RT_LWRAP_H

#include <cuda_runtime_api.h>

/* What the translator registers per kernel (include/ldcc/host.h
 * __ldcc_launcher): performs the launch as `cudaLaunchKernel(k, ...)`
 * would, checked. */
typedef cudaError_t (*ld_rt_launcher)(dim3 grid, dim3 block, void **args,
                                      size_t sh, cudaStream_t stream);

#define LD_RT_LAUNCH_WRAPPED(X)                                                \
  X(cudaLaunchKernel)                                                          \
  X(cudaLaunchKernel_ptsz)                                                     \
  X(cudaLaunchCooperativeKernel)                                               \
  X(cudaLaunchCooperativeKernel_ptsz)

#define LD_RT_LWRAP_DECLARE(name)                                              \
  cudaError_t __real_##name(const void *func, dim3 grid, dim3 block,           \
                            void **args, size_t sh, cudaStream_t stream);      \
  cudaError_t __wrap_##name(const void *func, dim3 grid, dim3 block,           \
                            void **args, size_t sh, cudaStream_t stream);
LD_RT_LAUNCH_WRAPPED(LD_RT_LWRAP_DECLARE)
#undef LD_RT_LWRAP_DECLARE

cudaError_t __real_cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                       const void *func, void **args);
cudaError_t __wrap_cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                       const void *func, void **args);
cudaError_t __real_cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config,
                                            const void *func, void **args);
cudaError_t __wrap_cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config,
                                            const void *func, void **args);
cudaError_t __real___cudaLaunchKernel(cudaKernel_t kernel, dim3 grid,
                                      dim3 block, void **args, size_t sh,
                                      cudaStream_t stream);
cudaError_t __wrap___cudaLaunchKernel(cudaKernel_t kernel, dim3 grid,
                                      dim3 block, void **args, size_t sh,
                                      cudaStream_t stream);
cudaError_t __real___cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid,
                                           dim3 block, void **args, size_t sh,
                                           cudaStream_t stream);
cudaError_t __wrap___cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid,
                                           dim3 block, void **args, size_t sh,
                                           cudaStream_t stream);
cudaError_t __real___cudaGetKernel(cudaKernel_t *kernel, const void *func);
cudaError_t __wrap___cudaGetKernel(cudaKernel_t *kernel, const void *func);

#endif
