/* Launch recognition for the analyse step: a kernel launch written
 * `k<<<...>>>(...)` or `cudaLaunchKernel(k, ...)`, where the plan says it
 * is, and its texts as written (callee, configuration, arguments with the
 * default arguments written out) for the rewriters to replace.  Anything
 * inside a macro expansion is never a place to edit; the one exception is
 * a host-code launch written whole inside one argument of a macro
 * (`CHECK(cudaLaunchKernel(...))`): its text as written there is what the
 * rewriters replace, so the expansion holds the rewritten launch
 * (launch_span, in_argument).  The body walk (bodies.c) finds the calls;
 * this file decides nothing about kernels.  Host code only. */
#include <clang-c/Index.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"
#include "ld_launches.h"

/* Main-file offset of loc's file location: where a token that comes from a
 * macro's argument is written, or the use of the macro from whose body it
 * comes.  *written says whether the token is written there (not in a
 * macro's body).  0 when that is not in the main file. */
static int file_offset(const struct analysis *an, CXSourceLocation loc,
                       size_t *off, int *written) {
  CXFile file, spelled;
  unsigned o, so;

  clang_getFileLocation(loc, &file, NULL, NULL, &o);
  if (!file || !an->s.main_file || !clang_File_isEqual(file, an->s.main_file) ||
      o > an->s.len)
    return 0;
  clang_getSpellingLocation(loc, &spelled, NULL, NULL, &so);
  *off = o;
  *written = spelled && clang_File_isEqual(spelled, file) && so == o;
  return 1;
}

static int contains(const struct ld__range *r, size_t b, size_t e) {
  return r->begin <= b && e <= r->end;
}

/* The main-file text [*b, *e) of a cursor's extent: the file locations of
 * its ends, where a token that a macro's argument holds is written.  For a
 * part of a launch written at [lb, le), widened to whole uses of the
 * macros written inside the launch (`N` in `k<<<N / 256, 256>>>`, `ID(4)`
 * in `ID(4) + 1`), so that the text is the expression as written; for the
 * launch itself (lb == le), only an end inside a macro's body is widened to
 * that macro's use.  0 when that is not main-file text, or empty (a default
 * argument). */
static int launch_span(const struct analysis *an, CXCursor c, size_t lb,
                       size_t le, size_t *b, size_t *e) {
  CXSourceRange r = clang_getCursorExtent(c);
  int written, part = lb < le;
  size_t i;

  if (!file_offset(an, clang_getRangeStart(r), b, &written) ||
      !file_offset(an, clang_getRangeEnd(r), e, &written))
    return 0;
  /* Ending in a macro's body: the file location is the macro's use. */
  for (i = 0; i < an->s.nmacros && !written; i++)
    if (an->macros[i].begin == *e && (!part || an->macros[i].end <= le))
      *e = an->macros[i].end;
  for (i = 0; i < an->s.nmacros && part; i++) {
    const struct ld__range *m = &an->macros[i];
    if (m->begin < lb || m->end > le || contains(m, lb, le))
      continue;
    if (m->begin < *b && *b < m->end)
      *b = m->begin;
    if (m->begin < *e && *e < m->end)
      *e = m->end;
  }
  return *e > *b && *e <= an->s.len;
}

/* Whether off is inside a macro used within the launch [lb, le) or one
 * around it whose argument the launch is not: not text to copy or edit. */
static int in_launch_macro(const struct analysis *an, size_t off, size_t lb,
                           size_t le) {
  size_t i;

  for (i = 0; i < an->s.nmacros; i++)
    if (an->macros[i].begin <= off && off < an->macros[i].end &&
        !contains(&an->macros[i], lb, le))
      return 1;
  return 0;
}

/* For a function-like macro defined with `...`: how many parameters come
 * before it (the rest of the arguments are one, __VA_ARGS__); -1 when the
 * macro takes no variable arguments. */
static int named_params(const struct analysis *an, CXCursor expansion) {
  CXCursor def = clang_getCursorReferenced(expansion);
  CXToken *toks = NULL;
  unsigned n = 0, i;
  int named = 0, variadic = -1, after_name = 0;

  if (clang_Cursor_isNull(def) || !clang_Cursor_isMacroFunctionLike(def))
    return -1;
  clang_tokenize(an->s.tu, clang_getCursorExtent(def), &toks, &n);
  /* name ( params ) body */
  for (i = 2; i < n; i++) {
    CXString t = clang_getTokenSpelling(an->s.tu, toks[i]);
    const char *sp = clang_getCString(t);
    int close = !strcmp(sp, ")"), dots = !strcmp(sp, "...");
    if (dots)
      variadic = named - after_name; /* `args...` names the rest */
    else if (clang_getTokenKind(toks[i]) == CXToken_Identifier)
      named++;
    after_name = clang_getTokenKind(toks[i]) == CXToken_Identifier;
    clang_disposeString(t);
    if (close || dots)
      break;
  }
  clang_disposeTokens(an->s.tu, toks, n);
  return variadic;
}

/* Skip the literal or comment at src[p] (which starts one); the offset
 * after it. */
static size_t skip_lexeme(const char *src, size_t p, size_t end) {
  char q = src[p];

  if (q == '/' && p + 1 < end && src[p + 1] == '/') {
    while (p < end && src[p] != '\n')
      p++;
    return p;
  }
  if (q == '/' && p + 1 < end && src[p + 1] == '*') {
    for (p += 2; p + 1 < end && !(src[p] == '*' && src[p + 1] == '/'); p++)
      ;
    return p + 2 < end ? p + 2 : end;
  }
  for (p++; p < end && src[p] != q; p++)
    if (src[p] == '\\')
      p++;
  return p < end ? p + 1 : end;
}

/* Whether [b, e) lies inside one argument of the function-like macro used
 * at [m->begin, m->end) (with `...`, inside the variable arguments
 * together): then its tokens reach the expansion as written, and an edit
 * of that text edits the launch there. */
static int in_one_argument(const struct analysis *an, size_t mi, size_t b,
                           size_t e) {
  const struct ld__range *m = &an->macros[mi];
  const char *src = an->s.src;
  size_t p = m->begin;
  int arg = 0, depth = 0, arg_b = -1, arg_e = -1, named;

  while (p < m->end &&
         (src[p] == '_' || (src[p] >= 'a' && src[p] <= 'z') ||
          (src[p] >= 'A' && src[p] <= 'Z') || (src[p] >= '0' && src[p] <= '9')))
    p++;
  while (p < m->end && src[p] != '(') {
    if (src[p] == '/')
      p = skip_lexeme(src, p, m->end);
    else if (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' ||
             src[p] == '\r' || src[p] == '\\')
      p++;
    else
      return 0; /* an object-like macro: no arguments */
  }
  for (p++; p < m->end; p++) {
    char c = src[p];
    if (p == b)
      arg_b = arg;
    if (p == e - 1)
      arg_e = arg;
    if (c == '"' || c == '\'' ||
        (c == '/' && p + 1 < m->end &&
         (src[p + 1] == '/' || src[p + 1] == '*'))) {
      size_t q = skip_lexeme(src, p, m->end);
      if (b > p && b < q)
        arg_b = arg;
      if (e - 1 > p && e - 1 < q)
        arg_e = arg;
      p = q - 1;
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && !depth) {
      break;
    } else if (c == ')') {
      depth--;
    } else if (c == ',' && !depth) {
      arg++;
    }
  }
  if (p >= m->end || arg_b < 0 || arg_e < 0)
    return 0;
  if (arg_b == arg_e)
    return 1;
  named = named_params(an, an->expansions[mi]);
  return named >= 0 && arg_b >= named && arg_e >= named;
}

/* Whether the launch written at [b, e) is text the rewriters may replace:
 * outside macros, or inside one argument of each macro around it (so the
 * expansion holds it as written; not a macro's body), and not across the
 * edge of a macro used inside it. */
static int launch_place_ok(const struct analysis *an, size_t b, size_t e) {
  size_t i;

  for (i = 0; i < an->s.nmacros; i++) {
    const struct ld__range *m = &an->macros[i];
    if (m->end <= b || e <= m->begin || (b <= m->begin && m->end <= e))
      continue;
    if (!contains(m, b, e) || !in_one_argument(an, i, b, e))
      return 0;
  }
  return 1;
}

/* Whether a macro's use holds all of [b, e). */
static int around_macro(const struct analysis *an, size_t b, size_t e) {
  size_t i;

  for (i = 0; i < an->s.nmacros; i++)
    if (contains(&an->macros[i], b, e))
      return 1;
  return 0;
}

/* The text [b, e) to copy into a rewritten launch (owned by the caller).
 * With flat (a launch in a macro's argument) it is made one line: each
 * comment and line break becomes a space and a line continuation goes, so
 * that the edit keeps the text's lines by padding (ld_launch.newlines) and
 * no `#line` falls inside the macro's arguments. */
static char *piece_text(const struct analysis *an, int flat, size_t b,
                        size_t e) {
  const char *src = an->s.src;
  char *t, *o;
  size_t p;

  if (!flat)
    return ld__span_text(&an->s, b, e);
  t = o = malloc(e - b + 1);
  if (!t)
    return NULL;
  for (p = b; p < e;) {
    char c = src[p];
    if (c == '"' || c == '\'') {
      size_t q = skip_lexeme(src, p, e);
      memcpy(o, src + p, q - p);
      o += q - p;
      p = q;
    } else if (c == '/' && p + 1 < e &&
               (src[p + 1] == '/' || src[p + 1] == '*')) {
      *o++ = ' ';
      p = skip_lexeme(src, p, e);
    } else if (c == '\\' && p + 1 < e &&
               (src[p + 1] == '\n' || src[p + 1] == '\r')) {
      p += 2;
      if (p < e && src[p - 1] == '\r' && src[p] == '\n')
        p++;
    } else {
      *o++ = c == '\n' || c == '\r' ? ' ' : c;
      p++;
    }
  }
  *o = '\0';
  return t;
}

/* Line breaks in [b, e). */
static int newlines(const struct analysis *an, size_t b, size_t e) {
  int n = 0;

  for (; b < e; b++)
    n += an->s.src[b] == '\n';
  return n;
}

/* Whether the host-code launch `call`, whose `at` is inside a macro, is
 * written in a macro's argument the rewriters may edit: its first and last
 * tokens written there (not in a macro's body), its place ok
 * (launch_place_ok) and `at` outside the macros used within it.  Sets *pos
 * to where `at` is written. */
static int in_argument(const struct analysis *an, CXCursor call, CXCursor at,
                       struct ld_pos *pos) {
  CXSourceRange r = clang_getCursorExtent(call);
  CXFile file;
  unsigned line, col, off;
  size_t b, e, o;
  int written;

  if (!file_offset(an, clang_getRangeStart(r), &o, &written) || !written ||
      !file_offset(an, clang_getRangeEnd(r), &o, &written) || !written ||
      !launch_span(an, call, 0, 0, &b, &e) || !launch_place_ok(an, b, e))
    return 0;
  clang_getFileLocation(clang_getCursorLocation(at), &file, &line, &col, &off);
  if (!around_macro(an, b, e) || !file ||
      !clang_File_isEqual(file, an->s.main_file) ||
      in_launch_macro(an, off, b, e))
    return 0;
  pos->line = ld__file_line(&an->s, line);
  pos->col = col;
  pos->offset = off;
  return 1;
}

/* Record the launch of the kernel name_expr names by call (at: where the
 * plan says it is).  A launch inside a macro is recorded only where host
 * code writes it in a macro's argument (in_argument), at its written place;
 * others in macros are left out: they run as written. */
void ld__add_launch(struct analysis *an, CXCursor name_expr, CXCursor at,
                    CXCursor call, int via_api) {
  CXCursor decl = clang_getCursorReferenced(name_expr);
  struct launch *l;
  struct ld_pos pos;
  size_t i;
  int macro;

  if (!ld__main_pos(&an->s, clang_getCursorLocation(at), &pos))
    return;
  macro = ld__in_macro(&an->s, pos.offset);
  if (macro &&
      (an->fns[an->cur_fn].is_kernel || an->fns[an->cur_fn].is_device ||
       !in_argument(an, call, at, &pos)))
    return;
  /* A macro that uses its argument twice expands the launch twice: one
   * text, one launch (its rewriting then appears twice). */
  for (i = 0; macro && i < an->nlaunches; i++)
    if (an->launches[i].in_macro && an->launches[i].at.offset == pos.offset)
      return;
  if (via_api &&
      (clang_Cursor_isNull(decl) ||
       !ld__has_child_kind(ld__definition_of(decl), CXCursor_CUDAGlobalAttr)))
    return; /* cudaLaunchKernel of something not known to be a kernel */
  if (PUSH(an, an->launches, an->nlaunches, an->caplaunches))
    return;
  l = &an->launches[an->nlaunches];
  l->name = ld__cursor_name(clang_Cursor_isNull(decl) ? name_expr : decl);
  if (!l->name) {
    an->rc = LD_ENOMEM;
    return;
  }
  l->at = pos;
  l->via_api = via_api;
  l->in_macro = macro;
  l->fn = NONE;
  l->arg_ptr = ~(uint64_t)0;
  l->call = clang_getNullCursor();
  l->arg_followed = 0;
  memset(&l->text, 0, sizeof l->text);
  an->nlaunches++;
}

/* Parameter i's default argument (the text after `=` in the declaration
 * that writes it: fn, its first declaration or its definition, from the
 * file it is in, blanks folded), malloc'd; NULL when none is found. */
static char *default_text(CXTranslationUnit tu, CXCursor fn, unsigned i) {
  CXCursor decls[3];
  unsigned d;

  decls[0] = fn;
  decls[1] = clang_getCanonicalCursor(fn);
  decls[2] = clang_getCursorDefinition(fn);
  for (d = 0; d < 3; d++) {
    CXCursor parm = clang_Cursor_getArgument(decls[d], i);
    CXSourceLocation eq;
    CXFile f1, f2;
    unsigned b, e;
    size_t size = 0, p;
    const char *text;
    char *out, *o;

    if (clang_Cursor_isNull(parm) || !ld__default_eq(tu, parm, &eq))
      continue;
    clang_getSpellingLocation(eq, &f1, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(parm)),
                              &f2, NULL, NULL, &e);
    if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || e <= b + 1 ||
        !(text = clang_getFileContents(tu, f1, &size)) || e > size)
      return NULL;
    out = o = malloc(e - b);
    if (!out)
      return NULL;
    /* Blanks and line ends folded to one space, outside literals. */
    for (p = b + 1; p < e; p++) {
      char c = text[p], q = 0;
      if (c == '"' || c == '\'') {
        for (q = c, *o++ = c, p++; p < e && text[p] != q; p++) {
          *o++ = text[p];
          if (text[p] == '\\' && p + 1 < e)
            *o++ = text[++p];
        }
        if (p < e)
          *o++ = q;
      } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        *o++ = c;
      } else if (o > out && o[-1] != ' ') {
        *o++ = ' ';
      }
    }
    while (o > out && o[-1] == ' ')
      o--;
    *o = 0;
    return out;
  }
  return NULL;
}

/* The launch's arguments *args (the first `from` of the kernel's n) with
 * the default arguments of the others written out: the clones' parameter
 * lists have none (ld_kernel.default_cuts).  *args becomes NULL when one
 * has no text, or the kernel is a template (its defaults may name its
 * parameters). */
static int with_defaults(struct analysis *an, CXCursor name, unsigned from,
                         unsigned n, char **args) {
  CXCursor fn = clang_getCursorReferenced(name);
  struct ld_buf b = LD_BUF_INIT;
  unsigned i;
  int rc;

  rc = ld_buf_puts(&b, *args);
  free(*args);
  *args = NULL;
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
      !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn))) {
    ld_buf_free(&b);
    return rc;
  }
  for (i = from; i < n && !rc; i++) {
    char *d = default_text(an->s.tu, fn, i);
    if (!d) {
      ld_buf_free(&b);
      return LD_OK;
    }
    rc = ld_buf_printf(&b, "%s%s", i ? ", " : "", d);
    free(d);
  }
  *args = rc ? NULL : ld_buf_detach(&b);
  ld_buf_free(&b);
  return rc ? rc : *args ? LD_OK : LD_ENOMEM;
}

struct tparams {
  CXCursor p[32];
  unsigned n;
};

/* Template argument i of the specialization fn spelled for host code at a
 * launch (a canonical type, an integer or bool of a builtin parameter
 * type) into b; 0 when it has no such spelling (a lambda's or unnamed
 * type, a pack, a template, an enum ...). */
static int put_deduced(struct ld_buf *b, CXCursor fn, const struct tparams *tp,
                       unsigned i) {
  enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(fn, i);

  if (k == CXTemplateArgumentKind_Type) {
    CXType t =
        clang_getCanonicalType(clang_Cursor_getTemplateArgumentType(fn, i));
    CXString s = clang_getTypeSpelling(t);
    const char *c = clang_getCString(s);
    int ok = c && *c && !strpbrk(c, "()") && !strstr(c, "lambda") &&
             !strstr(c, "unnamed") && !strstr(c, "anonymous") &&
             !ld_buf_puts(b, c);
    clang_disposeString(s);
    return ok;
  }
  if (k == CXTemplateArgumentKind_Integral && i < tp->n &&
      clang_getCursorKind(tp->p[i]) == CXCursor_NonTypeTemplateParameter) {
    CXType pt = clang_getCanonicalType(clang_getCursorType(tp->p[i]));
    if (pt.kind == CXType_Bool)
      return !ld_buf_puts(
          b, clang_Cursor_getTemplateArgumentValue(fn, i) ? "true" : "false");
    if (pt.kind >= CXType_Char_U && pt.kind <= CXType_UInt128)
      return !ld_buf_printf(
          b, "%lluu", clang_Cursor_getTemplateArgumentUnsignedValue(fn, i));
    if (pt.kind >= CXType_Char_S && pt.kind <= CXType_Int128)
      return !ld_buf_printf(b, "%lld",
                            clang_Cursor_getTemplateArgumentValue(fn, i));
  }
  return 0;
}

/* A launch of a function template whose arguments it deduces
 * (`k<<<g, b>>>(p)` of `template <typename T> __global__ void k(T *)`):
 * its callee text *callee gets them written out (`k<float>`), so the
 * clones and their metadata instance have a spelling (docs/translator.md,
 * "Launches").  Left as written when one has no spelling. */
/* How many template arguments `k<A, B<C>>` writes out (commas at the
 * first level of its last `<...>`); -1 when it does not end in one. */
static int explicit_args(const char *callee) {
  size_t len = strlen(callee), i;
  int depth = 0, n = 1;

  if (!len || callee[len - 1] != '>')
    return -1;
  for (i = len; i-- > 0;) {
    char c = callee[i];
    if (c == '>' || c == ')' || c == ']')
      depth++;
    else if (c == '(' || c == '[')
      depth--;
    else if (c == '<' && --depth == 0)
      return n;
    else if (c == ',' && depth == 1)
      n++;
  }
  return -1;
}

static int with_deduced(CXCursor name, char **callee) {
  CXCursor fn = clang_getCursorReferenced(name), tmpl;
  struct ld_buf b = LD_BUF_INIT;
  struct tparams tp;
  size_t len = strlen(*callee);
  int n, i, rc, given = 0;

  tmpl = clang_getSpecializedCursorTemplate(fn);
  if (!len)
    return LD_OK;
  /* `k<float><<<g, b>>>(p, state)` of `template <typename T, typename S>`:
   * the rest deduced (cuda-samples' MC_EstimatePiInlineQ). */
  if (strchr(*callee, '<') && (given = explicit_args(*callee)) <= 0)
    return LD_OK;
  if (clang_Cursor_isNull(tmpl)) {
    /* In a template, the launch names no instance: with some of the
     * kernel's arguments left to deduction it has no spelling, and the
     * launch is left as written (the runtime counts it). */
    CXCursor t = fn;
    if (clang_getCursorKind(t) == CXCursor_OverloadedDeclRef &&
        clang_getNumOverloadedDecls(t) == 1)
      t = clang_getOverloadedDecl(t, 0);
    if (given > 0 && clang_getCursorKind(t) == CXCursor_FunctionTemplate)
      tp.n = ld__template_params(t, tp.p, 32);
    if (given > 0 && (unsigned)given < tp.n) {
      free(*callee);
      *callee = NULL;
    }
    return LD_OK;
  }
  if (!given && !(((*callee)[len - 1] >= 'a' && (*callee)[len - 1] <= 'z') ||
                  ((*callee)[len - 1] >= 'A' && (*callee)[len - 1] <= 'Z') ||
                  ((*callee)[len - 1] >= '0' && (*callee)[len - 1] <= '9') ||
                  (*callee)[len - 1] == '_'))
    return LD_OK;
  n = clang_Cursor_getNumTemplateArguments(fn);
  tp.n = ld__template_params(tmpl, tp.p, 32);
  if (n <= 0 || (unsigned)n != tp.n || given >= n)
    return LD_OK;
  rc = given ? ld_buf_printf(&b, "%.*s", (int)(len - 1), *callee)
             : ld_buf_printf(&b, "%s<", *callee);
  for (i = given; i < n && !rc; i++) {
    if (i)
      rc = ld_buf_puts(&b, ", ");
    if (!rc && !put_deduced(&b, fn, &tp, (unsigned)i)) {
      ld_buf_free(&b);
      return LD_OK;
    }
  }
  if (!rc)
    rc = ld_buf_putc(&b, '>');
  if (!rc) {
    free(*callee);
    *callee = ld_buf_detach(&b);
  }
  ld_buf_free(&b);
  return rc ? rc : *callee ? LD_OK : LD_ENOMEM;
}

/* Whether the line holding offset p of src starts with `#` (blanks
 * aside): a preprocessor directive. */
static int directive_line(const char *src, size_t lb, size_t p) {
  while (p > lb && src[p - 1] != '\n')
    p--;
  while (src[p] == ' ' || src[p] == '\t')
    p++;
  return src[p] == '#';
}

/* Arguments with preprocessor lines around them (cuda-samples'
 * convolutionFFT2D: `kernelX\n#if (USE_TEXTURE)\n, texFloat\n#endif\n);`):
 * the text from the first argument to the last would keep an `#if` and
 * lose its `#endif`.  [*ab, *ae) grows to all between the parentheses
 * when a directive stands before the first or after the last. */
static void directives_in_args(const char *src, size_t lb, size_t le,
                               size_t *ab, size_t *ae) {
  size_t p = *ab, close = le, q;
  int found = 0;

  while (close > *ae && src[close - 1] != ')')
    close--;
  /* Back to the `(`, over blanks and whole directive lines (their own
   * parentheses aside); anything else (a comment) leaves it as it was. */
  while (p > lb) {
    char c = src[p - 1];
    if (c == '(' && !directive_line(src, lb, p - 1))
      break;
    if (c != '\n' && directive_line(src, lb, p - 1)) {
      while (p > lb && src[p - 1] != '\n')
        p--;
      found = 1;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      p--;
    } else {
      return;
    }
  }
  if (!found && close > *ae) {
    for (q = *ae; q + 1 < close; q++)
      if (src[q] == '#' && directive_line(src, lb, q))
        found = 1;
  }
  if (!found || p <= lb || close <= *ae)
    return;
  *ab = p;
  *ae = close - 1;
}

/* Texts of a `k<<<...>>>(...)` launch for rewriting it; leaves t->callee
 * NULL when some part is not plain main-file text.  Every text is as
 * written in the file, also inside a macro's argument (launch_span). */
int ld__launch_text(struct analysis *an, CXCursor call, CXCursor callee,
                    CXCursor name, struct ld_launch *t) {
  CXCursor config;
  size_t lb, le, b, e, nb, ne, ab = 0, ae = 0;
  int i, n, flat;

  memset(t, 0, sizeof *t);
  if (!launch_span(an, call, 0, 0, &lb, &le) ||
      !launch_span(an, callee, lb, le, &b, &e) ||
      !launch_span(an, name, lb, le, &nb, &ne) ||
      in_launch_macro(an, nb, lb, le) || nb < b || nb >= e ||
      !ld__nth_child(call, 1, &config))
    return LD_OK;
  t->begin = lb;
  t->end = le;
  flat = around_macro(an, lb, le);
  t->newlines = flat ? newlines(an, lb, le) : 0;
  config = ld__unwrap(config);
  n = clang_Cursor_getNumArguments(config);
  for (i = 0; i < n && i < 4; i++) {
    size_t cb, ce;
    if (!launch_span(an, clang_Cursor_getArgument(config, (unsigned)i), lb, le,
                     &cb, &ce))
      break;
    if (!(t->config[i] = piece_text(an, flat, cb, ce)))
      return LD_ENOMEM;
  }
  if (i < 2)
    return LD_OK;
  n = clang_Cursor_getNumArguments(call);
  for (i = 0; i < n; i++) {
    size_t cb, ce;
    if (!launch_span(an, clang_Cursor_getArgument(call, (unsigned)i), lb, le,
                     &cb, &ce))
      break; /* a default argument: the rest are too */
    if (!i)
      ab = cb;
    ae = ce;
  }
  if (n && !flat)
    directives_in_args(an->s.src, lb, le, &ab, &ae);
  t->args = piece_text(an, flat, ab, ae);
  if (!t->args)
    return LD_ENOMEM;
  if (i < n) {
    int rc = with_defaults(an, name, (unsigned)i, (unsigned)n, &t->args);
    if (rc || !t->args)
      return rc; /* no text for a default: not rewritten */
  }
  t->callee = piece_text(an, flat, b, e);
  if (!t->callee)
    return LD_ENOMEM;
  t->name_at = nb - b;
  return with_deduced(name, &t->callee);
}

/* Texts of `cudaLaunchKernel(k, g, b, args[, sh[, st]])` of kernel `decl`,
 * named by the expression `name`, for rewriting it as the launch
 * `k<<<__ldcc_a__g, __ldcc_a__b, __ldcc_a__sh, __ldcc_a__st>>>(__ldcc_a__p...)`
 * inside a lambda that takes the call's arguments (ld__replace_launch).
 * Leaves t->callee NULL when the name or an argument is not plain
 * main-file text, or when the name leaves a template's arguments to be
 * deduced (`decltype(&k)` then names no one function). */
int ld__api_launch_text(struct analysis *an, CXCursor call, CXCursor name,
                        CXCursor decl, struct ld_launch *t) {
  static const char *const config[4] = {"__ldcc_a__g", "__ldcc_a__b",
                                        "__ldcc_a__sh", "__ldcc_a__st"};
  size_t nb, ne, ab = 0, ae = 0;
  int i, n = clang_Cursor_getNumArguments(call), nargs = 0, flat;

  memset(t, 0, sizeof *t);
  if (n < 4 || n > 6 || !launch_span(an, call, 0, 0, &t->begin, &t->end) ||
      !launch_span(an, name, t->begin, t->end, &nb, &ne) ||
      in_launch_macro(an, nb, t->begin, t->end))
    return LD_OK;
  for (i = 0; i < n; i++) {
    size_t cb, ce;
    if (!launch_span(an, clang_Cursor_getArgument(call, (unsigned)i), t->begin,
                     t->end, &cb, &ce))
      break; /* a default argument: the rest are too */
    if (i && cb < ae)
      return LD_OK; /* two arguments from one macro expansion */
    if (!i)
      ab = cb;
    ae = ce;
    nargs++;
  }
  if (nargs < 4)
    return LD_OK;
  flat = around_macro(an, t->begin, t->end);
  t->newlines = flat ? newlines(an, t->begin, t->end) : 0;
  if (!(t->callee = piece_text(an, flat, nb, ne)))
    return LD_ENOMEM;
  if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(decl)) &&
      !strchr(t->callee, '<')) {
    free(t->callee);
    t->callee = NULL;
    return LD_OK;
  }
  for (i = 0; i < 4; i++)
    if (!(t->config[i] = strdup(config[i])))
      return LD_ENOMEM;
  t->args =
      strdup(clang_Cursor_getNumArguments(decl) > 0 ? "__ldcc_a__p..." : "");
  t->api_args = piece_text(an, flat, ab, ae);
  t->api_nargs = nargs;
  return t->args && t->api_args ? LD_OK : LD_ENOMEM;
}

/* The cudaMalloc-family functions whose first argument receives the new
 * allocation's address. */
static int allocates(CXCursor ref) {
  static const char *const names[] = {"cudaMalloc",
                                      "cudaMallocManaged",
                                      "cudaMallocAsync",
                                      "cudaMallocHost",
                                      "cudaHostAlloc",
                                      "cudaMallocPitch",
                                      "cudaMallocFromPoolAsync"};
  size_t i;

  for (i = 0; i < sizeof names / sizeof *names; i++)
    if (ld__name_is(ref, names[i]))
      return 1;
  return 0;
}

struct returned {
  CXCursor var;
  int found;
};

static enum CXChildVisitResult returned_cb(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  struct returned *r = data;
  CXCursor e;

  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ReturnStmt &&
      ld__nth_child(c, 0, &e) &&
      clang_getCursorKind(e = ld__unwrap(e)) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCursorReferenced(e), r->var)) {
    r->found = 1;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* `&X` (through casts and parentheses) as the first argument: X, else a
 * null cursor. */
static CXCursor allocated_var(CXCursor call) {
  CXCursor a, x;

  if (clang_Cursor_getNumArguments(call) < 1)
    return clang_getNullCursor();
  a = clang_Cursor_getArgument(call, 0);
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(a);
    if ((k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
         k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_ParenExpr ||
         k == CXCursor_UnexposedExpr) &&
        ld__last_expr_child(a, &x))
      a = x;
    else
      break;
  }
  if (clang_getCursorKind(a) != CXCursor_UnaryOperator ||
      clang_getCursorUnaryOperatorKind(a) != CXUnaryOperator_AddrOf ||
      !ld__nth_child(a, 0, &x))
    return clang_getNullCursor();
  return x;
}

void ld__add_alloc_site(struct analysis *an, CXCursor call) {
  CXCursor ref = clang_getCursorReferenced(call), x = allocated_var(call), d;
  CXSourceRange r;
  struct ld_plan *plan = an->plan;
  struct ld_alloc_site *s;
  size_t b, e, xb, xe, cap;
  int w1, w2;
  long long size;

  if (clang_Cursor_isNull(ref) || !allocates(ref) || clang_Cursor_isNull(x) ||
      !launch_span(an, call, 0, 0, &b, &e) || !launch_place_ok(an, b, e))
    return;
  r = clang_getCursorExtent(x);
  if (!file_offset(an, clang_getRangeStart(r), &xb, &w1) ||
      !file_offset(an, clang_getRangeEnd(r), &xe, &w2) || !w1 || !w2 ||
      xe <= xb || xb < b || xe > e)
    return;
  /* A helper's local it returns (`T *p; cudaMalloc(&p, n); return p;`)
   * would name every allocation it makes the same: not named. */
  if (clang_getCursorKind(ld__unwrap(x)) == CXCursor_DeclRefExpr) {
    struct returned rt = {clang_getCursorReferenced(ld__unwrap(x)), 0};
    d = an->fns[an->cur_fn].cur;
    clang_visitChildren(d, returned_cb, &rt);
    if (rt.found)
      return;
  }
  for (cap = 0; cap < plan->nalloc_sites; cap++)
    if (plan->alloc_sites[cap].begin == b)
      return; /* a macro that uses its argument twice: one text */
  cap = plan->nalloc_sites;
  s = realloc(plan->alloc_sites, (cap + 1) * sizeof *s);
  if (!s) {
    an->rc = LD_ENOMEM;
    return;
  }
  plan->alloc_sites = s;
  s = &s[cap];
  memset(s, 0, sizeof *s);
  s->begin = b;
  s->end = e;
  s->name = piece_text(an, 1, xb, xe);
  if (!s->name) {
    an->rc = LD_ENOMEM;
    return;
  }
  {
    CXType t = clang_getCanonicalType(clang_getCursorType(x));
    CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
    size = t.kind == CXType_Pointer ? clang_Type_getSizeOf(pt) : -1;
    s->sized = pt.kind != CXType_Void && size > 0;
  }
  plan->nalloc_sites++;
}
