/* Check suite for "deterministic or stopped" (runtime/ld_rt_det.h,
 * docs/deterministic.md): the options deterministic_fallback and
 * deterministic_exitcode, the verdict on a launch, the rule for launches
 * deterministic as built, and the stop line. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ld_check.h"
#include "ld_rt_det.h"
#include "ld_rt_options.h"

static int parse_quiet(struct ld_rt_options *o, const char *spec, char *msg,
                       size_t size) {
  FILE *err = fmemopen(msg, size, "w");
  int rc;

  ck_assert_ptr_nonnull(err);
  rc = ld_rt_options_parse(o, spec, err);
  fclose(err);
  return rc;
}

START_TEST(test_options) {
  struct ld_rt_options o;
  char msg[512] = "";

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(o.deterministic_fallback, LD_RT_FALLBACK_STOP);
  ck_assert_int_eq(o.deterministic_exitcode, 68);
  ck_assert_int_eq(parse_quiet(&o,
                               "deterministic_fallback=warn:"
                               "deterministic_exitcode=3",
                               msg, sizeof msg),
                   0);
  ck_assert_int_eq(o.deterministic_fallback, LD_RT_FALLBACK_WARN);
  ck_assert_int_eq(o.deterministic_exitcode, 3);
  ck_assert_int_eq(
      parse_quiet(&o, "deterministic_fallback=stop", msg, sizeof msg), 0);
  ck_assert_int_eq(o.deterministic_fallback, LD_RT_FALLBACK_STOP);
  /* A bad value keeps the previous one and says what was expected. */
  ck_assert_int_eq(
      parse_quiet(&o, "deterministic_fallback=run", msg, sizeof msg), 1);
  ck_assert_int_eq(o.deterministic_fallback, LD_RT_FALLBACK_STOP);
  ck_assert_ptr_nonnull(strstr(msg, "expected stop or warn"));
  ck_assert_int_eq(
      parse_quiet(&o, "deterministic_exitcode=256", msg, sizeof msg), 1);
  ck_assert_int_eq(o.deterministic_exitcode, 3);
  ld_rt_options_free(&o);
}
END_TEST

START_TEST(test_verdict) {
  struct ld_rt_options o;

  ld_rt_options_defaults(&o);
  /* A build without --ldcc-deterministic never stops. */
  ck_assert_int_eq(ld_rt_det_verdict(&o, 0, 0), LD_RT_DET_RUN);
  ck_assert_int_eq(ld_rt_det_verdict(&o, 0, 1), LD_RT_DET_RUN);
  ck_assert_int_eq(ld_rt_det_verdict(&o, 1, 1), LD_RT_DET_RUN);
  ck_assert_int_eq(ld_rt_det_verdict(&o, 1, 0), LD_RT_DET_STOP);
  o.deterministic_fallback = LD_RT_FALLBACK_WARN;
  ck_assert_int_eq(ld_rt_det_verdict(&o, 1, 0), LD_RT_DET_WARN);
  ck_assert_int_eq(ld_rt_det_verdict(&o, 1, 1), LD_RT_DET_RUN);
  ck_assert_int_eq(ld_rt_det_verdict(&o, 0, 0), LD_RT_DET_RUN);
}
END_TEST

START_TEST(test_as_built) {
  unsigned sh = LD_RT_DET_SHARED_ORDERED;

  ck_assert_int_eq(ld_rt_det_as_built(sh | LD_RT_DET_WRITES_NOTHING), 1);
  ck_assert_int_eq(ld_rt_det_as_built(sh | LD_RT_DET_ONE_UNIT), 1);
  ck_assert_int_eq(ld_rt_det_as_built(sh | LD_RT_DET_GLOBAL_PROVED), 1);
  /* Units that may race across blocks, unproved: copies needed. */
  ck_assert_int_eq(ld_rt_det_as_built(sh), 0);
  /* Shared memory written racily, float atomics: never as built. */
  ck_assert_int_eq(ld_rt_det_as_built(LD_RT_DET_GLOBAL_PROVED), 0);
  ck_assert_int_eq(
      ld_rt_det_as_built(sh | LD_RT_DET_GLOBAL_PROVED | LD_RT_DET_UNORDERED),
      0);
  ck_assert_int_eq(
      ld_rt_det_as_built(sh | LD_RT_DET_WRITES_NOTHING | LD_RT_DET_UNORDERED),
      0);
}
END_TEST

START_TEST(test_stop_line) {
  char buf[512];

  ld_rt_det_stop_line(buf, sizeof buf, "total", "det_stop.cu:44",
                      "atomic on a type other than a 32- or 64-bit integer",
                      68);
  ck_assert_str_eq(buf, "ldcc: stopped at the launch of total at "
                        "det_stop.cu:44: it cannot run deterministically "
                        "(atomic on a type other than a 32- or 64-bit "
                        "integer); exit status 68 "
                        "(LDCC_OPTIONS=deterministic_fallback=warn runs it "
                        "as built, with a warning)\n");
  /* A launch outside __ldcc::launch: no site. */
  ld_rt_det_stop_line(buf, sizeof buf, "helper", NULL, "kernel not translated",
                      7);
  ck_assert_str_eq(buf, "ldcc: stopped at a launch of helper: it cannot run "
                        "deterministically (kernel not translated); exit "
                        "status 7 (LDCC_OPTIONS=deterministic_fallback=warn "
                        "runs it as built, with a warning)\n");
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_det");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_options);
  tcase_add_test(tc, test_verdict);
  tcase_add_test(tc, test_as_built);
  tcase_add_test(tc, test_stop_line);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
