/* Finding things outside ldcc: the real nvcc, the CUDA toolkit the parser
 * uses, and ldcc's own runtime library and headers.
 *
 * Every function takes its inputs (environment values, its own path) as
 * arguments so the unit tests can drive it with a made-up PATH; only the
 * driver reads the environment.  Host code only. */
#ifndef LD_FIND_H
#define LD_FIND_H

/* What the lookup consults; any field may be NULL or empty. */
struct ld_find_env {
  const char *ldcc_nvcc;  /* $LDCC_NVCC */
  const char *path;       /* $PATH */
  const char *cuda_home;  /* $CUDA_HOME */
  const char *configured; /* CUDA home found when ldcc was configured */
};

/* The resolved path of the running ldcc (realpath of /proc/self/exe, else
 * of argv0 looked up like a shell would).  *out is malloc'd.  Returns 0 or
 * LD_ENOTFOUND / LD_ENOMEM. */
int ld_find_self(const char *argv0, char **out);

/* 1 when arg names an nvcc executable: its last path component is "nvcc"
 * (the `ldcc nvcc ARGS` and CMAKE_CUDA_COMPILER_LAUNCHER forms). */
int ld_find_is_nvcc_name(const char *arg);

/* The real nvcc, in this order: env->ldcc_nvcc, each PATH entry's nvcc,
 * $CUDA_HOME/bin/nvcc, <configured>/bin/nvcc.  A candidate is taken when it
 * is an executable file whose realpath is not self (so an `nvcc` symlink to
 * ldcc is skipped and ldcc never runs itself).  *out is malloc'd and is the
 * candidate as found (not resolved).  Returns 0, LD_ENOTFOUND or
 * LD_ENOMEM. */
int ld_find_nvcc(const char *self, const struct ld_find_env *env, char **out);

/* 1 when path is an executable regular file that is not self. */
int ld_find_usable(const char *path, const char *self);

/* The CUDA toolkit for the parser: dirname(dirname(realpath(nvcc))) when it
 * has include/cuda_runtime.h (a stand-in nvcc in the tests has none), else
 * cuda_home, else configured, else the nvcc-derived one.  *out malloc'd. */
int ld_find_cuda_path(const char *nvcc, const char *cuda_home,
                      const char *configured, char **out);

/* ldcc's own files: <dir of self>/../include/ldcc/ldcc.h (an installed
 * tree) gives the include directory <dir of self>/../include, else
 * fallback (the source tree's include/); <dir of self>/../lib/libldcc_rt.a
 * (the build tree and an installed tree) else <fallback_dir>/libldcc_rt.a.
 * Paths found beside self are resolved.  *out is malloc'd. */
int ld_find_include_dir(const char *self, const char *fallback, char **out);
int ld_find_runtime_lib(const char *self, const char *fallback_dir, char **out);

#endif
