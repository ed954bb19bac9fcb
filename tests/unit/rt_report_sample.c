/* Writes sample reports in every machine-readable format, for
 * tests/report/check_reports.py to validate (SARIF against the SARIF 2.1.0
 * schema, JSON lines line by line): every report kind, a note, a launch
 * that ran unchecked, a file name to escape, instance counts.
 * Usage: rt_report_sample DIR (writes DIR/relative.sarif, DIR/absolute.sarif,
 * DIR/report.jsonl) */
#include <stdio.h>
#include <stdlib.h>

#include "ld_rt_report.h"
#include "rt_report_fixture.h"

static int write_sample(enum ld_rt_format format, const char *path) {
  static const uint32_t kinds[] = {
      __LDCC_RK_WRITE_WRITE, __LDCC_RK_READ_WRITE,    __LDCC_RK_REGISTERS,
      __LDCC_RK_GLOBAL,      __LDCC_RK_GLOBAL_ATOMIC, __LDCC_RK_LOG_OVERFLOW};
  struct ld_rt_report_config c = {0};
  struct ld_rt_races *r;
  unsigned *counts = calloc(__LDCC_BUCKETS, sizeof *counts);
  FILE *out = fopen(path, "w");
  size_t i;

  if (!out || !counts)
    return 1;
  c.format = format;
  c.max_reports = 100;
  r = ld_rt_races_new_config(&c);
  if (!r)
    return 1;
  for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    struct __ldcc_report rec = fx_record(kinds[i], (uint32_t)i + 1);
    counts[i + 1] = (unsigned)(3 * i + 1);
    if (kinds[i] == __LDCC_RK_REGISTERS) {
      rec.start_site = 0; /* kernel entry to kernel exit */
      rec.end_site = 3;
    }
    ld_rt_races_add(r, &rec, out);
  }
  {
    /* The atomic count form (offset 0) and an unchecked launch. */
    struct __ldcc_report rec = fx_record(__LDCC_RK_GLOBAL_ATOMIC, 9);
    rec.offset = 0;
    rec.start_site = 2;
    rec.end_site = 1;
    ld_rt_races_add(r, &rec, out);
  }
  ld_rt_races_unchecked(r, &fx_meta, 0, "the \"stream\" is being captured",
                        out);
  ld_rt_races_unchecked(r, NULL, -1, "metadata of another ldcc version", out);
  ld_rt_races_summary(r, counts, 7, 2, 0, out);
  ld_rt_races_free(r);
  free(counts);
  return fclose(out) != 0;
}

int main(int argc, char **argv) {
  char path[4096];

  if (argc != 2) {
    fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  fx_setup("src/kernels/reduce 1.cu");
  snprintf(path, sizeof path, "%s/relative.sarif", argv[1]);
  if (write_sample(LD_RT_FORMAT_SARIF, path))
    return 1;
  snprintf(path, sizeof path, "%s/report.jsonl", argv[1]);
  if (write_sample(LD_RT_FORMAT_JSON, path))
    return 1;
  fx_setup("/abs/dir/reduce.cu");
  snprintf(path, sizeof path, "%s/absolute.sarif", argv[1]);
  return write_sample(LD_RT_FORMAT_SARIF, path);
}
