/* Parse and analyse: libclang turns one CUDA file into the plan.
 *
 * This is the only file that includes clang-c/Index.h; every CX object is
 * disposed where it was obtained.  Host code only. */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"
#include "ld_xlate_int.h"

/* One sentence for the first error: "<file>:<line>:<col>: <message>".  The
 * main file is named as the user gave it. */
static char *first_error(CXTranslationUnit tu, const char *input_path) {
  unsigned n = clang_getNumDiagnostics(tu);
  struct ld_buf b = LD_BUF_INIT;
  unsigned i;
  int rc = LD_OK;

  for (i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

    if (sev >= CXDiagnostic_Error) {
      CXSourceLocation loc = clang_getDiagnosticLocation(d);
      CXString msg = clang_getDiagnosticSpelling(d);
      CXFile file;
      unsigned line, col;

      clang_getExpansionLocation(loc, &file, &line, &col, NULL);
      if (file && clang_Location_isFromMainFile(loc)) {
        rc = ld_buf_printf(&b, "%s:%u:%u: ", input_path, line, col);
      } else if (file) {
        CXString fname = clang_getFileName(file);
        rc = ld_buf_printf(&b, "%s:%u:%u: ", clang_getCString(fname), line,
                           col);
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
    found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  return found;
}

int ld__parse(const struct ld_translate_opts *opts, struct ld_plan *plan,
              char **error) {
  CXIndex index = NULL;
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err;
  char **argv = NULL;
  int argc = 0;
  int rc;

  (void)plan;
  rc = ld__clang_args(opts, &argv, &argc);
  if (rc)
    goto out;
  index = clang_createIndex(0, 0);
  if (!index) {
    rc = LD_ENOMEM;
    goto out;
  }
  err = clang_parseTranslationUnit2(
      index, opts->input_path, (const char *const *)argv, argc, NULL, 0,
      CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  if (err != CXError_Success || !tu) {
    rc = LD_EPARSE;
    goto out;
  }
  if (has_errors(tu)) {
    *error = first_error(tu, opts->input_path);
    rc = LD_EPARSE;
    goto out;
  }
out:
  if (tu)
    clang_disposeTranslationUnit(tu);
  if (index)
    clang_disposeIndex(index);
  free(argv);
  return rc;
}
