/* Check suite for the nvcc lookup order and ldcc's own files: a made-up
 * PATH of directories holding stand-in nvcc files, one of them a symlink to
 * "ldcc" (a file playing the running ldcc), which must always be skipped. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_find.h"

static char root[64];
static char self[PATH_MAX];

static void make_file(const char *rel, int mode) {
  char p[PATH_MAX];
  FILE *f;

  snprintf(p, sizeof p, "%s/%s", root, rel);
  f = fopen(p, "w");
  ck_assert_ptr_nonnull(f);
  fputs("#!/bin/sh\n", f);
  fclose(f);
  chmod(p, (mode_t)mode);
}

static void make_dir(const char *rel) {
  char p[PATH_MAX];
  snprintf(p, sizeof p, "%s/%s", root, rel);
  ck_assert_int_eq(mkdir(p, 0755), 0);
}

/* root/rel in one of enough rotating buffers for any single test. */
static const char *at(const char *rel) {
  static char p[32][PATH_MAX];
  static int next;
  char *s = p[next++ % 32];
  snprintf(s, PATH_MAX, "%s/%s", root, rel);
  return s;
}

static void setup(void) {
  snprintf(root, sizeof root, "/tmp/ldcc-test-find-XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(root));
  make_dir("bin");    /* holds ldcc and an nvcc symlink to it */
  make_dir("noexec"); /* nvcc without the execute bit */
  make_dir("cuda");   /* a CUDA_HOME */
  make_dir("cuda/bin");
  make_dir("conf"); /* the configured CUDA home */
  make_dir("conf/bin");
  make_dir("real"); /* a real nvcc on PATH */
  make_file("bin/ldcc", 0755);
  ck_assert_int_eq(symlink("ldcc", at("bin/nvcc")), 0);
  make_file("noexec/nvcc", 0644);
  make_file("cuda/bin/nvcc", 0755);
  make_file("conf/bin/nvcc", 0755);
  make_file("real/nvcc", 0755);
  make_file("other-nvcc", 0755);
  ck_assert_ptr_nonnull(realpath(at("bin/ldcc"), self));
}

static void teardown(void) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  ck_assert_int_eq(system(cmd), 0);
}

static void expect(const struct ld_find_env *env, const char *want_rel) {
  char *got = NULL;
  int rc = ld_find_nvcc(self, env, &got);

  if (!want_rel) {
    ck_assert_int_eq(rc, LD_ENOTFOUND);
    ck_assert_ptr_null(got);
    return;
  }
  ck_assert_int_eq(rc, LD_OK);
  ck_assert_str_eq(got, at(want_rel));
  free(got);
}

START_TEST(test_order) {
  char path[3 * PATH_MAX];
  struct ld_find_env env = {NULL, NULL, NULL, NULL};

  snprintf(path, sizeof path, "%s:%s:%s", at("bin"), at("noexec"), at("real"));
  env.path = path;
  env.cuda_home = at("cuda");
  env.configured = at("conf");
  /* LDCC_NVCC first. */
  env.ldcc_nvcc = at("other-nvcc");
  expect(&env, "other-nvcc");
  /* Then PATH, skipping the symlink to ldcc and the non-executable. */
  env.ldcc_nvcc = NULL;
  expect(&env, "real/nvcc");
  /* Then $CUDA_HOME/bin/nvcc. */
  snprintf(path, sizeof path, "%s:%s", at("bin"), at("noexec"));
  expect(&env, "cuda/bin/nvcc");
  /* Then the configured toolkit. */
  env.cuda_home = NULL;
  expect(&env, "conf/bin/nvcc");
  env.configured = "";
  expect(&env, NULL);
}
END_TEST

START_TEST(test_never_self) {
  struct ld_find_env env = {NULL, NULL, NULL, NULL};

  /* LDCC_NVCC naming ldcc itself (directly or by a symlink) is skipped. */
  env.ldcc_nvcc = at("bin/nvcc");
  env.path = at("bin");
  env.cuda_home = at("cuda");
  expect(&env, "cuda/bin/nvcc");
  env.ldcc_nvcc = at("bin/ldcc");
  expect(&env, "cuda/bin/nvcc");
  ck_assert_int_eq(ld_find_usable(at("bin/nvcc"), self), 0);
  ck_assert_int_eq(ld_find_usable(at("real/nvcc"), self), 1);
  ck_assert_int_eq(ld_find_usable(at("noexec/nvcc"), self), 0);
  ck_assert_int_eq(ld_find_usable(at("missing"), self), 0);
}
END_TEST

START_TEST(test_empty_path_entry_is_cwd) {
  struct ld_find_env env = {NULL, "::", NULL, NULL};
  char cwd[PATH_MAX];
  char *got = NULL;

  ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
  ck_assert_int_eq(chdir(at("real")), 0);
  ck_assert_int_eq(ld_find_nvcc(self, &env, &got), LD_OK);
  ck_assert_str_eq(got, "./nvcc");
  free(got);
  ck_assert_int_eq(chdir(cwd), 0);
}
END_TEST

START_TEST(test_nvcc_name) {
  ck_assert(ld_find_is_nvcc_name("nvcc"));
  ck_assert(ld_find_is_nvcc_name("/usr/local/cuda/bin/nvcc"));
  ck_assert(!ld_find_is_nvcc_name("nvcc.cu"));
  ck_assert(!ld_find_is_nvcc_name("-nvcc"));
  ck_assert(!ld_find_is_nvcc_name("/opt/nvcc/app.cu"));
  ck_assert(!ld_find_is_nvcc_name("ldcc"));
}
END_TEST

START_TEST(test_cuda_path) {
  char *out = NULL;

  /* A stand-in nvcc has no headers beside it: CUDA_HOME is used. */
  make_dir("cuda/include");
  make_file("cuda/include/cuda_runtime.h", 0644);
  ck_assert_int_eq(
      ld_find_cuda_path(at("real/nvcc"), at("cuda"), at("conf"), &out), LD_OK);
  ck_assert_str_eq(out, at("cuda"));
  free(out);
  /* The real one: dirname(dirname(realpath(nvcc))). */
  ck_assert_int_eq(ld_find_cuda_path(at("cuda/bin/nvcc"), NULL, NULL, &out),
                   LD_OK);
  {
    char want[PATH_MAX];
    ck_assert_ptr_nonnull(realpath(at("cuda"), want));
    ck_assert_str_eq(out, want);
  }
  free(out);
}
END_TEST

START_TEST(test_own_files) {
  char *out = NULL;
  char want[PATH_MAX];

  /* Nothing beside the executable: the fallbacks. */
  ck_assert_int_eq(ld_find_include_dir(self, "/src/include", &out), LD_OK);
  ck_assert_str_eq(out, "/src/include");
  free(out);
  ck_assert_int_eq(ld_find_runtime_lib(self, "/build/lib", &out), LD_OK);
  ck_assert_str_eq(out, "/build/lib/libldcc_rt.a");
  free(out);
  /* An installed tree: <bin>/../include/ldcc/ldcc.h, <bin>/../lib. */
  make_dir("include");
  make_dir("include/ldcc");
  make_file("include/ldcc/ldcc.h", 0644);
  make_dir("lib");
  make_file("lib/libldcc_rt.a", 0644);
  ck_assert_int_eq(ld_find_include_dir(self, "/src/include", &out), LD_OK);
  ck_assert_ptr_nonnull(realpath(at("include"), want));
  ck_assert_str_eq(out, want);
  free(out);
  ck_assert_int_eq(ld_find_runtime_lib(self, "/build/lib", &out), LD_OK);
  ck_assert_ptr_nonnull(realpath(at("lib/libldcc_rt.a"), want));
  ck_assert_str_eq(out, want);
  free(out);
}
END_TEST

int main(void) {
  Suite *s = suite_create("driver_find");
  TCase *tc = tcase_create("core");

  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_order);
  tcase_add_test(tc, test_never_self);
  tcase_add_test(tc, test_empty_path_entry_is_cwd);
  tcase_add_test(tc, test_nvcc_name);
  tcase_add_test(tc, test_cuda_path);
  tcase_add_test(tc, test_own_files);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
