/* Check suite for the time split of the check across blocks
 * (runtime/ld_rt_gtime.c): event intervals summed per phase over rounds
 * and batches, rounds counted from the passes, and the verbosity=2 line of
 * both modes, including truncation. */
#include <check.h>
#include <string.h>

#include "ld_check.h"
#include "ld_rt_gtime.h"

/* Three rounds of the check as the protocol records them: the start, the
 * scratch area, then fill, pass 1, sweep 1, pass 2, sweep 2 per round with
 * a wait between rounds, and the free. */
static void three_rounds(struct ld_rt_gtime *t) {
  static const unsigned char phase[] = {
      LD_RT_GT_COUNT, /* the start: ignored */
      LD_RT_GT_ALLOC, LD_RT_GT_FILL,   LD_RT_GT_PASS1, LD_RT_GT_SWEEP1,
      LD_RT_GT_PASS2, LD_RT_GT_SWEEP2, LD_RT_GT_WAIT,  LD_RT_GT_FILL,
      LD_RT_GT_PASS1, LD_RT_GT_SWEEP1, LD_RT_GT_PASS2, LD_RT_GT_SWEEP2,
      LD_RT_GT_WAIT,  LD_RT_GT_FILL,   LD_RT_GT_PASS1, LD_RT_GT_SWEEP1,
      LD_RT_GT_PASS2, LD_RT_GT_SWEEP2, LD_RT_GT_FREE};
  static const float ms[] = {1000,  0.75f, 4,    0.5f, 8,    0.5f,  7,
                             0.25f, 4,     0.5f, 8,    0.5f, 7,     0.25f,
                             2,     0.5f,  4,    0.5f, 3.5f, 0.125f};

  ck_assert_uint_eq(sizeof phase, sizeof ms / sizeof ms[0]);
  /* In two batches, as the protocol's drain may hand them over. */
  ld_rt_gtime_add(t, phase, ms, 9);
  ld_rt_gtime_add(t, phase + 9, ms + 9, sizeof phase - 9);
}

START_TEST(test_sums_per_phase) {
  struct ld_rt_gtime t;

  memset(&t, 0, sizeof t);
  three_rounds(&t);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_ALLOC], 0.75, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_FILL], 10, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_PASS1], 1.5, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_SWEEP1], 20, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_PASS2], 1.5, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_SWEEP2], 17.5, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_WAIT], 0.5, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_FREE], 0.125, 1e-9);
  ck_assert_double_eq_tol(t.ms[LD_RT_GT_MERGE], 0, 1e-9);
  ck_assert_uint_eq(t.rounds, 3);
}
END_TEST

START_TEST(test_check_line) {
  struct ld_rt_gtime t;
  char buf[512];
  size_t n;

  memset(&t, 0, sizeof t);
  three_rounds(&t);
  t.bytes_copied = 17179869184ull;
  t.host_ms = 40.5;
  t.host_blocked_ms = 35.25;
  n = ld_rt_gtime_text(&t, "vec_update", "vecupdate.cu", 40, buf, sizeof buf);
  ck_assert_str_eq(buf, "ldcc: launch of vec_update at vecupdate.cu:40 time: "
                        "alloc 0.75 ms, fill 10.00 ms, pass1 1.50 ms, sweep1 "
                        "20.00 ms, pass2 1.50 ms, sweep2 17.50 ms, free 0.12 "
                        "ms, host waits 0.50 ms, stream total 51.88 ms; host "
                        "total 40.50 ms, host blocked 35.25 ms (3 rounds, "
                        "17179869184 bytes copied)");
  ck_assert_uint_eq(n, strlen(buf));
}
END_TEST

START_TEST(test_det_line) {
  static const unsigned char phase[] = {
      LD_RT_GT_COUNT,  LD_RT_GT_ALLOC, LD_RT_GT_FILL,     LD_RT_GT_PASS,
      LD_RT_GT_MERGE,  LD_RT_GT_FILL,  LD_RT_GT_PASS,     LD_RT_GT_MERGE,
      LD_RT_GT_COMMIT, LD_RT_GT_FREE,  LD_RT_GT_COUNT + 3};
  static const float ms[] = {5, 1, 2, 3, 4, 2, 3, 4, 0.5f, 0.25f, 99};
  struct ld_rt_gtime t;
  char buf[512];

  memset(&t, 0, sizeof t);
  t.deterministic = 1;
  ld_rt_gtime_add(&t, phase, ms, sizeof phase);
  t.bytes_copied = 3000;
  ld_rt_gtime_text(&t, NULL, NULL, 0, buf, sizeof buf);
  ck_assert_str_eq(buf, "ldcc: launch of ? at ?:0 time: alloc 1.00 ms, fill "
                        "4.00 ms, pass 6.00 ms, merge 8.00 ms, commit 0.50 "
                        "ms, free 0.25 ms, stream total 19.75 ms; host total "
                        "0.00 ms, host blocked 0.00 ms (2 rounds, 3000 bytes "
                        "copied)");
}
END_TEST

START_TEST(test_truncated) {
  struct ld_rt_gtime t;
  char whole[512], buf[40];
  size_t n;

  memset(&t, 0, sizeof t);
  three_rounds(&t);
  n = ld_rt_gtime_text(&t, "k", "k.cu", 7, whole, sizeof whole);
  ck_assert_uint_eq(ld_rt_gtime_text(&t, "k", "k.cu", 7, buf, sizeof buf), n);
  ck_assert_uint_eq(strlen(buf), sizeof buf - 1);
  ck_assert_int_eq(strncmp(buf, whole, sizeof buf - 1), 0);
  ck_assert_uint_eq(ld_rt_gtime_text(&t, "k", "k.cu", 7, NULL, 0), n);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_gtime");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_sums_per_phase);
  tcase_add_test(tc, test_check_line);
  tcase_add_test(tc, test_det_line);
  tcase_add_test(tc, test_truncated);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
