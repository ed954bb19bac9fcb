/* Classifying an nvcc command line: which words are options, option values,
 * inputs, unknown options and ldcc's own --ldcc-* flags, and the facts the
 * driver decides on (does nvcc link, is this preprocessing only, where does
 * the dependency file go, which inputs get translated, what the parser must
 * be told).
 *
 * Classification never changes the command line: the driver forwards every
 * argument it does not consume, verbatim and in order.  Options files
 * (-optf/--options-file) are read so that their contents count, but the
 * option itself is forwarded unchanged.  Host code only. */
#ifndef LD_ARGV_H
#define LD_ARGV_H

#include <stddef.h>

#include "ld_nvcc_opts.h"

enum ld_arg_kind {
  LD_ARG_OPTION,  /* a known nvcc option */
  LD_ARG_VALUE,   /* the separate value of the option just before it */
  LD_ARG_INPUT,   /* an input file */
  LD_ARG_UNKNOWN, /* starts with '-' but nvcc does not document it */
  LD_ARG_LDCC,    /* --ldcc-*: consumed by ldcc, never forwarded */
};

struct ld_arg {
  const char *text; /* as given; borrowed from argv */
  enum ld_arg_kind kind;
  const struct ld_nvcc_opt *opt; /* OPTION and VALUE: the option */
  const char *value; /* OPTION: its value wherever it was; else NULL */
  int translate;     /* INPUT: 1 when ldcc translates this file */
};

/* The --ldcc-* flags. */
struct ld_ldcc_flags {
  int keep;            /* --ldcc-keep: keep the translated files */
  int strict;          /* --ldcc-strict: a translation failure is an error */
  int verbose;         /* --ldcc-verbose: say what was instrumented */
  int deterministic;   /* --ldcc-deterministic: one pass, fixed merge */
  const char *unknown; /* first --ldcc-* flag not known; NULL if none */
};

struct ld_cmdline {
  struct ld_arg *args; /* the arguments after the program (and nvcc) name */
  size_t nargs;

  int links;      /* nvcc links an executable or shared library */
  int preprocess; /* -E, -M or -MM: nothing is compiled */
  int info;       /* --version, --help, -v, --dryrun, --list-gpu-*, -clean */
  int version;    /* --version or -V */
  int run;        /* -run: nvcc runs the program it built */
  int deps;       /* -MD or -MMD: nvcc writes a dependency file */
  const char *depfile; /* -MF value; NULL if none */
  const char *output;  /* -o value; NULL if none */
  const char *lang;    /* -x value; NULL if none */
  size_t ninputs;      /* inputs on the command line and in options files */
  size_t ntranslate;   /* inputs on the command line that get translated */

  /* An unknown option is followed by a word that would be translated: it
   * may be that option's value, so ldcc cannot tell what the inputs are. */
  int ambiguous;
  const char *ambiguous_option; /* the unknown option; borrowed */
  /* An options file could not be read, so its contents are unknown. */
  const char *unreadable_optf; /* its name; borrowed or owned by strings */

  /* Translatable inputs named inside options files: ldcc cannot put a
   * translated file in their place, so they are built unchecked. */
  const char **optf_inputs; /* owned array of strings owned by strings */
  size_t noptf_inputs;

  struct ld_ldcc_flags ldcc;

  /* Parser arguments in clang spelling (-I<dir>, -D<def>, -std=...). */
  char **clang_args; /* owned, strings owned */
  size_t nclang_args;
  char gpu_arch[16]; /* "sm_90" unless -arch/-gencode says otherwise */
  int rdc;           /* -rdc=true or -dc: relocatable device code */

  char **strings; /* storage for options-file words; owned */
  size_t nstrings;
};

/* Classify argv[0..argc).  argv must outlive *cl.  Returns 0, or LD_ENOMEM
 * (cl is then freed and empty).  Malformed command lines are not errors:
 * nvcc judges those. */
int ld_argv_parse(int argc, char *const *argv, struct ld_cmdline *cl);
void ld_cmdline_free(struct ld_cmdline *cl);

/* 1 when an input named path is CUDA source ldcc translates, given the -x
 * value lang (NULL when there is none). */
int ld_argv_is_cuda_source(const char *path, const char *lang);

/* Parser architecture for an -arch or -gencode value: "sm_XY" for XY in
 * 75..121 (with its "a" suffix from 90 on: sm_90a), else "sm_90" (native,
 * all, unknown or unsupported).  Writes at most size bytes to out. */
void ld_argv_gpu_arch(const char *value, int gencode, char *out, size_t size);

/* Split the text of an options file into words as nvcc does: whitespace
 * separates, '...' and "..." quote, backslash escapes.  Appends owned
 * strings to *words.  Returns 0 or LD_ENOMEM. */
int ld_argv_split_optf(const char *text, char ***words, size_t *nwords);

#endif
