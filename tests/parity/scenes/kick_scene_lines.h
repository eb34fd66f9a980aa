// SPDX-License-Identifier: MIT
/* Shared by the kick scenes (a header, so the scene list, which is the .c
   files of this folder, does not see it): one timeline line per event. */
#ifndef KICK_SCENE_LINES_H
#define KICK_SCENE_LINES_H

#include "kickstep/events.h"
#include "kickstep/kick.h"
#include "kickstep/timeline.h"

static inline void kick_scene_event_lines(ks_tl_writer *w, const kick_shot *s, const ks_events *e) {
  for (uint32_t i = 0; i < e->count; i++) {
    const ks_event *ev = &e->items[i];
    ks_tl_field f[] = {{"event", (double)ev->type}, {"subject", (double)ev->subject},
                       {"v0", ev->value[0]},        {"v1", ev->value[1]}, {"v2", ev->value[2]}};
    ks_tl_line(w, ev->step, kick_shot_hash(s), f, sizeof f / sizeof f[0]);
  }
}

#endif
