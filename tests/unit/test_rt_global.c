/* Check suite for the host logic of the check across blocks
 * (runtime/ld_rt_global.c): which allocations a launch writes and the
 * reasons it is not checked, the units, where copies go and the shift of
 * every pointer parameter (aliasing and interior pointers consistent,
 * alignment kept), the names of units and elements in reports, and the
 * report text of the two global kinds. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_global.h"
#include "ld_rt_registry.h"
#include "ld_rt_report.h"

#define R __LDCC_GP_POINTER
#define W (__LDCC_GP_POINTER | __LDCC_GP_WRITTEN)

static const char *const names[] = {"out", "in", "alias", "n", "spare"};

/* A kernel (out written, in read, alias written, n a scalar, spare read). */
static struct __ldcc_global_meta
meta_of(const unsigned char *flags, const signed char *ptr, uint32_t nparams) {
  struct __ldcc_global_meta m;

  memset(&m, 0, sizeof m);
  m.abi = __LDCC_GLOBAL_ABI;
  m.kernel.abi = __LDCC_HOST_ABI;
  m.kernel.name = "k";
  m.kernel.file = "k.cu";
  m.nparams = nparams;
  m.param_names = names;
  m.param_flags = flags;
  m.param_ptr = ptr;
  return m;
}

static struct __ldcc_global_arg ptr_arg(uint64_t p, uint32_t esize) {
  struct __ldcc_global_arg a = {(const void *)(uintptr_t)p,
                                1,
                                esize,
                                __LDCC_VK_SIGNED,
                                0,
                                0,
                                0,
                                0,
                                NULL,
                                0};
  return a;
}

static struct ld_rt_registry *registry(void) {
  struct ld_rt_registry *reg = NULL;
  struct ld_rt_alloc a;
  uint64_t id;
  size_t ev;

  ck_assert_int_eq(ld_rt_registry_create(&reg), 0);
  memset(&a, 0, sizeof a);
  a.kind = LD_RT_ALLOC_MALLOC;
  a.base = 0x10000;
  a.size = 1000;
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 0, &id, &ev), 0);
  a.base = 0x20000;
  a.size = 64;
  a.name = "table";
  a.kind = LD_RT_ALLOC_DEVICE_VAR;
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 0, &id, &ev), 0);
  a.base = 0x30000;
  a.size = 64;
  a.name = NULL;
  a.kind = LD_RT_ALLOC_INTERNAL;
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 0, &id, &ev), 0);
  a.base = 0x40004; /* not aligned to 256: a __device__ variable */
  a.size = 10;
  a.kind = LD_RT_ALLOC_DEVICE_VAR;
  a.name = "odd";
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 0, &id, &ev), 0);
  return reg;
}

START_TEST(test_plan_aliases_share_one_copy) {
  static const unsigned char flags[] = {W, R, W, 0, R};
  static const signed char ptr[] = {0, 1, 2, -1, 3};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 5);
  struct __ldcc_global_arg args[5];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct __ldcc_global_info gi;
  char why[200] = "";
  uint64_t total;

  args[0] = ptr_arg(0x10000, 4);
  args[1] = ptr_arg(0x10100, 4); /* read-only view of the written buffer */
  args[2] = ptr_arg(0x10010, 4); /* interior pointer, same allocation */
  memset(&args[3], 0, sizeof args[3]);
  args[4] = ptr_arg(0x20008, 4); /* read-only, another allocation */
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nallocs, 1);
  ck_assert_uint_eq(p.allocs[0].a.base, 0x10000);
  ck_assert_uint_eq(p.allocs[0].param, 0);
  ck_assert_uint_eq(p.allocs[0].slot, 1280); /* round_256(1000 + 256) */
  ck_assert_uint_eq(p.copy_bytes, 1280);
  ck_assert_int_eq(p.param_alloc[0], 0);
  ck_assert_int_eq(p.param_alloc[1], 0);
  ck_assert_int_eq(p.param_alloc[2], 0);
  ck_assert_int_eq(p.param_alloc[3], -1);
  ck_assert_int_eq(p.param_alloc[4], -1); /* read-only memory: no copy */

  total = ld_rt_global_layout(&p, 3);
  ck_assert_uint_eq(total, 4 * 1280 + LD_RT_GALIGN); /* U + 3 copies */
  ld_rt_global_info(&p, &m, args, 5, 0x7000000, &gi);
  /* Copy 0 starts one slot after U; same offset for every pointer into
   * the allocation, so out[4] and alias[0] stay one byte apart. */
  ck_assert_int_eq(gi.off[0], (int64_t)(0x7000000 + 1280) - 0x10000);
  ck_assert_int_eq(gi.off[1], gi.off[0]);
  ck_assert_int_eq(gi.off[2], gi.off[0]);
  ck_assert_uint_eq(gi.cstride[0], 1280);
  ck_assert_uint_eq(gi.cstride[2], 1280);
  ck_assert_int_eq(gi.off[3], 0);
  ck_assert_uint_eq(gi.cstride[3], 0);
  /* With copies the clone claims nothing: no table, no entries. */
  ck_assert_uint_eq(gi.owner, 0);
  ck_assert_uint_eq(gi.flag, 0);
  ck_assert_uint_eq(gi.own[0].size, 0);
  ck_assert_uint_eq(gi.own[2].size, 0);
  ld_rt_registry_free(reg);
}
END_TEST

/* A proved launch (docs/global-check.md, "Proved launches") runs as built
 * when its conditions hold for the grid, block and integer arguments, and
 * no other pointer argument points into an allocation it writes. */
START_TEST(test_own) {
  enum { S = __LDCC_GP_POINTER | __LDCC_GP_WRITTEN | __LDCC_GP_CLAIMED };
  static const unsigned char flags[] = {S, R, 0, 0, R};
  static const signed char ptr[] = {0, 1, -1, -1, 2};
  /* blockDim.x - 1 < 256; (blockDim.x - 1) + 256 * (gridDim.x - 1) < |n|;
   * 4 * |n| * (blockDim.y - 1) + 3 < 2^31 */
  static const struct __ldcc_own_term own[] = {
      {1, __LDCC_OWN_NONE, 0, 0, 0, 0},
      {256, __LDCC_OWN_NONE, __LDCC_OWN_NONE, 0, 1, 0},
      {1, __LDCC_OWN_NONE, 0, 1, 0, 0},
      {256, __LDCC_OWN_NONE, 3, 1, 0, 0},
      {1, __LDCC_OWN_PARAM + 3, __LDCC_OWN_NONE, 1, 1, 0},
      {4, __LDCC_OWN_PARAM + 3, 1, 2, 0, 0},
      {3, __LDCC_OWN_NONE, __LDCC_OWN_NONE, 2, 0, 0},
      {1ll << 31, __LDCC_OWN_NONE, __LDCC_OWN_NONE, 2, 1, 0}};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 5);
  struct __ldcc_global_arg args[5];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  uint32_t g3[3] = {4, 1, 1}, b3[3] = {256, 1, 1};
  char why[200] = "";

  m.flags = __LDCC_GM_OWN;
  m.own = own;
  m.nown = sizeof own / sizeof *own;
  args[0] = ptr_arg(0x10000, 4);
  args[1] = ptr_arg(0x20008, 4); /* read-only, another allocation */
  memset(&args[2], 0, sizeof args[2]);
  memset(&args[3], 0, sizeof args[3]);
  args[3].is_int = 1;
  args[3].mag = 1024; /* n: a negative -1024 has the same magnitude */
  args[4] = ptr_arg(0x10040, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  /* spare points into out's allocation: an alias the proof cannot see */
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  ck_assert_str_eq(why, "arguments out and spare point into one allocation");
  args[4] = ptr_arg(0x20000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert(ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  /* 255 + 256 * 4 = 1279 is not below 1024 */
  g3[0] = 5;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  ck_assert_str_eq(why,
                   "condition 2 of the proof does not hold for this launch");
  g3[0] = 4;
  b3[0] = 257;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  ck_assert_str_eq(why,
                   "condition 1 of the proof does not hold for this launch");
  /* 4 * 1024 * (2^19 - 1) + 3 < 2^31, 4 * 1024 * 2^19 + 3 is not */
  b3[0] = 256;
  b3[1] = 1u << 19;
  ck_assert(ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  b3[1] = (1u << 19) + 1;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  /* products past 2^64 saturate, and fail */
  b3[1] = 2;
  args[3].mag = UINT64_MAX / 2;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  /* a condition on an argument that is not an integer */
  args[3].mag = 1024;
  args[3].is_int = 0;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  ck_assert_str_eq(why, "a condition names no integer argument");
  args[3].is_int = 1;
  ck_assert(ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  /* a negative constant is subtracted: (gridDim.x - 1) - 3 < 1 */
  {
    static const struct __ldcc_own_term minus[] = {
        {1, __LDCC_OWN_NONE, 3, 0, 0, 0},
        {-3, __LDCC_OWN_NONE, __LDCC_OWN_NONE, 0, 0, 0},
        {1, __LDCC_OWN_NONE, __LDCC_OWN_NONE, 0, 1, 0}};
    m.own = minus;
    m.nown = 3;
    ck_assert(ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
    g3[0] = 5;
    ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
    g3[0] = 4;
    m.own = own;
    m.nown = sizeof own / sizeof *own;
  }
  /* no proof, or accumulating atomics */
  m.flags = 0;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  m.flags = __LDCC_GM_OWN | __LDCC_GM_ACCUMULATES;
  ck_assert(!ld_rt_global_own_ok(&m, &p, args, 5, g3, b3, why, sizeof why));
  ld_rt_registry_free(reg);
}
END_TEST

/* The one run: taken only when every pointer into written memory is
 * claimed; its tags cover every word from the base rounded down to 4,
 * the backup every byte, and the table points at them. */
START_TEST(test_one_run) {
  enum { S = __LDCC_GP_POINTER | __LDCC_GP_WRITTEN | __LDCC_GP_CLAIMED };
  static const unsigned char claimed[] = {S, R, S, 0, R};
  static const unsigned char claimed_view[] = {S, R | __LDCC_GP_CLAIMED, S, 0,
                                               R};
  static const unsigned char unclaimed[] = {W, R, S, 0, R};
  static const signed char ptr[] = {0, 1, 2, -1, 3};
  struct __ldcc_global_meta m = meta_of(claimed, ptr, 5);
  struct __ldcc_global_arg args[5];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct ld_rt_gone_part parts[LD_RT_GMAX_ALLOCS];
  struct __ldcc_gowner o;
  uint64_t table_at, flag_at, total;
  char why[200] = "";

  args[0] = ptr_arg(0x10000, 4);
  args[1] = ptr_arg(0x20008, 4); /* read-only, another allocation */
  args[2] = ptr_arg(0x40004, 4); /* the odd __device__ variable */
  memset(&args[3], 0, sizeof args[3]);
  args[4] = ptr_arg(0x20000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nallocs, 2);
  ck_assert(ld_rt_global_one_run_ok(&m, &p, 1000));
  /* Units must fit a tag below its read bit (unit + 1 < 2^31). */
  ck_assert(ld_rt_global_one_run_ok(&m, &p, 0x7ffffffe));
  ck_assert(!ld_rt_global_one_run_ok(&m, &p, 0x7fffffff));
  /* Accumulating atomics: their words are merged as deltas, not claimed. */
  m.flags = __LDCC_GM_ACCUMULATES;
  ck_assert(!ld_rt_global_one_run_ok(&m, &p, 1000));
  m.flags = 0;
  /* A read-only view of written memory whose reads are not claimed could
   * read another unit's store unseen; claimed, it takes the run. */
  args[1] = ptr_arg(0x10100, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_int_eq(p.param_alloc[1], 0);
  ck_assert(!ld_rt_global_one_run_ok(&m, &p, 1000));
  m = meta_of(claimed_view, ptr, 5);
  ck_assert(ld_rt_global_one_run_ok(&m, &p, 1000));
  /* A written parameter whose uses are not all accesses. */
  args[1] = ptr_arg(0x20008, 4);
  m = meta_of(unclaimed, ptr, 5);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert(!ld_rt_global_one_run_ok(&m, &p, 1000));
  ck_assert(!ld_rt_global_one_run_ok(NULL, &p, 1000));

  m = meta_of(claimed, ptr, 5);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  total = ld_rt_global_one_layout(&p, parts, &table_at, &flag_at);
  /* 1000 bytes: 250 tags (1000 bytes, 1024 placed), backup 1024; the odd
   * variable at 0x40004 (10 bytes): tags from 0x40004, 3 words. */
  ck_assert_uint_eq(parts[0].tags_at, 0);
  ck_assert_uint_eq(parts[0].tags_bytes, 1000);
  ck_assert_uint_eq(parts[0].backup_at, 1024);
  ck_assert_uint_eq(parts[1].tags_at, 2048);
  ck_assert_uint_eq(parts[1].tags_bytes, 12);
  ck_assert_uint_eq(parts[1].backup_at, 2048 + 256);
  ck_assert_uint_eq(table_at, 2048 + 512);
  ck_assert_uint_eq(flag_at % LD_RT_GALIGN, 0);
  ck_assert_uint_ge(flag_at, table_at + sizeof o);
  ck_assert_uint_eq(total, flag_at + LD_RT_GALIGN);
  ld_rt_global_one_table(&p, parts, 0x9000000, flag_at, &o);
  ck_assert_uint_eq(o.n, 2);
  ck_assert_uint_eq(o.flag, 0x9000000 + flag_at);
  ck_assert_uint_eq(o.e[0].lo, 0x10000);
  ck_assert_uint_eq(o.e[0].size, 1000);
  ck_assert_uint_eq(o.e[0].tags, 0x9000000);
  ck_assert_uint_eq(o.e[1].lo, 0x40004);
  ck_assert_uint_eq(o.e[1].size, 10);
  ck_assert_uint_eq(o.e[1].tags, 0x9000000 + 2048);
  /* The clone's view: out (ordinal 0) and the odd variable (ordinal 2)
   * claim in their allocations; in and spare point elsewhere. */
  {
    struct __ldcc_global_info gi;
    memset(&gi, 0xff, sizeof gi);
    ld_rt_global_one_info(&m, &p, &o, &gi);
    ck_assert_uint_eq(gi.flag, o.flag);
    ck_assert_uint_eq(gi.own[0].lo, 0x10000);
    ck_assert_uint_eq(gi.own[0].tags, o.e[0].tags);
    ck_assert_uint_eq(gi.own[2].lo, 0x40004);
    ck_assert_uint_eq(gi.own[2].size, 10);
    ck_assert_uint_eq(gi.own[1].size, 0);
    ck_assert_uint_eq(gi.own[3].size, 0);
  }
  ld_rt_registry_free(reg);
}
END_TEST

/* Written __device__ variables (meta.nvars): entries after the
 * parameters, shifted like them with the ordinals after the pointer
 * parameters', one allocation with a parameter pointing into it too, never
 * the one run; a parameter left to its default still says so, and a
 * variable without a device address leaves the launch unchecked. */
/* Atomics only (docs/global-check.md, "Atomics only"): a direct kernel's
 * launch whose written memory only claimed, atomic-only parameters reach
 * needs no run; a plain reader of that memory, a fence or a grid sync, or
 * a kernel outside the direct run does. */
START_TEST(test_atomics_only) {
  enum {
    A = __LDCC_GP_POINTER | __LDCC_GP_WRITTEN | __LDCC_GP_CLAIMED |
        __LDCC_GP_ATOMIC,
    S = __LDCC_GP_POINTER | __LDCC_GP_WRITTEN | __LDCC_GP_CLAIMED
  };
  static const unsigned char atomic[] = {A, R | __LDCC_GP_CLAIMED, A, 0, R};
  static const unsigned char plain[] = {S, R | __LDCC_GP_CLAIMED, A, 0, R};
  static const signed char ptr[] = {0, 1, 2, -1, 3};
  struct __ldcc_global_meta m = meta_of(atomic, ptr, 5);
  struct __ldcc_global_arg args[5];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  char why[200] = "";

  m.flags = __LDCC_GM_DIRECT;
  args[0] = ptr_arg(0x10000, 4);
  args[1] = ptr_arg(0x20008, 4); /* read-only, another allocation */
  args[2] = ptr_arg(0x10010, 4); /* atomics into out's allocation too */
  memset(&args[3], 0, sizeof args[3]);
  args[4] = ptr_arg(0x20000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert(ld_rt_global_atomics_only(&m, &p));
  /* Not the direct run, or with fences or grid syncs: run it. */
  m.flags = 0;
  ck_assert(!ld_rt_global_atomics_only(&m, &p));
  m.flags = __LDCC_GM_DIRECT | __LDCC_GM_FENCES;
  ck_assert(!ld_rt_global_atomics_only(&m, &p));
  m.flags = __LDCC_GM_DIRECT | __LDCC_GM_GRID_SYNC;
  ck_assert(!ld_rt_global_atomics_only(&m, &p));
  m.flags = __LDCC_GM_DIRECT;
  /* A read-only view into the written allocation reads words others
   * update atomically. */
  args[1] = ptr_arg(0x10100, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert(!ld_rt_global_atomics_only(&m, &p));
  args[1] = ptr_arg(0x20008, 4);
  /* A written parameter with plain accesses. */
  m = meta_of(plain, ptr, 5);
  m.flags = __LDCC_GM_DIRECT;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert(!ld_rt_global_atomics_only(&m, &p));
  ck_assert(!ld_rt_global_atomics_only(NULL, &p));
  ld_rt_registry_free(reg);
}
END_TEST

/* __LDCC_GM_LOADS (docs/global-check.md, "Pointers loaded from memory"):
 * every allocation of the program joins the plan, named by its
 * allocation call and number unless it has a name, the runtime's own and
 * __constant__ memory aside; more than the table holds leaves the launch
 * unchecked, with the reason. */
START_TEST(test_plan_loaded_pointers) {
  enum { C = __LDCC_GP_POINTER | __LDCC_GP_WRITTEN | __LDCC_GP_CLAIMED };
  static const unsigned char flags[] = {C, R | __LDCC_GP_CLAIMED, 0, 0, 0};
  static const signed char ptr[] = {0, 1, -1, -1, -1};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 2);
  struct __ldcc_global_arg args[2];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct ld_rt_alloc a;
  char why[200] = "";
  uint64_t id;
  size_t ev;
  unsigned i;

  m.flags = __LDCC_GM_DIRECT | __LDCC_GM_LOADS;
  args[0] = ptr_arg(0x40004, 8); /* the struct of pointers: "odd" */
  args[1] = ptr_arg(0x20000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  /* odd (the parameter's), then the cudaMalloc (loaded); not the
   * runtime's own at 0x30000, nor a variable the kernel does not name
   * (table: a store through a loaded pointer there is counted unknown). */
  ck_assert_uint_eq(p.nallocs, 2);
  ck_assert_uint_eq(p.allocs[0].a.base, 0x40004);
  ck_assert_int_eq(p.allocs[0].loaded, 0);
  ck_assert_uint_eq(p.allocs[1].a.base, 0x10000);
  ck_assert_int_eq(p.allocs[1].loaded, 1);
  ck_assert_str_eq(p.allocs[1].a.name, "cudaMalloc#1");
  /* The read-only parameter points into no followed allocation; the
   * direct run may take the launch. */
  ck_assert_int_eq(p.param_alloc[1], -1);
  ck_assert(ld_rt_global_direct_ok(&m, &p, 64, why, sizeof why));
  ck_assert(!ld_rt_global_atomics_only(&m, &p));
  /* Without the flag only the written parameter's allocation. */
  m.flags = __LDCC_GM_DIRECT;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nallocs, 1);
  /* More allocations than the table holds: unchecked, said why. */
  m.flags = __LDCC_GM_DIRECT | __LDCC_GM_LOADS;
  memset(&a, 0, sizeof a);
  a.kind = LD_RT_ALLOC_MALLOC;
  a.size = 256;
  for (i = 0; i < LD_RT_GMAX_ALLOCS; i++) {
    a.base = 0x100000 + (uint64_t)i * 0x1000;
    ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 0, &id, &ev), 0);
  }
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_msg(strstr(why, "reads pointers from memory") &&
                    strstr(why, "66 allocations"),
                "%s", why);
  ld_rt_registry_free(reg);
}
END_TEST

START_TEST(test_plan_device_variables) {
  static const char *const vnames[] = {"out", "n", "table", "odd"};
  static const unsigned char flags[] = {W, 0, W, W};
  static const signed char ptr[] = {0, -1, 1, 2};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 2);
  struct __ldcc_global_arg vars[2], args[4];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct __ldcc_global_info gi;
  char why[200] = "";

  m.param_names = vnames;
  m.nvars = 2;
  m.vars = vars; /* their host shadows: only nvars and non-NULL matter */
  args[0] = ptr_arg(0x20010, 4); /* into table, as a parameter too */
  memset(&args[1], 0, sizeof args[1]);
  args[2] = ptr_arg(0x20000, 4);
  args[3] = ptr_arg(0x40004, 1);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nallocs, 2);
  ck_assert_uint_eq(p.allocs[0].a.base, 0x20000);
  ck_assert_uint_eq(p.allocs[0].param, 0);
  ck_assert_uint_eq(p.allocs[1].a.base, 0x40004);
  ck_assert_uint_eq(p.allocs[1].param, 3);
  ck_assert_int_eq(p.param_alloc[0], 0);
  ck_assert_int_eq(p.param_alloc[1], -1);
  ck_assert_int_eq(p.param_alloc[2], 0);
  ck_assert_int_eq(p.param_alloc[3], 1);
  ck_assert_int_eq(ld_rt_global_one_run_ok(&m, &p, 8), 0);
  ld_rt_global_layout(&p, 2);
  ld_rt_global_info(&p, &m, args, 2, 0x7000000, &gi);
  /* The parameter and the variable it points into move together. */
  ck_assert_int_eq(gi.off[0] + 0x20010, gi.off[1] + 0x20010);
  ck_assert_uint_eq(gi.cstride[1], p.allocs[0].slot);
  ck_assert_uint_eq(gi.cstride[2], p.allocs[1].slot);
  ck_assert_int_eq((0x40004 + gi.off[2]) % LD_RT_GALIGN, 0x04);

  /* The parameter's argument left to its default. */
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 0, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "parameter out takes a default argument");
  /* A variable the registry does not know (a __managed__ one) is its own
   * allocation when its size is known, else not checked. */
  args[3] = ptr_arg(0x50000, 4);
  args[3].var_size = 12;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nallocs, 2);
  ck_assert_uint_eq(p.allocs[1].a.base, 0x50000);
  ck_assert_uint_eq(p.allocs[1].a.size, 12);
  ck_assert_str_eq(p.allocs[1].a.name, "odd");
  args[3].var_size = 0;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "it writes __device__ variable odd, at an address "
                        "ldcc does not know");
  /* No device address for a variable. */
  args[3].ptr = NULL;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why,
                   "the device address of __device__ variable odd is unknown");
  ld_rt_registry_free(reg);
}
END_TEST

START_TEST(test_copies_keep_alignment) {
  static const unsigned char flags[] = {W};
  static const signed char ptr[] = {0};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 1);
  struct __ldcc_global_arg args[1] = {ptr_arg(0x40004, 2)};
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct __ldcc_global_info gi;
  char why[200];
  uint64_t c;

  ck_assert_int_eq(ld_rt_global_plan(&m, args, 1, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ld_rt_global_layout(&p, 2);
  ld_rt_global_info(&p, &m, args, 1, 0x9000000, &gi);
  for (c = 0; c < 2; c++) {
    uint64_t at = 0x40004 + (uint64_t)gi.off[0] + c * gi.cstride[0];
    ck_assert_uint_eq(at % LD_RT_GALIGN, 0x40004 % LD_RT_GALIGN);
    ck_assert_uint_ge(at, 0x9000000 + (c + 1) * p.allocs[0].slot);
    ck_assert_uint_le(at + 10, 0x9000000 + (c + 2) * p.allocs[0].slot);
  }
  ld_rt_registry_free(reg);
}
END_TEST

START_TEST(test_plan_reasons) {
  static const unsigned char flags[] = {W, R, W, 0, R};
  static const signed char ptr[] = {0, 1, 2, -1, 3};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 5);
  struct __ldcc_global_arg args[5];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  char why[200];

  memset(args, 0, sizeof args);
  args[0] = ptr_arg(0x50000, 4); /* nobody allocated this */
  args[2] = ptr_arg(0x10000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "it writes through parameter out, a pointer ldcc "
                        "does not know (not from the cudaMalloc family or a "
                        "__device__ variable)");
  args[0] = ptr_arg(0x30010, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "it writes through parameter out into ldcc runtime "
                        "memory");
  args[0].is_pointer = 0;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why,
                   "the argument for parameter out is not a plain pointer");
  /* Fewer arguments than parameters (a default argument). */
  args[0] = ptr_arg(0x10000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "parameter alias takes a default argument");
  /* Null written pointers are nothing to copy; all null: nothing to do. */
  args[0] = ptr_arg(0, 4);
  args[2] = ptr_arg(0, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_NOTHING);
  /* The translator's own reason wins over everything. */
  args[0] = ptr_arg(0x10000, 4);
  m.reason = "atomic operations";
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "atomic operations");
  m.reason = NULL;
  /* Another ABI. */
  m.abi = 99;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 5, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_str_eq(why, "metadata of another ldcc version");
  ld_rt_registry_free(reg);
}
END_TEST

START_TEST(test_units) {
  uint32_t g[3] = {4, 2, 1}, b[3] = {40, 1, 1}, b2[3] = {32, 2, 1};

  ck_assert_uint_eq(ld_rt_global_units(g, b, 0), 8);
  ck_assert_uint_eq(ld_rt_global_units(g, b, 1), 16); /* 2 warps each */
  ck_assert_uint_eq(ld_rt_global_units(g, b2, 1), 16);
}
END_TEST

static struct ld_rt_gctx ctx(uint32_t m, uint64_t stride, uint64_t nunits,
                             int warps) {
  struct ld_rt_gctx c;

  memset(&c, 0, sizeof c);
  c.name = "d_out";
  c.index_at = 0x1000;
  c.base = 0x1000;
  c.elem_size = 4;
  c.value_kind = __LDCC_VK_SIGNED;
  c.grid[0] = 4;
  c.grid[1] = 2;
  c.grid[2] = 1;
  c.block[0] = 64;
  c.block[1] = c.block[2] = 1;
  c.warp_units = (uint32_t)warps;
  c.m = m;
  c.stride = stride;
  c.nunits = nunits;
  return c;
}

START_TEST(test_unit_text) {
  struct ld_rt_gctx c = ctx(8, 1, 8, 0);
  char buf[160];

  ld_rt_global_unit_text(&c, 5, buf, sizeof buf);
  ck_assert_str_eq(buf, "block (1,1,0)");
  c = ctx(16, 1, 16, 1);
  ld_rt_global_unit_text(&c, 3, buf, sizeof buf);
  ck_assert_str_eq(buf, "block (1,0,0) warp 1");
  /* Two copies for eight blocks: a copy holds a group. */
  c = ctx(2, 2, 8, 0);
  ld_rt_global_unit_text(&c, 1, buf, sizeof buf);
  ck_assert_str_eq(buf, "a block b with b / 2 % 2 == 1");
  /* The last round of 3 units on 2 copies: copy 1 holds unit 2 alone. */
  c = ctx(2, 2, 3, 0);
  ld_rt_global_unit_text(&c, 1, buf, sizeof buf);
  ck_assert_str_eq(buf, "block (2,0,0)");
}
END_TEST

/* Deterministic mode: records name units; an earlier round's writer has
 * no unit. */
START_TEST(test_unit_text_deterministic) {
  struct ld_rt_gctx c = ctx(UINT32_MAX, 1, 8, 0);
  char buf[160];

  c.deterministic = 1;
  ld_rt_global_unit_text(&c, 5, buf, sizeof buf);
  ck_assert_str_eq(buf, "block (1,1,0)");
  ld_rt_global_unit_text(&c, __LDCC_GNONE, buf, sizeof buf);
  ck_assert_str_eq(buf, "a block of an earlier round");
  c = ctx(UINT32_MAX, 1, 16, 1);
  c.deterministic = 1;
  ld_rt_global_unit_text(&c, 3, buf, sizeof buf);
  ck_assert_str_eq(buf, "block (1,0,0) warp 1");
}
END_TEST

/* Deterministic mode with accumulating atomics: marks and sums after each
 * allocation's copies, sized by its 16-byte chunks, and the table gmark
 * searches: a word of copy c at lo + c * slot + 4 * w has mark byte w. */
START_TEST(test_accumulation_layout) {
  static const unsigned char flags[] = {W, W};
  static const signed char ptr[] = {0, 1};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 2);
  struct __ldcc_global_arg args[2] = {ptr_arg(0x10000, 4), ptr_arg(0x40004, 2)};
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct __ldcc_global_info gi;
  char why[200];
  uint64_t plain, total, scratch = 0x9000000;

  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(ld_rt_global_chunks(&p, 0), 63); /* 1000 bytes */
  ck_assert_uint_eq(ld_rt_global_chunks(&p, 1), 1);  /* 0x40004 + 10 */
  /* 63 * 4 and 63 * 32 bytes, then 4 and 32, each rounded up to 256. */
  ck_assert_uint_eq(ld_rt_global_acc_bytes(&p), 256 + 2048 + 256 + 256);
  plain = ld_rt_global_layout(&p, 3);
  ck_assert_uint_eq(p.allocs[0].marks_at, 0);
  total = ld_rt_global_layout_det(&p, 3, LD_RT_GLAYOUT_ACC);
  ck_assert_uint_eq(total, plain + ld_rt_global_acc_bytes(&p));
  ck_assert_uint_eq(p.allocs[0].marks_at, 4 * p.allocs[0].slot);
  ck_assert_uint_eq(p.allocs[0].sums_at, p.allocs[0].marks_at + 256);
  ck_assert_uint_eq(p.allocs[1].at, p.allocs[0].sums_at + 2048);
  ck_assert_uint_eq(p.allocs[0].winners_at, 0);
  /* The parallel merge's winners: 128 bytes per chunk after the sums,
   * 63 * 128 and 128 rounded up to 256. */
  ck_assert_uint_eq(ld_rt_global_merge_bytes(&p), 8192 + 256);
  total =
      ld_rt_global_layout_det(&p, 3, LD_RT_GLAYOUT_ACC | LD_RT_GLAYOUT_MERGE);
  ck_assert_uint_eq(total, plain + ld_rt_global_acc_bytes(&p) +
                               ld_rt_global_merge_bytes(&p));
  ck_assert_uint_eq(p.allocs[0].winners_at, p.allocs[0].sums_at + 2048);
  ck_assert_uint_eq(p.allocs[1].at, p.allocs[0].winners_at + 8192);
  ck_assert_uint_eq(ld_rt_global_layout_det(&p, 3, LD_RT_GLAYOUT_MERGE),
                    plain + ld_rt_global_merge_bytes(&p));
  ck_assert_uint_eq(p.allocs[0].marks_at, 0);
  ck_assert_uint_eq(p.allocs[0].winners_at, 4 * p.allocs[0].slot);
  /* Back to marks and sums only, for the table below. */
  ck_assert_uint_eq(ld_rt_global_layout_det(&p, 3, LD_RT_GLAYOUT_ACC),
                    plain + ld_rt_global_acc_bytes(&p));
  ld_rt_global_info(&p, &m, args, 2, scratch, &gi);
  ld_rt_global_acc(&p, scratch, 2, &gi);
  ck_assert_uint_eq(gi.nacc, 2);
  /* Copy 0 of the allocation at 0x40004 starts at 0x...04: lo is its
   * chunk, the same chunk the sweeps number 0. */
  ck_assert_uint_eq(gi.acc[1].lo % 16, 0);
  ck_assert_uint_eq(0x40004 + (uint64_t)gi.off[1] - gi.acc[1].lo, 4);
  ck_assert_uint_eq(gi.acc[1].span, 2 * p.allocs[1].slot);
  ck_assert_uint_eq(gi.acc[1].marks, scratch + p.allocs[1].marks_at);
  ck_assert_uint_eq(gi.acc[0].lo,
                    0x10000 + (uint64_t)gi.off[0]); /* 256-aligned */
  ld_rt_registry_free(reg);
}
END_TEST

START_TEST(test_element_and_contexts) {
  struct ld_rt_gctx c = ctx(8, 1, 8, 0), d;
  uint32_t id1 = 0, id2 = 0, id3 = 0;
  char buf[160];

  ld_rt_global_element(&c, 0x1000 + 4 * 17, buf, sizeof buf);
  ck_assert_str_eq(buf, "d_out[17]");
  ld_rt_global_element(&c, 0x1000 + 4 * 17 + 3, buf, sizeof buf);
  ck_assert_str_eq(buf, "d_out[17]");
  c.index_at = 0x1008; /* named after an interior parameter */
  ld_rt_global_element(&c, 0x1000, buf, sizeof buf);
  ck_assert_str_eq(buf, "d_out[-2]");
  ck_assert_int_eq(ld_rt_gctx_intern(&c, &id1), 0);
  d = c;
  ck_assert_int_eq(ld_rt_gctx_intern(&d, &id2), 0);
  ck_assert_uint_eq(id1, id2); /* identical launches share one */
  d.stride = 2;
  ck_assert_int_eq(ld_rt_gctx_intern(&d, &id3), 0);
  ck_assert_uint_ne(id1, id3);
  ck_assert_ptr_nonnull(ld_rt_gctx_get(id3));
  ck_assert_uint_eq(ld_rt_gctx_get(id3)->stride, 2);
  ck_assert_ptr_null(ld_rt_gctx_get(0));
  ck_assert_ptr_null(ld_rt_gctx_get(id3 + 1000));
}
END_TEST

/* A global record through the report table: text and de-duplication. */
START_TEST(test_report_text) {
  static const int lines[] = {40};
  struct __ldcc_kernel_meta km;
  struct __ldcc_report rec;
  struct ld_rt_gctx c = ctx(8, 1, 8, 0);
  struct ld_rt_races *races = ld_rt_races_new(100);
  uint32_t id = 0;
  int v1 = 7, v2 = 9;
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);

  memset(&km, 0, sizeof km);
  km.abi = __LDCC_HOST_ABI;
  km.name = "scatter";
  km.file = "g.cu";
  km.line = 3;
  km.launch_lines = lines;
  km.nlaunches = 1;
  c.kernel = &km;
  ck_assert_int_eq(ld_rt_gctx_intern(&c, &id), 0);
  memset(&rec, 0, sizeof rec);
  rec.valid = 1;
  rec.kind = __LDCC_RK_GLOBAL_WW;
  rec.kernel_meta = (uint64_t)(uintptr_t)&km;
  rec.start_site = id;
  rec.warp_a = 2;
  rec.warp_b = 3;
  rec.offset = 0x1000 + 4 * 5;
  rec.size = 4;
  memcpy(rec.value_a, &v1, 4);
  memcpy(rec.value_b, &v2, 4);
  ck_assert_int_eq(ld_rt_races_add(races, &rec, out), 1);
  rec.offset += 4; /* another element of the same allocation: same race */
  ck_assert_int_eq(ld_rt_races_add(races, &rec, out), 0);
  rec.kind = __LDCC_RK_GLOBAL_RW;
  rec.warp_a = rec.warp_b = 4;
  ck_assert_int_eq(ld_rt_races_add(races, &rec, out), 1);
  fclose(out);
  ck_assert_str_eq(
      text,
      "ldcc: write-write race on global memory d_out[5] in kernel scatter\n"
      "  block (2,0,0) wrote 7 (0x00000007), block (3,0,0) wrote 9 "
      "(0x00000009)\n"
      "  region: the whole launch\n"
      "  launched at g.cu:40\n"
      "ldcc: read-write race on global memory d_out[6] in kernel scatter\n"
      "  block (0,1,0)'s result changes once it sees other blocks' writes: 7 "
      "(0x00000007) in pass 1, 9 (0x00000009) in pass 2\n"
      "  region: the whole launch\n"
      "  launched at g.cu:40\n");
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_GLOBAL_WW), "global-write-write");
  ck_assert_str_eq(ld_rt_kind_memory(__LDCC_RK_GLOBAL_RW), "global");
  free(text);
  ld_rt_races_free(races);
}
END_TEST

/* The kernel "relax" of g.cu, launched at line lines[0]. */
static void relax_meta(struct __ldcc_kernel_meta *km, const int *lines) {
  memset(km, 0, sizeof *km);
  km->abi = __LDCC_HOST_ABI;
  km->name = "relax";
  km->file = "g.cu";
  km->line = 3;
  km->launch_lines = lines;
  km->nlaunches = 1;
}

/* The text the report record rec prints (malloc'd). */
static char *report_text(const struct __ldcc_report *rec) {
  struct ld_rt_races *races = ld_rt_races_new(100);
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);

  ck_assert_int_eq(ld_rt_races_add(races, rec, out), 1);
  fclose(out);
  ld_rt_races_free(races);
  return text;
}

/* A direct run's clash in a kernel with grid syncs names its region
 * (block[2]: 1 + the grid syncs passed, docs/global-check.md "Grid sync");
 * without grid syncs (0) the region is the whole launch. */
START_TEST(test_direct_region_text) {
  static const int lines[] = {40};
  static const uint32_t regions[] = {3, 1, 0};
  static const char *const want[] = {
      "  region: between grid syncs 2 and 3 (counted from kernel entry)\n",
      "  region: from kernel entry to the first grid sync\n",
      "  region: the whole launch\n"};
  struct __ldcc_kernel_meta km;
  struct __ldcc_report rec;
  struct ld_rt_gctx c = ctx(8, 1, 8, 0);
  uint32_t id = 0;
  int v1 = 7, v2 = 9;
  size_t i;

  relax_meta(&km, lines);
  c.kernel = &km;
  ck_assert_int_eq(ld_rt_gctx_intern(&c, &id), 0);
  for (i = 0; i < 3; i++) {
    char *text;
    memset(&rec, 0, sizeof rec);
    rec.valid = 1;
    rec.kind = __LDCC_RK_GLOBAL_RW;
    rec.kernel_meta = (uint64_t)(uintptr_t)&km;
    rec.start_site = id;
    rec.mask = 0x80000000u | __LDCC_GK_STORE | __LDCC_GK_READ << 4;
    rec.block[0] = 12;
    rec.block[1] = 14;
    rec.block[2] = regions[i];
    rec.warp_a = 2;
    rec.warp_b = 3;
    rec.offset = 0x1000 + 4 * 5;
    rec.size = 4;
    memcpy(rec.value_a, &v1, 4);
    memcpy(rec.value_b, &v2, 4);
    text = report_text(&rec);
    ck_assert_msg(strstr(text, "ldcc: read-write race on global memory "
                               "d_out[5] in kernel relax\n") != NULL,
                  "%s", text);
    ck_assert_msg(strstr(text, "stored to it at g.cu:12") != NULL, "%s", text);
    ck_assert_msg(strstr(text, want[i]) != NULL, "%s", text);
    /* The two accesses' lines, one of them a read: not "statements that
     * write" (session 29). */
    ck_assert_msg(strstr(text, "  statements of the two accesses: g.cu:12, "
                               "g.cu:14\n") != NULL,
                  "%s", text);
    ck_assert_msg(strstr(text, "statements that write") == NULL, "%s", text);
    free(text);
  }
}
END_TEST

/* A clash between lanes of one warp (mask bit 29; docs/global-check.md,
 * "Lanes of one warp"): the warp, how many lanes, the two lanes and their
 * values, for an update the word they read, and the word after the launch;
 * the same-value rule of two units does not apply (the device compared). */
START_TEST(test_lanes_text) {
  static const int lines[] = {40};
  static const char *const want[] = {
      "ldcc: lost update (lanes of one warp updating one word in the same "
      "instruction) on global memory d_out[5] in kernel relax\n"
      "  block (1,0,0) warp 0: 5 lanes updated it in one instruction at "
      "g.cu:29, "
      "each from 7 (0x00000007); lanes 0 and 10 stored 8 (0x00000008) and 8 "
      "(0x00000008): one lane's update "
      "overwrites the other's; 8 (0x00000008) after the launch\n",
      "ldcc: write-write race between lanes of one warp on global memory "
      "d_out[5] in kernel relax\n"
      "  block (1,0,0) warp 0: 5 lanes stored to it in one instruction at "
      "g.cu:29; "
      "lanes 0 and 10 stored 8 (0x00000008) and 9 (0x00000009); 9 "
      "(0x00000009) after the launch\n"};
  static const uint32_t kinds[] = {__LDCC_GK_UPDATE, __LDCC_GK_STORE};
  struct __ldcc_kernel_meta km;
  struct __ldcc_report rec;
  struct ld_rt_gctx c = ctx(16, 1, 16, 1);
  uint32_t id = 0;
  int old = 7, va = 8, vb[] = {8, 9};
  size_t i;

  relax_meta(&km, lines);
  c.kernel = &km;
  c.deterministic = 1; /* records name units, not copies */
  ck_assert_int_eq(ld_rt_gctx_intern(&c, &id), 0);
  for (i = 0; i < 2; i++) {
    char *text;
    memset(&rec, 0, sizeof rec);
    rec.valid = 1;
    rec.kind = __LDCC_RK_GLOBAL_WW;
    rec.kernel_meta = (uint64_t)(uintptr_t)&km;
    rec.start_site = id;
    rec.mask = 0xa0000000u | kinds[i] | kinds[i] << 4;
    rec.block[0] = rec.block[1] = 29;
    rec.warp_a = rec.warp_b = 2; /* block 1's warp 0 (two warps a block) */
    rec.lane = 0 | 10 << 8 | 5 << 16;
    rec.offset = 0x1000 + 4 * 5;
    rec.size = 4;
    memcpy(rec.value_a, &va, 4);
    memcpy(rec.value_a + 8, &old, 4);
    memcpy(rec.value_b, &vb[i], 4);
    memcpy(rec.value_b + 8, &vb[i], 4);
    text = report_text(&rec);
    ck_assert_msg(strstr(text, want[i]) != NULL, "%s", text);
    free(text);
  }
}
END_TEST

/* Pointers inside a by-value class argument (__LDCC_GP_FIELDS;
 * docs/global-check.md, "Pointers inside parameters"): the words of its
 * bytes that point into a registered allocation become written pointers
 * with ordinals after every other, the info lists them for gpatch, and
 * gpatch shifts them like gshift; an address-like word the registry does
 * not know, or too many pointers, leave the launch unchecked. */
START_TEST(test_fields) {
  static const char *const fnames[] = {"g", "out"};
  static const unsigned char flags[] = {__LDCC_GP_FIELDS, W};
  static const signed char ptr[] = {-1, 0};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 2);
  struct __ldcc_global_arg args[2];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  struct __ldcc_global_info gi;
  struct ld_rt_alloc a;
  uint64_t words[6], many[20], id, base;
  char why[200] = "";
  uint32_t g3[3] = {4, 1, 1}, b3[3] = {32, 1, 1};
  size_t ev;
  unsigned i;

  memset(&a, 0, sizeof a);
  a.kind = LD_RT_ALLOC_CONSTANT_VAR;
  a.base = 0x50000;
  a.size = 64;
  a.name = "coef";
  ck_assert_int_eq(ld_rt_registry_insert(reg, &a, 0, &id, &ev), 0);
  m.param_names = fnames;
  words[0] = 5;                     /* int n, padding */
  words[1] = 0x10010;               /* into the cudaMalloc'd buffer */
  words[2] = 0;                     /* null */
  words[3] = 0x50008;               /* __constant__ memory: read-only */
  words[4] = 0x3f80000000000001ull; /* two floats: not an address */
  words[5] = 0x200;                 /* a small integer */
  memset(args, 0, sizeof args);
  args[0].bytes = words;
  args[0].nbytes = sizeof words;
  args[1] = ptr_arg(0x10000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nfields, 1);
  ck_assert_uint_eq(p.fields[0].param, 0);
  ck_assert_uint_eq(p.fields[0].offset, 8);
  ck_assert_uint_eq(p.fields[0].ordinal, 1); /* after out's */
  ck_assert_str_eq(ld_rt_global_slot_name(&m, &p, 2), "g+8");
  ck_assert_uint_eq(ld_rt_global_slot_arg(&m, args, &p, 2)->elem_size, 1);
  /* One allocation, shared with out: one copy, one offset. */
  ck_assert_uint_eq(p.nallocs, 1);
  ck_assert_int_eq(p.param_alloc[1], 0);
  ck_assert_int_eq(p.param_alloc[2], 0);
  ld_rt_global_layout(&p, 3);
  ld_rt_global_info(&p, &m, args, 2, 0x7000000, &gi);
  ck_assert_int_eq(gi.off[1], gi.off[0]);
  ck_assert_uint_eq(gi.cstride[1], 1280);
  ck_assert_uint_eq(gi.npatch, 1);
  ck_assert_uint_eq(gi.patch[0].param, 0);
  ck_assert_uint_eq(gi.patch[0].ordinal, 1);
  ck_assert_uint_eq(gi.patch[0].offset, 8);
  /* gpatch: copy 2's word, nothing else touched; another parameter's
   * index patches nothing. */
  __ldcc_gpatch_bytes(&gi, 2, words, sizeof words, 1);
  ck_assert_uint_eq(words[1], 0x10010);
  __ldcc_gpatch_bytes(&gi, 2, words, sizeof words, 0);
  ck_assert_uint_eq(words[1],
                    (uint64_t)(0x10010 + gi.off[1] + 2 * gi.cstride[1]));
  ck_assert_uint_eq(words[2], 0);
  ck_assert_uint_eq(words[3], 0x50008);
  ck_assert_uint_eq(words[4], 0x3f80000000000001ull);
  /* Patched words are never claimed: no one run, no proof. */
  ck_assert_int_eq(ld_rt_global_one_run_ok(&m, &p, 4), 0);
  ck_assert_int_eq(
      ld_rt_global_own_ok(&m, &p, args, 2, g3, b3, why, sizeof why), 0);
  ck_assert_int_eq(ld_rt_global_direct_ok(&m, &p, 4, why, sizeof why), 0);
  ck_assert_ptr_nonnull(strstr(why, "but is not claimed"));
  /* A null-only or pointer-free argument: nothing found, nothing written. */
  words[1] = 0;
  args[1] = ptr_arg(0, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_NOTHING);
  ck_assert_uint_eq(p.nfields, 0);
  /* An address-like word nobody registered: not checked, never silently
   * checked. */
  words[2] = 0x7f0000001000ull;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_ptr_nonnull(strstr(
      why, "unknown memory behind a pointer inside parameter g (byte 16"));
  /* More pointers than ordinals. */
  for (base = 0x10000, i = 0; i < 20; i++)
    many[i] = base + 8 * i;
  args[0].bytes = many;
  args[0].nbytes = sizeof many;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_ptr_nonnull(strstr(why, "more than 16 pointers"));
  /* Left to a default argument: no bytes to look at. */
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 0, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_ptr_nonnull(strstr(why, "parameter g takes a default argument"));
  ld_rt_registry_free(reg);
}
END_TEST

/* A class argument whose pointers the kernel only reads
 * (__LDCC_GP_FIELDS_READ: a BFS's `Graph g` with `g.row[u]`, `g.col[e]`):
 * its pointers are no written memory, so the one run takes the launch;
 * one that points into memory the kernel writes is still shifted with it
 * and, unclaimed, keeps the launch on copies. */
START_TEST(test_fields_read) {
  static const char *const fnames[] = {"g", "dist"};
  static const unsigned char flags[] = {
      __LDCC_GP_FIELDS | __LDCC_GP_FIELDS_READ, W | __LDCC_GP_CLAIMED};
  static const signed char ptr[] = {-1, 0};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 2);
  struct __ldcc_global_arg args[2];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  uint64_t words[2];
  char why[200] = "";

  m.param_names = fnames;
  words[0] = 0x20000; /* the graph's offsets: another allocation */
  words[1] = 0x20010;
  memset(args, 0, sizeof args);
  args[0].bytes = words;
  args[0].nbytes = sizeof words;
  args[1] = ptr_arg(0x10000, 4);
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nfields, 2);
  ck_assert_uint_eq(p.nallocs, 1); /* dist's alone */
  ck_assert_int_eq(p.param_alloc[2], -1);
  ck_assert_int_eq(p.param_alloc[3], -1);
  ck_assert_int_eq(ld_rt_global_one_run_ok(&m, &p, 4), 1);
  /* Without the flag its allocation is written: no one run. */
  {
    static const unsigned char written[] = {__LDCC_GP_FIELDS,
                                            W | __LDCC_GP_CLAIMED};
    m.param_flags = written;
    ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                     LD_RT_GPLAN_CHECK);
    ck_assert_uint_eq(p.nallocs, 2);
    ck_assert_int_eq(ld_rt_global_one_run_ok(&m, &p, 4), 0);
    m.param_flags = flags;
  }
  /* A read-only pointer into dist's allocation: shifted, unclaimed. */
  words[1] = 0x10008;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nallocs, 1);
  ck_assert_int_eq(p.param_alloc[3], 0);
  ck_assert_int_eq(ld_rt_global_one_run_ok(&m, &p, 4), 0);
  ld_rt_registry_free(reg);
}
END_TEST

/* Where a class argument's pointers are, from its type (field_at): two
 * ints packed in one word (ECLgraph's `int nodes, edges;`) look like an
 * address and made the scan refuse the launch; the listed offsets are read
 * alone.  A claimed class parameter (the direct run's, by address) gives
 * its pointers CLAIMED, so the direct run takes the launch. */
START_TEST(test_field_offsets) {
  static const char *const fnames[] = {"g", "out"};
  static const unsigned char flags[] = {__LDCC_GP_FIELDS | __LDCC_GP_CLAIMED,
                                        W | __LDCC_GP_CLAIMED};
  static const signed char ptr[] = {-1, 0};
  static const uint32_t at[] = {8, 16, __LDCC_FIELD_END};
  static const uint32_t scan[] = {__LDCC_FIELD_SCAN};
  struct __ldcc_global_meta m = meta_of(flags, ptr, 2);
  struct __ldcc_global_arg args[2];
  struct ld_rt_registry *reg = registry();
  static struct ld_rt_gplan p;
  uint64_t words[3];
  char why[200] = "";

  m.param_names = fnames;
  words[0] = 0x0000400000001000ull; /* nodes 4096, edges 16384 */
  words[1] = 0x10010;               /* into the cudaMalloc'd buffer */
  words[2] = 0;                     /* null */
  memset(args, 0, sizeof args);
  args[0].bytes = words;
  args[0].nbytes = sizeof words;
  args[1] = ptr_arg(0x10000, 4);
  /* Scanning every word: the ints look like an address. */
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_ptr_nonnull(strstr(why, "parameter g (byte 0"));
  m.field_at = scan;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  /* The type's offsets: byte 8 only (16 is null). */
  m.field_at = at;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_CHECK);
  ck_assert_uint_eq(p.nfields, 1);
  ck_assert_uint_eq(p.fields[0].offset, 8);
  ck_assert_int_eq(ld_rt_global_direct_ok(&m, &p, 4, why, sizeof why), 1);
  /* A listed pointer into memory nobody registered: not checked. */
  words[2] = 0x7f0000001000ull;
  ck_assert_int_eq(ld_rt_global_plan(&m, args, 2, reg, &p, why, sizeof why),
                   LD_RT_GPLAN_UNCHECKED);
  ck_assert_ptr_nonnull(strstr(why, "parameter g (byte 16"));
  ld_rt_registry_free(reg);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_global");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_plan_aliases_share_one_copy);
  tcase_add_test(tc, test_plan_device_variables);
  tcase_add_test(tc, test_copies_keep_alignment);
  tcase_add_test(tc, test_one_run);
  tcase_add_test(tc, test_atomics_only);
  tcase_add_test(tc, test_own);
  tcase_add_test(tc, test_plan_reasons);
  tcase_add_test(tc, test_units);
  tcase_add_test(tc, test_unit_text);
  tcase_add_test(tc, test_unit_text_deterministic);
  tcase_add_test(tc, test_accumulation_layout);
  tcase_add_test(tc, test_element_and_contexts);
  tcase_add_test(tc, test_report_text);
  tcase_add_test(tc, test_direct_region_text);
  tcase_add_test(tc, test_lanes_text);
  tcase_add_test(tc, test_fields);
  tcase_add_test(tc, test_fields_read);
  tcase_add_test(tc, test_plan_loaded_pointers);
  tcase_add_test(tc, test_field_offsets);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
