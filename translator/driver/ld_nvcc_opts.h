/* The one table of nvcc 13's command-line options, and the matcher that
 * recognises an argument against it.
 *
 * The table says, for each option, its long spelling (--name), its short
 * spelling (-name), whether it takes a value, and what the driver needs to
 * know about it (its role and flags).  It does not interpret values beyond
 * that; argv.c does.  Spellings follow `nvcc --help` of CUDA 13.0 and what
 * nvcc accepts in practice:
 *   --name value   --name=value   -short value   -short=value
 *   -Xvalue        only for the single-letter short options -D -I -U -L -l
 *                  -O -t (nvcc rejects -ofoo, -xcu, -efoo, -archsm_90)
 * A long spelling never takes one dash and a short one never two.
 * Host code only. */
#ifndef LD_NVCC_OPTS_H
#define LD_NVCC_OPTS_H

#include <stddef.h>

/* What the driver does with an option's value; NONE for most options. */
enum ld_opt_role {
  LD_ROLE_NONE,
  LD_ROLE_OUTPUT,     /* -o: the output file */
  LD_ROLE_LANG,       /* -x: language of all inputs */
  LD_ROLE_INCLUDE,    /* -I: parser gets -I<dir> per comma item */
  LD_ROLE_SYSINCLUDE, /* -isystem */
  LD_ROLE_PREINCLUDE, /* -include */
  LD_ROLE_DEFINE,     /* -D */
  LD_ROLE_UNDEFINE,   /* -U */
  LD_ROLE_STD,        /* -std: parser gets -std=<value> */
  LD_ROLE_ARCH,       /* -arch: picks the parser's GPU architecture */
  LD_ROLE_GENCODE,    /* -gencode arch=compute_XY,code=...  */
  LD_ROLE_OPTF,       /* -optf: files whose contents are more options */
  LD_ROLE_DEPFILE,    /* -MF: where the dependency file goes */
  /* The parser must see what these change in nvcc's language mode: */
  LD_ROLE_RDC,       /* -rdc=true, -dc: -fgpu-rdc and __CUDACC_RDC__ */
  LD_ROLE_XCOMPILER, /* -Xcompiler: its -D -U -I -isystem -include -fopenmp */
  LD_ROLE_MODE,      /* an option nvcc announces with a macro (argv.c) */
};

/* The option takes a value (separate word, =value or glued). */
#define LD_OPT_VALUE 0x01u
/* The short spelling may have its value glued on (-Ifoo, -O3, -DX=1). */
#define LD_OPT_GLUE 0x02u
/* The value is a comma-separated list (nvcc splits it). */
#define LD_OPT_LIST 0x04u
/* A phase option after which nvcc does not link an executable or shared
 * library, so the runtime library must not be added. */
#define LD_OPT_NOLINK 0x08u
/* Preprocessing or dependency generation only (-E -M -MM): nothing is
 * compiled, so nvcc runs on the original files. */
#define LD_OPT_PREPROCESS 0x10u
/* nvcc reports or lists instead of building (--version, --help, -v,
 * --dryrun, --list-gpu-*, --clean-targets): ldcc runs nvcc unchanged so its
 * output is exactly nvcc's. */
#define LD_OPT_INFO 0x20u
/* -MD/-MMD: nvcc writes a dependency file while compiling. */
#define LD_OPT_DEPS 0x40u

struct ld_nvcc_opt {
  const char *long_name;  /* "--output-file"; never NULL */
  const char *short_name; /* "-o"; NULL when nvcc has no short spelling */
  unsigned flags;         /* LD_OPT_* */
  enum ld_opt_role role;
};

/* The table, sorted by long_name (strcmp order); ld_nvcc_opt_count entries. */
extern const struct ld_nvcc_opt ld_nvcc_opts[];
extern const size_t ld_nvcc_opt_count;

/* How one argument matched. */
struct ld_opt_match {
  const struct ld_nvcc_opt *opt; /* NULL: not an nvcc option */
  /* The value carried inside the argument itself (=value or glued); NULL
   * when the value, if the option takes one, is the next argument. */
  const char *value;
};

/* Match arg against the table.  Returns 1 and fills *m when arg is an nvcc
 * option (exact spelling, spelling=value, or glued short form), 0 when it is
 * not (an input, or an option nvcc does not document). */
int ld_nvcc_opt_match(const char *arg, struct ld_opt_match *m);

/* Find an option by its exact long or short spelling; NULL if none. */
const struct ld_nvcc_opt *ld_nvcc_opt_find(const char *spelling);

#endif
