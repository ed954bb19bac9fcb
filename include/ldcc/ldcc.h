/* What every translated file includes first: the host ABI of the ldcc
 * runtime.  Every symbol is __ldcc_* and versioned by __LDCC_ABI_VERSION.
 * Host and device code (guarded where it matters); C and C++. */
#ifndef __LDCC_H
#define __LDCC_H

#define __LDCC_ABI_VERSION 1
/* Defined in every translation unit that ldcc translated. */
#define __LDCC__ 1

/* Marks the object (and any program linked from it) as built from ldcc's
 * translation, in the ELF .comment section beside the compiler's own ident:
 * `readelf -p .comment prog | grep ldcc` tells a checked build from a plain
 * one.  Host pass only; it changes no code or data the program uses. */
#if !defined(__CUDA_ARCH__) && defined(__GNUC__) && defined(__ELF__)
__asm__(".ident \"ldcc: translated (abi 1)\"");
#endif

/* The replay machinery: host ABI (launch protocol, metadata) and the device
 * helpers the instrumented kernels call.  Only CUDA compilations see them;
 * a translated file is always compiled by nvcc, so every pass does. */
#if defined(__CUDACC__)
#include "ldcc/global.h"
#include "ldcc/host.h"
#include "ldcc/replay.cuh"
#endif

#endif
