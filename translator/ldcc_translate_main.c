/* ldcc-translate: run the translator on one file and print the result.
 *
 *   ldcc-translate [--dump-plan] [--cuda-path=DIR] [-o OUT] [NVCC-OPTIONS]
 *                  FILE [-- ARGS]
 *
 * Prints the translated source (or, with --dump-plan, the plan) to stdout
 * or OUT.  nvcc's options (-std=c++17, -I, -D, --extended-lambda, -rdc=true,
 * -arch=sm_80, -Xcompiler -fopenmp ...) tell the parser what nvcc's would
 * see, through the driver's own mapping (ld_argv.h); ARGS go to the parser
 * as they are, in clang spelling, after those.
 * Exit status: 0 ok, 1 translation failed (one line on stderr), 2 bad usage.
 * Host code only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_argv.h"
#include "ld_coverage.h"
#include "ld_error.h"
#include "ld_translate.h"

static const char usage[] =
    "usage: ldcc-translate [--dump-plan] [--deterministic] [--cuda-path=DIR]\n"
    "                      [--gpu-arch=SM] [-o OUT] [NVCC-OPTIONS] FILE\n"
    "                      [-- CLANG-ARGS...]\n"
    "Translates one CUDA file for ldcc and prints the result.\n"
    "  --dump-plan       print the analysis (KERNEL/TARGET/BARRIER/LAUNCH "
    "lines)\n"
    "  --deterministic   translate for --ldcc-deterministic (one pass, fixed "
    "merge)\n"
    "  --cuda-path=DIR   CUDA toolkit to parse against (default "
    "/usr/local/cuda)\n"
    "  --gpu-arch=SM     GPU architecture to parse for (default: -arch's, or "
    "sm_90)\n"
    "  -o OUT            write to OUT instead of stdout\n"
    "  --coverage PATH...  (first) report what is checked: docs/coverage.md\n"
    "  NVCC-OPTIONS      nvcc's options, seen by the parser as ldcc's driver "
    "passes\n"
    "                    them (-std=, -I, -D, -U, -include, -isystem, -arch,\n"
    "                    --extended-lambda, -rdc=true, -Xcompiler ...)\n"
    "  -- CLANG-ARGS     parser options in clang spelling (-I, -D, -std=...)\n";

static int bad_usage(const char *why) {
  if (why)
    fprintf(stderr, "ldcc-translate: %s\n", why);
  fputs(usage, stderr);
  return 2;
}

/* The command line: ldcc-translate's own options, nvcc's (collected in
 * nvcc_args for the driver's classification), the input, and what follows
 * `--`.  Returns 0, or 2 after saying what is wrong. */
struct cmdline {
  struct ld_translate_opts opts;
  const char *out_path;
  int dump_plan;
  char **nvcc_args; /* borrowed words; owned array */
  int nnvcc_args;
  char **rest; /* the words after `--` */
  int nrest;
};

static int read_cmdline(int argc, char **argv, struct cmdline *c) {
  int i;

  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    struct ld_opt_match m;
    if (!strcmp(a, "--")) {
      i++;
      break;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      exit(0);
    } else if (!strcmp(a, "--dump-plan")) {
      c->dump_plan = 1;
    } else if (!strcmp(a, "--deterministic")) {
      c->opts.deterministic = 1;
    } else if (!strncmp(a, "--cuda-path=", 12)) {
      c->opts.cuda_path = a + 12;
    } else if (!strncmp(a, "--gpu-arch=", 11)) {
      c->opts.gpu_arch = a + 11;
    } else if (!strcmp(a, "-o")) {
      if (++i == argc)
        return bad_usage("-o needs a file name");
      c->out_path = argv[i];
    } else if (a[0] == '-' && a[1] != '\0' && ld_nvcc_opt_match(a, &m)) {
      c->nvcc_args[c->nnvcc_args++] = argv[i];
      if ((m.opt->flags & LD_OPT_VALUE) && !m.value && i + 1 < argc)
        c->nvcc_args[c->nnvcc_args++] = argv[++i];
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "ldcc-translate: unknown option '%s'\n", a);
      return bad_usage(NULL);
    } else if (c->opts.input_path) {
      return bad_usage("more than one input file");
    } else {
      c->opts.input_path = a;
    }
  }
  if (!c->opts.input_path)
    return bad_usage("no input file");
  c->rest = argv + i;
  c->nrest = argc - i;
  return 0;
}

/* The parser's arguments: the driver's mapping of the nvcc options, then
 * the words after `--`.  *all is an owned array of borrowed strings. */
static int parser_args(struct cmdline *c, struct ld_cmdline *cl,
                       const char ***all) {
  int rc = ld_argv_parse(c->nnvcc_args, c->nvcc_args, cl);
  size_t i, n;

  if (rc)
    return rc;
  n = cl->nclang_args + (size_t)c->nrest;
  *all = calloc(n + 1, sizeof **all);
  if (!*all)
    return LD_ENOMEM;
  for (i = 0; i < cl->nclang_args; i++)
    (*all)[i] = cl->clang_args[i];
  for (i = 0; i < (size_t)c->nrest; i++)
    (*all)[cl->nclang_args + i] = c->rest[i];
  c->opts.clang_args = *all;
  c->opts.nclang_args = (int)n;
  if (!c->opts.gpu_arch)
    c->opts.gpu_arch = cl->gpu_arch;
  return LD_OK;
}

/* Whether word a is one of the coverage report's own options. */
static int coverage_own(const char *a) {
  return !strcmp(a, "-o") || !strcmp(a, "--help") || !strcmp(a, "-h") ||
         !strncmp(a, "--cuda-path=", 12) || !strncmp(a, "--gpu-arch=", 11);
}

/* `--coverage [OPTIONS] PATH... [-- CLANG-ARGS]`: nvcc's options among
 * OPTIONS (the build's flags) are mapped as the driver maps them and given
 * to the report as parser arguments, before the words after `--`. */
static int coverage(int argc, char **argv) {
  struct ld_cmdline cl;
  char **nvcc = calloc((size_t)argc + 1, sizeof *nvcc), **rest = NULL;
  char arch[64];
  int nn = 0, nr = 0, dashes, i, rc;

  memset(&cl, 0, sizeof cl);
  if (!nvcc)
    return 1;
  for (i = 0; i < argc && strcmp(argv[i], "--"); i++) {
    struct ld_opt_match m;
    if (argv[i][0] == '-' && !coverage_own(argv[i]) &&
        ld_nvcc_opt_match(argv[i], &m)) {
      nvcc[nn++] = argv[i];
      if ((m.opt->flags & LD_OPT_VALUE) && !m.value && i + 1 < argc)
        nvcc[nn++] = argv[++i];
    }
  }
  dashes = i;
  if (!nn) {
    free(nvcc);
    return ld_coverage_main(argc, argv);
  }
  rc = ld_argv_parse(nn, nvcc, &cl);
  if (!rc)
    rest = calloc((size_t)argc + cl.nclang_args + 3, sizeof *rest);
  if (!rest) {
    fprintf(stderr, "ldcc-translate: %s\n", ld_strerror(rc ? rc : LD_ENOMEM));
    ld_cmdline_free(&cl);
    free(nvcc);
    return rc == LD_ENOMEM || !rc ? 1 : 2;
  }
  /* -arch's architecture first, so that a --gpu-arch= given too wins. */
  snprintf(arch, sizeof arch, "--gpu-arch=%s", cl.gpu_arch);
  rest[nr++] = arch;
  for (i = 0; i < dashes; i++) {
    struct ld_opt_match m;
    int own = coverage_own(argv[i]);
    if (argv[i][0] == '-' && !own && ld_nvcc_opt_match(argv[i], &m)) {
      if ((m.opt->flags & LD_OPT_VALUE) && !m.value && i + 1 < argc)
        i++;
      continue;
    }
    rest[nr++] = argv[i];
    if (own && !strcmp(argv[i], "-o") && i + 1 < dashes)
      rest[nr++] = argv[++i];
  }
  rest[nr++] = "--";
  for (i = 0; i < (int)cl.nclang_args; i++)
    rest[nr++] = (char *)cl.clang_args[i];
  for (i = dashes + 1; i < argc; i++)
    rest[nr++] = argv[i];
  rc = ld_coverage_main(nr, rest);
  free(rest);
  ld_cmdline_free(&cl);
  free(nvcc);
  return rc;
}

int main(int argc, char **argv) {
  struct cmdline c;
  struct ld_cmdline cl;
  struct ld_translation t = {0};
  const char **all = NULL;
  FILE *out = stdout;
  int status = 0;
  int rc;

  if (argc > 1 && !strcmp(argv[1], "--coverage"))
    return coverage(argc - 2, argv + 2);
  memset(&c, 0, sizeof c);
  memset(&cl, 0, sizeof cl);
  c.nvcc_args = calloc((size_t)argc + 1, sizeof *c.nvcc_args);
  if (!c.nvcc_args) {
    fprintf(stderr, "ldcc-translate: %s\n", ld_strerror(LD_ENOMEM));
    return 1;
  }
  if ((status = read_cmdline(argc, argv, &c)) != 0)
    goto out;
  if ((rc = parser_args(&c, &cl, &all)) != LD_OK) {
    fprintf(stderr, "ldcc-translate: %s\n", ld_strerror(rc));
    status = 1;
    goto out;
  }
  rc = ld_translate(&c.opts, &t);
  if (rc) {
    fprintf(stderr, "ldcc-translate: %s\n",
            t.error ? t.error : ld_strerror(rc));
    status = 1;
    goto out;
  }
  if (c.out_path && !(out = fopen(c.out_path, "w"))) {
    fprintf(stderr, "ldcc-translate: %s: cannot open for writing\n",
            c.out_path);
    status = 1;
    goto out;
  }
  if (c.dump_plan)
    rc = ld_plan_dump(t.plan, out);
  else if (fwrite(t.text, 1, t.len, out) != t.len)
    rc = LD_EIO;
  if (fflush(out) || rc) {
    fprintf(stderr, "ldcc-translate: %s: write failed\n",
            c.out_path ? c.out_path : "<stdout>");
    status = 1;
  }
out:
  if (out != stdout)
    fclose(out);
  ld_translation_free(&t);
  ld_cmdline_free(&cl);
  free(all);
  free(c.nvcc_args);
  return status;
}
