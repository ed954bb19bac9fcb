/* Liveness of the replay clone's locals at its sites (liveness.c).  Host
 * code only. */
#ifndef LD_LIVENESS_H
#define LD_LIVENESS_H

#include "ld_replay_state.h"

/* During the walk: a use of local i at off, a loop or top-level statement
 * (0 when it comes from a macro), the first expression that may read
 * memory. */
void ld__add_use(struct facts *fx, size_t i, size_t off);
int ld__push_span(struct facts *fx, size_t (**list)[2], size_t *n, CXCursor c);
void ld__note_read(struct facts *fx, size_t off);
/* Whether c is threadIdx.x and its kin (which read no memory). */
int ld__is_index_member(CXCursor c);
/* After the walk: r->locals[*].live at each site, and what may be set
 * once in the prefix. */
void ld__compute_liveness(struct facts *fx);

#endif
