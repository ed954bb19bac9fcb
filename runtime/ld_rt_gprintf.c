/* Deterministic mode's printf lines (ld_rt_gprintf.h). */
#include "ld_rt_gprintf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ldcc/global.h"

/* One argument of a record. */
struct arg {
  unsigned kind, size;
  unsigned long long bits;
  const char *str;
};

/* The next argument at *p (before end), or 0 when there is none. */
static int next_arg(const unsigned char **p, const unsigned char *end,
                    struct arg *a) {
  const unsigned char *q = *p;

  if (q >= end)
    return 0;
  a->kind = q[0] & 15u;
  a->size = q[0] >> 4;
  a->str = NULL;
  a->bits = 0;
  if (a->kind == __LDCC_GP_STR) {
    const unsigned char *z = memchr(q + 1, 0, (size_t)(end - q - 1));
    if (!z)
      return 0;
    a->str = (const char *)(q + 1);
    *p = z + 1;
    return 1;
  }
  if (end - q < 9)
    return 0;
  memcpy(&a->bits, q + 1, 8);
  *p = q + 9;
  return 1;
}

/* An integer argument as its own type gives it: sign-extended (signed) or
 * zero-extended from its size. */
static long long as_signed(const struct arg *a) {
  unsigned bits = a->size && a->size < 8 ? 8 * a->size : 64;
  unsigned long long v = a->bits;
  if (bits < 64) {
    unsigned long long m = 1ull << (bits - 1);
    v &= (1ull << bits) - 1;
    v = (v ^ m) - m;
  }
  return (long long)v;
}

static unsigned long long as_unsigned(const struct arg *a) {
  unsigned bits = a->size && a->size < 8 ? 8 * a->size : 64;
  return bits < 64 ? a->bits & ((1ull << bits) - 1) : a->bits;
}

static double as_double(const struct arg *a) {
  double d;
  if (a->kind != __LDCC_GP_DOUBLE)
    return (double)as_signed(a);
  memcpy(&d, &a->bits, 8);
  return d;
}

/* One conversion: spec holds `%`, flags, width and precision (stars
 * already replaced), conv its letter. */
static void convert(FILE *out, char *spec, size_t n, char conv,
                    const struct arg *a) {
  switch (conv) {
  case 'd':
  case 'i':
    memcpy(spec + n, "lld", 4);
    fprintf(out, spec,
            a->kind == __LDCC_GP_INT ? as_signed(a)
                                     : (long long)as_unsigned(a));
    return;
  case 'u':
  case 'o':
  case 'x':
  case 'X':
    spec[n] = 'l';
    spec[n + 1] = 'l';
    spec[n + 2] = conv;
    spec[n + 3] = 0;
    fprintf(out, spec,
            a->kind == __LDCC_GP_INT && a->size >= 8
                ? (unsigned long long)as_signed(a)
                : as_unsigned(a));
    return;
  case 'c':
    spec[n] = 'c';
    spec[n + 1] = 0;
    fprintf(out, spec, (int)(unsigned char)as_unsigned(a));
    return;
  case 's':
    spec[n] = 's';
    spec[n + 1] = 0;
    fprintf(out, spec, a->str ? a->str : "(null)");
    return;
  case 'p':
    spec[n] = 'p';
    spec[n + 1] = 0;
    fprintf(out, spec, (void *)(uintptr_t)a->bits);
    return;
  default: /* f F e E g G a A */
    spec[n] = conv;
    spec[n + 1] = 0;
    fprintf(out, spec, as_double(a));
    return;
  }
}

int ld_rt_gprintf_record(const unsigned char *rec, size_t size, FILE *out) {
  struct __ldcc_gprec h;
  const unsigned char *end = rec + size, *args;
  const char *f;
  size_t flen;

  if (size < sizeof h)
    return -1;
  memcpy(&h, rec, sizeof h);
  f = (const char *)(rec + sizeof h);
  args = memchr(f, 0, size - sizeof h);
  if (!args)
    return -1;
  flen = (size_t)((const char *)args - f);
  args++;
  for (size_t i = 0; i < flen; i++) {
    char spec[64];
    size_t n = 0;
    struct arg a;
    if (f[i] != '%') {
      fputc(f[i], out);
      continue;
    }
    if (i + 1 < flen && f[i + 1] == '%') {
      fputc('%', out);
      i++;
      continue;
    }
    spec[n++] = '%';
    /* flags, width, precision (a star takes an int argument) */
    for (i++; i < flen && strchr("-+ #0123456789.*", f[i]) && n < 40; i++) {
      if (f[i] == '*') {
        if (!next_arg(&args, end, &a))
          return -1;
        n += (size_t)snprintf(spec + n, sizeof spec - n, "%d",
                              (int)as_signed(&a));
        continue;
      }
      spec[n++] = f[i];
    }
    while (i < flen && strchr("hlLqjzt", f[i])) /* the argument decides */
      i++;
    if (i >= flen)
      return -1;
    if (f[i] == 'n') /* writes nothing here */
      continue;
    if (!strchr("diuoxXcspfFeEgGaA", f[i]) || !next_arg(&args, end, &a)) {
      fputc('%', out);
      fputc(f[i], out);
      continue;
    }
    spec[n] = 0;
    convert(out, spec, n, f[i], &a);
  }
  return 0;
}

/* Where one record sits, for the sort. */
struct at {
  uint64_t order;
  size_t offset;
};

static int by_order(const void *x, const void *y) {
  const struct at *a = x, *b = y;
  if (a->order != b->order)
    return a->order < b->order ? -1 : 1;
  return a->offset < b->offset ? -1 : a->offset > b->offset;
}

long ld_rt_gprintf_log(const unsigned char *log, size_t used, FILE *out) {
  struct at *ats = NULL;
  size_t n = 0, cap = 0, off = 0, i;

  while (off + sizeof(struct __ldcc_gprec) <= used) {
    struct __ldcc_gprec h;
    memcpy(&h, log + off, sizeof h);
    if (h.size < sizeof h || h.size % 8 || h.size > used - off) {
      free(ats);
      return -1;
    }
    if (n == cap) {
      size_t c = cap ? 2 * cap : 64;
      struct at *t = realloc(ats, c * sizeof *t);
      if (!t) {
        free(ats);
        return -1;
      }
      ats = t;
      cap = c;
    }
    ats[n].order = h.order;
    ats[n++].offset = off;
    off += h.size;
  }
  qsort(ats, n, sizeof *ats, by_order);
  for (i = 0; i < n; i++) {
    struct __ldcc_gprec h;
    memcpy(&h, log + ats[i].offset, sizeof h);
    (void)ld_rt_gprintf_record(log + ats[i].offset, h.size, out);
  }
  free(ats);
  return (long)n;
}
