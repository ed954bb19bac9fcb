/* Collecting what a report record says: the arena offset resolved to a
 * variable and element (`tile[3][7]`), values in the element's type, the
 * region as barrier lines, the statements writing the variable there, the
 * units of a race across blocks (ld_rt_global.h): one struct
 * ld_rt_race_desc that every printer (text in ld_rt_text.c, JSON lines in
 * ld_rt_json.c, SARIF in ld_rt_sarif.c) prints.  Prints nothing itself.
 * Host code, plain C: it reads only the metadata and records
 * (include/ldcc/host.h), no CUDA. */
#ifndef LD_RT_DESCRIBE_H
#define LD_RT_DESCRIBE_H

#include <stddef.h>
#include <stdint.h>

#include "ld_rt_kind.h"
#include "ldcc/host.h"

#define LD_RT_MAX_STATEMENTS 64 /* statement lines kept per report */

/* Everything a report says about one record, resolved once and printed in
 * any format.  Strings are NUL-terminated and "" when absent. */
struct ld_rt_race_desc {
  uint32_t kind;    /* enum __ldcc_report_kind */
  const char *file; /* the kernel's file, "?" when unknown */
  /* The launch's file, "?" when unknown: a header's when the launch is
   * written in one, whatever the kernel's file. */
  const char *launch_file;
  const char *variable;  /* target name, NULL when none */
  const char *memory;    /* "shared", "global" or NULL (not known) */
  char kernel[256];      /* "block_sum<256>" */
  char element[256];     /* "partial[3]", "" when none */
  char header[768];      /* first text line without "ldcc: " */
  char detail[768];      /* second text line without its indent */
  char region[256];      /* "between reduce.cu:29 and kernel exit" */
  char region_from[160]; /* "reduce.cu:29", "kernel entry" */
  char region_to[160];   /* "reduce.cu:36", "kernel exit" */
  char value_a[96];      /* write-write: warp_a's value; else pass 1 */
  char value_b[96];      /* write-write: warp_b's value; else pass 2 */
  int region_lines[2];   /* source lines of the two sites, 0 unknown */
  int launch_line;       /* 0 when unknown */
  int statements[LD_RT_MAX_STATEMENTS]; /* lines writing the variable */
  size_t nstatements;
  /* The statements are the two accesses' own lines (a clash of the direct
   * run or of two warps of one block), one of which may be a read; 0: the
   * statements that write the variable in the region. */
  int accesses;
  const struct __ldcc_report *rec;
};

/* Resolve rec into d. */
void ld_rt_race_describe(const struct __ldcc_report *rec,
                         struct ld_rt_race_desc *d);

/* The kernel's name with its template arguments: "block_sum<256>" from
 * meta->instance_name(), else meta->name.  Always NUL-terminates. */
void ld_rt_kernel_name(const struct __ldcc_kernel_meta *meta, char *buf,
                       size_t size);

/* Where arena byte `offset` lies: the target's index in meta->targets and
 * the byte offset inside that target.  Returns 0, or LD_ENOTFOUND for
 * padding between targets. */
int ld_rt_find_target(const struct __ldcc_kernel_meta *meta, uint64_t offset,
                      uint32_t *target, uint64_t *byte_in_target);

/* "tile[3][7]" for byte `byte` of target t ("s[2] (byte 4)" inside a
 * struct element, "count" for a scalar). */
void ld_rt_element_name(const struct __ldcc_target_meta *t, uint64_t byte,
                        char *buf, size_t size);

/* "10 (0x0000000a)", "0.5 (0x3f000000)" or "0x0102" for `size` bytes
 * (little-endian) printed as value_kind. */
void ld_rt_format_value(const unsigned char *bytes, uint64_t size,
                        uint32_t value_kind, char *buf, size_t size_buf);

/* "between kernel entry and reduce.cu:28" for the sites of a region. */
void ld_rt_region_text(const struct __ldcc_kernel_meta *meta,
                       uint32_t start_site, uint32_t end_site, char *buf,
                       size_t size);

/* What makes two records one race: kind, kernel, region and the element
 * (its target and index for shared memory, the allocation for a race
 * across blocks, whatever the launch); UINT32_MAX / UINT64_MAX when
 * none. */
struct ld_rt_race_key {
  uint32_t kind, start_site, end_site, target;
  uint64_t kernel_meta, element;
};

void ld_rt_race_key_of(const struct __ldcc_report *rec,
                       struct ld_rt_race_key *k);

#endif
