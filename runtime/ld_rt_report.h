/* Turning the report records the device wrote into reports: resolving an
 * arena offset to a variable and element (`tile[3][7]`), values in the
 * element's type, the region as barrier lines, the statements writing the
 * variable there; de-duplicating by (kind, kernel, variable, element,
 * region), suppressing, counting instances; the summary; in the format
 * LDCC_OPTIONS asks for (text, JSON lines in ld_rt_json.c, SARIF 2.1.0 in
 * ld_rt_sarif.c).  docs/report-format.md is the shape of every format.
 * Host code, plain C: it reads only the metadata and records
 * (include/ldcc/host.h), no CUDA. */
#ifndef LD_RT_REPORT_H
#define LD_RT_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ld_rt_options.h"
#include "ld_rt_suppress.h"
#include "ldcc/host.h"

/* Kinds of report, indexed by enum __ldcc_report_kind (0: unknown).
 * X(kind, name, is_race, memory, rule title, rule description).  The name
 * is the `kind` of JSON lines, the SARIF rule id and the first field of a
 * suppression pattern. */
#define LD_RT_KIND_TABLE(X)                                                    \
  X(0, "unknown", 0, NULL, "Unknown report",                                   \
    "A report record ldcc cannot "                                             \
    "decode (a runtime of another version wrote it).")                         \
  X(__LDCC_RK_WRITE_WRITE, "write-write", 1, "shared",                         \
    "Write-write race on shared memory",                                       \
    "Two warps of one block wrote different values to the same shared "        \
    "memory element between the same two barriers.")                           \
  X(__LDCC_RK_READ_WRITE, "read-write", 1, "shared",                           \
    "Read-write race on shared memory",                                        \
    "A warp's result in shared memory changed once it saw the writes other "   \
    "warps made between the same two barriers: it read data another warp "     \
    "wrote without a barrier in between.")                                     \
  X(__LDCC_RK_REGISTERS, "registers", 1, NULL,                                 \
    "Read-write race through registers",                                       \
    "A thread's local variables differed between the two passes of a "         \
    "region: it read data another warp wrote between the same two "            \
    "barriers.")                                                               \
  X(__LDCC_RK_GLOBAL, "global-store", 1, "global",                             \
    "Read-write race through a global store",                                  \
    "A store to global memory wrote another value once the thread saw other "  \
    "warps' writes between the same two barriers.")                            \
  X(__LDCC_RK_LOG_OVERFLOW, "undo-log-overflow", 0, NULL,                      \
    "Region checked for write-write races only",                               \
    "A region stored to global memory more often than the undo log holds, "    \
    "so it was not replayed.")                                                 \
  X(__LDCC_RK_GLOBAL_ATOMIC, "global-atomic", 1, "global",                     \
    "Read-write race through a global atomic",                                 \
    "A global atomic had another operand, or a thread ran another number of "  \
    "atomics, once it saw other warps' writes between the same two "           \
    "barriers.")                                                               \
  X(__LDCC_RK_GLOBAL_WW, "global-write-write", 1, "global",                    \
    "Write-write race on global memory",                                       \
    "Two blocks (or two warps of a kernel without barriers) wrote different "  \
    "values to the same global memory element in one launch.")                 \
  X(__LDCC_RK_GLOBAL_RW, "global-read-write", 1, "global",                     \
    "Read-write race on global memory",                                        \
    "A block's (or warp's) result in global memory changed once it saw the "   \
    "writes other blocks made in the same launch: it read data another "       \
    "block wrote.")                                                            \
  X(__LDCC_RK_INTRA_WARP, "intra-warp", 1, NULL,                               \
    "Intra-warp race under independent thread scheduling",                     \
    "Two lanes of one warp accessed the same location, at least one of them "  \
    "writing, with no __syncwarp, warp collective or barrier between the "     \
    "accesses: since Volta the lanes of a warp are not in lockstep.")          \
  X(__LDCC_RK_SCOPED_ATOMIC, "block-scope-atomic", 1, "global",                \
    "Block-scope atomic on memory other blocks touch",                         \
    "Threads of two blocks used block-scope atomics (atomicAdd_block and "     \
    "friends) on the same global location in one launch: such an atomic is "   \
    "atomic only among the threads of its own block.")                         \
  X(__LDCC_RK_SCOPED_FENCE, "scoped-fence", 1, "global",                       \
    "Data handed through a flag without a fence of the right scope",           \
    "A thread read data that a thread of another block (or another warp) "     \
    "wrote and then published through a flag or lock, but the writer had no "  \
    "fence covering the reader between the data write and the flag write "     \
    "(__threadfence() between blocks, __threadfence_block() within one), or "  \
    "the reader none between the flag read and the data read.")

#define LD_RT_NKINDS 12u

/* The kind's name ("write-write"), "unknown" out of range. */
const char *ld_rt_kind_name(uint32_t kind);
/* 1 for kinds that are races (counted, exit status), 0 for notes. */
int ld_rt_kind_is_race(uint32_t kind);
/* "shared", "global" or NULL (not known). */
const char *ld_rt_kind_memory(uint32_t kind);
const char *ld_rt_kind_title(uint32_t kind);
const char *ld_rt_kind_description(uint32_t kind);

#define LD_RT_MAX_STATEMENTS 64 /* statement lines kept per report */

/* Everything a report says about one record, resolved once and printed in
 * any format.  Strings are NUL-terminated and "" when absent. */
struct ld_rt_race_desc {
  uint32_t kind;         /* enum __ldcc_report_kind */
  const char *file;      /* the kernel's file, "?" when unknown */
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
  const struct __ldcc_report *rec;
};

/* Resolve rec into d. */
void ld_rt_race_describe(const struct __ldcc_report *rec,
                         struct ld_rt_race_desc *d);

/* Print d as text (docs/report-format.md), with ANSI colours when colour
 * is set. */
void ld_rt_race_print_text(const struct ld_rt_race_desc *d, int colour,
                           FILE *out);

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

/* How a run reports. */
struct ld_rt_report_config {
  enum ld_rt_format format;
  long max_reports; /* distinct races printed in full; later only counted */
  int colour;       /* ANSI colours in text output */
  FILE *messages;   /* json/sarif: where text lines go: verbosity lines, and
                       the summary and not-checked lines when it is not
                       the report stream (NULL: nowhere) */
  struct ld_rt_suppressions *suppressions; /* owned by the table; NULL */
};

/* Returns NULL when out of memory (c->suppressions is then freed). */
struct ld_rt_races *ld_rt_races_new_config(const struct ld_rt_report_config *c);

/* Text, no colour, no suppressions. */
struct ld_rt_races *ld_rt_races_new(long max_reports);

/* The table for a program run from its options: format, max_reports,
 * suppressions (an unreadable or bad file gives one message per problem on
 * err and the run goes on), colour when format is text, log_path is unset,
 * out is a terminal, NO_COLOR is unset and TERM is not "dumb"; for json and
 * sarif, text lines go to err (the summary too when out is another
 * stream).  NULL when out of memory. */
struct ld_rt_races *ld_rt_races_open(const struct ld_rt_options *o, FILE *out,
                                     FILE *err);
void ld_rt_races_free(struct ld_rt_races *r);

/* Where a human-readable line of the runtime goes (verbosity lines): out
 * for text, the messages stream (or NULL) for json and sarif, which keep
 * the report stream machine-readable when it is a log_path. */
FILE *ld_rt_races_messages(const struct ld_rt_races *r, FILE *out);

/* Add one record: a new distinct race (or note) is reported to out (when
 * out is not NULL and fewer than max_reports were reported) unless a
 * suppression matches it.  Returns 1 for a new distinct race, 0 for
 * another instance, a suppressed race or a note, LD_ENOMEM. */
int ld_rt_races_add(struct ld_rt_races *r, const struct __ldcc_report *rec,
                    FILE *out);

/* A launch that runs unchecked: "ldcc: launch of K at F:L not checked:
 * why" in text, a JSON line, a SARIF notification (and the text line on
 * the messages stream).  r may be NULL (text); meta may be NULL. */
void ld_rt_races_unchecked(struct ld_rt_races *r,
                           const struct __ldcc_kernel_meta *meta, int launch_id,
                           const char *why, FILE *out);
/* The same with another state than "not checked" ("not deterministic" in a
 * --ldcc-deterministic build: the launch ran unchanged). */
void ld_rt_races_unchecked_as(struct ld_rt_races *r,
                              const struct __ldcc_kernel_meta *meta,
                              int launch_id, const char *state, const char *why,
                              FILE *out);

/* Distinct races so far (notes and suppressed races excluded). */
unsigned long ld_rt_races_count(const struct ld_rt_races *r);

/* Distinct races a suppression matched. */
unsigned long ld_rt_races_suppressed(const struct ld_rt_races *r);

/* Instances of every race from the device's counters (NULL: one per
 * record), then the summary to out: "ldcc: summary: ..." and a line per
 * race shown (text), a summary line (json) or the whole SARIF log. */
void ld_rt_races_summary(struct ld_rt_races *r, const unsigned *counts,
                         unsigned long checked_launches,
                         unsigned long unchecked_launches,
                         uint64_t dropped_records, FILE *out);

/* Print one record as text without de-duplication or colour. */
void ld_rt_report_print(const struct __ldcc_report *rec, FILE *out);

#endif
