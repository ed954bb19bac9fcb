/* The interface of the grid-level check kernels of the check across blocks
 * (ld_rt_gcheck.cu) for the launch protocol (ld_rt_glaunch.cu).
 * Host code with CUDA types. */
#ifndef LD_RT_GCHECK_H
#define LD_RT_GCHECK_H

#include <cuda_runtime.h>
#include <stdint.h>

#include "ld_rt_gmerge.h"
#include "ldcc/host.h"

/* One sweep over one written allocation. */
struct ld_gcheck_args {
  unsigned long long s;        /* device address of S (the program's memory) */
  unsigned char *u;            /* U's byte 0 (same address as s modulo 256) */
  unsigned char *c0;           /* copy 0's byte 0 (likewise) */
  unsigned long long cstride;  /* bytes from one copy to the next */
  unsigned long long size;     /* of the allocation */
  unsigned long long nchunks;  /* 16-byte chunks covering [s, s + size) */
  unsigned long long index_at; /* address of element [0] in reports */
  unsigned long long kernel_meta; /* host address, copied into reports */
  uint32_t elem_size;
  uint32_t grain;      /* deterministic merge: 4 or 8 when every store writes a
                          whole 4- or 8-byte number, else 1 (ld_gmerge_grain) */
  uint32_t m;          /* copies in use this round */
  uint32_t same_value; /* report same-value writes too */
  uint32_t check;      /* READ_WRITE: compare the copies with U */
  uint32_t commit;     /* READ_WRITE: write U to S */
  uint32_t ctx;        /* launch context for the reports */
  uint32_t launch_id;
  uint32_t report_capacity;
  struct __ldcc_report *reports;
  unsigned *report_next;
  unsigned *counts;
  unsigned *race_flag; /* device word set by every detection */
  /* Deterministic mode (MERGE, and READ_WRITE's commit): */
  unsigned long long first_unit; /* the unit on copy 0 this round */
  uint32_t *marks;               /* one per chunk, or NULL: no atomics */
  struct ld_gsums *sums;         /* one per chunk, NULL with marks */
  struct ld_gwinners *winners;   /* one per chunk, zeroed, or NULL: the
                                    merge stays sequential */
};

#ifdef __cplusplus
extern "C" {
#endif
/* The sweeps, named by what they check; ld__rt_gcheck queues one on
 * stream and returns 0, or -1 when the launch failed.
 *   WRITE_WRITE (after pass 1): write-write races, U built, the copies
 *      made pass-2 copies;
 *   READ_WRITE (after pass 2): read-write races when check is set, U
 *      committed to S when commit is; with marks (deterministic mode) it
 *      first sets the accumulated words of U from the sums when it commits;
 *   MERGE: deterministic mode, merge this round's m copies into U in unit
 *      order (ld_rt_gmerge.h), reporting write-write races when check is
 *      set; with winners and more than LD_GMERGE_SEQ_MAX copies, in
 *      parallel (three kernels; winners is zeroed again at the end);
 *   FILL: deterministic mode, copies 0 .. m-1 <- S (the allocation's
 *      bytes). */
enum ld_gsweep {
  LD_GSWEEP_WRITE_WRITE = 1,
  LD_GSWEEP_READ_WRITE = 2,
  LD_GSWEEP_MERGE = 3,
  LD_GSWEEP_FILL = 4
};

int ld__rt_gcheck(enum ld_gsweep which, const struct ld_gcheck_args *g,
                  cudaStream_t stream);
#ifdef __cplusplus
}
#endif

#endif
