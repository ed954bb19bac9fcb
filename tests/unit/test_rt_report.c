/* Check suite for report resolution, formatting and de-duplication
 * (runtime/ld_rt_report.c): golden strings for the contract's report text
 * (docs/report-format.md), element names, values, regions, summary; the
 * kernel is the fixture's block_sum<256> (rt_report_fixture.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_report.h"
#include "rt_report_fixture.h"

#define meta fx_meta

static void setup(void) {
  fx_setup("reduce.cu");
}

static struct __ldcc_report record(uint32_t kind, uint64_t chunk,
                                   uint32_t mask) {
  struct __ldcc_report r;
  memset(&r, 0, sizeof r);
  r.valid = 1;
  r.kind = kind;
  r.kernel_meta = (uint64_t)(uintptr_t)&meta;
  r.start_site = 1;
  r.end_site = 2;
  r.offset = chunk;
  r.mask = mask;
  r.lane = -1;
  return r;
}

static void put32(unsigned char *b, unsigned at, uint32_t v) {
  memcpy(b + at, &v, 4);
}

static const char *stem_pretty(void) {
  return "const char* __ldcc::instance_name() [with T = "
         "__ldcc_meta_block_sum__1<float, 4>]";
}

static const char *plain_stem_pretty(void) {
  return "const char* __ldcc::instance_name() [with T = "
         "__ldcc_meta_block_sum__2]";
}

START_TEST(test_kernel_name) {
  /* Kernels that share a name: the type is named by the kernel's stem,
   * the report by its name and the instance's arguments. */
  static const struct {
    const char *(*pretty)(void);
    const char *want;
  } cases[] = {{stem_pretty, "block_sum<float, 4>"},
               {plain_stem_pretty, "block_sum"},
               {NULL, "block_sum"}};
  char b[128];
  size_t i;
  ld_rt_kernel_name(&meta, b, sizeof b);
  ck_assert_str_eq(b, "block_sum<256>");
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    meta.instance_name = cases[i].pretty;
    ld_rt_kernel_name(&meta, b, sizeof b);
    ck_assert_str_eq(b, cases[i].want);
  }
}
END_TEST

START_TEST(test_element_names) {
  struct __ldcc_target_meta t;
  char b[128];

  memset(&t, 0, sizeof t);
  t.name = "tile";
  t.elem_size = 4;
  t.rank = 2;
  t.extents[0] = 16;
  t.extents[1] = 16;
  ld_rt_element_name(&t, (3 * 16 + 7) * 4, b, sizeof b);
  ck_assert_str_eq(b, "tile[3][7]");
  t.rank = 3;
  t.extents[0] = 2;
  t.extents[1] = 3;
  t.extents[2] = 4;
  ld_rt_element_name(&t, (1 * 12 + 2 * 4 + 3) * 4, b, sizeof b);
  ck_assert_str_eq(b, "tile[1][2][3]");
  t.rank = 0;
  t.name = "count";
  ld_rt_element_name(&t, 0, b, sizeof b);
  ck_assert_str_eq(b, "count");
  t.name = "pts"; /* struct { float x, y; } pts[8] */
  t.rank = 1;
  t.extents[0] = 8;
  t.elem_size = 8;
  ld_rt_element_name(&t, 2 * 8 + 4, b, sizeof b);
  ck_assert_str_eq(b, "pts[2] (byte 4)");
}
END_TEST

START_TEST(test_find_target_and_extern) {
  uint32_t ti;
  uint64_t byte;

  ck_assert_int_eq(ld_rt_find_target(&meta, 12, &ti, &byte), 0);
  ck_assert_uint_eq(ti, 0);
  ck_assert_uint_eq(byte, 12);
  /* The extern part starts at round16(sizeof layout). */
  ck_assert_int_eq(ld_rt_find_target(&meta, 1024 + 40, &ti, &byte), 0);
  ck_assert_uint_eq(ti, 1);
  ck_assert_uint_eq(byte, 40);
  meta.ntargets = 1;
  ck_assert_int_eq(ld_rt_find_target(&meta, 1030, &ti, &byte), LD_ENOTFOUND);
}
END_TEST

START_TEST(test_values) {
  unsigned char b4[4] = {0x0a, 0, 0, 0}, m1[4] = {0xff, 0xff, 0xff, 0xff};
  unsigned char f[4], h[2] = {0x00, 0x3c};
  float half = 0.5f;
  char s[96];

  ld_rt_format_value(b4, 4, __LDCC_VK_SIGNED, s, sizeof s);
  ck_assert_str_eq(s, "10 (0x0000000a)");
  ld_rt_format_value(m1, 4, __LDCC_VK_SIGNED, s, sizeof s);
  ck_assert_str_eq(s, "-1 (0xffffffff)");
  ld_rt_format_value(m1, 2, __LDCC_VK_UNSIGNED, s, sizeof s);
  ck_assert_str_eq(s, "65535 (0xffff)");
  memcpy(f, &half, 4);
  ld_rt_format_value(f, 4, __LDCC_VK_FLOAT, s, sizeof s);
  ck_assert_str_eq(s, "0.5 (0x3f000000)");
  ld_rt_format_value(h, 2, __LDCC_VK_OTHER, s, sizeof s);
  ck_assert_str_eq(s, "0x3c00");
}
END_TEST

START_TEST(test_region_text) {
  char b[128];
  ld_rt_region_text(&meta, 1, 2, b, sizeof b);
  ck_assert_str_eq(b, "between reduce.cu:29 and reduce.cu:36");
  ld_rt_region_text(&meta, 0, 3, b, sizeof b);
  ck_assert_str_eq(b, "between kernel entry and kernel exit");
}
END_TEST

/* A device function of a header called by the kernel: its sites name the
 * header (kernel_meta.site_files, session 35; they named the kernel's
 * file with the header's lines). */
START_TEST(test_region_text_site_files) {
  static const char *const files[] = {"reduce.cu", "reduce.cu", "common.h",
                                      "reduce.cu"};
  struct __ldcc_kernel_meta m = meta;
  char b[128];
  m.site_files = files;
  ld_rt_region_text(&m, 1, 2, b, sizeof b);
  ck_assert_str_eq(b, "between reduce.cu:29 and common.h:36");
  m.site_files = NULL;
  ld_rt_region_text(&m, 1, 2, b, sizeof b);
  ck_assert_str_eq(b, "between reduce.cu:29 and reduce.cu:36");
}
END_TEST

START_TEST(test_write_write_golden) {
  struct __ldcc_report r = record(__LDCC_RK_WRITE_WRITE, 0, 0x0010);
  char out[1024];

  /* partial[1..3] chunk: bytes 4..7 = partial[1], warp 0 wrote 10, warp 1
   * wrote 12 (only byte 4 differs). */
  r.block[0] = 2;
  r.warp_a = 0;
  r.warp_b = 1;
  put32(r.value_a, 4, 10);
  put32(r.value_b, 4, 12);
  CAPTURE(out, ld_rt_report_print(&r, f_));
  ck_assert_str_eq(
      out, "ldcc: write-write race on shared variable partial[1] in kernel "
           "block_sum<256>\n"
           "  block (2,0,0): warp 0 wrote 10 (0x0000000a), warp 1 wrote 12 "
           "(0x0000000c)\n"
           "  region: between reduce.cu:29 and reduce.cu:36\n"
           "  statements that write partial there: reduce.cu:32\n"
           "  launched at reduce.cu:51\n");
}
END_TEST

START_TEST(test_read_write_golden) {
  struct __ldcc_report r = record(__LDCC_RK_READ_WRITE, 0, 0x1000);
  char out[1024];

  r.warp_a = r.warp_b = 0;
  put32(r.value_a, 12, 10);
  put32(r.value_b, 12, 12);
  CAPTURE(out, ld_rt_report_print(&r, f_));
  ck_assert_str_eq(
      out, "ldcc: read-write race on shared variable partial[3] in kernel "
           "block_sum<256>\n"
           "  block (0,0,0): warp 0's result changes once it sees other warps' "
           "writes: 10 (0x0000000a) in pass 1, 12 (0x0000000c) in pass 2\n"
           "  region: between reduce.cu:29 and reduce.cu:36\n"
           "  statements that write partial there: reduce.cu:32\n"
           "  launched at reduce.cu:51\n");
}
END_TEST

/* A read-write race the replay saw by its reads (replay.cuh mark_read):
 * warp_a read the element, warp_b changed it; JSON names both warps. */
START_TEST(test_read_seen_golden) {
  struct __ldcc_report r = record(__LDCC_RK_READ_WRITE, 0, 0x1000);
  char out[1024];

  r.block[1] = 1;
  r.warp_a = 2;
  r.warp_b = 5;
  put32(r.value_a, 12, 12);
  put32(r.value_b, 12, 1034);
  CAPTURE(out, ld_rt_report_print(&r, f_));
  ck_assert_str_eq(
      out, "ldcc: read-write race on shared variable partial[3] in kernel "
           "block_sum<256>\n"
           "  block (0,1,0): warp 2 read it while warp 5 wrote 1034 "
           "(0x0000040a) over 12 (0x0000000c), with no __syncthreads() "
           "between\n"
           "  region: between reduce.cu:29 and reduce.cu:36\n"
           "  statements that write partial there: reduce.cu:32\n"
           "  launched at reduce.cu:51\n");
}
END_TEST

START_TEST(test_registers_golden) {
  struct __ldcc_report r = record(__LDCC_RK_REGISTERS, 0, 0);
  char out[1024];

  r.block[1] = 1;
  r.warp_a = r.warp_b = 3;
  r.lane = 7;
  r.start_site = 0;
  r.end_site = 3;
  CAPTURE(out, ld_rt_report_print(&r, f_));
  ck_assert_str_eq(
      out, "ldcc: read-write race through registers in kernel block_sum<256>\n"
           "  block (0,1,0): warp 3 (lane 7): a local differs between the "
           "passes (it read data another warp wrote in the same region)\n"
           "  region: between kernel entry and kernel exit\n"
           "  launched at reduce.cu:51\n");
}
END_TEST

START_TEST(test_loop_region_writes) {
  /* A region from the barrier at 36 around the loop back to 29: the write
   * lines after 36 or before 29. */
  struct __ldcc_report r = record(__LDCC_RK_READ_WRITE, 0, 0x1);
  char out[1024];

  r.start_site = 2;
  r.end_site = 1;
  CAPTURE(out, ld_rt_report_print(&r, f_));
  ck_assert_ptr_nonnull(
      strstr(out, "statements that write partial there: reduce.cu:27, "
                  "reduce.cu:40\n"));
}
END_TEST

START_TEST(test_cub_reuse) {
  /* A second CUB collective on `temp` in the region that starts at the
   * barrier at 29 (kind cub-temp-reuse: the name in value_a/value_b). */
  struct __ldcc_report r = record(__LDCC_RK_CUB_REUSE, 0, 0);
  char out[1024];

  r.start_site = r.end_site = 1;
  r.block[0] = 3;
  r.warp_a = r.warp_b = 2;
  r.lane = 5;
  memcpy(r.value_a, "temp", 4);
  CAPTURE(out, ld_rt_report_print(&r, f_));
  ck_assert_str_eq(
      out, "ldcc: race on shared variable temp (CUB temporary storage) in "
           "kernel block_sum<256>\n"
           "  block (3,0,0), warp 2, lane 5: a second CUB collective used it "
           "in the region that starts at reduce.cu:29, with no "
           "__syncthreads() since the first; threads still reading the "
           "first one's results race with the second one's writes (CUB "
           "requires a barrier before temporary storage is reused)\n"
           "  region: between reduce.cu:29 and reduce.cu:29\n"
           "  launched at reduce.cu:51\n");
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_CUB_REUSE), "cub-temp-reuse");
  ck_assert_int_eq(ld_rt_kind_is_race(__LDCC_RK_CUB_REUSE), 1);
  ck_assert_str_eq(ld_rt_kind_memory(__LDCC_RK_CUB_REUSE), "shared");
}
END_TEST

START_TEST(test_device_function_writes) {
  /* A statement above the kernel (line 10: in a device function the
   * kernel calls) writes partial in any region. */
  static const int writes[] = {10, 27, 32, 40};
  struct __ldcc_report r = record(__LDCC_RK_READ_WRITE, 0, 0x1);
  char out[1024];

  fx_targets[0].write_lines = writes;
  fx_targets[0].nwrite_lines = 4;
  CAPTURE(out, ld_rt_report_print(&r, f_));
  fx_targets[0].write_lines = fx_writes_partial;
  fx_targets[0].nwrite_lines = 3;
  ck_assert_ptr_nonnull(
      strstr(out, "statements that write partial there: reduce.cu:10, "
                  "reduce.cu:32\n"));
}
END_TEST

START_TEST(test_dedup_and_summary) {
  struct ld_rt_races *races = ld_rt_races_new(1);
  struct __ldcc_report a = record(__LDCC_RK_WRITE_WRITE, 0, 0x10);
  struct __ldcc_report b = a, c = a, d = record(__LDCC_RK_REGISTERS, 0, 0);
  struct __ldcc_report note = record(__LDCC_RK_LOG_OVERFLOW, 0, 0);
  unsigned *counts = calloc(__LDCC_BUCKETS, sizeof *counts);
  char out[4096];

  ck_assert_ptr_nonnull(races);
  a.bucket = 5;
  b.bucket = 5;
  b.block[0] = 9; /* same race, another block */
  b.mask = 0x20;  /* another byte of partial[1] */
  c.bucket = 6;
  c.offset = 16; /* partial[4]: a distinct race */
  d.bucket = 7;
  counts[5] = 40;
  counts[6] = 2;
  counts[7] = 1;
  CAPTURE(out, {
    ck_assert_int_eq(ld_rt_races_add(races, &a, f_), 1);
    ck_assert_int_eq(ld_rt_races_add(races, &b, f_), 0);
    ck_assert_int_eq(ld_rt_races_add(races, &c, f_), 1);
    ck_assert_int_eq(ld_rt_races_add(races, &d, f_), 1);
    ck_assert_int_eq(ld_rt_races_add(races, &note, f_), 0);
    ck_assert_uint_eq(ld_rt_races_count(races), 3);
    ld_rt_races_summary(races, counts, 5, 1, 0, f_);
  });
  /* max_reports=1: only the first race in full; the note always. */
  ck_assert_ptr_nonnull(strstr(out, "race on shared variable partial[1]"));
  ck_assert_ptr_null(strstr(out, "partial[4]"));
  ck_assert_ptr_nonnull(strstr(out, "ldcc: note: "));
  ck_assert_ptr_nonnull(
      strstr(out, "ldcc: summary: 3 distinct races (43 instances) in 1 "
                  "kernel; 5 checked launches, 1 not checked\n"));
  ck_assert_ptr_nonnull(
      strstr(out, "ldcc: 2 distinct races beyond max_reports=1 not shown\n"));
  ld_rt_races_free(races);
  races = ld_rt_races_new(10);
  CAPTURE(out, ld_rt_races_summary(races, NULL, 1, 0, 0, f_));
  ck_assert_str_eq(out, "ldcc: summary: no races found; 1 checked launch\n");
  ld_rt_races_free(races);
  free(counts);
}
END_TEST

/* One kernel's races found by two of its checks (the replay's and the
 * inline intra-warp checks', each with its own metadata) count as one
 * kernel; another kernel's as another. */
START_TEST(test_summary_kernels_by_name) {
  struct ld_rt_races *races = ld_rt_races_new(10);
  struct __ldcc_kernel_meta twin = meta, other = meta;
  struct __ldcc_report a = record(__LDCC_RK_WRITE_WRITE, 0, 0x10);
  struct __ldcc_report b = record(__LDCC_RK_REGISTERS, 0, 0);
  struct __ldcc_report c = record(__LDCC_RK_REGISTERS, 0, 0);
  char out[4096];

  ck_assert_ptr_nonnull(races);
  other.line = meta.line + 40;
  b.kernel_meta = (uint64_t)(uintptr_t)&twin;
  b.bucket = 3;
  c.kernel_meta = (uint64_t)(uintptr_t)&other;
  c.bucket = 4;
  CAPTURE(out, {
    ld_rt_races_add(races, &a, f_);
    ld_rt_races_add(races, &b, f_);
    ld_rt_races_summary(races, NULL, 2, 0, 0, f_);
  });
  ck_assert_ptr_nonnull(strstr(out, "(2 instances) in 1 kernel;"));
  CAPTURE(out, {
    ld_rt_races_add(races, &c, f_);
    ld_rt_races_summary(races, NULL, 3, 0, 0, f_);
  });
  ck_assert_ptr_nonnull(strstr(out, "(3 instances) in 2 kernels;"));
  ld_rt_races_free(races);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_report");
  TCase *tc = tcase_create("core");

  tcase_add_checked_fixture(tc, setup, NULL);
  tcase_add_test(tc, test_kernel_name);
  tcase_add_test(tc, test_element_names);
  tcase_add_test(tc, test_find_target_and_extern);
  tcase_add_test(tc, test_values);
  tcase_add_test(tc, test_region_text);
  tcase_add_test(tc, test_region_text_site_files);
  tcase_add_test(tc, test_write_write_golden);
  tcase_add_test(tc, test_read_write_golden);
  tcase_add_test(tc, test_read_seen_golden);
  tcase_add_test(tc, test_registers_golden);
  tcase_add_test(tc, test_loop_region_writes);
  tcase_add_test(tc, test_device_function_writes);
  tcase_add_test(tc, test_cub_reuse);
  tcase_add_test(tc, test_dedup_and_summary);
  tcase_add_test(tc, test_summary_kernels_by_name);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
