/* ld_translate: read the file, parse and analyse it (analyse/), finalize
 * the plan (decide/), turn it into edits (emit/), apply them and write the
 * translated text (see ld_translate.h).
 *
 * The output is `#include <ldcc/ldcc.h>`, then `#line 1 "<input>"`, then the
 * user's bytes with the edits applied; ld_edit_apply keeps later lines exact
 * with further `#line` directives.  When user headers are translated with
 * the file, the bytes are the flattened text the parse returns (the headers
 * pasted in between `#line` directives) and the resyncs name files and lines
 * through the plan's line map.  Host code only; no libclang here. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_analyse.h"
#include "ld_emit.h"
#include "ld_error.h"
#include "ld_finalize.h"
#include "ld_register.h"

/* `#include <ldcc/ldcc.h>`, with the caller's command-line macros hidden
 * around it: ldcc's headers name their template parameters and locals
 * plainly (V, T, k, n), so `-DV=2`, which the user's file and nvcc's own
 * headers take, would break them and the translation with them.  Names
 * starting with `_` (the implementation's, feature macros) and `LDCC_`
 * (ldcc's own switches) stay defined.  The headers it first includes
 * besides ldcc's are standard C and C++ ones no plain user macro
 * configures; nvcc's cuda_runtime.h came before, with the macros. */
static int not_ldcc_switch(const char *name, void *ctx) {
  (void)ctx;
  return strncmp(name, "LDCC_", 5) != 0;
}

static int include_ldcc(const struct ld_translate_opts *opts,
                        struct ld_buf *text) {
  struct ld_buf pop = LD_BUF_INIT;
  int rc = ld__hide_macros(opts, not_ldcc_switch, NULL, text, &pop);

  if (rc == LD_OK)
    rc = ld_buf_puts(text, "#include <ldcc/ldcc.h>\n");
  if (rc == LD_OK && pop.len)
    rc = ld_buf_append(text, pop.data, pop.len);
  ld_buf_free(&pop);
  return rc;
}

/* Read the whole file into a NUL-terminated buffer. */
static int read_file(const char *path, struct ld_buf *b) {
  char chunk[65536];
  FILE *f = fopen(path, "rb");
  size_t n;
  int rc = LD_OK;

  if (!f)
    return LD_EIO;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    rc = ld_buf_append(b, chunk, n);
    if (rc)
      goto out;
  }
  if (ferror(f))
    rc = LD_EIO;
  else if (!b->data)
    rc = ld_buf_reserve(b, 0); /* an empty file is still a valid input */
  if (!rc && b->data)
    b->data[b->len] = '\0';
out:
  fclose(f);
  return rc;
}

static char *sentence(const char *path, const char *what) {
  struct ld_buf b = LD_BUF_INIT;

  if (ld_buf_printf(&b, "%s: %s", path, what)) {
    ld_buf_free(&b);
    return NULL;
  }
  return ld_buf_detach(&b);
}

/* The last decisions on the plan, then its edits: emit reports the clones
 * it cannot render, finalize drops their checks, and emit starts over on
 * the plan so finished (each round drops one check at least, so this
 * ends); the plan is not changed after, but for the launches the kernels'
 * registration added for the steps to rewrite (ld_register.h), which are
 * taken out again. */
static int decide_and_emit(struct ld_plan *plan, const struct ld_buf *src,
                           struct ld_edit_list *edits) {
  struct ld_unrendered_list unrendered = LD_UNRENDERED_LIST_INIT;
  size_t nreal = plan->nlaunches;
  /* The launchers' launches go through every step as written ones do. */
  int rc = ld__register_prepare(plan, src->len);

  if (!rc)
    rc = ld_finalize_plan(plan, src->data);

  while (!rc) {
    ld_edit_list_free(edits);
    ld_unrendered_free(&unrendered);
    rc = ld__instrument(plan, src->data, src->len, edits, &unrendered);
    if (rc || !unrendered.n)
      break;
    rc = ld_finalize_unrendered(plan, &unrendered);
  }
  ld_unrendered_free(&unrendered);
  if (!rc)
    rc = ld__register_emit(plan, src->data, src->len, edits);
  ld__register_forget(plan, nreal);
  return rc;
}

int ld_translate(const struct ld_translate_opts *opts,
                 struct ld_translation *out) {
  struct ld_buf src = LD_BUF_INIT;
  struct ld_buf text = LD_BUF_INIT;
  struct ld_buf flat = LD_BUF_INIT;
  struct ld_edit_list edits = LD_EDIT_LIST_INIT;
  int rc;

  memset(out, 0, sizeof *out);
  if (!opts || !opts->input_path)
    return LD_EINVAL;
  errno = 0;
  rc = read_file(opts->input_path, &src);
  if (rc) {
    out->error = sentence(opts->input_path, strerror(errno ? errno : EIO));
    goto out;
  }
  out->plan = calloc(1, sizeof *out->plan);
  if (!out->plan || !(out->plan->file = strdup(opts->input_path))) {
    rc = LD_ENOMEM;
    goto out;
  }
  out->plan->deterministic = opts->deterministic;
  rc = ld__parse(opts, out->plan, &flat, &out->error);
  if (rc)
    goto out;
  if (flat.len) { /* the plan's offsets are the flattened text's */
    ld_buf_free(&src);
    src = flat;
    memset(&flat, 0, sizeof flat);
  }
  rc = decide_and_emit(out->plan, &src, &edits);
  if (rc)
    goto out;
  rc = include_ldcc(opts, &text);
  if (!rc)
    rc = ld_buf_puts(&text, "#line 1 \"");
  if (!rc)
    rc = ld_buf_put_c_escaped(&text, opts->input_path);
  if (!rc)
    rc = ld_buf_puts(&text, "\"\n");
  if (!rc && out->plan->lines.n)
    rc = ld_edit_apply_mapped(&edits, src.data, src.len, &out->plan->lines,
                              &text);
  else if (!rc)
    rc = ld_edit_apply(&edits, src.data, src.len, opts->input_path, &text);
  if (rc)
    goto out;
  out->len = text.len;
  out->text = ld_buf_detach(&text);
  if (!out->text)
    rc = LD_ENOMEM;
out:
  if (rc && !out->error)
    out->error = sentence(opts->input_path, ld_strerror(rc));
  ld_edit_list_free(&edits);
  ld_buf_free(&text);
  ld_buf_free(&flat);
  ld_buf_free(&src);
  return rc;
}

void ld_translation_free(struct ld_translation *t) {
  if (!t)
    return;
  free(t->text);
  ld_plan_free(t->plan);
  free(t->error);
  t->text = NULL;
  t->len = 0;
  t->plan = NULL;
  t->error = NULL;
}
