/* The coverage report (ld_coverage.h, docs/coverage.md): translates each
 * file it is given, or each .cu file under a directory it is given, and says
 * per kernel what the finished plan checks (the shared-memory replay, the
 * check across blocks, the inline warp checks) and why not the rest.
 *
 * It reads only the plan ld_translate returns, after the emit step, so a
 * clone that emit gave up on is reported as not checked; it never sees
 * libclang.  Kernels of the user headers translated with the file are in
 * the plan (named at=<header>:<line>); kernels defined elsewhere (another
 * file, a system header) are not: the report names those the file launches
 * (UNSEEN) and counts them apart.  Host code only. */
#include "ld_coverage.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ld_buf.h"
#include "ld_error.h"
#include "ld_translate.h"

static const char usage[] =
    "usage: ldcc-translate --coverage [--cuda-path=DIR] [--gpu-arch=SM]\n"
    "                      [-o OUT] PATH... [-- CLANG-ARGS...]\n"
    "Reports, per .cu file and kernel, what ldcc checks and why not the "
    "rest.\n"
    "  PATH            a CUDA file, or a directory searched for *.cu files\n"
    "  -- CLANG-ARGS   the build's -I, -D, -std= ... in clang spelling\n"
    "See docs/coverage.md for the format.\n";

static const char *const level_names[] = {"full", "partly", "none"};

/* Options of one report. */
struct cov_run {
  struct ld_translate_opts opts; /* input_path is set per file */
  FILE *out;
  struct ld_cov_totals tot;
  int rc; /* first write failure (LD_EIO) */
};

/* ` key="text"`, with the quotes and line breaks of text made harmless:
 * reasons from the plan never hold them, error sentences may. */
static void put_quoted(FILE *out, const char *key, const char *text) {
  const char *c;

  fprintf(out, " %s=\"", key);
  for (c = text; *c && *c != '\n'; c++)
    fputc(*c == '"' ? '\'' : *c, out);
  fputc('"', out);
}

static const char *check_word(enum ld_cov_check c) {
  return c == LD_COV_YES ? "yes" : c == LD_COV_NO ? "no" : "-";
}

/* Whether kernel k writes a __shared__ variable the plan follows. */
static int writes_shared(const struct ld_plan *plan, size_t k) {
  size_t i;

  for (i = 0; i < plan->ntargets; i++) {
    const struct ld_target *t = &plan->targets[i];
    if (t->kernel == k && t->space == LD_SPACE_SHARED && t->written)
      return 1;
  }
  return 0;
}

/* The shared-memory replay of kernel k (docs/shared-replay.md), or the
 * shadow that stands for it (docs/inline-checks.md, "Shared memory without
 * a replay"; warp_rule says which). */
static enum ld_cov_check shared_check(const struct ld_plan *plan, size_t k,
                                      const char **why) {
  const struct ld_kernel *kn = &plan->kernels[k];

  *why = NULL;
  if (kn->replay || (kn->warp && !kn->warp->skip &&
                     (kn->warp->cluster == LD_WARP_SHADOW || kn->warp->beside)))
    return LD_COV_YES;
  if (!writes_shared(plan, k))
    return LD_COV_NONE;
  if (kn->shared_reason)
    *why = kn->shared_reason;
  else if (kn->warp && !kn->warp->skip)
    *why = "warp-synchronous: inline warp checks instead of the replay";
  else
    *why = kn->reason ? kn->reason : "no replay clone";
  return LD_COV_NO;
}

/* The check across blocks (docs/global-check.md). */
static enum ld_cov_check global_check(const struct ld_kernel *kn,
                                      const char **why) {
  const struct ld_global *g = kn->global;

  *why = NULL;
  if (!g || !g->writes)
    return LD_COV_NONE;
  if (g->checked)
    return LD_COV_YES;
  *why = g->reason        ? g->reason
         : g->atomic_only ? "only accumulating atomics"
                          : "?";
  return LD_COV_NO;
}

/* The inline intra-warp checks (docs/inline-checks.md). */
static enum ld_cov_check warp_check(const struct ld_kernel *kn,
                                    const char **why) {
  *why = NULL;
  if (!kn->warp)
    return LD_COV_NONE;
  if (!kn->warp->skip)
    return LD_COV_YES;
  *why = kn->warp->skip;
  return LD_COV_NO;
}

/* Full when every check that applies is on (a kernel the translator keeps
 * that has nothing to check is full), none when none is (an unchecked
 * kernel with nothing the plan sees to check is none). */
static enum ld_cov_level level_of(const enum ld_cov_check c[3], int checked) {
  int i, applies = 0, on = 0;

  for (i = 0; i < 3; i++) {
    applies += c[i] != LD_COV_NONE;
    on += c[i] == LD_COV_YES;
  }
  if (!applies)
    return checked ? LD_COV_FULL : LD_COV_OFF;
  if (on == applies)
    return LD_COV_FULL;
  return on ? LD_COV_PARTLY : LD_COV_OFF;
}

/* " key=LINE" for a line of the main file, " key=HEADER:LINE" for one of
 * a user header translated with it (HEADER: its base name). */
static void put_line(FILE *out, const struct ld_plan *plan, const char *key,
                     const struct ld_pos *at) {
  size_t file = ld_line_map_file_at(&plan->lines, at->offset);
  const char *name, *slash;

  if (!file) {
    fprintf(out, " %s=%u", key, at->line);
    return;
  }
  name = plan->lines.files[file];
  slash = strrchr(name, '/');
  fprintf(out, " %s=%s:%u", key, slash ? slash + 1 : name, at->line);
}

static void put_kernel(const struct ld_plan *plan, size_t k, FILE *out,
                       struct ld_cov_totals *tot) {
  static const char *const keys[] = {"shared", "global", "warp"};
  const struct ld_kernel *kn = &plan->kernels[k];
  const char *why[3];
  enum ld_cov_check c[3];
  enum ld_cov_level lv;
  char key[32];
  int i;

  c[0] = shared_check(plan, k, &why[0]);
  c[1] = global_check(kn, &why[1]);
  c[2] = warp_check(kn, &why[2]);
  lv = level_of(c, kn->checked);
  tot->kernels++;
  tot->level[lv]++;
  fprintf(out, "KERNEL name=%s", kn->name);
  put_line(out, plan, "at", &kn->at);
  fprintf(out, " coverage=%s", level_names[lv]);
  if (!kn->checked && kn->reason)
    put_quoted(out, "reason", kn->reason);
  for (i = 0; i < 3; i++) {
    fprintf(out, " %s=%s", keys[i], check_word(c[i]));
    snprintf(key, sizeof key, "%s_reason", keys[i]);
    if (why[i])
      put_quoted(out, key, why[i]);
  }
  if (kn->warp)
    put_quoted(out, "warp_rule", kn->warp->rule);
  fputc('\n', out);
}

static int in_plan(const struct ld_plan *plan, const char *name) {
  size_t i;

  for (i = 0; i < plan->nkernels; i++)
    if (!strcmp(plan->kernels[i].name, name))
      return 1;
  return 0;
}

/* Kernels launched in the file but defined outside it, once each, at their
 * first launch. */
static void put_unseen(const struct ld_plan *plan, FILE *out,
                       struct ld_cov_totals *tot) {
  size_t i, j;

  for (i = 0; i < plan->nlaunches; i++) {
    const struct ld_launch *l = &plan->launches[i];
    int again = 0;
    if (!l->kernel || in_plan(plan, l->kernel))
      continue;
    for (j = 0; j < i && !again; j++)
      again = plan->launches[j].kernel &&
              !strcmp(plan->launches[j].kernel, l->kernel);
    if (again)
      continue;
    tot->unseen++;
    fprintf(out, "UNSEEN name=%s", l->kernel);
    put_line(out, plan, "launched_at", &l->at);
    fprintf(out, " reason=\"not translated: defined in a header or another "
                 "file\"\n");
  }
}

int ld_coverage_plan(const struct ld_plan *plan, FILE *out,
                     struct ld_cov_totals *tot) {
  size_t i;

  for (i = 0; i < plan->nkernels; i++)
    put_kernel(plan, i, out, tot);
  put_unseen(plan, out, tot);
  return ferror(out) ? LD_EIO : LD_OK;
}

/* One file: a FILE line, then its kernels; a file the translator fails on
 * gets parsed=no and the translator's sentence, less the path it repeats. */
static void cover_file(struct cov_run *run, const char *path) {
  struct ld_translation t = {0};
  size_t plen = strlen(path);
  int rc;

  run->opts.input_path = path;
  run->tot.files++;
  rc = ld_translate(&run->opts, &t);
  if (rc) {
    const char *why = t.error ? t.error : ld_strerror(rc);
    if (!strncmp(why, path, plen) && !strncmp(why + plen, ": ", 2))
      why += plen + 2;
    fprintf(run->out, "FILE path=%s parsed=no", path);
    put_quoted(run->out, "reason", why);
    fputc('\n', run->out);
  } else {
    run->tot.parsed++;
    fprintf(run->out, "FILE path=%s parsed=yes kernels=%zu\n", path,
            t.plan->nkernels);
    ld_coverage_plan(t.plan, run->out, &run->tot);
  }
  fflush(run->out);
  if (ferror(run->out) && !run->rc)
    run->rc = LD_EIO;
  ld_translation_free(&t);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with_cu(const char *name) {
  size_t n = strlen(name);
  return n > 3 && !strcmp(name + n - 3, ".cu");
}

static void cover_path(struct cov_run *run, const char *path);

/* A directory: its entries in name order, hidden ones and symbolic links
 * to directories left out (no loops), .cu files and subdirectories. */
static void cover_dir(struct cov_run *run, const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0, i;

  if (!d) {
    fprintf(stderr, "ldcc-translate: %s: cannot open directory\n", dir);
    return;
  }
  while ((e = readdir(d))) {
    struct ld_buf b = LD_BUF_INIT;
    struct stat st;
    if (e->d_name[0] == '.' || ld_buf_printf(&b, "%s/%s", dir, e->d_name))
      goto next;
    if (lstat(b.data, &st) ||
        !(S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && ends_with_cu(b.data))))
      goto next;
    if (n == cap) {
      char **grown = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof *grown);
      if (!grown)
        goto next;
      names = grown;
    }
    names[n++] = ld_buf_detach(&b);
  next:
    ld_buf_free(&b);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  for (i = 0; i < n; i++) {
    cover_path(run, names[i]);
    free(names[i]);
  }
  free(names);
}

static void cover_path(struct cov_run *run, const char *path) {
  struct stat st;

  if (!stat(path, &st) && S_ISDIR(st.st_mode))
    cover_dir(run, path);
  else
    cover_file(run, path);
}

static int bad_usage(const char *why) {
  if (why)
    fprintf(stderr, "ldcc-translate: %s\n", why);
  fputs(usage, stderr);
  return 2;
}

int ld_coverage_main(int argc, char **argv) {
  struct cov_run run = {0};
  const char *out_path = NULL;
  int i, first = -1, npaths = 0;

  for (i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      i++;
      break;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strncmp(a, "--cuda-path=", 12)) {
      run.opts.cuda_path = a + 12;
    } else if (!strncmp(a, "--gpu-arch=", 11)) {
      run.opts.gpu_arch = a + 11;
    } else if (!strcmp(a, "-o")) {
      if (++i == argc)
        return bad_usage("-o needs a file name");
      out_path = argv[i];
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "ldcc-translate: unknown option '%s'\n", a);
      return bad_usage(NULL);
    } else if (first < 0 || first + npaths == i) {
      first = first < 0 ? i : first;
      npaths++;
    } else {
      return bad_usage("paths must come together, before '--'");
    }
  }
  if (!npaths)
    return bad_usage("--coverage needs a file or a directory");
  run.opts.clang_args = (const char *const *)(argv + i);
  run.opts.nclang_args = argc - i;
  run.out = out_path ? fopen(out_path, "w") : stdout;
  if (!run.out) {
    fprintf(stderr, "ldcc-translate: %s: cannot open for writing\n", out_path);
    return 1;
  }
  for (i = first; i < first + npaths; i++)
    cover_path(&run, argv[i]);
  fprintf(run.out,
          "SUMMARY files=%zu parsed=%zu kernels=%zu full=%zu partly=%zu "
          "none=%zu unseen=%zu\n",
          run.tot.files, run.tot.parsed, run.tot.kernels,
          run.tot.level[LD_COV_FULL], run.tot.level[LD_COV_PARTLY],
          run.tot.level[LD_COV_OFF], run.tot.unseen);
  if (fflush(run.out) || ferror(run.out))
    run.rc = LD_EIO;
  if (run.out != stdout)
    fclose(run.out);
  if (run.rc)
    fprintf(stderr, "ldcc-translate: %s: write failed\n",
            out_path ? out_path : "<stdout>");
  return run.rc ? 1 : 0;
}
