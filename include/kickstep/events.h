// SPDX-License-Identifier: MIT
/// kickstep/events.h — what happened during a step, in order, exactly once.
///
/// A game's step appends its events to a caller-owned ks_events buffer
/// instead of leaving front ends to compare old and new state (polling once a
/// frame misses or double-counts moments when a frame runs several steps).
/// The buffer has a fixed capacity; pushes beyond it are counted in
/// `dropped`, never written out of bounds.
#ifndef KICKSTEP_EVENTS_H
#define KICKSTEP_EVENTS_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Capacity of one buffer: enough for every event of a frame of 400 steps in practice.
#define KS_EVENTS_CAPACITY 64

/// One event. `type` is the game's own enum; `subject` which thing (post 0/1,
/// wall player 3, ...); `value` up to three numbers (a point, a speed).
typedef struct ks_event {
  int64_t step;     ///< the step on which it happened (the clock's total_steps after that step)
  uint32_t type;
  uint32_t subject;
  double value[3];
} ks_event;

typedef struct ks_events {
  uint32_t count;
  uint32_t dropped; ///< pushes that did not fit
  ks_event items[KS_EVENTS_CAPACITY];
} ks_events;

/// Empties the buffer.
KS_API void ks_events_clear(ks_events *e);
/// Appends one event; KS_ERR_CAPACITY (and dropped++) when full, KS_ERR_NULL for NULL.
KS_API ks_status ks_events_push(ks_events *e, int64_t step, uint32_t type, uint32_t subject,
                                double v0, double v1, double v2);
/// Appends every event of src to dst (for a frame collecting its steps' events).
KS_API ks_status ks_events_append(ks_events *dst, const ks_events *src);
/// Index of the first event of `type`, or -1.
KS_API int32_t ks_events_find(const ks_events *e, uint32_t type);

#ifdef __cplusplus
}
#endif
#endif
