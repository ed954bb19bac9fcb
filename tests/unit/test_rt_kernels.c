/* Check suite for every launch accounted for (issue 23): the registry of
 * translated kernels and the routing of launches that bypassed
 * __ldcc::launch (runtime/ld_rt_kernels.c), the summary with the reasons
 * of launches not checked (runtime/ld_rt_report.c), and strict's exit
 * status (runtime/ld_rt_options.c).  No CUDA. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_rt_kernels.h"
#include "ld_rt_options.h"
#include "ld_rt_report.h"

/* Stand-ins: only their addresses matter. */
void __ldcc_register_bounded(const void *clone, const void *bounded);

static char stub_a, stub_b, stub_c, handle_a;
static void launcher(void) {}

static void setup(void) {
  ld_rt_kernels_reset();
}

START_TEST(test_registry_find) {
  const struct ld_rt_kernel *k;

  ck_assert_ptr_null(ld_rt_kernels_find(&stub_a));
  ck_assert_int_eq(ld_rt_kernels_add(&stub_a, launcher, "tally", 0, NULL), 0);
  ck_assert_int_eq(ld_rt_kernels_add(&stub_b, NULL, "warp_sum", 1, NULL), 0);
  k = ld_rt_kernels_find(&stub_a);
  ck_assert_ptr_nonnull(k);
  ck_assert_str_eq(k->name, "tally");
  ck_assert_ptr_eq(k->launcher, launcher);
  ck_assert_int_eq(k->kind, LD_RT_KERNEL_CHECKED);
  ck_assert_int_eq(ld_rt_kernels_find(&stub_b)->kind, LD_RT_KERNEL_ARMED);
  ck_assert_ptr_null(ld_rt_kernels_find(&stub_c));
  ck_assert_ptr_null(ld_rt_kernels_find(NULL));
  ck_assert_int_eq(ld_rt_kernels_add(NULL, launcher, "x", 0, NULL), -1);
}
END_TEST

/* A second translation unit registering the same stub (an inline kernel
 * defined in two files) keeps the first registration. */
START_TEST(test_registry_first_wins) {
  ck_assert_int_eq(ld_rt_kernels_add(&stub_a, launcher, "first", 0, NULL), 0);
  ck_assert_int_eq(ld_rt_kernels_add(&stub_a, NULL, "second", 1, NULL), 0);
  ck_assert_str_eq(ld_rt_kernels_find(&stub_a)->name, "first");
}
END_TEST

/* Many kernels: every one is found, collisions or not. */
START_TEST(test_registry_many) {
  static char stubs[3000];
  size_t i;

  for (i = 0; i < sizeof stubs; i++)
    ck_assert_int_eq(ld_rt_kernels_add(&stubs[i], launcher, "k", 0, NULL), 0);
  for (i = 0; i < sizeof stubs; i++)
    ck_assert_ptr_eq(ld_rt_kernels_find(&stubs[i])->stub, &stubs[i]);
}
END_TEST

START_TEST(test_handles) {
  ck_assert_ptr_null(ld_rt_kernels_stub_of(&handle_a));
  ck_assert_int_eq(ld_rt_kernels_handle(&handle_a, &stub_a), 0);
  ck_assert_ptr_eq(ld_rt_kernels_stub_of(&handle_a), &stub_a);
  ck_assert_ptr_null(ld_rt_kernels_stub_of(NULL));
}
END_TEST

START_TEST(test_route) {
  const struct ld_rt_kernel *k;
  const char *why;

  ld_rt_kernels_add(&stub_a, launcher, "tally", LD_RT_KERNEL_CHECKED, NULL);
  ld_rt_kernels_add(&stub_b, launcher, "warp_sum", LD_RT_KERNEL_ARMED, NULL);
  /* Inside __ldcc::launch: straight through, whatever the kernel. */
  ck_assert_int_eq(ld_rt_kernels_route(&stub_c, 1, 0, 0, &k, &why),
                   LD_RT_ROUTE_PASS);
  /* A registered kernel: its launcher. */
  ck_assert_int_eq(ld_rt_kernels_route(&stub_a, 0, 0, 0, &k, &why),
                   LD_RT_ROUTE_LAUNCHER);
  ck_assert_ptr_eq(k, ld_rt_kernels_find(&stub_a));
  /* Launch attributes the checked launch cannot keep. */
  ck_assert_int_eq(ld_rt_kernels_route(&stub_a, 0, 0, 1, &k, &why),
                   LD_RT_ROUTE_UNCHECKED);
  ck_assert_str_eq(why, LD_RT_WHY_ATTRIBUTES);
  /* Just armed: the arming counted it. */
  ck_assert_int_eq(ld_rt_kernels_route(&stub_b, 0, 1, 0, &k, &why),
                   LD_RT_ROUTE_PASS);
  ck_assert_int_eq(ld_rt_kernels_route(&stub_b, 0, 0, 0, &k, &why),
                   LD_RT_ROUTE_ARM);
  ck_assert_int_eq(ld_rt_kernels_route(&stub_b, 0, 0, 1, &k, &why),
                   LD_RT_ROUTE_ARM);
  /* Not translated, or an unknown handle. */
  ck_assert_int_eq(ld_rt_kernels_route(&stub_c, 0, 0, 0, &k, &why),
                   LD_RT_ROUTE_UNCHECKED);
  ck_assert_str_eq(why, LD_RT_WHY_FOREIGN);
  ck_assert_ptr_null(k);
  /* Translated and left unchecked: the translator's reason. */
  ld_rt_kernels_add(&stub_c, NULL, "exchange", 0, "grid-wide synchronisation");
  ck_assert_int_eq(ld_rt_kernels_route(&stub_c, 0, 0, 0, &k, &why),
                   LD_RT_ROUTE_UNCHECKED);
  ck_assert_str_eq(why, "grid-wide synchronisation");
  ck_assert_int_eq(ld_rt_kernels_route(NULL, 0, 0, 0, &k, &why),
                   LD_RT_ROUTE_UNCHECKED);
  ck_assert_str_eq(why, LD_RT_WHY_UNKNOWN_HANDLE);
}
END_TEST

START_TEST(test_nesting_and_arming) {
  ck_assert_int_eq(ld_rt_kernels_depth(), 0);
  ld_rt_kernels_nest(1);
  ld_rt_kernels_nest(1);
  ck_assert_int_eq(ld_rt_kernels_depth(), 2);
  ld_rt_kernels_nest(-2);
  ck_assert_int_eq(ld_rt_kernels_depth(), 0);
  ck_assert_int_eq(ld_rt_kernels_take_armed(), 0);
  ld_rt_kernels_set_armed(1);
  ck_assert_int_eq(ld_rt_kernels_take_armed(), 1);
  ck_assert_int_eq(ld_rt_kernels_take_armed(), 0);
}
END_TEST

/* The launch probe: one kernel seen is the answer; none, two, or a
 * spoiled capture answer NULL; ending forgets it. */
START_TEST(test_capture) {
  ck_assert_int_eq(ld_rt_kernels_capturing(), 0);
  ck_assert_ptr_null(ld_rt_kernels_capture(1));
  ck_assert_int_eq(ld_rt_kernels_capturing(), 1);
  ld_rt_kernels_captured(&stub_a);
  ck_assert_ptr_eq(ld_rt_kernels_capture(0), &stub_a);
  ck_assert_int_eq(ld_rt_kernels_capturing(), 0);
  ck_assert_ptr_null(ld_rt_kernels_capture(0));
  ld_rt_kernels_capture(1);
  ck_assert_ptr_null(ld_rt_kernels_capture(0));
  ld_rt_kernels_capture(1);
  ld_rt_kernels_captured(&stub_a);
  ld_rt_kernels_captured(&stub_b);
  ck_assert_ptr_null(ld_rt_kernels_capture(0));
  ld_rt_kernels_capture(1);
  ld_rt_kernels_captured(&stub_a);
  ld_rt_kernels_spoil();
  ck_assert_ptr_null(ld_rt_kernels_capture(0));
  ld_rt_kernels_capture(1);
  ld_rt_kernels_captured(&stub_b);
  ck_assert_ptr_eq(ld_rt_kernels_capture(0), &stub_b);
}
END_TEST

/* A direct clone's bounded twin, and the redirection of a launch of the
 * clone to it while the direct run has it set. */
START_TEST(test_bounded_redirect) {
  ck_assert_ptr_null(ld_rt_kernels_bounded_of(&stub_a));
  __ldcc_register_bounded(&stub_a, &stub_b);
  ck_assert_ptr_eq(ld_rt_kernels_bounded_of(&stub_a), &stub_b);
  ck_assert_ptr_null(ld_rt_kernels_bounded_of(&stub_b));
  ck_assert_int_eq(ld_rt_kernels_add_bounded(NULL, &stub_b), -1);
  ck_assert_ptr_null(ld_rt_kernels_redirected(&stub_a));
  ld_rt_kernels_redirect(&stub_a, &stub_b);
  ck_assert_ptr_eq(ld_rt_kernels_redirected(&stub_a), &stub_b);
  ck_assert_ptr_null(ld_rt_kernels_redirected(&stub_c));
  ck_assert_ptr_null(ld_rt_kernels_redirected(NULL));
  ld_rt_kernels_redirect(NULL, NULL);
  ck_assert_ptr_null(ld_rt_kernels_redirected(&stub_a));
  ld_rt_kernels_reset();
  ck_assert_ptr_null(ld_rt_kernels_bounded_of(&stub_a));
}
END_TEST

/* A grid the original keeps resident, sized in whole waves, that the
 * clone cannot keep resident (HeCBench gc: 132 SMs, 4 blocks of 512 each,
 * the clone 1). */
START_TEST(test_resident_lost) {
  ck_assert_int_eq(ld_rt_resident_lost(528, 132, 4, 1), 1);
  ck_assert_int_eq(ld_rt_resident_lost(264, 132, 4, 1), 1);
  ck_assert_int_eq(ld_rt_resident_lost(528, 132, 4, 4), 0); /* same */
  ck_assert_int_eq(ld_rt_resident_lost(132, 132, 4, 1), 0); /* one wave */
  ck_assert_int_eq(ld_rt_resident_lost(660, 132, 4, 1), 0); /* too big */
  ck_assert_int_eq(ld_rt_resident_lost(527, 132, 4, 1), 0); /* not sized */
  ck_assert_int_eq(ld_rt_resident_lost(528, 132, 0, 1), 0); /* unknown */
  ck_assert_int_eq(ld_rt_resident_lost(528, 132, 4, 0), 0);
  ck_assert_int_eq(ld_rt_resident_lost(528, 0, 4, 1), 0);
  ck_assert_int_eq(ld_rt_resident_lost(0, 132, 4, 1), 0);
}
END_TEST

/* The first launch of each kernel and reason is said; the summary of a run
 * none of whose launches was checked says so, with every reason. */
START_TEST(test_summary_nothing_checked) {
  struct ld_rt_races *r = ld_rt_races_new(10);
  char lines[512] = "", sum[1024] = "";

  ck_assert_ptr_nonnull(r);
  CAPTURE(lines, {
    ck_assert_int_eq(ld_rt_races_foreign(r, "scale", LD_RT_WHY_FOREIGN, f_), 1);
    ck_assert_int_eq(ld_rt_races_foreign(r, "scale", LD_RT_WHY_FOREIGN, f_), 0);
    ck_assert_int_eq(ld_rt_races_foreign(r, "bump", LD_RT_WHY_FOREIGN, f_), 1);
  });
  ck_assert_str_eq(
      lines, "ldcc: launch of scale not checked: " LD_RT_WHY_FOREIGN
             "\nldcc: launch of bump not checked: " LD_RT_WHY_FOREIGN "\n");
  CAPTURE(sum, ld_rt_races_summary(r, NULL, 0, 3, 0, f_));
  ck_assert_str_eq(sum,
                   "ldcc: summary: no launch was checked; 3 launches not "
                   "checked\n"
                   "  not checked: 2 launches of scale: " LD_RT_WHY_FOREIGN "\n"
                   "  not checked: 1 launch of bump: " LD_RT_WHY_FOREIGN "\n");
  ld_rt_races_free(r);
}
END_TEST

/* Some launches checked: the summary line is the one it always was, the
 * reasons follow it. */
START_TEST(test_summary_some_checked) {
  struct ld_rt_races *r = ld_rt_races_new(10);
  char lines[512] = "", sum[1024] = "";

  CAPTURE(lines, ld_rt_races_foreign(r, NULL, LD_RT_WHY_ATTRIBUTES, f_));
  ck_assert_str_eq(lines,
                   "ldcc: launch of ? not checked: " LD_RT_WHY_ATTRIBUTES "\n");
  CAPTURE(sum, ld_rt_races_summary(r, NULL, 4, 1, 0, f_));
  ck_assert_str_eq(sum,
                   "ldcc: summary: no races found; 4 checked launches, 1 "
                   "not checked\n"
                   "  not checked: 1 launch of ?: " LD_RT_WHY_ATTRIBUTES "\n");
  ld_rt_races_free(r);
}
END_TEST

/* A launch an arming function counted as checked that its checks cover in
 * part (a cluster kernel's): said once per kernel and reason, listed apart
 * from the launches not checked, with the same reason as another state. */
START_TEST(test_summary_checked_in_part) {
  struct ld_rt_races *r = ld_rt_races_new(10);
  char lines[512] = "", sum[1024] = "";

  CAPTURE(lines, {
    ck_assert_int_eq(
        ld_rt_races_foreign_as(r, "hist", "checked in part", "why", f_), 1);
    ck_assert_int_eq(
        ld_rt_races_foreign_as(r, "hist", "checked in part", "why", f_), 0);
    ck_assert_int_eq(ld_rt_races_foreign(r, "hist", "why", f_), 1);
  });
  ck_assert_str_eq(lines, "ldcc: launch of hist checked in part: why\n"
                          "ldcc: launch of hist not checked: why\n");
  CAPTURE(sum, ld_rt_races_summary(r, NULL, 2, 1, 0, f_));
  ck_assert_str_eq(sum, "ldcc: summary: no races found; 2 checked launches, 1 "
                        "not checked\n"
                        "  checked in part: 2 launches of hist: why\n"
                        "  not checked: 1 launch of hist: why\n");
  ld_rt_races_free(r);
}
END_TEST

/* Every launch checked: exactly the line of before. */
START_TEST(test_summary_all_checked) {
  struct ld_rt_races *r = ld_rt_races_new(10);
  char sum[256] = "";

  CAPTURE(sum, ld_rt_races_summary(r, NULL, 1, 0, 0, f_));
  ck_assert_str_eq(sum, "ldcc: summary: no races found; 1 checked launch\n");
  ld_rt_races_free(r);
}
END_TEST

START_TEST(test_strict_exit_status) {
  struct ld_rt_options o;

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(o.strict, 0);
  ck_assert_int_eq(o.strict_exitcode, 67);
  /* Not strict: an unchecked launch changes nothing. */
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 0, 0, 0, 3), -1);
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 0, 0, 1, 3), 66);
  ck_assert_int_eq(ld_rt_options_parse(&o, "strict=1", NULL), 0);
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 0, 0, 0, 3), 67);
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 0, 0, 0, 0), -1);
  /* Races take precedence; a program that failed keeps its status. */
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 0, 0, 2, 3), 66);
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 1, 0, 0, 3), -1);
  ck_assert_int_eq(ld_rt_options_parse(&o, "strict_exitcode=9", NULL), 0);
  ck_assert_int_eq(ld_rt_options_exit_status(&o, 0, 0, 0, 1), 9);
  ld_rt_options_free(&o);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_kernels");
  TCase *tc = tcase_create("core");

  tcase_add_checked_fixture(tc, setup, NULL);
  tcase_add_test(tc, test_registry_find);
  tcase_add_test(tc, test_registry_first_wins);
  tcase_add_test(tc, test_registry_many);
  tcase_add_test(tc, test_handles);
  tcase_add_test(tc, test_route);
  tcase_add_test(tc, test_nesting_and_arming);
  tcase_add_test(tc, test_capture);
  tcase_add_test(tc, test_resident_lost);
  tcase_add_test(tc, test_bounded_redirect);
  tcase_add_test(tc, test_summary_nothing_checked);
  tcase_add_test(tc, test_summary_some_checked);
  tcase_add_test(tc, test_summary_checked_in_part);
  tcase_add_test(tc, test_summary_all_checked);
  tcase_add_test(tc, test_strict_exit_status);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
