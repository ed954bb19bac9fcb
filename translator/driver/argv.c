/* Classifying an nvcc command line (see ld_argv.h).  Host code only. */
#include "ld_argv.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"

/* Options files may name further options files; nvcc's own limit is not
 * documented, this one only stops a file that names itself. */
#define LD_OPTF_MAX_DEPTH 8

static const char *suffix_of(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(slash ? slash + 1 : path, '.');
  return dot ? dot : "";
}

int ld_argv_is_cuda_source(const char *path, const char *lang) {
  /* Under -x cu nvcc compiles every source-like input as CUDA; objects,
   * libraries and device images stay what they are. */
  static const char *const binary[] = {
      ".o",     ".a",      ".so",    ".obj",     ".lib", ".ptx",
      ".cubin", ".fatbin", ".ltoir", ".optixir", NULL};
  const char *suf = suffix_of(path);
  size_t i;

  if (strcmp(path, "-") == 0)
    return 0;
  if (lang) {
    if (strcmp(lang, "cu") != 0)
      return 0;
    for (i = 0; binary[i]; i++)
      if (strcmp(suf, binary[i]) == 0)
        return 0;
    return 1;
  }
  return strcmp(suf, ".cu") == 0;
}

void ld_argv_gpu_arch(const char *value, int gencode, char *out, size_t size) {
  const char *p = value;
  char *end = NULL;
  long n = 0;

  if (gencode) {
    p = strstr(value, "arch=");
    p = p ? p + 5 : "";
  }
  while (*p && !isdigit((unsigned char)*p) && *p != ',')
    p++;
  if (isdigit((unsigned char)*p))
    n = strtol(p, &end, 10);
  /* libclang 22 knows these; older ones CUDA 13 no longer supports and
   * newer ones clang may not know.  The parse only needs a valid target. */
  if (n < 75 || n > 121)
    n = 90;
  /* The architecture-specific sm_90a, sm_100a ... clang knows too (and
   * defines their feature macros); the family ones (sm_100f) it does not. */
  if (end && *end == 'a' && n >= 90 && n <= 121)
    snprintf(out, size, "sm_%lda", n);
  else
    snprintf(out, size, "sm_%ld", n);
}

static int push_str(char ***v, size_t *n, char *s) {
  char **p;

  if (!s)
    return LD_ENOMEM;
  p = realloc(*v, (*n + 1) * sizeof *p);
  if (!p) {
    free(s);
    return LD_ENOMEM;
  }
  p[(*n)++] = s;
  *v = p;
  return LD_OK;
}

int ld_argv_split_optf(const char *text, char ***words, size_t *nwords) {
  struct ld_buf w = LD_BUF_INIT;
  const char *p = text;
  int rc = LD_OK;

  for (;;) {
    int in_word = 0;
    char quote = 0;

    while (*p && isspace((unsigned char)*p))
      p++;
    if (!*p)
      break;
    for (; *p; p++) {
      if (quote) {
        if (*p == quote) {
          quote = 0;
          continue;
        }
      } else if (*p == '\'' || *p == '"') {
        quote = *p;
        in_word = 1;
        continue;
      } else if (isspace((unsigned char)*p)) {
        break;
      }
      if (*p == '\\' && p[1] && quote != '\'')
        p++;
      if ((rc = ld_buf_putc(&w, *p)) != LD_OK)
        goto out;
      in_word = 1;
    }
    if (in_word) {
      if ((rc = push_str(words, nwords, ld_buf_detach(&w))) != LD_OK)
        goto out;
    }
  }
out:
  ld_buf_free(&w);
  return rc;
}

/* Split a comma list and add prefix+item to the parser arguments. */
static int add_clang_list(struct ld_cmdline *cl, const char *prefix,
                          const char *value, int split) {
  const char *p = value;
  int rc = LD_OK;

  while (rc == LD_OK) {
    size_t len = split ? strcspn(p, ",") : strlen(p);
    struct ld_buf b = LD_BUF_INIT;

    if (len > 0) {
      rc = ld_buf_printf(&b, "%s%.*s", prefix, (int)len, p);
      if (rc == LD_OK)
        rc = push_str(&cl->clang_args, &cl->nclang_args, ld_buf_detach(&b));
      ld_buf_free(&b);
    }
    if (!p[len])
      break;
    p += len + 1;
  }
  return rc;
}

static int push_clang(struct ld_cmdline *cl, const char *arg) {
  return push_str(&cl->clang_args, &cl->nclang_args, strdup(arg));
}

/* Options nvcc announces to the code with a macro; the parser must see the
 * same macro (code tests __CUDACC_EXTENDED_LAMBDA__ to use __device__
 * lambdas, CCCL tests __CUDACC_RELAXED_CONSTEXPR__).  The lambdas' macro
 * goes through __LDCC_EXTENDED_LAMBDA, which the parser's prelude turns
 * into __CUDACC_EXTENDED_LAMBDA__ (ld_analyse.h): seen by the toolkit's
 * cuda_runtime.h inside clang's wrapper, it includes <functional> before
 * the wrapper declares the device malloc that <new> calls, and no file
 * with a device `new` parsed. */
static const struct {
  const char *long_name;
  const char *define;
} mode_macros[] = {
    {"--device-debug", "-D__CUDACC_DEBUG__=1"},
    {"--expt-extended-lambda", "-D__LDCC_EXTENDED_LAMBDA=1"},
    {"--expt-relaxed-constexpr", "-D__CUDACC_RELAXED_CONSTEXPR__=1"},
    {"--extended-lambda", "-D__LDCC_EXTENDED_LAMBDA=1"},
};

/* The words of one -Xcompiler value that change what the parser sees: nvcc
 * preprocesses both of its passes with the host compiler, so -D, -U, -I,
 * -isystem, -include and -fopenmp count; code generation flags do not.
 * nvcc splits the value at commas, the shell it runs at spaces. */
static int add_xcompiler(struct ld_cmdline *cl, const char *value) {
  static const char *const with_value[] = {"-isystem", "-include", "-idirafter",
                                           "-iquote", NULL};
  char *copy = strdup(value);
  char *w, *save = NULL;
  int take_next = 0;
  int rc = LD_OK;
  size_t i;

  if (!copy)
    return LD_ENOMEM;
  for (w = strtok_r(copy, ", \t", &save); w && rc == LD_OK;
       w = strtok_r(NULL, ", \t", &save)) {
    int keep = take_next || strncmp(w, "-D", 2) == 0 ||
               strncmp(w, "-U", 2) == 0 || strncmp(w, "-I", 2) == 0 ||
               strncmp(w, "-fopenmp", 8) == 0;
    take_next = 0;
    for (i = 0; with_value[i]; i++)
      if (strncmp(w, with_value[i], strlen(with_value[i])) == 0) {
        keep = 1;
        take_next = strlen(w) == strlen(with_value[i]);
      }
    if (keep)
      rc = push_clang(cl, w);
  }
  free(copy);
  return rc;
}

/* What an option changes in the parser's language mode. */
static int note_mode(struct ld_cmdline *cl, const struct ld_nvcc_opt *o,
                     const char *value) {
  size_t i;

  switch (o->role) {
  case LD_ROLE_RDC:
    /* -dc has no value and means -rdc=true; -rdc=false undoes it. */
    cl->rdc = !value || strcmp(value, "true") == 0;
    return LD_OK;
  case LD_ROLE_XCOMPILER:
    return value ? add_xcompiler(cl, value) : LD_OK;
  case LD_ROLE_MODE:
    for (i = 0; i < sizeof mode_macros / sizeof mode_macros[0]; i++)
      if (strcmp(o->long_name, mode_macros[i].long_name) == 0)
        return push_clang(cl, mode_macros[i].define);
    return LD_OK;
  default:
    return LD_OK;
  }
}

static int note_option(struct ld_cmdline *cl, const struct ld_nvcc_opt *o,
                       const char *value, int *arch_seen) {
  unsigned f = o->flags;
  int rc = LD_OK;

  if (f & LD_OPT_PREPROCESS)
    cl->preprocess = 1;
  if (f & LD_OPT_INFO)
    cl->info = 1;
  if (f & LD_OPT_DEPS)
    cl->deps = 1;
  if (strcmp(o->long_name, "--version") == 0)
    cl->version = 1;
  if (strcmp(o->long_name, "--run") == 0)
    cl->run = 1;
  if (o->role == LD_ROLE_RDC || o->role == LD_ROLE_XCOMPILER ||
      o->role == LD_ROLE_MODE)
    return note_mode(cl, o, value);
  if (!value)
    return LD_OK;
  switch (o->role) {
  case LD_ROLE_OUTPUT:
    cl->output = value;
    break;
  case LD_ROLE_LANG:
    cl->lang = value;
    break;
  case LD_ROLE_DEPFILE:
    cl->depfile = value;
    break;
  case LD_ROLE_INCLUDE:
    rc = add_clang_list(cl, "-I", value, 1);
    break;
  case LD_ROLE_SYSINCLUDE:
    rc = add_clang_list(cl, "-isystem", value, 1);
    break;
  case LD_ROLE_DEFINE:
    rc = add_clang_list(cl, "-D", value, 1);
    break;
  case LD_ROLE_UNDEFINE:
    rc = add_clang_list(cl, "-U", value, 1);
    break;
  case LD_ROLE_PREINCLUDE:
    rc = add_clang_list(cl, "-include", value, 1);
    break;
  case LD_ROLE_STD:
    rc = add_clang_list(cl, "-std=", value, 0);
    break;
  case LD_ROLE_ARCH:
  case LD_ROLE_GENCODE:
    /* The first architecture named is the one the parser sees. */
    if (!*arch_seen)
      ld_argv_gpu_arch(value, o->role == LD_ROLE_GENCODE, cl->gpu_arch,
                       sizeof cl->gpu_arch);
    *arch_seen = 1;
    break;
  default:
    break;
  }
  return rc;
}

static int ldcc_flag(struct ld_cmdline *cl, const char *arg) {
  if (strcmp(arg, "--ldcc-keep") == 0)
    cl->ldcc.keep = 1;
  else if (strcmp(arg, "--ldcc-strict") == 0)
    cl->ldcc.strict = 1;
  else if (strcmp(arg, "--ldcc-verbose") == 0)
    cl->ldcc.verbose = 1;
  else if (strcmp(arg, "--ldcc-deterministic") == 0)
    cl->ldcc.deterministic = 1;
  else if (!cl->ldcc.unknown)
    cl->ldcc.unknown = arg;
  return LD_OK;
}

/* A list of words: the command line itself, or the words of one options
 * file, kept as indices into cl->strings because reading a nested options
 * file grows (and may move) that array. */
struct span {
  char *const *argv; /* NULL: the words are cl->strings[first..first+n) */
  size_t first;
  size_t n;
};

struct walk {
  struct ld_cmdline *cl;
  int arch_seen;
  struct span *optf; /* one span per options file read */
  size_t noptf;
};

static const char *word(const struct walk *w, const struct span *s, size_t i) {
  return s->argv ? s->argv[s->first + i] : w->cl->strings[s->first + i];
}

static int read_optf(struct walk *w, const char *list, int depth);

/* One pass over a span: the command line (args != NULL, one ld_arg per
 * word) or an options file (args == NULL, only the facts count).  Inputs
 * are judged later (judge_inputs), once the -x value is known. */
static int walk_words(struct walk *w, struct span s, struct ld_arg *args,
                      int depth) {
  struct ld_cmdline *cl = w->cl;
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < s.n && rc == LD_OK; i++) {
    const char *a = word(w, &s, i);
    struct ld_opt_match m;
    struct ld_arg tmp, *arg = args ? &args[i] : &tmp;

    memset(arg, 0, sizeof *arg);
    arg->text = a;
    if (args && strncmp(a, "--ldcc-", 7) == 0) {
      arg->kind = LD_ARG_LDCC;
      rc = ldcc_flag(cl, a);
    } else if (ld_nvcc_opt_match(a, &m)) {
      arg->kind = LD_ARG_OPTION;
      arg->opt = m.opt;
      arg->value = m.value;
      if ((m.opt->flags & LD_OPT_VALUE) && !m.value && i + 1 < s.n) {
        i++;
        arg->value = word(w, &s, i);
        if (args) {
          memset(&args[i], 0, sizeof args[i]);
          args[i].text = arg->value;
          args[i].kind = LD_ARG_VALUE;
          args[i].opt = m.opt;
        }
      }
      if ((m.opt->flags & LD_OPT_VALUE) && !arg->value)
        continue; /* the value is missing: nvcc reports it */
      if (m.opt->flags & LD_OPT_NOLINK)
        cl->links = 0;
      rc = note_option(cl, m.opt, arg->value, &w->arch_seen);
      if (rc == LD_OK && m.opt->role == LD_ROLE_OPTF)
        rc = read_optf(w, arg->value, depth + 1);
    } else if (a[0] == '-' && a[1] != '\0') {
      arg->kind = LD_ARG_UNKNOWN;
    } else {
      arg->kind = LD_ARG_INPUT;
      cl->ninputs++;
    }
  }
  return rc;
}

static int is_unknown_option(const char *a) {
  struct ld_opt_match m;
  return a[0] == '-' && a[1] != '\0' && strncmp(a, "--ldcc-", 7) != 0 &&
         !ld_nvcc_opt_match(a, &m);
}

/* Judge the inputs of a span (needs the final -x) and spot ambiguity: an
 * unknown option without "=value" directly before a word ldcc would
 * translate may be that option's value. */
static int judge_inputs(struct walk *w, struct span s, struct ld_arg *args) {
  struct ld_cmdline *cl = w->cl;
  size_t i;
  /* Whether the word before is an unknown option, not the value of a known
   * one (`-Xcompiler -Wall main.cu`: -Wall is -Xcompiler's value; taken
   * for an unknown option, it made ldcc run nvcc unchanged, session 39). */
  int prev_unknown = 0;

  for (i = 0; i < s.n; i++) {
    const char *a = word(w, &s, i);
    struct ld_opt_match m;

    if (args ? args[i].kind != LD_ARG_INPUT : a[0] == '-' && a[1] != '\0') {
      prev_unknown =
          args ? args[i].kind == LD_ARG_UNKNOWN : is_unknown_option(a);
      if (!args && ld_nvcc_opt_match(a, &m) && (m.opt->flags & LD_OPT_VALUE) &&
          !m.value)
        i++; /* skip the option's value */
      continue;
    }
    if (!ld_argv_is_cuda_source(a, cl->lang)) {
      prev_unknown = 0;
      continue;
    }
    if (prev_unknown) {
      const char *prev = word(w, &s, i - 1);
      if (!strchr(prev, '=')) {
        cl->ambiguous = 1;
        if (!cl->ambiguous_option)
          cl->ambiguous_option = prev;
      }
    }
    prev_unknown = 0;
    if (args) {
      args[i].translate = 1;
      cl->ntranslate++;
    } else {
      const char **p =
          realloc(cl->optf_inputs, (cl->noptf_inputs + 1) * sizeof *p);
      if (!p)
        return LD_ENOMEM;
      p[cl->noptf_inputs++] = a;
      cl->optf_inputs = p;
    }
  }
  return LD_OK;
}

static int read_file(const char *path, char **text) {
  struct ld_buf b = LD_BUF_INIT;
  char chunk[4096];
  size_t got;
  FILE *f = fopen(path, "rb");
  int rc = LD_OK;

  *text = NULL;
  if (!f)
    return LD_EIO;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
    if ((rc = ld_buf_append(&b, chunk, got)) != LD_OK)
      goto out;
  if (ferror(f)) {
    rc = LD_EIO;
    goto out;
  }
  if ((*text = ld_buf_detach(&b)) == NULL)
    rc = LD_ENOMEM;
out:
  fclose(f);
  ld_buf_free(&b);
  return rc;
}

static int read_optf(struct walk *w, const char *list, int depth) {
  struct ld_cmdline *cl = w->cl;
  char *copy = strdup(list);
  char *path, *save = NULL;
  int rc = LD_OK;

  if (!copy)
    return LD_ENOMEM;
  for (path = strtok_r(copy, ",", &save); path && rc == LD_OK;
       path = strtok_r(NULL, ",", &save)) {
    struct span s = {NULL, cl->nstrings, 0};
    struct span *p;
    char *text = NULL;

    if (depth > LD_OPTF_MAX_DEPTH || read_file(path, &text) != LD_OK) {
      /* nvcc will say what is wrong with it; ldcc cannot see inside. */
      if (!cl->unreadable_optf)
        cl->unreadable_optf = list;
      continue;
    }
    rc = ld_argv_split_optf(text, &cl->strings, &cl->nstrings);
    free(text);
    if (rc != LD_OK)
      break;
    s.n = cl->nstrings - s.first;
    p = realloc(w->optf, (w->noptf + 1) * sizeof *p);
    if (!p) {
      rc = LD_ENOMEM;
      break;
    }
    w->optf = p;
    w->optf[w->noptf++] = s;
    rc = walk_words(w, s, NULL, depth);
  }
  free(copy);
  return rc;
}

int ld_argv_parse(int argc, char *const *argv, struct ld_cmdline *cl) {
  struct walk w;
  struct span top = {argv, 0, argc > 0 ? (size_t)argc : 0};
  size_t i;
  int rc = LD_ENOMEM;

  memset(cl, 0, sizeof *cl);
  memset(&w, 0, sizeof w);
  w.cl = cl;
  snprintf(cl->gpu_arch, sizeof cl->gpu_arch, "sm_90");
  cl->nargs = top.n;
  cl->links = 1;
  if ((cl->args = calloc(cl->nargs + 1, sizeof *cl->args)) == NULL)
    goto out;
  rc = walk_words(&w, top, cl->args, 0);
  if (rc == LD_OK)
    rc = judge_inputs(&w, top, cl->args);
  for (i = 0; rc == LD_OK && i < w.noptf; i++)
    rc = judge_inputs(&w, w.optf[i], NULL);
  /* Device-side launches parse only with relocatable device code. */
  if (rc == LD_OK && cl->rdc)
    rc = push_clang(cl, "-fgpu-rdc");
  if (rc == LD_OK && cl->rdc)
    rc = push_clang(cl, "-D__CUDACC_RDC__=1");
  /* -v and friends make nvcc report instead of build; with no input there
   * is nothing to link either. */
  if (cl->preprocess || cl->info || cl->ninputs == 0)
    cl->links = 0;
out:
  free(w.optf);
  if (rc != LD_OK)
    ld_cmdline_free(cl);
  return rc;
}

void ld_cmdline_free(struct ld_cmdline *cl) {
  size_t i;

  if (!cl)
    return;
  for (i = 0; i < cl->nclang_args; i++)
    free(cl->clang_args[i]);
  for (i = 0; i < cl->nstrings; i++)
    free(cl->strings[i]);
  free(cl->clang_args);
  free(cl->strings);
  free(cl->optf_inputs);
  free(cl->args);
  memset(cl, 0, sizeof *cl);
}
