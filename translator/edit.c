/* The edit list and its application (see ld_edit.h).  Host code only.
 *
 * Line bookkeeping: while copying, `delta` counts how many more lines the
 * output has than the original at the same point.  After an edit leaves it
 * non-zero, the output is resynchronised right there: a newline if needed,
 * `#line N "file"` naming the original line of the edit's end, then spaces
 * up to the original column.  Edits are made between tokens, so breaking the
 * line there does not change the meaning of the code. */
#include "ld_edit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

static int add_edit(struct ld_edit_list *l, size_t begin, size_t end,
                    const char *text) {
  struct ld_edit *e;

  if (end < begin || !text)
    return LD_EINVAL;
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    struct ld_edit *p = realloc(l->items, cap * sizeof *p);
    if (!p)
      return LD_ENOMEM;
    l->items = p;
    l->cap = cap;
  }
  e = &l->items[l->n];
  e->text = strdup(text);
  if (!e->text)
    return LD_ENOMEM;
  e->begin = begin;
  e->end = end;
  e->seq = l->n;
  l->n++;
  return LD_OK;
}

int ld_edit_insert(struct ld_edit_list *l, size_t offset, const char *text) {
  return add_edit(l, offset, offset, text);
}

int ld_edit_insert_first(struct ld_edit_list *l, size_t offset,
                         const char *text) {
  size_t i, first = SIZE_MAX;
  int rc;

  for (i = 0; i < l->n; i++)
    if (l->items[i].begin == offset && l->items[i].end == offset &&
        l->items[i].seq < first)
      first = l->items[i].seq;
  rc = add_edit(l, offset, offset, text);
  if (rc || first == SIZE_MAX)
    return rc;
  /* Before the others at offset: they move one later, keeping their
   * order (sequence numbers only order edits of one range). */
  for (i = 0; i + 1 < l->n; i++)
    if (l->items[i].begin == offset && l->items[i].end == offset)
      l->items[i].seq++;
  l->items[l->n - 1].seq = first;
  return LD_OK;
}

int ld_edit_replace(struct ld_edit_list *l, size_t begin, size_t end,
                    const char *text) {
  return add_edit(l, begin, end, text);
}

/* Order: by start; at one start inserts (empty range) before the
 * replacement; then in the order of addition. */
static int cmp_edit(const void *pa, const void *pb) {
  const struct ld_edit *a = pa, *b = pb;

  if (a->begin != b->begin)
    return a->begin < b->begin ? -1 : 1;
  if (a->end != b->end)
    return a->end < b->end ? -1 : 1;
  if (a->seq != b->seq)
    return a->seq < b->seq ? -1 : 1;
  return 0;
}

static size_t count_newlines(const char *s, size_t len) {
  size_t n = 0;
  size_t i;

  for (i = 0; i < len; i++)
    n += s[i] == '\n';
  return n;
}

/* How a span names its lines: path for every line, or through map (a
 * flattened text) when it is not NULL. */
struct names {
  const char *src;
  const char *path;
  const struct ld_line_map *map;
};

static int put_directive(struct ld_buf *out, size_t line, const char *path) {
  int rc = ld_buf_printf(out, "#line %zu \"", line);

  if (!rc)
    rc = ld_buf_put_c_escaped(out, path);
  return rc ? rc : ld_buf_puts(out, "\"\n");
}

/* Emit `#line` so the byte at original offset `at` keeps its position. */
static int resync(struct ld_buf *out, const struct names *nm, size_t at,
                  size_t line) {
  const char *path = nm->path;
  size_t col = 0;
  int rc;

  while (col < at && nm->src[at - col - 1] != '\n')
    col++;
  if (out->len && out->data[out->len - 1] != '\n') {
    rc = ld_buf_putc(out, '\n');
    if (rc)
      return rc;
  }
  if (nm->map) {
    size_t file;
    ld_line_map_find(nm->map, line, &file, &line);
    path = nm->map->files[file];
  }
  rc = put_directive(out, line, path);
  for (; !rc && col > 0; col--)
    rc = ld_buf_putc(out, ' ');
  return rc;
}

/* Append an edit's text; with a map, its own `#line <n> "<files[0]>"`
 * lines (rendered clones: n counts lines of the flattened text) name the
 * file and line the map gives. */
static int put_text(struct ld_buf *out, const struct names *nm,
                    const char *text, size_t tlen) {
  struct ld_buf head = LD_BUF_INIT;
  const char *p = text, *end = text + tlen;
  int rc;

  if (!nm->map)
    return ld_buf_append(out, text, tlen);
  rc = ld_buf_puts(&head, "\"");
  if (!rc)
    rc = ld_buf_put_c_escaped(&head, nm->map->files[0]);
  if (!rc)
    rc = ld_buf_puts(&head, "\"\n");
  while (!rc && p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *eol = nl ? nl + 1 : end;
    char *num_end = NULL;
    unsigned long long n = 0;
    size_t file, line;

    if ((p == text || p[-1] == '\n') && (size_t)(eol - p) > 6 &&
        memcmp(p, "#line ", 6) == 0) {
      n = strtoull(p + 6, &num_end, 10);
      if (num_end == p + 6 || *num_end != ' ' ||
          (size_t)(eol - num_end) != head.len + 1 ||
          memcmp(num_end + 1, head.data, head.len) != 0)
        n = 0;
    }
    if (n) {
      ld_line_map_find(nm->map, (size_t)n, &file, &line);
      rc = put_directive(out, line, nm->map->files[file]);
    } else {
      rc = ld_buf_append(out, p, (size_t)(eol - p));
    }
    p = eol;
  }
  ld_buf_free(&head);
  return rc;
}

/* Copy src[begin, end) to out with the edits inside that range applied
 * (l sorted).  line is the original line of src[begin].  An edit belongs to
 * the range when it lies within it; an insert at `end` only with
 * inserts_at_end (the whole file), since it comes before the byte at end. Edits
 * outside are skipped; one that straddles a bound is an overlap. */
static int apply_span(const struct ld_edit_list *l, const struct names *nm,
                      size_t begin, size_t end, int inserts_at_end, size_t line,
                      struct ld_buf *out) {
  const char *src = nm->src;
  size_t pos = begin; /* next original byte to copy */
  long delta = 0;     /* output lines minus original lines so far */
  size_t i;
  int rc = LD_OK;

  for (i = 0; i < l->n; i++) {
    const struct ld_edit *e = &l->items[i];
    size_t tlen = strlen(e->text);

    if (e->end <= begin && !(e->begin == begin && e->end == begin))
      continue; /* wholly before the range */
    if (e->begin > end ||
        (e->begin == end && !(inserts_at_end && e->end == end)))
      break; /* sorted: the rest lie after it */
    if (e->begin < begin || e->end > end || e->begin < pos)
      return LD_EOVERLAP;
    /* A later edit starting exactly at a replacement's end is fine; one
     * starting inside it is caught above on the next round. */
    rc = ld_buf_append(out, src + pos, e->begin - pos);
    if (rc)
      return rc;
    line += count_newlines(src + pos, e->begin - pos);
    rc = put_text(out, nm, e->text, tlen);
    if (rc)
      return rc;
    delta += (long)count_newlines(e->text, tlen);
    delta -= (long)count_newlines(src + e->begin, e->end - e->begin);
    line += count_newlines(src + e->begin, e->end - e->begin);
    pos = e->end;
    /* Inserts at the same offset follow each other directly: resync once
     * after the last of them. */
    if (delta != 0 && pos < end &&
        (i + 1 == l->n || l->items[i + 1].begin != pos)) {
      rc = resync(out, nm, pos, line);
      if (rc)
        return rc;
      delta = 0;
    }
  }
  return ld_buf_append(out, src + pos, end - pos);
}

static int check_and_sort(struct ld_edit_list *l, size_t len) {
  size_t i;

  for (i = 0; i < l->n; i++)
    if (l->items[i].end > len)
      return LD_ERANGE;
  if (l->n)
    qsort(l->items, l->n, sizeof *l->items, cmp_edit);
  return LD_OK;
}

int ld_edit_apply(struct ld_edit_list *l, const char *src, size_t len,
                  const char *path, struct ld_buf *out) {
  struct names nm = {src, path, NULL};
  int rc = check_and_sort(l, len);

  return rc ? rc : apply_span(l, &nm, 0, len, 1, 1, out);
}

int ld_edit_apply_mapped(struct ld_edit_list *l, const char *src, size_t len,
                         const struct ld_line_map *map, struct ld_buf *out) {
  struct names nm = {src, NULL, map};
  int rc;

  if (!map || !map->n || !map->nfiles)
    return LD_EINVAL;
  nm.path = map->files[0];
  rc = check_and_sort(l, len);
  return rc ? rc : apply_span(l, &nm, 0, len, 1, 1, out);
}

void ld_line_map_find(const struct ld_line_map *map, size_t text_line,
                      size_t *file, size_t *line) {
  size_t lo = 0, hi = map ? map->n : 0;

  *file = 0;
  *line = text_line;
  if (!hi || text_line < map->segs[0].text_line)
    return;
  while (hi - lo > 1) { /* the last segment starting at or before */
    size_t mid = lo + (hi - lo) / 2;
    if (map->segs[mid].text_line <= text_line)
      lo = mid;
    else
      hi = mid;
  }
  *file = map->segs[lo].file;
  *line = map->segs[lo].line + (text_line - map->segs[lo].text_line);
}

size_t ld_line_map_file_at(const struct ld_line_map *map, size_t offset) {
  size_t lo = 0, hi = map ? map->n : 0;

  if (!hi || offset < map->segs[0].text_offset)
    return 0;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (map->segs[mid].text_offset <= offset)
      lo = mid;
    else
      hi = mid;
  }
  return map->segs[lo].file;
}

void ld_line_map_free(struct ld_line_map *map) {
  size_t i;

  if (!map)
    return;
  for (i = 0; i < map->nfiles; i++)
    free(map->files[i]);
  free(map->files);
  free(map->segs);
  memset(map, 0, sizeof *map);
}

int ld_edit_render(struct ld_edit_list *l, const char *src, size_t len,
                   size_t begin, size_t end, const char *path, int directive,
                   struct ld_buf *out) {
  struct names nm = {src, path, NULL};
  int rc;

  if (begin > end || end > len)
    return LD_ERANGE;
  rc = check_and_sort(l, len);
  if (rc)
    return rc;
  if (directive) {
    rc = resync(out, &nm, begin, 1 + count_newlines(src, begin));
    if (rc)
      return rc;
  }
  return apply_span(l, &nm, begin, end, 0, 1 + count_newlines(src, begin), out);
}

int ld_edit_render_expr(struct ld_edit_list *l, const char *src, size_t len,
                        size_t begin, size_t end, const char *path,
                        struct ld_buf *out) {
  struct names nm = {src, path, NULL};
  int rc;

  if (begin > end || end > len)
    return LD_ERANGE;
  rc = check_and_sort(l, len);
  return rc ? rc
            : apply_span(l, &nm, begin, end, 1, 1 + count_newlines(src, begin),
                         out);
}

void ld_edit_drop_within(struct ld_edit_list *l, size_t begin, size_t end) {
  size_t i, kept = 0;

  for (i = 0; i < l->n; i++) {
    struct ld_edit *e = &l->items[i];
    int inside = begin <= e->begin && e->end <= end &&
                 (e->begin < end || (e->begin == begin && e->end == begin));
    if (inside)
      free(e->text);
    else
      l->items[kept++] = *e;
  }
  l->n = kept;
}

void ld_edit_list_free(struct ld_edit_list *l) {
  size_t i;

  if (!l)
    return;
  for (i = 0; i < l->n; i++)
    free(l->items[i].text);
  free(l->items);
  l->items = NULL;
  l->n = 0;
  l->cap = 0;
}

int ld_edit_list_copy(const struct ld_edit_list *from,
                      struct ld_edit_list *to) {
  memset(to, 0, sizeof *to);
  if (!from->n)
    return LD_OK;
  to->items = calloc(from->n, sizeof *to->items);
  if (!to->items)
    return LD_ENOMEM;
  to->cap = from->n;
  for (; to->n < from->n; to->n++) {
    to->items[to->n] = from->items[to->n];
    to->items[to->n].text = strdup(from->items[to->n].text);
    if (!to->items[to->n].text) {
      ld_edit_list_free(to);
      return LD_ENOMEM;
    }
  }
  return LD_OK;
}
