/* Status codes shared by the translator and the driver.
 *
 * Every function that can fail returns an int: 0 on success or one of the
 * negative LD_E* codes below.  The table is an X-macro so the enum and the
 * messages can never drift apart.  Host code only; no libclang, no CUDA. */
#ifndef LD_ERROR_H
#define LD_ERROR_H

#define LD_ERROR_TABLE(X)                                                      \
  X(LD_ENOMEM, -1, "out of memory")                                            \
  X(LD_EIO, -2, "input/output error")                                          \
  X(LD_EINVAL, -3, "invalid argument")                                         \
  X(LD_EPARSE, -4, "the source could not be parsed")                           \
  X(LD_EUNSUPPORTED, -5, "construct not supported by the translator")          \
  X(LD_EOVERLAP, -6, "overlapping source edits")                               \
  X(LD_ENOTFOUND, -7, "not found")                                             \
  X(LD_ECHILD, -8, "child process failed")                                     \
  X(LD_ERANGE, -9, "value out of range")

enum ld_status {
  LD_OK = 0,
#define LD_ERROR_ENUM(name, value, text) name = value,
  LD_ERROR_TABLE(LD_ERROR_ENUM)
#undef LD_ERROR_ENUM
};

/* Returns a static, human-readable sentence for a status code; never NULL. */
const char *ld_strerror(int status);

#endif
