/* The allocation wrappers.  The driver links programs with
 * `-Xlinker --wrap=<f>` for each function of LD_RT_WRAPPED
 * (ld_rt_wrap.h), so the program's calls to
 * f land in __wrap_f, and __real_f is CUDA's f.  Each wrapper calls the
 * real function with the program's arguments, records a success in the
 * registry (ld_rt_intercept.h) and returns exactly what the real function
 * returned; out-parameters are only read, never changed.  One exception:
 * an allocation refused for want of memory while the runtime's own pool
 * keeps memory is retried once after the pool gave it back (ALLOCATE
 * below), and the program gets the retry's result.  Nothing else in
 * the runtime refers to this file, so it is linked only when `--wrap` asks
 * for it and `__real_*` exists.
 *
 * The `_ptsz` forms are what the stream-ordered calls become under
 * `--default-stream per-thread`.  The `__cudaRegister*Var` calls are made
 * by the program's static constructors, once per `__device__`,
 * `__managed__` and `__constant__` variable.  See docs/global-check.md.
 * Host code, C with the CUDA runtime API's types. */
#include "ld_rt_wrap.h"

#include <stdint.h>

#include "ld_rt_intercept.h"

/* The call site in the program: the wrapper's own return address.  A
 * macro, so it is taken in the wrapper's frame. */
#define LD_CALLER ((uint64_t)(uintptr_t)__builtin_return_address(0))

/* Evaluate the real allocation `call` into rc.  When it fails with
 * cudaErrorMemoryAllocation and the runtime's pools kept memory, they give
 * it back (hooks->trim) and `call` runs once more: the program sees the
 * retry's result and out-parameters, as if the first attempt had not been
 * made.  The first attempt left cudaErrorMemoryAllocation as the thread's
 * last error; after a successful retry it is cleared, but only when no
 * error was pending before the first attempt (an earlier error the failed
 * attempt replaced cannot be put back).  A failed retry leaves its own
 * error, as the program's call would have.  Without hooks (no pool yet)
 * the wrappers make no call besides the real one. */
#define ALLOCATE(rc, call)                                                     \
  do {                                                                         \
    const struct ld_rt_oom_hooks *hooks_ = ld_rt_intercept_oom();              \
    int before_ = hooks_ ? hooks_->pending() : (int)cudaSuccess;               \
    (rc) = (call);                                                             \
    if ((rc) == cudaErrorMemoryAllocation && hooks_ && hooks_->trim()) {       \
      (rc) = (call);                                                           \
      retried((rc), before_, hooks_);                                          \
    }                                                                          \
  } while (0)

/* Evaluate the real release `call` of ptr into rc: the entry is looked up
 * before the call and removed after it, by id, so an allocation on
 * another thread that reuses the address in between keeps its new
 * entry. */
#define RELEASE(rc, ptr, call)                                                 \
  do {                                                                         \
    uint64_t id_ = ld_rt_intercept_free_begin((uint64_t)(uintptr_t)(ptr));     \
    (rc) = (call);                                                             \
    ld_rt_intercept_free_end((uint64_t)(uintptr_t)(ptr), id_,                  \
                             (rc) == cudaSuccess);                             \
  } while (0)

static void retried(cudaError_t rc, int before,
                    const struct ld_rt_oom_hooks *hooks) {
  ld_rt_intercept_retried(rc == cudaSuccess);
  if (rc == cudaSuccess && before == (int)cudaSuccess)
    hooks->clear();
}

/* Record a successful linear allocation of size bytes at *ptr. */
static void linear(cudaError_t rc, void *const *ptr, size_t size, int kind,
                   uint64_t caller) {
  struct ld_rt_alloc a = {0};

  if (rc != cudaSuccess || !ptr || !*ptr || size == 0)
    return;
  a.base = (uint64_t)(uintptr_t)*ptr;
  a.size = size;
  a.kind = kind;
  a.caller = caller;
  ld_rt_intercept_alloc(&a);
}

/* Record a successful pitched (depth 1) or 3D allocation. */
static void pitched(cudaError_t rc, void *ptr, size_t pitch, size_t width,
                    size_t height, size_t depth, int kind, uint64_t caller) {
  struct ld_rt_alloc a = {0};

  if (rc != cudaSuccess || !ptr || pitch == 0)
    return;
  a.base = (uint64_t)(uintptr_t)ptr;
  a.pitch = pitch;
  a.width = width;
  a.height = height ? height : 1;
  a.depth = depth ? depth : 1;
  a.size = a.pitch * a.height * a.depth;
  a.kind = kind;
  a.caller = caller;
  ld_rt_intercept_alloc(&a);
}

cudaError_t __wrap_cudaMalloc(void **ptr, size_t size) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMalloc(ptr, size));
  linear(rc, ptr, size, LD_RT_ALLOC_MALLOC, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMallocManaged(void **ptr, size_t size,
                                     unsigned int flags) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocManaged(ptr, size, flags));
  linear(rc, ptr, size, LD_RT_ALLOC_MANAGED, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMallocPitch(void **ptr, size_t *pitch, size_t width,
                                   size_t height) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocPitch(ptr, pitch, width, height));
  if (rc == cudaSuccess && ptr && pitch)
    pitched(rc, *ptr, *pitch, width, height, 1, LD_RT_ALLOC_PITCH, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMalloc3D(struct cudaPitchedPtr *p,
                                struct cudaExtent extent) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMalloc3D(p, extent));
  if (rc == cudaSuccess && p)
    pitched(rc, p->ptr, p->pitch, extent.width, extent.height, extent.depth,
            LD_RT_ALLOC_3D, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMallocAsync(void **ptr, size_t size,
                                   cudaStream_t stream) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocAsync(ptr, size, stream));
  linear(rc, ptr, size, LD_RT_ALLOC_ASYNC, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMallocAsync_ptsz(void **ptr, size_t size,
                                        cudaStream_t stream) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocAsync_ptsz(ptr, size, stream));
  linear(rc, ptr, size, LD_RT_ALLOC_ASYNC, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMallocFromPoolAsync(void **ptr, size_t size,
                                           cudaMemPool_t pool,
                                           cudaStream_t stream) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocFromPoolAsync(ptr, size, pool, stream));
  linear(rc, ptr, size, LD_RT_ALLOC_POOL, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size,
                                                cudaMemPool_t pool,
                                                cudaStream_t stream) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocFromPoolAsync_ptsz(ptr, size, pool, stream));
  linear(rc, ptr, size, LD_RT_ALLOC_POOL, LD_CALLER);
  return rc;
}

/* Page-locked host memory (zero-copy buffers kernels write through PCIe):
 * with unified addressing, which every 64-bit platform CUDA supports, it
 * is mapped at its host address, so kernels are handed that address and
 * the registry keeps it like device memory (the checks' copies use
 * cudaMemcpyDefault).  Memory cudaHostRegister page-locks is recorded at
 * its host address too: where the device reaches it at another address
 * (no cudaDevAttrCanUseHostPointerForRegisteredMem), a kernel's pointer
 * into it is one the registry does not know, and the launch is reported
 * not checked, as before. */
cudaError_t __wrap_cudaMallocHost(void **ptr, size_t size) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaMallocHost(ptr, size));
  linear(rc, ptr, size, LD_RT_ALLOC_HOST, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaHostAlloc(void **ptr, size_t size, unsigned int flags) {
  cudaError_t rc;

  ALLOCATE(rc, __real_cudaHostAlloc(ptr, size, flags));
  linear(rc, ptr, size, LD_RT_ALLOC_HOST_ALLOC, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaFreeHost(void *ptr) {
  cudaError_t rc;

  RELEASE(rc, ptr, __real_cudaFreeHost(ptr));
  return rc;
}

cudaError_t __wrap_cudaHostRegister(void *ptr, size_t size,
                                    unsigned int flags) {
  cudaError_t rc = __real_cudaHostRegister(ptr, size, flags);

  linear(rc, &ptr, size, LD_RT_ALLOC_HOST_REGISTER, LD_CALLER);
  return rc;
}

cudaError_t __wrap_cudaHostUnregister(void *ptr) {
  cudaError_t rc;

  RELEASE(rc, ptr, __real_cudaHostUnregister(ptr));
  return rc;
}

cudaError_t __wrap_cudaFree(void *ptr) {
  cudaError_t rc;

  RELEASE(rc, ptr, __real_cudaFree(ptr));
  return rc;
}

cudaError_t __wrap_cudaFreeAsync(void *ptr, cudaStream_t stream) {
  cudaError_t rc;

  RELEASE(rc, ptr, __real_cudaFreeAsync(ptr, stream));
  return rc;
}

cudaError_t __wrap_cudaFreeAsync_ptsz(void *ptr, cudaStream_t stream) {
  cudaError_t rc;

  RELEASE(rc, ptr, __real_cudaFreeAsync_ptsz(ptr, stream));
  return rc;
}

void __wrap___cudaRegisterVar(void **module, char *host, char *device_addr,
                              const char *device_name, int ext, size_t size,
                              int constant, int global) {
  __real___cudaRegisterVar(module, host, device_addr, device_name, ext, size,
                           constant, global);
  ld_rt_intercept_var((uint64_t)(uintptr_t)host, device_name, size,
                      constant ? LD_RT_ALLOC_CONSTANT_VAR
                               : LD_RT_ALLOC_DEVICE_VAR);
}

void __wrap___cudaRegisterManagedVar(void **module, void **host_ptr,
                                     char *device_addr, const char *device_name,
                                     int ext, size_t size, int constant,
                                     int global) {
  __real___cudaRegisterManagedVar(module, host_ptr, device_addr, device_name,
                                  ext, size, constant, global);
  ld_rt_intercept_var((uint64_t)(uintptr_t)host_ptr, device_name, size,
                      LD_RT_ALLOC_MANAGED_VAR);
}
