/* A growable byte buffer that always stays NUL-terminated.
 *
 * Used to build translated sources, argument strings and dump lines.  The
 * buffer owns its storage; ld_buf_free releases it and leaves an empty buffer
 * that may be reused.  Host code only. */
#ifndef LD_BUF_H
#define LD_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct ld_buf {
  char *data; /* NUL-terminated once anything was appended; NULL when empty */
  size_t len; /* bytes used, not counting the terminating NUL */
  size_t cap; /* bytes allocated */
};

#define LD_BUF_INIT                                                            \
  { NULL, 0, 0 }

/* Make room for at least extra more bytes plus the NUL. */
int ld_buf_reserve(struct ld_buf *b, size_t extra);
int ld_buf_append(struct ld_buf *b, const char *data, size_t len);
int ld_buf_puts(struct ld_buf *b, const char *s);
int ld_buf_putc(struct ld_buf *b, char c);
int ld_buf_printf(struct ld_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int ld_buf_vprintf(struct ld_buf *b, const char *fmt, va_list ap);
/* Append s as the contents of a C string literal (quotes not included). */
int ld_buf_put_c_escaped(struct ld_buf *b, const char *s);
/* Give the storage to the caller (who frees it with free()); the buffer is
 * left empty.  Returns "" allocated when the buffer was empty, NULL on OOM. */
char *ld_buf_detach(struct ld_buf *b);
void ld_buf_free(struct ld_buf *b);

#endif
