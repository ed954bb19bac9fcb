/* Temporary directory, child process and signals (see ld_run.h).  Host code
 * only. */
/* nftw and FTW_PHYS are X/Open; _GNU_SOURCE keeps everything else too. */
#define _GNU_SOURCE 1
#include "ld_run.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ld_buf.h"
#include "ld_error.h"

static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
#define NCAUGHT (sizeof caught / sizeof caught[0])

/* State the signal handler reads.  active is set only once the tmp paths
 * array is allocated, and entries are counted after they are stored. */
static struct ld_tmp *volatile active;
static volatile pid_t child_pid;
static struct sigaction saved[NCAUGHT];

/* Remove the registered paths, newest first: files then their
 * directories.  unlink and rmdir are async-signal-safe. */
static void remove_registered(struct ld_tmp *t) {
  size_t i = t->npaths;

  while (i-- > 0)
    if (unlink(t->paths[i]) != 0)
      rmdir(t->paths[i]);
  if (t->root)
    rmdir(t->root);
}

static void on_signal(int sig) {
  int saved_errno = errno;
  pid_t pid = child_pid;

  if (pid > 0) {
    kill(pid, sig);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
      ;
  }
  if (active)
    remove_registered(active);
  /* Die of the same signal: it is blocked while this handler runs, so it
   * is delivered, with the default action, as the handler returns. */
  signal(sig, SIG_DFL);
  raise(sig);
  errno = saved_errno;
}

static void install_handlers(void) {
  struct sigaction sa;
  size_t i;

  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (i = 0; i < NCAUGHT; i++)
    sigaddset(&sa.sa_mask, caught[i]);
  for (i = 0; i < NCAUGHT; i++) {
    sigaction(caught[i], NULL, &saved[i]);
    /* A signal the caller ignores (nohup) stays ignored, as for nvcc. */
    if (saved[i].sa_handler != SIG_IGN)
      sigaction(caught[i], &sa, NULL);
  }
}

static void restore_handlers(void) {
  size_t i;

  for (i = 0; i < NCAUGHT; i++)
    if (saved[i].sa_handler != SIG_IGN)
      sigaction(caught[i], &saved[i], NULL);
}

int ld_tmp_create(struct ld_tmp *t, const char *tmpdir, size_t ninputs) {
  struct ld_buf b = LD_BUF_INIT;
  int rc;

  memset(t, 0, sizeof *t);
  if (!tmpdir || !*tmpdir)
    tmpdir = "/tmp";
  t->cap = 2 * ninputs;
  t->paths = calloc(t->cap + 1, sizeof *t->paths);
  if (!t->paths)
    return LD_ENOMEM;
  if ((rc = ld_buf_printf(&b, "%s/ldcc-XXXXXX", tmpdir)) != LD_OK)
    goto out;
  if (!mkdtemp(b.data)) {
    rc = LD_EIO;
    goto out;
  }
  t->root = ld_buf_detach(&b);
  active = t;
  install_handlers();
out:
  ld_buf_free(&b);
  if (rc != LD_OK) {
    free(t->paths);
    t->paths = NULL;
  }
  return rc;
}

/* Store p as the next registered path; the count moves after the store so
 * the handler never sees a half-written entry. */
static void register_path(struct ld_tmp *t, char *p) {
  t->paths[t->npaths] = p;
  t->npaths = t->npaths + 1;
}

static int write_all(int fd, const char *text, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, text, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return LD_EIO;
    }
    text += n;
    len -= (size_t)n;
  }
  return LD_OK;
}

int ld_tmp_write(struct ld_tmp *t, size_t index, const char *basename,
                 const char *text, size_t len, const char **out_path) {
  struct ld_buf dir = LD_BUF_INIT, file = LD_BUF_INIT;
  int fd = -1;
  int rc;

  *out_path = NULL;
  if (t->npaths + 2 > t->cap)
    return LD_ERANGE;
  if ((rc = ld_buf_printf(&dir, "%s/%zu", t->root, index)) != LD_OK ||
      (rc = ld_buf_printf(&file, "%s/%s", dir.data, basename)) != LD_OK)
    goto out;
  if (mkdir(dir.data, 0700) != 0) {
    rc = LD_EIO;
    goto out;
  }
  register_path(t, ld_buf_detach(&dir));
  fd = open(file.data, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    rc = LD_EIO;
    goto out;
  }
  *out_path = file.data;
  register_path(t, ld_buf_detach(&file)); /* same pointer, now owned by t */
  rc = write_all(fd, text, len);
  if (close(fd) != 0 && rc == LD_OK)
    rc = LD_EIO;
out:
  ld_buf_free(&dir);
  ld_buf_free(&file);
  return rc;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw) {
  (void)st;
  (void)ftw;
  if (flag == FTW_DP)
    rmdir(path);
  else
    unlink(path);
  return 0;
}

void ld_tmp_destroy(struct ld_tmp *t, int keep) {
  size_t i;

  if (!t->paths && !t->root)
    return;
  /* Anything nvcc may have left beside the translated files goes too. */
  if (!keep && t->root)
    nftw(t->root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  if (active == t) {
    restore_handlers();
    active = NULL;
  }
  for (i = 0; i < t->npaths; i++)
    free(t->paths[i]);
  free(t->paths);
  free(t->root);
  memset(t, 0, sizeof *t);
}

int ld_run_child(char *const *argv, int *status) {
  return ld_run_child_filtered(argv, NULL, NULL, status);
}

static void write_fd(int fd, const char *p, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    p += n;
    len -= (size_t)n;
  }
}

/* Pass one line through the filter (unchanged if it fails) to stderr. */
static void emit_line(ld_run_filter filter, void *ctx, const char *line,
                      size_t len) {
  struct ld_buf out = LD_BUF_INIT;

  /* A filter may keep the line for later (leaving out empty); one that
   * fails lets the line through unchanged. */
  if (filter(ctx, line, len, &out) != LD_OK)
    write_fd(STDERR_FILENO, line, len);
  else if (out.data)
    write_fd(STDERR_FILENO, out.data, out.len);
  ld_buf_free(&out);
}

/* Copy the pipe to stderr a line at a time until the child closes it. */
static void pump(int fd, ld_run_filter filter, void *ctx) {
  struct ld_buf pending = LD_BUF_INIT;
  char chunk[4096];

  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    char *nl;

    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    if (ld_buf_append(&pending, chunk, (size_t)n) != LD_OK) {
      write_fd(STDERR_FILENO, chunk, (size_t)n);
      continue;
    }
    while (pending.len && (nl = memchr(pending.data, '\n', pending.len))) {
      size_t len = (size_t)(nl - pending.data) + 1;
      emit_line(filter, ctx, pending.data, len);
      memmove(pending.data, pending.data + len, pending.len - len + 1);
      pending.len -= len;
    }
  }
  if (pending.len)
    emit_line(filter, ctx, pending.data, pending.len);
  ld_buf_free(&pending);
}

int ld_run_child_filtered(char *const *argv, ld_run_filter filter, void *ctx,
                          int *status) {
  int fds[2] = {-1, -1};
  pid_t pid;

  fflush(NULL);
  if (filter && pipe(fds) != 0)
    filter = NULL; /* no pipe: nvcc writes to stderr directly */
  pid = fork();
  if (pid < 0) {
    if (filter) {
      close(fds[0]);
      close(fds[1]);
    }
    return LD_ECHILD;
  }
  if (pid == 0) {
    size_t i;
    for (i = 0; i < NCAUGHT; i++)
      if (saved[i].sa_handler != SIG_IGN)
        signal(caught[i], SIG_DFL);
    if (filter) {
      dup2(fds[1], STDERR_FILENO);
      close(fds[0]);
      close(fds[1]);
    }
    ld_run_exec(argv);
    _exit(127);
  }
  child_pid = pid;
  if (filter) {
    close(fds[1]);
    pump(fds[0], filter, ctx);
    close(fds[0]);
  }
  while (waitpid(pid, status, 0) < 0) {
    if (errno != EINTR) {
      child_pid = 0;
      return LD_ECHILD;
    }
  }
  child_pid = 0;
  return LD_OK;
}

void ld_run_exec(char *const *argv) {
  fflush(NULL);
  if (strchr(argv[0], '/'))
    execv(argv[0], argv);
  else
    execvp(argv[0], argv);
  fprintf(stderr, "ldcc: cannot run %s: %s\n", argv[0], strerror(errno));
}

int ld_run_exit_code(int status) {
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
  }
  return 1;
}
