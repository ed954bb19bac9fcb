/* ldcc-translate: run the translator on one file and print the result.
 *
 *   ldcc-translate [--dump-plan] [--cuda-path=DIR] [-o OUT] FILE [-- ARGS]
 *
 * Prints the translated source (or, with --dump-plan, the plan) to stdout
 * or OUT.  ARGS go to the parser in clang spelling (-I, -D, -std= ...).
 * Exit status: 0 ok, 1 translation failed (one line on stderr), 2 bad usage.
 * Host code only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_coverage.h"
#include "ld_error.h"
#include "ld_translate.h"

static const char usage[] =
    "usage: ldcc-translate [--dump-plan] [--deterministic] [--cuda-path=DIR]\n"
    "                      [--gpu-arch=SM] [-o OUT] FILE [-- CLANG-ARGS...]\n"
    "Translates one CUDA file for ldcc and prints the result.\n"
    "  --dump-plan       print the analysis (KERNEL/TARGET/BARRIER/LAUNCH "
    "lines)\n"
    "  --deterministic   translate for --ldcc-deterministic (one pass, fixed "
    "merge)\n"
    "  --cuda-path=DIR   CUDA toolkit to parse against (default "
    "/usr/local/cuda)\n"
    "  --gpu-arch=SM     GPU architecture to parse for (default sm_90)\n"
    "  -o OUT            write to OUT instead of stdout\n"
    "  --coverage PATH...  (first) report what is checked: docs/coverage.md\n"
    "  -- CLANG-ARGS     parser options in clang spelling (-I, -D, -std=...)\n";

static int bad_usage(const char *why) {
  if (why)
    fprintf(stderr, "ldcc-translate: %s\n", why);
  fputs(usage, stderr);
  return 2;
}

int main(int argc, char **argv) {
  struct ld_translate_opts opts = {0};
  struct ld_translation t = {0};
  const char *out_path = NULL;
  int dump_plan = 0;
  FILE *out = stdout;
  int status = 0;
  int i;
  int rc;

  if (argc > 1 && !strcmp(argv[1], "--coverage"))
    return ld_coverage_main(argc - 2, argv + 2);
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(a, "--dump-plan")) {
      dump_plan = 1;
    } else if (!strcmp(a, "--deterministic")) {
      opts.deterministic = 1;
    } else if (!strncmp(a, "--cuda-path=", 12)) {
      opts.cuda_path = a + 12;
    } else if (!strncmp(a, "--gpu-arch=", 11)) {
      opts.gpu_arch = a + 11;
    } else if (!strcmp(a, "-o")) {
      if (++i == argc)
        return bad_usage("-o needs a file name");
      out_path = argv[i];
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "ldcc-translate: unknown option '%s'\n", a);
      return bad_usage(NULL);
    } else if (opts.input_path) {
      return bad_usage("more than one input file");
    } else {
      opts.input_path = a;
    }
  }
  if (!opts.input_path)
    return bad_usage("no input file");
  opts.clang_args = (const char *const *)(argv + i);
  opts.nclang_args = argc - i;

  rc = ld_translate(&opts, &t);
  if (rc) {
    fprintf(stderr, "ldcc-translate: %s\n",
            t.error ? t.error : ld_strerror(rc));
    status = 1;
    goto out;
  }
  if (out_path && !(out = fopen(out_path, "w"))) {
    fprintf(stderr, "ldcc-translate: %s: cannot open for writing\n", out_path);
    status = 1;
    goto out;
  }
  if (dump_plan)
    rc = ld_plan_dump(t.plan, out);
  else if (fwrite(t.text, 1, t.len, out) != t.len)
    rc = LD_EIO;
  if (fflush(out) || rc) {
    fprintf(stderr, "ldcc-translate: %s: write failed\n",
            out_path ? out_path : "<stdout>");
    status = 1;
  }
out:
  if (out != stdout)
    fclose(out);
  ld_translation_free(&t);
  return status;
}
