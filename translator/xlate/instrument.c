/* Instrumentation: the plan becomes a list of text edits of the main file.
 *
 * The replay transform (DESIGN.md section 4.2) and the launch protocol
 * (4.3) are not written yet, so today no kernel or launch is rewritten and
 * the list stays empty: the translated file is the user's program plus the
 * prelude.  When they arrive they add their edits here, only for kernels the
 * plan marks checked, and never inside headers or macro expansions (the plan
 * records nothing there).  Host code only; no libclang. */
#include "ld_error.h"
#include "ld_xlate_int.h"

int ld__instrument(const struct ld_plan *plan, struct ld_edit_list *edits) {
  (void)plan;
  (void)edits;
  return LD_OK;
}
