/* The device side of the shared-memory replay (docs/shared-replay.md §3, §5):
 * what an instrumented clone calls.  Header-only, every function
 * __device__ __forceinline__ (or a template, or static __noinline__ for the
 * cold report path), so no -rdc is needed.  Device code only.
 *
 * Memory of a block ("the area", in dynamic shared memory or in a global
 * scratch slot): [header: accumulated-word bitmap, line masks x2][S][P_0]...,
 * every part a multiple of 16 bytes (geometry in host.h).
 *
 * Barrier discipline: every round of the protocol runs the same barrier
 * instructions in the same order in every thread of the block, whatever
 * site the thread is at and whether it has finished:
 *   B1 __syncthreads_count                         (always)
 *   B2 __syncthreads_or                            (some warp wrote a target)
 *   B3 __syncthreads_count   B4 __syncthreads      (replayed)
 * The decisions between them are taken from values every thread reads
 * alike.  Flags besides the barrier values (a thread is still running, a
 * warp wrote a target, an undo log overflowed) are round stamps: stored as
 * round + 1 (pass 2: | 0x80000000) into double-buffered block_state words
 * before B1 (B3) of round r, read after it; round r+2 (same buffer) stores
 * only after B1 of round r+1, which every reader of round r has reached.
 * Stamps are never cleared, so a round may end after B1 alone. */
#ifndef __LDCC_REPLAY_CUH
#define __LDCC_REPLAY_CUH

#include "global.h"
#include "host.h"

#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>
#include <type_traits>

/* The first clone of a kernel that has a second (__lb) one is declared
 * __launch_bounds__(__LDCC_CLONE_THREADS): 1024 caps its registers at 64
 * (ptxas spills 300-600 bytes there); 768 gives 80, 640 96, 512 128, and
 * blocks of more threads than that run on the __lb clone, which stays at
 * 1024 (copies in shared memory or global scratch, generic pointers). */
#ifndef LDCC_CLONE_THREADS
#define LDCC_CLONE_THREADS 1024
#endif
#define __LDCC_CLONE_THREADS LDCC_CLONE_THREADS

#ifndef LDCC_SHARED_VATOMICS
#define LDCC_SHARED_VATOMICS                                                   \
  32 /* shared words per block and region taken by                             \
        atomics whose values are used */
#endif

#ifndef LDCC_UNDO_ENTRIES
#define LDCC_UNDO_ENTRIES 16 /* global stores logged per thread and region */
#endif

namespace __ldcc {

enum sync_form { SYNC_PLAIN = 0, SYNC_COUNT = 1, SYNC_AND = 2, SYNC_OR = 3 };

/* Per block, in static shared memory (the clone declares it).  Everything
 * that is the same for the whole block lives here, not in registers: the
 * clone's own code keeps its registers. */
struct block_state {
  unsigned live[2];     /* stamp: some thread has not finished */
  unsigned overflow[2]; /* stamp: some thread's undo log overflowed */
  unsigned once[2];     /* stamp: some thread passed a fence (run once) */
  /* Shared words taken by atomics whose values are used (word + 1, 0:
   * free) and the deltas added to each this round, per round parity
   * (shared_atomic_v_add). */
  unsigned vkey[2][LDCC_SHARED_VATOMICS];
  unsigned vsum[2][LDCC_SHARED_VATOMICS];
  unsigned region[2];    /* start_site << 16 | end_site of the round */
  unsigned wrote[2][32]; /* stamp per warp: it wrote a target */
  unsigned read[2];      /* stamp: some thread read a target */
  unsigned readc[2][32]; /* stamp per copy: a thread of its warps read one */
  unsigned slot;         /* scratch slot (placement 1) */
  /* set by thread 0 in begin(), read-only afterwards */
  unsigned char *S;      /* committed state */
  unsigned char *copies; /* P_0; P_i at copies + i * stride */
  unsigned *bitmap;      /* accumulated 32-bit words of the arena */
  unsigned nlines;       /* 128-byte lines of the arena */
  unsigned lines_off;    /* of line mask 0 from the area's start; mask 1
                            follows: one word per line, the warps that
                            wrote it in the round of that parity */
  unsigned arena_bytes, stride, nwarps, nthreads;
  unsigned s_off, copies_off; /* of S and P_0 from the area's start (the
                                 sweeps rebuild shared pointers from them) */
  unsigned reads_off;         /* read masks of parity 0, words from the area's
                                 start (geometry's reads_off / 4; mark_read) */
  unsigned flags, launch_id, report_capacity, placement;
  /* Warp groups (host.h): 2^grp_shift warps share a copy, those that
   * differ only in bits [grp_b, grp_b + grp_shift) of their number; grp_b
   * moves from block to block and from launch to launch. */
  unsigned grp_shift, grp_b;
  unsigned *slot_busy;
  __ldcc_report *reports;
  unsigned *report_next;
  unsigned *counts;
  const void *kernel_meta;
  /* The launch's stores table (host.h, li.stores; stores_claim). */
  unsigned long long *stores;
  unsigned stores_bits, stores_serial;
};

/* Per thread: what the clone reads (mine, ext, pass, start_site,
 * local_diff, pred, sync_result) and the protocol's per-thread state. */
struct async_queue;
/* A pointer to T, also for an array type: `ptr_t<float[72]>` is `float
 * (*)[72]` (an `extern __shared__ float s[][72];` in a clone). */
template <class T> using ptr_t = T *;
struct thread_ctx {
  void *mine;      /* this warp's copy */
  void *ext;       /* this warp's extern __shared__ part */
  block_state *bs; /* for helpers the clone calls without it */
#ifdef __LDCC_DETERMINISTIC
  /* --ldcc-deterministic (docs/deterministic.md): one pass, never replayed.
   * A constant, so the clone's pass-2 code (diffs of locals, restores and
   * the jumps back) folds away. */
  static constexpr int pass = 1;
#else
  int pass; /* 1 or 2 */
#endif
  int start_site;
  int finished;
  int dirty;           /* this thread wrote a target in this pass */
  int always_dirty;    /* the clone writes targets it does not mark */
  int rd;              /* this thread read a target in this pass */
  int always_read;     /* the clone reads targets it does not mark */
  int shared_only;     /* begin<PLACE_SHARED>: a constant the sweeps fold */
  int lazy;            /* begin<... | COPIES_LAZY> in a global scratch slot
                          (0 is a constant in a shared-only clone) */
  unsigned sdelta;     /* mine - S, bytes: (warp + 1) * stride */
  unsigned wbit;       /* 1 << this thread's warp */
  unsigned *lines;     /* the line mask the current region's stores mark */
  unsigned round;      /* rounds done; same in every thread */
  unsigned wmask;      /* warps that wrote a target in pass 1 */
  unsigned region;     /* start << 16 | end of the current round */
  unsigned local_diff; /* set by the clone in pass 2 */
  int pred;            /* predicate of a _count/_and/_or barrier */
  int sync_result;     /* that barrier's result */
  /* undo log of global stores and operands of global atomics (pass 1) */
  int log_n;
  int log_overflow;
  int once;   /* a fence in this region (pass 1): it is not replayed */
  int atom_n; /* logged in pass 1 */
  int atom_k; /* compared so far in pass 2 */
  struct undo_log *log;   /* the clone's __ldcc_ul */
  struct async_queue *aq; /* the clone's __ldcc_aq (asynchronous copies) */
  /* A clone that also takes the global copies, in the one run: its
   * __ldcc_gi.owner (a struct __ldcc_gowner), whose words glog claims for
   * the block; 0 otherwise. */
  unsigned long long gown;
  /* The direct one run composed with the replay: the clone's __ldcc_gi,
   * through which the clones of device functions the run takes claim
   * their accesses by address (docs/global-check.md, "With the replay");
   * NULL otherwise. */
  const global_info *gdi;
  /* The pass-1 round + 1 of the last CUB block collective on each of the
   * kernel's CUB TempStorage variables (cub_use), 0: none yet, and the
   * storage it used (an element of an array of them). */
  unsigned cub_round[4];
  const void *cub_at[4];
};

/* The undo log's entries, indexed at run time: an object of its own in the
 * clone (`__ldcc_ul`), so that thread_ctx's scalars stay in registers. */
struct undo_log {
  void *addr[LDCC_UNDO_ENTRIES];
  unsigned long long val[LDCC_UNDO_ENTRIES]; /* old, then pass-1 value */
  unsigned char size[LDCC_UNDO_ENTRIES];
  /* 1: another block stored to the entry's words in the region
   * (stores_claim): the comparison leaves it out. */
  unsigned char moved[LDCC_UNDO_ENTRIES];
  unsigned long long atom_val[LDCC_UNDO_ENTRIES];
  /* A used atomic's pass-1 result (global_atomic_v), by the same index. */
  unsigned long long atom_ret[LDCC_UNDO_ENTRIES];
};

extern __shared__ __align__(16) unsigned char __ldcc_dyn_smem[];

__device__ __forceinline__ unsigned linear_tid() {
  return threadIdx.x + threadIdx.y * blockDim.x +
         threadIdx.z * blockDim.x * blockDim.y;
}

/* ---- small helpers ---------------------------------------------------- */

__device__ __forceinline__ unsigned any4(uint4 a, uint4 b) {
  return (a.x ^ b.x) | (a.y ^ b.y) | (a.z ^ b.z) | (a.w ^ b.w);
}

/* 0xff per differing byte -> one bit per byte. */
__device__ __forceinline__ unsigned byte_bits(unsigned m) {
  return ((m >> 7) & 1u) | ((m >> 14) & 2u) | ((m >> 21) & 4u) |
         ((m >> 28) & 8u);
}

__device__ __forceinline__ unsigned get4(const uint4 &v, int k) {
  return k == 0 ? v.x : k == 1 ? v.y : k == 2 ? v.z : v.w;
}

__device__ __forceinline__ void set4(uint4 &v, int k, unsigned x) {
  if (k == 0)
    v.x = x;
  else if (k == 1)
    v.y = x;
  else if (k == 2)
    v.z = x;
  else
    v.w = x;
}

__device__ __forceinline__ unsigned long long load_bytes(const void *p,
                                                         unsigned size) {
  unsigned long long v = 0;
  switch (size) {
  case 1:
    v = *(const volatile unsigned char *)p;
    break;
  case 2:
    v = *(const volatile unsigned short *)p;
    break;
  case 4:
    v = *(const volatile unsigned *)p;
    break;
  case 8:
    v = *(const volatile unsigned long long *)p;
    break;
  default:
    for (unsigned i = 0; i < size; i++)
      v |= (unsigned long long)((const volatile unsigned char *)p)[i]
           << (8 * i);
  }
  return v;
}

__device__ __forceinline__ void store_bytes(void *p, unsigned size,
                                            unsigned long long v) {
  switch (size) {
  case 1:
    *(volatile unsigned char *)p = (unsigned char)v;
    break;
  case 2:
    *(volatile unsigned short *)p = (unsigned short)v;
    break;
  case 4:
    *(volatile unsigned *)p = (unsigned)v;
    break;
  case 8:
    *(volatile unsigned long long *)p = v;
    break;
  default:
    for (unsigned i = 0; i < size; i++)
      ((volatile unsigned char *)p)[i] = (unsigned char)(v >> (8 * i));
  }
}

/* ---- reports (cold path) ---------------------------------------------- */

/* Record one detection: the first detection of a key (kind, kernel,
 * region, offset) goes to the ring; every detection counts an instance. */
static __device__ __noinline__ void
report_race(const block_state *bs, unsigned kind, unsigned region,
            unsigned warp_a, unsigned warp_b, int lane,
            unsigned long long offset, unsigned mask, unsigned size, uint4 a,
            uint4 b) {
  unsigned long long key = (unsigned long long)bs->kernel_meta;
  /* Shared races are keyed by chunk (bounded by the arena); the others by
   * region only, so a racy store to a million addresses is one race. */
  unsigned long long where =
      kind == __LDCC_RK_WRITE_WRITE || kind == __LDCC_RK_READ_WRITE ? offset
                                                                    : 0;
  unsigned h = (unsigned)(key ^ (key >> 32)) * 0x9E3779B1u;
  h ^= (kind * 0x85EBCA6Bu) ^ (region * 0xC2B2AE35u);
  h ^= (unsigned)(where ^ (where >> 32)) * 0x27D4EB2Fu;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h &= __LDCC_BUCKETS - 1;
  /* The lanes here together that detected the same key count once, by
   * the lowest of them: a racy region detected by every thread of a block
   * (a local that differs between the passes) made one atomic per thread
   * on one counter, 10 of bench matmul16_race's 52 ms on one H200. */
  unsigned peers = __match_any_sync(__activemask(), h);
  if (linear_tid() % 32 != (unsigned)__ffs(peers) - 1)
    return;
  if (atomicAdd(&bs->counts[h], (unsigned)__popc(peers)) != 0)
    return;
  unsigned idx = atomicAdd(bs->report_next, 1u);
  if (idx >= bs->report_capacity)
    return;
  if (bs->grp_shift &&
      (kind == __LDCC_RK_WRITE_WRITE || kind == __LDCC_RK_READ_WRITE)) {
    /* Copies, not warps: name each copy's lowest warp; the lane field
     * says which warps shared it (ld_rt_report.c). */
    unsigned g = bs->grp_shift, gb = bs->grp_b;
    warp_a = __ldcc_group_warp(warp_a, g, gb);
    warp_b = __ldcc_group_warp(warp_b, g, gb);
    lane = -2 - (int)(g << 8 | gb);
  }
  volatile __ldcc_report *r = bs->reports + idx;
  r->kind = kind;
  r->kernel_meta = key;
  r->launch_id = bs->launch_id;
  r->bucket = h;
  r->block[0] = blockIdx.x;
  r->block[1] = blockIdx.y;
  r->block[2] = blockIdx.z;
  r->start_site = region >> 16;
  r->end_site = region & 0xffff;
  r->warp_a = warp_a;
  r->warp_b = warp_b;
  r->lane = lane;
  r->offset = offset;
  r->mask = mask;
  r->size = size;
  for (int k = 0; k < 4; k++) {
    unsigned va = get4(a, k), vb = get4(b, k);
    for (int j = 0; j < 4; j++) {
      r->value_a[4 * k + j] = (unsigned char)(va >> (8 * j));
      r->value_b[4 * k + j] = (unsigned char)(vb >> (8 * j));
    }
  }
  __threadfence_system();
  r->valid = 1;
}

/* ---- begin ------------------------------------------------------------ */

/* PL: PLACE_SHARED when the clone only ever runs with its copies in
 * dynamic shared memory (the runtime guarantees it), so that every access
 * to a copy compiles to a shared-memory instruction with a 32-bit address;
 * PLACE_ANY takes li.placement (generic pointers). */
enum { PLACE_SHARED = 0, PLACE_ANY = 2 };

/* COPIES_LAZY (or-ed into the template argument): the translator saw every
 * access to a target and made stores swr and reads srd.  Then, when the
 * copies are in a global scratch slot, a warp's copy holds only the
 * 128-byte lines the warp stored to in the round (copied in from S at its
 * first store to the line, own_lines); reads of the other lines go to S.
 * The sweeps visit only those lines and never broadcast U into the copies
 * of warps that did not write: in global memory, with 32 warps, that
 * broadcast was most of the cost of a round.  In shared memory the
 * broadcast is cheap and the test in every read is not, so copies there
 * stay whole (measured: docs/runtime.md). */
enum { COPIES_LAZY = 4 };

template <int PL0>
__device__ __forceinline__ void begin(thread_ctx &c, undo_log &ul,
                                      block_state &bs, const launch_info &li,
                                      size_t static_bytes, size_t align) {
#ifdef LDCC_BENCH_EAGER /* measurement only: copies kept whole (eager) */
  constexpr int PL = PL0 & ~COPIES_LAZY;
#else
  constexpr int PL = PL0;
#endif
  unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  unsigned tid = linear_tid();
  unsigned nwarps = (nthreads + 31) / 32;
#ifdef __LDCC_DETERMINISTIC
  const unsigned gs = 0; /* the host never groups a deterministic build */
#else
  const unsigned gs = li.group_shift & 3u;
#endif
  /* Packed by the host (__ldcc_group_pack): copies, positions, launch. */
  unsigned gb = 0, unit = tid / 32,
           ncopies = gs ? (li.group_shift >> 2 & 63u) + 1 : nwarps;
  if (gs) {
    unsigned blk = blockIdx.x + blockIdx.y * gridDim.x +
                   blockIdx.z * gridDim.x * gridDim.y;
    gb = (blk + (li.group_shift >> 11)) % (li.group_shift >> 8 & 7u);
    unit = __ldcc_group_unit(unit, gs, gb);
  }
  __ldcc_geometry g =
      __ldcc_geometry_of(static_bytes, align, li.user_dyn_smem, ncopies);
  unsigned char *base;

  if ((PL & PLACE_ANY) && li.placement == 1) {
    if (tid == 0) {
      unsigned b = blockIdx.x + blockIdx.y * gridDim.x +
                   blockIdx.z * gridDim.x * gridDim.y;
      unsigned s = b % li.nslots;
      while (atomicCAS(&li.slot_busy[s], 0u, 1u) != 0u)
        s = s + 1 == li.nslots ? 0 : s + 1;
      __threadfence();
      bs.slot = s;
    }
    __syncthreads();
    base = li.scratch + (size_t)bs.slot * li.slot_bytes;
  } else {
    base = __ldcc_dyn_smem;
  }
  unsigned char *S = base + g.header_bytes;
  unsigned char *copies = S + g.stride;
  c.mine = copies + (size_t)unit * g.stride;
  c.ext = (unsigned char *)c.mine + g.ext_offset;
  c.bs = &bs;

  /* Lazy copies are filled line by line from S before they are used. */
  const int lazy = (PL & COPIES_LAZY) && (PL & PLACE_ANY) && li.placement == 1;
  uint4 zero = make_uint4(0, 0, 0, 0);
  uint4 *all = (uint4 *)base;
  size_t nchunks = (lazy ? g.header_bytes + g.stride : g.total_bytes) / 16;
  for (size_t w = tid; w < nchunks; w += nthreads)
    all[w] = zero;
  for (unsigned i = tid; i < LDCC_SHARED_VATOMICS; i += nthreads) {
    bs.vkey[0][i] = bs.vkey[1][i] = 0;
    bs.vsum[0][i] = bs.vsum[1][i] = 0;
  }
  if (tid < 32) {
    bs.wrote[0][tid] = 0;
    bs.wrote[1][tid] = 0;
    bs.readc[0][tid] = 0;
    bs.readc[1][tid] = 0;
  }
  if (tid == 0) {
    bs.live[0] = bs.live[1] = 0;
    bs.overflow[0] = bs.overflow[1] = 0;
    bs.once[0] = bs.once[1] = 0;
    bs.region[0] = bs.region[1] = 0;
    bs.read[0] = bs.read[1] = 0;
    bs.S = S;
    bs.copies = copies;
    bs.bitmap = (unsigned *)base;
    bs.arena_bytes = (unsigned)g.arena_bytes;
    bs.stride = (unsigned)g.stride;
    bs.s_off = (unsigned)g.header_bytes;
    bs.nlines = (unsigned)g.lines;
    bs.lines_off = (unsigned)(g.lines * 4);
    bs.reads_off = (unsigned)(g.reads_off / 4);
    bs.copies_off = (unsigned)(g.header_bytes + g.stride);
    bs.nwarps = ncopies; /* the sweeps' units */
    bs.nthreads = nthreads;
    bs.grp_shift = gs;
    bs.grp_b = gb;
    bs.flags = li.flags;
    bs.launch_id = li.launch_id;
    bs.report_capacity = li.report_capacity;
    bs.placement = li.placement;
    bs.slot_busy = li.slot_busy;
    bs.reports = li.reports;
    bs.report_next = li.report_next;
    bs.counts = li.counts;
    bs.kernel_meta = li.kernel_meta;
    bs.stores = li.stores;
    bs.stores_bits = li.stores_bits;
    bs.stores_serial = li.stores_serial & 0xffffffu;
  }
#ifndef __LDCC_DETERMINISTIC
  c.pass = 1;
#endif
  c.start_site = 0;
  c.finished = 0;
  c.dirty = 0;
  c.always_dirty = 0;
  c.rd = 0;
  c.always_read = 0;
  c.round = 0;
  c.wmask = 0;
  c.region = 0;
  c.local_diff = 0;
  c.pred = 0;
  c.sync_result = 0;
  c.log_n = 0;
  c.log_overflow = 0;
  c.once = 0;
  c.atom_n = 0;
  c.atom_k = 0;
  c.log = &ul;
  c.aq = nullptr;
  c.gown = 0;
  c.gdi = nullptr;
  for (int i = 0; i < 4; i++) {
    c.cub_round[i] = 0;
    c.cub_at[i] = 0;
  }
  c.shared_only = !(PL & PLACE_ANY);
  c.lazy = lazy;
  c.sdelta = (unit + 1) * (unsigned)g.stride;
  c.wbit = 1u << unit;
  c.lines = (unsigned *)base + g.lines; /* round 0: mask 0 */
  __syncthreads();
}

/* ---- the sweeps --------------------------------------------------------
 * Both are atomic-free: each 16-byte chunk belongs to one thread.  The
 * accumulated-word bitmap is only read here (and cleared with atomicAnd,
 * since one bitmap word covers eight chunks), and only when set. */

__device__ __forceinline__ uint4 *copy4(const block_state &bs, unsigned i) {
  return (uint4 *)(bs.copies + (size_t)i * bs.stride);
}

__device__ __forceinline__ unsigned acc_bits(const block_state &bs,
                                             unsigned w) {
  unsigned word = w * 4;
  return (bs.bitmap[word >> 5] >> (word & 31)) & 0xfu;
}

__device__ __forceinline__ void acc_clear(const block_state &bs, unsigned w) {
  unsigned word = w * 4;
  atomicAnd(&bs.bitmap[word >> 5], ~(0xfu << (word & 31)));
}

/* Sweep 1 of chunk w when some of its words are accumulated (shared
 * atomics): those merge as 32-bit deltas, the others as plain writes. */
static __device__ __noinline__ unsigned
sweep1_acc(const block_state *bsp, unsigned region, unsigned w, unsigned acc,
           unsigned mask, int to_pass2, int *reported) {
  const block_state &bs = *bsp;
  uint4 *S4 = (uint4 *)bs.S;
  uint4 s = S4[w], u = s, m = make_uint4(0, 0, 0, 0);
  unsigned written = 0;

  for (unsigned left = mask; left; left &= left - 1) {
    unsigned i = __ffs(left) - 1;
    uint4 p = copy4(bs, i)[w], before = u;
    unsigned conflict = 0;
    for (int k = 0; k < 4; k++) {
      unsigned sk = get4(s, k), pk = get4(p, k);
      if (pk == sk)
        continue;
      written = 1;
      if (acc >> k & 1u) {
        set4(u, k, get4(u, k) + (pk - sk));
        continue;
      }
      unsigned mk = __vcmpne4(pk, sk), ov = mk & get4(m, k);
      if (ov && !(bs.flags & __LDCC_LI_REPORT_SAME_VALUE))
        ov &= __vcmpne4(pk, get4(u, k));
      conflict |= byte_bits(ov) << (4 * k);
      set4(u, k, (get4(u, k) & ~mk) | (pk & mk));
      set4(m, k, get4(m, k) | mk);
    }
    if (conflict && !*reported) {
      *reported = 1;
      report_race(bsp, __LDCC_RK_WRITE_WRITE, region, i, i, -1,
                  (unsigned long long)w * 16, conflict, 16, before, p);
    }
  }
  if (!written) {
    acc_clear(bs, w);
    return 0;
  }
  S4[w] = u;
  for (unsigned i = 0; i < bs.nwarps; i++) {
    uint4 *P = copy4(bs, i);
    uint4 p = P[w], np = u;
    if (to_pass2) {
      for (int k = 0; k < 4; k++) {
        unsigned sk = get4(s, k), pk = get4(p, k), uk = get4(u, k);
        if (acc >> k & 1u) {
          set4(np, k, uk - (pk - sk));
        } else {
          unsigned mk = __vcmpne4(pk, sk);
          set4(np, k, (uk & ~mk) | (sk & mk));
        }
      }
    }
    if (any4(np, p))
      P[w] = np;
  }
  if (!to_pass2)
    acc_clear(bs, w);
  return 1;
}

/* The start of the block's area.  In a clone compiled for shared memory
 * only (begin<PLACE_SHARED>), shared_only is the constant 1 and the sweeps'
 * pointers derive from the shared symbol: shared-memory instructions with
 * 32-bit addresses. */
__device__ __forceinline__ unsigned char *area(const block_state &bs,
                                               int shared_only) {
  return shared_only ? __ldcc_dyn_smem : bs.S - bs.s_off;
}

/* The line mask of round parity p (one word per 128-byte line: the warps
 * whose stores marked it). */
__device__ __forceinline__ unsigned *line_mask(const block_state &bs,
                                               int shared_only, unsigned p) {
  return (unsigned *)(area(bs, shared_only) + bs.lines_off) + p * bs.nlines;
}

/* The read masks of round parity p (geometry's reads_off): a word per
 * line, the copies that read in it (mark_read), then, per copy, a word per
 * line, the 4-byte words of the line its warps read in pass 1. */
__device__ __forceinline__ unsigned *read_masks(const block_state &bs,
                                                int shared_only, unsigned p) {
  return (unsigned *)area(bs, shared_only) + bs.reads_off +
         p * (bs.nwarps + 1) * bs.nlines;
}

/* The 4-byte words of chunk w that copies other than the writer's read
 * (docs/shared-replay.md, "Reads seen"): r1 the words some copy read, r2
 * those two or more read; `who` the copies that read in the chunk's line. */
__device__ __forceinline__ void chunk_reads(const unsigned *reads,
                                            unsigned nlines, unsigned who,
                                            unsigned w, unsigned &r1,
                                            unsigned &r2) {
  unsigned line = w >> 3, sh = (w & 7) * 4;
  r1 = r2 = 0;
  for (unsigned left = who; left; left &= left - 1) {
    unsigned j = __ffs(left) - 1;
    unsigned rj = reads[(j + 1) * nlines + line] >> sh & 0xfu;
    r2 |= r1 & rj;
    r1 |= rj;
  }
}

/* Copy i changed words `cw` of chunk w (from s to p) that another copy's
 * warps read in the region: reports the read-write race (the reader, the
 * writer, the old and new chunk) and returns 1, or returns 0 when every
 * such reader's warps stored the very value i stored there themselves
 * (`flag = 1;` by several warps that then read it: no order changes what
 * they read).  `wm`: the copies that wrote in the chunk's line, whose
 * copies hold the line. */
static __device__ __noinline__ int
report_read_seen(const block_state *bsp, const unsigned *reads, unsigned region,
                 unsigned who, unsigned wm, unsigned w, unsigned i, unsigned cw,
                 uint4 s, uint4 p) {
  unsigned line = w >> 3, sh = (w & 7) * 4;
  for (unsigned left = who & ~(1u << i); left; left &= left - 1) {
    unsigned j = __ffs(left) - 1;
    unsigned mine = reads[(j + 1) * bsp->nlines + line] >> sh & cw;
    if (!mine)
      continue;
    if (wm >> j & 1u) {
      const uint4 q =
          ((const uint4 *)(bsp->copies + (size_t)j * bsp->stride))[w];
      for (int k = 0; k < 4; k++)
        if (mine >> k & 1u && get4(q, k) == get4(p, k))
          mine &= ~(1u << k);
      if (!mine)
        continue;
    }
    unsigned bytes = 0;
    for (int k = 0; k < 4; k++)
      if (mine >> k & 1u)
        bytes |= byte_bits(__vcmpne4(get4(p, k), get4(s, k))) << (4 * k);
    report_race(bsp, __LDCC_RK_READ_WRITE, region, j, i, -1,
                (unsigned long long)w * 16, bytes, 16, s, p);
    return 1;
  }
  return 0;
}

/* A warp's pass-2 chunk: U, except the bytes the warp wrote in pass 1
 * (where its copy p differs from S), which go back to S. */
__device__ __forceinline__ uint4 pass2_chunk(uint4 p, uint4 s, uint4 u) {
  uint4 np;
  unsigned mx = __vcmpne4(p.x, s.x), my = __vcmpne4(p.y, s.y),
           mz = __vcmpne4(p.z, s.z), mw = __vcmpne4(p.w, s.w);
  np.x = (u.x & ~mx) | (s.x & mx);
  np.y = (u.y & ~my) | (s.y & my);
  np.z = (u.z & ~mz) | (s.z & mz);
  np.w = (u.w & ~mw) | (s.w & mw);
  return np;
}

/* Write-write check, U into S, pass-2 copies (or, when to_pass2 is 0
 * because the region will not be replayed, U into every copy).  Only the
 * copies of the warps in `mask` (those that wrote a target) are read: the
 * others still equal S.  With lazy copies only the copies of the warps that
 * own a line are written (the others read S, which now holds U).  Returns
 * whether this thread saw any write. */
__device__ __forceinline__ unsigned sweep1(const block_state &bs, unsigned tid,
                                           unsigned region, unsigned mask,
                                           int to_pass2, int shared_only,
                                           int lazy, const unsigned *lines,
                                           const unsigned *reads) {
  unsigned char *const base = area(bs, shared_only);
  uint4 *S4 = (uint4 *)(base + bs.s_off);
  const unsigned nchunks = bs.arena_bytes / 16, nwarps = bs.nwarps;
  const unsigned nthreads = bs.nthreads;
  unsigned char *const copies = base + bs.copies_off;
  const size_t stride = bs.stride;
  unsigned wrote = 0;
  int reported = 0, seen = 0;

  for (unsigned w = tid; w < nchunks; w += nthreads) {
    /* Only the warps whose stores marked the chunk's line (all of them
     * when the clone writes without marks: lines is NULL). */
    unsigned wm = lines ? mask & lines[w >> 3] : mask;
    if (!wm)
      continue;
    unsigned acc = acc_bits(bs, w);
    if (acc) {
      /* (Words shared atomics accumulate are not checked for reads.) */
      wrote |= sweep1_acc(&bs, region, w, acc, wm, to_pass2, &reported);
      continue;
    }
    uint4 s = S4[w], u = s, m = make_uint4(0, 0, 0, 0);
    unsigned written = 0, last = 0;
    /* The copies that read in the chunk's line in pass 1 (none when the
     * region's reads are not marked): a word one of them read and another
     * one's warps changed is a read-write race, whatever the reader then
     * computed (docs/shared-replay.md, "Reads seen"). */
    const unsigned who = reads && !seen ? reads[w >> 3] : 0u;
    unsigned r1 = 0, r2 = 0;
    if (who)
      chunk_reads(reads, bs.nlines, who, w, r1, r2);
    for (unsigned left = wm; left; left &= left - 1) {
      unsigned i = __ffs(left) - 1;
      uint4 p = ((uint4 *)(copies + (size_t)i * stride))[w];
      if (!any4(p, s))
        continue;
      uint4 mk;
      mk.x = __vcmpne4(p.x, s.x);
      mk.y = __vcmpne4(p.y, s.y);
      mk.z = __vcmpne4(p.z, s.z);
      mk.w = __vcmpne4(p.w, s.w);
      if (r1 && !seen) {
        unsigned cw = (mk.x ? 1u : 0u) | (mk.y ? 2u : 0u) | (mk.z ? 4u : 0u) |
                      (mk.w ? 8u : 0u);
        unsigned ri =
            who >> i & 1u
                ? reads[(i + 1) * bs.nlines + (w >> 3)] >> (w & 7) * 4 & 0xfu
                : 0u;
        cw &= r2 | (r1 & ~ri);
        if (cw)
          seen = report_read_seen(&bs, reads, region, who, wm, w, i, cw, s, p);
      }
      if (written &&
          ((mk.x & m.x) | (mk.y & m.y) | (mk.z & m.z) | (mk.w & m.w))) {
        /* Two warps wrote one byte: refine per byte. */
        uint4 ov;
        ov.x = mk.x & m.x;
        ov.y = mk.y & m.y;
        ov.z = mk.z & m.z;
        ov.w = mk.w & m.w;
        if (!(bs.flags & __LDCC_LI_REPORT_SAME_VALUE)) {
          ov.x &= __vcmpne4(p.x, u.x);
          ov.y &= __vcmpne4(p.y, u.y);
          ov.z &= __vcmpne4(p.z, u.z);
          ov.w &= __vcmpne4(p.w, u.w);
        }
        unsigned conflict = byte_bits(ov.x) | byte_bits(ov.y) << 4 |
                            byte_bits(ov.z) << 8 | byte_bits(ov.w) << 12;
        if (conflict && !reported) {
          reported = 1;
          report_race(&bs, __LDCC_RK_WRITE_WRITE, region, last, i, -1,
                      (unsigned long long)w * 16, conflict, 16, u, p);
        }
      }
      u.x = (u.x & ~mk.x) | (p.x & mk.x);
      u.y = (u.y & ~mk.y) | (p.y & mk.y);
      u.z = (u.z & ~mk.z) | (p.z & mk.z);
      u.w = (u.w & ~mk.w) | (p.w & mk.w);
      m.x |= mk.x;
      m.y |= mk.y;
      m.z |= mk.z;
      m.w |= mk.w;
      written = 1;
      last = i;
    }
    if (!written)
      continue;
    wrote = 1;
    S4[w] = u;
    if (lazy) {
      for (unsigned left = to_pass2 ? wm : 0; left; left &= left - 1) {
        unsigned i = __ffs(left) - 1;
        uint4 *P = ((uint4 *)(copies + (size_t)i * stride));
        uint4 p = P[w], np = pass2_chunk(p, s, u);
        if (any4(np, p))
          P[w] = np;
      }
      continue;
    }
    for (unsigned i = 0; i < nwarps; i++) {
      uint4 *P = ((uint4 *)(copies + (size_t)i * stride));
      uint4 np = u;
      if (!(wm >> i & 1u)) {
        P[w] = u; /* held S */
        continue;
      }
      uint4 p = P[w];
      if (to_pass2)
        np = pass2_chunk(p, s, u);
      if (any4(np, p))
        P[w] = np;
    }
  }
  return wrote;
}

/* Read-write check: every pass-2 copy must equal U (in S); then every copy
 * becomes U, the next region's pass-1 copy (lazy copies are filled again
 * when used).  Only the warps in `mask` (that wrote a target in either
 * pass) can hold anything else. */
__device__ __forceinline__ void sweep2(const block_state &bs, unsigned tid,
                                       unsigned region, unsigned mask,
                                       int shared_only, int lazy,
                                       const unsigned *lines) {
  unsigned char *const base = area(bs, shared_only);
  const uint4 *S4 = (const uint4 *)(base + bs.s_off);
  const unsigned nchunks = bs.arena_bytes / 16;
  const unsigned nthreads = bs.nthreads;
  unsigned char *const copies = base + bs.copies_off;
  const size_t stride = bs.stride;
  int reported = 0;

  for (unsigned w = tid; w < nchunks; w += nthreads) {
    /* A copy differs from U only in lines its warp's stores marked, in
     * either pass. */
    unsigned wm = lines ? mask & lines[w >> 3] : mask;
    if (acc_bits(bs, w))
      acc_clear(bs, w);
    if (!wm)
      continue;
    uint4 u = S4[w];
    for (unsigned left = wm; left; left &= left - 1) {
      unsigned i = __ffs(left) - 1;
      uint4 *P = ((uint4 *)(copies + (size_t)i * stride));
      uint4 p = P[w];
      if (!any4(p, u))
        continue;
      if (!reported) {
        unsigned bits = byte_bits(__vcmpne4(p.x, u.x)) |
                        byte_bits(__vcmpne4(p.y, u.y)) << 4 |
                        byte_bits(__vcmpne4(p.z, u.z)) << 8 |
                        byte_bits(__vcmpne4(p.w, u.w)) << 12;
        reported = 1;
        report_race(&bs, __LDCC_RK_READ_WRITE, region, i, i, -1,
                    (unsigned long long)w * 16, bits, 16, u, p);
      }
      if (!lazy)
        P[w] = u;
    }
  }
}

/* ---- undo log --------------------------------------------------------- */

/* ---- blocks storing to one word ----------------------------------------
 * (docs/shared-replay.md, "Blocks storing to one word.")  The blocks that
 * share memory (every block of a launch on the program's memory, the
 * blocks one copy of the check across blocks holds) each store, undo and
 * store again their global stores.  When every block's thread 11 stores 1
 * to one debugging slot (HeCBench's pathfinder), block B's undo landing
 * after block A's pass-2 store changes what A's comparison reads although
 * no warp of A read anything another warp wrote.  So before each of those
 * stores lands (and each undo), the thread claims the store's 4-byte words
 * for its block in the launch's stores table (li.stores, hashed by the
 * word's address); an exchange that returns another block's claim of this
 * launch marks the log entry `moved`, and the comparison, once it has read
 * the word, looks at the table again: a word another block claimed since
 * is not compared either.  A store that lands after its claim and its
 * fence is seen by a comparison that reads the value, fences and reads the
 * table (message passing with fences on both sides).  The blocks' stores
 * themselves are judged by the check across blocks (two blocks storing one
 * value are no race unless report_same_value_writes).  A hash collision
 * only leaves a word uncompared; the stamp (launch serial << 40 | block +
 * 1) makes the claims of other launches count as empty, so the table is
 * never cleared.  Warps of one block are one claimant: their stores to
 * one word are still compared. */
__device__ __forceinline__ unsigned long long stores_me(const block_state &bs) {
  unsigned long long b =
      blockIdx.x +
      (unsigned long long)gridDim.x *
          (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  return (unsigned long long)bs.stores_serial << 40 |
         ((b + 1) & ((1ull << 40) - 1));
}
__device__ __forceinline__ unsigned long long *
stores_entry(const block_state &bs, unsigned long long word) {
  return bs.stores + ((word * 0x9E3779B97F4A7C15ull) >> (64 - bs.stores_bits));
}
/* Claim the words of a `size`-byte store at p for this block; true when
 * one of them held another block's claim of this launch. */
__device__ __forceinline__ bool stores_claim(const block_state &bs,
                                             const void *p, unsigned size) {
  if (!bs.stores)
    return false;
  unsigned long long me = stores_me(bs), a = (unsigned long long)p;
  bool other = false;
  for (unsigned long long w = a >> 2; w <= (a + size - 1) >> 2; w++) {
    unsigned long long old = atomicExch(stores_entry(bs, w), me);
    other |= old != me && (old >> 40) == bs.stores_serial;
  }
  __threadfence(); /* the claims before the store */
  return other;
}
/* After reading the store's words: whether another block (or a word
 * hashing to the same entry) claimed one of them since. */
__device__ __forceinline__ bool stores_moved(const block_state &bs,
                                             const void *p, unsigned size) {
  if (!bs.stores)
    return false;
  __threadfence(); /* the value before the table */
  unsigned long long me = stores_me(bs), a = (unsigned long long)p;
  for (unsigned long long w = a >> 2; w <= (a + size - 1) >> 2; w++)
    if (*(volatile unsigned long long *)stores_entry(bs, w) != me)
      return true;
  return false;
}
/* Whether log entry k lies inside the `size` bytes at p. */
__device__ __forceinline__ bool logged_in(const thread_ctx &c, int k,
                                          const void *p, unsigned size) {
  const unsigned char *a = (const unsigned char *)p;
  const unsigned char *e = (const unsigned char *)c.log->addr[k];
  return e >= a && e < a + size;
}
/* Mark the log entries inside the `size` bytes at p moved. */
__device__ __forceinline__ void mark_moved(thread_ctx &c, const void *p,
                                           unsigned size) {
  for (int k = 0; k < c.log_n; k++)
    if (logged_in(c, k, p, size))
      c.log->moved[k] = 1;
}

/* Undo this thread's pass-1 global stores, newest first, keeping each
 * store's pass-1 value for the comparison after pass 2. */
__device__ __forceinline__ void undo_stores(thread_ctx &c) {
  for (int k = c.log_n - 1; k >= 0; k--) {
    if (stores_claim(*c.bs, c.log->addr[k], c.log->size[k]))
      c.log->moved[k] = 1;
    unsigned long long now = load_bytes(c.log->addr[k], c.log->size[k]);
    store_bytes(c.log->addr[k], c.log->size[k], c.log->val[k]);
    c.log->val[k] = now;
  }
}

/* Whether the launch's one run met another unit storing to a word this
 * launch touches (its flag, raised before that unit's store lands): a
 * store's value may then have changed through another block's store or
 * undo, not through a read inside this block.  The launch is checked again
 * on copies, where no other block reaches this block's stores, and the
 * check across blocks judges the two units' stores (two blocks storing one
 * value are no race unless report_same_value_writes).  The copies' run,
 * where blocks sharing a copy interfere the same way, has the stores table
 * (stores_claim). */
__device__ __forceinline__ bool one_run_clashed(const thread_ctx &c) {
  if (!c.gown)
    return false;
  __threadfence();
  return *(volatile unsigned *)((const __ldcc_gowner *)c.gown)->flag != 0u;
}

/* After pass 2: a store whose value differs from pass 1's read data
 * another warp wrote in the region. */
__device__ __forceinline__ void compare_stores(thread_ctx &c) {
  for (int k = 0; k < c.log_n; k++) {
    /* Only the last store of an address decides its final value. */
    int later = 0;
    for (int j = k + 1; j < c.log_n; j++)
      later |= c.log->addr[j] == c.log->addr[k];
    if (later)
      continue;
    unsigned long long now = load_bytes(c.log->addr[k], c.log->size[k]);
    if (now != c.log->val[k] && !c.log->moved[k] && !one_run_clashed(c) &&
        !stores_moved(*c.bs, c.log->addr[k], c.log->size[k])) {
      unsigned tid = linear_tid();
      uint4 a = make_uint4((unsigned)c.log->val[k],
                           (unsigned)(c.log->val[k] >> 32), 0, 0);
      uint4 b = make_uint4((unsigned)now, (unsigned)(now >> 32), 0, 0);
      report_race(c.bs, __LDCC_RK_GLOBAL, c.region, tid / 32, tid / 32,
                  (int)(tid % 32), (unsigned long long)c.log->addr[k],
                  (1u << c.log->size[k]) - 1, c.log->size[k], a, b);
      break;
    }
  }
}

/* After pass 2: pass 2 must have reached as many global atomics as pass 1
 * (their operands were compared one by one as pass 2 reached them). */
__device__ __forceinline__ void compare_atomic_count(thread_ctx &c) {
  if (c.atom_k != c.atom_n) {
    unsigned tid = linear_tid();
    uint4 a = make_uint4((unsigned)c.atom_n, 0, 0, 0);
    uint4 b = make_uint4((unsigned)c.atom_k, 0, 0, 0);
    report_race(c.bs, __LDCC_RK_GLOBAL_ATOMIC, c.region, tid / 32, tid / 32,
                (int)(tid % 32), 0, 0, 0, a, b);
  }
}

/* ---- the protocol ----------------------------------------------------- */

__device__ __forceinline__ int sync_value(int form, int count) {
  return form == SYNC_COUNT ? count
         : form == SYNC_OR  ? count != 0
         : form == SYNC_AND ? count == 0
                            : 0;
}

/* The copies whose stamp in wrote[parity] (readc[parity] when `reads`) is
 * `stamp`: those whose warps wrote (read) a target in the pass the stamp
 * names.  Read after the barrier that follows the stores, so every thread
 * computes the same mask: lane i reads copy i's stamp and the warp votes
 * (not inlined: one call site for the vote). */
static __device__ __noinline__ unsigned wrote_mask(const block_state &bs,
                                                   unsigned parity,
                                                   unsigned stamp,
                                                   int reads = 0) {
  const volatile unsigned *w = reads ? bs.readc[parity] : bs.wrote[parity];
  unsigned tid = linear_tid(), lane = tid % 32, warp = tid / 32;
  unsigned full = bs.nthreads / 32;
  unsigned here = warp < full ? 32 : bs.nthreads - full * 32;
  unsigned mask = 0;
  if (here >= bs.nwarps)
    return __ballot_sync(here == 32 ? 0xffffffffu : (1u << here) - 1,
                         lane < bs.nwarps && w[lane] == stamp);
  for (unsigned i = 0; i < bs.nwarps; i++)
    mask |= (unsigned)(w[i] == stamp) << i;
  return mask;
}

/* Before B1 of round r: clear the line and claim masks of the other
 * parity, which round r-1 read (its sweeps ended before its last barrier)
 * and region r+1 marks (after round r, hence after this B1).  Every thread,
 * its share. */
__device__ __forceinline__ void clear_lines(const thread_ctx &c,
                                            block_state &bs, unsigned p) {
  unsigned *m = line_mask(bs, c.shared_only, p);
  /* The next round's slots of shared_atomic_v_add too. */
  for (unsigned i = linear_tid(); i < LDCC_SHARED_VATOMICS; i += bs.nthreads) {
    bs.vkey[p][i] = 0;
    bs.vsum[p][i] = 0;
  }
  unsigned *r = read_masks(bs, c.shared_only, p);
  for (unsigned i = linear_tid(); i < bs.nlines; i += bs.nthreads) {
    m[i] = 0;
    if (c.lazy)
      m[i + 2 * bs.nlines] = 0;
    /* The read masks of the copies that read in the line. */
    unsigned who = r[i];
    if (!who)
      continue;
    for (; who; who &= who - 1)
      r[(__ffs(who) - 1 + 1) * bs.nlines + i] = 0;
    r[i] = 0;
  }
}

/* Before B1 (pass 1) or B3 (pass 2): this thread's warp wrote a target. */
__device__ __forceinline__ void stamp_wrote(thread_ctx &c, block_state &bs,
                                            unsigned parity, unsigned stamp) {
  if (c.dirty | c.always_dirty)
    bs.wrote[parity][__ffs(c.wbit) - 1] = stamp; /* the copy's */
  c.dirty = 0;
}

/* The pass-1 half of a round after B1, shared by region_end and finish:
 * when some warp wrote a target, sweep 1 and B2.  Returns whether the
 * region is replayed; c.wmask holds the warps that wrote. */
__device__ __forceinline__ int round_pass1(thread_ctx &c, block_state &bs,
                                           unsigned parity) {
  unsigned stamp = c.round;
  c.wmask = wrote_mask(bs, parity, stamp);
#ifdef LDCC_BENCH_SKIP_SWEEPS /* measurement only: wrong results */
  c.wmask = 0;
#endif
  if (!c.wmask)
    return 0; /* no warp wrote a target: the round ends at B1 */
  unsigned tid = linear_tid();
  unsigned overflow =
      *(volatile unsigned *)&bs.overflow[parity] == stamp ? 1u : 0u;
  /* No thread read a target: nothing in the region can depend on another
   * warp's write, so the write-write check is the whole check. */
  /* A read-write race needs a copy that read and another that wrote: when
   * one copy's warps did all the writing (the last steps of a tree
   * reduction), the vote on the per-copy read stamps decides. */
  /* A region with a fence runs once: its stores may be published. */
  unsigned replay =
      !overflow && *(volatile unsigned *)&bs.once[parity] != stamp &&
      *(volatile unsigned *)&bs.read[parity] == stamp &&
      ((c.wmask & (c.wmask - 1)) ||
       __ldcc_second_pass(wrote_mask(bs, parity, stamp, 1), c.wmask));
#if defined(LDCC_BENCH_SKIP_REPLAY) || defined(__LDCC_DETERMINISTIC)
  /* Deterministic mode: sweep 1 merges the copies in warp order (a later
   * warp's bytes win), puts U into every copy, and the region ends. */
  replay = 0;
#endif
  c.region = *(volatile unsigned *)&bs.region[parity];
  unsigned wrote =
      sweep1(bs, tid, c.region, c.wmask, replay, c.shared_only, c.lazy,
             c.always_dirty ? nullptr : line_mask(bs, c.shared_only, parity),
#ifdef __LDCC_DETERMINISTIC
             nullptr
#else
             read_masks(bs, c.shared_only, parity)
#endif
      );
  int any = __syncthreads_or(wrote); /* B2 */
  if (tid == 0 && any && overflow) {
    uint4 z = make_uint4(0, 0, 0, 0);
    report_race(&bs, __LDCC_RK_LOG_OVERFLOW, c.region, 0, 0, -1, 0, 0, 0, z, z);
  }
  return any && replay;
}

/* The pass-2 half of a round after B3: sweep 2 over the warps that wrote
 * in either pass, B4. */
__device__ __forceinline__ void round_pass2(thread_ctx &c, block_state &bs) {
  unsigned parity = (c.round - 1) & 1u;
  unsigned mask = c.wmask | wrote_mask(bs, parity, c.round | 0x80000000u);
  sweep2(bs, linear_tid(), c.region, mask, c.shared_only, c.lazy,
         c.always_dirty ? nullptr : line_mask(bs, c.shared_only, parity));
  __syncthreads(); /* B4 */
}

/* End of a region at barrier site `site` (or the exit site).  Returns 1
 * when the caller must restore its snapshot and jump to start_site. */
__device__ __forceinline__ int region_end(thread_ctx &c, block_state &bs,
                                          int site, int exiting, int form,
                                          int pred) {
  (void)exiting;
  int x = form == SYNC_AND ? !pred : form == SYNC_PLAIN ? 0 : pred != 0;
  if (c.pass == 1) {
    unsigned parity = c.round & 1u, stamp = c.round + 1;
    bs.live[parity] = stamp;
    bs.region[parity] = (unsigned)c.start_site << 16 | (unsigned)site;
    if (c.log_overflow)
      bs.overflow[parity] = stamp;
    if (c.once)
      bs.once[parity] = stamp;
    if (c.rd | c.always_read) {
      bs.read[parity] = stamp;
      bs.readc[parity][__ffs(c.wbit) - 1] = stamp; /* the copy's */
    }
    c.rd = 0;
    stamp_wrote(c, bs, parity, stamp);
    clear_lines(c, bs, parity ^ 1u);
    int count = __syncthreads_count(x); /* B1 */
    c.round = stamp;
#ifdef __LDCC_DETERMINISTIC
    (void)round_pass1(c, bs, parity); /* never replayed */
    c.sync_result = sync_value(form, count);
    c.lines = line_mask(bs, c.shared_only, c.round & 1u);
    return 0;
#else
    if (round_pass1(c, bs, parity)) {
      undo_stores(c);
      c.atom_k = 0;
      c.pass = 2;
      c.local_diff = 0;
      return 1; /* pass 2 marks the same line mask */
    }
    c.log_n = 0;
    c.log_overflow = 0;
    c.once = 0;
    c.atom_n = 0;
    c.sync_result = sync_value(form, count);
    c.lines = line_mask(bs, c.shared_only, c.round & 1u);
    return 0;
#endif
  }
#ifndef __LDCC_DETERMINISTIC
  stamp_wrote(c, bs, (c.round - 1) & 1u, c.round | 0x80000000u);
  c.rd = 0;
  int count = __syncthreads_count(x); /* B3 */
  compare_stores(c);
  compare_atomic_count(c);
  if (c.local_diff) {
    unsigned tid = linear_tid();
    uint4 z = make_uint4(0, 0, 0, 0);
    report_race(&bs, __LDCC_RK_REGISTERS, c.region, tid / 32, tid / 32,
                (int)(tid % 32), 0, 0, 0, z, z);
  }
  c.log_n = 0;
  c.log_overflow = 0;
  c.once = 0;
  c.atom_n = 0;
  c.atom_k = 0;
  c.local_diff = 0;
  round_pass2(c, bs);
  c.lines = line_mask(bs, c.shared_only, c.round & 1u);
  c.pass = 1;
  c.sync_result = sync_value(form, count);
#endif
  return 0;
}

/* A thread that has left the kernel keeps taking part in the rounds of
 * the others until every thread of the block has finished. */
__device__ __forceinline__ void finish(thread_ctx &c, block_state &bs) {
  c.finished = 1;
  c.dirty = 0;
  c.always_dirty = 0;
  c.always_read = 0;
  for (;;) {
    unsigned parity = c.round & 1u;
    clear_lines(c, bs, parity ^ 1u);
    (void)__syncthreads_count(0); /* B1 */
    c.round++;
    if (*(volatile unsigned *)&bs.live[parity] != c.round)
      break;
    if (round_pass1(c, bs, parity)) {
      (void)__syncthreads_count(0); /* B3 */
      round_pass2(c, bs);
    }
  }
  if (bs.placement == 1 && linear_tid() == 0) {
    __threadfence();
    atomicExch(&bs.slot_busy[bs.slot], 0u);
  }
}

/* ---- helpers the clone calls ------------------------------------------ */

/* CUB block collectives on shared TempStorage (docs/shared-replay.md,
 * "CUB temporary storage"): the variable stays real shared memory in the
 * clone (CUB synchronises the block inside its collectives, which no
 * per-warp copy can follow), and every use of it is a collective's, passed
 * through cub_use: a thread that starts a second collective on it in the
 * same region (no barrier of the kernel's since the first) breaks CUB's
 * rule that temporary storage is reused only after __syncthreads(), where
 * threads still reading the first collective's results race with the
 * second's writes.  Checked in pass 1 (pass 2 reruns the same calls); an
 * empty TempStorage (NullType: BLOCK_LOAD_DIRECT and friends) is never
 * reported, nor a collective on another element of an array of storages
 * than the last one (double buffering: the collective between two uses of
 * one element synchronises the block). */
static __device__ __noinline__ void cub_reuse_report(const thread_ctx &c,
                                                     const char *name) {
  unsigned tid = linear_tid(), w[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (unsigned i = 0; i < 32 && name[i]; i++)
    w[i / 4] |= (unsigned)(unsigned char)name[i] << (8 * (i % 4));
  report_race(c.bs, __LDCC_RK_CUB_REUSE,
              (unsigned)c.start_site << 16 | (unsigned)c.start_site, tid / 32,
              tid / 32, (int)(tid % 32), 0, 0, 0,
              make_uint4(w[0], w[1], w[2], w[3]),
              make_uint4(w[4], w[5], w[6], w[7]));
}

template <class T>
__device__ __forceinline__ T &cub_use(thread_ctx &c, unsigned i, T &t,
                                      const char *name) {
  if (sizeof(T) > 1 && c.pass == 1 && !c.finished) {
    const void *at = (const void *)&t;
    if (c.cub_round[i] == c.round + 1u && c.cub_at[i] == at)
      cub_reuse_report(c, name);
    c.cub_round[i] = c.round + 1u;
    c.cub_at[i] = at;
  }
  return t;
}

/* Marks the 128-byte line of the warp's copy that p points into in the
 * current line mask (the sweeps visit only marked lines); the lanes that
 * store to one line together set the bit once. */
__device__ __forceinline__ void mark_line(thread_ctx &c, const void *p) {
  unsigned line =
      (unsigned)(((const unsigned char *)p - (const unsigned char *)c.mine) >>
                 7);
  /* Marked already in this region (the current mask is only ever set
   * while the region runs). */
  if (*(volatile unsigned *)&c.lines[line] & c.wbit)
    return;
  unsigned peers = __match_any_sync(__activemask(), line);
  unsigned lane = linear_tid() % 32;
  if ((peers & ((1u << lane) - 1)) == 0)
    atomicOr(&c.lines[line], c.wbit);
}

/* Lazy copies: makes line `line` of the warp's copy the warp's own for
 * the round, copying it in from S first.  One lane of the lanes here that
 * want the line claims it; a lane of the same warp on another path that
 * finds it claimed waits until it is filled (independent thread scheduling
 * lets the two interleave), so no store is ever overwritten by the fill. */
/* (Scalars, not the thread_ctx: a call that takes its address would keep
 * the whole context in local memory.) */
static __device__ __noinline__ void
own_line_slow(unsigned *lines, const block_state *bs, unsigned char *mine,
              unsigned sdelta, unsigned wbit, unsigned line) {
  volatile unsigned *ready = lines + line;
  unsigned peers = __match_any_sync(__activemask(), line);
  unsigned lane = linear_tid() % 32;
  if ((peers & ((1u << lane) - 1)) == 0) {
    unsigned *claims = lines + 2 * bs->nlines;
    if (!(atomicOr(&claims[line], wbit) & wbit)) {
      uint4 *dst = (uint4 *)(mine + (size_t)line * 128);
      const uint4 *src = (const uint4 *)((unsigned char *)dst - sdelta);
      unsigned n = (bs->arena_bytes - line * 128) / 16;
      for (unsigned k = 0; k < 8 && k < n; k++)
        dst[k] = src[k];
      __threadfence_block();
      atomicOr(lines + line, wbit);
    } else {
      while (!(*ready & wbit))
        ;
    }
  }
  __syncwarp(peers);
}

__device__ __forceinline__ void own_lines(thread_ctx &c, const void *p,
                                          unsigned size) {
  unsigned off =
      (unsigned)((const unsigned char *)p - (const unsigned char *)c.mine);
  for (unsigned line = off >> 7; line <= (off + size - 1) >> 7; line++)
    if (!(c.lines[line] & c.wbit)) /* only this warp sets its bit */
      own_line_slow(c.lines, c.bs, (unsigned char *)c.mine, c.sdelta, c.wbit,
                    line);
}

/* The address of a store to a shared target (the warp's copy): marks the
 * thread as having written, so a round in which no warp wrote skips the
 * sweeps and the replay. */
template <class T> __device__ __forceinline__ T *swr(thread_ctx &c, T *p) {
  c.dirty = 1;
  /* (C casts: T may be volatile, the classic `volatile int *vs` tail.) */
  if (c.lazy)
    own_lines(c, (const void *)p, sizeof(T));
  else
    mark_line(c, (const void *)p);
  return p;
}

/* What a call of an accessor of `extern __shared__` memory becomes in the
 * clone (`SharedMemory<T>()`, `smem<T>()`: docs/shared-replay.md,
 * "Accessors"): the warp's copy of that memory, converted to the pointer
 * type the call's place asks for. */
struct ext_ptr_t {
  void *p;
  template <class T> __device__ __forceinline__ operator T *() const {
    return (T *)p;
  }
};
__device__ __forceinline__ ext_ptr_t ext_ptr(thread_ctx &c) {
  c.rd = 1;
  ext_ptr_t e;
  e.p = c.ext;
  return e;
}

/* A pass-1 read of `size` bytes at p in this warp's copy: marks the
 * 4-byte words it covers in the copy's read masks of the round (and the
 * copy in the line's readers, by the lane whose atomicOr found the word
 * empty), so that sweep 1 sees a word another copy's warps changed in the
 * region (docs/shared-replay.md, "Reads seen").  Objects under 4 bytes or
 * not 4-byte aligned are not marked: a byte read beside another warp's
 * byte store in one word is no race. */
__device__ __forceinline__ void mark_read(thread_ctx &c, const void *p,
                                          unsigned size) {
  /* (LDCC_BENCH_NO_READS: measurement only, reads not seen.) */
#if !defined(__LDCC_DETERMINISTIC) && !defined(LDCC_BENCH_NO_READS)
  const block_state &bs = *c.bs;
  unsigned off =
      (unsigned)((const unsigned char *)p - (const unsigned char *)c.mine);
  if (c.pass != 1 || size < 4 || (off & 3u) || off >= bs.arena_bytes)
    return;
  unsigned *r = read_masks(bs, c.shared_only, c.round & 1u);
  unsigned *mine = r + (unsigned)__ffs(c.wbit) * bs.nlines;
  unsigned first = off >> 2, last = (off + size - 1) >> 2;
  if (last >= bs.arena_bytes / 4)
    last = bs.arena_bytes / 4 - 1;
  for (unsigned line = first >> 5; line <= last >> 5; line++) {
    unsigned lo = line == first >> 5 ? first & 31u : 0u;
    unsigned hi = line == last >> 5 ? last & 31u : 31u;
    unsigned bits = ((2u << hi) - 1u) & ~((1u << lo) - 1u);
    if ((*(volatile unsigned *)&mine[line] & bits) == bits)
      continue;
    if (!atomicOr(&mine[line], bits))
      atomicOr(&r[line], c.wbit);
  }
#else
  (void)c;
  (void)p;
  (void)size;
#endif
}

/* The address a read of a shared target uses: the warp's copy, or with
 * lazy copies S where the warp does not own the line.  An object across
 * two lines is read from the copy after owning both (a line owned without
 * a store is swept like a written one: it equals S, so nothing shows). */
template <class T> __device__ __forceinline__ T *srd(thread_ctx &c, T *p) {
  c.rd = 1;
  mark_read(c, (const void *)p, sizeof(T));
  if (!c.lazy)
    return p;
  unsigned off =
      (unsigned)((const unsigned char *)p - (const unsigned char *)c.mine);
  if ((off & 127) + sizeof(T) > 128) {
    c.dirty = 1;
    own_lines(c, p, sizeof(T));
    return p;
  }
  if (c.lines[off >> 7] & c.wbit)
    return p;
  return (T *)((unsigned char *)p - c.sdelta);
}

/* The address of a global store's object, logged in pass 1 so the store
 * can be undone before pass 2. */
template <class T> __device__ __forceinline__ T *glog(thread_ctx &c, T *p) {
  /* In the one run, claimed for the block (in both passes: a store of pass
   * 2 alone is claimed too, and a second claim of one unit is no clash). */
  /* With __LDCC_GM_EPOCHS also for its warp between barriers: pass 1 of
   * a region runs at c.round, pass 2 after the round's count moved on. */
  if (c.gown)
    gclaim((const __ldcc_gowner *)c.gown, gunit(0), (const void *)p, sizeof(T),
           false, c.pass == 2 ? c.round - 1 : c.round);
#ifdef __LDCC_DETERMINISTIC
  return p; /* applied once, never undone */
#endif
  if (c.pass == 2) {
    /* Claimed when it stores to a logged word (stores_claim). */
    for (int k = 0; k < c.log_n; k++)
      if (logged_in(c, k, (const void *)p, sizeof(T))) {
        if (stores_claim(*c.bs, (const void *)p, sizeof(T)))
          mark_moved(c, (const void *)p, sizeof(T));
        break;
      }
  }
  if (c.pass == 1) {
    const void *v = (const void *)p;
    if (__ldcc_is_shared(v) || __ldcc_is_local(v))
      return p;
    const bool other = stores_claim(*c.bs, v, sizeof(T));
    if (other)
      mark_moved(c, v, sizeof(T));
    /* A word stored again (`*sum += s[i]` in a loop) keeps its first old
     * value: undoing that one undoes them all. */
    /* A wider store (a float4, an int4: vectorised code) is logged in
     * pieces of its alignment, at most 8 bytes each. */
    constexpr unsigned piece = sizeof(T) <= 8    ? sizeof(T)
                               : alignof(T) >= 8 ? 8
                               : alignof(T) >= 4 ? 4
                               : alignof(T) >= 2 ? 2
                                                 : 1;
    constexpr int pieces = (int)(sizeof(T) / piece);
    for (int k = 0; k < c.log_n; k++)
      if (c.log->addr[k] == v && c.log->size[k] == piece)
        return p;
    if (sizeof(T) % piece == 0 && pieces <= 8 &&
        c.log_n + pieces <= LDCC_UNDO_ENTRIES) {
      for (int i = 0; i < pieces; i++) {
        const unsigned char *a = (const unsigned char *)v + i * piece;
        c.log->addr[c.log_n] = (void *)a;
        c.log->size[c.log_n] = (unsigned char)piece;
        c.log->val[c.log_n] = load_bytes(a, piece);
        c.log->moved[c.log_n] = other;
        c.log_n++;
      }
    } else {
      c.log_overflow = 1;
    }
  }
  return p;
}

/* The address of a store through a pointer in the clone of a device
 * function with barriers (docs/shared-replay.md section 7): the pointer may
 * have been handed a target, i.e. point into this warp's copy (in shared
 * memory or in a global scratch slot): then it is a store to a target
 * (swr), anywhere else a global store (glog). */
/* (A template with a C cast: p may point to volatile.) */
template <class T>
__device__ __forceinline__ bool in_copies(const thread_ctx &c, T *p) {
  const block_state &bs = *c.bs;
  const unsigned char *a = (const unsigned char *)p;
  return a >= bs.copies && a < bs.copies + (size_t)bs.nwarps * bs.stride;
}

template <class T> __device__ __forceinline__ T *pwr(thread_ctx &c, T *p) {
  if (in_copies(c, p))
    return swr(c, p);
  return glog(c, p);
}

/* Asynchronous copies into shared memory in a clone (docs/shared-replay.md,
 * "Asynchronous copies").  A copy is queued when issued and lands (copied,
 * each piece a store through pwr into the warp's copy, which the sweeps see
 * like any) at the wait that covers it, or right after the next barrier
 * when it is still in flight there: a warp that reads its destination in
 * that region, before the issuing thread's wait and a barrier after it,
 * races with the landing.  The queue is a local of the clone (__ldcc_aq),
 * snapshot and restored with the others, so pass 2 sees what pass 1 saw. */
#ifndef LDCC_ASYNC_ENTRIES
#define LDCC_ASYNC_ENTRIES 8
#endif
struct async_entry {
  unsigned char *dst;
  const unsigned char *src;
  unsigned size, fill, batch, pad;
};
struct async_queue {
  async_entry e[LDCC_ASYNC_ENTRIES];
  unsigned n;       /* queued, oldest first */
  unsigned commits; /* batches committed so far */
};

/* n bytes from src to dst, the last `fill` of them zeros (cp.async's
 * zero fill), in the widest pieces both addresses and n allow. */
__device__ __forceinline__ void
copy_now(thread_ctx &c, void *dst, const void *src, size_t n, size_t fill) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  size_t m = (size_t)d | (size_t)s | n, i;

  if (fill == 0 && m % 16 == 0) {
    for (i = 0; i < n; i += 16)
      *pwr(c, (uint4 *)(d + i)) = *(const uint4 *)(s + i);
  } else if (fill == 0 && m % 8 == 0) {
    for (i = 0; i < n; i += 8)
      *pwr(c, (uint2 *)(d + i)) = *(const uint2 *)(s + i);
  } else if (fill == 0 && m % 4 == 0) {
    for (i = 0; i < n; i += 4)
      *pwr(c, (unsigned *)(d + i)) = *(const unsigned *)(s + i);
  } else {
    for (i = 0; i < n; i++)
      *pwr(c, d + i) = i + fill < n ? s[i] : (unsigned char)0;
  }
}

/* Land every queued copy of a batch before `batch` (all: ~0u), in order. */
static __device__ __noinline__ void aland(thread_ctx &c, unsigned batch) {
  async_queue &q = *c.aq;
  unsigned i, k = 0;

  for (i = 0; i < q.n; i++) {
    if (q.e[i].batch < batch)
      copy_now(c, q.e[i].dst, q.e[i].src, q.e[i].size, q.e[i].fill);
    else
      q.e[k++] = q.e[i];
  }
  for (i = k; i < q.n; i++)
    q.e[i] = async_entry{};
  q.n = k;
}

/* After a barrier: what is still in flight lands in the new region. */
__device__ __forceinline__ void aflush(thread_ctx &c) {
  if (c.aq->n)
    aland(c, ~0u);
}

static __device__ __noinline__ void
aissue(thread_ctx &c, void *dst, const void *src, size_t size, size_t fill) {
  async_queue &q = *c.aq;

  if (q.n == LDCC_ASYNC_ENTRIES) { /* full: the oldest lands early */
    async_entry o = q.e[0];
    for (unsigned i = 1; i < q.n; i++)
      q.e[i - 1] = q.e[i];
    q.e[--q.n] = async_entry{};
    copy_now(c, o.dst, o.src, o.size, o.fill);
  }
  q.e[q.n].dst = (unsigned char *)dst;
  q.e[q.n].src = (const unsigned char *)src;
  q.e[q.n].size = (unsigned)size;
  q.e[q.n].fill = (unsigned)fill;
  q.e[q.n].batch = q.commits;
  q.e[q.n].pad = 0;
  q.n++;
}

/* `__pipeline_memcpy_async(dst, src, size, zfill)`. */
__device__ __forceinline__ void pmemcpy(thread_ctx &c, void *dst,
                                        const void *src, size_t size,
                                        size_t zfill = 0) {
  aissue(c, dst, src, size, zfill);
}

/* `__pipeline_commit()`, `__pipeline_wait_prior(n)`: every batch but the
 * n last committed lands. */
__device__ __forceinline__ void pcommit(thread_ctx &c) {
  c.aq->commits++;
}
__device__ __forceinline__ void pwait_prior(thread_ctx &c, size_t n) {
  unsigned k = c.aq->commits;
  aland(c, n >= k ? 0u : k - (unsigned)n);
}

/* A thread-scope cuda::pipeline in a clone: every use of it is
 * `__ldcc::apipe(__ldcc_c)`. */
struct pipe_ref {
  thread_ctx &c;
  __device__ void producer_acquire() {}
  __device__ void producer_commit() {
    pcommit(c);
  }
  /* The oldest committed batch lands. */
  __device__ void consumer_wait() {
    async_queue &q = *c.aq;
    unsigned b = ~0u;
    for (unsigned i = 0; i < q.n; i++)
      b = q.e[i].batch < b ? q.e[i].batch : b;
    if (b < q.commits)
      aland(c, b + 1);
  }
  __device__ void consumer_release() {}
  __device__ bool quit() {
    return true;
  }
  template <class D> __device__ bool consumer_wait_for(const D &) {
    consumer_wait();
    return true;
  }
  template <class T> __device__ bool consumer_wait_until(const T &) {
    consumer_wait();
    return true;
  }
};
__device__ __forceinline__ pipe_ref apipe(thread_ctx &c) {
  return pipe_ref{c};
}

/* `cuda::memcpy_async(dst, src, size, pipe)` on a thread-scope pipeline;
 * size a count of bytes or a cuda::aligned_size_t (it converts). */
__device__ __forceinline__ void
amemcpy(thread_ctx &c, void *dst, const void *src, size_t size, pipe_ref) {
  aissue(c, dst, src, size, 0);
}

/* `cuda::pipeline_consumer_wait_prior<N>(pipe)`. */
template <unsigned N>
__device__ __forceinline__ void pipeline_consumer_wait_prior(pipe_ref p) {
  pwait_prior(p.c, N);
}

/* Pass 2's operand `bits` of the k-th global atomic differs from pass 1's:
 * it read data another warp wrote in the region (the cold path). */
static __device__ __noinline__ void
report_atomic_operand(thread_ctx &c, int k, unsigned long long bits,
                      const void *p, unsigned size) {
  unsigned tid = linear_tid();
  uint4 a = make_uint4((unsigned)c.log->atom_val[k],
                       (unsigned)(c.log->atom_val[k] >> 32), 0, 0);
  uint4 b = make_uint4((unsigned)bits, (unsigned)(bits >> 32), 0, 0);
  report_race(c.bs, __LDCC_RK_GLOBAL_ATOMIC, c.region, tid / 32, tid / 32,
              (int)(tid % 32), (unsigned long long)p, 0, size, a, b);
}

/* A global atomic whose result is unused: applied in pass 1 only, its
 * operand logged; pass 2 compares the operand instead of applying it again
 * (a different operand read data another warp wrote in the region).  More
 * atomics than the log holds make the region not replayed, like stores. */
template <class T, class V, class Apply>
__device__ __forceinline__ void global_atomic(thread_ctx &c, T *p, V v,
                                              Apply apply) {
  T operand = (T)v;
#ifdef __LDCC_DETERMINISTIC
  apply(p, operand); /* once; integer atomics commute */
  return;
#endif
  unsigned long long bits = 0;
  memcpy(&bits, &operand, sizeof(T) < 8 ? sizeof(T) : 8);
  if (c.pass == 1) {
    if (c.atom_n < LDCC_UNDO_ENTRIES)
      c.log->atom_val[c.atom_n++] = bits;
    else
      c.log_overflow = 1;
    apply(p, operand);
    return;
  }
  int k = c.atom_k++;
  if (k < c.atom_n && c.log->atom_val[k] != bits)
    report_atomic_operand(c, k, bits, p, sizeof(T));
}

/* A global atomic whose result is used (`base = atomicAdd(count, n)`):
 * pass 1 applies it and logs its operand and its result; pass 2 compares
 * the operand as above and returns pass 1's result, so the replayed region
 * sees the value the program saw.  An atomic pass 1 did not reach (pass 2
 * took another path: the comparison reports that) is applied then. */
/* A global atomic whose value is used, its operands' bits given: pass 1
 * applies it (op()) and logs bits and the value, pass 2 compares the bits
 * and returns the logged value. */
template <class T, class Op>
__device__ __forceinline__ T global_atomic_logged(thread_ctx &c, T *p,
                                                  unsigned long long bits,
                                                  Op op) {
#ifdef __LDCC_DETERMINISTIC
  return op();
#endif
  unsigned long long ret = 0;
  if (c.pass == 1) {
    T r = op();
    if (c.atom_n < LDCC_UNDO_ENTRIES) {
      memcpy(&ret, &r, sizeof(T) < 8 ? sizeof(T) : 8);
      c.log->atom_val[c.atom_n] = bits;
      c.log->atom_ret[c.atom_n++] = ret;
    } else {
      c.log_overflow = 1;
    }
    return r;
  }
  int k = c.atom_k++;
  if (k >= c.atom_n)
    return op();
  if (c.log->atom_val[k] != bits)
    report_atomic_operand(c, k, bits, p, sizeof(T));
  T r;
  ret = c.log->atom_ret[k];
  memcpy(&r, &ret, sizeof(T) < 8 ? sizeof(T) : 8);
  return r;
}

template <class T, class V, class Apply>
__device__ __forceinline__ T global_atomic_v(thread_ctx &c, T *p, V v,
                                             Apply apply) {
  T operand = (T)v;
  unsigned long long bits = 0;
  memcpy(&bits, &operand, sizeof(T) < 8 ? sizeof(T) : 8);
  return global_atomic_logged(c, p, bits, [&] { return apply(p, operand); });
}

/* `atomicCAS(p, cmp, val)` that claims (warp_facts.c cas_claim): logged
 * like the others, both operands in the compared bits. */
template <class T, class C, class V>
__device__ __forceinline__ T global_atomic_v_cas(thread_ctx &c, T *p, C cmp,
                                                 V val) {
  T a = (T)cmp, b = (T)val;
  unsigned long long x = 0, y = 0;
  memcpy(&x, &a, sizeof(T) < 8 ? sizeof(T) : 8);
  memcpy(&y, &b, sizeof(T) < 8 ? sizeof(T) : 8);
  return global_atomic_logged(c, p, x * 0x9E3779B97F4A7C15ull ^ y,
                              [&] { return atomicCAS(p, a, b); });
}

#define __LDCC_GLOBAL_ATOMIC(op, fn)                                           \
  template <class T, class V>                                                  \
  __device__ __forceinline__ void global_atomic_##op(thread_ctx &c, T *p,      \
                                                     V v) {                    \
    global_atomic(c, p, v, [](T *q, T x) { (void)fn(q, x); });                 \
  }                                                                            \
  template <class T, class V>                                                  \
  __device__ __forceinline__ T global_atomic_v_##op(thread_ctx &c, T *p,       \
                                                    V v) {                     \
    return global_atomic_v(c, p, v, [](T *q, T x) { return fn(q, x); });       \
  }
__LDCC_GLOBAL_ATOMIC(add, atomicAdd)
__LDCC_GLOBAL_ATOMIC(sub, atomicSub)
__LDCC_GLOBAL_ATOMIC(or, atomicOr)
__LDCC_GLOBAL_ATOMIC(and, atomicAnd)
__LDCC_GLOBAL_ATOMIC(xor, atomicXor)
__LDCC_GLOBAL_ATOMIC(max, atomicMax)
__LDCC_GLOBAL_ATOMIC(min, atomicMin)
__LDCC_GLOBAL_ATOMIC(exch, atomicExch)
__LDCC_GLOBAL_ATOMIC(inc, atomicInc)
__LDCC_GLOBAL_ATOMIC(dec, atomicDec)
#undef __LDCC_GLOBAL_ATOMIC

/* `atomicAdd(&target, v);` on a shared target with the result unused:
 * the word is marked accumulated so the sweeps merge deltas. */
template <class T, class V>
__device__ __forceinline__ void shared_atomic_add(thread_ctx &c, T *p, V v) {
  static_assert(std::is_integral<T>::value && sizeof(T) == 4,
                "ldcc: shared atomics are merged for 32-bit integers only");
  size_t off = (size_t)((unsigned char *)p - (unsigned char *)c.mine);
  c.dirty = 1;
  if (c.lazy)
    own_lines(c, p, sizeof(T));
  else
    mark_line(c, p);
  if (off < c.bs->arena_bytes) {
    unsigned word = (unsigned)(off / 4);
    atomicOr(&c.bs->bitmap[word >> 5], 1u << (word & 31));
  }
  atomicAdd(p, (T)v);
}

/* `base = atomicAdd(&count, n)` on a shared target (a block's queue, a
 * slot counter): the copy takes the delta as shared_atomic_add does (the
 * sweeps merge the deltas), and the value returned is the block's own,
 * region-start S plus the deltas earlier atomics of the round added to
 * the word's slot in bs.vkey/vsum (open addressing, cleared a round
 * ahead).  Pass 2 returns pass 1's values; a different operand read data
 * another warp wrote in the region (a race through registers). */
__device__ __noinline__ static void shared_atomic_full() {
  printf("ldcc: more than %d shared words taken by atomics whose values are "
         "used in one region of a block; the replay cannot go on\n",
         LDCC_SHARED_VATOMICS);
  __trap();
}

template <class T, class V>
__device__ __forceinline__ T shared_atomic_v_add(thread_ctx &c, T *p, V v) {
  static_assert(std::is_integral<T>::value && sizeof(T) == 4,
                "ldcc: shared atomics are merged for 32-bit integers only");
  T operand = (T)v;
  shared_atomic_add(c, p, operand);
  unsigned long long bits = (unsigned)operand;
  if (c.pass == 1) {
    block_state &bs = *c.bs;
    size_t off = (size_t)((unsigned char *)p - (unsigned char *)c.mine);
    unsigned par = c.round & 1u, key = (unsigned)(off / 4) + 1u, j, n;
    for (n = 0, j = key % LDCC_SHARED_VATOMICS; n < LDCC_SHARED_VATOMICS;
         n++, j = (j + 1) % LDCC_SHARED_VATOMICS) {
      unsigned k = atomicCAS(&bs.vkey[par][j], 0u, key);
      if (k == 0u || k == key)
        break;
    }
    if (n == LDCC_SHARED_VATOMICS)
      shared_atomic_full();
    T r = *(volatile T *)(bs.S + off) +
          (T)atomicAdd(&bs.vsum[par][j], (unsigned)operand);
    if (c.atom_n < LDCC_UNDO_ENTRIES) {
      c.log->atom_val[c.atom_n] = bits;
      c.log->atom_ret[c.atom_n++] = (unsigned)r;
    } else {
      c.log_overflow = 1;
    }
    return r;
  }
  int k = c.atom_k++;
  if (k >= c.atom_n || c.log->atom_val[k] != bits) {
    c.local_diff = 1;
    return k < c.atom_n ? (T)c.log->atom_ret[k] : (T)0;
  }
  return (T)c.log->atom_ret[k];
}

/* `atomicAdd(p, v)` (or atomicSub, its operand negated) on a 32-bit
 * integer through a pointer the translator cannot place: a device
 * function's parameter (`addByte(s_WarpHist, b)`), a local of a kernel
 * that keeps pointers to targets.  Into this warp's copy it is a shared
 * atomic (its word's delta merged), anywhere else a global one. */
template <class T, class V>
__device__ __forceinline__ void patomic_add(thread_ctx &c, T *p, V v) {
  if (in_copies(c, p))
    shared_atomic_add(c, p, v);
  else
    global_atomic_add(c, p, v);
}

template <class T, class V>
__device__ __forceinline__ T patomic_v_add(thread_ctx &c, T *p, V v) {
  if (in_copies(c, p))
    return shared_atomic_v_add(c, p, v);
  return global_atomic_v_add(c, p, v);
}

template <class T>
__device__ __forceinline__ unsigned differs(const T &a, const T &b) {
  if (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 2 || sizeof(T) == 1) {
    unsigned long long x = 0, y = 0;
    /* (C casts: a `T *__restrict__` local's address converts to no
     * `const void *` implicitly.) */
    memcpy(&x, (const void *)&a, sizeof(T));
    memcpy(&y, (const void *)&b, sizeof(T));
    return x != y;
  }
  const unsigned char *pa = (const unsigned char *)&a;
  const unsigned char *pb = (const unsigned char *)&b;
  unsigned d = 0;
  for (size_t i = 0; i < sizeof(T); i++)
    d |= pa[i] ^ pb[i];
  return d != 0;
}

template <class T> __device__ __forceinline__ void copy(T &dst, const T &src) {
  memcpy((void *)&dst, (const void *)&src, sizeof(T));
}

} // namespace __ldcc

#endif
