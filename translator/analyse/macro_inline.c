/* Shared memory used through macros (issue 24): `#define AS(i, j)
 * As[i][j]` and `AS(ty, tx) = A[...]` (cuda-samples' matrixMulDrv),
 * `#define SMEM(X, Y) sdata[(Y) * tilew + (X)]` (postProcessGL), a
 * `__shared__` declaration written by a macro.  The replay rewrites each
 * reference to a shared variable and wraps each access at its place in the
 * text, which a macro's expansion does not have; such kernels were left
 * unchecked ("shared variable used inside a macro expansion").
 *
 * This step expands those macros in the text before the analysis: each
 * invocation in the main file whose expansion names a shared variable (a
 * reference or a declaration) is replaced by the macro's body, its
 * parameters replaced by the invocation's arguments as written, the tokens
 * joined by blanks, and as many line breaks after it as the invocation
 * spanned, so every later line keeps its number.  The preprocessor would
 * make the same tokens of it, so the program (the original kernel's text
 * is expanded too) computes the same.  The text is parsed again (parse.c);
 * a macro that names a shared variable through another macro is expanded
 * in the next round.  Left as they are (the kernel
 * keeps its reason): macros with `#`, `##` or variable arguments, macros
 * defined inside a conditional on __CUDA_ARCH__ (the parser sees one
 * architecture's device side), and a text that no longer parses.  Host
 * code only.
 *
 * Global memory through macros (issue 25, session 49): in the body of a
 * `__global__` or `__device__` function, an invocation whose expansion
 * names a pointer or array that is not shared (a parameter, a local, a
 * `__device__` variable) is expanded too: accessor macros (`#define A(i,
 * j) a[(i) * n + (j)]`) and helpers behind macros (`#define READ(p)
 * atomicRead(p)`).  The direct one run wraps each access and each atomic
 * helper's call where it is written, and a macro's expansion had no place
 * for it: such kernels were "not checked across blocks: ... used other
 * than as the base of an access". */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#include "ld_cursor.h"
#include "ld_error.h"
#include "ld_macro_inline.h"

struct expansion {
  size_t begin, end; /* the invocation in the main text */
  CXCursor def;      /* its macro's definition */
};

struct walk {
  CXTranslationUnit tu;
  CXFile main_file;
  const char *src;
  size_t len;
  struct expansion *all; /* the main file's macro expansions */
  size_t nall, capall;
  size_t *starts; /* where expansions naming shared variables start */
  size_t nstarts, capstarts;
  int device; /* in a __global__ or __device__ function's body */
  int rc;
};

static int grow(void **p, size_t *cap, size_t n, size_t size) {
  size_t c = *cap ? *cap * 2 : 16;
  void *q;

  if (n < *cap)
    return LD_OK;
  q = realloc(*p, c * size);
  if (!q)
    return LD_ENOMEM;
  *p = q;
  *cap = c;
  return LD_OK;
}

/* The offset in the main file of loc, expanded or spelled. */
static int main_offset(const struct walk *w, CXSourceLocation loc, int spelled,
                       size_t *off) {
  CXFile f;
  unsigned o;

  if (spelled)
    clang_getSpellingLocation(loc, &f, NULL, NULL, &o);
  else
    clang_getExpansionLocation(loc, &f, NULL, NULL, &o);
  if (!f || !clang_File_isEqual(f, w->main_file) || o > w->len)
    return 0;
  *off = o;
  return 1;
}

static int is_shared_var(CXCursor d) {
  return clang_getCursorKind(d) == CXCursor_VarDecl &&
         ld__has_child_kind(d, CXCursor_CUDASharedAttr);
}

/* A pointer or array variable or parameter (global memory, as far as this
 * step can tell). */
static int is_memory_var(CXCursor d) {
  enum CXCursorKind k = clang_getCursorKind(d);
  enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(d)).kind;

  return (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) &&
         (t == CXType_Pointer || t == CXType_ConstantArray ||
          t == CXType_IncompleteArray || t == CXType_VariableArray ||
          t == CXType_DependentSizedArray);
}

/* A function whose body is device code. */
static int is_device_fn(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);

  return (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
          k == CXCursor_CXXMethod) &&
         (ld__has_child_kind(c, CXCursor_CUDAGlobalAttr) ||
          ld__has_child_kind(c, CXCursor_CUDADeviceAttr));
}

/* A reference to or a declaration of a shared variable that comes out of a
 * macro's expansion: where that expansion starts. */
static void note_use(struct walk *w, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXSourceLocation loc = clang_getCursorLocation(c);
  CXFile sf;
  unsigned so;
  size_t at;

  if (!((k == CXCursor_DeclRefExpr &&
         (is_shared_var(clang_getCursorReferenced(c)) ||
          (w->device && is_memory_var(clang_getCursorReferenced(c))))) ||
        (k == CXCursor_VarDecl && is_shared_var(c))))
    return;
  if (!main_offset(w, loc, 0, &at))
    return;
  clang_getSpellingLocation(loc, &sf, NULL, NULL, &so);
  if (sf && clang_File_isEqual(sf, w->main_file) && so == at)
    return; /* written where it is */
  if ((w->rc = grow((void **)&w->starts, &w->capstarts, w->nstarts,
                    sizeof *w->starts)))
    return;
  w->starts[w->nstarts++] = at;
}

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
                                       CXClientData data) {
  struct walk *w = data;

  (void)parent;
  note_use(w, c);
  return w->rc ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static enum CXChildVisitResult top_cb(CXCursor c, CXCursor parent,
                                      CXClientData data) {
  struct walk *w = data;
  CXFile f;
  size_t b;

  (void)parent;
  clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
  if (!f || !clang_File_isEqual(f, w->main_file))
    return CXChildVisit_Continue;
  if (clang_getCursorKind(c) == CXCursor_MacroExpansion) {
    if (main_offset(w, clang_getRangeStart(clang_getCursorExtent(c)), 1, &b) &&
        !(w->rc =
              grow((void **)&w->all, &w->capall, w->nall, sizeof *w->all))) {
      w->all[w->nall].begin = b;
      w->all[w->nall].end = b;
      w->all[w->nall++].def = clang_getCursorReferenced(c);
    }
    return w->rc ? CXChildVisit_Break : CXChildVisit_Continue;
  }
  if (clang_getCursorKind(c) == CXCursor_Namespace ||
      clang_getCursorKind(c) == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  note_use(w, c);
  w->device = is_device_fn(c);
  clang_visitChildren(c, body_cb, w);
  w->device = 0;
  return w->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

static int is_ident(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The invocation at src[b] of a macro with nparams parameters
 * (function-like when nparams >= 0): its end, and its arguments' spans
 * (args[2 * i], args[2 * i + 1]), blanks trimmed; 0 when it is not plain
 * text of that shape. */
static size_t invocation(const char *src, size_t len, size_t b, int nparams,
                         size_t *args) {
  size_t p = b, start;
  int depth = 0, n = 0;

  while (p < len && is_ident(src[p]))
    p++;
  if (nparams < 0)
    return p;
  while (p < len && is_blank(src[p]))
    p++;
  if (p >= len || src[p] != '(')
    return 0;
  start = ++p;
  for (; p < len; p++) {
    char c = src[p];
    if (c == '"' || c == '\'' || c == '/' || c == '#')
      return 0; /* literals, comments, directives: not plain */
    if (c == '(') {
      depth++;
    } else if (c == ')' && depth) {
      depth--;
    } else if ((c == ',' || c == ')') && !depth) {
      size_t e = p, s = start;
      if (n >= nparams && !(c == ')' && n == 0 && nparams == 0))
        return 0;
      while (s < e && is_blank(src[s]))
        s++;
      while (e > s && is_blank(src[e - 1]))
        e--;
      if (nparams) {
        args[2 * n] = s;
        args[2 * n + 1] = e;
      }
      if (nparams || s != e)
        n++;
      start = p + 1;
      if (c == ')')
        return n == nparams ? p + 1 : 0;
    }
  }
  return 0;
}

/* Whether the preprocessor line at t[b, e) opens (1), continues (2: #elif,
 * #else) or closes (3) a conditional; 0 otherwise. */
static int directive(const char *t, size_t b, size_t e) {
  size_t p = b, n;

  while (p < e && (t[p] == ' ' || t[p] == '\t'))
    p++;
  if (p >= e || t[p] != '#')
    return 0;
  for (p++; p < e && (t[p] == ' ' || t[p] == '\t'); p++)
    ;
  for (n = 0; p + n < e && is_ident(t[p + n]); n++)
    ;
  if ((n == 2 && !strncmp(t + p, "if", 2)) ||
      (n == 5 && !strncmp(t + p, "ifdef", 5)) ||
      (n == 6 && !strncmp(t + p, "ifndef", 6)))
    return 1;
  if ((n == 4 && (!strncmp(t + p, "elif", 4) || !strncmp(t + p, "else", 4))) ||
      (n == 7 && !strncmp(t + p, "elifdef", 7)) ||
      (n == 8 && !strncmp(t + p, "elifndef", 8)))
    return 2;
  return n == 5 && !strncmp(t + p, "endif", 5) ? 3 : 0;
}

/* Whether t[b, e) names __CUDA_ARCH__. */
static int names_arch(const char *t, size_t b, size_t e) {
  static const char arch[] = "__CUDA_ARCH__";
  size_t n = sizeof arch - 1, p;

  for (p = b; p + n <= e; p++)
    if (!strncmp(t + p, arch, n))
      return 1;
  return 0;
}

/* Whether macro definition def lies inside a conditional on __CUDA_ARCH__
 * (`#ifdef __CUDA_ARCH__`, `#if __CUDA_ARCH__ >= 800`, or one of their
 * `#else` branches): libclang parses the device side of one architecture,
 * so writing that definition's body into the text would give nvcc's host
 * pass and its other architectures this one's.  Such invocations are not
 * expanded. */
static int arch_dependent(const struct walk *w, CXCursor def) {
  CXFile f;
  unsigned off;
  size_t len = 0, b, e;
  const char *t;
  unsigned char open[64]; /* per nesting level: names __CUDA_ARCH__ */
  int depth = 0, k;

  clang_getSpellingLocation(clang_getCursorLocation(def), &f, NULL, NULL, &off);
  if (!f || !(t = clang_getFileContents(w->tu, f, &len)) || off > len)
    return 1;
  for (b = 0; b < off; b = e + 1) {
    for (e = b; e < off && t[e] != '\n'; e++)
      ;
    /* (A line continued with a backslash is read as one.) */
    while (e < off && e > b && t[e - 1] == '\\')
      for (e++; e < off && t[e] != '\n'; e++)
        ;
    switch (directive(t, b, e)) {
    case 1:
      if (depth < (int)sizeof open)
        open[depth] = (unsigned char)names_arch(t, b, e);
      depth++;
      break;
    case 2:
      if (depth > 0 && depth <= (int)sizeof open && names_arch(t, b, e))
        open[depth - 1] = 1;
      break;
    case 3:
      if (depth > 0)
        depth--;
      break;
    }
  }
  if (depth > (int)sizeof open)
    return 1;
  for (k = 0; k < depth; k++)
    if (open[k])
      return 1;
  return 0;
}

/* The expansion of the invocation src[x->begin, ...) into out, and its end
 * in x->end; 1 when done, 0 when the macro is not one this step expands. */
static int expand(struct walk *w, struct expansion *x, struct ld_buf *out) {
  CXToken *toks = NULL;
  unsigned ntoks = 0, i, body = 1, j;
  CXString names[32];
  size_t args[64], e, nl = 0, p;
  int nparams = -1, ok = 1;

  if (clang_Cursor_isNull(x->def) ||
      clang_getCursorKind(x->def) != CXCursor_MacroDefinition ||
      arch_dependent(w, x->def))
    return 0;
  clang_tokenize(w->tu, clang_getCursorExtent(x->def), &toks, &ntoks);
  if (ntoks < 1) {
    clang_disposeTokens(w->tu, toks, ntoks);
    return 0;
  }
  if (clang_Cursor_isMacroFunctionLike(x->def)) {
    nparams = 0;
    for (body = 2; body < ntoks; body++) {
      CXString s = clang_getTokenSpelling(w->tu, toks[body]);
      const char *t = clang_getCString(s);
      int close = !strcmp(t, ")"), comma = !strcmp(t, ",");
      if (!close && !comma) {
        if (nparams >= 32 ||
            clang_getTokenKind(toks[body]) != CXToken_Identifier) {
          clang_disposeString(s);
          ok = 0;
          break;
        }
        names[nparams++] = s;
      } else {
        clang_disposeString(s);
      }
      if (close) {
        body++;
        break;
      }
    }
  }
  e = ok ? invocation(w->src, w->len, x->begin, nparams, args) : 0;
  for (i = body; i < ntoks && e; i++) {
    CXString s = clang_getTokenSpelling(w->tu, toks[i]);
    const char *t = clang_getCString(s);
    int rc = LD_OK, sub = 0;
    if (!strcmp(t, "#") || !strcmp(t, "##") || !strcmp(t, "__VA_ARGS__") ||
        !strcmp(t, "...")) {
      e = 0;
    } else {
      for (j = 0; nparams > 0 && j < (unsigned)nparams && !sub; j++)
        if (!strcmp(t, clang_getCString(names[j]))) {
          rc = ld_buf_append(out, w->src + args[2 * j],
                             args[2 * j + 1] - args[2 * j]);
          sub = 1;
        }
      if (!sub)
        rc = ld_buf_puts(out, t);
      if (!rc && i + 1 < ntoks)
        rc = ld_buf_putc(out, ' ');
      if (rc) {
        w->rc = rc;
        e = 0;
      }
    }
    clang_disposeString(s);
  }
  for (j = 0; nparams > 0 && j < (unsigned)nparams; j++)
    clang_disposeString(names[j]);
  clang_disposeTokens(w->tu, toks, ntoks);
  if (!e)
    return 0;
  /* An empty body is a blank; line breaks the invocation spanned follow. */
  if (!out->len && ld_buf_putc(out, ' '))
    w->rc = LD_ENOMEM;
  for (p = x->begin; p < e; p++)
    nl += w->src[p] == '\n';
  while (nl-- && !w->rc)
    w->rc = ld_buf_putc(out, '\n');
  x->end = e;
  return !w->rc;
}

static int cmp_size(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

/* One round: the main text with the invocations that name shared
 * variables expanded into *next; *n how many (0: nothing to do). */
static int one_round(CXTranslationUnit tu, CXFile main_file, const char *src,
                     size_t len, struct ld_buf *next, size_t *n) {
  struct walk w;
  struct ld_buf piece = LD_BUF_INIT;
  size_t i, j, at = 0, last = (size_t)-1;

  memset(&w, 0, sizeof w);
  w.tu = tu;
  w.main_file = main_file;
  w.src = src;
  w.len = len;
  *n = 0;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), top_cb, &w);
  if (!w.rc && w.nstarts)
    qsort(w.starts, w.nstarts, sizeof *w.starts, cmp_size);
  for (i = 0; i < w.nstarts && !w.rc; i++) {
    struct expansion *x = NULL;
    if (w.starts[i] == last || w.starts[i] < at)
      continue;
    last = w.starts[i];
    for (j = 0; j < w.nall && !x; j++)
      if (w.all[j].begin == w.starts[i])
        x = &w.all[j];
    ld_buf_free(&piece);
    if (!x || !expand(&w, x, &piece))
      continue;
    w.rc = ld_buf_append(next, src + at, x->begin - at);
    if (!w.rc)
      w.rc = ld_buf_append(next, piece.data, piece.len);
    at = x->end;
    ++*n;
  }
  if (!w.rc && *n)
    w.rc = ld_buf_append(next, src + at, len - at);
  ld_buf_free(&piece);
  free(w.all);
  free(w.starts);
  return w.rc;
}

int ld__expand_shared_macros(CXTranslationUnit tu, const char *path,
                             struct ld_buf *next) {
  CXFile main_file = clang_getFile(tu, path);
  const char *src;
  size_t len = 0, n = 0;
  int rc;

  if (!main_file || !(src = clang_getFileContents(tu, main_file, &len)))
    return LD_OK;
  rc = one_round(tu, main_file, src, len, next, &n);
  if (rc || !n)
    ld_buf_free(next);
  return rc;
}
