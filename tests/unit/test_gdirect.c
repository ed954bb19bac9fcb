/* The direct one run's tag rule (include/ldcc/global.h,
 * __ldcc_gdirect_step; docs/global-check.md, "Direct one run"). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ldcc/global.h"

/* Two accesses by units ua then ub (wpb units per block): whether the
 * second clashes. */
static int pair(uint32_t ka, uint64_t ua, uint32_t kb, uint64_t ub,
                uint32_t wpb, uint32_t atomic_reads) {
  int clash = 0;
  uint32_t t = __ldcc_gdirect_step(0, ka, ua, wpb, atomic_reads, &clash);
  ck_assert_int_eq(clash, 0);
  (void)__ldcc_gdirect_step(t, kb, ub, wpb, atomic_reads, &clash);
  return clash;
}

START_TEST(test_rules) {
  /* store against anything of another unit */
  ck_assert(pair(__LDCC_GK_STORE, 0, __LDCC_GK_STORE, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_STORE, 0, __LDCC_GK_READ, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_READ, 0, __LDCC_GK_STORE, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_ATOMIC, 0, __LDCC_GK_STORE, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_STORE, 0, __LDCC_GK_ATOMIC, 1, 1, 1));
  /* one unit alone never clashes */
  ck_assert(!pair(__LDCC_GK_STORE, 3, __LDCC_GK_ATOMIC, 3, 1, 1));
  ck_assert(!pair(__LDCC_GK_ATOMIC, 3, __LDCC_GK_STORE, 3, 1, 1));
  ck_assert(!pair(__LDCC_GK_READ, 3, __LDCC_GK_STORE, 3, 1, 1));
  /* readers share, device atomics share */
  ck_assert(!pair(__LDCC_GK_READ, 0, __LDCC_GK_READ, 1, 1, 1));
  ck_assert(!pair(__LDCC_GK_ATOMIC, 0, __LDCC_GK_ATOMIC, 1, 1, 1));
  ck_assert(!pair(__LDCC_GK_ATOMIC, 0, __LDCC_GK_ATOMIC_SYSTEM, 1, 1, 1));
  /* guard reads, and the option */
  ck_assert(pair(__LDCC_GK_ATOMIC, 0, __LDCC_GK_READ, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_READ, 0, __LDCC_GK_ATOMIC, 1, 1, 1));
  ck_assert(!pair(__LDCC_GK_ATOMIC, 0, __LDCC_GK_READ, 1, 1, 0));
  ck_assert(!pair(__LDCC_GK_READ, 0, __LDCC_GK_ATOMIC, 1, 1, 0));
  /* block scope: two blocks race, two warps of one block do not */
  ck_assert(pair(__LDCC_GK_ATOMIC_BLOCK, 0, __LDCC_GK_ATOMIC_BLOCK, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_ATOMIC, 0, __LDCC_GK_ATOMIC_BLOCK, 1, 1, 1));
  ck_assert(pair(__LDCC_GK_ATOMIC_BLOCK, 0, __LDCC_GK_ATOMIC, 1, 1, 1));
  ck_assert(!pair(__LDCC_GK_ATOMIC_BLOCK, 0, __LDCC_GK_ATOMIC_BLOCK, 3, 4, 1));
  ck_assert(pair(__LDCC_GK_ATOMIC_BLOCK, 0, __LDCC_GK_ATOMIC_BLOCK, 4, 4, 1));
  ck_assert(!pair(__LDCC_GK_ATOMIC_BLOCK, 5, __LDCC_GK_ATOMIC_BLOCK, 5, 1, 1));
}
END_TEST

/* Fences (docs/global-check.md, "Fences"): 4 words per unit, the clock
 * at its last release of device scope, of any scope, at its last acquire
 * of device scope, of any scope. */
static void set_sync(uint32_t *s, uint64_t unit, uint32_t rel_dev,
                     uint32_t rel_any, uint32_t acq_dev, uint32_t acq_any) {
  s[unit * 4] = rel_dev;
  s[unit * 4 + 1] = rel_any;
  s[unit * 4 + 2] = acq_dev;
  s[unit * 4 + 3] = acq_any;
}

START_TEST(test_order) {
  uint32_t s[4 * 8] = {0}, o;
  uint32_t store0 = __ldcc_gdirect_mine(__LDCC_GK_STORE, 0, 1);
  uint32_t store_w0 = __ldcc_gdirect_mine(__LDCC_GK_STORE, 0, 4);

  /* Blocks as units: unit 0 stored at clock 3. */
  /* neither side synchronised: a race */
  o = __ldcc_gdirect_order(store0, 1, 1, 3, s);
  ck_assert(!__ldcc_gdirect_ordered(o));
  ck_assert_uint_eq(o, __LDCC_GORDER_FENCES);
  /* a device release after the access and an acquire after it: ordered */
  set_sync(s, 0, 4, 4, 4, 4);
  set_sync(s, 1, 0, 0, 5, 5);
  o = __ldcc_gdirect_order(store0, 1, 1, 3, s);
  ck_assert(__ldcc_gdirect_ordered(o));
  /* the release before the access (clock 2 < 3): a race */
  set_sync(s, 0, 2, 2, 2, 2);
  o = __ldcc_gdirect_order(store0, 1, 1, 3, s);
  ck_assert(!__ldcc_gdirect_ordered(o));
  ck_assert(!(o & __LDCC_GORDER_RELEASED));
  /* only a block-scope release between blocks: a race, said so */
  set_sync(s, 0, 0, 4, 0, 4);
  o = __ldcc_gdirect_order(store0, 1, 1, 3, s);
  ck_assert(!__ldcc_gdirect_ordered(o));
  ck_assert(o & __LDCC_GORDER_BLOCK);
  /* released, but the later unit acquired only with block scope */
  set_sync(s, 0, 4, 4, 4, 4);
  set_sync(s, 1, 0, 0, 0, 5);
  o = __ldcc_gdirect_order(store0, 1, 1, 3, s);
  ck_assert(!__ldcc_gdirect_ordered(o));
  ck_assert(o & __LDCC_GORDER_RELEASED);
  ck_assert(!(o & __LDCC_GORDER_ACQUIRED));
  /* the acquire before the access: a race */
  set_sync(s, 1, 2, 2, 2, 2);
  ck_assert(!__ldcc_gdirect_ordered(__ldcc_gdirect_order(store0, 1, 1, 3, s)));

  /* Warps as units (4 a block): warps 0 and 1 share block 0, so a
   * block-scope release and acquire order them; warp 4 is in block 1. */
  memset(s, 0, sizeof s);
  set_sync(s, 0, 0, 4, 0, 4);
  set_sync(s, 1, 0, 0, 0, 5);
  set_sync(s, 4, 0, 0, 0, 5);
  ck_assert(__ldcc_gdirect_ordered(__ldcc_gdirect_order(store_w0, 1, 4, 3, s)));
  ck_assert(
      !__ldcc_gdirect_ordered(__ldcc_gdirect_order(store_w0, 4, 4, 3, s)));
  set_sync(s, 0, 4, 4, 4, 4);
  set_sync(s, 4, 0, 0, 5, 5);
  ck_assert(__ldcc_gdirect_ordered(__ldcc_gdirect_order(store_w0, 4, 4, 3, s)));

  /* Several readers before: the later unit's acquire is all it asks. */
  memset(s, 0, sizeof s);
  o = __ldcc_gdirect_order(__LDCC_GREADERS, 2, 1, 3, s);
  ck_assert(!__ldcc_gdirect_ordered(o));
  ck_assert(o & __LDCC_GORDER_SEVERAL);
  set_sync(s, 2, 0, 0, 4, 4);
  ck_assert(__ldcc_gdirect_ordered(
      __ldcc_gdirect_order(__LDCC_GREADERS, 2, 1, 3, s)));

  /* A unit reading its own stored (or atomically updated) word again
   * leaves the word's clock at the store's: it stored at 3, released at
   * a barrier (4), read the word again (6); another unit that acquired at
   * 5 and reads it is ordered after the store, which a clock moved to 6
   * would hide.  Reads and stores over reads move it. */
  ck_assert(!__ldcc_gdirect_retime(store0, __LDCC_GK_READ));
  ck_assert(!__ldcc_gdirect_retime(__ldcc_gdirect_mine(__LDCC_GK_ATOMIC, 0, 1),
                                   __LDCC_GK_READ));
  ck_assert(__ldcc_gdirect_retime(store0, __LDCC_GK_STORE));
  ck_assert(__ldcc_gdirect_retime(__ldcc_gdirect_mine(__LDCC_GK_READ, 0, 1),
                                  __LDCC_GK_READ));
  ck_assert(__ldcc_gdirect_retime(__LDCC_GREADERS, __LDCC_GK_READ));
  memset(s, 0, sizeof s);
  set_sync(s, 0, 4, 4, 4, 4);
  set_sync(s, 1, 0, 0, 5, 5);
  ck_assert(__ldcc_gdirect_ordered(__ldcc_gdirect_order(store0, 1, 1, 3, s)));
  ck_assert(!__ldcc_gdirect_ordered(__ldcc_gdirect_order(store0, 1, 1, 6, s)));
}
END_TEST

START_TEST(test_several) {
  int clash = 0;
  uint32_t t = 0, u;
  /* several units' atomics, then a store: a lost update */
  for (u = 0; u < 5; u++) {
    t = __ldcc_gdirect_step(t, __LDCC_GK_ATOMIC, u, 1, 1, &clash);
    ck_assert_int_eq(clash, 0);
  }
  ck_assert_uint_eq(t, __LDCC_GATOMS);
  (void)__ldcc_gdirect_step(t, __LDCC_GK_STORE, 2, 1, 1, &clash);
  ck_assert_int_eq(clash, 1);
  (void)__ldcc_gdirect_step(t, __LDCC_GK_ATOMIC_BLOCK, 2, 1, 1, &clash);
  ck_assert_int_eq(clash, 1);
  /* several readers, then a store */
  t = 0;
  for (u = 0; u < 3; u++)
    t = __ldcc_gdirect_step(t, __LDCC_GK_READ, u, 1, 1, &clash);
  ck_assert_uint_eq(t, __LDCC_GREADERS);
  (void)__ldcc_gdirect_step(t, __LDCC_GK_STORE, 0, 1, 1, &clash);
  ck_assert_int_eq(clash, 1);
  /* the kind a tag records */
  ck_assert_uint_eq(__ldcc_gdirect_kind(__LDCC_GATOMS, 1, &u),
                    __LDCC_GK_ATOMICS);
  ck_assert_uint_eq(__ldcc_gdirect_kind(7 | __LDCC_GATOM, 1, &u),
                    __LDCC_GK_ATOMIC);
  ck_assert_uint_eq(u, 6);
  ck_assert_uint_eq(
      __ldcc_gdirect_kind(__ldcc_gdirect_mine(__LDCC_GK_ATOMIC_BLOCK, 9, 4), 4,
                          &u),
      __LDCC_GK_ATOMIC_BLOCK);
  ck_assert_uint_eq(u, 8); /* the block's first warp */
}
END_TEST

/* Warps of one block (__ldcc_gblock_step; docs/global-check.md, "Warps
 * of one block"): accesses of kind ka by warp wa then kb by warp wb, of
 * block 5, at barrier counts ea and eb: whether the second clashes. */
static int bpair(uint32_t ka, uint32_t wa, uint32_t ea, uint32_t kb,
                 uint32_t wb, uint32_t eb, uint64_t block_b,
                 uint32_t atomic_reads) {
  int clash = 0;
  uint64_t t = __ldcc_gblock_step(0, __ldcc_gblock_tag(5, ea, wa, ka, 10),
                                  atomic_reads, &clash);
  ck_assert_int_eq(clash, 0);
  (void)__ldcc_gblock_step(t, __ldcc_gblock_tag(block_b, eb, wb, kb, 20),
                           atomic_reads, &clash);
  return clash;
}

START_TEST(test_block_warps) {
  const uint32_t S = __LDCC_GK_STORE, R = __LDCC_GK_READ, A = __LDCC_GK_ATOMIC;
  int clash = 0;
  uint64_t t;

  /* two warps of one region: a store against anything races */
  ck_assert(bpair(S, 0, 1, S, 1, 1, 5, 1));
  ck_assert(bpair(S, 0, 1, R, 1, 1, 5, 1));
  ck_assert(bpair(R, 0, 1, S, 1, 1, 5, 1));
  ck_assert(bpair(A, 0, 1, S, 1, 1, 5, 1));
  ck_assert(bpair(S, 0, 1, A, 1, 1, 5, 1));
  /* readers share, atomics share; a read against an atomic only with
   * atomic_reads */
  ck_assert(!bpair(R, 0, 1, R, 1, 1, 5, 1));
  ck_assert(!bpair(A, 0, 1, A, 1, 1, 5, 1));
  ck_assert(bpair(A, 0, 1, R, 1, 1, 5, 1));
  ck_assert(!bpair(A, 0, 1, R, 1, 1, 5, 0));
  ck_assert(bpair(R, 0, 1, A, 1, 1, 5, 1));
  ck_assert(!bpair(R, 0, 1, A, 1, 1, 5, 0));
  /* one warp alone never clashes */
  ck_assert(!bpair(S, 3, 1, R, 3, 1, 5, 1));
  ck_assert(!bpair(R, 3, 1, S, 3, 1, 5, 1));
  ck_assert(!bpair(A, 3, 1, S, 3, 1, 5, 1));
  /* a barrier between them, or another block: no clash here (the run's
   * own claims decide between blocks) */
  ck_assert(!bpair(S, 0, 1, S, 1, 2, 5, 1));
  ck_assert(!bpair(S, 0, 0, R, 1, 1, 5, 1));
  ck_assert(!bpair(S, 0, 1, S, 1, 1, 6, 1));
  /* several readers, then a store by one of them: races with the others */
  t = __ldcc_gblock_step(0, __ldcc_gblock_tag(5, 1, 0, R, 10), 1, &clash);
  t = __ldcc_gblock_step(t, __ldcc_gblock_tag(5, 1, 1, R, 11), 1, &clash);
  ck_assert_int_eq(clash, 0);
  ck_assert_uint_eq(__ldcc_gblock_kind(t), __LDCC_GK_READERS);
  ck_assert_uint_eq(__ldcc_gblock_warp(t), 0);
  (void)__ldcc_gblock_step(t, __ldcc_gblock_tag(5, 1, 0, S, 12), 1, &clash);
  ck_assert_int_eq(clash, 1);
  /* ... but after a barrier the store takes the word */
  t = __ldcc_gblock_step(t, __ldcc_gblock_tag(5, 2, 0, S, 12), 1, &clash);
  ck_assert_int_eq(clash, 0);
  ck_assert_uint_eq(__ldcc_gblock_kind(t), S);
  ck_assert_uint_eq(__ldcc_gblock_line(t), 12);
  /* a warp's read gives way to its store; its store stays */
  t = __ldcc_gblock_step(0, __ldcc_gblock_tag(5, 1, 2, R, 10), 1, &clash);
  t = __ldcc_gblock_step(t, __ldcc_gblock_tag(5, 1, 2, S, 11), 1, &clash);
  ck_assert_uint_eq(__ldcc_gblock_kind(t), S);
  ck_assert_uint_eq(
      __ldcc_gblock_step(t, __ldcc_gblock_tag(5, 1, 2, R, 12), 1, &clash), t);
  /* the fields */
  t = __ldcc_gblock_tag(__LDCC_GB_MAX_BLOCKS - 1, __LDCC_GB_MAX_EPOCH, 31, A,
                        70000);
  ck_assert_uint_eq(__ldcc_gblock_warp(t), 32);
  ck_assert_uint_eq(__ldcc_gblock_kind(t), A);
  ck_assert_uint_eq(__ldcc_gblock_line(t), 0); /* past 65535 */
  ck_assert_uint_eq(__ldcc_gblock_region(t),
                    (uint64_t)__LDCC_GB_MAX_BLOCKS << 14 | __LDCC_GB_MAX_EPOCH);
}
END_TEST

int main(void) {
  Suite *s = suite_create("gdirect");
  TCase *tc = tcase_create("core");
  SRunner *sr;
  int failed;

  tcase_add_test(tc, test_rules);
  tcase_add_test(tc, test_several);
  tcase_add_test(tc, test_order);
  tcase_add_test(tc, test_block_warps);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
