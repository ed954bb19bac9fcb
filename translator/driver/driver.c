/* The ldcc driver (see ld_driver.h and docs/driver.md).
 *
 * Decides, from the classified command line, between running nvcc
 * unchanged and the translated build: translate each CUDA input into the
 * private temporary directory, give nvcc the translated file in the
 * original's place (same basename, so every output name stays the same),
 * add the include paths the translated files need and, when nvcc links,
 * the runtime library.  Only this file turns a status into behaviour:
 * a translation failure is a one-line warning and a plain build, or an
 * error under --ldcc-strict.  Host code only. */
#include "ld_driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ld_argv.h"
#include "ld_buf.h"
#include "ld_config.h"
#include "ld_depfile.h"
#include "ld_error.h"
#include "ld_find.h"
#include "ld_run.h"
#include "ld_translate.h"

/* A growable NULL-terminated argument vector of borrowed strings. */
struct argvec {
  const char **v;
  size_t n, cap;
};

static int argvec_push(struct argvec *a, const char *s) {
  if (a->n + 2 > a->cap) {
    size_t cap = a->cap ? 2 * a->cap : 32;
    const char **v = realloc(a->v, cap * sizeof *v);
    if (!v)
      return LD_ENOMEM;
    a->v = v;
    a->cap = cap;
  }
  a->v[a->n++] = s;
  a->v[a->n] = NULL;
  return LD_OK;
}

struct job {
  const struct ld_driver_env *env;
  char *const *args; /* the user's arguments after the program/nvcc name */
  int nargs;
  struct ld_cmdline cl;
  char *self;
  char *nvcc;
  const char **translated; /* per argument: its translated copy, or NULL */
  size_t ntranslated;
  struct ld_tmp tmp;
  char *include_dir;
  char *runtime_lib;
  char **quote_dirs; /* directories of translated inputs; owned */
  size_t nquote_dirs;
  /* Translated copy -> the user's path, for nvcc's diagnostics and
   * dependency files; borrowed strings, owned arrays. */
  const char **from, **to;
  size_t npaths;
  /* The user headers translated with each input (pasted into its
   * translated copy): arg[k] is the input's argument index, path[k] the
   * header's absolute path (owned), for its dependency file. */
  int *header_arg;
  char **header_path;
  size_t nheaders;
  /* nvcc's stderr from the translated build, held back until its outcome
   * is known (see translated_build). */
  struct ld_buf diag;
};

int ld_driver_disabled(const char *ldcc_disable) {
  return ldcc_disable && *ldcc_disable && strcmp(ldcc_disable, "0") != 0;
}

/* nvcc's argv: nvcc, extra (may be NULL), then every argument ldcc does not
 * consume with translated inputs in place, then the runtime library when
 * nvcc links. */
static int build_command(struct job *j, const struct argvec *extra,
                         int with_runtime, struct argvec *out) {
  int i;
  int rc = argvec_push(out, j->nvcc);
  size_t k;

  for (k = 0; rc == LD_OK && extra && k < extra->n; k++)
    rc = argvec_push(out, extra->v[k]);
  for (i = 0; rc == LD_OK && i < j->nargs; i++) {
    if (j->cl.args[i].kind == LD_ARG_LDCC)
      continue;
    rc = argvec_push(out, j->translated && j->translated[i] ? j->translated[i]
                                                            : j->args[i]);
  }
  /* Translated code refers to the runtime weakly (include/ldcc/host.h), and
   * a weak reference does not pull a member out of an archive: name the
   * entry point as undefined so the linker does. */
  if (rc == LD_OK && with_runtime)
    rc = argvec_push(out, "-Xlinker");
  if (rc == LD_OK && with_runtime)
    rc = argvec_push(out, "--undefined=__ldcc_launch_prepare");
  /* The allocation calls go through the runtime's wrappers, which record
   * them for the global-memory check (docs/global-check.md). */
  if (rc == LD_OK && with_runtime)
    rc = argvec_push(out, "-Xlinker");
  if (rc == LD_OK && with_runtime)
    rc = argvec_push(out, LD_DRIVER_WRAP);
  if (rc == LD_OK && with_runtime)
    rc = argvec_push(out, j->runtime_lib);
  return rc;
}

/* Replace ldcc by nvcc.  Returns only on failure, with the exit status. */
static int exec_nvcc(struct job *j, int with_runtime, const char *why) {
  struct argvec cmd = {0};

  if (j->cl.ldcc.verbose && why)
    fprintf(stderr, "ldcc: running nvcc unchanged: %s\n", why);
  if (build_command(j, NULL, with_runtime, &cmd) != LD_OK) {
    fprintf(stderr, "ldcc: %s\n", ld_strerror(LD_ENOMEM));
    return 1;
  }
  ld_run_exec((char *const *)cmd.v);
  free(cmd.v);
  return 127;
}

/* A command line ldcc cannot read as nvcc would: nvcc builds it
 * unchanged, which the user is told (not only under --ldcc-verbose: the
 * files are not checked), and a link takes the runtime, whose launch
 * wrappers say at run time that the launches were not checked. */
static int unchecked_build(struct job *j) {
  if (j->cl.ambiguous)
    fprintf(stderr,
            "ldcc: warning: building unchecked: the unknown option '%s' may "
            "take an input as its value (write it as %s=value, or after the "
            "input)\n",
            j->cl.ambiguous_option, j->cl.ambiguous_option);
  else
    fprintf(stderr,
            "ldcc: warning: building unchecked: cannot read the options file "
            "'%s'\n",
            j->cl.unreadable_optf);
  return exec_nvcc(j, j->cl.links, NULL);
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static size_t count_if(const struct ld_plan *plan, size_t kernel, int targets) {
  size_t i, n = 0;

  if (targets) {
    for (i = 0; i < plan->ntargets; i++)
      n += plan->targets[i].kernel == kernel && plan->targets[i].written;
  } else {
    for (i = 0; i < plan->nbarriers; i++)
      n += plan->barriers[i].kernel == kernel;
  }
  return n;
}

/* One line per kernel: a warning for each unchecked kernel always, and
 * under --ldcc-verbose what is checked: written targets and barriers. */
static void report_plan(const struct job *j, const char *input,
                        const struct ld_plan *plan) {
  size_t k, i;

  if (plan->headers_left_out)
    fprintf(stderr,
            "ldcc: warning: %s: user headers with device code are not "
            "translated (%s): their kernels run unchecked\n",
            input, plan->headers_left_out);
  if (j->cl.ldcc.verbose)
    fprintf(stderr, "ldcc: %s: translated: %zu kernel%s, %zu launch%s\n", input,
            plan->nkernels, plan->nkernels == 1 ? "" : "s", plan->nlaunches,
            plan->nlaunches == 1 ? "" : "es");
  for (k = 0; k < plan->nkernels; k++) {
    const struct ld_kernel *kn = &plan->kernels[k];
    size_t ntargets = count_if(plan, k, 1);
    size_t nbarriers = count_if(plan, k, 0);
    const char *sep = "";

    /* Deterministic mode: one warning per kernel it cannot order, instead
     * of the check's warnings (docs/deterministic.md). */
    if (plan->deterministic) {
      const char *why;
      enum ld_det d = ld_det_kernel(plan, k, &why);
      if (d == LD_DET_NO)
        fprintf(stderr,
                "ldcc: warning: %s:%u: kernel '%s' cannot be made "
                "deterministic: %s; a launch of it stops the program "
                "(LDCC_OPTIONS=deterministic_fallback=warn runs it as "
                "built)\n",
                input, kn->at.line, kn->name, why);
      else if (d == LD_DET_PARTIAL && j->cl.ldcc.verbose)
        fprintf(stderr,
                "ldcc: %s:%u: kernel '%s' deterministic in shared memory "
                "only: %s\n",
                input, kn->at.line, kn->name, why);
      continue;
    }
    if (!kn->checked) {
      fprintf(stderr, "ldcc: warning: %s:%u: kernel '%s' is not checked: %s\n",
              input, kn->at.line, kn->name,
              kn->reason ? kn->reason : "no reason given");
      continue;
    }
    if (kn->shared_reason)
      fprintf(stderr,
              "ldcc: warning: %s:%u: kernel '%s' is not checked in shared "
              "memory: %s\n",
              input, kn->at.line, kn->name, kn->shared_reason);
    /* The shared-memory replay's kernels are checked inside blocks only
     * (docs/global-check.md), the inline checks' inside warps; any other
     * reason is worth a warning. */
    if (kn->global && kn->global->writes && !kn->global->checked &&
        !kn->replay && !(kn->warp && !kn->warp->skip) && kn->global->reason)
      fprintf(stderr,
              "ldcc: warning: %s:%u: kernel '%s' is not checked across "
              "blocks: %s\n",
              input, kn->at.line, kn->name, kn->global->reason);
    if (!j->cl.ldcc.verbose)
      continue;
    fprintf(stderr, "ldcc: %s:%u: kernel '%s' checked: %zu target%s (", input,
            kn->at.line, kn->name, ntargets, ntargets == 1 ? "" : "s");
    for (i = 0; i < plan->ntargets; i++) {
      const struct ld_target *t = &plan->targets[i];
      if (t->kernel != k || !t->written)
        continue;
      fprintf(stderr, "%s%s %s", sep,
              t->space == LD_SPACE_SHARED ? "shared" : "global", t->name);
      sep = ", ";
    }
    fprintf(stderr, "), %zu barrier%s\n", nbarriers, nbarriers == 1 ? "" : "s");
  }
}

static int add_quote_dir(struct job *j, const char *input) {
  const char *slash = strrchr(input, '/');
  char *dir = slash ? strndup(input, (size_t)(slash - input + (slash == input)))
                    : strdup(".");
  char **p;
  size_t i;

  if (!dir)
    return LD_ENOMEM;
  for (i = 0; i < j->nquote_dirs; i++)
    if (strcmp(j->quote_dirs[i], dir) == 0) {
      free(dir);
      return LD_OK;
    }
  p = realloc(j->quote_dirs, (j->nquote_dirs + 1) * sizeof *p);
  if (!p) {
    free(dir);
    return LD_ENOMEM;
  }
  p[j->nquote_dirs++] = dir;
  j->quote_dirs = p;
  return LD_OK;
}

/* Remember the headers translated with argument i (files[1..] of its line
 * map) for its dependency file: nvcc no longer opens them. */
static int keep_headers(struct job *j, int i, const struct ld_line_map *m) {
  size_t k;

  for (k = 1; k < m->nfiles; k++) {
    int *a = realloc(j->header_arg, (j->nheaders + 1) * sizeof *a);
    char **p;
    if (!a)
      return LD_ENOMEM;
    j->header_arg = a;
    p = realloc(j->header_path, (j->nheaders + 1) * sizeof *p);
    if (!p)
      return LD_ENOMEM;
    j->header_path = p;
    if (!(p[j->nheaders] = strdup(m->files[k])))
      return LD_ENOMEM;
    a[j->nheaders++] = i;
  }
  return LD_OK;
}

/* Translate argument i.  Returns 0 when it was translated or is to be built
 * unchecked, 1 when --ldcc-strict makes the failure fatal, or a negative
 * LD_E* for ldcc's own failures (out of memory, temp directory). */
static int translate_one(struct job *j, int i, const char *cuda_path) {
  const char *input = j->args[i];
  struct ld_translate_opts opts;
  struct ld_translation t;
  const char *path = NULL;
  int rc;

  memset(&opts, 0, sizeof opts);
  memset(&t, 0, sizeof t);
  opts.input_path = input;
  opts.clang_args = (const char *const *)j->cl.clang_args;
  opts.nclang_args = (int)j->cl.nclang_args;
  opts.cuda_path = cuda_path;
  opts.gpu_arch = j->cl.gpu_arch;
  opts.deterministic = j->cl.ldcc.deterministic;
  rc = ld_translate(&opts, &t);
  if (rc != LD_OK) {
    const char *why = t.error ? t.error : ld_strerror(rc);
    if (j->cl.ldcc.strict) {
      fprintf(stderr, "ldcc: error: %s: %s\n", input, why);
      rc = 1;
    } else {
      fprintf(stderr, "ldcc: warning: %s: %s; building it unchecked\n", input,
              why);
      rc = rc == LD_ENOMEM ? rc : LD_OK;
    }
    goto out;
  }
  rc = ld_tmp_write(&j->tmp, (size_t)i, base_name(input), t.text, t.len, &path);
  if (rc != LD_OK)
    goto out;
  if ((rc = add_quote_dir(j, input)) != LD_OK)
    goto out;
  if ((rc = keep_headers(j, i, &t.plan->lines)) != LD_OK)
    goto out;
  j->translated[i] = path;
  j->ntranslated++;
  report_plan(j, input, t.plan);
out:
  ld_translation_free(&t);
  return rc;
}

static int translate_inputs(struct job *j) {
  char *cuda_path = NULL;
  int rc;
  int i;

  rc = ld_find_cuda_path(j->nvcc, j->env->cuda_home, LDCC_CONFIGURED_CUDA_HOME,
                         &cuda_path);
  if (rc == LD_OK)
    rc = ld_tmp_create(&j->tmp, j->env->tmpdir, j->cl.ntranslate);
  if (rc != LD_OK) {
    fprintf(stderr, "ldcc: cannot create a temporary directory: %s\n",
            ld_strerror(rc));
    goto out;
  }
  for (i = 0; rc == LD_OK && i < j->nargs; i++)
    if (j->cl.args[i].kind == LD_ARG_INPUT && j->cl.args[i].translate)
      rc = translate_one(j, i, cuda_path);
out:
  free(cuda_path);
  return rc;
}

/* Arguments the translated files need: ldcc's headers, and the original
 * directories for #include "..." (the translated copy lives elsewhere).
 * nvcc hands -Xcompiler values to the host preprocessor of both the host
 * and the device pass. */
static int extra_args(struct job *j, struct argvec *extra) {
  size_t i;
  int rc = argvec_push(extra, "-isystem");

  if (rc == LD_OK)
    rc = argvec_push(extra, j->include_dir);
  if (rc == LD_OK && j->cl.ldcc.deterministic)
    rc = argvec_push(extra, "-D__LDCC_DETERMINISTIC=1");
  for (i = 0; rc == LD_OK && i < j->nquote_dirs; i++) {
    rc = argvec_push(extra, "-Xcompiler");
    if (rc == LD_OK)
      rc = argvec_push(extra, "-iquote");
    if (rc == LD_OK)
      rc = argvec_push(extra, "-Xcompiler");
    if (rc == LD_OK)
      rc = argvec_push(extra, j->quote_dirs[i]);
  }
  return rc;
}

/* Pair each translated copy with the user's path. */
static int map_paths(struct job *j) {
  int i;

  j->from = calloc(j->ntranslated + 1, sizeof *j->from);
  j->to = calloc(j->ntranslated + 1, sizeof *j->to);
  if (!j->from || !j->to)
    return LD_ENOMEM;
  for (i = 0; i < j->nargs; i++)
    if (j->translated[i]) {
      j->from[j->npaths] = j->translated[i];
      j->to[j->npaths++] = j->args[i];
    }
  return LD_OK;
}

/* nvcc names the file it was given in some messages ("1 error detected in
 * the compilation of ..."): show the user's path there too. */
static int user_paths_in_line(void *ctx, const char *line, size_t len,
                              struct ld_buf *out) {
  struct job *j = ctx;
  (void)out;
  return ld_depfile_subst(&j->diag, line, len, j->from, j->to, j->npaths, 0);
}

static void flush_diag(struct job *j) {
  if (j->diag.len)
    fwrite(j->diag.data, 1, j->diag.len, stderr);
  ld_buf_free(&j->diag);
}

/* nvcc rejected the translated files.  Unless --ldcc-strict (or -run,
 * where the failure may be the program's own), build the
 * originals instead, so a project never fails to build because of ldcc:
 * if that succeeds the user gets a one-line warning, if it fails the
 * user sees exactly nvcc's own diagnostics for their code.  Returns the
 * wait status of the build whose outcome counts. */
static int build_unchecked(struct job *j, int status) {
  struct argvec cmd = {0};
  const char **translated = j->translated;
  int plain;

  j->translated = NULL;
  if (build_command(j, NULL, j->cl.links, &cmd) != LD_OK ||
      ld_run_child((char *const *)cmd.v, &plain) != LD_OK) {
    j->translated = translated;
    flush_diag(j);
    free(cmd.v);
    return status;
  }
  j->translated = translated;
  free(cmd.v);
  if (WIFEXITED(plain) && WEXITSTATUS(plain) == 0) {
    fprintf(stderr,
            "ldcc: warning: nvcc rejected the translated code; built "
            "unchecked%s\n",
            j->cl.ldcc.verbose ? "; nvcc said:" : "");
    if (j->cl.ldcc.verbose)
      flush_diag(j);
  }
  ld_buf_free(&j->diag);
  return plain;
}

/* Add the headers translated with input i (every input's when one file
 * serves them all) to its dependency file. */
static int add_headers(struct job *j, int i, const char *dep) {
  const char **deps = calloc(j->nheaders + 1, sizeof *deps);
  size_t k, n = 0;
  int rc;

  if (!deps)
    return LD_ENOMEM;
  for (k = 0; k < j->nheaders; k++)
    if (j->header_arg[k] == i || j->cl.depfile || j->cl.output)
      deps[n++] = j->header_path[k];
  rc = ld_depfile_add(dep, deps, n);
  free(deps);
  return rc;
}

/* Put the user's paths back into the dependency files nvcc wrote, and the
 * headers nvcc no longer saw. */
static void fix_depfiles(struct job *j) {
  int i;

  for (i = 0; i < j->nargs; i++) {
    char *dep = NULL;
    if (!j->translated[i])
      continue;
    if (ld_depfile_path(j->cl.depfile, j->cl.output, j->args[i], &dep) ==
            LD_OK &&
        (ld_depfile_rewrite(dep, j->from, j->to, j->npaths) != LD_OK ||
         add_headers(j, i, dep) != LD_OK))
      fprintf(stderr, "ldcc: warning: cannot rewrite the dependency file %s\n",
              dep);
    free(dep);
    /* -MF and -o name one file for all inputs. */
    if (j->cl.depfile || j->cl.output)
      break;
  }
}

/* The translated build: translate, run nvcc as a child, fix the dependency
 * file, clean up.  Returns ldcc's exit status. */
static int translated_build(struct job *j) {
  struct argvec extra = {0}, cmd = {0};
  int status = 0;
  int code = 1;
  int rc;

  j->translated = calloc((size_t)j->nargs + 1, sizeof *j->translated);
  if (!j->translated) {
    rc = LD_ENOMEM;
    goto fail;
  }
  rc = translate_inputs(j);
  if (rc == 1)
    goto out;
  if (rc != LD_OK)
    goto fail;
  if (j->ntranslated == 0) {
    ld_tmp_destroy(&j->tmp, 0);
    return exec_nvcc(j, j->cl.links, NULL);
  }
  if ((rc = map_paths(j)) != LD_OK || (rc = extra_args(j, &extra)) != LD_OK ||
      (rc = build_command(j, &extra, j->cl.links, &cmd)) != LD_OK)
    goto fail;
  rc = ld_run_child_filtered((char *const *)cmd.v, user_paths_in_line, j,
                             &status);
  if (rc != LD_OK)
    goto fail;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    flush_diag(j);
    if (j->cl.deps)
      fix_depfiles(j);
  } else if (WIFEXITED(status) && !j->cl.ldcc.strict && !j->cl.run) {
    status = build_unchecked(j, status);
  } else {
    flush_diag(j);
  }
  if (j->cl.ldcc.keep)
    fprintf(stderr, "ldcc: kept translated files in %s\n", j->tmp.root);
  ld_tmp_destroy(&j->tmp, j->cl.ldcc.keep);
  free(extra.v);
  free(cmd.v);
  return ld_run_exit_code(status);
fail:
  fprintf(stderr, "ldcc: %s\n", ld_strerror(rc));
out:
  if (j->cl.ldcc.keep && j->tmp.root)
    fprintf(stderr, "ldcc: kept translated files in %s\n", j->tmp.root);
  ld_tmp_destroy(&j->tmp, j->cl.ldcc.keep);
  free(extra.v);
  free(cmd.v);
  return code;
}

static void job_free(struct job *j) {
  size_t i;

  ld_cmdline_free(&j->cl);
  for (i = 0; i < j->nquote_dirs; i++)
    free(j->quote_dirs[i]);
  free(j->quote_dirs);
  for (i = 0; i < j->nheaders; i++)
    free(j->header_path[i]);
  free(j->header_path);
  free(j->header_arg);
  free(j->from);
  free(j->to);
  ld_buf_free(&j->diag);
  free(j->translated);
  free(j->self);
  free(j->nvcc);
  free(j->include_dir);
  free(j->runtime_lib);
}

static int find_nvcc(struct job *j, const char *named) {
  struct ld_find_env fe;

  /* `ldcc /path/to/nvcc ARGS` names the compiler to use, unless that is
   * ldcc itself; a bare `nvcc` is looked up like any other. */
  if (named && strchr(named, '/') && ld_find_usable(named, j->self)) {
    j->nvcc = strdup(named);
    return j->nvcc ? LD_OK : LD_ENOMEM;
  }
  fe.ldcc_nvcc = j->env->ldcc_nvcc;
  fe.path = j->env->path;
  fe.cuda_home = j->env->cuda_home;
  fe.configured = LDCC_CONFIGURED_CUDA_HOME;
  return ld_find_nvcc(j->self, &fe, &j->nvcc);
}

int ld_driver_main(int argc, char **argv, const struct ld_driver_env *env) {
  struct job j;
  const char *named = NULL;
  int code = 1;
  int rc;

  memset(&j, 0, sizeof j);
  j.env = env;
  j.args = argv + 1;
  j.nargs = argc > 0 ? argc - 1 : 0;
  if (j.nargs > 0 && ld_find_is_nvcc_name(j.args[0])) {
    named = j.args[0];
    j.args++;
    j.nargs--;
  }
  if ((rc = ld_argv_parse(j.nargs, j.args, &j.cl)) != LD_OK ||
      (rc = ld_find_self(argv[0], &j.self)) == LD_ENOMEM) {
    fprintf(stderr, "ldcc: %s\n", ld_strerror(rc));
    goto out;
  }
  if (!ld_driver_disabled(env->ldcc_disable) && j.cl.ldcc.unknown) {
    fprintf(stderr, "ldcc: unknown option '%s'\n", j.cl.ldcc.unknown);
    goto out;
  }
  if ((rc = find_nvcc(&j, named)) != LD_OK) {
    if (rc == LD_ENOTFOUND)
      fprintf(stderr,
              "ldcc: cannot find the real nvcc: set LDCC_NVCC or CUDA_HOME\n");
    else
      fprintf(stderr, "ldcc: %s\n", ld_strerror(rc));
    goto out;
  }
  if (ld_driver_disabled(env->ldcc_disable)) {
    code = exec_nvcc(&j, 0, NULL);
    goto out;
  }
  if (j.cl.version) {
    printf("ldcc %s\n", LDCC_VERSION);
    code = exec_nvcc(&j, 0, NULL);
    goto out;
  }
  if (j.cl.info || j.cl.preprocess) {
    code = exec_nvcc(&j, 0, "nvcc only reports or preprocesses");
    goto out;
  }
  {
    size_t k;
    for (k = 0; k < j.cl.noptf_inputs; k++)
      fprintf(stderr,
              "ldcc: warning: %s: named in an options file; building it "
              "unchecked\n",
              j.cl.optf_inputs[k]);
  }
  if ((rc = ld_find_include_dir(j.self, LDCC_SOURCE_INCLUDE_DIR,
                                &j.include_dir)) != LD_OK ||
      (rc = ld_find_runtime_lib(j.self, LDCC_BUILD_LIB_DIR, &j.runtime_lib)) !=
          LD_OK) {
    fprintf(stderr, "ldcc: %s\n", ld_strerror(rc));
    goto out;
  }
  if (j.cl.ambiguous || j.cl.unreadable_optf)
    code = unchecked_build(&j);
  else if (j.cl.ntranslate == 0)
    code = exec_nvcc(&j, j.cl.links, NULL);
  else
    code = translated_build(&j);
out:
  job_free(&j);
  return code;
}
