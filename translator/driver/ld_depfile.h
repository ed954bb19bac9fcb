/* Dependency files of translated inputs.
 *
 * nvcc names the file it compiled in the dependency file it writes for -MD
 * and -MMD.  For a translated input that is ldcc's temporary copy, which is
 * gone after the build, so make and ninja would rebuild forever.  This
 * module works out where nvcc wrote the file and puts the user's path back.
 * Host code only. */
#ifndef LD_DEPFILE_H
#define LD_DEPFILE_H

#include <stddef.h>

/* Where nvcc writes the dependency file for one input, as `nvcc --help`
 * describes it: the -MF value; else the -o value with its suffix replaced
 * by ".d"; else the input's basename with its suffix replaced by ".d", in
 * the current directory.  *out is malloc'd. */
int ld_depfile_path(const char *mf, const char *output, const char *input,
                    char **out);

struct ld_buf;

/* Append text[0..len) to out with every occurrence of from[i] replaced by
 * to[i]; spaces in to[i] are escaped for make when escape_spaces.  Used for
 * dependency files and for nvcc's diagnostics. */
int ld_depfile_subst(struct ld_buf *out, const char *text, size_t len,
                     const char *const *from, const char *const *to, size_t n,
                     int escape_spaces);

/* In the file at path, replace every occurrence of from[i] by to[i] (to[i]
 * with spaces escaped for make).  The file is replaced atomically.  A
 * missing file is not an error (nvcc may not have written one). */
int ld_depfile_rewrite(const char *path, const char *const *from,
                       const char *const *to, size_t n);

/* In the file at path, add deps[0..n) to the prerequisites of its first
 * rule (spaces escaped for make): the user headers the translator pasted
 * into the translated copy, which nvcc then never opened
 * (docs/translator.md, "The whole translation unit").  Atomic as above; a
 * missing file or n == 0 changes nothing. */
int ld_depfile_add(const char *path, const char *const *deps, size_t n);

#endif
