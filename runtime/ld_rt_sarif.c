/* SARIF 2.1.0 (LDCC_OPTIONS=format=sarif): one log per program run, written
 * at exit, with a rule per race kind, a result per distinct race reported
 * (located at a statement that writes the variable in the region, else at
 * the region's first barrier; the region's bounds and the launch site as
 * related locations; occurrenceCount the dynamic instances) and the
 * launches that ran unchecked as tool notifications.  What GitHub code
 * scanning reads: relative file names are resolved against %SRCROOT%,
 * absolute ones become file:// URIs.  tests/report/ validates the output
 * against the SARIF 2.1.0 schema.  Host code, plain C. */
#include <inttypes.h>
#include <string.h>

#include "ld_config.h"
#include "ld_error.h"
#include "ld_rt_json.h"
#include "ld_rt_sarif.h"

/* Percent-encode what a URI path may not hold as is. */
static int put_uri(struct ld_buf *b, const char *file) {
  static const char keep[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                             "WXYZ0123456789-._~/";
  int rc = ld_buf_putc(b, '"');

  if (rc == LD_OK && file[0] == '/')
    rc = ld_buf_puts(b, "file://");
  for (; rc == LD_OK && *file; file++) {
    if (strchr(keep, *file))
      rc = ld_buf_putc(b, *file);
    else
      rc = ld_buf_printf(b, "%%%02X", (unsigned char)*file);
  }
  return rc == LD_OK ? ld_buf_putc(b, '"') : rc;
}

/* {"physicalLocation":{...}[,"message":{"text":...}]} at file:line. */
static int put_location(struct ld_buf *b, int id, const char *file, int line,
                        const char *text) {
  int rc = ld_buf_putc(b, '{');

  if (rc == LD_OK && id)
    rc = ld_buf_printf(b, "\"id\":%d,", id);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
  if (rc == LD_OK)
    rc = put_uri(b, file);
  if (rc == LD_OK && file[0] != '/')
    rc = ld_buf_puts(b, ",\"uriBaseId\":\"%SRCROOT%\"");
  if (rc == LD_OK)
    rc = ld_buf_printf(b, "},\"region\":{\"startLine\":%d}}",
                       line > 0 ? line : 1);
  if (rc == LD_OK && text) {
    rc = ld_buf_puts(b, ",\"message\":{\"text\":");
    if (rc == LD_OK)
      rc = ld__json_str(b, text);
    if (rc == LD_OK)
      rc = ld_buf_putc(b, '}');
  }
  return rc == LD_OK ? ld_buf_putc(b, '}') : rc;
}

/* The rule's index: race kinds in table order. */
static unsigned rule_index(uint32_t kind) {
  unsigned k, i = 0;

  for (k = 0; k < kind && k < LD_RT_NKINDS; k++)
    i += (unsigned)ld_rt_kind_is_race(k);
  return i;
}

/* FNV-1a over the fields that make a race distinct across runs. */
static uint64_t fingerprint(const struct ld_rt_race_desc *d) {
  const char *parts[6];
  uint64_t h = 1469598103934665603ull;
  size_t i;

  parts[0] = ld_rt_kind_name(d->kind);
  parts[1] = d->kernel;
  parts[2] = d->element;
  parts[3] = d->file;
  parts[4] = d->region_from;
  parts[5] = d->region_to;
  for (i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    const unsigned char *p = (const unsigned char *)parts[i];
    for (; *p; p++)
      h = (h ^ *p) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
  }
  return h;
}

int ld__sarif_result(struct ld_buf *b, const struct ld_rt_race_desc *d) {
  const struct __ldcc_report *rec = d->rec;
  struct ld_buf text = LD_BUF_INIT;
  int line = d->nstatements       ? d->statements[0]
             : d->region_lines[0] ? d->region_lines[0]
                                  : d->region_lines[1];
  int rc;

  rc = ld_buf_printf(b,
                     "{\"ruleId\":\"%s\",\"ruleIndex\":%u,"
                     "\"level\":\"error\",\"message\":{\"text\":",
                     ld_rt_kind_name(d->kind), rule_index(d->kind));
  if (rc == LD_OK)
    rc = ld_buf_printf(&text, "%s; %s; region %s", d->header, d->detail,
                       d->region);
  if (rc == LD_OK && d->launch_line)
    rc = ld_buf_printf(&text, "; launched at %s:%d", d->launch_file,
                       d->launch_line);
  if (rc == LD_OK)
    rc = ld__json_str(b, text.data);
  ld_buf_free(&text);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "},\"locations\":[");
  if (rc == LD_OK)
    rc = put_location(b, 0, d->file, line,
                      d->nstatements && d->accesses
                          ? "the statement of one of the two accesses"
                      : d->nstatements ? "a statement that writes the variable "
                                         "in the region"
                                       : "the region's first barrier");
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "],\"relatedLocations\":[");
  if (rc == LD_OK)
    rc = put_location(b, 1, d->file, d->region_lines[0], "region start");
  if (rc == LD_OK)
    rc = ld_buf_putc(b, ',');
  if (rc == LD_OK)
    rc = put_location(b, 2, d->file, d->region_lines[1], "region end");
  if (rc == LD_OK && d->launch_line) {
    rc = ld_buf_putc(b, ',');
    if (rc == LD_OK)
      rc = put_location(b, 3, d->launch_file, d->launch_line, "kernel launch");
  }
  if (rc == LD_OK)
    rc =
        ld_buf_printf(b,
                      "],\"partialFingerprints\":{\"ldccRace/v1\":\"%016" PRIx64
                      "\"},\"properties\":{\"kernel\":",
                      fingerprint(d));
  if (rc == LD_OK)
    rc = ld__json_str(b, d->kernel);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, ",\"memory\":");
  if (rc == LD_OK)
    rc = ld__json_str(b, d->memory);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, ",\"element\":");
  if (rc == LD_OK)
    rc = ld__json_str(b, *d->element ? d->element : NULL);
  if (rc == LD_OK)
    rc = ld_buf_printf(b, ",\"block\":[%u,%u,%u]}", rec->block[0],
                       rec->block[1], rec->block[2]);
  return rc;
}

int ld__sarif_notification(struct ld_buf *b, const char *level,
                           const char *text, const char *file, int line) {
  int rc = ld_buf_printf(b, "{\"level\":\"%s\",\"message\":{\"text\":", level);

  if (rc == LD_OK)
    rc = ld__json_str(b, text);
  if (rc == LD_OK)
    rc = ld_buf_putc(b, '}');
  if (rc == LD_OK && file && line > 0) {
    rc = ld_buf_puts(b, ",\"locations\":[");
    if (rc == LD_OK)
      rc = put_location(b, 0, file, line, NULL);
    if (rc == LD_OK)
      rc = ld_buf_putc(b, ']');
  }
  return rc == LD_OK ? ld_buf_putc(b, '}') : rc;
}

static int put_rule(struct ld_buf *b, uint32_t kind) {
  int rc =
      ld_buf_printf(b, "{\"id\":\"%s\",\"name\":\"", ld_rt_kind_name(kind));
  const char *p;

  /* name: the kind in PascalCase (WriteWrite), as SARIF suggests. */
  for (p = ld_rt_kind_name(kind); rc == LD_OK && *p; p++)
    if (*p != '-')
      rc = ld_buf_putc(b, p == ld_rt_kind_name(kind) || p[-1] == '-'
                              ? (char)(*p - 'a' + 'A')
                              : *p);
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "\",\"shortDescription\":{\"text\":");
  if (rc == LD_OK)
    rc = ld__json_str(b, ld_rt_kind_title(kind));
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "},\"fullDescription\":{\"text\":");
  if (rc == LD_OK)
    rc = ld__json_str(b, ld_rt_kind_description(kind));
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "},\"help\":{\"text\":");
  if (rc == LD_OK)
    rc = ld__json_str(b, "Order the accesses with a barrier "
                         "(__syncthreads()) between the write and the other "
                         "warp's access, or give each warp its own "
                         "location. ldcc reports a race only when it "
                         "happened in this run.");
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "},\"defaultConfiguration\":{\"level\":\"error\"},"
                        "\"properties\":{\"tags\":[\"cuda\",\"concurrency\","
                        "\"data-race\"],\"precision\":\"very-high\","
                        "\"problem.severity\":\"error\"}}");
  return rc;
}

int ld__sarif_open(struct ld_buf *b) {
  uint32_t k;
  int rc = ld_buf_puts(
      b, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
         "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
         "\"name\":\"ldcc\",\"fullName\":\"ldcc CUDA data-race detector\","
         "\"version\":\"" LDCC_VERSION "\",\"semanticVersion\":\"" LDCC_VERSION
         "\",\"rules\":[");
  int first = 1;

  for (k = 0; rc == LD_OK && k < LD_RT_NKINDS; k++) {
    if (!ld_rt_kind_is_race(k))
      continue;
    if (!first)
      rc = ld_buf_putc(b, ',');
    if (rc == LD_OK)
      rc = put_rule(b, k);
    first = 0;
  }
  if (rc == LD_OK)
    rc = ld_buf_puts(b, "]}},\"results\":[");
  return rc;
}

int ld__sarif_close(struct ld_buf *b, const char *notifications) {
  int rc = ld_buf_printf(b,
                         "],\"invocations\":[{\"executionSuccessful\":true,"
                         "\"toolExecutionNotifications\":[%s]}]}]}",
                         notifications);
  return rc;
}
