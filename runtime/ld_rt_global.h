/* The host logic of the check across blocks (issue 5) that needs no CUDA:
 * which allocations a launch writes and whether it can be checked (the
 * protocol's decisions and the reasons for not checking), the units of a
 * launch, where each allocation's copies and U live in the launch's scratch
 * area and the shift of every pointer parameter, and the launch contexts
 * the report records name (allocation, element size, how copies map to
 * blocks or warps).  The CUDA side is runtime/ld_rt_glaunch.cu.
 * Host code, plain C; unit-tested in tests/unit/test_rt_global.c. */
#ifndef LD_RT_GLOBAL_H
#define LD_RT_GLOBAL_H

#include <stddef.h>
#include <stdint.h>

#include "ld_rt_registry.h"
#include "ldcc/global.h"

/* Distinct allocations a checked launch may write. */
#define LD_RT_GMAX_ALLOCS __LDCC_GOWN_MAX

/* Entries of a kernel's parameter tables at most: its parameters, then the
 * __device__ variables it writes. */
#define LD_RT_GSLOTS (__LDCC_GMAX_PARAMS + __LDCC_GMAX_PTRS)

/* Copies of one allocation are placed at the same address modulo this, so
 * a shifted pointer keeps the alignment the program relied on. */
#define LD_RT_GALIGN 256u

struct ld_rt_galloc {
  struct ld_rt_alloc a; /* the registry's entry */
  uint32_t param;       /* first written parameter pointing into it (a
                           table entry: a variable's follow the
                           parameters') */
  uint64_t slot;        /* bytes per copy slot: round_256(size + 256) */
  uint64_t at;          /* offset of U's slot in the scratch area; copy c's
                           slot is at + (c + 1) * slot */
  uint64_t marks_at;    /* deterministic mode with accumulating atomics:
                           offsets of the marks (4 bytes per 16-byte chunk)
                           and the sums (32 bytes per chunk); else 0 */
  uint64_t sums_at;
  uint64_t winners_at; /* deterministic mode's parallel merge: offset of
                          its scratch (128 bytes per chunk, struct
                          ld_gwinners); else 0 */
  /* __LDCC_GM_LOADS: an allocation no argument points into, followed
   * because pointers loaded from memory may (a.name its allocation call
   * and number, param the first loading parameter); else 0. */
  int loaded;
};

/* A pointer found inside a by-value class argument (__LDCC_GP_FIELDS):
 * one more table entry after the parameters and the written variables. */
struct ld_rt_gfield {
  uint32_t param;   /* the class parameter's index */
  uint32_t offset;  /* byte offset of the pointer in its argument */
  uint32_t ordinal; /* pointer ordinal, after every other */
  const char *name; /* "g+16": the parameter and the offset (interned:
                       report contexts keep it) */
};

/* What a launch writes, from the kernel's metadata and its arguments. */
struct ld_rt_gplan {
  struct ld_rt_galloc allocs[LD_RT_GMAX_ALLOCS];
  uint32_t nallocs;
  int32_t param_alloc[LD_RT_GSLOTS]; /* per table entry (parameters, then
                                        written variables): allocs index,
                                        or -1 */
  /* Pointers inside by-value class arguments: table entries
   * nparams + nvars + i, written pointers (never claimed), with their
   * values as pointer arguments in fargs. */
  uint32_t nfields;
  struct ld_rt_gfield fields[__LDCC_GMAX_PATCH];
  struct __ldcc_global_arg fargs[__LDCC_GMAX_PATCH];
  uint64_t copy_bytes;  /* one copy of every written allocation */
  uint64_t fixed_bytes; /* U of every allocation, and the race flag */
};

#define LD_RT_GPLAN_CHECK 0     /* check it */
#define LD_RT_GPLAN_NOTHING 1   /* nothing is written: run it once */
#define LD_RT_GPLAN_UNCHECKED 2 /* run it once, unchecked, why says why */

/* Decide from the kernel's metadata and its nargs arguments; reg is the
 * allocation registry.  A kernel that writes __device__ variables
 * (m->nvars) has them in args after its parameters, args[m->nparams + i]
 * the device address of variable i (NULL: unknown), whatever nargs says
 * (a parameter at nargs or later takes its default argument).  why (at least
 * 160 bytes) gets one phrase when the result is LD_RT_GPLAN_UNCHECKED. */
int ld_rt_global_plan(const struct __ldcc_global_meta *m,
                      const struct __ldcc_global_arg *args, unsigned nargs,
                      struct ld_rt_registry *reg, struct ld_rt_gplan *p,
                      char *why, size_t whysize);

/* The pointers inside the launch's by-value class arguments
 * (__LDCC_GP_FIELDS parameters; docs/global-check.md, "Pointers inside
 * parameters"), into p->fields and p->fargs: every 8-byte aligned word of
 * such an argument whose value lies inside an allocation the registry
 * knows (not __constant__ memory, which no kernel writes) is a pointer.
 * A word that looks like an address (non-zero, 8-aligned, at or above
 * 4 GiB and below 2^48) the registry does not know leaves the launch
 * unchecked: 0 with why (at least 160 bytes) then, or when there are
 * more pointers than __LDCC_GMAX_PTRS ordinals or __LDCC_GMAX_PATCH
 * entries; 1 otherwise.  ld_rt_global_plan calls it. */
int ld_rt_global_fields(const struct __ldcc_global_meta *m,
                        const struct __ldcc_global_arg *args, unsigned nargs,
                        struct ld_rt_registry *reg, struct ld_rt_gplan *p,
                        char *why, size_t whysize);

/* The name of table entry i: a parameter's, a variable's, or a pointer
 * inside a parameter's ("g+16"). */
const char *ld_rt_global_slot_name(const struct __ldcc_global_meta *m,
                                   const struct ld_rt_gplan *p, unsigned i);

/* The argument of table entry i: args[i], or a pointer inside a
 * parameter's value (p->fargs). */
const struct __ldcc_global_arg *
ld_rt_global_slot_arg(const struct __ldcc_global_meta *m,
                      const struct __ldcc_global_arg *args,
                      const struct ld_rt_gplan *p, unsigned i);

/* Units of a launch: blocks, or warps of every block when warp_units. */
uint64_t ld_rt_global_units(const uint32_t grid[3], const uint32_t block[3],
                            int warp_units);

/* Place U and m copies of every allocation; returns the scratch area's
 * size in bytes (the race flag is its last 16 bytes). */
uint64_t ld_rt_global_layout(struct ld_rt_gplan *p, uint32_t m);

/* Deterministic mode: the same, plus after each allocation's copies the
 * parts named (LD_RT_GLAYOUT_*, or-ed). */
#define LD_RT_GLAYOUT_ACC 1u   /* marks and sums: accumulating atomics */
#define LD_RT_GLAYOUT_MERGE 2u /* the parallel merge's winners */
uint64_t ld_rt_global_layout_det(struct ld_rt_gplan *p, uint32_t m,
                                 unsigned parts);

/* The bytes ld_rt_global_layout_det adds for LD_RT_GLAYOUT_ACC: what a
 * deterministic launch with accumulating atomics needs besides the copies
 * and U. */
uint64_t ld_rt_global_acc_bytes(const struct ld_rt_gplan *p);

/* The bytes ld_rt_global_layout_det adds for LD_RT_GLAYOUT_MERGE. */
uint64_t ld_rt_global_merge_bytes(const struct ld_rt_gplan *p);

/* 16-byte chunks covering allocation i (what the sweeps and marks count). */
uint64_t ld_rt_global_chunks(const struct ld_rt_gplan *p, uint32_t i);

/* Deterministic mode: where the clone's accumulating atomics mark their
 * words (gi->acc, gi->nacc), for a round using `copies` copies. */
void ld_rt_global_acc(const struct ld_rt_gplan *p, uint64_t scratch,
                      uint32_t copies, struct __ldcc_global_info *gi);

/* The shift table for a scratch area at device address `scratch`: every
 * pointer argument into a written allocation gets the offset from where
 * it points to the same byte of copy 0, and the slot size as the distance
 * between copies; others stay 0. */
void ld_rt_global_info(const struct ld_rt_gplan *p,
                       const struct __ldcc_global_meta *m,
                       const struct __ldcc_global_arg *args, unsigned nargs,
                       uint64_t scratch, struct __ldcc_global_info *gi);

/* Proved launches (docs/global-check.md, "Proved launches"): 1 when the
 * kernel carries the translator's proof (__LDCC_GM_OWN), its launch
 * conditions hold for this grid, block and integer arguments, and no
 * allocation it writes is pointed into by another pointer argument (an
 * alias the proof, which follows each parameter alone, cannot see): the
 * launch runs as built.  0 otherwise, with why (at least 160 bytes) saying
 * which part failed. */
int ld_rt_global_own_ok(const struct __ldcc_global_meta *m,
                        const struct ld_rt_gplan *p,
                        const struct __ldcc_global_arg *args, unsigned nargs,
                        const uint32_t grid[3], const uint32_t block[3],
                        char *why, size_t whysize);

/* The one run (docs/global-check.md, "One run"): whether the launch may
 * take it, and where its parts go in a scratch area. */

/* 1 when every pointer argument into a written allocation is a claimed
 * parameter (every access through it claims its words: nothing a unit
 * reads or stores there goes unseen), the kernel has no accumulating
 * atomics and unit + 1 fits a tag (below 2^31); 0 otherwise. */
int ld_rt_global_one_run_ok(const struct __ldcc_global_meta *m,
                            const struct ld_rt_gplan *p, uint64_t nunits);

/* The direct one run (docs/global-check.md, "Direct one run"): 1 when a
 * kernel with __LDCC_GM_DIRECT may take it for this launch (every pointer
 * argument into written memory claimed, the units fit a tag); 0 with why
 * (at least 200 bytes) otherwise: the launch cannot be checked. */
int ld_rt_global_direct_ok(const struct __ldcc_global_meta *m,
                           const struct ld_rt_gplan *p, uint64_t nunits,
                           char *why, size_t whysize);

/* Atomics only (docs/global-check.md, "Atomics only"): 1 when every
 * pointer argument of a direct kernel's launch into memory it writes is
 * claimed and reached by device- or system-scope atomics alone
 * (__LDCC_GP_ATOMIC), which never race with each other: the launch is
 * race-free in the check across blocks without a run. */
int ld_rt_global_atomics_only(const struct __ldcc_global_meta *m,
                              const struct ld_rt_gplan *p);

/* Allocation i's part of a one-run area: its tags (one 32-bit tag per
 * 4-byte word from its base rounded down to 4) at tags_at, a copy of its
 * bytes (what the run changes, put back when units conflict) at
 * backup_at. */
struct ld_rt_gone_part {
  uint64_t tags_at, tags_bytes;
  uint64_t backup_at;
};
/* The layout: parts for p's allocations, the table (struct __ldcc_gowner)
 * at *table_at, the flag at *flag_at; returns the area's size in bytes. */
uint64_t ld_rt_global_one_layout(const struct ld_rt_gplan *p,
                                 struct ld_rt_gone_part *parts,
                                 uint64_t *table_at, uint64_t *flag_at);
/* The table for an area at device address `area`. */
void ld_rt_global_one_table(const struct ld_rt_gplan *p,
                            const struct ld_rt_gone_part *parts, uint64_t area,
                            uint64_t flag_at, struct __ldcc_gowner *o);

/* The clone's view of table o: gi->flag, and per pointer parameter into
 * a written allocation that allocation's entry (gi->own[ordinal]); the
 * others' entries stay 0 (no claims). */
void ld_rt_global_one_info(const struct __ldcc_global_meta *m,
                           const struct ld_rt_gplan *p,
                           const struct __ldcc_gowner *o,
                           struct __ldcc_global_info *gi);

/* The launch context a report record names (start_site).  Identical
 * contexts are interned once; they live until the process ends. */
struct ld_rt_gctx {
  const struct __ldcc_kernel_meta *kernel;
  const char *name;   /* allocation's name, else the parameter's */
  uint64_t index_at;  /* address of element [0]: the allocation's base
                         when named after it, else the argument */
  uint64_t base;      /* the allocation's base */
  uint32_t elem_size; /* >= 1 */
  uint32_t value_kind;
  uint32_t grid[3], block[3];
  uint32_t warp_units;
  uint32_t m;
  uint64_t stride; /* units per group in this round */
  uint64_t nunits;
  uint32_t deterministic; /* records name units, not copies; a unit >=
                             nunits is one of an earlier round */
};

/* Intern c; *id is its number for the record (1-based).  LD_ENOMEM. */
int ld_rt_gctx_intern(const struct ld_rt_gctx *c, uint32_t *id);
/* The context with that number, or NULL. */
const struct ld_rt_gctx *ld_rt_gctx_get(uint32_t id);

/* The unit(s) that ran on copy `copy`: "block (3,0,0)", "block (0,0,0)
 * warp 1", or, when a copy held several, "a block b with b / 2 % 4 == 1"
 * (b the linear block index; w for warps).  In a deterministic context
 * `copy` is the unit itself, and one past the units "a block of an
 * earlier round" (warp for warps). */
void ld_rt_global_unit_text(const struct ld_rt_gctx *c, uint32_t copy,
                            char *buf, size_t size);

/* "d_out[17]" for the element at device address addr. */
void ld_rt_global_element(const struct ld_rt_gctx *c, uint64_t addr, char *buf,
                          size_t size);

#endif
