/* The host ABI of the ldcc runtime for the shared-memory replay (issue 4):
 * the layouts shared by the host runtime, the device helpers and translated
 * code (kernel and target metadata, launch_info, report records), the
 * arena geometry both sides compute, and `__ldcc::launch`, which translated
 * code calls in place of `k<<<g, b, sh, st>>>(args)`.
 * The C part (structs, geometry) is plain C so that runtime/ *.c files and
 * their unit tests use it without CUDA; the C++ part needs nvcc's host pass.
 *
 * ---------------------------------------------------------------------------
 * FINAL SIGNATURES (what the translator emits; docs/shared-replay.md §4):
 *
 *   template <class Checked, class Original>
 *   void __ldcc::launch(const __ldcc::kernel_meta *meta, const void *clone,
 *                       const void *clone_lb, int launch_id, dim3 grid,
 *                       dim3 block, size_t sh, cudaStream_t stream,
 *                       Checked &&checked, Original &&original);
 *
 *     checked:  [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st,
 *                   __ldcc::launch_info __li, int __big) {
 *                 if (__big) __ldcc_k__lb<T><<<__g, __b, __sh, __st>>>(
 *                     a0, a1, __li);
 *                 else __ldcc_k<T><<<__g, __b, __sh, __st>>>(a0, a1, __li); }
 *     original: [&](dim3 __g, dim3 __b, size_t __sh, cudaStream_t __st) {
 *                 k<T><<<__g, __b, __sh, __st>>>(a0, a1); }
 *   Exactly one of the two lambdas is called, once, so every argument
 *   expression is evaluated once.  `clone` is `(const void *)__ldcc_k<T>`;
 *   `clone_lb` is `(const void *)__ldcc_k__lb<T>`, the same clone declared
 *   `__launch_bounds__(1024)`, or nullptr when the kernel has bounds of its
 *   own (the checked lambda then takes an unnamed `int` and has no `if`).
 *   `__big` is nonzero when the runtime chose `clone_lb`.
 *   `launch_id` indexes meta->launch_lines (per translated file,
 *   0-based) and meta->launch_files.
 *
 *   Metadata, emitted after the last line of the file (declared before the
 *   first launch where needed):
 *
 *   static const int __ldcc_sites_k[] = {<kernel line>, <barrier lines...>,
 *                                        <exit line: closing brace>};
 *   static const int __ldcc_launches[] = {<line of launch 0>, ...};
 *   static const int __ldcc_wl_k_tile[] = {<lines writing tile>};
 *   template <int BLOCK> struct __ldcc_meta_k {
 *     static const __ldcc::target_meta targets[N];
 *     static const __ldcc::kernel_meta meta;
 *   };
 *   template <int BLOCK> const __ldcc::target_meta
 *   __ldcc_meta_k<BLOCK>::targets[N] = {
 *     __ldcc::target<decltype(__ldcc_layout_k<BLOCK>::tile)>(
 *         "tile", offsetof(__ldcc_layout_k<BLOCK>, tile),
 *         __ldcc_wl_k_tile, 2),
 *     __ldcc::extern_target<float>("halo", __ldcc_wl_k_halo, 1),
 *   };
 *   template <int BLOCK> const __ldcc::kernel_meta __ldcc_meta_k<BLOCK>::meta
 *     = __ldcc::kernel<__ldcc_layout_k<BLOCK>, __ldcc_meta_k<BLOCK>>(
 *         "k", "file.cu", <kernel line>, targets, N,
 *         __ldcc_sites_k, <nsites>, __ldcc_launches, <nlaunches>);
 *   (Non-templated kernels: the same without the template heads.)
 *   "file.cu" is the file the kernel is defined in: a header's name for a
 *   kernel of a header translated with the file.  When the unit pastes
 *   headers, the call is wrapped as `__ldcc::in_files(__ldcc::kernel<...>(
 *   ...), __ldcc__launch_files)`, the file of each launch by launch id.
 *   Every write-line array must have at least one element (C++ forbids empty
 *   arrays): pass a NULL pointer and 0 when a target has none.
 * ---------------------------------------------------------------------------
 */
#ifndef __LDCC_HOST_H
#define __LDCC_HOST_H

#include <stddef.h>
#include <stdint.h>

#if defined(__CUDACC__)
#define __LDCC_HD __host__ __device__
#else
#define __LDCC_HD
#endif

#if defined(__CUDACC__) && defined(__cplusplus)
/* A generic pointer's state space, as __isLocal/__isShared/__isGlobal say,
 * but through inline PTX: cicc's optimiser folded the built-ins' pointer
 * casts into the intrinsics' arguments (`isspacep.local(%struct.__ldcc_
 * layout_K* ...)`) and then rejected the module ("Call parameter type does
 * not match function signature", cuda-samples' histogram64, session 39). */
#define __LDCC_SPACE_TEST(fn, space)                                           \
  static __device__ __forceinline__ bool fn(const void *p) {                   \
    unsigned r;                                                                \
    asm("{\n\t.reg .pred q;\n\tisspacep." space                                \
        " q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}"                                \
        : "=r"(r)                                                              \
        : "l"(p));                                                             \
    return r != 0;                                                             \
  }
__LDCC_SPACE_TEST(__ldcc_is_local, "local")
__LDCC_SPACE_TEST(__ldcc_is_shared, "shared")
__LDCC_SPACE_TEST(__ldcc_is_global, "global")
#undef __LDCC_SPACE_TEST
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* How a target's element values print in reports. */
enum __ldcc_value_kind {
  __LDCC_VK_SIGNED = 0,   /* signed integer (char, short, int, long ...) */
  __LDCC_VK_UNSIGNED = 1, /* unsigned integer, bool, pointers */
  __LDCC_VK_FLOAT = 2,    /* float or double: %g */
  __LDCC_VK_OTHER = 3,    /* structs, half, vectors: raw bytes only */
};

#define __LDCC_MAX_RANK 4

/* One shared target of a kernel (a member of __ldcc_layout_<k>, or the
 * kernel's extern __shared__ array). */
struct __ldcc_target_meta {
  const char *name;   /* source name, "tile" */
  uint64_t offset;    /* offsetof in the layout; 0 for extern */
  uint64_t size;      /* sizeof the member in bytes; 0 for extern */
  uint64_t elem_size; /* sizeof the innermost element type, >= 1 */
  uint64_t extents[__LDCC_MAX_RANK]; /* std::extent<T, i>; 0 = unknown */
  uint32_t rank;                     /* array dimensions, 0 for a scalar */
  uint32_t value_kind;               /* enum __ldcc_value_kind */
  uint32_t is_extern;                /* 1: lives at the arena's dynamic part */
  uint32_t nwrite_lines;
  const int *write_lines; /* lines of the statements writing it */
};

/* One instrumented kernel (its clone __ldcc_<name>). */
struct __ldcc_kernel_meta {
  uint32_t abi; /* __LDCC_HOST_ABI */
  uint32_t ntargets;
  const char *name;                   /* "block_sum" */
  const char *file;                   /* as the report prints it */
  int line;                           /* line of the definition */
  uint32_t nsites;                    /* site 0 = entry, nsites-1 = exit */
  const char *(*instance_name)(void); /* __PRETTY_FUNCTION__ naming
                                         __ldcc_meta_<k><args>, or NULL */
  uint64_t static_bytes;              /* sizeof(__ldcc_layout_<k>) */
  uint64_t align;                     /* alignof(__ldcc_layout_<k>) */
  const struct __ldcc_target_meta *targets;
  const int *site_lines;   /* nsites lines */
  const int *launch_lines; /* this file's launch table, by launch id */
  uint32_t nlaunches;
  /* 1: the translator proved the kernel free of shared-memory races for
   * blocks of at most proof_max[0] x proof_max[1] x proof_max[2] threads
   * (docs/shared-replay.md, "Kernels proved race-free"): such a launch
   * runs without the replay. */
  uint32_t proved;
  /* Non-NULL: the check across blocks left this kernel out (it is checked
   * inside its blocks only), and why; each launch site says so once. */
  const char *global_reason;
  uint32_t proof_max[3];
  /* The file of each launch, by launch id, parallel to launch_lines (a
   * launch written in a header of the unit is in another file than the
   * kernel); NULL: every launch is in `file`.  Read it through
   * __ldcc_launch_file. */
  const char *const *launch_files;
  /* Non-NULL: the shared-memory replay left this kernel out (its writes to
   * __shared__ memory are not checked), and why; the check across blocks
   * may still take it.  Each launch site says so once. */
  const char *shared_reason;
  /* The file of each site, parallel to site_lines (a device function with
   * barriers in a header of the unit, called by a kernel of another
   * file); NULL: every site is in `file`. */
  const char *const *site_files;
};

#define __LDCC_HOST_ABI                                                        \
  9u /* 2: launch_prepare takes the __launch_bounds__(1024) clone; 3:          \
        global_reason; 4: proved, proof_max; 5: launch_prepare takes a         \
        __ldcc_launch_request; 6: launch_files, and `file` is the kernel's     \
        own file (a header's for a kernel defined in one); 7: shared_reason    \
        (a kernel the replay refuses keeps the check across blocks); 8:        \
        site_files; 9: the launch info's stores table */

/* The file of launch launch_id of m, as reports print it: its entry of
 * launch_files, else the kernel's file, "?" when unknown. */
static inline const char *__ldcc_launch_file(const struct __ldcc_kernel_meta *m,
                                             int launch_id) {
  if (m->launch_files && launch_id >= 0 && (uint32_t)launch_id < m->nlaunches &&
      m->launch_files[launch_id])
    return m->launch_files[launch_id];
  return m->file ? m->file : "?";
}

/* What __ldcc_launch_prepare returns besides 0 (run the clone) and -1 (run
 * the original, unchecked): run the original (or its check across blocks),
 * checked by the proof. */
#define __LDCC_LAUNCH_PROVED 2

/* flags of __ldcc_launch_info */
#define __LDCC_LI_REPORT_SAME_VALUE 1u /* report same-value writes too */

/* What the clone receives as its last parameter, by value. */
struct __ldcc_launch_info {
  uint32_t placement;     /* 0 dynamic shared memory, 1 global scratch */
  uint32_t flags;         /* __LDCC_LI_* */
  unsigned char *scratch; /* device: nslots * slot_bytes (placement 1) */
  uint64_t slot_bytes;    /* bytes per slot, multiple of 256 */
  uint32_t nslots;
  uint32_t launch_id;
  unsigned *slot_busy;           /* device: one word per slot, 0 free */
  uint64_t user_dyn_smem;        /* bytes of the user's extern __shared__ */
  struct __ldcc_report *reports; /* device view of the mapped ring */
  unsigned *report_next; /* device: next ring index (may exceed capacity) */
  unsigned *counts;      /* device: __LDCC_BUCKETS instance counters */
  uint32_t report_capacity;
  /* Warp groups (docs/shared-replay.md section 4): 2^(group_shift & 3)
   * warps share one copy (0: a copy per warp), bits 2-7 hold the copies
   * less one, bits 8-10 the positions of the shared bits, bits 11 and up
   * count the site's grouped launches (__ldcc_group_pack).  In:
   * __LDCC_GROUPS_OK when the caller's clones can run grouped (not in a
   * deterministic build). */
  uint32_t group_shift;
  const void *kernel_meta; /* host pointer, copied into reports */
  const void *launch_meta; /* reserved (NULL) */
  /* The stores table of a launch of more than one block (replay.cuh,
   * stores_claim; docs/shared-replay.md, "Blocks storing to one word"):
   * 2^stores_bits 64-bit entries, each the last block that claimed a
   * word hashing to it, stamped with the launch's stores_serial (a stamp
   * of another launch counts as empty); NULL: none. */
  unsigned long long *stores;
  uint32_t stores_bits;
  uint32_t stores_serial;
};

/* Kinds of report records. */
enum __ldcc_report_kind {
  __LDCC_RK_WRITE_WRITE = 1,   /* two warps wrote one shared byte */
  __LDCC_RK_READ_WRITE = 2,    /* a warp's shared result changed in pass 2 */
  __LDCC_RK_REGISTERS = 3,     /* a thread's locals changed in pass 2 */
  __LDCC_RK_GLOBAL = 4,        /* a global store's value changed in pass 2 */
  __LDCC_RK_LOG_OVERFLOW = 5,  /* undo log full: region checked w-w only */
  __LDCC_RK_GLOBAL_ATOMIC = 6, /* a global atomic's operand changed in
                                  pass 2 (offset: address, 0 when pass 2
                                  reached a different number of atomics:
                                  value_a/b then hold the two counts) */
  /* The check across blocks (global.h): kernel_meta is the kernel's
   * __ldcc_global_meta's `kernel`, start_site the runtime's launch context
   * (runtime/ld_rt_global.h), warp_a/warp_b the copies, offset the
   * element's device address, size its bytes. */
  __LDCC_RK_GLOBAL_WW = 7,      /* two units wrote one global byte */
  __LDCC_RK_GLOBAL_RW = 8,      /* a unit's global result changed in pass 2 */
  __LDCC_RK_INTRA_WARP = 9,     /* two lanes of one warp touched one location,
                                   one of them writing, with no __syncwarp,
                                   collective or barrier between
                                   (include/ldcc/its.cuh): kernel_meta is the
                                   kernel's ITS metadata (site i = access i,
                                   targets[i-1] its variable); start_site the
                                   earlier access, end_site the later;
                                   warp_a = warp_b the warp; lane the later
                                   lane; mask the __LDCC_ITS_M_* bits below;
                                   offset the byte in the variable (the
                                   address when the element is unknown);
                                   size the access's bytes; value_a four
                                   uint32 indices, value_b[0] their number
                                   (0xff: unknown) */
  __LDCC_RK_SCOPED_ATOMIC = 10, /* block-scope atomics of two blocks on one
                                  global location (include/ldcc/its.cuh
                                  scope_block): kernel_meta and sites as
                                  for intra-warp (targets[i-1] named
                                  "<op>:<variable>"); warp_a the earlier
                                  block, warp_b this block (linear ids);
                                  offset the address */
  __LDCC_RK_SCOPED_FENCE = 11   /* data handed between threads through a flag
                                   (or lock) without a fence of the scope
                                   that covers both (include/ldcc/its.cuh
                                   mp_*): kernel_meta as for intra-warp;
                                   start_site the data write (writer side) or
                                   the flag read (reader side), end_site the
                                   data read; warp_a the writer's linear
                                   block, warp_b the reader's; lane the
                                   reader's lane; mask the __LDCC_MP_M_* bits
                                   below; offset the byte in the variable;
                                   size the access's bytes; value_a four
                                   uint32 indices, value_b[0] their number,
                                   value_b[4..7] the flag write's site
                                   (uint32), value_b[8] the writer's warp,
                                   value_b[9] its lane, value_b[10] the
                                   reader's warp */
  ,
  __LDCC_RK_CUB_REUSE = 12 /* a thread ran a second CUB block
                              collective on one shared TempStorage with
                              no block barrier since the first (CUB's
                              documented pitfall; include/ldcc/replay.cuh
                              cub_use): start_site = end_site the site
                              that starts the region, warp_a = warp_b
                              the warp, lane the lane, value_a and
                              value_b the variable's name (32 bytes,
                              NUL-padded) */
  ,
  __LDCC_RK_CLUSTER_SHARED = 13 /* two blocks of one cluster touched one
                                   word of distributed shared memory, one
                                   of them writing (an atomic against a
                                   plain access), with no cluster.sync()
                                   between (include/ldcc/its.cuh
                                   cl_note): kernel_meta and sites as for
                                   intra-warp; warp_a the earlier access's
                                   block rank, warp_b this block's; lane
                                   the rank of the block whose shared
                                   memory it is; mask the earlier access's
                                   kind | this one's << 2 (0 read, 1
                                   write, 2 atomic); offset, size, value_a
                                   and value_b[0] as for intra-warp;
                                   value_b[4..7] the cluster's linear
                                   index (uint32) */
  ,
  __LDCC_RK_WARP_SHARED = 14 /* two warps of one block touched one word
                                of the block's shared memory, one of them
                                writing (an atomic against a plain
                                access), with no block barrier between,
                                in a kernel without a replay
                                (include/ldcc/its.cuh ws_check): fields
                                as for cluster-shared, warp_a and warp_b
                                the two warps, lane -1, value_b[4..7]
                                unused */
};

/* mask bits of a scoped-fence record */
#define __LDCC_MP_M_LEVEL                                                      \
  0x3u                          /* strongest fence seen: 0 none, 1 block,      \
                                   2 device */
#define __LDCC_MP_M_READER 0x4u /* the reader's side lacks the fence */

/* mask bits of an intra-warp record */
#define __LDCC_ITS_M_LANE 0x1fu     /* the earlier access's lane */
#define __LDCC_ITS_M_SHARED 0x100u  /* the location is in shared memory */
#define __LDCC_ITS_M_A_WROTE 0x200u /* the earlier access wrote */
#define __LDCC_ITS_M_B_WROTE 0x400u /* the later access wrote */

#define __LDCC_ITS_MAX_KERNELS 64u /* checked kernels per file */

/* What a file's intra-warp checks need to report: the ring of the runtime
 * (set by __ldcc_its_arm) and its kernels' metadata (host addresses copied
 * into records).  One per translated file, in device memory. */
struct __ldcc_its_sink {
  struct __ldcc_report *reports; /* NULL: not armed, nothing reported */
  unsigned *report_next;
  unsigned *counts;
  uint32_t report_capacity;
  uint32_t nmetas;
  uint64_t metas[__LDCC_ITS_MAX_KERNELS];
};

/* The shadow state of one location in a warp's table (its.cuh): which
 * lanes touched it in the current sync epoch of the claim `cid` of its
 * slot.  Bits 0-5 the writer lane + 1 (0: none), 6-11 and 12-17 two
 * reader lanes + 1, 18-48 the epoch (31 bits), 49-63 the claim (15 bits).
 * Plain C so the unit tests check the rule. */
#define __LDCC_ITS_EPOCH_MASK 0x7fffffffull
#define __LDCC_ITS_CID_MASK 0x7fffull

static inline __LDCC_HD uint64_t __ldcc_its_state(unsigned cid,
                                                  unsigned epoch) {
  return ((uint64_t)(cid & __LDCC_ITS_CID_MASK) << 49) |
         (((uint64_t)epoch & __LDCC_ITS_EPOCH_MASK) << 18);
}

/* One access by `lane` (write != 0: a store) to a location whose state is
 * `st`, seen in claim cid and epoch `epoch`.  *next is the new state.
 * Returns 1 when it conflicts with another lane's access of the same claim
 * and epoch: *other is that lane, *other_wrote whether it wrote, *role
 * which of its fields it came from (0 writer, 1 and 2 readers); 0 else.
 * Never reports a lane against itself, nor across claims or epochs.
 * write == 2 is a plain store that does not conflict with another lane's
 * store (its_wo: rule "shared memory across threads in a region"), only
 * with its reads; it becomes the writer, so later reads conflict with it. */
static inline __LDCC_HD int __ldcc_its_step(uint64_t st, unsigned cid,
                                            unsigned epoch, unsigned lane,
                                            int write, uint64_t *next,
                                            unsigned *other, int *other_wrote,
                                            unsigned *role) {
  uint64_t base = __ldcc_its_state(cid, epoch);
  unsigned w, r1, r2, me = lane + 1;
  int hit = 0;

  if ((st & ~0x3ffffull) != base)
    st = base; /* another claim or an older epoch: nothing yet */
  w = (unsigned)(st & 63);
  r1 = (unsigned)((st >> 6) & 63);
  r2 = (unsigned)((st >> 12) & 63);
  if (w && w != me && write != 2) {
    hit = 1;
    *other = w - 1;
    *other_wrote = 1;
    *role = 0;
  } else if (write && r1 && r1 != me) {
    hit = 1;
    *other = r1 - 1;
    *other_wrote = 0;
    *role = 1;
  } else if (write && r2 && r2 != me) {
    hit = 1;
    *other = r2 - 1;
    *other_wrote = 0;
    *role = 2;
  }
  if (write)
    w = me;
  else if (!r1)
    r1 = me;
  else if (r1 != me && !r2)
    r2 = me;
  *next = base | w | ((uint64_t)r1 << 6) | ((uint64_t)r2 << 12);
  return hit;
}

/* Lowest, highest set bit and set bits of a nonzero mask, on both sides. */
#if defined(__CUDA_ARCH__)
#define __LDCC_LOW(m) ((unsigned)__ffs(m) - 1u)
#define __LDCC_HIGH(m) (31u - (unsigned)__clz(m))
#define __LDCC_POPC(m) ((unsigned)__popc(m))
#else
#define __LDCC_LOW(m) ((unsigned)__builtin_ctz(m))
#define __LDCC_HIGH(m) (31u - (unsigned)__builtin_clz(m))
#define __LDCC_POPC(m) ((unsigned)__builtin_popcount(m))
#endif

/* The lane bit of a field (lane + 1, 0: none; a field above 32 names no
 * lane of a mask). */
static inline __LDCC_HD unsigned __ldcc_its_bit(unsigned f) {
  return f >= 1 && f <= 32 ? 1u << (f - 1) : 0u;
}

/* What the conflicts of a group step found, per field of the earlier
 * access (0 its writer, 1 and 2 its readers): n[r] lanes conflicted with
 * it, the first of them (in lane order) lane_b[r], against lane_a[r], who
 * wrote when a_wrote[r]. */
struct __ldcc_its_hits {
  unsigned n[3], lane_a[3], lane_b[3];
  int a_wrote[3];
  uint64_t sites; /* its.cuh: the slot's sites before the step */
};

static inline __LDCC_HD void __ldcc_its_hit(struct __ldcc_its_hits *h,
                                            unsigned r, unsigned lanes,
                                            unsigned first, unsigned other,
                                            int wrote) {
  if (!lanes)
    return;
  if (!h->n[r]) {
    h->lane_a[r] = other;
    h->lane_b[r] = first;
    h->a_wrote[r] = wrote;
  }
  h->n[r] += lanes;
}

/* The accesses of the lanes in g (nonzero), one each, all of one kind
 * (write as in __ldcc_its_step) at one location, taken in lane order: the
 * same state and conflicts as __ldcc_its_step lane after lane, without the
 * loop (the unit tests compare the two).  The lanes of one instruction at
 * one address take their steps so, by one of them (its.cuh its_check).
 * Returns the fields (bits 0-2) that conflicts filled in *h. */
static inline __LDCC_HD unsigned
__ldcc_its_group_step(uint64_t st, unsigned cid, unsigned epoch, unsigned g,
                      int write, uint64_t *next, struct __ldcc_its_hits *h) {
  uint64_t base = __ldcc_its_state(cid, epoch);
  unsigned w, r1, r2, l0 = __LDCC_LOW(g), rest = g & (g - 1);

  if ((st & ~0x3ffffull) != base)
    st = base;
  w = (unsigned)(st & 63);
  r1 = (unsigned)((st >> 6) & 63);
  r2 = (unsigned)((st >> 12) & 63);
  h->n[0] = h->n[1] = h->n[2] = 0;
  if (!write) {
    /* Loads meet the writer only, and leave it. */
    unsigned m = w ? g & ~__ldcc_its_bit(w) : 0;
    if (m)
      __ldcc_its_hit(h, 0, __LDCC_POPC(m), __LDCC_LOW(m), w - 1, 1);
    /* The first two lanes that fill the reader fields. */
    for (m = g; m && (!r1 || !r2); m &= m - 1) {
      unsigned me = __LDCC_LOW(m) + 1;
      if (!r1)
        r1 = me;
      else if (r1 != me && !r2)
        r2 = me;
    }
  } else {
    unsigned me = l0 + 1;
    if (w && w != me && write != 2)
      __ldcc_its_hit(h, 0, 1, l0, w - 1, 1);
    else if (r1 && r1 != me)
      __ldcc_its_hit(h, 1, 1, l0, r1 - 1, 0);
    else if (r2 && r2 != me)
      __ldcc_its_hit(h, 2, 1, l0, r2 - 1, 0);
    if (rest && write != 2) {
      /* Each later lane's store meets the one before it. */
      __ldcc_its_hit(h, 0, __LDCC_POPC(rest), __LDCC_LOW(rest), l0, 1);
    } else if (rest) {
      /* Stores that leave each other alone meet the readers only. */
      unsigned m1 = r1 ? rest & ~__ldcc_its_bit(r1) : 0;
      unsigned m2 = r2 ? (rest & ~m1) & ~__ldcc_its_bit(r2) : 0;
      if (m1)
        __ldcc_its_hit(h, 1, __LDCC_POPC(m1), __LDCC_LOW(m1), r1 - 1, 0);
      if (m2)
        __ldcc_its_hit(h, 2, __LDCC_POPC(m2), __LDCC_LOW(m2), r2 - 1, 0);
    }
    w = __LDCC_HIGH(g) + 1;
  }
  *next = base | w | ((uint64_t)r1 << 6) | ((uint64_t)r2 << 12);
  return (h->n[0] ? 1u : 0u) | (h->n[1] ? 2u : 0u) | (h->n[2] ? 4u : 0u);
}

/* The shadow state of one word of a block's shared memory in a cluster
 * launch (its.cuh cl_note, docs/inline-checks.md "Distributed shared
 * memory"): bits 0-15 the block ranks that read it, 16-31 those that used
 * an atomic on it, 32-36 the rank + 1 of the last plain writer (0: none),
 * 37-60 the cluster-sync epoch (24 bits).  Plain C so the unit tests check
 * the rule. */
#define __LDCC_CL_EPOCH_MASK 0xffffffull

/* One access (kind 0 a load, 1 a store, 2 an atomic) by the block of rank
 * `rank` in epoch `epoch` (the cluster syncs its thread has passed) to a
 * word whose state is st.  *next is the new state.  A state of an earlier
 * epoch counts as empty (a cluster.sync() ordered it); one of a later epoch
 * (an access between barrier_arrive and barrier_wait) is left as it is.
 * Returns 1 when another rank's access of the same epoch conflicts: a
 * store with anything, a load with a store or an atomic, an atomic with a
 * plain access (atomics do not race with each other); *other is that rank,
 * *other_kind its kind.  Never reports a rank against itself. */
static inline __LDCC_HD int __ldcc_cl_step(uint64_t st, unsigned epoch,
                                           unsigned rank, int kind,
                                           uint64_t *next, unsigned *other,
                                           int *other_kind) {
  uint64_t e = (uint64_t)epoch & __LDCC_CL_EPOCH_MASK;
  uint64_t se = (st >> 37) & __LDCC_CL_EPOCH_MASK;
  unsigned reads, atomics, writer, mine = 1u << (rank & 15), i, rest = 0;
  int hit = 0;

  if (se > e) {
    *next = st;
    return 0;
  }
  if (se < e)
    st = 0;
  reads = (unsigned)(st & 0xffff);
  atomics = (unsigned)((st >> 16) & 0xffff);
  writer = (unsigned)((st >> 32) & 31);
  if (writer && writer != (rank & 15) + 1) {
    hit = 1;
    *other = writer - 1;
    *other_kind = 1;
  } else if (kind != 0 && (reads & ~mine)) {
    rest = reads & ~mine;
    *other_kind = 0;
  } else if (kind != 2 && (atomics & ~mine)) {
    rest = atomics & ~mine;
    *other_kind = 2;
  }
  if (rest) {
    hit = 1;
    for (i = 0; !(rest >> i & 1); i++)
      ;
    *other = i;
  }
  if (kind == 0)
    reads |= mine;
  else if (kind == 2)
    atomics |= mine;
  else
    writer = (rank & 15) + 1;
  *next = e << 37 | (uint64_t)writer << 32 | (uint64_t)atomics << 16 | reads;
  return hit;
}

/* The shadow state of one word of a block's shared memory in a kernel
 * without a replay (its.cuh ws_check, docs/inline-checks.md "Shared memory
 * without a replay"): bits 0-5 and 6-11 two warps (+ 1, 0: none) that
 * used an atomic on it, 12-17 and 18-23 two that read it, 24-29 the last
 * plain writer (+ 1), 30-39 a hash of the value it stored (0: not seen),
 * 40-63 the barrier epoch (24 bits).  Two distinct
 * readers (or atomics) kept are enough: any third warp differs from one
 * of them.  Plain C so the unit tests check the rule. */
#define __LDCC_WS_EPOCH_MASK 0xffffffull

/* Adds warp w (+ 1) to the pair of fields at bit `at` of st. */
static inline __LDCC_HD uint64_t __ldcc_ws_add(uint64_t st, unsigned at,
                                               unsigned w) {
  unsigned a = (unsigned)(st >> at) & 63u, b = (unsigned)(st >> (at + 6)) & 63u;

  if (!a)
    return st | (uint64_t)w << at;
  if (a != w && !b)
    return st | (uint64_t)w << (at + 6);
  return st;
}

/* A warp of the pair at bit `at` other than w (+ 1), 0 for none. */
static inline __LDCC_HD unsigned __ldcc_ws_other(uint64_t st, unsigned at,
                                                 unsigned w) {
  unsigned a = (unsigned)(st >> at) & 63u, b = (unsigned)(st >> (at + 6)) & 63u;

  return a && a != w ? a : b && b != w ? b : 0;
}

/* One access (kind 0 a load, 1 a store, 2 an atomic) by warp `warp` in
 * epoch `epoch` (the block barriers its thread has passed) to a word whose
 * state is st; value: a store's value hash (1 to 1023; 0 when the store's
 * value is not seen); *next the new state.  A state of an earlier epoch
 * counts as empty, one of a later epoch is left as it is.  Returns 1 when
 * another warp's access of the same epoch conflicts: a load with a store or
 * an atomic, a store with a load or an atomic, an atomic with a plain
 * access, and a store with another warp's store of a different value when
 * both values were seen (warps storing one value are the common benign
 * case; an unseen value conflicts with no store: a blind spot); *other is
 * the other warp, *other_kind its kind.  Never reports a warp against
 * itself. */
static inline __LDCC_HD int __ldcc_ws_step(uint64_t st, unsigned epoch,
                                           unsigned warp, int kind,
                                           unsigned value, uint64_t *next,
                                           unsigned *other, int *other_kind) {
  uint64_t e = (uint64_t)epoch & __LDCC_WS_EPOCH_MASK;
  uint64_t se = st >> 40;
  unsigned me = (warp & 31u) + 1u, o = 0, writer, stored;
  int hit = 0;

  if (se > e) {
    *next = st;
    return 0;
  }
  if (se < e)
    st = 0;
  writer = (unsigned)(st >> 24) & 63u;
  stored = (unsigned)(st >> 30) & 1023u;
  value &= 1023u;
  if (writer && writer != me &&
      (kind != 1 || (value && stored && value != stored))) {
    o = writer;
    *other_kind = 1;
  } else if (kind != 0 && (o = __ldcc_ws_other(st, 12, me)) != 0) {
    *other_kind = 0;
  } else if (kind != 2 && (o = __ldcc_ws_other(st, 0, me)) != 0) {
    *other_kind = 2;
  }
  if (o) {
    hit = 1;
    *other = o - 1;
  }
  if (kind == 0)
    st = __ldcc_ws_add(st, 12, me);
  else if (kind == 2)
    st = __ldcc_ws_add(st, 0, me);
  else
    st = (st & ~(0xffffull << 24)) | (uint64_t)me << 24 | (uint64_t)value << 30;
  *next = (st & 0xffffffffffull) | e << 40;
  return hit;
}

#define __LDCC_BUCKETS 65536u /* device de-duplication hash size */

/* One record of the report ring (mapped pinned host memory).  The device
 * writes every field, fences, then sets valid. */
struct __ldcc_report {
  uint32_t valid;
  uint32_t kind;        /* enum __ldcc_report_kind */
  uint64_t kernel_meta; /* host address of the __ldcc_kernel_meta */
  uint32_t launch_id;
  uint32_t bucket; /* index into the instance counters */
  uint32_t block[3];
  uint32_t start_site, end_site;
  uint32_t warp_a, warp_b;   /* first (earlier) and second warp */
  int32_t lane;              /* -1 when unknown */
  uint64_t offset;           /* shared: arena offset of the 16-byte chunk;
                                global: address of the stored object */
  uint32_t mask;             /* bytes of the chunk concerned, bit per byte */
  uint32_t size;             /* global: size of the stored object */
  unsigned char value_a[16]; /* chunk (or object) as warp_a / pass 1 had it */
  unsigned char value_b[16]; /* chunk (or object) as warp_b / pass 2 had it */
};

/* The arena geometry both sides compute identically.  An arena holds one
 * copy of every target: the layout struct, then the extern part. */
struct __ldcc_geometry {
  uint64_t align;        /* of every arena and the header, >= 16 */
  uint64_t ext_offset;   /* of the extern part inside an arena */
  uint64_t arena_bytes;  /* one copy, multiple of align */
  uint64_t lines;        /* 128-byte lines of an arena (= bitmap words) */
  uint64_t header_bytes; /* accumulated-word bitmap, two line masks (a
                            word per line: the warps whose copy of the line
                            is theirs this round, one array per round
                            parity), two claim masks (lazy copies: the warps
                            filling the line), then per round parity the
                            read masks (reads_off): a word per line, the
                            copies that read in it, then per copy a word
                            per line, the 4-byte words of the line it read;
                            multiple of align */
  uint64_t reads_off;    /* of the parity-0 read masks, bytes from the
                            area's start; parity 1 follows (nwarps + 1)
                            * lines words later */
  uint64_t stride;       /* from one copy to the next: arena_bytes, plus 16
                            when that makes it an odd number of 16-byte
                            words (the sweeps read copy i in lane i: an odd
                            stride spreads 8 lanes over all 32 banks) */
  uint64_t total_bytes;  /* header + (nwarps + 1) * stride */
};

static inline __LDCC_HD uint64_t __ldcc_round_up(uint64_t x, uint64_t a) {
  return (x + a - 1) / a * a;
}

static inline __LDCC_HD struct __ldcc_geometry
__ldcc_geometry_of(uint64_t static_bytes, uint64_t align, uint64_t user_dyn,
                   uint32_t nwarps) {
  struct __ldcc_geometry g;
  uint64_t words;

  g.align = align < 16 ? 16 : align;
  g.ext_offset = __ldcc_round_up(static_bytes, g.align);
  g.arena_bytes =
      __ldcc_round_up(g.ext_offset + __ldcc_round_up(user_dyn, 16), g.align);
  words = g.arena_bytes / 4;
  g.lines = (words + 31) / 32;
  g.reads_off = 5 * g.lines * 4;
  g.header_bytes = __ldcc_round_up(
      g.reads_off + 2 * ((uint64_t)nwarps + 1) * g.lines * 4, g.align);
  g.stride = g.arena_bytes;
  if (g.align == 16 && g.arena_bytes / 16 % 2 == 0)
    g.stride += 16;
  g.total_bytes = g.header_bytes + (uint64_t)(nwarps + 1) * g.stride;
  return g;
}

/* Whether a round of the shared-memory check needs its second pass, given
 * the copies whose warps read a target (rmask) and those whose warps wrote
 * one (wmask): only when some copy read and another one wrote. */
static inline __LDCC_HD int __ldcc_second_pass(unsigned rmask, unsigned wmask) {
  unsigned both = rmask | wmask;
  return rmask && wmask && (both & (both - 1));
}

/* Warp groups: when a copy per warp does not fit in shared memory, 2^g
 * warps share one, so races between them are not seen in that round.  The
 * warps that share differ only in g bits starting at bit b, and b moves
 * from round to round and from block to block (docs/shared-replay.md
 * section 4), so every two warps get their own copies in most rounds. */
#define __LDCC_GROUPS_OK 1u
#define __LDCC_GROUP_MAX_SHIFT 2u /* at most 4 warps share a copy */

/* Bits that number the warps: ceil(log2(nwarps)). */
static inline __LDCC_HD unsigned __ldcc_group_bits(unsigned nwarps) {
  unsigned n = 0;
  while (n < 31 && (1u << n) < nwarps)
    n++;
  return n;
}

/* How many positions b the shared bits can take. */
static inline __LDCC_HD unsigned __ldcc_group_positions(unsigned nwarps,
                                                        unsigned g) {
  unsigned n = __ldcc_group_bits(nwarps);
  return n > g ? n - g + 1 : 1;
}

/* Whether 2^g warps may share copies in a block of nwarps: every bit that
 * numbers the warps must lie outside the shared bits at some position, so
 * that every two warps get their own copies somewhere (2g bits at least). */
static inline __LDCC_HD int __ldcc_group_ok(unsigned nwarps, unsigned g) {
  return g && __ldcc_group_bits(nwarps) >= 2 * g;
}

/* The copy of warp w when bits [b, b + g) are shared. */
static inline __LDCC_HD unsigned __ldcc_group_unit(unsigned w, unsigned g,
                                                   unsigned b) {
  return ((w >> (b + g)) << b) | (w & ((1u << b) - 1));
}

/* The lowest warp of copy u: the one reports name. */
static inline __LDCC_HD unsigned __ldcc_group_warp(unsigned u, unsigned g,
                                                   unsigned b) {
  return ((u >> b) << (b + g)) | (u & ((1u << b) - 1));
}

/* launch_info::group_shift for 2^g warps per copy in a block of nwarps,
 * at the site's grouped launch number seq. */
static inline __LDCC_HD uint32_t __ldcc_group_pack(unsigned nwarps, unsigned g,
                                                   unsigned ncopies,
                                                   unsigned seq) {
  return g | (ncopies - 1) << 2 | __ldcc_group_positions(nwarps, g) << 8 |
         (seq & 0x1fffffu) << 11;
}

/* The copies a block of nwarps needs with 2^g warps per copy (the most
 * any position b uses). */
static inline __LDCC_HD unsigned __ldcc_group_copies(unsigned nwarps,
                                                     unsigned g) {
  unsigned b, n = 0, np = __ldcc_group_positions(nwarps, g);
  if (!g || nwarps == 0)
    return nwarps;
  for (b = 0; b < np; b++) {
    unsigned w;
    for (w = 0; w < nwarps; w++)
      if (__ldcc_group_unit(w, g, b) + 1 > n)
        n = __ldcc_group_unit(w, g, b) + 1;
  }
  return n;
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#if defined(__cplusplus) && defined(__CUDACC__)
#include <cuda_runtime.h>
#include <stdio.h>
#include <type_traits>
#include <utility>

/* Implemented in runtime/ld_rt_launch.cu and ld_rt_core.cu (libldcc_rt.a).  The
 * references are weak so that a program linked without the runtime still links
 * and runs (unchecked, with one warning): CMake links CUDA programs with the
 * host compiler, which never adds the runtime.  When nvcc links through
 * ldcc, the driver passes `--undefined=__ldcc_launch_prepare` to the linker
 * so the archive member is pulled in. */
/* Chooses the clone (*big = 0: clone, 1: clone_lb, which may be NULL) and
 * its placement; 0 when the launch is checked. */
struct __ldcc_launch_request {
  const struct __ldcc_kernel_meta *meta;
  const void *clone, *clone_lb;
  int launch_id;
  dim3 grid, block;
  size_t sh; /* the user's dynamic shared memory */
  cudaStream_t stream;
};
extern "C" __attribute__((weak)) int
__ldcc_launch_prepare(const struct __ldcc_launch_request *rq,
                      struct __ldcc_launch_info *li, size_t *launch_sh,
                      int *big);
/* Hands a file's intra-warp checks the report ring (fills s's ring
 * fields) and counts a checked launch; 0 when the runtime is usable. */
extern "C" __attribute__((weak)) int __ldcc_its_arm(struct __ldcc_its_sink *s);
/* The same without counting a launch: for a launch of the shared-memory
 * replay, which __ldcc::launch counts. */
extern "C" __attribute__((weak)) int
__ldcc_its_attach(struct __ldcc_its_sink *s);
extern "C" __attribute__((weak)) void
__ldcc_launch_done(const struct __ldcc_kernel_meta *meta, int launch_id,
                   cudaStream_t stream);

/* Every launch accounted for (issue 23; runtime/ld_rt_lwrap.c): the
 * runtime wraps CUDA's launch entry points.  The launches __ldcc::launch
 * makes pass straight through, because it nests the thread by +1 while it
 * runs (the check across blocks does the same inside the runtime).  A
 * launch that bypassed it (a function pointer, cudaLaunchCooperativeKernel,
 * cudaLaunchKernelEx, a launch the translator left as written) of a kernel
 * a translated file registered runs the registered launcher, which
 * performs what `cudaLaunchKernel(k, grid, block, args, sh, stream)`
 * rewritten by the translator would; any other launch runs as written and
 * counts as not checked.  Each translated file registers its checked,
 * non-template kernels from a static constructor (__ldcc::registration,
 * emitted after its last line by translator/emit/register_emit.c). */
typedef cudaError_t (*__ldcc_launcher)(dim3 grid, dim3 block, void **args,
                                       size_t sh, cudaStream_t stream);
#define __LDCC_REG_CHECKED 0 /* the launcher runs the checked launch */
#define __LDCC_REG_ARMED                                                       \
  1 /* it only arms the file's intra-warp checks;                              \
       the launch then runs as the program gave                                \
       it */
#define __LDCC_REG_AS_BUILT                                                    \
  2 /* launcher NULL in a --ldcc-deterministic                                 \
       build: the kernel is deterministic as                                   \
       built (it writes nothing another unit                                   \
       could write, or only through accumulating                               \
       integer atomics); its launches run as the                               \
       program gave them and count as run                                      \
       deterministically */
extern "C" __attribute__((weak)) void __ldcc_launch_scope(int delta);
/* A launch its checks cover in part (a cluster kernel's: include/ldcc/
 * its.cuh checked_in_part), counted as checked by its arming: said once
 * per kernel and reason (why: static storage of the program). */
extern "C" __attribute__((weak)) void __ldcc_checked_in_part(const char *kernel,
                                                             const char *why);
extern "C" __attribute__((weak)) void
__ldcc_register_kernel(const void *stub, __ldcc_launcher launcher,
                       const char *name, int kind, const char *why);

/* The program's name for the allocation a cudaMalloc-family call in host
 * code makes (the variable it fills, as written, and the size of its
 * element, 0 unknown): the translator wraps the call as
 * `(__ldcc::alloc_name("d_out", sizeof *(d_out)),
 * __ldcc::alloc_done(cudaMalloc(&d_out, n)))`, and reports name memory
 * reached through pointers loaded from memory by it (docs/global-check.md,
 * "Pointers loaded from memory"). */
extern "C" __attribute__((weak)) void __ldcc_alloc_name(const char *name,
                                                        unsigned elem_size);

/* A --ldcc-deterministic build (__LDCC_DETERMINISTIC): every translated
 * file tells the runtime from a static constructor, before any launch, so
 * that a launch it cannot run deterministically (one of a kernel no file
 * translated included) stops the program (docs/deterministic.md,
 * "Deterministic or stopped"). */
extern "C" __attribute__((weak)) void __ldcc_deterministic_build(void);

namespace __ldcc {

inline int alloc_name(const char *name, unsigned elem_size) {
  if (__ldcc_alloc_name)
    __ldcc_alloc_name(name, elem_size);
  return 0;
}
/* The call returned: the name is forgotten (a failed call records
 * nothing, and the next allocation must not take it). */
template <class E> inline E alloc_done(E result) {
  if (__ldcc_alloc_name)
    __ldcc_alloc_name(nullptr, 0);
  return result;
}

#ifdef __LDCC_DETERMINISTIC
struct deterministic_build {
  deterministic_build() {
    if (__ldcc_deterministic_build)
      __ldcc_deterministic_build();
  }
};
/* One per translation unit; its constructor is all it does. */
static const deterministic_build deterministic_build_mark;
#endif

/* +1 for the object's life (nothing without the runtime). */
struct launch_scope {
  launch_scope() {
    if (__ldcc_launch_scope)
      __ldcc_launch_scope(1);
  }
  ~launch_scope() {
    if (__ldcc_launch_scope)
      __ldcc_launch_scope(-1);
  }
  launch_scope(const launch_scope &) = delete;
  launch_scope &operator=(const launch_scope &) = delete;
};

/* One file-scope object per registered kernel: launcher NULL with why for
 * a kernel the translator left unchecked (its launches are counted as not
 * checked, for that reason). */
struct registration {
  registration(const void *stub, __ldcc_launcher launcher, const char *name,
               int kind, const char *why = nullptr) {
    if (__ldcc_register_kernel)
      __ldcc_register_kernel(stub, launcher, name, kind, why);
  }
};

typedef ::__ldcc_launch_info launch_info;
typedef ::__ldcc_kernel_meta kernel_meta;
typedef ::__ldcc_target_meta target_meta;
typedef ::__ldcc_report report;

/* Said once per program (an inline function's static is one object). */
inline void runtime_missing(const kernel_meta *meta) {
  static bool said = false;
  if (said)
    return;
  said = true;
  fprintf(stderr,
          "ldcc: warning: the ldcc runtime (libldcc_rt.a) is not linked into "
          "this program, so kernel %s and the other translated kernels run "
          "unchecked; link it (docs/driver.md, \"Linking the runtime\")\n",
          meta->name);
}

/* Run a checked clone when the runtime can place its copies, else the
 * original kernel, unchecked (the runtime says why, once per launch site).
 * `clone_lb` (or nullptr) is the clone bounded to 1024 threads, for blocks
 * `clone` cannot run.  `sh` is the user's dynamic shared memory; the clone
 * gets its own. */
template <class Checked, class Original>
inline void launch(const kernel_meta *meta, const void *clone,
                   const void *clone_lb, int launch_id, dim3 grid, dim3 block,
                   size_t sh, cudaStream_t stream, Checked &&checked,
                   Original &&original) {
  launch_scope scope;
  launch_info li;
  size_t launch_sh = 0;
  int big = 0;

#ifdef __LDCC_DETERMINISTIC
  li.group_shift = 0; /* the merge order is by warp: a copy per warp */
#else
  li.group_shift = __LDCC_GROUPS_OK;
#endif
  if (!__ldcc_launch_prepare) {
    runtime_missing(meta);
    original(grid, block, sh, stream);
    return;
  }
  const __ldcc_launch_request rq = {meta, clone, clone_lb, launch_id,
                                    grid, block, sh,       stream};
  int rc = __ldcc_launch_prepare(&rq, &li, &launch_sh, &big);
  if (rc == 0) {
    checked(grid, block, launch_sh, stream, li, big);
    __ldcc_launch_done(meta, launch_id, stream);
  } else if (rc == __LDCC_LAUNCH_PROVED) {
    original(grid, block, sh, stream);
    __ldcc_launch_done(meta, launch_id, stream);
  } else {
    original(grid, block, sh, stream);
  }
}

/* The first version's shape, without the second clone (code written by
 * hand in it: tests/handmade): checked(g, b, sh, st, li). */
template <class Checked, class Original>
inline void launch(const kernel_meta *meta, const void *clone, int launch_id,
                   dim3 grid, dim3 block, size_t sh, cudaStream_t stream,
                   Checked &&checked, Original &&original) {
  launch(
      meta, clone, nullptr, launch_id, grid, block, sh, stream,
      [&](dim3 g, dim3 b, size_t s, cudaStream_t st, launch_info li, int) {
        checked(g, b, s, st, li);
      },
      original);
}

/* The type of a pointer to kernel k, `decltype(plain_fn(&k))`: what
 * `decltype(&k)` says, but without k's default arguments, which the host
 * compiler rejects inside a type (translated launches name it). */
template <class... P> void (*plain_fn(void (*)(P...)))(P...);

#if __cplusplus >= 201402L
/* `cudaLaunchKernel(k, g, b, args, sh, st)` of a kernel the translator
 * knows, rewritten (translator/xlate ld__replace_launch) into a lambda
 * that takes the call's arguments and returns
 *   api_launch<decltype(plain_fn(&k))>::run(args, [&](auto &...p) { <the launch
 * of k<<<g, b, sh, st>>>(p...) as the rewriters make it>; }); run hands `lam`
 * the kernel's arguments, *(P *)args[i] as lvalues of the parameters' types,
 * and returns cudaPeekAtLastError() after the launch. That equals what
 * cudaLaunchKernel returns but in one case: when an earlier call left a
 * non-sticky error that nobody has read with cudaGetLastError, a good launch
 * returns that error here and cudaSuccess under nvcc (the error state itself is
 * left as nvcc leaves it: the runtime reads it only with cudaPeekAtLastError).
 * Telling the two apart would need cudaGetLastError before the launch, which
 * would clear the user's pending error. */
template <class F> struct api_launch;
/* The argument args[i] points to, as an lvalue of parameter type P: a
 * reference parameter's argument is a pointer there (nvcc's stub passes
 * the address of the object the reference names). */
template <class P> struct api_arg {
  static P &of(void *a) { return *static_cast<P *>(a); }
};
template <class T> struct api_arg<T &> {
  static T &of(void *a) { return **static_cast<T **>(a); }
};
template <class... P> struct api_launch<void (*)(P...)> {
  template <class L, size_t... I>
  static void call(void **args, L &lam, std::index_sequence<I...>) {
    (void)args; /* a kernel without parameters */
    lam(api_arg<P>::of(args[I])...);
  }
  template <class L> static cudaError_t run(void **args, L &&lam) {
    call(args, lam, std::index_sequence_for<P...>());
    return cudaPeekAtLastError();
  }
};
/* noexcept is part of the type only since C++17. */
#if defined(__cpp_noexcept_function_type)
template <class... P>
struct api_launch<void (*)(P...) noexcept> : api_launch<void (*)(P...)> {};
#endif
#endif /* C++14 */

template <class T> constexpr uint32_t value_kind_of() {
  return std::is_floating_point<T>::value ? __LDCC_VK_FLOAT
         : std::is_integral<T>::value || std::is_enum<T>::value
             ? (std::is_signed<T>::value ? __LDCC_VK_SIGNED
                                         : __LDCC_VK_UNSIGNED)
         : std::is_pointer<T>::value ? __LDCC_VK_UNSIGNED
                                     : __LDCC_VK_OTHER;
}

/* Target entry for a member of the layout; M = decltype(layout::member). */
template <class M>
constexpr target_meta target(const char *name, size_t offset,
                             const int *write_lines, uint32_t nwrite_lines) {
  typedef typename std::remove_all_extents<M>::type E;
  return target_meta{name,
                     offset,
                     sizeof(M),
                     sizeof(E),
                     {std::extent<M, 0>::value, std::extent<M, 1>::value,
                      std::extent<M, 2>::value, std::extent<M, 3>::value},
                     (uint32_t)std::rank<M>::value,
                     value_kind_of<E>(),
                     0,
                     nwrite_lines,
                     write_lines};
}

/* Target entry for `extern __shared__ E name[];`. */
template <class E>
constexpr target_meta extern_target(const char *name, const int *write_lines,
                                    uint32_t nwrite_lines) {
  return target_meta{name,
                     0,
                     0,
                     sizeof(E),
                     {0, 0, 0, 0},
                     1,
                     value_kind_of<E>(),
                     1,
                     nwrite_lines,
                     write_lines};
}

/* Names the instance: "... [with T = __ldcc_meta_k<256>]". */
template <class T> const char *instance_name() {
  return __PRETTY_FUNCTION__;
}

/* The least of the bounds (extents of the layout's arrays), for
 * kernel_meta.proof_max. */
constexpr uint32_t pmin(uint64_t a) {
  return a > 0xffffffffu ? 0xffffffffu : (uint32_t)a;
}
template <class... R> constexpr uint32_t pmin(uint64_t a, uint64_t b, R... r) {
  return pmin(a < b ? a : b, r...);
}

/* Kernel entry; L = the layout struct, Self = the __ldcc_meta_<k> struct.
 * proved, mx, my, mz: the shared-memory proof and its block bounds. */
template <class L, class Self>
constexpr kernel_meta
kernel(const char *name, const char *file, int line, const target_meta *targets,
       uint32_t ntargets, const int *site_lines, uint32_t nsites,
       const int *launch_lines, uint32_t nlaunches,
       const char *global_reason = nullptr, uint32_t proved = 0,
       uint32_t mx = 0, uint32_t my = 0, uint32_t mz = 0) {
  return kernel_meta{__LDCC_HOST_ABI,
                     ntargets,
                     name,
                     file,
                     line,
                     nsites,
                     &instance_name<Self>,
                     sizeof(L),
                     alignof(L),
                     targets,
                     site_lines,
                     launch_lines,
                     nlaunches,
                     proved,
                     global_reason,
                     {mx, my, mz},
                     nullptr};
}

/* m with the file of each of its launches (kernel_meta.launch_files): what
 * the translator wraps around kernel(...) in a unit that pastes headers,
 * whose launches need not be in the kernel's file. */
constexpr kernel_meta in_files(kernel_meta m, const char *const *files) {
  return kernel_meta{
      m.abi,           m.ntargets,
      m.name,          m.file,
      m.line,          m.nsites,
      m.instance_name, m.static_bytes,
      m.align,         m.targets,
      m.site_lines,    m.launch_lines,
      m.nlaunches,     m.proved,
      m.global_reason, {m.proof_max[0], m.proof_max[1], m.proof_max[2]},
      files,           m.shared_reason,
      m.site_files};
}

/* m with the file of each of its sites (kernel_meta.site_files): what the
 * translator wraps around kernel(...) when a device function the kernel
 * calls lies in another file of the unit. */
constexpr kernel_meta in_site_files(kernel_meta m, const char *const *files) {
  return kernel_meta{m.abi,
                     m.ntargets,
                     m.name,
                     m.file,
                     m.line,
                     m.nsites,
                     m.instance_name,
                     m.static_bytes,
                     m.align,
                     m.targets,
                     m.site_lines,
                     m.launch_lines,
                     m.nlaunches,
                     m.proved,
                     m.global_reason,
                     {m.proof_max[0], m.proof_max[1], m.proof_max[2]},
                     m.launch_files,
                     m.shared_reason,
                     files};
}

} // namespace __ldcc
#endif /* C++ with nvcc */

#endif
