/* The last decisions on the plan, before and after the emit step tries it.
 *
 * The analysis decides what each kernel gets; a few decisions need the
 * whole plan (a deterministic kernel launched where only one of its clones
 * is declared), the source text (whether a clone bounded to 1024 threads
 * can be declared), or what the emit step found when it rendered a clone
 * (edits that collide).  This is the only place that makes a kernel, or
 * one of its checks, unchecked after the analysis; the emit step reads the
 * finished plan and only reports what it could not render.  It also
 * records what --ldcc-deterministic makes of each kernel (ld_det_kernel).
 * Plain C on the plan; host code only. */
#ifndef LD_FINALIZE_H
#define LD_FINALIZE_H

#include <stddef.h>

#include "ld_plan.h"

/* Which of a kernel's clones the emit step could not render. */
enum ld_unrendered_part {
  LD_UNRENDERED_GLOBAL, /* the clone checked across blocks */
  LD_UNRENDERED_REPLAY, /* the shared-memory replay's clone */
};

struct ld_unrendered {
  size_t kernel; /* index into plan->kernels */
  enum ld_unrendered_part part;
  const char *why; /* a static phrase, for the plan's reason */
};

/* What one run of the emit step could not render, in the order found. */
struct ld_unrendered_list {
  struct ld_unrendered *items;
  size_t n;
  size_t cap;
};

#define LD_UNRENDERED_LIST_INIT                                                \
  { NULL, 0, 0 }

/* Append one report; LD_ENOMEM when the list cannot grow. */
int ld_unrendered_add(struct ld_unrendered_list *l, size_t kernel,
                      enum ld_unrendered_part part, const char *why);
/* Releases the reports; the list may be reused.  NULL is a no-op. */
void ld_unrendered_free(struct ld_unrendered_list *l);

/* Before the emit step: a composed kernel (LD_COMPOSED) launched where its
 * shared-memory clone is declared but the check across blocks' clone is
 * not is not checked across blocks; an unchecked kernel keeps no replay;
 * a kernel's replay gets the `__lb` clone unless the user bounded it or
 * its name is written qualified in src (the attribute cannot go there);
 * then each kernel's deterministic case.  0 or LD_ENOMEM. */
int ld_finalize_plan(struct ld_plan *plan, const char *src);
/* After an emit step that reported l: each reported clone's check is
 * dropped with its reason (a replay's kernel becomes unchecked), and the
 * deterministic cases are recorded again.  0 or LD_ENOMEM. */
int ld_finalize_unrendered(struct ld_plan *plan,
                           const struct ld_unrendered_list *l);

#endif
