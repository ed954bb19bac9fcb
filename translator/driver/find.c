/* Finding the real nvcc, the toolkit and ldcc's own files (see ld_find.h).
 * Host code only. */
#include "ld_find.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ld_buf.h"
#include "ld_error.h"

static char *join(const char *dir, const char *name) {
  struct ld_buf b = LD_BUF_INIT;

  if (ld_buf_printf(&b, "%s%s%s", dir,
                    *dir && dir[strlen(dir) - 1] != '/' ? "/" : "",
                    name) != LD_OK) {
    ld_buf_free(&b);
    return NULL;
  }
  return ld_buf_detach(&b);
}

static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The directory part of path ("." when there is none); malloc'd. */
static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');

  if (!slash)
    return strdup(".");
  if (slash == path)
    return strdup("/");
  return strndup(path, (size_t)(slash - path));
}

int ld_find_self(const char *argv0, char **out) {
  char buf[PATH_MAX];

  *out = NULL;
  if (realpath("/proc/self/exe", buf) || (argv0 && realpath(argv0, buf))) {
    *out = strdup(buf);
    return *out ? LD_OK : LD_ENOMEM;
  }
  return LD_ENOTFOUND;
}

int ld_find_is_nvcc_name(const char *arg) {
  const char *slash = strrchr(arg, '/');
  return strcmp(slash ? slash + 1 : arg, "nvcc") == 0;
}

int ld_find_usable(const char *path, const char *self) {
  char real[PATH_MAX];

  if (!path || !*path || !is_file(path) || access(path, X_OK) != 0)
    return 0;
  if (!realpath(path, real))
    return 0;
  return !self || strcmp(real, self) != 0;
}

/* Sets *out to a copy of candidate when it is usable; returns 1 then. */
static int take(const char *candidate, const char *self, char **out) {
  if (!ld_find_usable(candidate, self))
    return 0;
  *out = strdup(candidate);
  return 1;
}

static int take_in(const char *dir, const char *name, const char *self,
                   char **out) {
  char *p;
  int found;

  if (!dir || !*dir)
    return 0;
  if ((p = join(dir, name)) == NULL)
    return 0;
  found = take(p, self, out);
  free(p);
  return found;
}

int ld_find_nvcc(const char *self, const struct ld_find_env *env, char **out) {
  const char *p;

  *out = NULL;
  if (take(env->ldcc_nvcc, self, out))
    goto found;
  for (p = env->path; p && *p;) {
    size_t len = strcspn(p, ":");
    /* An empty PATH entry means the current directory, as for a shell. */
    char *dir = len ? strndup(p, len) : strdup(".");
    int found = dir && take_in(dir, "nvcc", self, out);

    free(dir);
    if (found)
      goto found;
    p += len;
    if (*p == ':')
      p++;
  }
  if (take_in(env->cuda_home, "bin/nvcc", self, out) ||
      take_in(env->configured, "bin/nvcc", self, out))
    goto found;
  return LD_ENOTFOUND;
found:
  return *out ? LD_OK : LD_ENOMEM;
}

static int has_cuda_headers(const char *root) {
  char *h;
  int yes;

  if (!root || !*root || (h = join(root, "include/cuda_runtime.h")) == NULL)
    return 0;
  yes = is_file(h);
  free(h);
  return yes;
}

int ld_find_cuda_path(const char *nvcc, const char *cuda_home,
                      const char *configured, char **out) {
  char real[PATH_MAX];
  char *bin = NULL;
  char *root = NULL;

  *out = NULL;
  if (realpath(nvcc, real) && (bin = dir_of(real)) != NULL)
    root = dir_of(bin);
  free(bin);
  if (has_cuda_headers(root)) {
    *out = root;
    return LD_OK;
  }
  if (has_cuda_headers(cuda_home))
    *out = strdup(cuda_home);
  else if (has_cuda_headers(configured))
    *out = strdup(configured);
  if (*out) {
    free(root);
    return LD_OK;
  }
  *out = root;
  return root ? LD_OK : LD_ENOMEM;
}

/* <dir of self>/../<rel> when it is a file; malloc'd, or NULL. */
static char *beside_self(const char *self, const char *rel) {
  char *bin = self ? dir_of(self) : NULL;
  char *up = bin ? join(bin, "..") : NULL;
  char *p = up ? join(up, rel) : NULL;

  char real[PATH_MAX];

  free(bin);
  free(up);
  if (p && is_file(p) && realpath(p, real)) {
    free(p);
    return strdup(real);
  }
  free(p);
  return NULL;
}

int ld_find_include_dir(const char *self, const char *fallback, char **out) {
  char *h = beside_self(self, "include/ldcc/ldcc.h");

  if (h) {
    /* Strip "/ldcc/ldcc.h" to get the directory to put on -isystem. */
    h[strlen(h) - strlen("/ldcc/ldcc.h")] = '\0';
    *out = h;
    return LD_OK;
  }
  *out = strdup(fallback);
  return *out ? LD_OK : LD_ENOMEM;
}

int ld_find_runtime_lib(const char *self, const char *fallback_dir,
                        char **out) {
  *out = beside_self(self, "lib/libldcc_rt.a");
  if (!*out)
    *out = join(fallback_dir, "libldcc_rt.a");
  return *out ? LD_OK : LD_ENOMEM;
}
