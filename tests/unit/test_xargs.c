/* Check suite for the parser's command line (translator/analyse/args.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ld_analyse.h"
#include "ld_check.h"
#include "ld_error.h"

static int find(char **argv, int argc, const char *want) {
  int i;

  for (i = 0; i < argc; i++)
    if (!strcmp(argv[i], want))
      return i;
  return -1;
}

START_TEST(test_defaults) {
  struct ld_translate_opts o = {0};
  char **argv;
  int argc;
  int i;

  o.input_path = "a.cu";
  ck_assert_int_eq(ld__clang_args(&o, &argv, &argc), LD_OK);
  ck_assert_str_eq(argv[0], "-x");
  ck_assert_str_eq(argv[1], "cuda");
  ck_assert_int_ge(find(argv, argc, "--cuda-path=/usr/local/cuda"), 0);
  ck_assert_int_ge(find(argv, argc, "--cuda-gpu-arch=sm_90"), 0);
  ck_assert_int_ge(find(argv, argc, "-Wno-unknown-cuda-version"), 0);
  /* CUDA 13's cooperative_groups needs include/cccl. */
  ck_assert_int_eq(find(argv, argc, "/usr/local/cuda/include/cccl"),
                   find(argv, argc, "-isystem") + 1);
  /* The prelude (nvcc's `__managed__`), after clang's wrapper. */
  ck_assert_int_eq(find(argv, argc, LD_CLANG_PRELUDE_PATH),
                   find(argv, argc, "-include") + 1);
  /* -nocudalib would drop clang's CUDA runtime wrapper and <<<>>>. */
  ck_assert_int_lt(find(argv, argc, "-nocudalib"), 0);
  /* nvcc's mode: `register` in C++17, no CUDA version check, its
   * architecture list; nothing of OpenMP unless asked. */
  ck_assert_int_ge(find(argv, argc, "-Wno-register"), 0);
  ck_assert_int_ge(find(argv, argc, "--no-cuda-version-check"), 0);
  ck_assert_int_ge(find(argv, argc, "-D__CUDA_ARCH_LIST__=900"), 0);
  ck_assert_int_lt(find(argv, argc, "-D_OPENMP=201511"), 0);
  /* A resource directory is named only when it has clang's cuda_wrappers
   * (placement new in device code). */
  i = find(argv, argc, "-resource-dir");
  if (i >= 0) {
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/include/cuda_wrappers/new", argv[i + 1]);
    ck_assert_int_eq(stat(path, &st), 0);
  }
  /* The caller's arguments come after the prelude. */
  ck_assert_int_eq(find(argv, argc, LD_CLANG_PRELUDE_PATH), argc - 1);
  ck_assert_ptr_null(argv[argc]);
  free(argv);
}
END_TEST

/* -fopenmp (from -Xcompiler) defines _OPENMP on the parser's device side,
 * as nvcc's host-compiler preprocessing does. */
START_TEST(test_openmp) {
  const char *user[] = {"-fopenmp"};
  struct ld_translate_opts o = {0};
  char **argv;
  int argc;

  o.input_path = "a.cu";
  o.gpu_arch = "sm_90a";
  o.clang_args = user;
  o.nclang_args = 1;
  ck_assert_int_eq(ld__clang_args(&o, &argv, &argc), LD_OK);
  ck_assert_int_ge(find(argv, argc, "-D_OPENMP=201511"), 0);
  ck_assert_int_ge(find(argv, argc, "-D__CUDA_ARCH_LIST__=900"), 0);
  ck_assert_int_lt(find(argv, argc, "-D_OPENMP=201511"),
                   find(argv, argc, LD_CLANG_PRELUDE_PATH));
  ck_assert_str_eq(argv[argc - 1], "-fopenmp");
  free(argv);
}
END_TEST

START_TEST(test_user_args_last_in_order) {
  const char *user[] = {"-DN=4", "-I", "inc dir", "-std=c++17"};
  struct ld_translate_opts o = {0};
  char **argv;
  int argc;

  o.input_path = "a.cu";
  o.cuda_path = "/opt/cuda-13";
  o.gpu_arch = "sm_80";
  o.clang_args = user;
  o.nclang_args = 4;
  ck_assert_int_eq(ld__clang_args(&o, &argv, &argc), LD_OK);
  ck_assert_int_ge(argc, 4);
  ck_assert_str_eq(argv[argc - 4], "-DN=4");
  ck_assert_str_eq(argv[argc - 3], "-I");
  ck_assert_str_eq(argv[argc - 2], "inc dir");
  ck_assert_str_eq(argv[argc - 1], "-std=c++17");
  ck_assert_int_ge(find(argv, argc, "--cuda-path=/opt/cuda-13"), 0);
  ck_assert_int_ge(find(argv, argc, "/opt/cuda-13/include/cccl"), 0);
  ck_assert_int_ge(find(argv, argc, "--cuda-gpu-arch=sm_80"), 0);
  free(argv);
}
END_TEST

/* A toolkit whose curand headers name V and MAT (and mention NOTE only
 * inside a longer word). */
static void fake_cuda(char *dir) {
  char path[256];
  FILE *f;

  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/include", dir);
  ck_assert_int_eq(mkdir(path, 0700), 0);
  snprintf(path, sizeof path, "%s/include/curand_mtgp32_kernel.h", dir);
  f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("int f(int V, int NOTED);\n", f);
  fclose(f);
  snprintf(path, sizeof path, "%s/include/curand.h", dir);
  f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("#define MAT_X 1\nint MAT;\nint _V;\n", f);
  fclose(f);
}

START_TEST(test_curand_shim) {
  const char *user[] = {"-DV=2", "-DNOTE", "-D", "MAT", "-D_V=1", "-DW"};
  char dir[] = "/tmp/ldcc_xargs_XXXXXX";
  struct ld_translate_opts o = {0};
  struct ld_buf shim = LD_BUF_INIT;
  char **argv;
  int argc;

  fake_cuda(dir);
  o.input_path = "a.cu";
  o.cuda_path = dir;
  o.clang_args = user;
  o.nclang_args = 6;
  ck_assert_int_eq(ld__curand_shim(&o, &shim), LD_OK);
  ck_assert_str_eq(shim.data, "#pragma push_macro(\"V\")\n"
                              "#undef V\n"
                              "#pragma push_macro(\"MAT\")\n"
                              "#undef MAT\n"
                              "#include_next <curand_mtgp32_kernel.h>\n"
                              "#pragma pop_macro(\"V\")\n"
                              "#pragma pop_macro(\"MAT\")\n");
  ck_assert_int_eq(ld__clang_args(&o, &argv, &argc), LD_OK);
  ck_assert_int_ge(find(argv, argc, "-I" LD_CURAND_SHIM_DIR), 0);
  ck_assert_int_lt(find(argv, argc, "-I" LD_CURAND_SHIM_DIR),
                   find(argv, argc, "-DV=2"));
  free(argv);
  /* No -D the headers name: no shim, no directory. */
  o.clang_args = user + 1;
  o.nclang_args = 1;
  ck_assert_int_eq(ld__curand_shim(&o, &shim), LD_OK);
  ck_assert_uint_eq(shim.len, 0);
  ck_assert_int_eq(ld__clang_args(&o, &argv, &argc), LD_OK);
  ck_assert_int_lt(find(argv, argc, "-I" LD_CURAND_SHIM_DIR), 0);
  free(argv);
  ld_buf_free(&shim);
}
END_TEST

START_TEST(test_bad_args) {
  struct ld_translate_opts o = {0};
  char **argv = (char **)1;
  int argc = 7;

  o.nclang_args = 2; /* but no array */
  ck_assert_int_eq(ld__clang_args(&o, &argv, &argc), LD_EINVAL);
  ck_assert_ptr_null(argv);
  ck_assert_int_eq(argc, 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("xargs");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_defaults);
  tcase_add_test(tc, test_user_args_last_in_order);
  tcase_add_test(tc, test_openmp);
  tcase_add_test(tc, test_bad_args);
  tcase_add_test(tc, test_curand_shim);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
