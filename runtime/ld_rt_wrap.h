/* The functions the allocation wrappers stand in for, as one table: each
 * X(ret, name, params) declares CUDA's function under the linker's names
 * __real_<name> and __wrap_<name> (see ld_rt_wrap.c).  The unit test
 * defines the __real_ side itself and calls the __wrap_ side.  Host code,
 * C with the CUDA runtime API's types. */
#ifndef LD_RT_WRAP_H
#define LD_RT_WRAP_H

#include <cuda_runtime_api.h>

#define LD_RT_WRAPPED(X)                                                       \
  X(cudaError_t, cudaMalloc, (void **ptr, size_t size))                        \
  X(cudaError_t, cudaMallocManaged,                                            \
    (void **ptr, size_t size, unsigned int flags))                             \
  X(cudaError_t, cudaMallocPitch,                                              \
    (void **ptr, size_t *pitch, size_t width, size_t height))                  \
  X(cudaError_t, cudaMalloc3D,                                                 \
    (struct cudaPitchedPtr * pitched, struct cudaExtent extent))               \
  X(cudaError_t, cudaMallocAsync,                                              \
    (void **ptr, size_t size, cudaStream_t stream))                            \
  X(cudaError_t, cudaMallocAsync_ptsz,                                         \
    (void **ptr, size_t size, cudaStream_t stream))                            \
  X(cudaError_t, cudaMallocFromPoolAsync,                                      \
    (void **ptr, size_t size, cudaMemPool_t pool, cudaStream_t stream))        \
  X(cudaError_t, cudaMallocFromPoolAsync_ptsz,                                 \
    (void **ptr, size_t size, cudaMemPool_t pool, cudaStream_t stream))        \
  X(cudaError_t, cudaMallocHost, (void **ptr, size_t size))                    \
  X(cudaError_t, cudaHostAlloc, (void **ptr, size_t size, unsigned int flags)) \
  X(cudaError_t, cudaFree, (void *ptr))                                        \
  X(cudaError_t, cudaFreeHost, (void *ptr))                                    \
  X(cudaError_t, cudaHostRegister,                                             \
    (void *ptr, size_t size, unsigned int flags))                              \
  X(cudaError_t, cudaHostUnregister, (void *ptr))                              \
  X(cudaError_t, cudaFreeAsync, (void *ptr, cudaStream_t stream))              \
  X(cudaError_t, cudaFreeAsync_ptsz, (void *ptr, cudaStream_t stream))         \
  X(void, __cudaRegisterVar,                                                   \
    (void **module, char *host, char *device_addr, const char *device_name,    \
     int ext, size_t size, int constant, int global))                          \
  X(void, __cudaRegisterManagedVar,                                            \
    (void **module, void **host_ptr, char *device_addr,                        \
     const char *device_name, int ext, size_t size, int constant, int global))

#define LD_RT_WRAP_DECLARE(ret, name, params)                                  \
  ret __real_##name params;                                                    \
  ret __wrap_##name params;
LD_RT_WRAPPED(LD_RT_WRAP_DECLARE)
#undef LD_RT_WRAP_DECLARE

#endif
