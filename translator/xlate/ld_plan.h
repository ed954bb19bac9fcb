/* The plan: what the analysis found in one translation unit, as plain C.
 *
 * Only the parse/analyse step (parse.c) fills it; instrumenting, editing,
 * dumping and the driver read it and never see libclang.  Positions are
 * 1-based line and column in the main file; byte offsets are 0-based into
 * the main file's bytes.  Host code only. */
#ifndef LD_PLAN_H
#define LD_PLAN_H

#include <stddef.h>
#include <stdio.h>

enum ld_space {
  LD_SPACE_SHARED,
  LD_SPACE_GLOBAL,
};

struct ld_pos {
  unsigned line; /* 1-based */
  unsigned col;  /* 1-based, in bytes */
  size_t offset; /* 0-based byte offset in the main file */
};

/* Index value meaning "no kernel" (a barrier in a device function). */
#define LD_PLAN_NONE ((size_t)-1)

struct ld_kernel {
  char *name;       /* spelling of the kernel's name, e.g. "reduce" */
  struct ld_pos at; /* position of the name in the definition */
  int is_template;  /* 1 for a function template */
  int checked;      /* 1 when the kernel will be instrumented */
  char *reason;     /* why checked == 0; NULL otherwise; one short phrase */
};

struct ld_target {
  size_t kernel; /* index into plan->kernels */
  enum ld_space space;
  char *name;       /* variable or parameter name */
  struct ld_pos at; /* its declaration */
  int is_extern;    /* extern __shared__ */
  int written;      /* 1 when the kernel (or a callee) writes it */
};

struct ld_barrier {
  size_t kernel;    /* index into plan->kernels, or LD_PLAN_NONE when the
                       call is in a __device__ function */
  char *func;       /* name of the function containing the call; owned */
  char *form;       /* "__syncthreads", "__syncthreads_count", "cg.sync" ... */
  struct ld_pos at; /* start of the call, or of the macro expansion that
                       contains it */
  int in_macro;     /* 1 when the call is written inside a macro expansion */
};

struct ld_launch {
  char *kernel;     /* name of the launched kernel, without template args */
  struct ld_pos at; /* position of the kernel name at a `<<<>>>` launch, of
                       the call for cudaLaunchKernel */
  int via_api;      /* 1 for cudaLaunchKernel(k, ...) */
};

struct ld_plan {
  char *file; /* main file path as given */
  struct ld_kernel *kernels;
  size_t nkernels;
  struct ld_target *targets;
  size_t ntargets;
  struct ld_barrier *barriers;
  size_t nbarriers;
  struct ld_launch *launches;
  size_t nlaunches;
};

/* Write one stable line per fact, kinds in this order, each kind in source
 * order (targets grouped by kernel, in kernel order):
 *   KERNEL name=<n> checked=<yes|no> [reason="<why>"] at=<l>:<c> [template]
 *   TARGET kernel=<k> space=<shared|global> name=<v> at=<l>:<c> [extern]
 * written=<yes|no> BARRIER kernel=<f> form=<form> at=<l>:<c> [macro] LAUNCH
 * kernel=<k> at=<l>:<c> [cudaLaunchKernel] <why> is a short phrase in double
 * quotes (it never contains a quote). BARRIER's kernel is the function that
 * contains the call: a kernel or a
 * __device__ function.  Returns 0 or LD_EIO. */
int ld_plan_dump(const struct ld_plan *plan, FILE *out);
/* Releases the plan and everything it owns; ld_plan_free(NULL) is a no-op. */
void ld_plan_free(struct ld_plan *plan);

#endif
