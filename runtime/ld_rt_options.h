/* LDCC_OPTIONS: the runtime's options, parsed from `key=value:key=value`.
 *
 * One X-macro table lists every option with its type, default, limits and
 * help text; parsing, defaults, `help=1` and docs/options.md all come from
 * it (a unit test checks the doc against the table).  A bad entry (unknown
 * name, malformed or out-of-range value) produces one message and leaves
 * that option at its previous value: the program always runs.
 * Host code only, plain C. */
#ifndef LD_RT_OPTIONS_H
#define LD_RT_OPTIONS_H

#include <stdio.h>

enum ld_rt_format {
  LD_RT_FORMAT_TEXT,
  LD_RT_FORMAT_JSON,
  LD_RT_FORMAT_SARIF,
};

/* What a --ldcc-deterministic build does with a launch it cannot run
 * deterministically (docs/deterministic.md, "Deterministic or stopped"). */
enum ld_rt_fallback {
  LD_RT_FALLBACK_STOP, /* stop the program there with deterministic_exitcode */
  LD_RT_FALLBACK_WARN, /* say so once per launch site and run it as built */
};

/* X(name, type, default, min, max, help)
 * type: INT (long, inclusive limits), BOOL (0/1), FORMAT, FALLBACK (stop
 * or warn), PATH (string). */
#define LD_RT_OPTION_TABLE(X)                                                  \
  X(log_path, PATH, 0, 0, 0, "write reports to this file instead of stderr")   \
  X(format, FORMAT, LD_RT_FORMAT_TEXT, 0, 0,                                   \
    "report format: text, json (JSON lines) or sarif (SARIF 2.1.0)")           \
  X(exitcode, INT, 66, 0, 255,                                                 \
    "exit status when races were reported and the program would exit 0")       \
  X(halt_on_error, BOOL, 0, 0, 1, "stop the program at the first race")        \
  X(strict, BOOL, 0, 0, 1,                                                     \
    "make a launch that was not checked an error: a program that would "       \
    "exit 0 exits with strict_exitcode")                                       \
  X(strict_exitcode, INT, 67, 0, 255,                                          \
    "exit status under strict=1 when a launch was not checked")                \
  X(deterministic_fallback, FALLBACK, LD_RT_FALLBACK_STOP, 0, 0,               \
    "deterministic builds: a launch that cannot run deterministically stops "  \
    "the program (stop) or runs as built after one warning (warn)")            \
  X(deterministic_exitcode, INT, 68, 0, 255,                                   \
    "exit status of a deterministic build stopped at such a launch")           \
  X(max_reports, INT, 1000, 0, 1000000000,                                     \
    "distinct races reported before further ones are only counted")            \
  X(max_copies, INT, 0, 0, 1000000,                                            \
    "most private copies of global targets per launch (0: from free memory, "  \
    "at most 64)")                                                             \
  X(copy_memory_mb, INT, 0, 0, 1000000000,                                     \
    "most MiB of device memory the copies of one launch across blocks may "    \
    "take (0: 3/4 of free memory); fewer copies, more rounds")                 \
  X(warp_groups, BOOL, 1, 0, 1,                                                \
    "let warps share copies in shared memory when a copy per warp does not "   \
    "fit (0: a copy per warp, in global memory if need be)")                   \
  X(one_run, BOOL, 1, 0, 1,                                                    \
    "run a launch whose pointers into written memory are only accessed "       \
    "element by element once, claiming words per unit, before any copy "       \
    "(0: always copies)")                                                      \
  X(proofs, BOOL, 1, 0, 1,                                                     \
    "run a launch without the shared-memory replay when the translator "       \
    "proved its kernel race-free in shared memory for the launch's block "     \
    "shape (0: replay it anyway)")                                             \
  X(atomic_reads, BOOL, 1, 0, 1,                                               \
    "in the direct one run, report a plain read of a word another unit "       \
    "updates atomically (0: such reads are not races)")                        \
  X(lanes, BOOL, 1, 0, 1,                                                      \
    "in the one run and the direct one run, check lanes of one warp that "     \
    "store to or update one global word in the same instruction (0: off)")     \
  X(report_same_value_writes, BOOL, 0, 0, 1,                                   \
    "also report two units writing the same value to one location")            \
  X(report, BOOL, 1, 0, 1,                                                     \
    "report races at all (deterministic mode may turn it off)")                \
  X(suppressions, PATH, 0, 0, 0,                                               \
    "file of kind:kernel:variable:file:line patterns to suppress")             \
  X(verbosity, INT, 0, 0, 3, "0 quiet, 1 memory and launch summary, 2-3 more") \
  X(help, BOOL, 0, 0, 1, "print this table at start-up")

struct ld_rt_options {
#define LD_RT_FIELD_INT long
#define LD_RT_FIELD_BOOL int
#define LD_RT_FIELD_FORMAT enum ld_rt_format
#define LD_RT_FIELD_FALLBACK enum ld_rt_fallback
#define LD_RT_FIELD_PATH char *
#define LD_RT_OPTION_FIELD(name, type, def, min, max, help)                    \
  LD_RT_FIELD_##type name;
  LD_RT_OPTION_TABLE(LD_RT_OPTION_FIELD)
#undef LD_RT_OPTION_FIELD
};

/* Set every option to its default.  PATH options become NULL. */
void ld_rt_options_defaults(struct ld_rt_options *o);

/* Apply spec (may be NULL or empty) on top of *o.  Each bad entry writes
 * one line "ldcc: LDCC_OPTIONS: ..." to err (if err is not NULL) and is
 * skipped.  Returns the number of bad entries (0 when all applied), or
 * LD_ENOMEM.  PATH values are strdup'ed; release with ld_rt_options_free. */
int ld_rt_options_parse(struct ld_rt_options *o, const char *spec, FILE *err);

/* Print the table (name, type, default, help), one option per line. */
void ld_rt_options_print_help(FILE *out);

/* The exit status the runtime gives the program at the end of the run:
 * exitcode when races were reported (report=1) and the program would exit
 * 0, or was halted (halting != 0); else strict_exitcode under strict=1
 * when a launch was not checked and the program would exit 0; else -1
 * (the program's own status stands). */
long ld_rt_options_exit_status(const struct ld_rt_options *o, int status,
                               int halting, unsigned long races,
                               unsigned long unchecked);

/* Free the strings *o owns and reset them to NULL. */
void ld_rt_options_free(struct ld_rt_options *o);

#endif
