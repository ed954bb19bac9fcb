/* Check suite for dependency files: where nvcc writes them, and putting the
 * user's path back in place of ldcc's temporary copy. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ld_check.h"
#include "ld_depfile.h"
#include "ld_error.h"

static void expect_path(const char *mf, const char *o, const char *in,
                        const char *want) {
  char *got = NULL;
  ck_assert_int_eq(ld_depfile_path(mf, o, in, &got), LD_OK);
  ck_assert_str_eq(got, want);
  free(got);
}

START_TEST(test_path_rules) {
  /* Checked with nvcc 13: -MD -c sub/b.cu writes ./b.d; with -o obj/x.o it
   * writes obj/x.d; -MF wins. */
  expect_path("deps/k.d", "obj/x.o", "sub/b.cu", "deps/k.d");
  expect_path(NULL, "obj/x.o", "sub/b.cu", "obj/x.d");
  expect_path(NULL, NULL, "sub/b.cu", "b.d");
  expect_path(NULL, NULL, "b.cu", "b.d");
  expect_path(NULL, "obj.dir/noext", "b.cu", "obj.dir/noext.d");
}
END_TEST

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  static char buf[4096];
  size_t n;

  ck_assert_ptr_nonnull(f);
  n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

START_TEST(test_rewrite) {
  char path[] = "/tmp/ldcc-test-dep-XXXXXX";
  int fd = mkstemp(path);
  const char *text = "obj/k.o : /tmp/ldcc-AB/0/k.cu \\\n"
                     "    /src/h.h /tmp/ldcc-AB/1/k.cu\n";
  const char *from[] = {"/tmp/ldcc-AB/0/k.cu", "/tmp/ldcc-AB/1/k.cu"};
  const char *to[] = {"src/k.cu", "my dir/k.cu"};

  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
  close(fd);
  ck_assert_int_eq(ld_depfile_rewrite(path, from, to, 2), LD_OK);
  ck_assert_str_eq(slurp(path), "obj/k.o : src/k.cu \\\n"
                                "    /src/h.h my\\ dir/k.cu\n");
  unlink(path);
  /* No file (nvcc wrote none): nothing to do, not an error. */
  ck_assert_int_eq(ld_depfile_rewrite(path, from, to, 2), LD_OK);
}
END_TEST

int main(void) {
  Suite *s = suite_create("driver_depfile");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_path_rules);
  tcase_add_test(tc, test_rewrite);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
