/* The command line libclang parses a CUDA file with (see ld_analyse.h).
 *
 * It reproduces nvcc's language mode closely enough that every file nvcc
 * compiles parses: CUDA language mode, the real toolkit's headers
 * (`--cuda-path`, plus include/cccl where CUDA 13 keeps CCCL/libcu++), one
 * GPU architecture (libclang parses the device side: __CUDA_ARCH__ is
 * defined), clang's own CUDA wrapper headers (`-resource-dir`: a
 * libclang loaded from /usr/lib does not find them by itself, and without
 * cuda_wrappers/new placement new does not exist in device code), no
 * warnings, and the few of clang's errors-by-default that nvcc (EDG) and
 * gcc accept.  The prelude (LD_CLANG_PRELUDE) adds what clang's CUDA mode
 * lacks of nvcc's.  Not -nocudalib: with it clang 22 skips its CUDA runtime
 * wrapper and `k<<<...>>>` fails to parse ("undeclared identifier
 * cudaConfigureCall").  Host code only; no libclang. */
#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ld_analyse.h"
#include "ld_buf.h"
#include "ld_error.h"

#define LD_DEFAULT_CUDA_PATH "/usr/local/cuda"
#define LD_DEFAULT_GPU_ARCH "sm_90"
/* Arguments ld__clang_args adds before the caller's: at most this many. */
#define LD_MAX_FIXED 40

/* Flags that never depend on the options.  -w silences warnings (only
 * errors matter to the translator); the -Wno-* are errors by default in
 * clang that nvcc accepts: `register` in C++17, narrowing inside braces
 * of a non-constant, constexpr functions that can never be constant, a
 * `template` keyword without arguments, an integer cast to an enum out of
 * its range in a constant, a string literal glued to a macro.  CUDA 13
 * is newer than clang 22 knows: no version check. */
static const char *const fixed_flags[] = {
    "-x",
    "cuda",
    "-Wno-unknown-cuda-version",
    "--no-cuda-version-check",
    "-w",
    "-Wno-register",
    "-Wno-c++11-narrowing",
    "-Wno-invalid-constexpr",
    "-Wno-missing-template-arg-list-after-template-kw",
    "-Wno-enum-constexpr-conversion",
    "-Wno-reserved-user-defined-literal",
};

/* The words built so far: NUL-separated in text, starting at off[i]. */
struct words {
  struct ld_buf text;
  size_t off[LD_MAX_FIXED];
  int n;
};

static int add_word(struct words *w, const char *fmt, const char *arg) {
  int rc;

  if (w->n == LD_MAX_FIXED)
    return LD_ERANGE;
  w->off[w->n] = w->text.len;
  rc = ld_buf_printf(&w->text, fmt, arg);
  if (rc == LD_OK)
    rc = ld_buf_putc(&w->text, '\0');
  if (rc == LD_OK)
    w->n++;
  return rc;
}

/* clang's resource directory, configured by CMake from the libclang it
 * links; NULL when unknown or gone (then libclang guesses, and device
 * code has no placement new). */
static const char *resource_dir(void) {
#ifdef LDCC_CLANG_RESOURCE_DIR
  struct stat st;
  if (stat(LDCC_CLANG_RESOURCE_DIR "/include/cuda_wrappers", &st) == 0 &&
      S_ISDIR(st.st_mode))
    return LDCC_CLANG_RESOURCE_DIR;
#endif
  return NULL;
}

/* nvcc's __CUDA_ARCH_LIST__ for the parser's architecture: "sm_90a" is
 * 900.  Returns 0 when arch does not name an sm_XY. */
static long arch_number(const char *arch) {
  const char *p = strchr(arch, '_');
  return p ? strtol(p + 1, NULL, 10) * 10 : 0;
}

static int has_arg(const struct ld_translate_opts *opts, const char *prefix) {
  int i;

  for (i = 0; i < opts->nclang_args; i++)
    if (!strncmp(opts->clang_args[i], prefix, strlen(prefix)))
      return 1;
  return 0;
}

/* The host compiler's own include directory (gcc's, where omp.h lives):
 * nvcc preprocesses with the host compiler, so <omp.h> is found there with
 * or without -fopenmp; clang's resource directory has none unless libomp
 * is installed.  Searched after everything else, so only what no other
 * directory has is taken from there. */
static int add_host_dir(struct words *w, const char *resource) {
  struct ld_buf p = LD_BUF_INIT;
  struct stat st;
  glob_t g;
  int rc = LD_OK;

  if (resource && ld_buf_printf(&p, "%s/include/omp.h", resource) == LD_OK &&
      stat(p.data, &st) == 0) {
    ld_buf_free(&p);
    return LD_OK;
  }
  ld_buf_free(&p);
  if (glob("/usr/lib/gcc/*/*/include/omp.h", 0, NULL, &g) != 0)
    return LD_OK; /* then the parse says omp.h is missing, honestly */
  {
    const char *last = g.gl_pathv[g.gl_pathc - 1];
    size_t dirlen = strrchr(last, '/') - last;
    struct ld_buf dir = LD_BUF_INIT;
    rc = ld_buf_append(&dir, last, dirlen);
    if (rc == LD_OK)
      rc = add_word(w, "%s", "-idirafter");
    if (rc == LD_OK)
      rc = add_word(w, "%s", dir.data);
    ld_buf_free(&dir);
  }
  globfree(&g);
  return rc;
}

/* Whether one of the caller's -I directories holds a file named name. */
static int include_dir_has(const struct ld_translate_opts *opts,
                           const char *name) {
  struct ld_buf p = LD_BUF_INIT;
  int i, found = 0;

  for (i = 0; i < opts->nclang_args && !found; i++) {
    const char *a = opts->clang_args[i], *dir = NULL;
    if (!strcmp(a, "-I") && i + 1 < opts->nclang_args)
      dir = opts->clang_args[i + 1];
    else if (!strncmp(a, "-I", 2) && a[2])
      dir = a + 2;
    ld_buf_free(&p);
    found = dir && ld_buf_printf(&p, "%s/%s", dir, name) == LD_OK &&
            access(p.data, F_OK) == 0;
  }
  ld_buf_free(&p);
  return found;
}

/* Whether name occurs as a whole word in text. */
static int has_word(const char *text, const char *name) {
  size_t n = strlen(name);
  const char *p;

  for (p = strstr(text, name); p; p = strstr(p + 1, name)) {
    int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
    int after = isalnum((unsigned char)p[n]) || p[n] == '_';
    if (!before && !after)
      return 1;
  }
  return 0;
}

/* The text of the headers clang's CUDA wrapper includes and nvcc does
 * not (curand_mtgp32_kernel.h and the curand headers it brings first),
 * appended to text; a header that cannot be read adds nothing. */
static int curand_text(const char *cuda, struct ld_buf *text) {
  static const char *const names[] = {"curand_mtgp32_kernel.h",
                                      "curand_mtgp32.h", "curand.h"};
  struct ld_buf p = LD_BUF_INIT;
  size_t i;
  int rc = LD_OK;

  for (i = 0; rc == LD_OK && i < sizeof names / sizeof *names; i++) {
    FILE *f;
    char chunk[4096];
    size_t got;
    ld_buf_free(&p);
    rc = ld_buf_printf(&p, "%s/include/%s", cuda, names[i]);
    f = rc == LD_OK ? fopen(p.data, "r") : NULL;
    while (f && rc == LD_OK && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
      rc = ld_buf_append(text, chunk, got);
    if (f)
      fclose(f);
  }
  ld_buf_free(&p);
  return rc;
}

/* The name argument i of opts->clang_args defines when it is a -D
 * (`-DNAME`, `-DNAME=value`, or `-D` with NAME the next word), copied into
 * name (at most size - 1 bytes); 0 when it is no -D. */
static int define_name(const struct ld_translate_opts *opts, int i, char *name,
                       size_t size) {
  const char *a = opts->clang_args[i];
  size_t n = 0;

  if (strncmp(a, "-D", 2))
    return 0;
  a += 2;
  if (!*a && i + 1 < opts->nclang_args)
    a = opts->clang_args[i + 1];
  while ((isalnum((unsigned char)a[n]) || a[n] == '_') && n + 1 < size)
    n++;
  memcpy(name, a, n);
  name[n] = '\0';
  return n > 0;
}

int ld__hide_macros(const struct ld_translate_opts *opts,
                    int (*hide)(const char *name, void *ctx), void *ctx,
                    struct ld_buf *before, struct ld_buf *after) {
  char name[128];
  int i, rc = LD_OK;

  for (i = 0; rc == LD_OK && i < opts->nclang_args; i++) {
    /* Names starting with `_` are the implementation's (feature and
     * configuration macros the headers are meant to see). */
    if (!define_name(opts, i, name, sizeof name) || name[0] == '_' ||
        !hide(name, ctx))
      continue;
    rc = ld_buf_printf(before, "#pragma push_macro(\"%s\")\n#undef %s\n", name,
                       name);
    if (rc == LD_OK)
      rc = ld_buf_printf(after, "#pragma pop_macro(\"%s\")\n", name);
  }
  return rc;
}

/* The curand headers' text, read at the first name asked about. */
struct curand_words {
  const char *cuda;
  struct ld_buf text;
  int read;
  int rc;
};

static int in_curand(const char *name, void *ctx) {
  struct curand_words *w = ctx;

  if (!w->read++)
    w->rc = curand_text(w->cuda, &w->text);
  return w->rc == LD_OK && w->text.len && has_word(w->text.data, name);
}

int ld__curand_shim(const struct ld_translate_opts *opts, struct ld_buf *shim) {
  struct curand_words w = {NULL, LD_BUF_INIT, 0, LD_OK};
  struct ld_buf undo = LD_BUF_INIT;
  int rc;

  w.cuda = opts->cuda_path ? opts->cuda_path : LD_DEFAULT_CUDA_PATH;
  ld_buf_free(shim);
  rc = ld__hide_macros(opts, in_curand, &w, shim, &undo);
  if (rc == LD_OK)
    rc = w.rc;
  if (rc == LD_OK && shim->len)
    rc = ld_buf_puts(shim, "#include_next <curand_mtgp32_kernel.h>\n");
  if (rc == LD_OK && undo.len)
    rc = ld_buf_append(shim, undo.data, undo.len);
  ld_buf_free(&w.text);
  ld_buf_free(&undo);
  if (rc != LD_OK)
    ld_buf_free(shim);
  return rc;
}

/* The words that do not come from the caller, in order. */
static int fixed_words(const struct ld_translate_opts *opts, struct words *w,
                       int shim) {
  const char *cuda = opts->cuda_path ? opts->cuda_path : LD_DEFAULT_CUDA_PATH;
  const char *arch = opts->gpu_arch ? opts->gpu_arch : LD_DEFAULT_GPU_ARCH;
  const char *resource = resource_dir();
  char list[32];
  size_t i;
  int rc = LD_OK;

  for (i = 0; rc == LD_OK && i < sizeof fixed_flags / sizeof *fixed_flags; i++)
    rc = add_word(w, "%s", fixed_flags[i]);
  if (rc == LD_OK && shim)
    rc = add_word(w, "-I%s", LD_CURAND_SHIM_DIR);
  if (rc == LD_OK)
    rc = add_word(w, "--cuda-path=%s", cuda);
  if (rc == LD_OK)
    rc = add_word(w, "--cuda-gpu-arch=%s", arch);
  if (rc == LD_OK && resource)
    rc = add_word(w, "%s", "-resource-dir");
  if (rc == LD_OK && resource)
    rc = add_word(w, "%s", resource);
  if (rc == LD_OK)
    rc = add_word(w, "%s", "-isystem");
  if (rc == LD_OK)
    rc = add_word(w, "%s/include/cccl", cuda);
  /* clang's CUDA wrapper includes "cuda.h": a user's cuda.h in a -I
   * directory would stand in for the toolkit's (rodinia's util/cuda/), where
   * nvcc's own headers still find the toolkit's.  -iquote comes before -I
   * for quoted includes; a user file's own directory still comes first. */
  if (rc == LD_OK && include_dir_has(opts, "cuda.h"))
    rc = add_word(w, "%s", "-iquote");
  if (rc == LD_OK && include_dir_has(opts, "cuda.h"))
    rc = add_word(w, "%s/include", cuda);
  snprintf(list, sizeof list, "%ld", arch_number(arch));
  if (rc == LD_OK && arch_number(arch) > 0)
    rc = add_word(w, "-D__CUDA_ARCH_LIST__=%s", list);
  /* `-Xcompiler -fopenmp` builds: nvcc preprocesses its device pass with
   * the host compiler and -fopenmp too, so _OPENMP is defined there (gcc's
   * value), which clang's device side does not do by itself. */
  if (rc == LD_OK && has_arg(opts, "-fopenmp"))
    rc = add_word(w, "%s", "-D_OPENMP=201511");
  if (rc == LD_OK)
    rc = add_host_dir(w, resource);
  if (rc == LD_OK)
    rc = add_word(w, "%s", "-include");
  if (rc == LD_OK)
    rc = add_word(w, "%s", LD_CLANG_PRELUDE_PATH);
  return rc;
}

/* One malloc'd block: the pointer array, then the strings. */
static int pack(const struct words *w, const struct ld_translate_opts *opts,
                char ***argv, int *argc) {
  size_t nargs = (size_t)w->n + (size_t)opts->nclang_args;
  size_t bytes = (nargs + 1) * sizeof(char *) + w->text.len;
  size_t i;
  char **v;
  char *s;

  for (i = 0; i < (size_t)opts->nclang_args; i++)
    bytes += strlen(opts->clang_args[i]) + 1;
  v = malloc(bytes);
  if (!v)
    return LD_ENOMEM;
  s = (char *)(v + nargs + 1);
  for (i = 0; i < nargs; i++) {
    const char *a = i < (size_t)w->n ? w->text.data + w->off[i]
                                     : opts->clang_args[i - w->n];
    size_t len = strlen(a) + 1;
    memcpy(s, a, len);
    v[i] = s;
    s += len;
  }
  v[nargs] = NULL;
  *argv = v;
  *argc = (int)nargs;
  return LD_OK;
}

int ld__parse_args(const struct ld_translate_opts *opts, struct ld_buf *shim,
                   char ***argv, int *argc) {
  struct words w;
  int i;
  int rc;

  *argv = NULL;
  *argc = 0;
  if (opts->nclang_args < 0 || (opts->nclang_args && !opts->clang_args))
    return LD_EINVAL;
  for (i = 0; i < opts->nclang_args; i++)
    if (!opts->clang_args[i])
      return LD_EINVAL;
  memset(&w, 0, sizeof w);
  rc = ld__curand_shim(opts, shim);
  if (rc == LD_OK)
    rc = fixed_words(opts, &w, shim->len > 0);
  if (rc == LD_OK)
    rc = pack(&w, opts, argv, argc);
  ld_buf_free(&w.text);
  return rc;
}

int ld__clang_args(const struct ld_translate_opts *opts, char ***argv,
                   int *argc) {
  struct ld_buf shim = LD_BUF_INIT;
  int rc = ld__parse_args(opts, &shim, argv, argc);

  ld_buf_free(&shim);
  return rc;
}
