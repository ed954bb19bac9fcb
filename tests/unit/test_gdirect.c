/* The direct one run's tag rule (include/ldcc/global.h,
 * __ldcc_gdirect_step; docs/global-check.md, "Direct one run"). */
#include <check.h>
#include <stdlib.h>

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

int main(void) {
  Suite *s = suite_create("gdirect");
  TCase *tc = tcase_create("core");
  SRunner *sr;
  int failed;

  tcase_add_test(tc, test_rules);
  tcase_add_test(tc, test_several);
  suite_add_tcase(s, tc);
  sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
