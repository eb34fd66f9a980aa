// SPDX-License-Identifier: MIT
/* Private to src/kick: what the batch (src/kick/batch: shots in lanes and
   the flight in vectors) gives the other folders. It builds on the
   simulation (simulation/simulation.h; its step, batch_step.c, inlines the
   step's parts of simulation/step_parts.h); nothing in the simulation
   includes this header. */
#ifndef KICKSTEP_SRC_KICK_BATCH_H
#define KICKSTEP_SRC_KICK_BATCH_H

#include "kickstep/kick_batch.h"
#include "simulation/simulation.h"

/* The batch's step (batch_step.c, with the step's parts it runs inlined): one step of the lanes of mask, each as kick_shot_step;
   the flight of the lanes that fly in vectors, the contacts of a lane only
   when its ball's path meets one of its bands (kick_lane_bands_of) or it
   has crossed the goal line. in and out: one
   entry a lane, or NULL. Returns the lanes of mask that are finished after
   it (kick_batch_run's rule, with max_flight_steps). */
uint32_t kick_batch_advance(kick_batch *b, uint32_t mask, const kick_input *in, ks_events *out, int64_t max_flight_steps);
/* Steps the lanes of mask (none finished) with no input and no events until
   one of them is finished; returns the finished ones (kick_batch_run). */
uint32_t kick_batch_run_lanes(kick_batch *b, uint32_t mask, int64_t max_flight_steps);
/* kick_batch_run's finished lane: decided, not struck, or at the flight limit. */
static inline bool kick_batch_lane_finished(const kick_shot *s, int64_t max_flight_steps) {
  return s->outcome != KICK_OUTCOME_NONE || s->strike_step < 0 || s->clock.total_steps - s->strike_step >= max_flight_steps;
}
/* kick_batch_run's lanes, by lane, while it runs: each ball and what its
   next steps may meet. A lane is in the fast set (batch_step.c) while its
   steps are plain flight steps: struck and undecided, in the air, not held,
   not over the line, no contact of the last step to clear, and its path in
   a gap between its contact bands. Its ball then lives here (px .. spin),
   and a step of it is the flight through the air, its step count and its
   highest point; the kernel (kick_batch_run_kernel) tests after the flight
   whether the step was plain: the ball at or above yfloor (its radius, so
   the ground does nothing, or higher: the clear height of a band it may be
   in), its centre still in the gap (gap_lo, gap_hi): no contact, ring or
   line, but in the bands it is clear of), at most KICK_PITCH_HALF_WIDTH across and not behind
   `behind` (the spot less KICK_BEHIND_SPOT), not moving out after a touch
   (`touched`: all ones when it has touched the woodwork, the wall or the
   keeper) and the step count below `lim` (the flight limits, the keeper's
   read, the end of the lane's stretch of wind table). A lane that fails any
   of these ends its step with the step's own scalar parts. */
typedef struct kick_batch_soa {
  _Alignas(64) double px[KICK_BATCH_LANES];
  _Alignas(64) double py[KICK_BATCH_LANES];
  _Alignas(64) double pz[KICK_BATCH_LANES];
  _Alignas(64) double vx[KICK_BATCH_LANES];
  _Alignas(64) double vy[KICK_BATCH_LANES];
  _Alignas(64) double vz[KICK_BATCH_LANES];
  _Alignas(64) double spin[KICK_BATCH_LANES];
  _Alignas(64) double sx[KICK_BATCH_LANES];     /* the spin axis */
  _Alignas(64) double sy[KICK_BATCH_LANES];
  _Alignas(64) double sz[KICK_BATCH_LANES];
  _Alignas(64) double decay[KICK_BATCH_LANES];  /* spin_decay_step */
  _Alignas(64) const ks_vec3 *wsrc[KICK_BATCH_LANES]; /* this step's wind: in a wind table, or wown */
  _Alignas(64) int64_t winc[KICK_BATCH_LANES];  /* wsrc moves on this many a step (1: a table, 0: wown) */
  ks_vec3 wown[KICK_BATCH_LANES];               /* a wind evaluated for the slot */
  _Alignas(64) double p0x[KICK_BATCH_LANES];    /* the centre before the flight (the kernel writes it) */
  _Alignas(64) double p0y[KICK_BATCH_LANES];
  _Alignas(64) double p0z[KICK_BATCH_LANES];
  _Alignas(64) double mh[KICK_BATCH_LANES];     /* stats.max_height */
  _Alignas(64) double gap_lo[KICK_BATCH_LANES];
  _Alignas(64) double gap_hi[KICK_BATCH_LANES];
  _Alignas(64) double behind[KICK_BATCH_LANES];
  _Alignas(64) double yfloor[KICK_BATCH_LANES]; /* the ball stays at or above this (its radius, a band's clear height) */
  _Alignas(64) int64_t n[KICK_BATCH_LANES];     /* the step count (clock.total_steps) */
  _Alignas(64) int64_t lim[KICK_BATCH_LANES];
  _Alignas(64) int64_t touched[KICK_BATCH_LANES];
} kick_batch_soa;
/* One step of the lanes in the groups of `groups` (the width's groups of
   lanes that hold any bit of it), in the lanes' arrays: the flight through
   the air in this step's wind (*wsrc, then wsrc += winc), p0 written; for a lane whose step was plain
   (above), its step count and highest point too. Returns the lanes whose
   step was not (their n and mh are as before the step). The same bits as
   kick_flight_air_inline. */
uint32_t kick_batch_run_kernel(kick_batch_soa *a, uint32_t groups, int32_t width);

/* batch_flight.c: kick_flight_air_inline (1/600 s, each shot's spin decay)
   for the lanes of `fly` (bit i: b->lane[i]) in the winds (wx, wy, wz)[i],
   `width` lanes a vector (1, 2, or 4 where kick_batch_vector_widest says
   so); each flying lane's centre before the flight goes to (p0x, p0y,
   p0z)[i] (other lanes' entries get any number). The ground is the
   caller's. The same bits as the scalar flight. */
void kick_batch_fly(kick_batch *b, uint32_t fly, const double wx[], const double wy[], const double wz[], double p0x[],
                    double p0y[], double p0z[], int32_t width);

#endif
