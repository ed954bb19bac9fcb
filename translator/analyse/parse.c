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

/* When user headers are to be translated too, parse the flattened text
 * instead of the file (the same arguments, the text as an unsaved file under
 * the file's name).  Should that text not parse where the file did, the
 * file is parsed again as it is and translated alone, as before issue 23.
 * On a failed reparse libclang has no unit left. */
static int reparse_flat(CXTranslationUnit *tu,
                        const struct ld_translate_opts *opts,
                        struct ld_plan *plan, struct ld_buf *flat) {
  struct CXUnsavedFile files[2];
  int rc = ld__flatten(*tu, opts, flat, &plan->lines);

  if (rc || !flat->len)
    return rc;
  files[0].Filename = LD_CLANG_PRELUDE_PATH;
  files[0].Contents = LD_CLANG_PRELUDE;
  files[0].Length = sizeof LD_CLANG_PRELUDE - 1;
  files[1].Filename = opts->input_path;
  files[1].Contents = flat->data;
  files[1].Length = flat->len;
  if (clang_reparseTranslationUnit(*tu, 2, files,
                                   clang_defaultReparseOptions(*tu)))
    goto failed;
  if (!has_errors(*tu))
    return LD_OK;
  ld_line_map_free(&plan->lines);
  ld_buf_free(flat);
  plan->headers_left_out = "the file with its user headers pasted in does "
                           "not parse";
  if (!clang_reparseTranslationUnit(*tu, 1, files,
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
                         struct CXUnsavedFile *prelude, struct ld_buf *text) {
  struct CXUnsavedFile files[2];
  int round, rc = LD_OK;

  files[0] = *prelude;
  files[1].Filename = opts->input_path;
  for (round = 0; round < 4 && !rc; round++) {
    struct ld_buf next = LD_BUF_INIT;
    rc = ld__expand_shared_macros(tu, opts->input_path, &next);
    if (rc || !next.len)
      break;
    files[1].Contents = next.data;
    files[1].Length = next.len;
    /* (On a failed reparse libclang has no unit left.) */
    if (clang_reparseTranslationUnit(tu, 2, files,
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
    files[1].Contents = text->data;
    files[1].Length = text->len;
    return clang_reparseTranslationUnit(tu, text->len ? 2 : 1, files,
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
  struct CXUnsavedFile prelude;
  enum CXErrorCode err;
  char **argv = NULL;
  int argc = 0;
  size_t i;
  int rc;

  memset(&an, 0, sizeof an);
  rc = ld__clang_args(opts, &argv, &argc);
  if (rc)
    goto out;
  index = clang_createIndex(0, 0);
  if (!index) {
    rc = LD_ENOMEM;
    goto out;
  }
  prelude.Filename = LD_CLANG_PRELUDE_PATH;
  prelude.Contents = LD_CLANG_PRELUDE;
  prelude.Length = sizeof LD_CLANG_PRELUDE - 1;
  err = clang_parseTranslationUnit2(
      index, opts->input_path, (const char *const *)argv, argc, &prelude, 1,
      CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  if (err != CXError_Success || !tu) {
    rc = LD_EPARSE;
    goto out;
  }
  if (!has_errors(tu))
    rc = reparse_flat(&tu, opts, plan, flat);
  if (!rc && tu && !has_errors(tu))
    rc = inline_macros(tu, opts, &prelude, flat);
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
  for (i = 0; i < an.nfns && !an.rc; i++)
    ld__walk_fn(&an, i);
  if (!an.rc)
    ld__follow_functors(&an); /* writes.c: needs every body walked */
  rc = an.rc ? an.rc : ld__build_plan(&an);
  if (!rc)
    rc = ld__facts_analyse(&an);
out:
  ld__analysis_free(&an);
  if (tu)
    clang_disposeTranslationUnit(tu);
  if (index)
    clang_disposeIndex(index);
  free(argv);
  return rc;
}
