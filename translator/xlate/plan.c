/* Dumping and freeing the plan (see ld_plan.h).  The dump is the contract
 * the goldens pin, so its format changes only together with ld_plan.h and
 * docs/translator.md.  Host code only. */
#include "ld_plan.h"

#include <stdlib.h>

#include "ld_error.h"

static const char *yes_no(int v) {
  return v ? "yes" : "no";
}

static const char *kernel_name(const struct ld_plan *plan, size_t k) {
  return k < plan->nkernels ? plan->kernels[k].name : "?";
}

int ld_plan_dump(const struct ld_plan *plan, FILE *out) {
  size_t i;

  for (i = 0; i < plan->nkernels; i++) {
    const struct ld_kernel *k = &plan->kernels[i];
    fprintf(out, "KERNEL name=%s checked=%s", k->name, yes_no(k->checked));
    if (!k->checked && k->reason)
      fprintf(out, " reason=\"%s\"", k->reason);
    fprintf(out, " at=%u:%u%s\n", k->at.line, k->at.col,
            k->is_template ? " template" : "");
  }
  for (i = 0; i < plan->ntargets; i++) {
    const struct ld_target *t = &plan->targets[i];
    fprintf(out, "TARGET kernel=%s space=%s name=%s at=%u:%u%s written=%s\n",
            kernel_name(plan, t->kernel),
            t->space == LD_SPACE_SHARED ? "shared" : "global", t->name,
            t->at.line, t->at.col, t->is_extern ? " extern" : "",
            yes_no(t->written));
  }
  for (i = 0; i < plan->nbarriers; i++) {
    const struct ld_barrier *b = &plan->barriers[i];
    fprintf(out, "BARRIER kernel=%s form=%s at=%u:%u%s\n",
            b->func ? b->func : kernel_name(plan, b->kernel), b->form,
            b->at.line, b->at.col, b->in_macro ? " macro" : "");
  }
  for (i = 0; i < plan->nlaunches; i++) {
    const struct ld_launch *l = &plan->launches[i];
    fprintf(out, "LAUNCH kernel=%s at=%u:%u%s\n", l->kernel, l->at.line,
            l->at.col, l->via_api ? " cudaLaunchKernel" : "");
  }
  return ferror(out) ? LD_EIO : LD_OK;
}

void ld_plan_free(struct ld_plan *plan) {
  size_t i;

  if (!plan)
    return;
  for (i = 0; i < plan->nkernels; i++) {
    free(plan->kernels[i].name);
    free(plan->kernels[i].reason);
  }
  for (i = 0; i < plan->ntargets; i++)
    free(plan->targets[i].name);
  for (i = 0; i < plan->nbarriers; i++) {
    free(plan->barriers[i].func);
    free(plan->barriers[i].form);
  }
  for (i = 0; i < plan->nlaunches; i++)
    free(plan->launches[i].kernel);
  free(plan->kernels);
  free(plan->targets);
  free(plan->barriers);
  free(plan->launches);
  free(plan->file);
  free(plan);
}
