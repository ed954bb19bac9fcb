/* Putting the user's paths back into nvcc's dependency files (see
 * ld_depfile.h).  Host code only. */
#include "ld_depfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ld_buf.h"
#include "ld_error.h"

int ld_depfile_path(const char *mf, const char *output, const char *input,
                    char **out) {
  struct ld_buf b = LD_BUF_INIT;
  const char *base, *slash, *dot;
  int rc;

  *out = NULL;
  if (mf) {
    *out = strdup(mf);
    return *out ? LD_OK : LD_ENOMEM;
  }
  base = output ? output : input;
  slash = strrchr(base, '/');
  /* Without -o the file lands in the current directory, like the object. */
  if (!output && slash)
    base = slash + 1;
  slash = strrchr(base, '/');
  dot = strrchr(slash ? slash + 1 : base, '.');
  rc = ld_buf_printf(&b, "%.*s.d",
                     (int)(dot ? (size_t)(dot - base) : strlen(base)), base);
  if (rc == LD_OK && (*out = ld_buf_detach(&b)) == NULL)
    rc = LD_ENOMEM;
  ld_buf_free(&b);
  return rc;
}

static int put_path(struct ld_buf *b, const char *s, int escape_spaces) {
  int rc = LD_OK;

  for (; *s && rc == LD_OK; s++) {
    if (escape_spaces && *s == ' ')
      rc = ld_buf_putc(b, '\\');
    if (rc == LD_OK)
      rc = ld_buf_putc(b, *s);
  }
  return rc;
}

int ld_depfile_subst(struct ld_buf *out, const char *text, size_t len,
                     const char *const *from, const char *const *to, size_t n,
                     int escape_spaces) {
  const char *p = text, *end = text + len;
  int rc = LD_OK;

  while (p < end && rc == LD_OK) {
    size_t i;
    for (i = 0; i < n; i++) {
      size_t flen = strlen(from[i]);
      if (flen && flen <= (size_t)(end - p) && memcmp(p, from[i], flen) == 0)
        break;
    }
    if (i < n) {
      rc = put_path(out, to[i], escape_spaces);
      p += strlen(from[i]);
    } else {
      rc = ld_buf_putc(out, *p++);
    }
  }
  return rc;
}

static int slurp(FILE *f, struct ld_buf *b) {
  char chunk[4096];
  size_t got;
  int rc = LD_OK;

  while (rc == LD_OK && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
    rc = ld_buf_append(b, chunk, got);
  if (rc == LD_OK && ferror(f))
    rc = LD_EIO;
  return rc;
}

/* Replace the file at path by text, atomically. */
static int replace_file(const char *path, const struct ld_buf *text) {
  struct ld_buf tmp = LD_BUF_INIT;
  FILE *f;
  int rc;

  if ((rc = ld_buf_printf(&tmp, "%s.ldcc-tmp", path)) != LD_OK)
    return rc;
  f = fopen(tmp.data, "wb");
  if (!f) {
    ld_buf_free(&tmp);
    return LD_EIO;
  }
  if (text->len && fwrite(text->data, 1, text->len, f) != text->len)
    rc = LD_EIO;
  if (fclose(f) != 0)
    rc = LD_EIO;
  if (rc == LD_OK && rename(tmp.data, path) != 0)
    rc = LD_EIO;
  if (rc != LD_OK)
    unlink(tmp.data);
  ld_buf_free(&tmp);
  return rc;
}

/* The file at path into *in; 1 when there is none. */
static int read_depfile(const char *path, struct ld_buf *in) {
  FILE *f = fopen(path, "rb");
  int rc;

  if (!f)
    return errno == ENOENT ? 1 : LD_EIO;
  rc = slurp(f, in);
  fclose(f);
  return rc;
}

int ld_depfile_rewrite(const char *path, const char *const *from,
                       const char *const *to, size_t n) {
  struct ld_buf in = LD_BUF_INIT, out = LD_BUF_INIT;
  int rc = read_depfile(path, &in);

  if (rc != LD_OK || !in.data)
    goto out;
  rc = ld_depfile_subst(&out, in.data, in.len, from, to, n, 1);
  if (rc != LD_OK || strcmp(in.data, out.data ? out.data : "") == 0)
    goto out;
  rc = replace_file(path, &out);
out:
  ld_buf_free(&in);
  ld_buf_free(&out);
  return rc > 0 ? LD_OK : rc;
}

/* Whether the dependency text already names path as a whole word (nvcc
 * names the files of `#line` directives itself). */
static int names_path(const struct ld_buf *in, const char *path) {
  size_t n = strlen(path);
  const char *p = in->data, *end = in->data + in->len;

  while (n && (p = strstr(p, path)) != NULL) {
    int starts = p == in->data || p[-1] == ' ' || p[-1] == '\t';
    int ends = p + n == end || strchr(" \t\r\n\\", p[n]);
    if (starts && ends)
      return 1;
    p++;
  }
  return 0;
}

int ld_depfile_add(const char *path, const char *const *deps, size_t n) {
  struct ld_buf in = LD_BUF_INIT, out = LD_BUF_INIT;
  size_t end = 0, i;
  int rc = n ? read_depfile(path, &in) : 1;

  if (rc != LD_OK || !in.data)
    goto out;
  /* The first rule ends at the first newline not escaped by a backslash. */
  while (end < in.len &&
         !(in.data[end] == '\n' && (end == 0 || in.data[end - 1] != '\\')))
    end++;
  while (end > 0 && (in.data[end - 1] == ' ' || in.data[end - 1] == '\r'))
    end--;
  rc = ld_buf_append(&out, in.data, end);
  for (i = 0; i < n && rc == LD_OK; i++) {
    if (names_path(&in, deps[i]))
      continue;
    rc = ld_buf_puts(&out, " \\\n  ");
    if (rc == LD_OK)
      rc = put_path(&out, deps[i], 1);
  }
  if (rc == LD_OK && end == in.len)
    rc = ld_buf_putc(&out, '\n');
  if (rc == LD_OK)
    rc = ld_buf_append(&out, in.data + end, in.len - end);
  if (rc == LD_OK)
    rc = replace_file(path, &out);
out:
  ld_buf_free(&in);
  ld_buf_free(&out);
  return rc > 0 ? LD_OK : rc;
}
