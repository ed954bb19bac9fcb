/* The shared-memory proof's facts of one kernel (shared_proof_facts.c).
 * Host code only. */
#ifndef LD_SHARED_PROOF_FACTS_H
#define LD_SHARED_PROOF_FACTS_H

#include "ld_replay_state.h"

void ld__proof_access(struct facts *fx, const struct frame *f, size_t member,
                      size_t off, int use);
void ld__proof_loop(struct facts *fx, CXCursor c);
void ld__proof_jump(struct facts *fx, const struct frame *f);
void ld__proof_change(struct facts *fx, size_t i, const struct frame *f);
int ld__build_proof(struct facts *fx);

#endif
