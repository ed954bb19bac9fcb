/* The private temporary directory and running nvcc as a child.
 *
 * One directory per ldcc process (mkdtemp under $TMPDIR or /tmp) holds one
 * numbered subdirectory per translated input, so inputs with the same
 * basename never clash and parallel builds never share files.  The
 * directory is removed on every exit path: normal return, and SIGINT,
 * SIGTERM and SIGHUP, after which the signal is re-raised so ldcc's caller
 * sees the same status nvcc would have given.  The signal path removes only
 * what ldcc registered, with async-signal-safe calls.  Host code only. */
#ifndef LD_RUN_H
#define LD_RUN_H

#include <stddef.h>

struct ld_tmp {
  char *root;    /* the mkdtemp directory; owned */
  char **paths;  /* what ldcc created in it, in creation order; owned */
  size_t npaths; /* used entries */
  size_t cap;    /* fixed when created: the signal handler reads it */
};

/* Create the directory under tmpdir (NULL or "": /tmp) with room for
 * ninputs translated files, and install the signal handlers that remove
 * it.  Only one ld_tmp may be active in a process. */
int ld_tmp_create(struct ld_tmp *t, const char *tmpdir, size_t ninputs);

/* Write len bytes of text as <root>/<index>/<basename>; *out_path is the
 * new file's path (owned by t). */
int ld_tmp_write(struct ld_tmp *t, size_t index, const char *basename,
                 const char *text, size_t len, const char **out_path);

/* Remove the directory and everything in it (unless keep), restore the
 * signal handlers and free t.  ld_tmp_destroy on a zeroed t is a no-op. */
void ld_tmp_destroy(struct ld_tmp *t, int keep);

/* Run argv[0] (a path, or a name looked up in PATH) with argv and wait for
 * it.  A terminating signal that reaches ldcc meanwhile is passed on to the
 * child; the handler then cleans up and re-raises it.  Returns 0 and the
 * wait status in *status, or LD_ECHILD when fork failed. */
int ld_run_child(char *const *argv, int *status);

/* Rewrites one line of the child's stderr (len bytes, with its newline if
 * it had one) into out, which is then written to stderr (nothing when it
 * stays empty: the filter may keep the line itself).  Returns 0, or a
 * negative LD_E* to have the line written unchanged. */
struct ld_buf;
typedef int (*ld_run_filter)(void *ctx, const char *line, size_t len,
                             struct ld_buf *out);

/* Like ld_run_child, but the child's stderr goes through filter, line by
 * line, on its way to ldcc's stderr (filter NULL: not redirected). */
int ld_run_child_filtered(char *const *argv, ld_run_filter filter, void *ctx,
                          int *status);

/* Replace the process with argv[0]; returns only on failure, after saying
 * why on stderr; the caller exits 127 as a shell would. */
void ld_run_exec(char *const *argv);

/* Turn a wait status into ldcc's own exit: the exit code, or the same
 * signal re-raised (after the caller has cleaned up). */
int ld_run_exit_code(int status);

#endif
