/* Parse and analyse: libclang turns one CUDA file into the plan.
 *
 * This file sets the translation unit up (libclang's arguments from
 * args.c, the prelude), turns a parse error into one sentence, and runs
 * the passes over the unit in order:
 *   1. the main file's macro expansions, function definitions and
 *      file-scope variables (kernels.c);
 *   2. each function body: barriers, calls, launches (launches.c), and the
 *      uses of shared and global memory (bodies.c);
 *   3. per kernel, the plan's kernels, targets, barriers and launches in
 *      source order (kernels.c);
 *   4. the facts passes for the checks each kernel gets (facts.c).
 * Before the passes, the user headers that hold device code are pasted
 * into the main file (inclusions.c) and the unit is parsed again on that
 * text, so they are "the main file" too.  Anything located in any other
 * included header is ignored, and anything inside
 * a macro expansion is never a place to edit: kernels that would need
 * such an edit are marked unchecked.  Every CX object is disposed where it
 * was obtained.  Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_analyse.h"
#include "ld_bodies.h"
#include "ld_buf.h"
#include "ld_error.h"
#include "ld_facts.h"
#include "ld_inclusions.h"
#include "ld_kernels.h"
#include "ld_macro_inline.h"
#include "ld_spaced_launch.h"
#include "ld_writes.h"

/* Errors clang reports where nvcc compiles the code, and why a kernel
 * that reaches one is not checked: a `__shared__` variable of a class with
 * a constructor or default member initialisers (nvcc warns that it does not
 * run the initialisation), `%globaltimer` in an asm string (nvcc takes
 * the single %), an initialised variable-length array.  The tree keeps the
 * declaration or statement (without the part clang refused); the kernels
 * that reach one are left unchecked with the reason (kernels.c). */
static const char *tolerated_reason(CXDiagnostic d) {
  static const struct {
    const char *message, *reason;
  } table[] = {
      {"initialization is not supported for __shared__ variables",
       REASON_SHARED_INIT},
      {"invalid % escape in inline assembly string", REASON_ASM},
      {"variable-sized object may not be initialized",
       "initialised variable-length array"},
  };
  CXString msg = clang_getDiagnosticSpelling(d);
  const char *reason = NULL;
  size_t i;

  for (i = 0; i < sizeof table / sizeof table[0] && !reason; i++)
    if (!strcmp(clang_getCString(msg), table[i].message))
      reason = table[i].reason;
  clang_disposeString(msg);
  return reason;
}

static int tolerated(CXDiagnostic d) {
  return tolerated_reason(d) != NULL;
}

/* One sentence for the first error: "<file>:<line>:<col>: <message>".  The
 * main file is named as the user gave it. */
static char *first_error(CXTranslationUnit tu, const char *input_path) {
  unsigned n = clang_getNumDiagnostics(tu);
  struct ld_buf b = LD_BUF_INIT;
  unsigned i;
  int rc = LD_OK;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);

    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && !tolerated(d)) {
      CXSourceLocation loc = clang_getDiagnosticLocation(d);
      CXString msg = clang_getDiagnosticSpelling(d);
      CXFile file;
      unsigned line, col;

      clang_getExpansionLocation(loc, &file, &line, &col, NULL);
      if (file && clang_Location_isFromMainFile(loc)) {
        rc = ld_buf_printf(&b, "%s:%u:%u: ", input_path, line, col);
      } else if (file) {
        CXString fname = clang_getFileName(file);
        rc =
            ld_buf_printf(&b, "%s:%u:%u: ", clang_getCString(fname), line, col);
        clang_disposeString(fname);
      } else {
        rc = ld_buf_printf(&b, "%s: ", input_path);
      }
      if (!rc)
        rc = ld_buf_puts(&b, clang_getCString(msg));
      clang_disposeString(msg);
      clang_disposeDiagnostic(d);
      break;
    }
    clang_disposeDiagnostic(d);
  }
  if (rc || !b.data) {
    ld_buf_free(&b);
    return NULL;
  }
  return ld_buf_detach(&b);
}

static int has_errors(CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  unsigned i;
  int found = 0;

  for (i = 0; i < n && !found; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    found =
        clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && !tolerated(d);
    clang_disposeDiagnostic(d);
  }
  return found;
}

/* Files whose launches are written `k << <g, b >> > (x)` (ld_spaced_launch.h),
 * at most this many a unit. */
#define LD_SPACED_FILES 8

/* The unsaved files every parse of the unit gets: the prelude; the main
 * file's text when the caller has one (flattened, macros expanded); the
 * files whose spaced launches were put together, the main file among them
 * unless the caller's text replaces it. */
struct unsaved {
  struct CXUnsavedFile f[3 + LD_SPACED_FILES];
  struct ld_buf shim; /* ld__curand_shim's header, empty when none */
  struct ld_buf text[LD_SPACED_FILES]; /* empty: read, nothing to change */
  char *name[LD_SPACED_FILES];
  unsigned n;
  const char *main_path;
};

static unsigned unsaved_list(struct unsaved *u, const char *main_text,
                             size_t main_len) {
  unsigned k = 0, i;

  u->f[k].Filename = LD_CLANG_PRELUDE_PATH;
  u->f[k].Contents = LD_CLANG_PRELUDE;
  u->f[k++].Length = sizeof LD_CLANG_PRELUDE - 1;
  if (u->shim.len) {
    u->f[k].Filename = LD_CURAND_SHIM_PATH;
    u->f[k].Contents = u->shim.data;
    u->f[k++].Length = u->shim.len;
  }
  if (main_text) {
    u->f[k].Filename = u->main_path;
    u->f[k].Contents = main_text;
    u->f[k++].Length = main_len;
  }
  for (i = 0; i < u->n; i++)
    if (u->text[i].len && !(main_text && !strcmp(u->name[i], u->main_path))) {
      u->f[k].Filename = u->name[i];
      u->f[k].Contents = u->text[i].data;
      u->f[k++].Length = u->text[i].len;
    }
  return k;
}

static void unsaved_free(struct unsaved *u) {
  unsigned i;

  for (i = 0; i < u->n; i++) {
    ld_buf_free(&u->text[i]);
    free(u->name[i]);
  }
  u->n = 0;
  ld_buf_free(&u->shim);
}

/* The text of the main file as unspaced, or NULL when it needed none. */
static const struct ld_buf *unsaved_main(const struct unsaved *u) {
  unsigned i;

  for (i = 0; i < u->n; i++)
    if (u->text[i].len && !strcmp(u->name[i], u->main_path))
      return &u->text[i];
  return NULL;
}

/* Read the file at name; keep its text in u when putting its spaced
 * launches together, or spacing its glued linkage strings, changed it.
 * Returns 1 when it did, 0 when not (also when u is full or the file
 * cannot be read), or an error. */
static int unspace_file(struct unsaved *u, const char *name) {
  struct ld_buf *t = &u->text[u->n];
  char chunk[65536];
  size_t got, spaced = 0;
  FILE *f;
  int rc = LD_OK;

  if (u->n == LD_SPACED_FILES || !(f = fopen(name, "rb")))
    return 0;
  memset(t, 0, sizeof *t);
  while (!rc && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
    rc = ld_buf_append(t, chunk, got);
  fclose(f);
  if (!rc && !(u->name[u->n] = strdup(name)))
    rc = LD_ENOMEM;
  if (!rc)
    rc = ld__space_linkage(t, &spaced);
  if (rc) {
    ld_buf_free(t);
    free(u->name[u->n]);
    return rc;
  }
  if (!ld__unspace_launches(t->data, t->len) && !spaced)
    ld_buf_free(t); /* remembered by name: read once */
  u->n++;
  return t->len ? 1 : 0;
}

/* After a parse with errors: the files the errors are in, read once each;
 * returns how many had spaced launches (then parse again), or an error. */
static int unspace_errors(CXTranslationUnit tu, struct unsaved *u) {
  unsigned nd = clang_getNumDiagnostics(tu), i, j;
  int added = 0, rc = 0;

  for (i = 0; i < nd && rc >= 0; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    CXSourceLocation loc = clang_getDiagnosticLocation(d);
    CXFile file = NULL;
    CXString fname;
    const char *name;

    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && !tolerated(d))
      clang_getSpellingLocation(loc, &file, NULL, NULL, NULL);
    clang_disposeDiagnostic(d);
    if (!file)
      continue;
    fname = clang_getFileName(file);
    name = clang_Location_isFromMainFile(loc) ? u->main_path
                                              : clang_getCString(fname);
    for (j = 0; name && j < u->n && strcmp(u->name[j], name); j++)
      ;
    if (name && j == u->n && (rc = unspace_file(u, name)) > 0)
      added++;
    clang_disposeString(fname);
  }
  return rc < 0 ? rc : added;
}

/* When user headers are to be translated too, parse the flattened text
 * instead of the file (the same arguments, the text as an unsaved file under
 * the file's name).  Should that text not parse where the file did, the
 * file is parsed again as it is and translated alone, as before issue 23.
 * On a failed reparse libclang has no unit left. */
static int reparse_flat(CXTranslationUnit *tu,
                        const struct ld_translate_opts *opts,
                        struct ld_plan *plan, struct ld_buf *flat,
                        struct unsaved *u) {
  int rc = ld__flatten(*tu, opts, flat, &plan->lines);
  unsigned nf;

  if (rc || !flat->len)
    return rc;
  nf = unsaved_list(u, flat->data, flat->len);
  if (clang_reparseTranslationUnit(*tu, nf, u->f,
                                   clang_defaultReparseOptions(*tu)))
    goto failed;
  if (!has_errors(*tu))
    return LD_OK;
  ld_line_map_free(&plan->lines);
  ld_buf_free(flat);
  plan->headers_left_out = "the file with its user headers pasted in does "
                           "not parse";
  nf = unsaved_list(u, NULL, 0);
  if (!clang_reparseTranslationUnit(*tu, nf, u->f,
                                    clang_defaultReparseOptions(*tu)))
    return LD_OK;
failed:
  clang_disposeTranslationUnit(*tu);
  *tu = NULL;
  return LD_EPARSE;
}

/* Shared memory used through macros (macro_inline.c): expand the
 * invocations whose expansions name shared variables and parse the text
 * again, in rounds while there are such (a macro reaching one through
 * another), at most four.  *text becomes the last text that parsed; one
 * that does not parse is dropped, the unit parsed again from the last. */
static int inline_macros(CXTranslationUnit tu,
                         const struct ld_translate_opts *opts,
                         struct unsaved *u, struct ld_buf *text) {
  int round, rc = LD_OK;
  unsigned nf;

  for (round = 0; round < 4 && !rc; round++) {
    struct ld_buf next = LD_BUF_INIT;
    rc = ld__expand_shared_macros(tu, opts->input_path, &next);
    if (rc || !next.len)
      break;
    nf = unsaved_list(u, next.data, next.len);
    /* (On a failed reparse libclang has no unit left.) */
    if (clang_reparseTranslationUnit(tu, nf, u->f,
                                     clang_defaultReparseOptions(tu))) {
      ld_buf_free(&next);
      return LD_EPARSE;
    }
    if (!has_errors(tu)) {
      ld_buf_free(text);
      *text = next;
      continue;
    }
    ld_buf_free(&next);
    nf = unsaved_list(u, text->len ? text->data : NULL, text->len);
    return clang_reparseTranslationUnit(tu, nf, u->f,
                                        clang_defaultReparseOptions(tu))
               ? LD_EPARSE
               : LD_OK;
  }
  return rc;
}

/* an->tolerated: where the tolerated errors are, in the main file, and
 * their reasons. */
static int tolerated_at(struct analysis *an) {
  unsigned n = clang_getNumDiagnostics(an->s.tu), i;
  size_t cap = 0, off;
  int rc = LD_OK;

  for (i = 0; i < n && !rc; i++) {
    CXDiagnostic d = clang_getDiagnostic(an->s.tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && tolerated(d) &&
        ld__main_offset(&an->s, clang_getDiagnosticLocation(d), &off) &&
        !(rc = ld__grow(&an->tolerated, &cap, an->ntolerated,
                        sizeof *an->tolerated))) {
      an->tolerated[an->ntolerated].offset = off;
      an->tolerated[an->ntolerated++].reason = tolerated_reason(d);
    }
    clang_disposeDiagnostic(d);
  }
  return rc;
}

/* A unit that did not parse: put together the spaced launches of the files
 * its errors are in and parse again, while that finds more (a header's
 * launch shows once the main file's parse gets that far).  (On a failed
 * reparse libclang has no unit left.) */
static int unspace(CXTranslationUnit *tu, struct unsaved *u) {
  int round, added = 0;

  for (round = 0; round < 4 && has_errors(*tu); round++) {
    added = unspace_errors(*tu, u);
    if (added <= 0)
      break;
    if (clang_reparseTranslationUnit(*tu, unsaved_list(u, NULL, 0), u->f,
                                     clang_defaultReparseOptions(*tu))) {
      clang_disposeTranslationUnit(*tu);
      *tu = NULL;
      return LD_EPARSE;
    }
  }
  return added < 0 ? added : LD_OK;
}

/* The number of an architecture ("sm_90a" 90), sm_90 when none is given
 * (args.c's default). */
static unsigned gpu_sm(const char *arch) {
  if (!arch || strncmp(arch, "sm_", 3))
    return 90;
  return (unsigned)strtoul(arch + 3, NULL, 10);
}

int ld__parse(const struct ld_translate_opts *opts, struct ld_plan *plan,
              struct ld_buf *flat, char **error) {
  struct analysis an;
  CXIndex index = NULL;
  CXTranslationUnit tu = NULL;
  struct unsaved u;
  enum CXErrorCode err;
  char **argv = NULL;
  int argc = 0;
  int rc;

  memset(&an, 0, sizeof an);
  memset(&u, 0, sizeof u);
  u.main_path = opts->input_path;
  rc = ld__parse_args(opts, &u.shim, &argv, &argc);
  if (rc)
    goto out;
  index = clang_createIndex(0, 0);
  if (!index) {
    rc = LD_ENOMEM;
    goto out;
  }
  err = clang_parseTranslationUnit2(
      index, opts->input_path, (const char *const *)argv, argc, u.f,
      unsaved_list(&u, NULL, 0), CXTranslationUnit_DetailedPreprocessingRecord,
      &tu);
  if (err != CXError_Success || !tu) {
    rc = LD_EPARSE;
    goto out;
  }
  rc = unspace(&tu, &u);
  if (!rc && !has_errors(tu))
    rc = reparse_flat(&tu, opts, plan, flat, &u);
  /* The translation edits the text that parsed: the main file's with its
   * launches put together, when no flattened text replaces it. */
  if (!rc && tu && !flat->len && unsaved_main(&u))
    rc = ld_buf_append(flat, unsaved_main(&u)->data, unsaved_main(&u)->len);
  if (!rc && tu && !has_errors(tu))
    rc = inline_macros(tu, opts, &u, flat);
  if (rc)
    goto out;
  if (has_errors(tu)) {
    *error = first_error(tu, opts->input_path);
    rc = LD_EPARSE;
    goto out;
  }
  an.s.tu = tu;
  an.s.main_file = clang_getFile(tu, opts->input_path);
  an.s.lines = &plan->lines;
  an.plan = plan;
  an.sm = gpu_sm(opts->gpu_arch);
  an.s.src = an.s.main_file
                 ? clang_getFileContents(tu, an.s.main_file, &an.s.len)
                 : NULL;
  if (!an.s.src) {
    rc = LD_EIO;
    goto out;
  }
  rc = tolerated_at(&an);
  if (rc)
    goto out;
  ld__collect_decls(&an);
  ld__walk_fns(&an); /* callees first */
  if (!an.rc)
    ld__follow_functors(&an); /* writes.c: needs every body walked */
  rc = an.rc ? an.rc : ld__build_plan(&an);
  if (!rc)
    rc = ld__facts_analyse(&an);
out:
  ld__analysis_free(&an);
  unsaved_free(&u);
  if (tu)
    clang_disposeTranslationUnit(tu);
  if (index)
    clang_disposeIndex(index);
  free(argv);
  return rc;
}
