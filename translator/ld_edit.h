/* Text edits on the bytes of one source file, and applying them.
 *
 * An edit list collects inserts and replacements at byte offsets of the
 * original main file.  Applying sorts them, rejects overlaps, copies the
 * untouched bytes through and, wherever the edits so far have changed the
 * number of lines, emits a `#line` directive (padded back to the original
 * column) so every later token keeps its original line and column.  It never
 * sees libclang.  Host code only. */
#ifndef LD_EDIT_H
#define LD_EDIT_H

#include <stddef.h>

#include "ld_buf.h"

struct ld_edit {
  size_t begin; /* first replaced byte, 0-based offset in the original */
  size_t end;   /* one past the last replaced byte; == begin for an insert */
  char *text;   /* replacement text, NUL-terminated; owned */
  size_t seq;   /* order of addition; keeps same-offset inserts stable */
};

struct ld_edit_list {
  struct ld_edit *items;
  size_t n;
  size_t cap;
};

#define LD_EDIT_LIST_INIT                                                      \
  { NULL, 0, 0 }

/* Where the lines of a flattened text come from (translator/analyse/
 * inclusions.c): the text is the main file with user headers pasted in
 * between `#line` directives.  Segment i says that the text's line
 * segs[i].text_line and those after it, up to the next segment, are lines
 * segs[i].line, segs[i].line + 1, ... of files[segs[i].file].  files[0] is
 * the main file as the user named it; the others are headers by absolute
 * path.  An empty map (n == 0) means the text is the main file itself. */
struct ld_line_seg {
  size_t text_line;   /* 1-based line of the flattened text */
  size_t text_offset; /* 0-based offset of that line's first byte */
  size_t file;        /* index into files */
  size_t line;        /* 1-based line in that file */
};

struct ld_line_map {
  struct ld_line_seg *segs; /* sorted by text_line, first at line 1 */
  size_t n;
  char **files; /* owned strings */
  size_t nfiles;
};

/* The file (index into map->files) and line of the text's line text_line;
 * with an empty map, file 0 and the same line. */
void ld_line_map_find(const struct ld_line_map *map, size_t text_line,
                      size_t *file, size_t *line);
/* The file (index into map->files) the text's byte at offset comes from;
 * 0 with an empty map. */
size_t ld_line_map_file_at(const struct ld_line_map *map, size_t offset);
/* Releases the map's arrays; the map may be reused.  NULL is a no-op. */
void ld_line_map_free(struct ld_line_map *map);

/* Insert text before the original byte at offset.  Several inserts at one
 * offset come out in the order they were added, before any replacement that
 * starts there. */
int ld_edit_insert(struct ld_edit_list *l, size_t offset, const char *text);
/* Insert text before the original byte at offset, before every insert
 * already there (a statement put ahead of one whose first operand an
 * earlier edit wraps). */
int ld_edit_insert_first(struct ld_edit_list *l, size_t offset,
                         const char *text);
/* Replace the original bytes [begin, end) with text (may be ""). */
int ld_edit_replace(struct ld_edit_list *l, size_t begin, size_t end,
                    const char *text);
/* Append src[0, len) with the edits applied to *out.  path names the file in
 * the `#line` directives.  Returns LD_EOVERLAP when two replacements share a
 * byte or an insert falls strictly inside a replacement, LD_ERANGE when an
 * edit lies beyond len; *out is then unspecified.  Sorts l->items. */
int ld_edit_apply(struct ld_edit_list *l, const char *src, size_t len,
                  const char *path, struct ld_buf *out);
/* ld_edit_apply on a flattened text: the resyncs name the file and line
 * the map gives, and the `#line <n> "<files[0]>"` directives inside the
 * edits' texts (clones rendered with ld_edit_render, which counts lines of
 * the flattened text) are renumbered the same way.  The map must not be
 * empty (for the main file alone, ld_edit_apply). */
int ld_edit_apply_mapped(struct ld_edit_list *l, const char *src, size_t len,
                         const struct ld_line_map *map, struct ld_buf *out);
/* Append a transformed copy of src[begin, end) to *out: the bytes with the
 * edits that lie inside the range applied (an insert at `end` is not
 * inside), and `#line` resyncs after edits that change the line count.  With
 * directive != 0 the copy starts with `#line <line of begin> "path"` and
 * spaces up to begin's column, so the copy keeps the original positions
 * wherever it is placed.  Returns LD_ERANGE for a bad range, LD_EOVERLAP
 * when an edit straddles a bound or two overlap.  Sorts l->items. */
int ld_edit_render(struct ld_edit_list *l, const char *src, size_t len,
                   size_t begin, size_t end, const char *path, int directive,
                   struct ld_buf *out);
/* The same for an expression, without the directive, and with the inserts
 * at `end` inside: they close wrappers that opened in the range.  For a
 * range whose edits are then dropped with those of a larger one. */
int ld_edit_render_expr(struct ld_edit_list *l, const char *src, size_t len,
                        size_t begin, size_t end, const char *path,
                        struct ld_buf *out);
/* Remove (and free) the edits that lie inside [begin, end), in the sense of
 * ld_edit_render: used after rendering a range that is moved elsewhere. */
void ld_edit_drop_within(struct ld_edit_list *l, size_t begin, size_t end);
/* Fill *to with a copy of from's edits (their order and sequence numbers
 * too, so the copy renders exactly as from would): for rendering a list
 * that must stay as it is.  On failure *to is empty. */
int ld_edit_list_copy(const struct ld_edit_list *from, struct ld_edit_list *to);
/* Releases the edits; the list may be reused.  NULL is a no-op. */
void ld_edit_list_free(struct ld_edit_list *l);

#endif
