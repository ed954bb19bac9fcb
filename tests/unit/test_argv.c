/* Check suite for argv classification: a corpus of real nvcc command lines
 * (CMake's compile and link lines, several -gencode, -Xcompiler lists,
 * options files, -o glued or separate, -x cu, unknown options), the link
 * rule, parser-argument conversion and the GPU architecture. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ld_argv.h"
#include "ld_check.h"
#include "ld_error.h"

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void parse(struct ld_cmdline *cl, int argc, char **argv) {
  ck_assert_int_eq(ld_argv_parse(argc, argv, cl), LD_OK);
}

/* "kinds" spells the expected kind of each argument: o=option, v=value,
 * i=input, I=translated input, u=unknown, l=--ldcc-*. */
static void expect_kinds(const struct ld_cmdline *cl, const char *kinds) {
  size_t i;

  ck_assert_uint_eq(cl->nargs, strlen(kinds));
  for (i = 0; i < cl->nargs; i++) {
    const struct ld_arg *a = &cl->args[i];
    char k = a->kind == LD_ARG_OPTION    ? 'o'
             : a->kind == LD_ARG_VALUE   ? 'v'
             : a->kind == LD_ARG_UNKNOWN ? 'u'
             : a->kind == LD_ARG_LDCC    ? 'l'
             : a->translate              ? 'I'
                                         : 'i';
    ck_assert_msg(k == kinds[i], "argument %zu '%s': got %c, want %c", i,
                  a->text, k, kinds[i]);
  }
}

static int has_clang_arg(const struct ld_cmdline *cl, const char *s) {
  size_t i;
  for (i = 0; i < cl->nclang_args; i++)
    if (strcmp(cl->clang_args[i], s) == 0)
      return 1;
  return 0;
}

START_TEST(test_cmake_compile_line) {
  /* What CMake 3.25 runs for a CUDA object with a depfile. */
  char *argv[] = {"-DUSE_X=1",
                  "-I/src/include",
                  "-isystem",
                  "/opt/inc",
                  "-O3",
                  "-DNDEBUG",
                  "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                  "-Xcompiler=-fPIC",
                  "-std=c++17",
                  "-MD",
                  "-MT",
                  "obj/k.cu.o",
                  "-MF",
                  "obj/k.cu.o.d",
                  "-x",
                  "cu",
                  "-c",
                  "/src/k.cu",
                  "-o",
                  "obj/k.cu.o"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(argv), argv);
  expect_kinds(&cl, "ooov"
                    "ooooooo"
                    "vovovo"
                    "Iov");
  ck_assert_int_eq(cl.links, 0);
  ck_assert_int_eq(cl.deps, 1);
  ck_assert_str_eq(cl.depfile, "obj/k.cu.o.d");
  ck_assert_str_eq(cl.output, "obj/k.cu.o");
  ck_assert_str_eq(cl.lang, "cu");
  ck_assert_uint_eq(cl.ntranslate, 1);
  ck_assert_int_eq(cl.ambiguous, 0);
  ck_assert(has_clang_arg(&cl, "-DUSE_X=1"));
  ck_assert(has_clang_arg(&cl, "-I/src/include"));
  ck_assert(has_clang_arg(&cl, "-isystem/opt/inc"));
  ck_assert(has_clang_arg(&cl, "-DNDEBUG"));
  ck_assert(has_clang_arg(&cl, "-std=c++17"));
  ck_assert_str_eq(cl.gpu_arch, "sm_90");
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_cmake_link_line) {
  char *argv[] = {
      "-O3", "-Xlinker", "-rpath,/opt/lib", "obj/a.cu.o",      "obj/b.cpp.o",
      "-o",  "app",      "-lcudadevrt",     "-lcudart_static", "-L/opt/lib"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(argv), argv);
  expect_kinds(&cl, "oovii"
                    "ovooo");
  ck_assert_int_eq(cl.links, 1);
  ck_assert_uint_eq(cl.ntranslate, 0);
  ck_assert_uint_eq(cl.ninputs, 2);
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_link_rule) {
  static const struct {
    const char *args[4];
    int links;
  } cases[] = {
      {{"a.cu", NULL}, 1},
      {{"a.cu", "-o", "app", NULL}, 1},
      {{"-c", "a.cu", NULL}, 0},
      {{"-dc", "a.cu", NULL}, 0},
      {{"-dlink", "a.o", NULL}, 0},
      {{"-ptx", "a.cu", NULL}, 0},
      {{"-cubin", "a.cu", NULL}, 0},
      {{"-fatbin", "a.cu", NULL}, 0},
      {{"-lib", "a.cu", "-o", NULL}, 0},
      {{"-E", "a.cu", NULL}, 0},
      {{"-M", "a.cu", NULL}, 0},
      {{"--preprocess", "a.cu", NULL}, 0},
      {{"-MD", "a.cu", NULL}, 1},
      {{"-link", "a.o", "b.o", NULL}, 1},
      {{"-run", "a.cu", NULL}, 1},
      {{"-shared", "a.o", NULL}, 1},
      {{"-rdc=true", "a.o", NULL}, 1},
      {{"--dryrun", "a.cu", NULL}, 0},
      {{"-v", "a.cu", NULL}, 0},
      {{"--version", NULL}, 0},
      {{"-O3", NULL}, 0}, /* no inputs */
  };
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct ld_cmdline cl;
    int n = 0;
    while (n < 4 && cases[i].args[n])
      n++;
    parse(&cl, n, (char **)cases[i].args);
    ck_assert_msg(cl.links == cases[i].links, "case %zu (%s)", i,
                  cases[i].args[0]);
    ld_cmdline_free(&cl);
  }
}
END_TEST

START_TEST(test_gencode_multiples_and_xcompiler) {
  char *argv[] = {"-gencode",
                  "arch=compute_80,code=sm_80",
                  "-gencode=arch=compute_90,code=sm_90",
                  "-Xcompiler",
                  "-fPIC,-Wall",
                  "-Xcompiler",
                  "-O2",
                  "-o",
                  "out.o",
                  "-c",
                  "k.cu"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(argv), argv);
  expect_kinds(&cl, "ovoovovovoI");
  /* The first architecture named is the one parsed for. */
  ck_assert_str_eq(cl.gpu_arch, "sm_80");
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_output_forms) {
  char *glued[] = {"-o=app", "a.cu"};
  char *sep[] = {"--output-file", "app", "a.cu"};
  char *eq[] = {"--output-file=app", "a.cu"};
  /* nvcc does not glue -o; "-oapp" is an unknown option. */
  char *bad[] = {"-oapp", "a.cu"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(glued), glued);
  ck_assert_str_eq(cl.output, "app");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(sep), sep);
  ck_assert_str_eq(cl.output, "app");
  expect_kinds(&cl, "ovI");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(eq), eq);
  ck_assert_str_eq(cl.output, "app");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(bad), bad);
  ck_assert_ptr_null(cl.output);
  expect_kinds(&cl, "uI");
  /* Unknown, directly before a .cu, no "=": it may be the value. */
  ck_assert_int_eq(cl.ambiguous, 1);
  ck_assert_str_eq(cl.ambiguous_option, "-oapp");
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_x_cu) {
  char *before[] = {"-x", "cu", "foo.c", "bar.o", "-c"};
  char *after[] = {"foo.c", "-x", "cu", "-c"};
  char *cxx[] = {"-x", "c++", "k.cu", "-c"};
  char *plain[] = {"foo.c", "k.cpp", "k.cu", "-c"};
  struct ld_cmdline cl;

  /* -x applies to every input, wherever it is. */
  parse(&cl, ARGC(before), before);
  expect_kinds(&cl, "ovIio");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(after), after);
  expect_kinds(&cl, "Iovo");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(cxx), cxx);
  expect_kinds(&cl, "ovio");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(plain), plain);
  expect_kinds(&cl, "iiIo");
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_unknown_options) {
  char *fwd[] = {"-forward-unknown-to-host-compiler",
                 "-Wall",
                 "-fno-fast",
                 "-c",
                 "k.cu",
                 "-fmax-errors=3",
                 "x.cpp"};
  char *amb[] = {"-forward-unknown-to-host-compiler", "-frobnicate", "k.cu"};
  char *eq[] = {"-forward-unknown-to-host-compiler", "-fopt=1", "k.cu"};
  char *notcu[] = {"-forward-unknown-to-host-compiler", "-frob", "x.o", "k.cu"};
  char *xcomp[] = {"-Xcompiler", "-Wall", "--compiler-options", "-fopenmp",
                   "k.cu"};
  char *xcomp_amb[] = {"-forward-unknown-to-host-compiler", "-Xcompiler",
                       "-Wall", "-frobnicate", "k.cu"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(fwd), fwd);
  expect_kinds(&cl, "ouuoIui");
  ck_assert_int_eq(cl.ambiguous, 0);
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(amb), amb);
  ck_assert_int_eq(cl.ambiguous, 1);
  ck_assert_str_eq(cl.ambiguous_option, "-frobnicate");
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(eq), eq);
  ck_assert_int_eq(cl.ambiguous, 0);
  ld_cmdline_free(&cl);
  /* x.o may be -frob's value or an input: either way nothing changes. */
  parse(&cl, ARGC(notcu), notcu);
  ck_assert_int_eq(cl.ambiguous, 0);
  ld_cmdline_free(&cl);
  /* A known option's value that looks like an option (HeCBench's
   * `-Xcompiler -Wall main.cu`) is no unknown option: the input is
   * translated (before session 39 the build ran nvcc unchanged). */
  parse(&cl, ARGC(xcomp), xcomp);
  expect_kinds(&cl, "ovovI");
  ck_assert_int_eq(cl.ambiguous, 0);
  ck_assert_int_eq(cl.ntranslate, 1);
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(xcomp_amb), xcomp_amb);
  ck_assert_int_eq(cl.ambiguous, 1);
  ck_assert_str_eq(cl.ambiguous_option, "-frobnicate");
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_ldcc_flags) {
  char *argv[] = {"--ldcc-keep",    "-c",
                  "--ldcc-verbose", "k.cu",
                  "--ldcc-strict",  "--ldcc-deterministic",
                  "--ldcc-frob",    "--ldcc-other"};
  char *value[] = {"-o", "--ldcc-keep", "k.cu"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(argv), argv);
  expect_kinds(&cl, "lolIllll");
  ck_assert(cl.ldcc.keep && cl.ldcc.verbose && cl.ldcc.strict &&
            cl.ldcc.deterministic);
  ck_assert_str_eq(cl.ldcc.unknown, "--ldcc-frob");
  ld_cmdline_free(&cl);
  /* As an option's value it is a value, as nvcc would see it. */
  parse(&cl, ARGC(value), value);
  expect_kinds(&cl, "ovI");
  ck_assert_int_eq(cl.ldcc.keep, 0);
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_clang_args) {
  char *argv[] = {"-I",
                  "a,b",
                  "--include-path",
                  "c",
                  "-Id",
                  "-DX=1,Y",
                  "-D",
                  "Z",
                  "--define-macro=W=2",
                  "-UQ",
                  "--std",
                  "c++17",
                  "-include",
                  "pre.h",
                  "--expt-relaxed-constexpr",
                  "--expt-extended-lambda",
                  "-x",
                  "cu",
                  "k.cu"};
  static const char *const want[] = {"-Ia",
                                     "-Ib",
                                     "-Ic",
                                     "-Id",
                                     "-DX=1",
                                     "-DY",
                                     "-DZ",
                                     "-DW=2",
                                     "-UQ",
                                     "-std=c++17",
                                     "-includepre.h",
                                     "-D__CUDACC_RELAXED_CONSTEXPR__=1",
                                     "-D__LDCC_EXTENDED_LAMBDA=1"};
  struct ld_cmdline cl;
  size_t i;

  parse(&cl, ARGC(argv), argv);
  ck_assert_uint_eq(cl.nclang_args, sizeof want / sizeof want[0]);
  for (i = 0; i < cl.nclang_args; i++)
    ck_assert_str_eq(cl.clang_args[i], want[i]);
  ld_cmdline_free(&cl);
}
END_TEST

/* Options that change nvcc's language mode reach the parser as the macros
 * nvcc defines for them; -Xcompiler's preprocessor words and -fopenmp too,
 * its code generation flags not; -rdc=true and -dc turn on -fgpu-rdc once. */
START_TEST(test_parser_mode) {
  char *argv[] = {"--extended-lambda",
                  "-expt-relaxed-constexpr",
                  "-G",
                  "-Xcompiler",
                  "-fopenmp,-fPIC,-DHOST=1",
                  "-Xcompiler",
                  "-isystem,/opt/inc",
                  "--compiler-options=-Wall -UOLD",
                  "-rdc=true",
                  "-dc",
                  "k.cu"};
  static const char *const want[] = {"-D__LDCC_EXTENDED_LAMBDA=1",
                                     "-D__CUDACC_RELAXED_CONSTEXPR__=1",
                                     "-D__CUDACC_DEBUG__=1",
                                     "-fopenmp",
                                     "-DHOST=1",
                                     "-isystem",
                                     "/opt/inc",
                                     "-UOLD",
                                     "-fgpu-rdc",
                                     "-D__CUDACC_RDC__=1"};
  char *no_rdc[] = {"-dc", "-rdc=false", "k.cu"};
  struct ld_cmdline cl;
  size_t i;

  parse(&cl, ARGC(argv), argv);
  ck_assert_uint_eq(cl.nclang_args, sizeof want / sizeof want[0]);
  for (i = 0; i < cl.nclang_args; i++)
    ck_assert_str_eq(cl.clang_args[i], want[i]);
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(no_rdc), no_rdc);
  ck_assert_uint_eq(cl.nclang_args, 0);
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_gpu_arch) {
  static const struct {
    const char *value;
    int gencode;
    const char *want;
  } cases[] = {
      {"sm_90", 0, "sm_90"},
      {"sm_80", 0, "sm_80"},
      {"compute_86", 0, "sm_86"},
      {"sm_90a", 0, "sm_90a"},
      {"compute_100a", 0, "sm_100a"},
      {"sm_100f", 0, "sm_100"},
      {"sm_121a", 0, "sm_121a"},
      {"arch=compute_90a,code=sm_90a", 1, "sm_90a"},
      {"sm_100", 0, "sm_100"},
      {"sm_120", 0, "sm_120"},
      {"native", 0, "sm_90"},
      {"all-major", 0, "sm_90"},
      {"sm_52", 0, "sm_90"},
      {"sm_200", 0, "sm_90"},
      {"arch=compute_75,code=sm_75", 1, "sm_75"},
      {"arch=compute_89,code=[sm_89,compute_89]", 1, "sm_89"},
      {"code=sm_80", 1, "sm_90"},
  };
  size_t i;
  char out[16];

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ld_argv_gpu_arch(cases[i].value, cases[i].gencode, out, sizeof out);
    ck_assert_msg(strcmp(out, cases[i].want) == 0, "%s -> %s", cases[i].value,
                  out);
  }
}
END_TEST

static char *write_temp(const char *text) {
  char *path = strdup("/tmp/ldcc-test-optf-XXXXXX");
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
  close(fd);
  return path;
}

START_TEST(test_options_file) {
  char *f = write_temp("-c -o 'out dir/k.o'\n  -DA=\"x y\" in.cu\n");
  char *argv[] = {"-optf", f, "-x", "cu"};
  char *eq = NULL;
  struct ld_cmdline cl;

  parse(&cl, ARGC(argv), argv);
  /* The option itself is forwarded; what it says counts. */
  expect_kinds(&cl, "ovov");
  ck_assert_int_eq(cl.links, 0);
  ck_assert_str_eq(cl.output, "out dir/k.o");
  ck_assert(has_clang_arg(&cl, "-DA=x y"));
  ck_assert_uint_eq(cl.ninputs, 1);
  ck_assert_uint_eq(cl.ntranslate, 0);
  ck_assert_uint_eq(cl.noptf_inputs, 1);
  ck_assert_str_eq(cl.optf_inputs[0], "in.cu");
  ld_cmdline_free(&cl);

  /* A link whose objects are all in a response file still links. */
  unlink(f);
  free(f);
  f = write_temp("a.o b.o -lfoo");
  eq = malloc(strlen(f) + 32);
  sprintf(eq, "--options-file=%s", f);
  {
    char *link[] = {eq, "-o", "app"};
    parse(&cl, ARGC(link), link);
    ck_assert_int_eq(cl.links, 1);
    ck_assert_uint_eq(cl.ninputs, 2);
    ld_cmdline_free(&cl);
  }
  {
    char *missing[] = {"-optf", "/nonexistent/ldcc.optf", "k.cu"};
    parse(&cl, ARGC(missing), missing);
    ck_assert_str_eq(cl.unreadable_optf, "/nonexistent/ldcc.optf");
    ld_cmdline_free(&cl);
  }
  unlink(f);
  free(f);
  free(eq);
}
END_TEST

START_TEST(test_split_optf) {
  char **w = NULL;
  size_t n = 0, i;

  ck_assert_int_eq(
      ld_argv_split_optf(" a\t'b c'  \"d\\\"e\" f\\ g\n\n h", &w, &n), LD_OK);
  ck_assert_uint_eq(n, 5);
  ck_assert_str_eq(w[0], "a");
  ck_assert_str_eq(w[1], "b c");
  ck_assert_str_eq(w[2], "d\"e");
  ck_assert_str_eq(w[3], "f g");
  ck_assert_str_eq(w[4], "h");
  for (i = 0; i < n; i++)
    free(w[i]);
  free(w);
}
END_TEST

START_TEST(test_info_and_preprocess) {
  char *v[] = {"-v", "k.cu"};
  char *e[] = {"-E", "k.cu"};
  char *ver[] = {"-V"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(v), v);
  ck_assert_int_eq(cl.info, 1);
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(e), e);
  ck_assert_int_eq(cl.preprocess, 1);
  ld_cmdline_free(&cl);
  parse(&cl, ARGC(ver), ver);
  ck_assert_int_eq(cl.version, 1);
  ld_cmdline_free(&cl);
}
END_TEST

START_TEST(test_missing_value) {
  char *argv[] = {"k.cu", "-o"};
  struct ld_cmdline cl;

  parse(&cl, ARGC(argv), argv);
  expect_kinds(&cl, "Io");
  ck_assert_ptr_null(cl.output);
  ld_cmdline_free(&cl);
}
END_TEST

int main(void) {
  Suite *s = suite_create("argv");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_cmake_compile_line);
  tcase_add_test(tc, test_cmake_link_line);
  tcase_add_test(tc, test_link_rule);
  tcase_add_test(tc, test_gencode_multiples_and_xcompiler);
  tcase_add_test(tc, test_output_forms);
  tcase_add_test(tc, test_x_cu);
  tcase_add_test(tc, test_unknown_options);
  tcase_add_test(tc, test_ldcc_flags);
  tcase_add_test(tc, test_clang_args);
  tcase_add_test(tc, test_parser_mode);
  tcase_add_test(tc, test_gpu_arch);
  tcase_add_test(tc, test_options_file);
  tcase_add_test(tc, test_split_optf);
  tcase_add_test(tc, test_info_and_preprocess);
  tcase_add_test(tc, test_missing_value);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
