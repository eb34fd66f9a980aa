// SPDX-License-Identifier: MIT
/* The batch: shots in lanes, stepped together. This file holds the lanes,
   the calls; the step itself is batch_step.c (with the step's parts of
   simulation/step_parts.h) and the flight in vectors batch_flight.c; the
   wind tables are simulation/wind_table.c. Lanes with the same wind read it from a table filled once
   per step index (kick_wind_with, the wind's own bits). */
#include "kickstep/kick_batch.h"
#include "batch.h"

#define KICK_BATCH_COOKIE 0x6b626174u /* "kbat" */

_Static_assert((KICK_BATCH_WIND_SLOTS & (KICK_BATCH_WIND_SLOTS - 1)) == 0, "wind slots: a power of two");
_Static_assert((KICK_BATCH_WIND_CHUNK & (KICK_BATCH_WIND_CHUNK - 1)) == 0 && KICK_BATCH_WIND_CHUNK <= KICK_BATCH_WIND_SLOTS,
               "wind chunks: a power of two that divides the slots");
_Static_assert(KICK_BATCH_LANES <= 32, "lanes fit a 32-bit mask");

kick_batch_def kick_batch_default_def(void) {
  kick_batch_def d;
  d.lanes = KICK_BATCH_LANES;
  d.share_wind = true;
  d.vector_width = 0;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

ks_status kick_batch_init(kick_batch *b, const kick_batch_def *def) {
  if (!b || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (def->lanes < 1 || def->lanes > KICK_BATCH_LANES) return KS_ERR_RANGE;
  int32_t vw = def->vector_width;
  if (vw != 0 && vw != 1 && vw != 2 && vw != 4) return KS_ERR_RANGE;
  int32_t widest = kick_batch_vector_widest();
  b->vector_width = vw == 0 ? kick_batch_vector_best() : vw > widest ? widest : vw;
  b->active = 0;
  b->lanes = def->lanes;
  b->share_wind = def->share_wind;
  for (int32_t i = 0; i < 3; i++) b->pad_[i] = 0;
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++) b->wind_of[i] = -1;
  for (int32_t i = 0; i < KICK_BATCH_MEMOS; i++) {
    kick_estimate_memo none = {0};
    b->memo[i] = none;
  }
  b->memo_next = 0;
  for (int32_t t = 0; t < KICK_BATCH_WIND_TABLES; t++) {
    kick_wind_table_clear(&b->wind[t]);
    for (int32_t i = 0; i < KICK_BATCH_WIND_SLOTS; i++) b->wind[t].wind[i] = ks_v3(0.0, 0.0, 0.0);
  }
  b->cookie = KICK_BATCH_COOKIE;
  return KS_OK;
}

/* ---------------------------------------------------------------- wind tables */

/* The table for a new lane's wind: one that already holds it, else a free
   one made its own; -1 when both are busy with other winds. */
static int8_t wind_table_for(kick_batch *b, const kick_shot *s) {
  if (!b->share_wind) return -1;
  for (int8_t t = 0; t < KICK_BATCH_WIND_TABLES; t++)
    if (kick_wind_table_holds(&b->wind[t], s)) return t;
  for (int8_t t = 0; t < KICK_BATCH_WIND_TABLES; t++) {
    kick_batch_wind *w = &b->wind[t];
    if (w->users > 0) continue;
    kick_wind_table_bind(w, s);
    return t;
  }
  return -1;
}

/* ---------------------------------------------------------------- lanes */

ks_status kick_batch_add(kick_batch *b, const kick_shot *shot, int32_t *lane) {
  if (!b || !shot) return KS_ERR_NULL;
  if (b->cookie != KICK_BATCH_COOKIE) return KS_ERR_UNINITIALISED;
  /* A shot kick_shot_init made: its setup valid (the counts the step loops
     over within their arrays), its phase one of the phases. */
  ks_status st = kick_setup_validate(&shot->setup);
  if (st != KS_OK) return st;
  if ((uint32_t)shot->phase >= (uint32_t)kick_phase_count) return KS_ERR_STATE;
  for (int32_t i = 0; i < b->lanes; i++) {
    if ((b->active & (1u << i)) != 0u) continue;
    b->lane[i] = *shot;
    /* A lane's keeper reads at once (kick_keeper_update): one left running
       by kick_shot_step_cached is finished first. */
    kick_shot_settle(&b->lane[i]);
    kick_lane_bands_of(shot, &b->bands[i]);
    b->wind_of[i] = wind_table_for(b, shot);
    if (b->wind_of[i] >= 0) b->wind[b->wind_of[i]].users++;
    b->active |= 1u << i;
    if (lane) *lane = i;
    return KS_OK;
  }
  return KS_ERR_CAPACITY;
}

ks_status kick_batch_remove(kick_batch *b, int32_t lane, kick_shot *out) {
  if (!b) return KS_ERR_NULL;
  if (lane < 0 || lane >= KICK_BATCH_LANES || (b->active & (1u << lane)) == 0u) return KS_ERR_RANGE;
  if (out) *out = b->lane[lane];
  if (b->wind_of[lane] >= 0) b->wind[b->wind_of[lane]].users--;
  b->wind_of[lane] = -1;
  b->active &= ~(1u << lane);
  return KS_OK;
}

const kick_shot *kick_batch_lane(const kick_batch *b, int32_t lane) {
  if (!b || lane < 0 || lane >= KICK_BATCH_LANES || (b->active & (1u << lane)) == 0u) return NULL;
  return &b->lane[lane];
}

uint32_t kick_batch_active(const kick_batch *b) { return b ? b->active : 0u; }

/* ---------------------------------------------------------------- stepping */

void kick_batch_step(kick_batch *b, const kick_input *in, ks_events *out) {
  if (!b || b->cookie != KICK_BATCH_COOKIE) return;
  (void)kick_batch_advance(b, b->active, in, out, INT64_MAX);
}

uint32_t kick_batch_run(kick_batch *b, int64_t max_flight_steps) {
  if (!b || b->cookie != KICK_BATCH_COOKIE || b->active == 0u || max_flight_steps < 1) return 0u;
  uint32_t done = 0;
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++)
    if ((b->active & (1u << i)) != 0u && kick_batch_lane_finished(&b->lane[i], max_flight_steps)) done |= 1u << i;
  if (done != 0u) return done;
  return kick_batch_run_lanes(b, b->active, max_flight_steps);
}
