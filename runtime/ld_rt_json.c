/* JSON lines (LDCC_OPTIONS=format=json): one object per line for each race
 * reported, each note, each launch that ran unchecked, and the summary at
 * exit.  docs/report-format.md lists the fields.  Also the JSON string
 * escaping the SARIF writer uses.  Host code, plain C. */
#include <inttypes.h>
#include <string.h>

#include "ld_error.h"
#include "ld_rt_json.h"

int ld__json_str(struct ld_buf *b, const char *s) {
  int rc = LD_OK;

  if (!s)
    return ld_buf_puts(b, "null");
  rc = ld_buf_putc(b, '"');
  for (; rc == LD_OK && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      rc = ld_buf_printf(b, "\\%c", c);
    else if (c == '\n')
      rc = ld_buf_puts(b, "\\n");
    else if (c == '\t')
      rc = ld_buf_puts(b, "\\t");
    else if (c < 0x20 || c == 0x7f)
      rc = ld_buf_printf(b, "\\u%04x", c);
    else
      rc = ld_buf_putc(b, (char)c);
  }
  return rc == LD_OK ? ld_buf_putc(b, '"') : rc;
}

/* ,"key": then the string (or null for NULL and, when empty_is_null, ""). */
static int field_str(struct ld_buf *b, const char *key, const char *s,
                     int empty_is_null) {
  int rc = ld_buf_printf(b, ",\"%s\":", key);
  if (rc == LD_OK)
    rc = ld__json_str(b, empty_is_null && s && !*s ? NULL : s);
  return rc;
}

static int field_line(struct ld_buf *b, const char *key, int line) {
  return line > 0 ? ld_buf_printf(b, ",\"%s\":%d", key, line)
                  : ld_buf_printf(b, ",\"%s\":null", key);
}

int ld__json_race(struct ld_buf *b, const struct ld_rt_race_desc *d,
                  unsigned long id) {
  const struct __ldcc_report *rec = d->rec;
  /* Two warps: a write-write race, or a read-write race seen by its reads
   * (the reader, then the writer). */
  int ww = d->kind == __LDCC_RK_WRITE_WRITE || d->kind == __LDCC_RK_GLOBAL_WW ||
           (d->kind == __LDCC_RK_READ_WRITE && rec->warp_a != rec->warp_b),
      rc;
  size_t i;

  if (id)
    rc = ld_buf_printf(b, "{\"type\":\"race\",\"id\":%lu", id);
  else
    rc = ld_buf_puts(b, "{\"type\":\"note\"");
  if (rc == LD_OK)
    rc = field_str(b, "kind", ld_rt_kind_name(d->kind), 0);
  if (rc == LD_OK)
    rc = field_str(b, "memory", d->memory, 0);
  if (rc == LD_OK)
    rc = field_str(b, "kernel", d->kernel, 0);
  if (rc == LD_OK)
    rc = field_str(b, "variable", d->variable, 0);
  if (rc == LD_OK)
    rc = field_str(b, "element", d->element, 1);
  if (rc == LD_OK)
    rc = ld_buf_printf(b, ",\"block\":[%u,%u,%u]", rec->block[0], rec->block[1],
                       rec->block[2]);
  if (rc == LD_OK && ww)
    rc = ld_buf_printf(b, ",\"warps\":[%u,%u]", rec->warp_a, rec->warp_b);
  else if (rc == LD_OK)
    rc = ld_buf_printf(b, ",\"warps\":[%u]", rec->warp_b);
  if (rc == LD_OK)
    rc = rec->lane >= 0 ? ld_buf_printf(b, ",\"lane\":%d", rec->lane)
                        : ld_buf_puts(b, ",\"lane\":null");
  if (rc == LD_OK)
    rc = ld_buf_puts(b, ",\"values\":[");
  if (rc == LD_OK && (*d->value_a || *d->value_b)) {
    rc = ld__json_str(b, d->value_a);
    if (rc == LD_OK)
      rc = ld_buf_putc(b, ',');
    if (rc == LD_OK)
      rc = ld__json_str(b, d->value_b);
  }
  if (rc == LD_OK)
    rc = ld_buf_putc(b, ']');
  if (rc == LD_OK)
    rc = field_str(b, "file", d->file, 0);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, ",\"region\":{\"from\":");
  if (rc == LD_OK)
    rc = ld__json_str(b, d->region_from);
  if (rc == LD_OK)
    rc = field_str(b, "to", d->region_to, 0);
  if (rc == LD_OK)
    rc = field_line(b, "from_line", d->region_lines[0]);
  if (rc == LD_OK)
    rc = field_line(b, "to_line", d->region_lines[1]);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "},\"statements\":[");
  for (i = 0; rc == LD_OK && i < d->nstatements; i++)
    rc = ld_buf_printf(b, "%s%d", i ? "," : "", d->statements[i]);
  if (rc == LD_OK)
    rc = ld_buf_putc(b, ']');
  /* The launch may be in another file than the kernel (a header's). */
  if (rc == LD_OK)
    rc = field_str(b, "launch_file", d->launch_line ? d->launch_file : NULL, 0);
  if (rc == LD_OK)
    rc = field_line(b, "launch_line", d->launch_line);
  if (rc == LD_OK)
    rc = field_str(b, "message", d->header, 0);
  if (rc == LD_OK)
    rc = field_str(b, "detail", d->detail, 0);
  return rc == LD_OK ? ld_buf_putc(b, '}') : rc;
}

int ld__json_unchecked(struct ld_buf *b, const char *kernel, const char *file,
                       int line, const char *why) {
  int rc = ld_buf_puts(b, "{\"type\":\"unchecked\"");

  if (rc == LD_OK)
    rc = field_str(b, "kernel", kernel, 0);
  if (rc == LD_OK)
    rc = field_str(b, "file", file, 0);
  if (rc == LD_OK)
    rc = field_line(b, "line", line);
  if (rc == LD_OK)
    rc = field_str(b, "why", why, 0);
  return rc == LD_OK ? ld_buf_putc(b, '}') : rc;
}

int ld__json_summary_open(struct ld_buf *b, const struct ld__summary *s) {
  return ld_buf_printf(
      b,
      "{\"type\":\"summary\",\"races\":%lu,\"instances\":%" PRIu64
      ",\"kernels\":%lu,\"checked_launches\":%lu,\"unchecked_launches\":%lu,"
      "\"not_shown\":%lu,\"suppressed\":%lu,\"dropped_records\":%" PRIu64
      ",\"race_instances\":[",
      s->races, s->instances, s->kernels, s->checked, s->unchecked,
      s->not_shown, s->suppressed, s->dropped);
}
