/* Check suite for the report formats and the report table's options
 * (runtime/ld_rt_report.c, ld_rt_json.c, ld_rt_sarif.c): golden JSON
 * lines, the SARIF log's shape, colour, not-checked launches, suppression
 * through the table, max_reports in every format, where messages go.  The
 * SARIF log is validated against the schema by the report.formats test
 * (tests/report/). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_json.h"
#include "ld_rt_report.h"
#include "ld_rt_sarif.h"
#include "rt_report_fixture.h"

static void setup(void) {
  fx_setup("reduce.cu");
}

static struct ld_rt_races *table(enum ld_rt_format format, long max_reports,
                                 int colour, const char *suppressions) {
  struct ld_rt_report_config c;

  memset(&c, 0, sizeof c);
  c.format = format;
  c.max_reports = max_reports;
  c.colour = colour;
  if (suppressions)
    ck_assert_int_eq(ld_rt_suppressions_parse(suppressions, "test.supp", NULL,
                                              &c.suppressions),
                     0);
  return ld_rt_races_new_config(&c);
}

START_TEST(test_json_race_golden) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_JSON, 10, 0, NULL);
  struct __ldcc_report rec = fx_record(__LDCC_RK_WRITE_WRITE, 5);
  char out[4096];

  CAPTURE(out, ck_assert_int_eq(ld_rt_races_add(r, &rec, f_), 1));
  ck_assert_str_eq(
      out,
      "{\"type\":\"race\",\"id\":1,\"kind\":\"write-write\",\"memory\":"
      "\"shared\",\"kernel\":\"block_sum<256>\",\"variable\":\"partial\","
      "\"element\":\"partial[1]\",\"block\":[2,0,0],\"warps\":[0,1],"
      "\"lane\":null,\"values\":[\"10 (0x0000000a)\",\"12 (0x0000000c)\"],"
      "\"file\":\"reduce.cu\",\"region\":{\"from\":\"reduce.cu:29\",\"to\":"
      "\"reduce.cu:36\",\"from_line\":29,\"to_line\":36},\"statements\":[32],"
      "\"launch_file\":\"reduce.cu\",\"launch_line\":51,\"message\":\"write-"
      "write "
      "race on shared variable "
      "partial[1] in kernel block_sum<256>\",\"detail\":\"block (2,0,0): "
      "warp 0 wrote 10 (0x0000000a), warp 1 wrote 12 (0x0000000c)\"}\n");
  ld_rt_races_free(r);
}
END_TEST

/* A read-write race seen by its reads: the reader and the writer. */
START_TEST(test_json_read_seen) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_JSON, 10, 0, NULL);
  struct __ldcc_report rec = fx_record(__LDCC_RK_READ_WRITE, 5);
  char out[4096];

  rec.warp_a = 3;
  rec.warp_b = 1;
  CAPTURE(out, ck_assert_int_eq(ld_rt_races_add(r, &rec, f_), 1));
  ck_assert_ptr_nonnull(strstr(out, "\"warps\":[3,1],"));
  ck_assert_ptr_nonnull(strstr(out, "warp 3 read it while warp 1 wrote "));
  rec.warp_a = rec.warp_b;
  rec.block[0] = 7; /* another race: its block differs */
  rec.offset += 16;
  CAPTURE(out, ck_assert_int_eq(ld_rt_races_add(r, &rec, f_), 1));
  ck_assert_ptr_nonnull(strstr(out, "\"warps\":[1],"));
  ck_assert_ptr_nonnull(strstr(out, "result changes once it sees"));
  ld_rt_races_free(r);
}
END_TEST

START_TEST(test_json_kinds_and_summary) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_JSON, 10, 0, NULL);
  struct __ldcc_report reg = fx_record(__LDCC_RK_REGISTERS, 1);
  struct __ldcc_report again = reg;
  struct __ldcc_report note = fx_record(__LDCC_RK_LOG_OVERFLOW, 2);
  unsigned *counts = calloc(__LDCC_BUCKETS, sizeof *counts);
  char out[4096];

  reg.start_site = 0;
  reg.end_site = 3;
  again = reg;
  again.block[1] = 4;
  counts[1] = 9;
  CAPTURE(out, {
    ck_assert_int_eq(ld_rt_races_add(r, &reg, f_), 1);
    ck_assert_int_eq(ld_rt_races_add(r, &again, f_), 0);
    ck_assert_int_eq(ld_rt_races_add(r, &note, f_), 0);
    ld_rt_races_unchecked(r, &fx_meta, 0, "the stream \"s\" is captured", f_);
    ld_rt_races_summary(r, counts, 3, 1, 0, f_);
  });
  ck_assert_ptr_nonnull(strstr(
      out,
      "{\"type\":\"race\",\"id\":1,\"kind\":\"registers\",\"memory\":"
      "null,\"kernel\":\"block_sum<256>\",\"variable\":null,\"element\":"
      "null,\"block\":[2,0,0],\"warps\":[1],\"lane\":7,\"values\":[],"
      "\"file\":\"reduce.cu\",\"region\":{\"from\":\"kernel entry\","
      "\"to\":\"kernel exit\",\"from_line\":22,\"to_line\":42},"
      "\"statements\":[],\"launch_file\":\"reduce.cu\",\"launch_line\":51,"));
  ck_assert_ptr_nonnull(
      strstr(out, "\n{\"type\":\"note\",\"kind\":\"undo-log-overflow\","));
  ck_assert_ptr_nonnull(strstr(
      out, "\n{\"type\":\"unchecked\",\"kernel\":\"block_sum<256>\",\"file\":"
           "\"reduce.cu\",\"line\":51,\"why\":\"the stream \\\"s\\\" is "
           "captured\"}\n"));
  ck_assert_ptr_nonnull(strstr(
      out, "\n{\"type\":\"summary\",\"races\":1,\"instances\":9,\"kernels\":1,"
           "\"checked_launches\":3,\"unchecked_launches\":1,\"not_shown\":0,"
           "\"suppressed\":0,\"dropped_records\":0,\"race_instances\":[{\"id\":"
           "1,\"instances\":9}]}\n"));
  /* Every line is one object: no text slipped in. */
  {
    char *line = out, *nl;
    int lines = 0;
    for (; (nl = strchr(line, '\n')); line = nl + 1, lines++)
      ck_assert_msg(line[0] == '{' && nl[-1] == '}', "not JSON: %.*s",
                    (int)(nl - line), line);
    ck_assert_int_eq(lines, 4);
  }
  ld_rt_races_free(r);
  free(counts);
}
END_TEST

START_TEST(test_json_escapes) {
  struct ld_buf b = LD_BUF_INIT;

  ck_assert_int_eq(ld__json_str(&b, "a\"b\\c\n\x01z<\xc3\xa9>"), 0);
  ck_assert_str_eq(b.data, "\"a\\\"b\\\\c\\n\\u0001z<\xc3\xa9>\"");
  ld_buf_free(&b);
  ck_assert_int_eq(ld__json_str(&b, NULL), 0);
  ck_assert_str_eq(b.data, "null");
  ld_buf_free(&b);
}
END_TEST

START_TEST(test_sarif_log) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_SARIF, 10, 0, NULL);
  struct __ldcc_report ww = fx_record(__LDCC_RK_WRITE_WRITE, 5);
  struct __ldcc_report rw = fx_record(__LDCC_RK_READ_WRITE, 6);
  unsigned *counts = calloc(__LDCC_BUCKETS, sizeof *counts);
  static char out[16384];

  counts[5] = 40;
  CAPTURE(out, {
    ck_assert_int_eq(ld_rt_races_add(r, &ww, f_), 1);
    ck_assert_int_eq(ld_rt_races_add(r, &rw, f_), 1);
    ld_rt_races_unchecked(r, &fx_meta, 0, "no memory", f_);
  });
  /* Nothing before exit: the log is one document. */
  ck_assert_str_eq(out, "");
  CAPTURE(out, ld_rt_races_summary(r, counts, 2, 1, 0, f_));
  ck_assert_ptr_nonnull(strstr(
      out, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
           "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":"
           "\"ldcc\","));
  ck_assert_ptr_nonnull(strstr(out, "{\"id\":\"write-write\",\"name\":"
                                    "\"WriteWrite\",\"shortDescription\""));
  ck_assert_ptr_nonnull(strstr(out, "{\"id\":\"global-atomic\""));
  ck_assert_ptr_null(strstr(out, "{\"id\":\"undo-log-overflow\""));
  ck_assert_ptr_nonnull(strstr(
      out, "\"results\":[{\"ruleId\":\"write-write\",\"ruleIndex\":0,"
           "\"level\":\"error\",\"message\":{\"text\":\"write-write race on "
           "shared variable partial[1] in kernel block_sum<256>; block "
           "(2,0,0): warp 0 wrote 10 (0x0000000a), warp 1 wrote 12 "
           "(0x0000000c); region between reduce.cu:29 and reduce.cu:36; "
           "launched at reduce.cu:51\"},\"locations\":[{\"physicalLocation\":{"
           "\"artifactLocation\":{\"uri\":\"reduce.cu\",\"uriBaseId\":"
           "\"%SRCROOT%\"},\"region\":{\"startLine\":32}},"));
  ck_assert_ptr_nonnull(strstr(out, "{\"id\":3,\"physicalLocation\":{"
                                    "\"artifactLocation\":{\"uri\":"
                                    "\"reduce.cu\",\"uriBaseId\":\"%SRCROOT%"
                                    "\"},\"region\":{\"startLine\":51}},"
                                    "\"message\":{\"text\":\"kernel "
                                    "launch\"}}"));
  ck_assert_ptr_nonnull(strstr(out, ",\"occurrenceCount\":40}"));
  ck_assert_ptr_nonnull(
      strstr(out, "{\"ruleId\":\"read-write\",\"ruleIndex\":1,"));
  ck_assert_ptr_nonnull(strstr(
      out, "\"toolExecutionNotifications\":[{\"level\":\"warning\","
           "\"message\":{\"text\":\"launch of block_sum<256> at reduce.cu:51 "
           "not checked: no memory\"}"));
  ck_assert_ptr_nonnull(strstr(out, "}]}]}\n"));
  ld_rt_races_free(r);
  free(counts);
}
END_TEST

START_TEST(test_sarif_absolute_uri) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_SARIF, 10, 0, NULL);
  struct __ldcc_report ww = fx_record(__LDCC_RK_WRITE_WRITE, 5);
  static char out[16384];

  fx_setup("/src/my kernels/reduce.cu");
  CAPTURE(out, {
    ld_rt_races_add(r, &ww, f_);
    ld_rt_races_summary(r, NULL, 1, 0, 0, f_);
  });
  ck_assert_ptr_nonnull(
      strstr(out, "{\"uri\":\"file:///src/my%20kernels/reduce.cu\"},"));
  ck_assert_ptr_null(strstr(out, "%SRCROOT%"));
  ld_rt_races_free(r);
}
END_TEST

/* A kernel defined in a header the translator pasted (issue 23), launched
 * from the main file: its lines name the header, its launch the main file,
 * in every format and in the line of a launch not checked. */
START_TEST(test_header_kernel_files) {
  static const char *const launch_files[] = {"app.cu"};
  struct ld_rt_races *text = table(LD_RT_FORMAT_TEXT, 10, 0, NULL);
  struct ld_rt_races *json = table(LD_RT_FORMAT_JSON, 10, 0, NULL);
  struct ld_rt_races *sarif = table(LD_RT_FORMAT_SARIF, 10, 0, NULL);
  struct __ldcc_report ww = fx_record(__LDCC_RK_WRITE_WRITE, 5);
  static char out[16384];

  fx_setup("kernels/reduce.cuh");
  fx_meta.launch_files = launch_files;
  CAPTURE(out, ck_assert_int_eq(ld_rt_races_add(text, &ww, f_), 1));
  ck_assert_ptr_nonnull(strstr(out, "  region: between kernels/reduce.cuh:29 "
                                    "and kernels/reduce.cuh:36\n"
                                    "  statements that write partial there: "
                                    "kernels/reduce.cuh:32\n"
                                    "  launched at app.cu:51\n"));
  CAPTURE(out, ck_assert_int_eq(ld_rt_races_add(json, &ww, f_), 1));
  ck_assert_ptr_nonnull(strstr(out, "\"file\":\"kernels/reduce.cuh\","));
  ck_assert_ptr_nonnull(
      strstr(out, "\"launch_file\":\"app.cu\",\"launch_line\":51,"));
  CAPTURE(out, {
    ld_rt_races_add(sarif, &ww, f_);
    ld_rt_races_summary(sarif, NULL, 1, 0, 0, f_);
  });
  ck_assert_ptr_nonnull(strstr(out, "launched at app.cu:51\"}"));
  ck_assert_ptr_nonnull(strstr(out, "{\"id\":3,\"physicalLocation\":{"
                                    "\"artifactLocation\":{\"uri\":"
                                    "\"app.cu\",\"uriBaseId\":\"%SRCROOT%"
                                    "\"},\"region\":{\"startLine\":51}},"));
  CAPTURE(out, ld_rt_races_unchecked(NULL, &fx_meta, 0, "no memory", f_));
  ck_assert_str_eq(out, "ldcc: launch of block_sum<256> at app.cu:51 not "
                        "checked: no memory\n");
  /* Without launch_files every launch is in the kernel's file. */
  fx_meta.launch_files = NULL;
  CAPTURE(out, ld_rt_races_unchecked(NULL, &fx_meta, 0, "no memory", f_));
  ck_assert_str_eq(out, "ldcc: launch of block_sum<256> at "
                        "kernels/reduce.cuh:51 not checked: no memory\n");
  ld_rt_races_free(text);
  ld_rt_races_free(json);
  ld_rt_races_free(sarif);
}
END_TEST

START_TEST(test_text_colour_and_instances) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_TEXT, 10, 1, NULL);
  struct __ldcc_report ww = fx_record(__LDCC_RK_WRITE_WRITE, 5);
  unsigned *counts = calloc(__LDCC_BUCKETS, sizeof *counts);
  char out[4096];

  counts[5] = 40;
  CAPTURE(out, {
    ld_rt_races_add(r, &ww, f_);
    ld_rt_races_unchecked(r, &fx_meta, 0, "no memory", f_);
    ld_rt_races_summary(r, counts, 2, 1, 0, f_);
  });
  ck_assert_str_eq(
      out, "\033[1;31mldcc: write-write race on shared variable partial[1] in "
           "kernel block_sum<256>\033[0m\n"
           "  block (2,0,0): warp 0 wrote 10 (0x0000000a), warp 1 wrote 12 "
           "(0x0000000c)\n"
           "  region: between reduce.cu:29 and reduce.cu:36\n"
           "  statements that write partial there: reduce.cu:32\n"
           "  launched at reduce.cu:51\n"
           "\033[1;33mldcc: launch of block_sum<256> at reduce.cu:51 not "
           "checked: no memory\033[0m\n"
           "\033[1mldcc: summary: 1 distinct race (40 instances) in 1 kernel; "
           "2 checked launches, 1 not checked\033[0m\n"
           "  write-write race on shared variable partial[1] in kernel "
           "block_sum<256>: 40 instances\n");
  ld_rt_races_free(r);
  free(counts);
}
END_TEST

START_TEST(test_unchecked_text) {
  char out[1024];

  /* No table yet (the runtime failed early), and metadata of another ABI:
   * only its name and file are read. */
  fx_meta.abi = __LDCC_HOST_ABI + 1;
  CAPTURE(out, {
    ld_rt_races_unchecked(NULL, &fx_meta, 0, "metadata of another version", f_);
    ld_rt_races_unchecked(NULL, NULL, 0, "no metadata", f_);
  });
  ck_assert_str_eq(out, "ldcc: launch of block_sum at reduce.cu not checked: "
                        "metadata of another version\n"
                        "ldcc: launch of ? at ? not checked: no metadata\n");
  /* A deterministic build's launch that runs unchanged. */
  CAPTURE(out, {
    ld_rt_races_unchecked_as(NULL, NULL, 0, "not deterministic", "memory fence",
                             f_);
  });
  ck_assert_str_eq(out,
                   "ldcc: launch of ? at ? not deterministic: memory fence\n");
}
END_TEST

START_TEST(test_suppressed_races) {
  struct ld_rt_races *r = table(LD_RT_FORMAT_TEXT, 10, 0,
                                "# the reduction's known race\n"
                                "write-write:block_sum<*>:partial\n");
  struct __ldcc_report ww = fx_record(__LDCC_RK_WRITE_WRITE, 5);
  struct __ldcc_report rw = fx_record(__LDCC_RK_READ_WRITE, 6);
  char out[4096];

  CAPTURE(out, {
    ck_assert_int_eq(ld_rt_races_add(r, &ww, f_), 0);
    ck_assert_int_eq(ld_rt_races_add(r, &ww, f_), 0);
    ck_assert_int_eq(ld_rt_races_add(r, &rw, f_), 1);
    ld_rt_races_summary(r, NULL, 1, 0, 0, f_);
  });
  ck_assert_uint_eq(ld_rt_races_count(r), 1);
  ck_assert_uint_eq(ld_rt_races_suppressed(r), 1);
  ck_assert_ptr_null(strstr(out, "write-write race"));
  ck_assert_ptr_nonnull(strstr(out, "ldcc: read-write race on shared"));
  ck_assert_ptr_nonnull(strstr(out, "ldcc: summary: 1 distinct race (1 "
                                    "instance) in 1 kernel; 1 checked "
                                    "launch\n"));
  ck_assert_ptr_nonnull(strstr(out, "ldcc: 1 distinct race was suppressed\n"));
  ld_rt_races_free(r);

  /* By line: a line the report names (here the launch at 51). */
  r = table(LD_RT_FORMAT_JSON, 10, 0, "*:*:*:reduce.cu:51");
  CAPTURE(out, {
    ck_assert_int_eq(ld_rt_races_add(r, &ww, f_), 0);
    ld_rt_races_summary(r, NULL, 1, 0, 0, f_);
  });
  ck_assert_ptr_nonnull(strstr(out, "\"races\":0,"));
  ck_assert_ptr_nonnull(strstr(out, "\"suppressed\":1,"));
  ld_rt_races_free(r);
}
END_TEST

START_TEST(test_max_reports_every_format) {
  static const enum ld_rt_format formats[] = {
      LD_RT_FORMAT_TEXT, LD_RT_FORMAT_JSON, LD_RT_FORMAT_SARIF};
  static char out[16384];
  size_t i;

  for (i = 0; i < 3; i++) {
    struct ld_rt_races *r = table(formats[i], 1, 0, NULL);
    struct __ldcc_report ww = fx_record(__LDCC_RK_WRITE_WRITE, 5);
    struct __ldcc_report rw = fx_record(__LDCC_RK_READ_WRITE, 6);
    CAPTURE(out, {
      ck_assert_int_eq(ld_rt_races_add(r, &ww, f_), 1);
      ck_assert_int_eq(ld_rt_races_add(r, &rw, f_), 1);
      ld_rt_races_summary(r, NULL, 1, 0, 0, f_);
    });
    ck_assert_uint_eq(ld_rt_races_count(r), 2);
    ck_assert_msg(strstr(out, "read-write race on") == NULL,
                  "format %zu shows the race beyond max_reports", i);
    ck_assert_ptr_nonnull(strstr(out, "write-write race on"));
    ld_rt_races_free(r);
  }
}
END_TEST

START_TEST(test_open_from_options) {
  struct ld_rt_options o;
  struct ld_rt_races *r;
  char err[1024], out[4096];
  FILE *ef;
  const char *path = "/nonexistent/ldcc.supp";

  ld_rt_options_defaults(&o);
  ck_assert_int_eq(
      ld_rt_options_parse(&o, "format=json:log_path=/tmp/x.json", NULL), 0);
  o.suppressions = strdup(path);
  ef = fmemopen(err, sizeof err, "w");
  r = ld_rt_races_open(&o, stdout, ef);
  fflush(ef);
  ck_assert_ptr_nonnull(r);
  /* One message, and the run goes on with nothing suppressed. */
  ck_assert_ptr_nonnull(strstr(err, "ldcc: suppressions: cannot read "
                                    "/nonexistent/ldcc.supp: No such file or "
                                    "directory; no race is suppressed\n"));
  ck_assert_ptr_null(strchr(strchr(err, '\n') + 1, '\n'));
  /* json to a log file: human-readable lines go to err, not the log. */
  ck_assert_ptr_eq(ld_rt_races_messages(r, stdout), ef);
  CAPTURE(out, ld_rt_races_summary(r, NULL, 1, 0, 0, f_));
  fflush(ef);
  ck_assert_ptr_nonnull(strstr(out, "{\"type\":\"summary\""));
  ck_assert_ptr_nonnull(
      strstr(err, "ldcc: summary: no races found; 1 checked launch\n"));
  ld_rt_races_free(r);
  fclose(ef);
  /* json to stderr: the report stream and the messages are one: no text
   * summary after the JSON one. */
  ef = fmemopen(err, sizeof err, "w");
  r = ld_rt_races_open(&o, ef, ef);
  ld_rt_races_summary(r, NULL, 1, 0, 0, ef);
  fclose(ef);
  ck_assert_ptr_nonnull(strstr(err, "{\"type\":\"summary\""));
  ck_assert_ptr_null(strstr(err, "ldcc: summary:"));
  ld_rt_races_free(r);
  /* text to a file (fmemopen is no terminal): no colour; messages to out. */
  ld_rt_options_free(&o);
  ld_rt_options_defaults(&o);
  r = ld_rt_races_open(&o, stdout, stderr);
  ck_assert_ptr_eq(ld_rt_races_messages(r, stdout), stdout);
  ld_rt_races_free(r);
  ld_rt_options_free(&o);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_formats");
  TCase *tc = tcase_create("core");

  tcase_add_checked_fixture(tc, setup, NULL);
  tcase_add_test(tc, test_json_race_golden);
  tcase_add_test(tc, test_json_read_seen);
  tcase_add_test(tc, test_json_kinds_and_summary);
  tcase_add_test(tc, test_json_escapes);
  tcase_add_test(tc, test_sarif_log);
  tcase_add_test(tc, test_sarif_absolute_uri);
  tcase_add_test(tc, test_header_kernel_files);
  tcase_add_test(tc, test_text_colour_and_instances);
  tcase_add_test(tc, test_unchecked_text);
  tcase_add_test(tc, test_suppressed_races);
  tcase_add_test(tc, test_max_reports_every_format);
  tcase_add_test(tc, test_open_from_options);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
