// SPDX-License-Identifier: MIT
/* Inside the walk library: one span of a step. */
#ifndef KICKSTEP_WALK_INTERNAL_H
#define KICKSTEP_WALK_INTERNAL_H

#include "kickstep/walk.h"

/* Integrates `seconds` of the body's motion from b->time with the held keys,
   after applying their edges (a jump press, a crouch starting a slide) at
   the span's start; `pressed` are keys pressed again since the last step.
   Does not touch b->step; b->time advances by the pieces' exact times.
   walk_body_step is one span of a whole step; the course splits a step into
   spans where its script changes keys inside it. */
void walk_body_span(walk_body *b, const walk_def *def, uint32_t keys, uint32_t pressed, double seconds,
                    ks_events *out);

#endif
