/* The whole translation unit (issue 23): which user headers are translated
 * with the main file, and the flattened text that pastes them in.
 *
 * Every later pass works on "the main file" (offsets, edits, the cursors it
 * keeps), so rather than make each of them handle many files this step
 * makes one text: the main file, in which each `#include` of a header that
 * needs translating is replaced by that header's own flattened text between
 * `#line 1 "/abs/header"` and `#line N "<includer>"`, so clang and nvcc
 * still name the header and its lines.  The parse is then done again on
 * that text (parse.c), and the edit applier names files and lines through
 * the line map built here (ld_edit.h).
 *
 * The inclusion tree is libclang's (clang_getInclusions: every file entered,
 * with the stack of directives that entered it), so a header included twice
 * with different macros is pasted twice.  A header is flattened when it is
 * a user file that holds device code (`__global__`, `__device__`,
 * `__shared__`, a launch), or lies on the way from the main file to one: no
 * original of a flattened header is then included by an unflattened one.
 * The directives of a flattened text are handled from the preprocessing
 * record: one that was not entered (a guard or `#pragma once` skipped it)
 * and names a flattened file is deleted, since the pasted copy is the one
 * the guard now stands for; a quoted one left in a header's text that
 * names a user file names it by the absolute path clang resolved, since the
 * header's own directory is no longer the includer's.  The main file's own
 * directives stay as written, so a file that includes no such header is not
 * changed. Host code only. */
#include <clang-c/Index.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ld_cursor.h"
#include "ld_error.h"
#include "ld_inclusions.h"

#ifndef LDCC_CLANG_RESOURCE_DIR
#define LDCC_CLANG_RESOURCE_DIR "/nonexistent/"
#endif

struct loc {
  CXFile file;
  unsigned off;
};

/* One entry of a file: stack[0] is the directive in its includer, the last
 * one is in the main file. */
struct node {
  CXFile file;
  struct loc *stack;
  unsigned depth;
  long parent;  /* index of the includer's node; -1: the main file */
  int flatten;  /* pasted into the text */
  size_t index; /* flatten: its index in map->files */
};

/* An #include as the preprocessing record has it. */
struct directive {
  CXFile in;
  unsigned begin, end; /* from `#` to the end of the file name */
  CXFile target;       /* NULL when clang did not find it */
  int quoted;
};

struct flat {
  CXTranslationUnit tu;
  const struct ld_translate_opts *opts;
  CXFile main;
  char cuda_real[PATH_MAX];
  struct node *nodes;
  size_t n, cap;
  struct directive *dirs;
  size_t ndirs, capdirs;
  struct ld_buf *text;
  struct ld_line_map *map;
  size_t capsegs, capfiles;
  size_t line; /* line of the text's next byte */
  int rc;
};

static int has_prefix(const char *s, const char *dir) {
  size_t n = strlen(dir);

  while (n > 1 && dir[n - 1] == '/')
    n--;
  return n && strncmp(s, dir, n) == 0 && (s[n] == '/' || s[n] == '\0');
}

/* The file's absolute path, malloc'd. */
static char *abs_path(CXFile file) {
  CXString real = clang_File_tryGetRealPathName(file);
  const char *r = clang_getCString(real);
  char buf[PATH_MAX];
  char *out = NULL;

  if (r && *r) {
    out = strdup(r);
  } else {
    CXString name = clang_getFileName(file);
    const char *s = clang_getCString(name);
    if (s)
      out = strdup(realpath(s, buf) ? buf : s);
    clang_disposeString(name);
  }
  clang_disposeString(real);
  return out;
}

/* A file of the user's: not ldcc's own (include/ldcc/, which code written
 * against the runtime includes with -I), not in a system include directory
 * (-isystem and clang's own are), the toolkit, clang's resource directory,
 * /usr/include or /usr/lib, whatever -I named them. */
static int user_file(const struct flat *fl, CXFile file) {
  const char *cuda =
      fl->opts->cuda_path ? fl->opts->cuda_path : "/usr/local/cuda";
  CXString name;
  char *path;
  int user;

  if (!file)
    return 0;
  name = clang_getFileName(file);
  path = abs_path(file);
  user = path && !strstr(path, "/include/ldcc/") && !has_prefix(path, cuda) &&
         !has_prefix(path, fl->cuda_real) &&
         !has_prefix(path, "/usr/include") && !has_prefix(path, "/usr/lib") &&
         !has_prefix(path, LDCC_CLANG_RESOURCE_DIR) &&
         !has_prefix(clang_getCString(name), cuda);
  clang_disposeString(name);
  free(path);
  /* Asked last: a location in a file costs libclang more than the names
   * (a file including CUB enters thousands of system headers). */
  return user && !clang_Location_isInSystemHeader(
                     clang_getLocationForOffset(fl->tu, file, 0));
}

static int same_stack(const struct loc *a, const struct loc *b, unsigned n) {
  unsigned i;

  for (i = 0; i < n; i++)
    if (a[i].off != b[i].off || !clang_File_isEqual(a[i].file, b[i].file))
      return 0;
  return 1;
}

/* The node that entered the file stack[0] is in: same file, and its own
 * stack is the rest of this one. */
static long find_parent(const struct flat *fl, const struct loc *stack,
                        unsigned depth) {
  size_t j;

  if (depth == 1)
    return -1;
  for (j = fl->n; j-- > 0;) {
    const struct node *p = &fl->nodes[j];
    if (p->depth == depth - 1 && clang_File_isEqual(p->file, stack[0].file) &&
        same_stack(p->stack, stack + 1, depth - 1))
      return (long)j;
  }
  return -2;
}

static void on_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
                         CXClientData data) {
  struct flat *fl = data;
  struct node *nd;
  struct loc *locs;
  unsigned i;

  if (fl->rc || depth == 0 || !clang_Location_isFromMainFile(stack[depth - 1]))
    return;
  if (!user_file(fl, file))
    return;
  locs = calloc(depth, sizeof *locs);
  if (!locs) {
    fl->rc = LD_ENOMEM;
    return;
  }
  for (i = 0; i < depth; i++)
    clang_getExpansionLocation(stack[i], &locs[i].file, NULL, NULL,
                               &locs[i].off);
  if (ld__grow(&fl->nodes, &fl->cap, fl->n, sizeof *fl->nodes)) {
    free(locs);
    fl->rc = LD_ENOMEM;
    return;
  }
  nd = &fl->nodes[fl->n];
  memset(nd, 0, sizeof *nd);
  nd->file = file;
  nd->stack = locs;
  nd->depth = depth;
  nd->parent = find_parent(fl, locs, depth);
  if (nd->parent == -2) { /* entered through a file that is not the user's */
    free(locs);
    return;
  }
  fl->n++;
}

/* Whether a user file holds what the translator edits: kernels, launches,
 * device functions or device data. */
static int needs_translation(CXTranslationUnit tu, CXFile file) {
  static const char *const marks[] = {"__global__", "__device__", "__shared__",
                                      "<<<", "cudaLaunchKernel"};
  size_t len, i, k;
  const char *s = clang_getFileContents(tu, file, &len);

  for (i = 0; s && i < len; i++)
    for (k = 0; k < sizeof marks / sizeof *marks; k++)
      if (s[i] == marks[k][0] && len - i >= strlen(marks[k]) &&
          memcmp(s + i, marks[k], strlen(marks[k])) == 0)
        return 1;
  return 0;
}

/* The inclusion directive c (in a file put_file writes) into fl->dirs. */
static void add_directive(struct flat *fl, CXCursor c) {
  CXSourceRange ext;
  struct directive *d;
  const char *s;
  size_t len, i;

  if (ld__grow(&fl->dirs, &fl->capdirs, fl->ndirs, sizeof *fl->dirs)) {
    fl->rc = LD_ENOMEM;
    return;
  }
  d = &fl->dirs[fl->ndirs];
  ext = clang_getCursorExtent(c);
  clang_getExpansionLocation(clang_getRangeStart(ext), &d->in, NULL, NULL,
                             &d->begin);
  clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &d->end);
  d->target = clang_getIncludedFile(c);
  s = d->in ? clang_getFileContents(fl->tu, d->in, &len) : NULL;
  if (!s || d->end > len || d->end <= d->begin || s[d->begin] != '#')
    return;
  for (i = d->begin + 1; i < d->end && s[i] != '"' && s[i] != '<'; i++)
    ;
  d->quoted = i < d->end && s[i] == '"';
  fl->ndirs++;
}

/* The inclusion directives of file (in order): each line that starts with
 * `#` and `include` is looked up in the preprocessing record (one in a
 * comment or a skipped `#if` has no directive there).  Looking them up
 * file by file costs far less than visiting the unit, whose record holds
 * every macro expansion of every system header. */
static void file_directives(struct flat *fl, CXFile file) {
  size_t len, i = 0, k;
  const char *s = clang_getFileContents(fl->tu, file, &len);

  while (s && i < len && !fl->rc) {
    for (k = i; k < len && (s[k] == ' ' || s[k] == '\t'); k++)
      ;
    if (k < len && s[k] == '#') {
      size_t n = k + 1;
      while (n < len && (s[n] == ' ' || s[n] == '\t'))
        n++;
      if (n + 7 <= len && !memcmp(s + n, "include", 7)) {
        CXCursor c = clang_getCursor(
            fl->tu, clang_getLocationForOffset(fl->tu, file, (unsigned)k));
        if (clang_getCursorKind(c) == CXCursor_InclusionDirective)
          add_directive(fl, c);
      }
    }
    while (i < len && s[i] != '\n')
      i++;
    i++;
  }
}

/* The directives of the main file and of every file to paste, each file
 * once. */
static void collect_directives(struct flat *fl) {
  size_t i, j;

  file_directives(fl, fl->main);
  for (i = 0; i < fl->n && !fl->rc; i++) {
    if (!fl->nodes[i].flatten)
      continue;
    for (j = 0; j < i; j++)
      if (fl->nodes[j].flatten &&
          clang_File_isEqual(fl->nodes[j].file, fl->nodes[i].file))
        break;
    if (j == i)
      file_directives(fl, fl->nodes[i].file);
  }
}

/* Append text[0, len) and count its lines. */
static int put(struct flat *fl, const char *s, size_t len) {
  size_t i;

  for (i = 0; i < len; i++)
    fl->line += s[i] == '\n';
  return ld_buf_append(fl->text, s, len);
}

/* Append a header's text, each `#pragma once` made a comment: in the
 * pasted copy it would only draw "#pragma once in main file"; the
 * directives naming the header again are deleted instead. */
static int put_header_text(struct flat *fl, const char *s, size_t len) {
  size_t i = 0, from = 0;
  int rc = LD_OK;

  while (i < len && !rc) {
    size_t k = i, n;
    while (k < len && (s[k] == ' ' || s[k] == '\t'))
      k++;
    n = k < len && s[k] == '#' ? k + 1 : len;
    while (n < len && (s[n] == ' ' || s[n] == '\t'))
      n++;
    if (n + 11 <= len && memcmp(s + n, "pragma", 6) == 0) {
      size_t m = n + 6;
      while (m < len && (s[m] == ' ' || s[m] == '\t'))
        m++;
      if (m + 4 <= len && memcmp(s + m, "once", 4) == 0 &&
          (m + 4 == len || s[m + 4] == '\n' || s[m + 4] == ' ' ||
           s[m + 4] == '\r' || s[m + 4] == '\t')) {
        rc = put(fl, s + from, k - from);
        if (!rc)
          rc = put(fl, "//", 2);
        from = k + 1;
      }
    }
    while (i < len && s[i] != '\n')
      i++;
    i++;
  }
  return rc ? rc : put(fl, s + from, len - from);
}

/* `#line n "path"` and a segment of the map starting after it. */
static int put_line(struct flat *fl, size_t n, size_t file) {
  struct ld_buf b = LD_BUF_INIT;
  struct ld_line_seg *seg;
  int rc = ld_buf_printf(&b, "#line %zu \"", n);

  if (!rc)
    rc = ld_buf_put_c_escaped(&b, fl->map->files[file]);
  if (!rc)
    rc = ld_buf_puts(&b, "\"\n");
  if (!rc)
    rc = put(fl, b.data, b.len);
  ld_buf_free(&b);
  if (!rc)
    rc = ld__grow(&fl->map->segs, &fl->capsegs, fl->map->n, sizeof *seg);
  if (rc)
    return rc;
  seg = &fl->map->segs[fl->map->n++];
  seg->text_line = fl->line;
  seg->text_offset = fl->text->len;
  seg->file = file;
  seg->line = n;
  return LD_OK;
}

static int put_include(struct flat *fl, CXFile target) {
  struct ld_buf b = LD_BUF_INIT;
  char *path = abs_path(target);
  int rc = path ? ld_buf_puts(&b, "#include \"") : LD_ENOMEM;

  if (!rc)
    rc = ld_buf_put_c_escaped(&b, path);
  if (!rc)
    rc = ld_buf_puts(&b, "\"");
  if (!rc)
    rc = put(fl, b.data, b.len);
  ld_buf_free(&b);
  free(path);
  return rc;
}

static int flattened_file(const struct flat *fl, CXFile file) {
  size_t i;

  for (i = 0; i < fl->n; i++)
    if (fl->nodes[i].flatten && clang_File_isEqual(fl->nodes[i].file, file))
      return 1;
  return 0;
}

/* The node (a child of `self`) that directive d entered, or -1. */
static long entered(const struct flat *fl, long self,
                    const struct directive *d) {
  size_t i;

  for (i = 0; i < fl->n; i++) {
    const struct loc *at = &fl->nodes[i].stack[0];
    if (fl->nodes[i].parent == self && at->off >= d->begin &&
        at->off <= d->end && clang_File_isEqual(at->file, d->in))
      return (long)i;
  }
  return -1;
}

static int put_file(struct flat *fl, long self, size_t self_index);

/* What replaces directive d of the file of node `self` (-1: the main
 * file), whose line `line` it ends on. */
static int put_directive(struct flat *fl, long self, size_t self_index,
                         const struct directive *d, size_t line,
                         const char *s) {
  long child = entered(fl, self, d);
  int rc;

  if (child >= 0 && fl->nodes[child].flatten) {
    rc = put_line(fl, 1, fl->nodes[child].index);
    if (!rc)
      rc = put_file(fl, child, fl->nodes[child].index);
    if (!rc && fl->text->len && fl->text->data[fl->text->len - 1] != '\n')
      rc = put(fl, "\n", 1);
    return rc ? rc : put_line(fl, line, self_index);
  }
  if (child < 0 && d->target && flattened_file(fl, d->target))
    return LD_OK; /* skipped by its guard: the pasted copy stands for it */
  /* A system header keeps its directive (by absolute path it would no
   * longer be one, and its warnings would show). */
  if (self >= 0 && d->quoted && d->target && user_file(fl, d->target))
    return put_include(fl, d->target);
  return put(fl, s + d->begin, d->end - d->begin);
}

/* The text of node self's file (-1: the main file) with its directives
 * handled. */
static int put_file(struct flat *fl, long self, size_t self_index) {
  CXFile file = self < 0 ? fl->main : fl->nodes[self].file;
  size_t len, pos = 0, line = 1, i, k;
  const char *s = clang_getFileContents(fl->tu, file, &len);
  int rc = s ? LD_OK : LD_EIO;

  for (i = 0; i < fl->ndirs && !rc; i++) {
    const struct directive *d = &fl->dirs[i];
    if (!clang_File_isEqual(d->in, file) || d->begin < pos)
      continue; /* another file's, or seen (a header entered twice) */
    for (k = pos; k < d->end; k++)
      line += s[k] == '\n';
    rc = self < 0 ? put(fl, s + pos, d->begin - pos)
                  : put_header_text(fl, s + pos, d->begin - pos);
    if (!rc)
      rc = put_directive(fl, self, self_index, d, line, s);
    pos = d->end;
  }
  if (rc)
    return rc;
  return self < 0 ? put(fl, s + pos, len - pos)
                  : put_header_text(fl, s + pos, len - pos);
}

/* Mark the nodes to paste and number their files in map->files. */
static int mark(struct flat *fl) {
  size_t i, j;
  int any = 0;

  for (i = 0; i < fl->n; i++)
    fl->nodes[i].flatten = needs_translation(fl->tu, fl->nodes[i].file);
  for (i = fl->n; i-- > 0;) /* children come after their parents */
    if (fl->nodes[i].flatten && fl->nodes[i].parent >= 0)
      fl->nodes[fl->nodes[i].parent].flatten = 1;
  for (i = 0; i < fl->n; i++) {
    struct node *nd = &fl->nodes[i];
    if (!nd->flatten)
      continue;
    any = 1;
    for (j = 0; j < i; j++)
      if (fl->nodes[j].flatten &&
          clang_File_isEqual(fl->nodes[j].file, nd->file))
        break;
    if (j < i) {
      nd->index = fl->nodes[j].index;
      continue;
    }
    if (ld__grow(&fl->map->files, &fl->capfiles, fl->map->nfiles,
                 sizeof *fl->map->files))
      return LD_ENOMEM;
    nd->index = fl->map->nfiles;
    fl->map->files[fl->map->nfiles] = abs_path(nd->file);
    if (!fl->map->files[fl->map->nfiles++])
      return LD_ENOMEM;
  }
  return any;
}

int ld__flatten(CXTranslationUnit tu, const struct ld_translate_opts *opts,
                struct ld_buf *text, struct ld_line_map *map) {
  struct flat fl;
  size_t i;
  int rc;

  memset(&fl, 0, sizeof fl);
  memset(map, 0, sizeof *map);
  fl.tu = tu;
  fl.opts = opts;
  fl.text = text;
  fl.map = map;
  fl.line = 1;
  fl.main = clang_getFile(tu, opts->input_path);
  if (!realpath(opts->cuda_path ? opts->cuda_path : "/usr/local/cuda",
                fl.cuda_real))
    strcpy(fl.cuda_real, "/nonexistent");
  clang_getInclusions(tu, on_inclusion, &fl);
  rc = fl.rc;
  if (rc || !fl.n || !fl.main)
    goto out;
  /* files[0] is the main file; mark() numbers the headers after it. */
  map->files = calloc(1, sizeof *map->files);
  fl.capfiles = 1;
  if (!map->files || !(map->files[0] = strdup(opts->input_path))) {
    rc = LD_ENOMEM;
    goto out;
  }
  map->nfiles = 1;
  rc = mark(&fl);
  if (rc <= 0)
    goto out;
  collect_directives(&fl);
  rc = fl.rc;
  if (!rc)
    rc = ld__grow(&map->segs, &fl.capsegs, 0, sizeof *map->segs);
  if (!rc) {
    map->segs[0].text_line = 1;
    map->segs[0].text_offset = 0;
    map->segs[0].file = 0;
    map->segs[0].line = 1;
    map->n = 1;
    rc = put_file(&fl, -1, 0);
  }
out:
  if (rc > 0)
    rc = LD_OK;
  if (rc || !map->n) {
    ld_line_map_free(map);
    ld_buf_free(text);
  }
  for (i = 0; i < fl.n; i++)
    free(fl.nodes[i].stack);
  free(fl.nodes);
  free(fl.dirs);
  return rc;
}
