/* Check suite for the LD_E* table: every code has its own message. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"

static const int codes[] = {
#define LD_ERROR_CODE(name, value, text) name,
    LD_ERROR_TABLE(LD_ERROR_CODE)
#undef LD_ERROR_CODE
};

START_TEST(test_codes_negative_and_distinct) {
  size_t i, j, n = sizeof codes / sizeof codes[0];

  for (i = 0; i < n; i++) {
    ck_assert_int_lt(codes[i], 0);
    for (j = i + 1; j < n; j++) {
      ck_assert_int_ne(codes[i], codes[j]);
      ck_assert_str_ne(ld_strerror(codes[i]), ld_strerror(codes[j]));
    }
  }
}
END_TEST

START_TEST(test_known_and_unknown) {
  ck_assert_str_eq(ld_strerror(LD_OK), "success");
  ck_assert_str_eq(ld_strerror(LD_ENOMEM), "out of memory");
  ck_assert_str_eq(ld_strerror(12345), "unknown error");
}
END_TEST

int main(void) {
  Suite *s = suite_create("error");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_codes_negative_and_distinct);
  tcase_add_test(tc, test_known_and_unknown);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
