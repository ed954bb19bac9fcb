/* Check suite for the nvcc option table: invariants of the rows and the
 * spellings the matcher accepts (taken from what nvcc 13 accepts). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_nvcc_opts.h"

/* Options nvcc documents without a short spelling. */
static const char *const long_only[] = {"--no-align-double", NULL};

static int in_list(const char *const *list, const char *s) {
  for (; *list; list++)
    if (strcmp(*list, s) == 0)
      return 1;
  return 0;
}

START_TEST(test_sorted_and_unique) {
  size_t i, k;

  for (i = 1; i < ld_nvcc_opt_count; i++)
    ck_assert_msg(
        strcmp(ld_nvcc_opts[i - 1].long_name, ld_nvcc_opts[i].long_name) < 0,
        "not sorted/unique at %s", ld_nvcc_opts[i].long_name);
  /* A short spelling names one option and never equals any long one. */
  for (i = 0; i < ld_nvcc_opt_count; i++) {
    const char *s = ld_nvcc_opts[i].short_name;
    if (!s)
      continue;
    for (k = 0; k < ld_nvcc_opt_count; k++) {
      if (k != i && ld_nvcc_opts[k].short_name)
        ck_assert_str_ne(s, ld_nvcc_opts[k].short_name);
      ck_assert_str_ne(s, ld_nvcc_opts[k].long_name);
    }
  }
}
END_TEST

START_TEST(test_spelling_shapes) {
  size_t i;

  for (i = 0; i < ld_nvcc_opt_count; i++) {
    const struct ld_nvcc_opt *o = &ld_nvcc_opts[i];
    ck_assert_msg(strncmp(o->long_name, "--", 2) == 0 && o->long_name[2], "%s",
                  o->long_name);
    if (o->short_name)
      ck_assert_msg(o->short_name[0] == '-' && o->short_name[1] != '-' &&
                        o->short_name[1],
                    "%s", o->short_name);
    else
      ck_assert_msg(in_list(long_only, o->long_name),
                    "%s has no short spelling and is not listed", o->long_name);
    ck_assert_msg(!strchr(o->long_name, '='), "%s", o->long_name);
  }
}
END_TEST

START_TEST(test_flag_consistency) {
  size_t i;

  for (i = 0; i < ld_nvcc_opt_count; i++) {
    const struct ld_nvcc_opt *o = &ld_nvcc_opts[i];
    /* Glued values exist only for single-letter short spellings. */
    if (o->flags & LD_OPT_GLUE)
      ck_assert_msg(o->short_name && strlen(o->short_name) == 2 &&
                        (o->flags & LD_OPT_VALUE),
                    "%s", o->long_name);
    if (o->flags & LD_OPT_LIST)
      ck_assert(o->flags & LD_OPT_VALUE);
    /* Every role that reads a value needs one: all but the language-mode
     * flags and -dc (relocatable device code without saying "true"). */
    if (o->role == LD_ROLE_MODE)
      ck_assert_msg(!(o->flags & LD_OPT_VALUE), "%s", o->long_name);
    else if (o->role != LD_ROLE_NONE && strcmp(o->long_name, "--device-c") != 0)
      ck_assert_msg(o->flags & LD_OPT_VALUE, "%s", o->long_name);
    if (o->flags & LD_OPT_PREPROCESS)
      ck_assert(o->flags & LD_OPT_NOLINK);
  }
}
END_TEST

struct arity {
  const char *spelling;
  int takes_value;
};

START_TEST(test_arity_of_known_options) {
  /* Checked against `nvcc --dryrun`: a value-taking option swallows the
   * next word, a flag does not. */
  static const struct arity cases[] = {
      {"-o", 1},
      {"--output-file", 1},
      {"-I", 1},
      {"-isystem", 1},
      {"-x", 1},
      {"-std", 1},
      {"-arch", 1},
      {"-gencode", 1},
      {"-Xcompiler", 1},
      {"-Xcudafe", 1},
      {"-optf", 1},
      {"-MF", 1},
      {"-MT", 1},
      {"-rdc", 1},
      {"-ccbin", 1},
      {"-O", 1},
      {"-t", 1},
      {"-Werror", 1},
      {"-c", 0},
      {"-dc", 0},
      {"-dlink", 0},
      {"-lib", 0},
      {"-E", 0},
      {"-M", 0},
      {"-MD", 0},
      {"-MMD", 0},
      {"-MP", 0},
      {"-g", 0},
      {"-G", 0},
      {"-lineinfo", 0},
      {"-v", 0},
      {"-V", 0},
      {"-w", 0},
      {"--expt-relaxed-constexpr", 0},
      {"-expt-extended-lambda", 0},
      {"-forward-unknown-to-host-compiler", 0},
      {"-m64", 0},
  };
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct ld_nvcc_opt *o = ld_nvcc_opt_find(cases[i].spelling);
    ck_assert_msg(o != NULL, "%s unknown", cases[i].spelling);
    ck_assert_msg(!!(o->flags & LD_OPT_VALUE) == cases[i].takes_value, "%s",
                  cases[i].spelling);
  }
}
END_TEST

struct spelling {
  const char *arg;
  const char *long_name; /* NULL: not an nvcc option */
  const char *value;     /* value inside the argument, or NULL */
};

START_TEST(test_match_forms) {
  static const struct spelling cases[] = {
      {"-o", "--output-file", NULL},
      {"-o=a.out", "--output-file", "a.out"},
      {"--output-file=x", "--output-file", "x"},
      {"-ofoo", NULL, NULL}, /* nvcc: Unknown option '-ofoo' */
      {"-Ifoo", "--include-path", "foo"},
      {"-I=foo", "--include-path", "foo"},
      {"-DX=1", "--define-macro", "X=1"},
      {"-D=X", "--define-macro", "X"},
      {"-lfoo", "--library", "foo"},
      {"-Lfoo", "--library-path", "foo"},
      {"-Ufoo", "--undefine-macro", "foo"},
      {"-O3", "--optimize", "3"},
      {"-t4", "--threads", "4"},
      {"-lineinfo", "--generate-line-info", NULL}, /* not -l + "ineinfo" */
      {"-lib", "--lib", NULL},
      {"-link", "--link", NULL},
      {"-ldir=x", "--libdevice-directory", "x"},
      {"-Ofc", "--Ofast-compile", NULL},
      {"-isystem=inc", "--system-include", "inc"},
      {"-isystemfoo", NULL, NULL},
      {"-xcu", NULL, NULL},
      {"-x=cu", "--x", "cu"},
      {"-archsm_90", NULL, NULL},
      {"-arch=sm_90", "--gpu-architecture", "sm_90"},
      {"-gencode=arch=compute_90,code=sm_90", "--generate-code",
       "arch=compute_90,code=sm_90"},
      {"-Xcompiler=-fPIC,-Wall", "--compiler-options", "-fPIC,-Wall"},
      {"-Xcompiler-fPIC", NULL, NULL},
      {"--compiler-options", "--compiler-options", NULL},
      {"-compiler-options", NULL, NULL}, /* long name with one dash */
      {"--Xcompiler", NULL, NULL},       /* short name with two dashes */
      {"--rdc=true", NULL, NULL},
      {"-rdc=true", "--relocatable-device-code", "true"},
      {"-c=1", NULL, NULL}, /* a flag takes no =value */
      {"-Wall", NULL, NULL},
      {"-fPIC", NULL, NULL},
      {"-", NULL, NULL},
      {"app.cu", NULL, NULL},
      {"--ldcc-keep", NULL, NULL},
  };
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct ld_opt_match m;
    int hit = ld_nvcc_opt_match(cases[i].arg, &m);

    ck_assert_msg(hit == (cases[i].long_name != NULL), "%s", cases[i].arg);
    if (!hit) {
      ck_assert_ptr_null(m.opt);
      continue;
    }
    ck_assert_str_eq(m.opt->long_name, cases[i].long_name);
    if (cases[i].value)
      ck_assert_msg(m.value && strcmp(m.value, cases[i].value) == 0, "%s",
                    cases[i].arg);
    else
      ck_assert_msg(m.value == NULL, "%s", cases[i].arg);
  }
}
END_TEST

START_TEST(test_phase_flags) {
  static const char *const nolink[] = {
      "-c", "-dc", "-dw", "-dlink", "-ptx",   "-cubin",    "-fatbin", "-lib",
      "-E", "-M",  "-MM", "-cuda",  "-ltoir", "-optix-ir", NULL};
  static const char *const links[] = {"-link", "-run", "-shared", "-MD",
                                      "-MMD",  "-rdc", "-G",      NULL};
  size_t i;

  for (i = 0; nolink[i]; i++)
    ck_assert_msg(ld_nvcc_opt_find(nolink[i])->flags & LD_OPT_NOLINK, "%s",
                  nolink[i]);
  for (i = 0; links[i]; i++)
    ck_assert_msg(!(ld_nvcc_opt_find(links[i])->flags & LD_OPT_NOLINK), "%s",
                  links[i]);
  ck_assert(ld_nvcc_opt_find("-E")->flags & LD_OPT_PREPROCESS);
  ck_assert(!(ld_nvcc_opt_find("-MD")->flags & LD_OPT_PREPROCESS));
  ck_assert(ld_nvcc_opt_find("-MD")->flags & LD_OPT_DEPS);
  ck_assert(ld_nvcc_opt_find("--dryrun")->flags & LD_OPT_INFO);
  ck_assert(ld_nvcc_opt_find("-V")->flags & LD_OPT_INFO);
}
END_TEST

int main(void) {
  Suite *s = suite_create("nvcc_opts");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_sorted_and_unique);
  tcase_add_test(tc, test_spelling_shapes);
  tcase_add_test(tc, test_flag_consistency);
  tcase_add_test(tc, test_arity_of_known_options);
  tcase_add_test(tc, test_match_forms);
  tcase_add_test(tc, test_phase_flags);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
