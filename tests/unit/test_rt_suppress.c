/* Check suite for suppression patterns (runtime/ld_rt_suppress.c): the
 * glob, the file's syntax and its bad lines, matching each field. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_suppress.h"

static const int race_lines[] = {29, 36, 32, 51};

static struct ld_rt_suppress_subject subject(void) {
  struct ld_rt_suppress_subject s;

  s.kind = "write-write";
  s.kernel = "ns::block_sum<256>";
  s.variable = "partial";
  s.file = "src/reduce.cu";
  s.lines = race_lines;
  s.nlines = 4;
  return s;
}

/* The number of the pattern in `text` that matches subject(). */
static size_t match(const char *text) {
  struct ld_rt_suppressions *set;
  struct ld_rt_suppress_subject s = subject();
  size_t n;

  ck_assert_int_eq(ld_rt_suppressions_parse(text, "t.supp", NULL, &set), 0);
  n = ld_rt_suppressions_match(set, &s);
  ld_rt_suppressions_free(set);
  return n;
}

START_TEST(test_glob) {
  ck_assert(ld_rt_glob_match("*", ""));
  ck_assert(ld_rt_glob_match("*", "anything"));
  ck_assert(ld_rt_glob_match("block_sum<*>", "block_sum<256>"));
  ck_assert(!ld_rt_glob_match("block_sum<*>", "block_sum"));
  ck_assert(ld_rt_glob_match("*reduce.cu", "/a/b/reduce.cu"));
  ck_assert(ld_rt_glob_match("a*b*c", "aXXbYYbZc"));
  ck_assert(!ld_rt_glob_match("a*b*c", "aXXbYYbZ"));
  ck_assert(ld_rt_glob_match("**x", "abx"));
  ck_assert(!ld_rt_glob_match("abc", "abcd"));
  ck_assert(!ld_rt_glob_match("", "a"));
  ck_assert(ld_rt_glob_match("", ""));
}
END_TEST

START_TEST(test_fields) {
  ck_assert_uint_eq(match("write-write"), 1);
  ck_assert_uint_eq(match("read-write"), 0);
  ck_assert_uint_eq(match("*-write:ns::block_sum<*>"), 1);
  ck_assert_uint_eq(match("*:ns::other"), 0);
  ck_assert_uint_eq(match("*:*:partial"), 1);
  ck_assert_uint_eq(match("*:*:tile"), 0);
  ck_assert_uint_eq(match("*:*:*:*reduce.cu"), 1);
  ck_assert_uint_eq(match("*:*:*:reduce.cu"), 0);
  ck_assert_uint_eq(match("*:*:*:*:32"), 1); /* a statement's line */
  ck_assert_uint_eq(match("*:*:*:*:51"), 1); /* the launch's line */
  ck_assert_uint_eq(match("*:*:*:*:3*"), 1);
  ck_assert_uint_eq(match("*:*:*:*:33"), 0);
  ck_assert_uint_eq(match("read-write\n\n  # c\nwrite-write:*:partial "), 2);
}
END_TEST

START_TEST(test_empty_variable) {
  struct ld_rt_suppressions *set;
  struct ld_rt_suppress_subject s = subject();

  s.kind = "registers";
  s.variable = "";
  ck_assert_int_eq(ld_rt_suppressions_parse("registers:*:*", "t", NULL, &set),
                   0);
  ck_assert_uint_eq(ld_rt_suppressions_match(set, &s), 1);
  ld_rt_suppressions_free(set);
  ck_assert_uint_eq(ld_rt_suppressions_match(NULL, &s), 0);
}
END_TEST

START_TEST(test_bad_lines) {
  struct ld_rt_suppressions *set;
  char err[1024] = "";
  FILE *f = fmemopen(err, sizeof err, "w");

  ck_assert_int_eq(ld_rt_suppressions_parse("write-write:a:b:c:1:extra\n"
                                            "wrte-write:k\n"
                                            "*:k:v:f:12a\n"
                                            "read-write:k\n",
                                            "my.supp", f, &set),
                   3);
  fclose(f);
  ck_assert_uint_eq(ld_rt_suppressions_count(set), 1);
  ck_assert_str_eq(
      err, "ldcc: suppressions: my.supp:1: more than five fields "
           "(kind:kernel:variable:file:line); line ignored\n"
           "ldcc: suppressions: my.supp:2: the kind matches no race kind "
           "(write-write, read-write, registers, global-store, "
           "global-atomic); line ignored\n"
           "ldcc: suppressions: my.supp:3: the line is not digits and *; "
           "line ignored\n");
  ld_rt_suppressions_free(set);
}
END_TEST

START_TEST(test_load_file) {
  char path[] = "/tmp/ldcc-supp-XXXXXX", err[512] = "";
  struct ld_rt_suppressions *set;
  int fd = mkstemp(path);
  FILE *f, *e;

  ck_assert_int_ge(fd, 0);
  f = fdopen(fd, "w");
  fputs("# known\nwrite-write:block_*\r\nglobal-*:*:*:*:1*\n", f);
  fclose(f);
  ck_assert_int_eq(ld_rt_suppressions_load(path, NULL, &set), 0);
  ck_assert_uint_eq(ld_rt_suppressions_count(set), 2);
  ld_rt_suppressions_free(set);
  unlink(path);
  e = fmemopen(err, sizeof err, "w");
  ck_assert_int_eq(ld_rt_suppressions_load(path, e, &set), LD_EIO);
  fclose(e);
  ck_assert_ptr_null(set);
  ck_assert_ptr_nonnull(strstr(err, "ldcc: suppressions: cannot read "));
  ck_assert_ptr_nonnull(strstr(err, ": No such file or directory; no race is "
                                    "suppressed\n"));
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_suppress");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_glob);
  tcase_add_test(tc, test_fields);
  tcase_add_test(tc, test_empty_variable);
  tcase_add_test(tc, test_bad_lines);
  tcase_add_test(tc, test_load_file);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
