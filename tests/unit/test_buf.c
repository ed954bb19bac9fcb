/* Check suite for ld_buf: growth, NUL termination, formatting, escaping. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_check.h"
#include "ld_error.h"

START_TEST(test_append_grows_and_terminates) {
  struct ld_buf b = LD_BUF_INIT;
  int i;

  for (i = 0; i < 1000; i++)
    ck_assert_int_eq(ld_buf_putc(&b, (char)('a' + i % 26)), LD_OK);
  ck_assert_uint_eq(b.len, 1000);
  ck_assert_uint_ge(b.cap, 1001);
  ck_assert_int_eq(b.data[1000], '\0');
  ck_assert_int_eq(b.data[26], 'a');
  ld_buf_free(&b);
  ck_assert_ptr_null(b.data);
  ck_assert_uint_eq(b.len, 0);
}
END_TEST

START_TEST(test_printf_appends) {
  struct ld_buf b = LD_BUF_INIT;

  ck_assert_int_eq(ld_buf_puts(&b, "x="), LD_OK);
  ck_assert_int_eq(ld_buf_printf(&b, "%d:%s", 42, "yes"), LD_OK);
  ck_assert_str_eq(b.data, "x=42:yes");
  ck_assert_uint_eq(b.len, strlen("x=42:yes"));
  ld_buf_free(&b);
}
END_TEST

START_TEST(test_printf_long_output) {
  struct ld_buf b = LD_BUF_INIT;
  char big[5000];

  memset(big, 'q', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  ck_assert_int_eq(ld_buf_printf(&b, "<%s>", big), LD_OK);
  ck_assert_uint_eq(b.len, sizeof big + 1);
  ck_assert_int_eq(b.data[0], '<');
  ck_assert_int_eq(b.data[b.len - 1], '>');
  ld_buf_free(&b);
}
END_TEST

START_TEST(test_c_escape) {
  struct ld_buf b = LD_BUF_INIT;

  ck_assert_int_eq(ld_buf_put_c_escaped(&b, "a\"b\\c\nd\te"), LD_OK);
  ck_assert_str_eq(b.data, "a\\\"b\\\\c\\nd\\011e");
  ld_buf_free(&b);
}
END_TEST

START_TEST(test_detach_empty_and_full) {
  struct ld_buf b = LD_BUF_INIT;
  char *s = ld_buf_detach(&b);

  ck_assert_ptr_nonnull(s);
  ck_assert_str_eq(s, "");
  free(s);
  ld_buf_puts(&b, "abc");
  s = ld_buf_detach(&b);
  ck_assert_str_eq(s, "abc");
  ck_assert_ptr_null(b.data);
  free(s);
  ld_buf_free(NULL);
}
END_TEST

static Suite *buf_suite(void) {
  Suite *s = suite_create("buf");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_append_grows_and_terminates);
  tcase_add_test(tc, test_printf_appends);
  tcase_add_test(tc, test_printf_long_output);
  tcase_add_test(tc, test_c_escape);
  tcase_add_test(tc, test_detach_empty_and_full);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return ld_check_run(buf_suite());
}
