/* Deterministic mode's floating-point sums (docs/deterministic-global.md,
 * "Floating-point sums"): the log the clone's float and double
 * `atomicAdd`s write (struct __ldcc_gflog, include/ldcc/global.h), and the
 * fold that sums each word's additions in thread order into U after the
 * last round.  Host side of the CUDA runtime; the fold sorts with CUB. */
#ifndef LD_RT_GFLOG_H
#define LD_RT_GFLOG_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "ld_rt_global.h"

/* One launch's log: cap entries in one device allocation (the struct
 * itself, the entries' three arrays, the fold's keys and indices and the
 * sort's scratch). */
struct ld__gflog {
  void *mem;    /* the allocation (NULL: none) */
  uint64_t dev; /* device address of its struct __ldcc_gflog */
  unsigned long long cap;
  size_t temp_bytes; /* the sort's scratch */
  void *temp;
  uint64_t *word, *order, *val, *keys;
  uint32_t *ia, *ib;
};

/* Bytes of a log of cap entries, for the memory the copies leave. */
uint64_t ld__gflog_bytes(unsigned long long cap);

/* The first log's size for a launch of nthreads threads. */
unsigned long long ld__gflog_first_cap(uint64_t nthreads);

/* Allocates a log of cap entries with n = 0; false when it does not fit
 * (nothing allocated). */
bool ld__gflog_open(struct ld__gflog *f, unsigned long long cap,
                    cudaStream_t stream);

/* The number of additions so far (waits for the stream). */
bool ld__gflog_count(const struct ld__gflog *f, cudaStream_t stream,
                     unsigned long long *n);

/* A log of cap entries keeping the first keep entries of f, with n = keep;
 * false when it does not fit (f unchanged). */
bool ld__gflog_grow(struct ld__gflog *f, unsigned long long cap,
                    unsigned long long keep, cudaStream_t stream);

/* Sets n (the entries past it are dropped: a round that runs again). */
bool ld__gflog_reset(const struct ld__gflog *f, unsigned long long n,
                     cudaStream_t stream);

/* After the last round's merge: each word of the n entries becomes, in U,
 * its value in S plus its additions in thread order (a thread's in its
 * order).  scratch is the launch's area (U of allocation i at
 * plan->allocs[i].at). */
bool ld__gflog_fold(const struct ld__gflog *f, unsigned long long n,
                    const struct ld_rt_gplan *plan, uint64_t scratch,
                    cudaStream_t stream);

void ld__gflog_close(struct ld__gflog *f);

/* The log of printf lines (__LDCC_GM_PRINTF; docs/deterministic-global.md,
 * "printf"): cap bytes of records after a struct __ldcc_gplog. */
struct ld__gplog {
  void *mem;    /* the allocation (NULL: none) */
  uint64_t dev; /* device address of its struct __ldcc_gplog */
  unsigned long long cap;
};

/* The first log's size: 1 MiB, as CUDA's own printf buffer. */
#define LD_GPLOG_FIRST (1ull << 20)

bool ld__gplog_open(struct ld__gplog *p, unsigned long long cap,
                    cudaStream_t stream);
/* The bytes logged so far (waits for the stream). */
bool ld__gplog_count(const struct ld__gplog *p, cudaStream_t stream,
                     unsigned long long *used);
/* A log of cap bytes keeping the first keep bytes, with used = keep;
 * false when it does not fit (p unchanged). */
bool ld__gplog_grow(struct ld__gplog *p, unsigned long long cap,
                    unsigned long long keep, cudaStream_t stream);
/* Prints the used bytes' lines in thread order to stdout (waits for the
 * stream). */
bool ld__gplog_print(const struct ld__gplog *p, unsigned long long used,
                     cudaStream_t stream);
/* Sets used (the records past it are dropped: a round that runs again). */
bool ld__gplog_reset(const struct ld__gplog *p, unsigned long long used,
                     cudaStream_t stream);
void ld__gplog_close(struct ld__gplog *p);

#endif
