/* Suppression patterns: parsing and matching (see ld_rt_suppress.h).
 * Host code only, plain C. */
#include "ld_rt_suppress.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"
#include "ld_rt_kind.h"

#define NFIELDS 5 /* kind, kernel, variable, file, line */

struct pattern {
  char *field[NFIELDS]; /* each a glob; "*" for a missing field */
};

struct ld_rt_suppressions {
  struct pattern *v;
  size_t n, cap;
};

int ld_rt_glob_match(const char *pattern, const char *text) {
  const char *star = NULL, *resume = NULL;

  while (*text) {
    if (*pattern == '*') {
      star = pattern++;
      resume = text;
    } else if (*pattern == *text) {
      pattern++;
      text++;
    } else if (star) {
      /* Let the last `*` swallow one more character and retry. */
      pattern = star + 1;
      text = ++resume;
    } else {
      return 0;
    }
  }
  while (*pattern == '*')
    pattern++;
  return *pattern == '\0';
}

void ld_rt_suppressions_free(struct ld_rt_suppressions *set) {
  size_t i, f;

  if (!set)
    return;
  for (i = 0; i < set->n; i++)
    for (f = 0; f < NFIELDS; f++)
      free(set->v[i].field[f]);
  free(set->v);
  free(set);
}

size_t ld_rt_suppressions_count(const struct ld_rt_suppressions *set) {
  return set ? set->n : 0;
}

/* Split `line` (modified in place) at single colons; `::` stays inside a
 * field, so C++ scopes (`ns::kernel`) can be written as they print.
 * Returns the number of fields, NFIELDS + 1 when there are too many. */
static int split(char *line, char *field[NFIELDS]) {
  int n = 0;
  char *p = line;

  field[n++] = p;
  for (; *p; p++) {
    if (*p != ':')
      continue;
    if (p[1] == ':') {
      p++;
      continue;
    }
    if (n == NFIELDS)
      return NFIELDS + 1;
    *p = '\0';
    field[n++] = p + 1;
  }
  return n;
}

static int kind_pattern_ok(const char *pat) {
  uint32_t k;

  for (k = 0; k < LD_RT_NKINDS; k++)
    if (ld_rt_kind_is_race(k) && ld_rt_glob_match(pat, ld_rt_kind_name(k)))
      return 1;
  return 0;
}

static int line_pattern_ok(const char *pat) {
  return *pat && strspn(pat, "0123456789*") == strlen(pat);
}

static char *trim(char *s) {
  char *end;

  while (*s == ' ' || *s == '\t' || *s == '\r')
    s++;
  end = s + strlen(s);
  while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
    *--end = '\0';
  return s;
}

/* Add one pattern line; returns 1 when the line is bad (message written),
 * 0 when added or blank, LD_ENOMEM. */
static int add_line(struct ld_rt_suppressions *set, char *line,
                    const char *origin, unsigned lineno, FILE *err) {
  char *field[NFIELDS];
  struct pattern p;
  const char *why = NULL;
  int n, f;

  line = trim(line);
  if (!*line || *line == '#')
    return 0;
  n = split(line, field);
  if (n > NFIELDS)
    why = "more than five fields (kind:kernel:variable:file:line)";
  else if (!kind_pattern_ok(field[0]))
    why = "the kind matches no race kind (write-write, read-write, "
          "registers, global-store, global-atomic)";
  else if (n == NFIELDS && !line_pattern_ok(field[4]))
    why = "the line is not digits and *";
  if (why) {
    if (err)
      fprintf(err, "ldcc: suppressions: %s:%u: %s; line ignored\n", origin,
              lineno, why);
    return 1;
  }
  memset(&p, 0, sizeof p);
  for (f = 0; f < NFIELDS; f++) {
    p.field[f] = strdup(f < n ? field[f] : "*");
    if (!p.field[f]) {
      while (f-- > 0)
        free(p.field[f]);
      return LD_ENOMEM;
    }
  }
  if (set->n == set->cap) {
    size_t cap = set->cap ? 2 * set->cap : 8;
    struct pattern *v = realloc(set->v, cap * sizeof *v);
    if (!v) {
      for (f = 0; f < NFIELDS; f++)
        free(p.field[f]);
      return LD_ENOMEM;
    }
    set->v = v;
    set->cap = cap;
  }
  set->v[set->n++] = p;
  return 0;
}

int ld_rt_suppressions_parse(const char *text, const char *origin, FILE *err,
                             struct ld_rt_suppressions **out) {
  struct ld_rt_suppressions *set = calloc(1, sizeof *set);
  char *copy = text ? strdup(text) : NULL, *line, *next;
  unsigned lineno = 0;
  int bad = 0, rc;

  *out = NULL;
  if (!set || (text && !copy)) {
    free(set);
    free(copy);
    return LD_ENOMEM;
  }
  for (line = copy; line; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = '\0';
    rc = add_line(set, line, origin, ++lineno, err);
    if (rc < 0) {
      free(copy);
      ld_rt_suppressions_free(set);
      return rc;
    }
    bad += rc;
  }
  free(copy);
  *out = set;
  return bad;
}

int ld_rt_suppressions_load(const char *path, FILE *err,
                            struct ld_rt_suppressions **out) {
  struct ld_buf text = LD_BUF_INIT;
  char chunk[4096];
  size_t got;
  FILE *f;
  int rc;

  *out = NULL;
  f = fopen(path, "r");
  if (!f) {
    if (err)
      fprintf(err,
              "ldcc: suppressions: cannot read %s: %s; no race is "
              "suppressed\n",
              path, strerror(errno));
    return LD_EIO;
  }
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (ld_buf_append(&text, chunk, got) != LD_OK) {
      fclose(f);
      ld_buf_free(&text);
      return LD_ENOMEM;
    }
  }
  if (ferror(f)) {
    if (err)
      fprintf(err,
              "ldcc: suppressions: cannot read %s: %s; no race is "
              "suppressed\n",
              path, strerror(errno));
    fclose(f);
    ld_buf_free(&text);
    return LD_EIO;
  }
  fclose(f);
  rc = ld_rt_suppressions_parse(text.data ? text.data : "", path, err, out);
  ld_buf_free(&text);
  return rc < 0 ? rc : LD_OK;
}

static int lines_match(const char *pat, const int *lines, size_t n) {
  char num[16];
  size_t i;

  if (!strcmp(pat, "*"))
    return 1;
  for (i = 0; i < n; i++) {
    snprintf(num, sizeof num, "%d", lines[i]);
    if (ld_rt_glob_match(pat, num))
      return 1;
  }
  return 0;
}

size_t ld_rt_suppressions_match(const struct ld_rt_suppressions *set,
                                const struct ld_rt_suppress_subject *s) {
  size_t i;

  if (!set)
    return 0;
  for (i = 0; i < set->n; i++) {
    char *const *f = set->v[i].field;
    if (ld_rt_glob_match(f[0], s->kind) && ld_rt_glob_match(f[1], s->kernel) &&
        ld_rt_glob_match(f[2], s->variable) &&
        ld_rt_glob_match(f[3], s->file) &&
        lines_match(f[4], s->lines, s->nlines))
      return i + 1;
  }
  return 0;
}
