// SPDX-License-Identifier: MIT
/* Inside the walk library: one span of a step. */
#ifndef KICKSTEP_WALK_INTERNAL_H
#define KICKSTEP_WALK_INTERNAL_H

#include "kickstep/walk.h"

#define WALK_BODY_COOKIE 0x6b77626fu /* "kwbo": set by walk_body_init */

/* A body walk_body_init made, and a def from walk_default_def: zeroed or
   never-written memory is neither, and takes no step. */
static inline bool walk_body_usable(const walk_body *b, const walk_def *def) {
  return b && def && b->cookie == WALK_BODY_COOKIE && def->cookie == KS_DEF_COOKIE && def->steps_per_second > 0;
}

/* Integrates `seconds` of the body's motion from b->time with the held keys,
   after applying their edges (a jump press, a crouch starting a slide) at
   the span's start; `pressed` are keys pressed again since the last step.
   Does not touch b->step; b->time advances by the pieces' exact times.
   walk_body_step is one span of a whole step; the course splits a step into
   spans where its script changes keys inside it. */
void walk_body_span(walk_body *b, const walk_def *def, uint32_t keys, uint32_t pressed, double seconds,
                    ks_events *out);

#endif
