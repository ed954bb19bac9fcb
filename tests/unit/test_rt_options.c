/* Check suite for LDCC_OPTIONS parsing and for docs/options.md matching the
 * option table. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_options.h"

/* Run parse with errors captured into a string the test can inspect. */
static int parse_capture(struct ld_rt_options *o, const char *spec, char *msg,
                         size_t msg_size) {
  FILE *err = fmemopen(msg, msg_size, "w");
  int rc;

  ck_assert_ptr_nonnull(err);
  rc = ld_rt_options_parse(o, spec, err);
  fclose(err);
  return rc;
}

START_TEST(test_defaults) {
  struct ld_rt_options o;

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(o.exitcode, 66);
  ck_assert_int_eq(o.format, LD_RT_FORMAT_TEXT);
  ck_assert_int_eq(o.halt_on_error, 0);
  ck_assert_int_eq(o.report, 1);
  ck_assert_ptr_null(o.log_path);
  ck_assert_ptr_null(o.suppressions);
}
END_TEST

START_TEST(test_parse_all_types) {
  struct ld_rt_options o;
  char msg[512] = "";

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(
      parse_capture(&o,
                    "exitcode=3:format=sarif:halt_on_error=1:"
                    "log_path=/tmp/r.txt:max_copies=2::verbosity=1",
                    msg, sizeof msg),
      0);
  ck_assert_str_eq(msg, "");
  ck_assert_int_eq(o.exitcode, 3);
  ck_assert_int_eq(o.format, LD_RT_FORMAT_SARIF);
  ck_assert_int_eq(o.halt_on_error, 1);
  ck_assert_str_eq(o.log_path, "/tmp/r.txt");
  ck_assert_int_eq(o.max_copies, 2);
  ck_assert_int_eq(o.verbosity, 1);
  ck_assert_int_eq(parse_capture(&o, "log_path=/tmp/b", msg, sizeof msg), 0);
  ck_assert_str_eq(o.log_path, "/tmp/b");
  ld_rt_options_free(&o);
  ck_assert_ptr_null(o.log_path);
}
END_TEST

START_TEST(test_bad_entries_keep_values) {
  struct ld_rt_options o;
  char msg[1024] = "";

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(parse_capture(&o,
                                 "exitcode=300:colour=1:format=xml:"
                                 "halt_on_error=maybe:verbosity:exitcode=7",
                                 msg, sizeof msg),
                   5);
  ck_assert_int_eq(o.exitcode, 7);
  ck_assert_int_eq(o.format, LD_RT_FORMAT_TEXT);
  ck_assert_int_eq(o.halt_on_error, 0);
  ck_assert_ptr_nonnull(
      strstr(msg, "exitcode=300: expected an integer from 0 to 255"));
  ck_assert_ptr_nonnull(strstr(msg, "unknown option 'colour'"));
  ck_assert_ptr_nonnull(
      strstr(msg, "format=xml: expected text, json or sarif"));
  ck_assert_ptr_nonnull(strstr(msg, "halt_on_error=maybe: expected 0 or 1"));
  ck_assert_ptr_nonnull(strstr(msg, "'verbosity' is not key=value"));
}
END_TEST

START_TEST(test_empty_spec) {
  struct ld_rt_options o;

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(ld_rt_options_parse(&o, NULL, NULL), 0);
  ck_assert_int_eq(ld_rt_options_parse(&o, "", NULL), 0);
  ck_assert_int_eq(ld_rt_options_parse(&o, "exitcode=", NULL), 1);
  ck_assert_int_eq(o.exitcode, 66);
}
END_TEST

/* Every option in the table has a row "| `name` |" in docs/options.md, and
 * the doc names no option the table lacks. */
START_TEST(test_doc_matches_table) {
  static const char *const names[] = {
#define LD_RT_NAME(name, type, def, min, max, help) #name,
      LD_RT_OPTION_TABLE(LD_RT_NAME)
#undef LD_RT_NAME
  };
  FILE *f = fopen(LD_OPTIONS_DOC, "r");
  char line[1024];
  size_t i, rows = 0;
  int seen[sizeof names / sizeof names[0]] = {0};

  ck_assert_msg(f != NULL, "cannot open %s", LD_OPTIONS_DOC);
  while (fgets(line, sizeof line, f)) {
    char *name = line + 3, *end;
    if (strncmp(line, "| `", 3))
      continue;
    end = strchr(name, '`');
    ck_assert_ptr_nonnull(end);
    *end = '\0';
    rows++;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
      if (!strcmp(names[i], name))
        break;
    ck_assert_msg(i < sizeof names / sizeof names[0],
                  "docs/options.md documents '%s', which the table lacks",
                  name);
    seen[i] = 1;
  }
  fclose(f);
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    ck_assert_msg(seen[i], "docs/options.md lacks option '%s'", names[i]);
  ck_assert_uint_eq(rows, sizeof names / sizeof names[0]);
}
END_TEST

START_TEST(test_help_lists_every_option) {
  char out[4096] = "";
  FILE *f = fmemopen(out, sizeof out, "w");

  ld_rt_options_print_help(f);
  fclose(f);
  ck_assert_ptr_nonnull(strstr(out, "  exitcode "));
  ck_assert_ptr_nonnull(strstr(out, "  format                    format text"));
  ck_assert_ptr_nonnull(strstr(out, "  log_path                  path   none"));
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_options");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_defaults);
  tcase_add_test(tc, test_parse_all_types);
  tcase_add_test(tc, test_bad_entries_keep_values);
  tcase_add_test(tc, test_empty_spec);
  tcase_add_test(tc, test_doc_matches_table);
  tcase_add_test(tc, test_help_lists_every_option);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
