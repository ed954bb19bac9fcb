/* The host ABI of the global-memory check across blocks (issue 5,
 * docs/global-check.md): the layouts shared by the runtime, the device
 * helper of the clones and translated code (the kernel's parameter
 * metadata, the per-launch shift table `__ldcc_global_info`), the device
 * helper that shifts a pointer parameter to the unit's private copy, and
 * `__ldcc::launch_global`, which translated code calls in place of
 * `k<<<g, b, sh, st>>>(args)` for a kernel checked across blocks.
 * The C part is plain C (runtime/ *.c and their unit tests use it); the
 * C++ part needs nvcc.
 *
 * What the translator emits for a kernel `k` it checks across blocks:
 *
 *   __global__ void __ldcc_g_k(<k's parameters>, __ldcc_global_info __ldcc_gi)
 *   { __ldcc::gshift(__ldcc_gi, p, 0); ... <k's body> }
 *
 *   __ldcc::launch_as<decltype(__ldcc::plain_fn(&k))>::run(__ldcc__gmeta(<i>),
 *     <launch id>,
 *     g, b, sh, st,
 *     [&](dim3 __ldcc_l__g, dim3 __ldcc_l__b, size_t __ldcc_l__sh,
 *         cudaStream_t __ldcc_l__st, const __ldcc_global_info *__ldcc_l__gi,
 *         auto &...__ldcc_l__a) {
 *       if (__ldcc_l__gi) __ldcc_g_k<<<...>>>(__ldcc_l__a..., *__ldcc_l__gi);
 *       else k<<<...>>>(__ldcc_l__a...); },
 *     <the launch's arguments>);
 *
 * (`__ldcc::launch_global(...)` with the same arguments for a template whose
 * arguments the launch deduces.)
 * The arguments are evaluated once, as arguments of launch_global; the
 * runtime calls the lambda once with a null info (the original kernel,
 * unchecked) or once per pass with the info of the round.
 *
 * A --ldcc-deterministic build (__LDCC_DETERMINISTIC) enters the runtime
 * through __ldcc_global_launch_det: one pass per round of unit ranges, the
 * clone returning at once for units outside the round (gcopy gives them
 * __LDCC_GNONE), accumulating atomics through gatomic_add/_sub
 * (docs/deterministic-global.md). */
#ifndef __LDCC_GLOBAL_H
#define __LDCC_GLOBAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ldcc/host.h"

#ifdef __cplusplus
extern "C" {
#endif

#define __LDCC_GLOBAL_ABI                                                      \
  15u /* 6: __ldcc_global_launch takes a __ldcc_global_call; 7: the embedded   \
         kernel_meta grew (launch_files); 8: the direct one run                \
         (gput/gget/gatomic_claim lines, clash table); 9: pointers inside      \
         by-value class arguments (an argument's bytes, the info's patch       \
         table, __LDCC_GP_FIELDS); 10: their offsets (field_at); 11: the       \
         call's shared_why; 12: warps of one block (btags, eps, bclashes);     \
         13: lanes of one warp (lanes, gref, va/vb); 14: floating-point        \
         sums (__LDCC_GM_FLOAT_SUMS, the info's flog) and printf in unit       \
         order (__LDCC_GM_PRINTF, plog); 15: pointers loaded from memory       \
         (__LDCC_GM_LOADS, the owner table's unknown) */
/* Pointer parameters a checked kernel may have (the shift table is passed
 * by value); a kernel with more is left unchecked by the translator. */
#define __LDCC_GMAX_PTRS 16
/* Entries of the owner table (__ldcc_gowner): the written allocations,
 * with __LDCC_GM_LOADS every allocation of the program (the direct one
 * run's claims by address look an address up in it). */
#define __LDCC_GOWN_MAX 64
/* Parameters a checked kernel may have. */
#define __LDCC_GMAX_PARAMS 64

/* flags of a parameter */
#define __LDCC_GP_POINTER 1u /* a pointer: the clone shifts it */
#define __LDCC_GP_WRITTEN 2u /* the kernel may write through it */
#define __LDCC_GP_CLAIMED                                                      \
  4u /* every access through it claims its words in                            \
        the one run (`p[i]`, `*(p + i)`, `p->f` read                           \
        or stored; the clone's gget/gput) */

#define __LDCC_GP_FIELDS                                                       \
  8u /* a by-value class (struct, functor, lambda                              \
        closure) holding pointers: the runtime finds                           \
        them in the argument's bytes and the clone                             \
        patches them (gpatch); never with                                      \
        __LDCC_GP_POINTER */
#define __LDCC_GP_ATOMIC                                                       \
  16u /* with __LDCC_GP_CLAIMED in a direct kernel:                            \
         every access through it is a device- or                               \
         system-scope atomic, which never race with                            \
         each other (docs/global-check.md, "Atomics                            \
         only") */
#define __LDCC_GP_FIELDS_READ                                                  \
  32u /* with __LDCC_GP_FIELDS: the kernel only reads                          \
         through the class's pointers (`g.row[u]`,                             \
         `g.col[e]`): read-only views, shifted only where                      \
         they point into written memory, so they keep no                      \
         launch from the one run */
/* Pointers inside by-value class arguments one launch may patch. */
#define __LDCC_GMAX_PATCH 16

/* flags of a kernel */
#define __LDCC_GM_ACCUMULATES                                                  \
  1u /* the clone has accumulating atomics                                     \
        (__ldcc::gatomic_add): deterministic                                   \
        mode merges their words as deltas */
#define __LDCC_GM_OWN                                                          \
  2u /* the translator proved that no two units touch                          \
        one element of what it writes, given the                               \
        launch conditions in `own` (docs/global-check.md,                      \
        "Proved launches") */
#define __LDCC_GM_DIRECT                                                       \
  4u /* the direct one run only (atomics, fences,                              \
        printf or clocks: never copies); its                                   \
        accesses claim with lines and its atomics                              \
        through gatomic_claim (docs/global-check.md,                           \
        "Direct one run") */
#define __LDCC_GM_GRID_SYNC                                                    \
  8u /* with __LDCC_GM_DIRECT: the kernel has grid                             \
        syncs, launched cooperatively; its clashes                             \
        name their region (docs/global-check.md,                               \
        "Grid sync") */
#define __LDCC_GM_FENCES                                                       \
  16u /* with __LDCC_GM_DIRECT: the kernel has                                 \
         fences, which the clone records                                       \
         (grelease, gacquire, gacquired): a clash                              \
         the fences order is no race                                           \
         (docs/global-check.md, "Fences") */
#define __LDCC_GM_EPOCHS                                                       \
  32u /* units are blocks, and every block barrier the                         \
         kernel can reach is a __syncthreads() (or                             \
         block.sync()) in its own body, which the clone                        \
         counts (gbarrier): in the one run and the                             \
         direct run the warps of one block are checked                         \
         against each other between barriers                                   \
         (docs/global-check.md, "Warps of one block") */
#define __LDCC_GM_FLOAT_SUMS                                                   \
  64u /* with __LDCC_GM_ACCUMULATES: some of the                               \
         accumulating atomics add floats or doubles;                           \
         deterministic mode logs each addition                                 \
         (gi.flog) and sums each word's in thread                              \
         order (docs/deterministic-global.md,                                  \
         "Floating-point sums") */
#define __LDCC_GM_PRINTF                                                       \
  128u /* deterministic builds: the clone's printf                             \
          calls log their lines (gprintf, gi.plog),                            \
          which the runtime prints in unit order                               \
          after the launch (docs/deterministic-global.md,                      \
          "printf") */

#define __LDCC_GM_LOADS                                                        \
  256u /* with __LDCC_GM_DIRECT: it reads pointers                             \
          from memory a pointer parameter points                               \
          to; the accesses through them are claimed                            \
          by address, and the owner table holds                                \
          every allocation of the program                                      \
          (docs/global-check.md, "Pointers loaded                              \
          from memory") */

/* A term of a launch condition of that proof: |c| * |sym| * (range - 1),
 * where sym and range name a symbol or are __LDCC_OWN_NONE (a factor 1),
 * subtracted from the left side when c < 0.
 * Symbols: 0..2 blockDim.x/y/z, 3..5 gridDim.x/y/z, __LDCC_OWN_PARAM + p
 * the value of integer parameter p (ranges: 0..5 only).  Condition k holds
 * when the sum of its terms with rhs 0 is less than its rhs term, computed
 * without overflow (a sum past 2^64 - 1 fails). */
#define __LDCC_OWN_NONE 0xffu
#define __LDCC_OWN_PARAM 8u
struct __ldcc_own_term {
  int64_t c;
  uint8_t sym;
  uint8_t range;
  uint8_t cond; /* the condition's index */
  uint8_t rhs;  /* 1: the condition's right side (range NONE) */
  uint32_t pad;
};

/* gcopy's answer to a unit that does not run in this round (deterministic
 * mode): the clone returns at once. */
#define __LDCC_GNONE 0xffffffffu

/* Bits of a word's mark (one byte per 4-byte word, one 32-bit mark per
 * 16-byte chunk): how an accumulating atomic updated it. */
#define __LDCC_GACC_ADD32 1u
#define __LDCC_GACC_ADD64 2u
#define __LDCC_GACC_FADD32 4u /* a float sum: its value comes from the log */
#define __LDCC_GACC_FADD64 8u /* a double sum (both words) */

/* Deterministic mode's log of floating-point additions
 * (__LDCC_GM_FLOAT_SUMS; docs/deterministic-global.md, "Floating-point
 * sums"): entry i < cap says that the thread numbered order[i] (its linear
 * index in the grid) added val[i] (a float's or a double's bits) to word
 * word[i]: __LDCC_GFLOG_WORD(acc entry, word index from the entry's lo in
 * its copy), bit 63 set for a double.  n counts every addition, also those
 * past cap (the runtime then runs the round again with a larger log). */
struct __ldcc_gflog {
  unsigned long long n;
  unsigned long long cap;
  uint64_t word;  /* device address of cap 64-bit words */
  uint64_t order; /* of cap 64-bit thread numbers */
  uint64_t val;   /* of cap 64-bit values */
};
#define __LDCC_GFLOG_WORD(entry, w) ((uint64_t)(entry) << 48 | (uint64_t)(w))
#define __LDCC_GFLOG_DOUBLE (1ull << 63)

/* Deterministic mode's log of printf lines (__LDCC_GM_PRINTF): records of
 * `size` bytes (a multiple of 8) from byte 0 of buf, each a struct
 * __ldcc_gprec, the format (NUL-terminated) and the arguments, one kind
 * byte each (__LDCC_GP_*, the argument's size in bytes in the high
 * nibble) followed by 8 bytes of value or, for a string, its bytes and a
 * NUL.  used counts every record's bytes, also those past cap (the round
 * then runs again with a larger log). */
struct __ldcc_gplog {
  unsigned long long used;
  unsigned long long cap;
  uint64_t buf;
};
struct __ldcc_gprec {
  uint32_t size; /* of the record */
  uint32_t nargs;
  uint64_t order; /* the thread's linear index in the grid */
};
#define __LDCC_GP_INT 1u       /* signed integer */
#define __LDCC_GP_UINT 2u      /* unsigned integer */
#define __LDCC_GP_DOUBLE 3u    /* float or double, as a double */
#define __LDCC_GP_PTR 4u       /* a pointer (%p) */
#define __LDCC_GP_STR 5u       /* a string: its bytes follow */
#define __LDCC_GP_STRMAX 1023u /* bytes of a string (or the format) kept */

/* Where deterministic mode's accumulating atomics mark their words: copy
 * c of the allocation spans [lo + c * slot, lo + (c + 1) * slot) with lo
 * 16-byte aligned; the word at lo + c * slot + 4 * w has mark byte w of
 * marks (a device array of 32-bit marks, one per 16-byte chunk). */
struct __ldcc_gacc {
  uint64_t lo;    /* copy 0's first chunk (device address) */
  uint64_t span;  /* bytes of all copies of this round: copies * slot */
  uint64_t slot;  /* bytes from one copy to the next */
  uint64_t marks; /* device address of the marks */
};

/* The one run (docs/global-check.md, "One run"): a launch whose pointers
 * into written memory are all claimed runs once on the program's memory,
 * each access claiming its 4-byte words for its unit in `tags` (one 32-bit
 * tag per word from lo): 0 unclaimed, unit + 1 stored to (and maybe read)
 * by that unit only, (unit + 1) | __LDCC_GREAD read by that unit only,
 * __LDCC_GREADERS read by several units.  A claim that meets another
 * unit's where either stores raises *flag, and the runtime then puts the
 * memory back and checks the launch with copies. */
#define __LDCC_GREAD 0x80000000u
#define __LDCC_GREADERS 0xffffffffu
struct __ldcc_gown_ent {
  uint64_t lo;    /* the allocation's first byte, rounded down to 4 */
  uint64_t size;  /* bytes from lo to the allocation's end */
  uint64_t tags;  /* device address of (size + 3) / 4 tags */
  uint64_t lines; /* direct run: as many 32-bit source lines, the line of
                     the access that last set each word's tag; else 0 */
  uint64_t btags; /* __LDCC_GM_EPOCHS: as many 64-bit tags of the warps of
                     one block (__ldcc_gblock_step); else 0 */
};

/* The direct one run (docs/global-check.md, "Direct one run").  Access
 * kinds, also the kinds a clash record names: */
#define __LDCC_GK_STORE 1u
#define __LDCC_GK_READ 2u
#define __LDCC_GK_READERS 3u /* the word was read by several units */
#define __LDCC_GK_ATOMIC 4u  /* device-scope atomic */
#define __LDCC_GK_ATOMIC_BLOCK 5u
#define __LDCC_GK_ATOMIC_SYSTEM 6u
#define __LDCC_GK_ATOMICS 7u /* several units' device-scope atomics */
#define __LDCC_GK_UPDATE                                                       \
  8u /* a plain read-modify-write (`+=`, `++`): only in a                      \
        clash between lanes of one warp (gref) */
/* Tags of the direct run (units below __LDCC_GDIRECT_MAX_UNITS; id =
 * unit + 1): id a store (maybe reads) by one unit, id | __LDCC_GREAD a
 * read, __LDCC_GREADERS several readers, id | __LDCC_GATOM a device or
 * system-scope atomic by one unit, (block + 1) | __LDCC_GATOM_BLOCK
 * block-scope atomics by one block, __LDCC_GATOMS several units'
 * device-scope atomics. */
#define __LDCC_GATOM 0x40000000u
#define __LDCC_GATOM_BLOCK 0x60000000u
#define __LDCC_GATOMS 0x7fffffffu
#define __LDCC_GTAG_KIND 0xe0000000u
#define __LDCC_GDIRECT_MAX_UNITS 0x1ffffff0u
/* One clash: the word, the two units (earlier, later), their kinds and
 * lines, and the value (up to 8 bytes of the later access) before the
 * later access. */
#define __LDCC_GCLASH_MAX 64u
struct __ldcc_gclash {
  uint64_t addr;
  uint32_t unit_a, unit_b;
  uint32_t line_a, line_b;
  uint32_t kind_a, kind_b;
  uint32_t size;   /* bytes of the later access, at most 8 in `before` */
  uint32_t region; /* grid syncs passed before both accesses (a clash is
                      always inside one region: docs/global-check.md,
                      "Grid sync") */
  uint64_t before;
  /* __LDCC_GM_FENCES: why no order through fences covers the two accesses
   * (__LDCC_GORDER_*), 0 without fences. */
  uint32_t order;
  uint32_t pad;
  /* Lanes of one warp (gi.lanes' table; docs/global-check.md, "Lanes of
   * one warp"): `order` holds the two lanes and how many lanes took part
   * (lane a | lane b << 8 | lanes << 16), va and vb what the two lanes
   * stored; 0 in the other tables. */
  uint64_t va, vb;
};
#define __LDCC_GORDER_FENCES 1u   /* the kernel's fences were looked at */
#define __LDCC_GORDER_RELEASED 2u /* the earlier unit released after */
#define __LDCC_GORDER_BLOCK 4u    /* ... but only with block scope */
#define __LDCC_GORDER_ACQUIRED 8u /* the later unit acquired after */
#define __LDCC_GORDER_SEVERAL 16u /* several units made the earlier ones */
struct __ldcc_gclashes {
  uint32_t n;            /* clashes seen (the first __LDCC_GCLASH_MAX kept) */
  uint32_t atomic_reads; /* 1: a plain read of a word another unit updates
                            atomically is a race (LDCC_OPTIONS
                            atomic_reads) */
  uint32_t wpb;          /* units per block (warps; 1 with block units) */
  uint32_t region;       /* grid syncs passed so far (ggrid_sync) */
  struct __ldcc_gclash c[__LDCC_GCLASH_MAX];
  /* ggrid_sync: chunks of the tag tables taken for clearing, counted
   * across grid syncs (after c, so the layout before it stays). */
  uint32_t next_chunk;
  uint32_t pad;
  /* __LDCC_GM_FENCES (docs/global-check.md, "Fences"): 1 when clashes are
   * checked for an order through fences; the clock (1 + the releases made
   * so far); the device address of 4 words per unit, the clock at the
   * unit's last release of device scope and of any scope, and at its last
   * acquire of device scope and of any scope.  The tags' lines are then
   * followed by as many words, the clock at each word's last access. */
  uint32_t fences;
  uint32_t clock;
  uint64_t sync;
};

#if defined(__CUDACC__)
#define __LDCC_GHD __host__ __device__
#else
#define __LDCC_GHD
#endif
/* The tag an access of `kind` by `unit` leaves on an untouched word. */
static inline __LDCC_GHD uint32_t __ldcc_gdirect_mine(uint32_t kind,
                                                      uint64_t unit,
                                                      uint32_t wpb) {
  uint32_t id = (uint32_t)unit + 1;
  if (kind == __LDCC_GK_READ)
    return id | __LDCC_GREAD;
  if (kind == __LDCC_GK_ATOMIC || kind == __LDCC_GK_ATOMIC_SYSTEM)
    return id | __LDCC_GATOM;
  if (kind == __LDCC_GK_ATOMIC_BLOCK)
    return ((uint32_t)(unit / (wpb ? wpb : 1)) + 1) | __LDCC_GATOM_BLOCK;
  return id;
}
/* The kind a tag records (for a clash's earlier access) and its unit
 * (the first unit of the block for block-scope atomics, 0 for several). */
static inline __LDCC_GHD uint32_t __ldcc_gdirect_kind(uint32_t tag,
                                                      uint32_t wpb,
                                                      uint32_t *unit) {
  uint32_t k = tag & __LDCC_GTAG_KIND, id = tag & ~__LDCC_GTAG_KIND;
  *unit = id ? id - 1 : 0;
  if (tag == __LDCC_GREADERS || tag == __LDCC_GATOMS) {
    *unit = 0;
    return tag == __LDCC_GREADERS ? __LDCC_GK_READERS : __LDCC_GK_ATOMICS;
  }
  if (k & __LDCC_GREAD)
    return __LDCC_GK_READ;
  if (k == __LDCC_GATOM_BLOCK) {
    *unit = (id - 1) * (wpb ? wpb : 1);
    return __LDCC_GK_ATOMIC_BLOCK;
  }
  return k == __LDCC_GATOM ? __LDCC_GK_ATOMIC : __LDCC_GK_STORE;
}
/* One access of `kind` by `unit` to a word whose tag is `old`: the tag it
 * leaves (old when nothing changes), and 1 in *clash when it races with
 * the access old records (docs/global-check.md, "Direct one run"): two
 * units where one stores; a store and another unit's atomic (a lost
 * update); a read and another unit's atomic (an unguarded read, when
 * atomic_reads); a block-scope atomic and an atomic of another block.
 * Atomics of device scope never race with each other. */
static inline __LDCC_GHD uint32_t
__ldcc_gdirect_step(uint32_t old, uint32_t kind, uint64_t unit, uint32_t wpb,
                    uint32_t atomic_reads, int *clash) {
  uint32_t mine = __ldcc_gdirect_mine(kind, unit, wpb), ou = 0;
  uint32_t ok = __ldcc_gdirect_kind(old, wpb, &ou);
  uint64_t b = unit / (wpb ? wpb : 1), ob = ou / (wpb ? wpb : 1);
  int store = kind == __LDCC_GK_STORE, read = kind == __LDCC_GK_READ;
  int blockscope = kind == __LDCC_GK_ATOMIC_BLOCK;
  int same = ok != __LDCC_GK_READERS && ok != __LDCC_GK_ATOMICS &&
             (ok == __LDCC_GK_ATOMIC_BLOCK ? wpb <= 1 && ob == b
                                           : ou == (uint32_t)unit);

  *clash = 0;
  if (!old)
    return mine;
  if (ok == __LDCC_GK_STORE) {
    *clash = !same;
    return old;
  }
  if (ok == __LDCC_GK_READ || ok == __LDCC_GK_READERS) {
    if (same)
      return read ? old : mine;
    if (read)
      return __LDCC_GREADERS;
    *clash = store || atomic_reads;
    return *clash ? old : mine;
  }
  /* old: atomics (one unit, one block's block-scope ones, several) */
  if (read) {
    *clash = !same && atomic_reads;
    return old;
  }
  if (store) {
    *clash = !same;
    return same ? mine : old;
  }
  if (ok == __LDCC_GK_ATOMIC_BLOCK || blockscope) {
    *clash = ok == __LDCC_GK_ATOMICS || ob != b;
    return old;
  }
  return same ? old : __LDCC_GATOMS;
}
/* With fences (docs/global-check.md, "Fences"): what orders the access
 * that left tag `old` on a word last touched at clock tw before an access
 * of `unit`, as __LDCC_GORDER_* bits: whether the earlier unit released
 * after tw with a fence whose scope covers both units (device scope
 * between blocks, any within a block), only with block scope, and whether
 * the later unit acquired after tw (with that scope); when several units
 * made the earlier accesses only the acquire is asked.  `sync` holds 4
 * words per unit (__ldcc_gclashes.sync).  Any release and any acquire
 * count, not only a pair through one flag: an order it assumes hides a
 * race, it never invents one. */
static inline __LDCC_GHD uint32_t
__ldcc_gdirect_order(uint32_t old, uint64_t unit, uint32_t wpb, uint32_t tw,
                     const volatile uint32_t *sync) {
  uint32_t ua = 0, w = wpb ? wpb : 1;
  uint32_t ka = __ldcc_gdirect_kind(old, wpb, &ua);
  uint64_t a = (uint64_t)ua * 4, b = unit * 4;
  int block = ua / w == unit / w; /* two warps of one block */

  if (ka == __LDCC_GK_READERS || ka == __LDCC_GK_ATOMICS)
    return __LDCC_GORDER_FENCES | __LDCC_GORDER_SEVERAL |
           (sync[b + 2] > tw ? __LDCC_GORDER_ACQUIRED : 0u);
  return __LDCC_GORDER_FENCES |
         (sync[a + (block ? 1 : 0)] > tw ? __LDCC_GORDER_RELEASED : 0u) |
         (!block && sync[a + 1] > tw ? __LDCC_GORDER_BLOCK : 0u) |
         (sync[b + (block ? 3 : 2)] > tw ? __LDCC_GORDER_ACQUIRED : 0u);
}
/* Whether a word's clock moves to `now` when an access of `kind` leaves
 * its tag `old` as it was (the same unit again): not for a read of a word
 * the tag says was stored or updated atomically -- the clock is the
 * tagged access's, which the unit's later releases must follow (a unit
 * that stores, releases at a barrier and reads its word again would
 * otherwise look as if it stored after its release). */
static inline __LDCC_GHD int __ldcc_gdirect_retime(uint32_t old,
                                                   uint32_t kind) {
  return kind != __LDCC_GK_READ || (old & __LDCC_GREAD);
}
/* Whether those bits order the two accesses: no clash then. */
static inline __LDCC_GHD int __ldcc_gdirect_ordered(uint32_t order) {
  return (order & __LDCC_GORDER_ACQUIRED) &&
         (order & (__LDCC_GORDER_RELEASED | __LDCC_GORDER_SEVERAL));
}
/* Warps of one block (docs/global-check.md, "Warps of one block"): with
 * __LDCC_GM_EPOCHS each written word also has a 64-bit tag of the last
 * access by a warp of a block -- bits 0-15 its line (0 past 65535), 16-18
 * its kind (__LDCC_GK_STORE, _READ, _READERS: several warps read, _ATOMIC
 * of any scope, _ATOMICS: several warps' atomics), 19-24 the warp in the
 * block + 1 (0 for several), 25-38 the block's barrier count at the
 * access (its region), 39-63 the block + 1.  Two accesses of one region
 * by two warps of one block are not ordered by any barrier: a store
 * against anything of another warp races, as does a read against another
 * warp's atomic when atomic_reads.  An access of another block or of an
 * earlier region takes the word (the claims of the run decide between
 * blocks; a barrier orders the regions). */
#define __LDCC_GB_MAX_EPOCH 0x3fffu
#define __LDCC_GB_MAX_BLOCKS 0x1fffffeu
static inline __LDCC_GHD uint64_t __ldcc_gblock_tag(uint64_t block,
                                                    uint32_t epoch,
                                                    uint32_t warp,
                                                    uint32_t kind,
                                                    uint32_t line) {
  return (block + 1) << 39 | (uint64_t)(epoch & 0x3fffu) << 25 |
         (uint64_t)((warp + 1) & 0x3fu) << 19 | (uint64_t)(kind & 7u) << 16 |
         (line <= 0xffffu ? line : 0u);
}
static inline __LDCC_GHD uint32_t __ldcc_gblock_kind(uint64_t t) {
  return (uint32_t)(t >> 16) & 7u;
}
/* The warp + 1 a tag records, 0 for several. */
static inline __LDCC_GHD uint32_t __ldcc_gblock_warp(uint64_t t) {
  return (uint32_t)(t >> 19) & 0x3fu;
}
static inline __LDCC_GHD uint32_t __ldcc_gblock_line(uint64_t t) {
  return (uint32_t)t & 0xffffu;
}
/* The region (block and barrier count) a tag records. */
static inline __LDCC_GHD uint64_t __ldcc_gblock_region(uint64_t t) {
  return t >> 25;
}
/* `t` as several warps' accesses of `kind` (READERS, ATOMICS). */
static inline __LDCC_GHD uint64_t __ldcc_gblock_several(uint64_t t,
                                                        uint32_t kind) {
  return (t & ~(uint64_t)0x1fffffu) | (uint64_t)kind << 16 | (t & 0xffffu);
}
/* One access (tag `mine`, made by __ldcc_gblock_tag) to a word whose tag
 * is `old`: the tag it leaves (old when nothing changes), and 1 in
 * *clash when it races with the access old records. */
static inline __LDCC_GHD uint64_t __ldcc_gblock_step(uint64_t old,
                                                     uint64_t mine,
                                                     uint32_t atomic_reads,
                                                     int *clash) {
  uint32_t ko = __ldcc_gblock_kind(old), km = __ldcc_gblock_kind(mine);
  int several = ko == __LDCC_GK_READERS || ko == __LDCC_GK_ATOMICS;

  *clash = 0;
  if (!old || __ldcc_gblock_region(old) != __ldcc_gblock_region(mine))
    return mine;
  if (!several && __ldcc_gblock_warp(old) == __ldcc_gblock_warp(mine)) {
    /* The warp's own access: a store stays, a read gives way. */
    if (ko == __LDCC_GK_STORE)
      return old;
    if (ko == __LDCC_GK_READ)
      return km == __LDCC_GK_READ ? old : mine;
    return km == __LDCC_GK_STORE ? mine : old; /* its atomic */
  }
  if (ko == __LDCC_GK_STORE) {
    *clash = 1;
    return old;
  }
  if (ko == __LDCC_GK_READ || ko == __LDCC_GK_READERS) {
    if (km == __LDCC_GK_READ)
      return several ? old : __ldcc_gblock_several(mine, __LDCC_GK_READERS);
    *clash = km == __LDCC_GK_STORE || atomic_reads;
    return *clash ? old : mine;
  }
  /* old: atomics of another warp, or of several */
  if (km == __LDCC_GK_ATOMIC)
    return several ? old : __ldcc_gblock_several(mine, __LDCC_GK_ATOMICS);
  *clash = km == __LDCC_GK_STORE || atomic_reads;
  return old;
}
struct __ldcc_gowner {
  uint32_t n; /* entries in e */
  /* Stores and atomics claimed by address (ordinal -1) on global memory
   * that no entry holds: with __LDCC_GM_LOADS, writes through loaded
   * pointers the run could not check (the launch is then unchecked). */
  uint32_t unknown;
  uint64_t flag; /* device address of the conflict flag (unsigned) */
  struct __ldcc_gown_ent e[__LDCC_GOWN_MAX];
  /* __LDCC_GM_EPOCHS: the table of clashes between warps of one block (as
   * global_info.bclashes, for a composed replay's glog); else 0. */
  uint64_t bclashes;
};

/* A launch argument as the runtime sees it. */
struct __ldcc_global_arg {
  const void *ptr;     /* the pointer's value; NULL for nullptr */
  uint32_t is_pointer; /* 0: not a plain pointer (a class, an integer) */
  uint32_t elem_size;  /* sizeof the pointee's innermost element, >= 1 */
  uint32_t value_kind; /* enum __ldcc_value_kind of that element */
  uint32_t var_size;   /* a written variable's bytes (global_meta.vars),
                          0 when it has 4 GiB or more; 0 for arguments */
  uint32_t is_int;     /* an integer (or enum, bool) argument: */
  uint32_t pad;
  uint64_t mag; /* its magnitude |v| */
  /* A class-type argument (struct, functor, lambda closure): its bytes as
   * the kernel receives them (launch_global's own object, alive for the
   * whole launch) and their count; NULL and 0 otherwise. */
  const void *bytes;
  uint64_t nbytes;
};

/* One kernel checked across blocks. */
struct __ldcc_global_meta {
  uint32_t abi;                     /* __LDCC_GLOBAL_ABI */
  uint32_t warp_units;              /* 1: no block barrier, units are warps */
  struct __ldcc_kernel_meta kernel; /* name, file, line, launch lines (no
                                       targets, no sites) */
  uint32_t nparams;
  uint32_t flags;                   /* __LDCC_GM_* */
  const char *const *param_names;   /* nparams names ("" when unnamed) */
  const unsigned char *param_flags; /* nparams __LDCC_GP_* */
  const signed char *param_ptr;     /* nparams: ordinal among the shifted
                                       pointers (index into off/cstride),
                                       -1 for others */
  const char *reason; /* non-NULL: the translator could not check it (no
                         clone); every launch runs the original and the
                         report says why */
  /* The __device__ variables the kernel writes, shifted like pointer
   * parameters (the clone's `auto &v = *shifted(&v)`): the parameter
   * tables hold nparams + nvars entries, variable i at nparams + i
   * (flags __LDCC_GP_POINTER | __LDCC_GP_WRITTEN, ordinal after the
   * pointer parameters').  vars[i].ptr is the variable's host shadow (what
   * cudaGetSymbolAddress takes); the runtime looks up its device
   * address. */
  uint32_t nvars;
  const struct __ldcc_global_arg *vars;
  /* With __LDCC_GM_OWN: the launch conditions' terms (nown of them). */
  uint32_t nown;
  const struct __ldcc_own_term *own;
  /* Where the pointers of its __LDCC_GP_FIELDS parameters are, from their
   * types: per such parameter in order, the byte offsets of its pointers
   * and then __LDCC_FIELD_END, or __LDCC_FIELD_SCAN alone when the type
   * does not say (every word that points into an allocation is one);
   * NULL: scan them all. */
  const uint32_t *field_at;
};
#define __LDCC_FIELD_END 0xffffffffu
#define __LDCC_FIELD_SCAN 0xfffffffeu

/* A pointer inside a by-value class parameter (global_info.patch). */
struct __ldcc_gpatch {
  uint16_t param;   /* the parameter's index */
  uint16_t ordinal; /* its pointer ordinal (off, cstride) */
  uint32_t offset;  /* byte offset of the 8-byte pointer in the argument */
};

/* What the clone receives as its last parameter, by value: for pointer
 * parameter j (ordinal), copy c of its allocation starts `off[j] + c *
 * cstride[j]` bytes from where the argument points.  cstride[j] == 0 and
 * off[j] == 0: not shifted (a read-only allocation). */
struct __ldcc_global_info {
  int64_t off[__LDCC_GMAX_PTRS];
  uint64_t cstride[__LDCC_GMAX_PTRS];
  uint64_t stride; /* units per copy group of this round: M^round */
  uint32_t m;      /* copies */
  uint32_t warp_units;
  /* Deterministic mode (docs/deterministic-global.md); all 0 otherwise.
   * Units [first_unit, first_unit + round_units) run, unit u on copy
   * u - first_unit; every other unit returns at once. */
  uint64_t first_unit;
  uint64_t round_units;
  uint32_t deterministic;
  uint32_t nacc; /* entries of acc (with __LDCC_GM_ACCUMULATES) */
  struct __ldcc_gacc acc[__LDCC_GMAX_PTRS];
  uint64_t flog; /* device address of a struct __ldcc_gflog
                    (__LDCC_GM_FLOAT_SUMS), else 0 */
  uint64_t plog; /* device address of a struct __ldcc_gplog
                    (__LDCC_GM_PRINTF), else 0 */
  /* The one run: device address of a struct __ldcc_gowner (0 otherwise),
   * its flag, and per pointer parameter (ordinal) the entry of the
   * written allocation it points into (size 0: none, no claims). */
  uint64_t owner;
  uint64_t flag;
  struct __ldcc_gown_ent own[__LDCC_GMAX_PTRS];
  /* The direct one run: device address of its struct __ldcc_gclashes (0
   * otherwise). */
  uint64_t clashes;
  /* Pointers inside by-value class parameters (__LDCC_GP_FIELDS): entry i
   * says that the 8 bytes at `offset` in parameter `param` (its index
   * among the kernel's parameters) are a pointer of ordinal `ordinal`
   * (after the pointer parameters' and the written variables'), shifted
   * like a pointer parameter by gpatch.  The runtime found them by their
   * values (ld_rt_global_fields). */
  uint32_t npatch;
  uint32_t pad2;
  struct __ldcc_gpatch patch[__LDCC_GMAX_PATCH];
  /* __LDCC_GM_EPOCHS in the one run or the direct run (0 otherwise): the
   * device address of one 32-bit barrier count per thread of the launch
   * (gbarrier), and of the struct __ldcc_gclashes that takes the clashes
   * between warps of one block (docs/global-check.md, "Warps of one
   * block"). */
  uint64_t eps;
  uint64_t bclashes;
  /* The one run and the direct run (0 otherwise): the device address of
   * the struct __ldcc_gclashes that takes the clashes between lanes of one
   * warp in one instruction (gref; docs/global-check.md, "Lanes of one
   * warp"). */
  uint64_t lanes;
};

/* gpatch's work on the `size` bytes of parameter k's copy: each word the
 * info's patch table lists is read and written with memcpy (the type says
 * nothing about where the pointers are: a lambda's captures are unnamed)
 * and shifted like gshift shifts a pointer parameter; a null word stays
 * null, as does one whose allocation is not copied (cstride 0). */
static inline __LDCC_GHD void
__ldcc_gpatch_bytes(const struct __ldcc_global_info *gi, unsigned copy,
                    void *bytes, size_t size, int k) {
  unsigned i;

  for (i = 0; i < gi->npatch && i < __LDCC_GMAX_PATCH; i++) {
    const struct __ldcc_gpatch *e = &gi->patch[i];
    uint64_t w;
    if (e->param != (unsigned)k || e->ordinal >= __LDCC_GMAX_PTRS ||
        e->offset + sizeof w > size || !gi->cstride[e->ordinal])
      continue;
    memcpy(&w, (char *)bytes + e->offset, sizeof w);
    if (!w)
      continue;
    w += (uint64_t)gi->off[e->ordinal] +
         (uint64_t)copy * gi->cstride[e->ordinal];
    memcpy((char *)bytes + e->offset, &w, sizeof w);
  }
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#if defined(__cplusplus) && defined(__CUDACC__)
#include <cuda_runtime.h>
#include <tuple>
#include <type_traits>

/* One launch as launch_global hands it to the runtime. */
struct __ldcc_global_call {
  const struct __ldcc_global_meta *meta;
  int launch_id;
  dim3 grid, block;
  size_t sh; /* the user's dynamic shared memory */
  cudaStream_t stream;
  const struct __ldcc_global_arg *args; /* nargs of them */
  unsigned nargs;
  void (*run)(void *ctx, const struct __ldcc_global_info *);
  void *ctx;
  /* Non-NULL: this launch does not run the kernel's shared-memory clone
   * (a template launch whose deduced arguments have no spelling), and
   * why; the runtime says so at the launch site, as for shared_reason. */
  const char *shared_why;
};

/* Implemented in runtime/ld_rt_glaunch.cu.  Runs the launch through the
 * two-pass protocol, calling run(ctx, info) for each pass, or
 * run(ctx, NULL) once when the launch is not checked.  Weak, as in host.h:
 * a program linked without the runtime runs the original. */
extern "C" __attribute__((weak)) void
__ldcc_global_launch(const struct __ldcc_global_call *call);
/* The same for a program built with --ldcc-deterministic
 * (__LDCC_DETERMINISTIC): one pass, every unit on its own copy, merged in
 * unit order. */
extern "C" __attribute__((weak)) void
__ldcc_global_launch_det(const struct __ldcc_global_call *call);
/* A direct clone's bounded twin, `__launch_bounds__(1024, 2)
 * __ldcc_g_<k>__lb`, by both host stubs (docs/global-check.md, "Resident
 * grids"): the runtime launches it in the clone's place where the clone
 * cannot keep the grid resident or cannot run the block. */
extern "C" __attribute__((weak)) void
__ldcc_register_bounded(const void *clone, const void *bounded);

namespace __ldcc {

/* One file-scope object per bounded clone; its constructor registers it. */
struct bounded_clone {
  bounded_clone(const void *clone, const void *bounded) {
    if (__ldcc_register_bounded)
      __ldcc_register_bounded(clone, bounded);
  }
};

typedef ::__ldcc_global_info global_info;
typedef ::__ldcc_global_meta global_meta;

/* The info of no copies: every unit on copy 0 of its own memory, nothing
 * shifted.  A deterministic build's shared-memory clone that also takes the
 * global copies (docs/deterministic.md) gets it when the launch runs
 * without them. */
__host__ __device__ inline global_info global_identity() {
  global_info gi = {};
  gi.stride = 1;
  gi.m = 1;
  gi.deterministic = 1;
  gi.round_units = ~0ull; /* every unit runs, on copy `unit`: cstride 0 */
  return gi;
}

/* The calling thread's unit: its block, or its warp (numbered across
 * blocks) when units are warps. */
__device__ __forceinline__ unsigned long long gunit(unsigned warp_units) {
  unsigned long long unit =
      blockIdx.x +
      (unsigned long long)gridDim.x *
          (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  if (warp_units) {
    unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    unsigned tid =
        threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unit = unit * ((nthreads + 31) / 32) + tid / 32;
  }
  return unit;
}

/* Which copy the calling thread's unit works on in this round. */
__device__ __forceinline__ unsigned gcopy(const global_info &gi) {
  unsigned long long unit = gunit(gi.warp_units);
  if (gi.deterministic) {
    unit -= gi.first_unit; /* wraps for units before the round */
    return unit < gi.round_units ? (unsigned)unit : __LDCC_GNONE;
  }
  return (unsigned)(unit / gi.stride % gi.m);
}

/* Point parameter p (pointer ordinal j) at the unit's private copy.  P is
 * the parameter's whole type, so `const T *__restrict__` keeps its
 * qualifiers; a null pointer stays null. */
template <class P>
__device__ __forceinline__ void gshift(const global_info &gi, unsigned copy,
                                       P &p, int j) {
  if (gi.cstride[j] && p)
    p = (P)((const char *)p + gi.off[j] + (long long)(copy * gi.cstride[j]));
}

/* Point the pointers the runtime found inside by-value class parameter f
 * (parameter index k) at the unit's private copies, as gshift does for a
 * pointer parameter (__ldcc_gpatch_bytes on f's bytes). */
template <class F>
__device__ __forceinline__ void gpatch(const global_info &gi, unsigned copy,
                                       F &f, int k) {
  __ldcc_gpatch_bytes(&gi, copy, (void *)&f, sizeof(F), k);
}

/* Warps of one block (__LDCC_GM_EPOCHS; docs/global-check.md, "Warps of
 * one block"): the calling thread's linear index in its block, its
 * block's, and its barrier count in gi.eps (one word per thread of the
 * launch; gbarrier counts). */
__device__ __forceinline__ unsigned gthread_in_block() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned long long gblock_index() {
  return blockIdx.x +
         (unsigned long long)gridDim.x *
             (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
}
__device__ __forceinline__ unsigned *gepoch_of(const global_info &gi) {
  unsigned long long nthreads =
      (unsigned long long)blockDim.x * blockDim.y * blockDim.z;
  return (unsigned *)gi.eps + gblock_index() * nthreads + gthread_in_block();
}
/* After each block barrier of the clone: `(B, __ldcc::gbarrier(gi))`, or
 * `__ldcc::gbarrier(gi, B)` for a barrier whose value is used. */
__device__ __forceinline__ void gbarrier(const global_info &gi) {
  if (gi.eps)
    ++*gepoch_of(gi);
}
template <class T>
__device__ __forceinline__ T gbarrier(const global_info &gi, T v) {
  gbarrier(gi);
  return v;
}
/* A slot of clash table t for a `size`-byte access at addr, with the
 * value there now (before the access); NULL once the table is full (the
 * clash is counted all the same).  settle: two stores, whose values decide
 * (two units storing one value are no race): the earlier unit claimed the
 * word just before its store, which may not have landed yet -- wait a
 * moment first, or the old value would make one value look like two. */
/* The first (at most 8) of the `size` bytes at addr, as memory holds them
 * now. */
static __device__ __forceinline__ unsigned long long
gclash_word(unsigned long long addr, unsigned size) {
  unsigned long long v = 0;
  for (unsigned k = 0; k < size && k < 8; k++)
    v |= (unsigned long long)((volatile unsigned char *)addr)[k] << 8 * k;
  return v;
}
static __device__ __forceinline__ __ldcc_gclash *
gclash_take(__ldcc_gclashes *t, unsigned long long addr, unsigned size,
            bool settle = false) {
  unsigned i = atomicAdd(&t->n, 1u);

  if (i >= __LDCC_GCLASH_MAX)
    return NULL;
  if (settle) { /* about a microsecond, on any architecture */
    long long t0 = clock64();
    while (clock64() - t0 < 2000)
      ;
    __threadfence();
  }
  const unsigned long long before = gclash_word(addr, size);
  __ldcc_gclash *c = &t->c[i];
  c->addr = addr;
  c->size = size;
  c->before = before;
  c->region = 0;
  c->order = 0;
  c->pad = 0;
  c->va = c->vb = 0;
  if (settle) {
    /* In a kernel with the shared-memory replay the earlier unit's store
     * may be undone for a while (between its block's undo and its pass-2
     * store): the word is looked at again for about 30 microseconds, and
     * a value other than `before` kept (va = 1, vb the value; the lanes'
     * table, the only other user of va and vb, never settles).  The
     * runtime takes the two stores for one value when the word after the
     * launch equals either (ld_rt_gdirect.cu direct_reports_kernel). */
    for (int n = 0; n < 16; n++) {
      long long t0 = clock64();
      while (clock64() - t0 < 4000)
        ;
      __threadfence();
      unsigned long long v = gclash_word(addr, size);
      if (v != before) {
        c->va = 1;
        c->vb = v;
      }
    }
  }
  return c;
}
/* A clash between two warps of one block: recorded in table t (no flag:
 * the run's own claims decide between blocks), units numbered as warps,
 * `pad` 1 + the region's barrier count. */
static __device__ __noinline__ void
gblock_record(__ldcc_gclashes *t, unsigned long long addr,
              unsigned long long old, unsigned kind, unsigned size,
              unsigned line, unsigned epoch) {
  unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
  unsigned long long first =
      gblock_index() * ((nthreads + 31) / 32); /* the block's warp 0 */
  unsigned wa = __ldcc_gblock_warp(old);
  __ldcc_gclash *c = gclash_take(
      t, addr, size,
      kind == __LDCC_GK_STORE && __ldcc_gblock_kind(old) == __LDCC_GK_STORE);

  if (!c)
    return;
  c->unit_a = (unsigned)(first + (wa ? wa - 1 : 0));
  c->unit_b = (unsigned)(first + gthread_in_block() / 32);
  c->line_a = __ldcc_gblock_line(old);
  c->line_b = line <= 0xffffu ? line : 0u;
  c->kind_a = __ldcc_gblock_kind(old);
  c->kind_b = kind;
  c->pad = epoch + 1;
}
/* The words of a `size`-byte access at p (rel bytes into entry e) for the
 * calling thread's warp in its block's region `epoch`; clashes to t. */
__device__ __forceinline__ void
gblock_claim_in(__ldcc_gclashes *t, const __ldcc_gown_ent &e,
                unsigned long long rel, const void *p, unsigned size,
                unsigned kind, unsigned line, unsigned epoch) {
  if (!e.btags || !t || epoch > __LDCC_GB_MAX_EPOCH)
    return; /* past the tag's count: not checked any more */
  if (kind == __LDCC_GK_ATOMIC_BLOCK || kind == __LDCC_GK_ATOMIC_SYSTEM)
    kind = __LDCC_GK_ATOMIC; /* any scope covers a block */
  unsigned long long mine = __ldcc_gblock_tag(
      gblock_index(), epoch, gthread_in_block() / 32, kind, line);
  unsigned long long *tags = (unsigned long long *)e.btags;
  unsigned long long last = (rel + size - 1) / 4, words = (e.size + 3) / 4;
  unsigned reads = ((const volatile __ldcc_gclashes *)t)->atomic_reads;
  for (unsigned long long w = rel / 4; w <= last && w < words; w++) {
    unsigned long long old = ((volatile unsigned long long *)tags)[w];
    for (;;) {
      int clash = 0;
      unsigned long long next = __ldcc_gblock_step(old, mine, reads, &clash);
      if (clash) {
        gblock_record(t, (unsigned long long)p, old, kind, size, line, epoch);
        break;
      }
      if (next == old)
        break;
      unsigned long long seen = atomicCAS(tags + w, old, next);
      if (seen == old)
        break;
      old = seen;
    }
  }
}
/* The same for an access of the global clone, in the region its thread's
 * count (gi.eps) says. */
__device__ __forceinline__ void gblock_claim(const global_info &gi,
                                             const __ldcc_gown_ent &e,
                                             unsigned long long rel,
                                             const void *p, unsigned size,
                                             unsigned kind, unsigned line) {
  if (gi.eps && gi.bclashes)
    gblock_claim_in((__ldcc_gclashes *)gi.bclashes, e, rel, p, size, kind, line,
                    *gepoch_of(gi));
}

/* The one run: claim the words of a `size`-byte access at p, inside entry
 * e's allocation, for `unit` (a store or update unless `load`).  A claim
 * that meets another unit's where either stores raises *flag (the launch
 * is then checked with copies from memory put back as it was).  `again`:
 * the unit usually stored to the word already (a replay's second pass),
 * so a store looks before its atomic too. */
__device__ __forceinline__ void gclaim_in(const __ldcc_gown_ent &e,
                                          unsigned long long flag,
                                          unsigned long long unit,
                                          unsigned long long rel, unsigned size,
                                          bool load, bool again = false) {
  unsigned *tags = (unsigned *)e.tags;
  unsigned long long last = (rel + size - 1) / 4, words = (e.size + 3) / 4;
  unsigned id = (unsigned)unit + 1;
  bool clash = false;
  for (unsigned long long w = rel / 4; w <= last && w < words; w++) {
    /* A read, and with `again` a store, looks first: a word this unit
     * already stored to needs no atomic, nor does a read of a word this
     * unit claimed or several units read (neighbours read three times, a
     * table every unit reads).  Skipping is safe even on a stale value:
     * whoever changed the tag since saw this unit's claim and raised the
     * flag.  A plain store does not look: its word is usually new to it,
     * or holds its read claim (`y[i] = a * x[i] + y[i]`). */
    unsigned seen = load || again ? ((volatile unsigned *)tags)[w] : 0u;
    if (seen == id)
      continue;
    if (!load) {
      unsigned old = atomicExch(tags + w, id);
      clash |= old && old != id && old != (id | __LDCC_GREAD);
      continue;
    }
    if (seen == (id | __LDCC_GREAD) || seen == __LDCC_GREADERS)
      continue;
    unsigned old = atomicCAS(tags + w, 0u, id | __LDCC_GREAD);
    if (!old || old == id || old == (id | __LDCC_GREAD) ||
        old == __LDCC_GREADERS)
      continue;
    if (!(old & __LDCC_GREAD)) {
      clash = true; /* another unit stored to it */
      continue;
    }
    /* Another unit read it: several readers now.  What the exchange
     * replaces may meanwhile be a unit's store claim: a clash. */
    old = atomicExch(tags + w, __LDCC_GREADERS);
    clash |= !(old & __LDCC_GREAD);
  }
  /* Raised before this unit's store lands (the fence): a replay that
   * sees the store's effect sees the flag too (replay.cuh
   * one_run_clashed). */
  if (clash) {
    *(volatile unsigned *)flag = 1;
    __threadfence();
  }
}

/* The same through the table, for an access that may be anywhere (a
 * glog of a shared-memory clone): outside every written allocation it claims
 * nothing.  epoch: the replay's region for the warps of one block
 * (__LDCC_GM_EPOCHS), ~0u for none. */
__device__ __forceinline__ void gclaim(const __ldcc_gowner *o,
                                       unsigned long long unit, const void *p,
                                       unsigned size, bool load,
                                       unsigned epoch = ~0u) {
  unsigned long long a = (unsigned long long)p;
  for (unsigned i = 0; i < o->n; i++) {
    unsigned long long rel = a - o->e[i].lo;
    if (rel < o->e[i].size) {
      gclaim_in(o->e[i], o->flag, unit, rel, size, load, true);
      if (o->bclashes)
        gblock_claim_in((__ldcc_gclashes *)o->bclashes, o->e[i], rel, p, size,
                        load ? __LDCC_GK_READ : __LDCC_GK_STORE, 0, epoch);
      return;
    }
  }
}

/* The address of an access through claimed pointer parameter j (ordinal)
 * in the clone `__ldcc_g_<k>`: claimed in the one run when j points into
 * written memory, as is otherwise.  gput for a store or update, gget for
 * a read. */
/* The owner entry of pointer ordinal j, copied (a pointer that may point
 * into the kernel's parameter makes the compiler copy the whole parameter
 * to local memory in every thread: 1.6 KB each, most of a one run's cost
 * before session 28), or for j < 0 (a pointer inside a by-value class
 * parameter, global_facts.c fields_of) the written allocation holding p,
 * found in the owner table.  false when none. */
__device__ __forceinline__ bool gown_of(const global_info &gi, int j,
                                        const void *p, __ldcc_gown_ent *out) {
  if (j >= 0) {
    *out = gi.own[j];
    return true;
  }
  const __ldcc_gowner *o = (const __ldcc_gowner *)gi.owner;
  if (!o)
    return false;
  unsigned long long a = (unsigned long long)p;
  for (unsigned i = 0; i < o->n; i++)
    if (a - o->e[i].lo < o->e[i].size) {
      *out = o->e[i];
      return true;
    }
  return false;
}
template <bool Load, class T>
__device__ __forceinline__ T *gaccess(const global_info &gi, int j, T *p,
                                      unsigned line = 0) {
  __ldcc_gown_ent e;
  if (j < 0 && !gi.owner)
    return p;
  if (!gown_of(gi, j, (const void *)p, &e))
    return p;
  unsigned long long rel = (unsigned long long)p - e.lo;
  if (!e.size || rel >= e.size)
    return p;
  if (j < 0) /* a pointer inside a class parameter: by its address */
    gclaim_in(e, ((const __ldcc_gowner *)gi.owner)->flag, gunit(gi.warp_units),
              rel, sizeof(T), Load, true);
  else
    gclaim_in(e, gi.flag, gunit(gi.warp_units), rel, sizeof(T), Load);
  if (gi.eps)
    gblock_claim(gi, e, rel, (const void *)p, sizeof(T),
                 Load ? __LDCC_GK_READ : __LDCC_GK_STORE, line);
  return p;
}
template <class T>
__device__ __forceinline__ T *gput(const global_info &gi, int j, T *p) {
  return gaccess<false>(gi, j, p);
}
template <class T>
__device__ __forceinline__ T *gget(const global_info &gi, int j, T *p) {
  return gaccess<true>(gi, j, p);
}

/* The direct one run (docs/global-check.md, "Direct one run"): claim the
 * words of a `size`-byte access of `kind` at p (rel bytes into entry e)
 * for the calling thread's unit, by __ldcc_gdirect_step; a clash raises
 * the flag and is recorded in the table (the first __LDCC_GCLASH_MAX), with
 * the earlier access's line from e.lines and the value before this
 * access. */
static __device__ __noinline__ void
gdirect_record(__ldcc_gclashes *t, unsigned *flag, unsigned unit,
               unsigned long long addr, unsigned old, unsigned oline,
               unsigned kind, unsigned size, unsigned line,
               unsigned order = 0) {
  unsigned ua = 0;
  unsigned ka = __ldcc_gdirect_kind(old, t->wpb, &ua);

  *(volatile unsigned *)flag = 1;
  __ldcc_gclash *c = gclash_take(
      t, addr, size, kind == __LDCC_GK_STORE && ka == __LDCC_GK_STORE);
  if (!c)
    return;
  c->unit_a = ua;
  c->unit_b = unit;
  c->line_a = oline;
  c->line_b = line;
  c->kind_a = ka;
  c->kind_b = kind;
  c->region = ((volatile __ldcc_gclashes *)t)->region;
  c->order = order;
}
__device__ __forceinline__ void gdirect_claim(const global_info &gi, int j,
                                              const void *p, unsigned size,
                                              unsigned kind, unsigned line) {
  __ldcc_gown_ent e;
  if (!gown_of(gi, j, p, &e)) {
    if (j < 0 && gi.owner && kind != __LDCC_GK_READ && __ldcc_is_global(p))
      atomicAdd(&((__ldcc_gowner *)gi.owner)->unknown, 1u);
    return;
  }
  unsigned long long rel = (unsigned long long)p - e.lo;
  if (!e.size || rel >= e.size || !gi.clashes)
    return;
  const __ldcc_gclashes *t = (const __ldcc_gclashes *)gi.clashes;
  unsigned *tags = (unsigned *)e.tags, *lines = (unsigned *)e.lines;
  unsigned long long unit = gunit(gi.warp_units);
  unsigned long long last = (rel + size - 1) / 4, words = (e.size + 3) / 4;
  /* With fences: each word's clock at its last access, after the lines. */
  unsigned *times = t->fences ? lines + words : NULL;
  unsigned now = t->fences ? *(volatile const unsigned *)&t->clock : 0u;
  for (unsigned long long w = rel / 4; w <= last && w < words; w++) {
    unsigned old = ((volatile unsigned *)tags)[w];
    for (;;) {
      int clash = 0;
      unsigned order = 0;
      unsigned next =
          __ldcc_gdirect_step(old, kind, unit, t->wpb, t->atomic_reads, &clash);
      if (clash && times) {
        order = __ldcc_gdirect_order(old, unit, t->wpb,
                                     ((volatile unsigned *)times)[w],
                                     (const volatile unsigned *)t->sync);
        if (__ldcc_gdirect_ordered(order)) {
          /* Ordered after the earlier access: this one takes the word. */
          clash = 0;
          next = __ldcc_gdirect_mine(kind, unit, t->wpb);
        } else {
          /* The clock read may be a later taker's, which changed the tag
           * after this thread read it (many readers after one flag): the
           * tag again, after a fence, and look again if it moved on. */
          __threadfence();
          unsigned cur = ((volatile unsigned *)tags)[w];
          if (cur != old) {
            old = cur;
            continue;
          }
        }
      }
      /* A read joining other units' reads (READERS) after acquiring past
       * them (a lock's next owner reading what the last owner read): the
       * word is this unit's read alone, so that its own store next is not
       * taken for one after several unordered reads (its read moved the
       * word's clock past its acquire). */
      if (!clash && times && kind == __LDCC_GK_READ &&
          next == __LDCC_GREADERS &&
          __ldcc_gdirect_ordered(__ldcc_gdirect_order(
              old, unit, t->wpb, ((volatile unsigned *)times)[w],
              (const volatile unsigned *)t->sync)))
        next = __ldcc_gdirect_mine(kind, unit, t->wpb);
      if (clash) {
        gdirect_record((__ldcc_gclashes *)gi.clashes, (unsigned *)gi.flag,
                       (unsigned)unit, (unsigned long long)p, old,
                       ((volatile unsigned *)lines)[w], kind, size, line,
                       order);
        break;
      }
      if (next == old) {
        if (times && __ldcc_gdirect_retime(old, kind))
          ((volatile unsigned *)times)[w] = now;
        break;
      }
      unsigned seen = atomicCAS(tags + w, old, next);
      if (seen == old) {
        /* (The new tag visible before its line and clock: see above.) */
        if (times)
          __threadfence();
        ((volatile unsigned *)lines)[w] = line;
        if (times)
          ((volatile unsigned *)times)[w] = now;
        break;
      }
      old = seen;
    }
  }
  if (gi.eps)
    gblock_claim(gi, e, rel, p, size, kind, line);
}
/* A fence F of a direct kernel with fences becomes `(grelease(gi, L), F,
 * gacquire(gi, L))`, L 1 for __threadfence_block, 2 for device or system
 * scope: the release steps the clock and records it for the unit (any
 * scope; device scope with L 2), the acquire records the clock after the
 * fence.  An atomic that acquires (a CAS, an exchange, a value used)
 * becomes `gacquired(gi, L, ATOMIC)`, the acquire recorded once it
 * returned (docs/global-check.md, "Fences"). */
static __device__ __forceinline__ unsigned *gsync_of(const global_info &gi) {
  const __ldcc_gclashes *t = (const __ldcc_gclashes *)gi.clashes;
  if (!t || !t->fences)
    return NULL;
  return (unsigned *)t->sync + gunit(gi.warp_units) * 4;
}
/* The lanes of a warp that reach a release or an acquire together make
 * it once, by their first lane: releases and acquires are the unit's, and
 * a clock step per thread (every thread of a block at its fence) made one
 * word the hottest of the run (bench handoff).  The release's clock is
 * stepped after all of them reached the fence, so it is later than any
 * access they made before it. */
__device__ __forceinline__ void grelease(const global_info &gi,
                                         unsigned level) {
  unsigned *s = gsync_of(gi);
  if (!s)
    return;
  unsigned peers = __activemask();
  if (gthread_in_block() % 32 == __ffs(peers) - 1) {
    unsigned r = atomicAdd(&((__ldcc_gclashes *)gi.clashes)->clock, 1u) + 1u;
    atomicMax(s + 1, r);
    if (level >= 2)
      atomicMax(s, r);
  }
  __syncwarp(peers); /* no lane past its release before it is recorded */
}
__device__ __forceinline__ void gacquire(const global_info &gi,
                                         unsigned level) {
  unsigned *s = gsync_of(gi);
  if (!s)
    return;
  unsigned peers = __activemask();
  if (gthread_in_block() % 32 == __ffs(peers) - 1) {
    unsigned a =
        *(volatile const unsigned *)&((const __ldcc_gclashes *)gi.clashes)
             ->clock;
    atomicMax(s + 3, a);
    if (level >= 2)
      atomicMax(s + 2, a);
  }
  __syncwarp(peers); /* no lane's next access before its acquire */
}
/* After an atomic that acquires, a device fence first: the clock read
 * after it then cannot be older than what the atomic observed (a release
 * that came before the flag or lock it read).  It makes the clone's order
 * stronger, never its values different. */
template <class T>
__device__ __forceinline__ T gacquired(const global_info &gi, unsigned level,
                                       T v) {
  if (gsync_of(gi)) {
    __threadfence();
    gacquire(gi, level);
  }
  return v;
}
/* A lock helper's call whose value is used (its fence after its CAS
 * loop): the release recorded once it returned (level 0: none), then the
 * acquire (gacquired; acquire 0: none). */
template <class T>
__device__ __forceinline__ T grelease_after(const global_info &gi,
                                            unsigned level, unsigned acquire,
                                            T v) {
  if (level)
    grelease(gi, level);
  return acquire ? gacquired(gi, acquire, v) : v;
}
/* A plain access with the statement's line: a direct kernel's (the direct
 * run's clash table), or a kernel's with __LDCC_GM_EPOCHS in the one run
 * (its lines name the accesses of two warps of one block). */
template <class T>
__device__ __forceinline__ T *gput(const global_info &gi, int j, T *p,
                                   unsigned line) {
  if (!gi.clashes)
    return gaccess<false>(gi, j, p, line);
  gdirect_claim(gi, j, (const void *)p, sizeof(T), __LDCC_GK_STORE, line);
  return p;
}
template <class T>
__device__ __forceinline__ T *gget(const global_info &gi, int j, T *p,
                                   unsigned line) {
  if (!gi.clashes)
    return gaccess<true>(gi, j, p, line);
  gdirect_claim(gi, j, (const void *)p, sizeof(T), __LDCC_GK_READ, line);
  return p;
}
/* Lanes of one warp (docs/global-check.md, "Lanes of one warp"): units
 * are warps or blocks, so two lanes of one warp share a claim and a copy.
 * What one instruction shows is checked where it runs: the lanes of the
 * warp that store to one global word in the same instruction (matched by
 * address) race when their values differ; lanes that update one word in
 * the same instruction (`+=`, `++`) lose updates when two of them change
 * it (for `|=` and `&=`: when the words they would leave differ).  The
 * first lane of the group records the clash in gi.lanes' table (no flag:
 * the run's claims decide between units).  Local and shared memory are
 * not checked (a local's address is the same in every lane). */
template <class V> struct glane_word {
  static const bool value =
      (std::is_arithmetic<V>::value || std::is_enum<V>::value ||
       std::is_pointer<V>::value) &&
      (sizeof(V) == 1 || sizeof(V) == 2 || sizeof(V) == 4 || sizeof(V) == 8);
};
template <class V>
__device__ __forceinline__ unsigned long long glane_bits(const V &v) {
  unsigned long long b = 0;
  memcpy(&b, &v, sizeof(V));
  return b;
}
static __device__ __noinline__ void
glanes_record(__ldcc_gclashes *t, unsigned long long addr, unsigned size,
              unsigned kind, unsigned line, unsigned lanes, unsigned a,
              unsigned b, unsigned long long va, unsigned long long vb,
              unsigned long long old = 0) {
  __ldcc_gclash *c = gclash_take(t, addr, size);

  if (!c)
    return;
  /* An update: the word the lanes read (the memory may hold another
   * lane's store by now); a store: what gclash_take read, unused. */
  if (kind == __LDCC_GK_UPDATE)
    c->before = old;
  c->unit_a = c->unit_b = (unsigned)gunit(1);
  c->line_a = c->line_b = line <= 0xffffffu ? line : 0u;
  c->kind_a = c->kind_b = kind;
  c->order = a | b << 8 | lanes << 16;
  c->va = va;
  c->vb = vb;
}
/* The lanes of the calling thread's warp at this instruction with the
 * same address p (0 when none other, or the check is off). */
__device__ __forceinline__ unsigned glane_peers(const global_info &gi,
                                                const volatile void *p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  if (!gi.lanes || !__ldcc_is_global((const void *)p))
    return 0u;
  unsigned peers = __match_any_sync(__activemask(), (unsigned long long)p);
  return peers & (peers - 1) ? peers : 0u;
#else /* no __match_any_sync before Volta: not checked */
  (void)gi;
  (void)p;
  return 0u;
#endif
}
/* A store of v (bits) by the lanes `peers`. */
__device__ __forceinline__ void
glanes_store(const global_info &gi, const volatile void *p, unsigned peers,
             unsigned long long v, unsigned size, unsigned line) {
  unsigned first = __ffs(peers) - 1;
  unsigned long long v0 = __shfl_sync(peers, v, first);
  unsigned diff = __ballot_sync(peers, v != v0);
  if (!diff)
    return; /* one value: not reported, as between units */
  unsigned second = __ffs(diff) - 1;
  unsigned long long v1 = __shfl_sync(peers, v, second);
  if (gthread_in_block() % 32 == first)
    glanes_record((__ldcc_gclashes *)gi.lanes, (unsigned long long)p, size,
                  __LDCC_GK_STORE, line, __popc(peers), first, second, v0, v1);
}
/* An update from old to nv by the lanes `peers` (idem: `|=` or `&=`). */
__device__ __forceinline__ void
glanes_update(const global_info &gi, const volatile void *p, unsigned peers,
              unsigned long long old, unsigned long long nv, bool idem,
              unsigned size, unsigned line) {
  unsigned changed = __ballot_sync(peers, nv != old);
  if (!changed)
    return; /* nothing changes: nothing is lost */
  unsigned first = __ffs(changed) - 1;
  unsigned long long v0 = __shfl_sync(peers, nv, first);
  unsigned lost = idem ? __ballot_sync(peers, nv != old && nv != v0)
                       : changed & ~(1u << first);
  if (!lost)
    return;
  unsigned second = __ffs(lost) - 1;
  unsigned long long v1 = __shfl_sync(peers, nv, second);
  if (gthread_in_block() % 32 == first)
    glanes_record((__ldcc_gclashes *)gi.lanes, (unsigned long long)p, size,
                  __LDCC_GK_UPDATE, line, __popc(peers), first, second, v0, v1,
                  old);
}
/* A store or an update through a claimed pointer in the global clone:
 * `E = v` becomes `__ldcc::gset(gi, J, &(E), L) = v` (`+=`, `++` and the
 * others alike), whose operators claim the word as gput does, check the
 * lanes, and store.  A word type (arithmetic, enum, pointer of 1 to 8
 * bytes) gets the lanes' check; any other type (a template's class) is
 * forwarded unchanged. */
template <class T> struct gref_at {
  const global_info &gi;
  int j;
  T *p;
  unsigned line;
  unsigned upd; /* `E = R` with R computed from E: 1 `E + v`, 2 `E | v` */
  __device__ gref_at(const global_info &g, int jj, T *pp, unsigned l,
                     unsigned u)
      : gi(g), j(jj), p(pp), line(l), upd(u) {}
};
template <class T, bool W = glane_word<typename std::remove_cv<T>::type>::value>
struct gref;
template <class T> struct gref<T, true> : gref_at<T> {
  typedef typename std::remove_cv<T>::type V;
  using gref_at<T>::gi;
  using gref_at<T>::j;
  using gref_at<T>::p;
  using gref_at<T>::line;
  __device__ gref(const global_info &g, int jj, T *pp, unsigned l, unsigned u)
      : gref_at<T>(g, jj, pp, l, u) {}
  __device__ T &operator=(V v) {
    T *q = gput(gi, j, p, line);
    if (unsigned peers = glane_peers(gi, q)) {
      if (this->upd) /* the lanes read *q before: an update from it */
        glanes_update(gi, q, peers, glane_bits((V)*q), glane_bits(v),
                      this->upd == 2, sizeof(V), line);
      else
        glanes_store(gi, q, peers, glane_bits(v), sizeof(V), line);
    }
    *q = v;
    return *q;
  }
  /* old -> nv: checked and stored; the result is the stored word. */
  __device__ T &put(V old, V nv, bool idem) {
    if (unsigned peers = glane_peers(gi, p))
      glanes_update(gi, p, peers, glane_bits(old), glane_bits(nv), idem,
                    sizeof(V), line);
    *p = nv;
    return *p;
  }
  __device__ V get() {
    p = gput(gi, j, p, line);
    return *p;
  }
#define __LDCC_GREF_OP(OP, IDEM)                                               \
  template <class U> __device__ T &operator OP(const U &u) {                   \
    V old = get(), nv = old;                                                   \
    nv OP u;                                                                   \
    return put(old, nv, IDEM);                                                 \
  }
  __LDCC_GREF_OP(+=, false)
  __LDCC_GREF_OP(-=, false)
  __LDCC_GREF_OP(*=, false)
  __LDCC_GREF_OP(/=, false)
  __LDCC_GREF_OP(%=, false)
  __LDCC_GREF_OP(^=, false)
  __LDCC_GREF_OP(<<=, false)
  __LDCC_GREF_OP(>>=, false)
  __LDCC_GREF_OP(|=, true)
  __LDCC_GREF_OP(&=, true)
#undef __LDCC_GREF_OP
  __device__ T &operator++() {
    V old = get(), nv = old;
    ++nv;
    return put(old, nv, false);
  }
  __device__ T &operator--() {
    V old = get(), nv = old;
    --nv;
    return put(old, nv, false);
  }
  __device__ V operator++(int) {
    V old = get(), nv = old;
    ++nv;
    put(old, nv, false);
    return old;
  }
  __device__ V operator--(int) {
    V old = get(), nv = old;
    --nv;
    put(old, nv, false);
    return old;
  }
};
template <class T> struct gref<T, false> : gref_at<T> {
  typedef typename std::remove_cv<T>::type V;
  using gref_at<T>::p;
  __device__ gref(const global_info &g, int jj, T *pp, unsigned l, unsigned u)
      : gref_at<T>(g, jj, pp, l, u) {}
  __device__ T &at() const {
    return *gput(this->gi, this->j, p, this->line);
  }
  __device__ T &operator=(const V &v) {
    return at() = v;
  }
  template <class U>
  __device__ auto operator=(U &&u) -> decltype(*p = static_cast<U &&>(u)) {
    return at() = static_cast<U &&>(u);
  }
#define __LDCC_GREF_FWD(OP)                                                    \
  template <class U>                                                           \
  __device__ auto operator OP(U &&u)->decltype(*p OP static_cast<U &&>(u)) {   \
    return at() OP static_cast<U &&>(u);                                       \
  }
  __LDCC_GREF_FWD(+=)
  __LDCC_GREF_FWD(-=)
  __LDCC_GREF_FWD(*=)
  __LDCC_GREF_FWD(/=)
  __LDCC_GREF_FWD(%=)
  __LDCC_GREF_FWD(^=)
  __LDCC_GREF_FWD(<<=)
  __LDCC_GREF_FWD(>>=)
  __LDCC_GREF_FWD(|=)
  __LDCC_GREF_FWD(&=)
#undef __LDCC_GREF_FWD
  /* (Templates, so that a class without them still instantiates.) */
  template <class Q = T> __device__ auto operator++() -> decltype(++*(Q *)0) {
    return ++at();
  }
  template <class Q = T> __device__ auto operator--() -> decltype(--*(Q *)0) {
    return --at();
  }
  template <class Q = T>
  __device__ auto operator++(int) -> decltype((*(Q *)0)++) {
    return at()++;
  }
  template <class Q = T>
  __device__ auto operator--(int) -> decltype((*(Q *)0)--) {
    return at()--;
  }
};
template <class T>
__device__ __forceinline__ gref<T> gset(const global_info &gi, int j, T *p,
                                        unsigned line, unsigned upd = 0) {
  return gref<T>(gi, j, p, line, upd);
}
/* A direct kernel's atomic `atomicAdd(A, v)` becomes `atomicAdd(
 * gatomic_claim(gi, j, (A), scope, line), v)`: the address claimed as an
 * atomic of that scope (1 device, 2 block, 3 system) and returned. */
template <class T>
__device__ __forceinline__ T *gatomic_claim(const global_info &gi, int j, T *p,
                                            unsigned scope, unsigned line) {
  gdirect_claim(gi, j, (const void *)p, sizeof(T),
                scope == 2   ? __LDCC_GK_ATOMIC_BLOCK
                : scope == 3 ? __LDCC_GK_ATOMIC_SYSTEM
                             : __LDCC_GK_ATOMIC,
                line);
  return p;
}

/* A grid-wide sync in the direct run's clone (docs/global-check.md, "Grid
 * sync"): `G.sync()` becomes `ggrid_sync(__ldcc_gi, G)`.  Everything before
 * a grid sync happens before everything after it, for every thread, so
 * claims made before it must not clash with accesses after it: after the
 * program's sync the threads clear the tag tables, and a second sync keeps
 * every unit from claiming before they are clear.  (Lines need no
 * clearing: a line is read only for a tag set in the same region.)
 * Threads that returned before the sync take no part, so the tables are
 * cleared in chunks of __LDCC_GCHUNK words that each group of a warp's
 * converged lanes takes from a counter (`next_chunk`, read before the
 * first sync as this clearing's base: nobody clears then); the group that
 * takes the first chunk counts the region.  Outside the direct run (no
 * clash table) it is the program's sync alone. */
#define __LDCC_GCHUNK 2048u
static __device__ __noinline__ void
gregion_next(const __ldcc_gowner *o, __ldcc_gclashes *t, unsigned base) {
  unsigned long long nchunks = 0;
  for (unsigned i = 0; i < o->n; i++)
    nchunks += ((o->e[i].size + 3) / 4 + __LDCC_GCHUNK - 1) / __LDCC_GCHUNK;
  if (!nchunks)
    nchunks = 1; /* the chunk whose taker counts the region */
  unsigned mask = __activemask();
  unsigned lane =
      (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) %
      32;
  unsigned leader = __ffs(mask) - 1;
  unsigned rank = __popc(mask & ((1u << lane) - 1)), width = __popc(mask);
  for (;;) {
    unsigned c = lane == leader ? atomicAdd(&t->next_chunk, 1u) : 0u;
    c = __shfl_sync(mask, c, leader) - base;
    if (c >= nchunks)
      return;
    if (c == 0 && lane == leader)
      t->region++;
    for (unsigned i = 0; i < o->n; i++) {
      unsigned long long words = (o->e[i].size + 3) / 4;
      unsigned long long n = (words + __LDCC_GCHUNK - 1) / __LDCC_GCHUNK;
      if (c >= n) {
        c -= (unsigned)n;
        continue;
      }
      unsigned *tags = (unsigned *)o->e[i].tags;
      unsigned long long w0 = (unsigned long long)c * __LDCC_GCHUNK;
      unsigned long long w1 =
          w0 + __LDCC_GCHUNK < words ? w0 + __LDCC_GCHUNK : words;
      for (unsigned long long w = w0 + rank; w < w1; w += width)
        tags[w] = 0u;
      break;
    }
  }
}
template <class G>
__device__ __forceinline__ void ggrid_sync(const global_info &gi, const G &g) {
  if (!gi.clashes || !gi.owner) {
    g.sync();
    return;
  }
  unsigned base = ((volatile __ldcc_gclashes *)gi.clashes)->next_chunk;
  g.sync();
  gregion_next((const __ldcc_gowner *)gi.owner, (__ldcc_gclashes *)gi.clashes,
               base);
  g.sync();
}
template <class G>
__device__ __forceinline__ void ggrid_sync(const global_info &gi, const G *g) {
  ggrid_sync(gi, *g);
}

/* Mark the word(s) of p, a pointer into the unit's copy, as accumulated
 * (deterministic mode) with kind; the allocation's acc entry and p's word
 * index from its lo in its copy, or -1 for memory outside the copies (not
 * written through a parameter), which has no marks. */
template <class T>
__device__ __forceinline__ int gmark(const global_info &gi, T *p, unsigned kind,
                                     unsigned long long *word) {
  unsigned long long a = (unsigned long long)p;
  for (unsigned i = 0; i < gi.nacc; i++) {
    unsigned long long rel = a - gi.acc[i].lo;
    if (rel >= gi.acc[i].span)
      continue;
    unsigned long long w = rel % gi.acc[i].slot / 4;
    unsigned *marks = (unsigned *)gi.acc[i].marks;
    *word = w;
    /* Read first: most updates hit words already marked, and a plain load
     * costs less than a contended atomic. */
    for (unsigned k = 0; k < sizeof(T) / 4; k++, w++)
      if (!(((volatile unsigned *)marks)[w / 4] & kind << (8 * (w % 4))))
        atomicOr(marks + w / 4, kind << (8 * (w % 4)));
    return (int)i;
  }
  return -1;
}

/* The calling thread's linear index in the grid: the order of the
 * floating-point log, units first (a unit's threads are consecutive). */
__device__ __forceinline__ unsigned long long gthread_order() {
  unsigned long long block =
      blockIdx.x +
      (unsigned long long)gridDim.x *
          (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  return block * (blockDim.x * blockDim.y * blockDim.z) + threadIdx.x +
         blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* An integer add: the atomic on the unit's copy, the word marked so the
 * merge adds the copies' deltas instead of taking the last writer's
 * value. */
template <class T, class V>
__device__ __forceinline__ void gaccumulate(const global_info &gi, T *p, V v,
                                            std::true_type) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8,
                "ldcc: accumulating atomics on 32- or 64-bit integers only");
  unsigned long long w;
  atomicAdd(p, v);
  if (gi.deterministic)
    gmark(gi, p, sizeof(T) == 8 ? __LDCC_GACC_ADD64 : __LDCC_GACC_ADD32, &w);
}

/* A float or double add (__LDCC_GM_FLOAT_SUMS): the atomic on the unit's
 * copy (the unit's own reads see it), the word marked, and the addition
 * logged: after the last round the runtime sums each word's additions in
 * thread order from its value at the launch's start, whatever order the
 * atomics ran in (docs/deterministic-global.md, "Floating-point sums"). */
template <class T, class V>
__device__ __forceinline__ void gaccumulate(const global_info &gi, T *p, V v,
                                            std::false_type) {
  static_assert(std::is_same<T, float>::value || std::is_same<T, double>::value,
                "ldcc: accumulating atomics on float or double only");
  const T x = (T)v;
  unsigned long long w;
  atomicAdd(p, x);
  if (!gi.deterministic || !gi.flog)
    return;
  int e = gmark(gi, p, sizeof(T) == 8 ? __LDCC_GACC_FADD64 : __LDCC_GACC_FADD32,
                &w);
  if (e < 0)
    return;
  __ldcc_gflog *log = (__ldcc_gflog *)gi.flog;
  unsigned long long i = atomicAdd(&log->n, 1ull);
  if (i >= log->cap)
    return;
  unsigned long long bits = 0;
  memcpy(&bits, &x, sizeof x);
  ((uint64_t *)log->word)[i] =
      __LDCC_GFLOG_WORD(e, w) | (sizeof(T) == 8 ? __LDCC_GFLOG_DOUBLE : 0);
  ((uint64_t *)log->order)[i] = gthread_order();
  ((uint64_t *)log->val)[i] = bits;
}

/* `atomicAdd(p, v);` and `atomicSub(p, v);` with the result unused, in the
 * clone of a deterministic build: the same atomic, on the unit's copy
 * (integers: the same overload the original calls), recorded for the
 * merge (docs/deterministic-global.md). */
template <class T, class V>
__device__ __forceinline__ void gatomic_add(const global_info &gi, T *p, V v) {
  gaccumulate(gi, p, v, std::is_integral<T>());
}
template <class T, class V>
__device__ __forceinline__ void gatomic_sub(const global_info &gi, T *p, V v) {
  static_assert(std::is_integral<T>::value &&
                    (sizeof(T) == 4 || sizeof(T) == 8),
                "ldcc: accumulating atomics on 32- or 64-bit integers only");
  unsigned long long w;
  atomicSub(p, v);
  if (gi.deterministic)
    gmark(gi, p, sizeof(T) == 8 ? __LDCC_GACC_ADD64 : __LDCC_GACC_ADD32, &w);
}

/* printf in a deterministic clone (__LDCC_GM_PRINTF): the line is logged
 * with the thread's order and printed by the runtime after the launch, in
 * unit order (docs/deterministic-global.md, "printf"); without a log (the
 * launch runs as built) it is printf. */
__device__ __forceinline__ unsigned gp_len(const char *s) {
  unsigned n = 0;
  if (!s)
    return 0;
  while (n < __LDCC_GP_STRMAX && s[n])
    n++;
  return n;
}
template <class T> struct gp_kind {
  static const unsigned value =
      std::is_floating_point<T>::value                     ? __LDCC_GP_DOUBLE
      : std::is_pointer<T>::value                          ? __LDCC_GP_PTR
      : std::is_signed<T>::value || std::is_enum<T>::value ? __LDCC_GP_INT
                                                           : __LDCC_GP_UINT;
};
template <class T> __device__ __forceinline__ unsigned gp_size(const T &) {
  return 9;
}
__device__ __forceinline__ unsigned gp_size(const char *s) {
  return 2 + gp_len(s);
}
__device__ __forceinline__ unsigned gp_size(char *s) {
  return 2 + gp_len(s);
}
__device__ __forceinline__ unsigned gp_sizes() {
  return 0;
}
template <class A, class... R>
__device__ __forceinline__ unsigned gp_sizes(const A &a, const R &...r) {
  return gp_size(a) + gp_sizes(r...);
}
template <class T>
__device__ __forceinline__ unsigned long long
gp_bits(const T &v, std::integral_constant<unsigned, __LDCC_GP_DOUBLE>) {
  double d = (double)v;
  unsigned long long bits;
  memcpy(&bits, &d, 8);
  return bits;
}
template <class T>
__device__ __forceinline__ unsigned long long
gp_bits(const T &v, std::integral_constant<unsigned, __LDCC_GP_PTR>) {
  return (unsigned long long)(uintptr_t)v;
}
template <class T>
__device__ __forceinline__ unsigned long long
gp_bits(const T &v, std::integral_constant<unsigned, __LDCC_GP_INT>) {
  return (unsigned long long)(long long)v;
}
template <class T>
__device__ __forceinline__ unsigned long long
gp_bits(const T &v, std::integral_constant<unsigned, __LDCC_GP_UINT>) {
  return (unsigned long long)v;
}
template <class T>
__device__ __forceinline__ char *gp_put(char *at, const T &v) {
  typedef typename std::decay<T>::type D;
  const unsigned k = gp_kind<D>::value;
  unsigned long long bits =
      gp_bits(v, std::integral_constant<unsigned, gp_kind<D>::value>());
  *at = (char)(k | (sizeof(D) < 8 ? (unsigned)sizeof(D) : 8u) << 4);
  memcpy(at + 1, &bits, 8);
  return at + 9;
}
__device__ __forceinline__ char *gp_str(char *at, const char *s) {
  unsigned n = gp_len(s);
  *at++ = (char)(__LDCC_GP_STR | 8u << 4);
  for (unsigned i = 0; i < n; i++)
    at[i] = s[i];
  at[n] = 0;
  return at + n + 1;
}
__device__ __forceinline__ char *gp_put(char *at, const char *s) {
  return gp_str(at, s);
}
__device__ __forceinline__ char *gp_put(char *at, char *s) {
  return gp_str(at, s);
}
__device__ __forceinline__ char *gp_puts(char *at) {
  return at;
}
template <class A, class... R>
__device__ __forceinline__ char *gp_puts(char *at, const A &a, const R &...r) {
  return gp_puts(gp_put(at, a), r...);
}
template <class... A>
__device__ int gprintf(const global_info &gi, const char *fmt, A... a) {
  if (!gi.plog)
    return printf(fmt, a...);
  __ldcc_gplog *log = (__ldcc_gplog *)gi.plog;
  unsigned flen = gp_len(fmt);
  unsigned size = (unsigned)sizeof(__ldcc_gprec) + flen + 1 + gp_sizes(a...);
  size = (size + 7u) & ~7u;
  unsigned long long at = atomicAdd(&log->used, (unsigned long long)size);
  if (at + size > log->cap)
    return (int)sizeof...(A);
  char *r = (char *)log->buf + at;
  __ldcc_gprec h;
  h.size = size;
  h.nargs = (uint32_t)sizeof...(A);
  h.order = gthread_order();
  memcpy(r, &h, sizeof h);
  char *p = r + sizeof h;
  for (unsigned i = 0; i < flen; i++)
    p[i] = fmt[i];
  p[flen] = 0;
  gp_puts(p + flen + 1, a...);
  return (int)sizeof...(A);
}

/* An integer argument's magnitude, for the proof's launch conditions
 * (an enum as its value, a bool as 0 or 1); other non-pointers: nothing. */
inline uint64_t magnitude(long long v, std::true_type) {
  return v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
}
inline uint64_t magnitude(unsigned long long v, std::false_type) {
  return v;
}
template <class A,
          bool I = std::is_integral<A>::value || std::is_enum<A>::value>
struct int_of {
  static __ldcc_global_arg get(const A &a) {
    __ldcc_global_arg r = {nullptr, 0, 1, __LDCC_VK_OTHER, 0};
    if (std::is_class<A>::value) { /* pointers inside: ld_rt_global_fields */
      r.bytes = (const void *)&a;
      r.nbytes = sizeof(A);
    }
    return r;
  }
};
template <class A> struct int_of<A, true> {
  static __ldcc_global_arg get(const A &a) {
    typedef std::integral_constant<bool, std::is_enum<A>::value ||
                                             std::is_signed<A>::value>
        S;
    typedef
        typename std::conditional<S::value, long long, unsigned long long>::type
            W;
    return __ldcc_global_arg{nullptr, 0, 1, __LDCC_VK_OTHER,
                             0,       1, 0, magnitude((W)a, S())};
  }
};

/* The argument's description for the runtime. */
template <class A,
          bool P = std::is_pointer<typename std::decay<A>::type>::value>
struct arg_of {
  static __ldcc_global_arg get(const A &a) {
    return int_of<A>::get(a);
  }
};
template <class E, bool V = std::is_void<E>::value> struct elem_of {
  typedef
      typename std::remove_cv<typename std::remove_all_extents<E>::type>::type
          T;
  static const uint32_t size = sizeof(T);
  static const uint32_t kind = value_kind_of<T>();
};
template <class E> struct elem_of<E, true> {
  static const uint32_t size = 1;
  static const uint32_t kind = __LDCC_VK_OTHER;
};
template <class A> struct arg_of<A, true> {
  static __ldcc_global_arg get(const A &a) {
    typedef typename std::remove_pointer<typename std::decay<A>::type>::type E;
    return __ldcc_global_arg{(const void *)a, 1, elem_of<E>::size,
                             elem_of<E>::kind, 0};
  }
};
template <> struct arg_of<std::nullptr_t, false> {
  static __ldcc_global_arg get(const std::nullptr_t &) {
    return __ldcc_global_arg{nullptr, 1, 1, __LDCC_VK_OTHER, 0};
  }
};

/* A written __device__ variable's entry of the metadata (global_meta.vars):
 * its host shadow, its innermost element for the report's indices, and
 * its size (the allocation when the registry does not know the variable:
 * a __managed__ one). */
template <class T> inline __ldcc_global_arg var_arg(const T &v) {
  return __ldcc_global_arg{(const void *)&v, 1, elem_of<T>::size,
                           elem_of<T>::kind,
                           sizeof(T) <= 0xffffffffu ? (uint32_t)sizeof(T) : 0u};
}

/* Every argument expression is evaluated once, here; `lam` launches the
 * clone (info non-null) or the original (null) with them.  shared_why:
 * __ldcc_global_call.shared_why. */
template <class L, class... A>
inline void launch_global_why(const char *shared_why, const global_meta *meta,
                              int launch_id, dim3 grid, dim3 block, size_t sh,
                              cudaStream_t stream, L &&lam, A &&...a) {
  const __ldcc_global_arg args[sizeof...(A) + 1] = {
      arg_of<typename std::decay<A>::type>::get(a)...,
      __ldcc_global_arg{nullptr, 0, 1, __LDCC_VK_OTHER, 0}};
  auto call = [&](const global_info *gi) {
    lam(grid, block, sh, stream, gi, a...);
  };
#ifdef __LDCC_DETERMINISTIC
  auto *entry = &__ldcc_global_launch_det;
#else
  auto *entry = &__ldcc_global_launch;
#endif
  if (!entry) {
    runtime_missing(&meta->kernel);
    call(nullptr);
    return;
  }
  const __ldcc_global_call c = {
      meta,
      launch_id,
      grid,
      block,
      sh,
      stream,
      args,
      (unsigned)sizeof...(A),
      [](void *ctx, const global_info *gi) { (*(decltype(call) *)ctx)(gi); },
      &call,
      shared_why};
  entry(&c);
}

template <class L, class... A>
inline void launch_global(const global_meta *meta, int launch_id, dim3 grid,
                          dim3 block, size_t sh, cudaStream_t stream, L &&lam,
                          A &&...a) {
  launch_global_why(nullptr, meta, launch_id, grid, block, sh, stream,
                    static_cast<L &&>(lam), static_cast<A &&>(a)...);
}

#if __cplusplus >= 201402L
/* The launch of a kernel with grid syncs (docs/global-check.md, "Grid
 * sync"): `k<<<g, b, sh, st>>>(a...)` as cudaLaunchCooperativeKernel, every
 * argument converted to its parameter's type first, as `<<<>>>` would. */
template <class... P> struct coop_launch {
  template <size_t... I, class... A>
  static cudaError_t run(void (*k)(P...), dim3 g, dim3 b, size_t sh,
                         cudaStream_t st, std::index_sequence<I...>, A &...a) {
    std::tuple<typename std::decay<P>::type...> v(a...);
    void *args[sizeof...(P) + 1] = {(void *)&std::get<I>(v)..., nullptr};
    return cudaLaunchCooperativeKernel((const void *)k, g, b, args, sh, st);
  }
};
template <class... P, class... A>
inline cudaError_t launch_coop(void (*k)(P...), dim3 g, dim3 b, size_t sh,
                               cudaStream_t st, A &...a) {
  return coop_launch<P...>::run(k, g, b, sh, st,
                                std::index_sequence_for<P...>(), a...);
}
#endif /* C++14 */

/* launch_global with every argument converted to the kernel's parameter
 * type first, as the launch itself would: a literal `0` or `NULL` for a
 * pointer parameter stays a null pointer.  F = decltype(plain_fn(&kernel)),
 * usable
 * whenever the launch names one function (not a template whose arguments
 * the launch deduces). */
template <class F> struct launch_as;
template <class... P> struct launch_as<void (*)(P...)> {
  template <class L>
  static void run(const global_meta *meta, int launch_id, dim3 grid, dim3 block,
                  size_t sh, cudaStream_t stream, L &&lam, P... a) {
    launch_global(meta, launch_id, grid, block, sh, stream,
                  static_cast<L &&>(lam), a...);
  }
};
/* noexcept is part of the type only since C++17. */
#if defined(__cpp_noexcept_function_type)
template <class... P>
struct launch_as<void (*)(P...) noexcept> : launch_as<void (*)(P...)> {};
#endif

} // namespace __ldcc
#endif /* C++ with nvcc */

#endif
