/* The shared-memory proof's facts of one kernel (shared_proof_facts.c).
 * Host code only. */
#ifndef LD_SHARED_PROOF_FACTS_H
#define LD_SHARED_PROOF_FACTS_H

#include "ld_replay_state.h"

/* During the walk: an access to target member at off, a loop, a break or
 * continue, a change of local i. */
void ld__proof_access(struct facts *fx, const struct frame *f, size_t member,
                      size_t off, int use);
void ld__proof_loop(struct facts *fx, CXCursor c);
void ld__proof_jump(struct facts *fx, const struct frame *f);
void ld__proof_change(struct facts *fx, size_t i, const struct frame *f);
/* After the walk: r->proof from what was collected.  0 or LD_ENOMEM. */
int ld__build_proof(struct facts *fx);

#endif
