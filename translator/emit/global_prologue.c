/* The prologue of a clone checked across blocks (docs/global-check.md):
 * global_emit.c puts it at the top of `__ldcc_g_<k>`, and replay_emit.c at
 * the top of a composed kernel's shared-memory clone, which takes the
 * global copies too (docs/deterministic.md).  Host code only; no
 * libclang. */
#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"

int ld__global_fields(const struct ld_global *g, size_t i) {
  return g->params[i].written && !g->params[i].is_pointer && *g->params[i].name;
}

size_t ld__global_npointers(const struct ld_global *g) {
  size_t i, n = 0;

  for (i = 0; i < g->nparams; i++)
    n += g->params[i].is_pointer;
  return n;
}

int ld__global_prologue(const struct ld_kernel *k, int deterministic,
                        struct ld_buf *b) {
  const struct ld_global *g = k->global;
  size_t i;
  int rc = ld_buf_puts(b, " const unsigned __ldcc_gc = "
                          "__ldcc::gcopy(__ldcc_gi);");

  /* Deterministic mode runs only one round's units at a time
   * (docs/deterministic-global.md); the others return at once, a whole
   * block at a time when units are blocks. */
  if (!rc && deterministic)
    rc = ld_buf_puts(b, " if (__ldcc_gc == __LDCC_GNONE) return;");
  for (i = 0; i < g->nparams && !rc; i++)
    if (g->params[i].is_pointer && *g->params[i].name)
      rc = ld_buf_printf(b, " __ldcc::gshift(__ldcc_gi, __ldcc_gc, %s, %d);",
                         g->params[i].name, g->params[i].ptr_index);
  /* A by-value class holding pointers: the words the runtime found in
   * its argument (__ldcc_gi.patch) now point into the unit's copies. */
  for (i = 0; i < g->nparams && !rc; i++)
    if (ld__global_fields(g, i))
      rc = ld_buf_printf(b, " __ldcc::gpatch(__ldcc_gi, __ldcc_gc, %s, %zu);",
                         g->params[i].name, i);
  /* A written __device__ variable: its name now means the unit's copy. */
  for (i = 0; i < g->nvars && !rc; i++)
    rc = ld_buf_printf(b,
                       " auto *__ldcc_v%zu = &%s; __ldcc::gshift(__ldcc_gi, "
                       "__ldcc_gc, __ldcc_v%zu, %zu); auto &%s = *__ldcc_v%zu;",
                       i, g->vars[i], i, ld__global_npointers(g) + i,
                       ld_gvar_name(g, i), i);
  for (i = 0; i < g->nvars && i < 64 && !rc; i++)
    if (g->vars_unnamed >> i & 1)
      rc = ld_buf_printf(b, " (void)%s;", ld_gvar_name(g, i));
  return rc;
}
