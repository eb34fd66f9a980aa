// SPDX-License-Identifier: MIT
/// @file kickstep/events.h
/// What happened during a step, in order, exactly once.
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
  uint32_t type;    ///< the game's event enum (kick_event_type, walk_event_type, ...)
  uint32_t subject; ///< which thing, as the game's enum documents per type; often 0
  double value[3];  ///< up to three numbers, per type (a point in m, a speed in m/s, ...); unused ones 0
} ks_event;

/// A caller-owned buffer of the events of one or more steps, oldest first.
/// A plain value; zero it (or ks_events_clear) before use.
typedef struct ks_events {
  uint32_t count;   ///< events in items[0..count)
  uint32_t dropped; ///< pushes that did not fit
  ks_event items[KS_EVENTS_CAPACITY]; ///< the events, in the order they happened
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
