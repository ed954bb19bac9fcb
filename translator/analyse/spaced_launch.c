/* Launches written `k << <g, b >> > (args)` (ld_spaced_launch.h): the same
 * bytes with the chevrons together, `k <<<g, b >>>  (args)`, so that clang
 * parses the file as nvcc does and every offset stays the file's.  A
 * scanner that knows comments and literals; no parse.  Host code only. */
#include <string.h>

#include "ld_error.h"
#include "ld_spaced_launch.h"

static int blank(char c) {
  return c == ' ' || c == '\t';
}

static int ident(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* The end of the comment or literal starting at i, or i when none does. */
static size_t skip_token(const char *t, size_t len, size_t i) {
  if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
    while (i < len && t[i] != '\n')
      i++;
    return i;
  }
  if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
    for (i += 2; i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'); i++)
      ;
    return i + 2 < len ? i + 2 : len;
  }
  if (t[i] == '"' || t[i] == '\'') {
    char q = t[i];
    for (i++; i < len && t[i] != q && t[i] != '\n'; i++)
      if (t[i] == '\\')
        i++;
    return i < len ? i + 1 : len;
  }
  return i;
}

/* Whether the `<<` at i ends `operator<<` (an explicit template argument
 * list of the operator follows, `operator<< <T>(...)`). */
static int after_operator(const char *t, size_t i) {
  static const char op[] = "operator";
  size_t n = sizeof op - 1;

  while (i > 0 && blank(t[i - 1]))
    i--;
  return i >= n && memcmp(t + i - n, op, n) == 0 &&
         (i == n || !ident(t[i - n - 1]));
}

/* The offset just past `>>`, blanks (or none), `>` that closes the
 * configuration opened before `from` and is followed by blanks and `(`; the
 * `>>` at *close; 0 when there is none before the statement's end. */
static size_t find_close(const char *t, size_t len, size_t from,
                         size_t *close) {
  int depth = 0;

  for (size_t i = from; i < len; i++) {
    size_t j = skip_token(t, len, i);
    if (j != i) {
      i = j - 1;
      continue;
    }
    if (t[i] == '(' || t[i] == '[' || t[i] == '{')
      depth++;
    else if (t[i] == ')' || t[i] == ']' || t[i] == '}')
      depth--;
    if (depth < 0 || t[i] == ';')
      return 0;
    if (depth || t[i] != '>' || i + 1 >= len || t[i + 1] != '>')
      continue;
    size_t k = i + 2;
    while (k < len && blank(t[k]))
      k++;
    if (k >= len || t[k] != '>')
      continue; /* a shift */
    size_t p = k + 1;
    while (p < len && blank(t[p]))
      p++;
    if (p < len && t[p] == '(') {
      *close = i;
      return k + 1;
    }
  }
  return 0;
}

size_t ld__unspace_launches(char *text, size_t len) {
  size_t n = 0;

  for (size_t i = 0; i + 2 < len; i++) {
    size_t j = skip_token(text, len, i);
    if (j != i) {
      i = j - 1;
      continue;
    }
    if (text[i] != '<' || text[i + 1] != '<' || (i && text[i - 1] == '<'))
      continue;
    size_t k = i + 2;
    while (k < len && blank(text[k]))
      k++;
    if (k >= len || text[k] != '<' ||
        (k + 1 < len && (text[k + 1] == '<' || text[k + 1] == '=')) ||
        after_operator(text, i))
      continue;
    size_t close, end = find_close(text, len, k + 1, &close);
    if (!end)
      continue;
    /* `<<` blanks `<` -> `<<<` blanks; `>>` blanks `>` likewise (either
     * may be written together already). */
    if (k > i + 2 || end - 1 > close + 2)
      n++;
    memmove(text + i + 3, text + i + 2, k - i - 2);
    text[i + 2] = '<';
    memmove(text + close + 3, text + close + 2, end - 1 - close - 2);
    text[close + 2] = '>';
    i = end - 1;
  }
  return n;
}

/* Whether a linkage string glued to an identifier starts at i: `extern`,
 * blanks, `"C"` or `"C++"`, then an identifier character; *q the offset
 * just past its closing quote. */
static int glued_linkage(const char *t, size_t len, size_t i, size_t *q) {
  static const char *const strs[] = {"\"C\"", "\"C++\""};
  size_t k = i + 6, j;

  if (len - i < 6 || memcmp(t + i, "extern", 6) || (i && ident(t[i - 1])))
    return 0;
  while (k < len && blank(t[k]))
    k++;
  if (k == i + 6)
    return 0;
  for (j = 0; j < 2; j++) {
    size_t n = strlen(strs[j]);
    if (len - k > n && !memcmp(t + k, strs[j], n) && ident(t[k + n])) {
      *q = k + n;
      return 1;
    }
  }
  return 0;
}

int ld__space_linkage(struct ld_buf *b, size_t *n) {
  struct ld_buf out = LD_BUF_INIT;
  size_t i, from = 0, q;
  int rc = LD_OK;

  *n = 0;
  for (i = 0; i < b->len && !rc; i++) {
    size_t j = skip_token(b->data, b->len, i);
    if (j != i) {
      i = j - 1;
      continue;
    }
    if (!glued_linkage(b->data, b->len, i, &q))
      continue;
    rc = ld_buf_append(&out, b->data + from, q - from);
    if (!rc)
      rc = ld_buf_putc(&out, ' ');
    from = q;
    i = q - 1;
    (*n)++;
  }
  if (!rc && *n)
    rc = ld_buf_append(&out, b->data + from, b->len - from);
  if (rc || !*n) {
    ld_buf_free(&out);
    return rc;
  }
  ld_buf_free(b);
  *b = out;
  return LD_OK;
}
