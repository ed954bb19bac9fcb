/* Growable NUL-terminated byte buffer (see ld_buf.h).  Host code only. */
#include "ld_buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

int ld_buf_reserve(struct ld_buf *b, size_t extra) {
  size_t need = b->len + extra + 1;
  size_t cap;
  char *p;

  if (need < b->len)
    return LD_ERANGE;
  if (need <= b->cap)
    return LD_OK;
  cap = b->cap ? b->cap : 64;
  while (cap < need)
    cap = cap * 2 > cap ? cap * 2 : need;
  p = realloc(b->data, cap);
  if (!p)
    return LD_ENOMEM;
  b->data = p;
  b->cap = cap;
  return LD_OK;
}

int ld_buf_append(struct ld_buf *b, const char *data, size_t len) {
  int rc = ld_buf_reserve(b, len);
  if (rc)
    return rc;
  if (len)
    memcpy(b->data + b->len, data, len);
  b->len += len;
  b->data[b->len] = '\0';
  return LD_OK;
}

int ld_buf_puts(struct ld_buf *b, const char *s) {
  return ld_buf_append(b, s, strlen(s));
}

int ld_buf_putc(struct ld_buf *b, char c) {
  return ld_buf_append(b, &c, 1);
}

int ld_buf_vprintf(struct ld_buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  int n;
  int rc;

  va_copy(ap2, ap);
  n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return LD_EINVAL;
  rc = ld_buf_reserve(b, (size_t)n);
  if (rc)
    return rc;
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
  return LD_OK;
}

int ld_buf_printf(struct ld_buf *b, const char *fmt, ...) {
  va_list ap;
  int rc;

  va_start(ap, fmt);
  rc = ld_buf_vprintf(b, fmt, ap);
  va_end(ap);
  return rc;
}

int ld_buf_put_c_escaped(struct ld_buf *b, const char *s) {
  int rc = LD_OK;

  for (; *s && rc == LD_OK; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      rc = ld_buf_printf(b, "\\%c", c);
    else if (c == '\n')
      rc = ld_buf_puts(b, "\\n");
    else if (c < 0x20 || c == 0x7f)
      rc = ld_buf_printf(b, "\\%03o", c);
    else
      rc = ld_buf_putc(b, (char)c);
  }
  return rc;
}

char *ld_buf_detach(struct ld_buf *b) {
  char *p = b->data;

  if (!p)
    p = calloc(1, 1);
  b->data = NULL;
  b->len = 0;
  b->cap = 0;
  return p;
}

void ld_buf_free(struct ld_buf *b) {
  if (!b)
    return;
  free(b->data);
  b->data = NULL;
  b->len = 0;
  b->cap = 0;
}
