/* The driver of the facts passes (facts.c).  Host code only. */
#ifndef LD_FACTS_H
#define LD_FACTS_H

#include "ld_analysis.h"

/* Run the facts passes over every kernel of an->plan: warp checks, default
 * argument cuts, replay clones, the check across blocks.  0 or LD_ENOMEM. */
int ld__facts_analyse(struct analysis *an);

#endif
