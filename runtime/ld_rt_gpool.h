/* The scratch areas of the check across blocks (ld_rt_gpool.cu), for the
 * launch protocol (ld_rt_glaunch.cu).  Host code with CUDA types. */
#ifndef LD_RT_GPOOL_H
#define LD_RT_GPOOL_H

#include <stdint.h>

#include <cuda_runtime.h>

/* Bytes the pool of `device` keeps and no allocation uses: free memory for
 * the next area, though cudaMemGetInfo does not count it. */
uint64_t ld__gpool_spare(int device, cudaError_t pending);

/* An area of at least `total` bytes on `stream`: *area is what to free,
 * the result its LD_RT_GALIGN-aligned start; NULL when it cannot be had
 * (the caller says why). */
unsigned char *ld__gpool_take(uint64_t total, int device, cudaStream_t stream,
                              cudaError_t pending, unsigned char **area);

/* Free an area queued on `stream` and remember where, so a trim can wait
 * for it. */
void ld__gpool_free(unsigned char *area, int device, cudaStream_t stream,
                    cudaError_t pending);

#endif
