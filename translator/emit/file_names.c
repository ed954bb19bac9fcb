/* The names reports give the files of a translation unit (ld_file_names.h).
 *
 * The main file keeps the name it was given (`plan->file`: what the user
 * wrote on the command line).  A pasted header is known by its absolute
 * path (plan->lines); it is named the way the compiler spells a header
 * found next to the file that includes it: when it lies in the main file's
 * directory or below, the main file's directory as the user wrote it
 * (nothing for a main file named without one) and the rest of the path,
 * so `nvcc src/app.cu` names `src/k.cuh` and `nvcc app.cu` names `k.cuh`;
 * anywhere else, its absolute path.  Host code only; no libclang. */
#include "ld_file_names.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int ld__file_differs(const struct ld_plan *plan, size_t a, size_t b) {
  return ld_line_map_file_at(&plan->lines, a) !=
         ld_line_map_file_at(&plan->lines, b);
}

int ld__in_main_file(const struct ld_plan *plan, size_t offset) {
  return ld_line_map_file_at(&plan->lines, offset) == 0;
}

/* Appends the report name of the header at absolute path abs. */
static int put_header_name(struct ld_buf *b, const struct ld_plan *plan,
                           const char *abs) {
  const char *slash = strrchr(plan->file, '/');
  size_t dirlen = slash ? (size_t)(slash - plan->file) : 0, n;
  char dir[PATH_MAX], real[PATH_MAX];
  int rc;

  if (slash && dirlen == 0)
    dirlen = 1; /* the main file is in `/` */
  if (dirlen >= sizeof dir)
    return ld_buf_put_c_escaped(b, abs);
  memcpy(dir, slash ? plan->file : ".", slash ? dirlen : 1);
  dir[slash ? dirlen : 1] = '\0';
  if (!realpath(dir, real))
    return ld_buf_put_c_escaped(b, abs);
  n = strlen(real);
  if (n == 1) /* `/`: every absolute path is below it */
    n = 0;
  if (strncmp(abs, real, n) || abs[n] != '/')
    return ld_buf_put_c_escaped(b, abs);
  if (!slash)
    return ld_buf_put_c_escaped(b, abs + n + 1);
  rc = ld_buf_put_c_escaped(b, dir);
  if (!rc && strcmp(dir, "/"))
    rc = ld_buf_putc(b, '/');
  return rc ? rc : ld_buf_put_c_escaped(b, abs + n + 1);
}

int ld__put_file_expr(struct ld_buf *b, const struct ld_plan *plan,
                      size_t offset, const char *main_var) {
  size_t file = ld_line_map_file_at(&plan->lines, offset);
  int rc;

  if (file == 0 || file >= plan->lines.nfiles || !plan->lines.files[file])
    return ld_buf_puts(b, main_var);
  rc = ld_buf_putc(b, '"');
  if (!rc)
    rc = put_header_name(b, plan, plan->lines.files[file]);
  return rc ? rc : ld_buf_putc(b, '"');
}
