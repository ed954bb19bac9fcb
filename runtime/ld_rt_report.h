/* Turning the report records the device wrote into text: resolving an
 * arena offset to a variable and element (`tile[3][7]`), values in the
 * element's type, the region as barrier lines, the statements writing the
 * variable there; de-duplicating by (kind, kernel, variable, element,
 * region) and counting instances; the summary.  Host code, plain C: it
 * reads only the metadata and records (include/ldcc/host.h), no CUDA. */
#ifndef LD_RT_REPORT_H
#define LD_RT_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ldcc/host.h"

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

/* The de-duplication table of one program run. */
struct ld_rt_races;

/* Returns NULL when out of memory.  max_reports: distinct races printed in
 * full; later ones are only counted. */
struct ld_rt_races *ld_rt_races_new(long max_reports);
void ld_rt_races_free(struct ld_rt_races *r);

/* Add one record: a new distinct race (or note) is printed to out (when
 * out is not NULL and fewer than max_reports were printed).  Returns 1
 * for a new distinct race, 0 for another instance or a note, LD_ENOMEM. */
int ld_rt_races_add(struct ld_rt_races *r, const struct __ldcc_report *rec,
                    FILE *out);

/* Distinct races so far (notes excluded). */
unsigned long ld_rt_races_count(const struct ld_rt_races *r);

/* Instances of every race from the device's counters (NULL: one per
 * record), then "ldcc: summary: ..." to out. */
void ld_rt_races_summary(struct ld_rt_races *r, const unsigned *counts,
                         unsigned long checked_launches,
                         unsigned long unchecked_launches,
                         uint64_t dropped_records, FILE *out);

/* Print one record without de-duplication (used by the table, exposed for
 * tests). */
void ld_rt_report_print(const struct __ldcc_report *rec, FILE *out);

#endif
