/* Check suite for deterministic mode's printf lines (runtime/ld_rt_gprintf.h,
 * docs/deterministic-global.md "printf"): records as the device's gprintf
 * writes them (include/ldcc/global.h) formatted as device printf would,
 * and a log printed in thread order. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ld_check.h"
#include "ld_rt_gprintf.h"
#include "ldcc/global.h"

/* A record under construction, laid out as gprintf lays it out. */
struct rec {
  unsigned char b[512];
  size_t n;
  unsigned nargs;
};

static void rec_start(struct rec *r, const char *fmt) {
  memset(r, 0, sizeof *r);
  r->n = sizeof(struct __ldcc_gprec);
  memcpy(r->b + r->n, fmt, strlen(fmt) + 1);
  r->n += strlen(fmt) + 1;
}

static void rec_num(struct rec *r, unsigned kind, unsigned size,
                    unsigned long long bits) {
  r->b[r->n] = (unsigned char)(kind | size << 4);
  memcpy(r->b + r->n + 1, &bits, 8);
  r->n += 9;
  r->nargs++;
}

static void rec_int(struct rec *r, long long v, unsigned size) {
  rec_num(r, __LDCC_GP_INT, size, (unsigned long long)v);
}

static void rec_double(struct rec *r, double d) {
  unsigned long long bits;
  memcpy(&bits, &d, 8);
  rec_num(r, __LDCC_GP_DOUBLE, 8, bits);
}

static void rec_str(struct rec *r, const char *s) {
  r->b[r->n] = (unsigned char)(__LDCC_GP_STR | 8u << 4);
  memcpy(r->b + r->n + 1, s, strlen(s) + 1);
  r->n += strlen(s) + 2;
  r->nargs++;
}

/* Ends the record for thread `order`; returns its size. */
static size_t rec_end(struct rec *r, uint64_t order) {
  struct __ldcc_gprec h;
  r->n = (r->n + 7) & ~(size_t)7;
  h.size = (uint32_t)r->n;
  h.nargs = r->nargs;
  h.order = order;
  memcpy(r->b, &h, sizeof h);
  return r->n;
}

START_TEST(test_conversions) {
  struct rec r;
  char out[256] = "";

  rec_start(&r, "block %d of %u: %5.2f %x %s %c %lld %% %-3d|\n");
  rec_int(&r, -3, 4);
  rec_num(&r, __LDCC_GP_UINT, 4, 8);
  rec_double(&r, 3.14159);
  rec_int(&r, -1, 4); /* an int -1 in %x is ffffffff, as on the device */
  rec_str(&r, "ok");
  rec_int(&r, 'z', 1);
  rec_int(&r, 1ll << 40, 8);
  rec_int(&r, 7, 4);
  rec_end(&r, 0);
  CAPTURE(out, ck_assert_int_eq(ld_rt_gprintf_record(r.b, r.n, f_), 0));
  ck_assert_str_eq(out,
                   "block -3 of 8:  3.14 ffffffff ok z 1099511627776 % 7  |\n");
}
END_TEST

START_TEST(test_star_and_missing) {
  struct rec r;
  char out[128] = "";

  /* A star width takes an argument; a conversion with none left prints
   * as written. */
  rec_start(&r, "[%*d] %d\n");
  rec_int(&r, 4, 4);
  rec_int(&r, 42, 4);
  rec_end(&r, 0);
  CAPTURE(out, ck_assert_int_eq(ld_rt_gprintf_record(r.b, r.n, f_), 0));
  ck_assert_str_eq(out, "[  42] %d\n");
}
END_TEST

START_TEST(test_log_order) {
  unsigned char log[2048];
  size_t used = 0;
  struct rec r;
  char out[256] = "";
  /* Logged in the order the threads ran: 70, 3, 70 again, 0. */
  static const uint64_t order[] = {70, 3, 70, 0};
  static const char *const text[] = {"b", "a", "c", "z"};

  for (int i = 0; i < 4; i++) {
    rec_start(&r, "t%d %s\n");
    rec_int(&r, (long long)order[i], 4);
    rec_str(&r, text[i]);
    memcpy(log + used, r.b, rec_end(&r, order[i]));
    used += r.n;
  }
  CAPTURE(out, ck_assert_int_eq(ld_rt_gprintf_log(log, used, f_), 4));
  /* By thread; one thread's lines in the order it logged them. */
  ck_assert_str_eq(out, "t0 z\nt3 a\nt70 b\nt70 c\n");
  /* A record whose size runs past the log: nothing printed. */
  out[0] = 0;
  CAPTURE(out, ck_assert_int_eq(ld_rt_gprintf_log(log, used - 8, f_), -1));
  ck_assert_str_eq(out, "");
}
END_TEST

int main(void) {
  Suite *s = suite_create("gprintf");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_conversions);
  tcase_add_test(tc, test_star_and_missing);
  tcase_add_test(tc, test_log_order);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
