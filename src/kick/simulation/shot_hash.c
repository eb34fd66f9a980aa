// SPDX-License-Identifier: MIT
/* The shot's hash: explicit fields, one by one, never the struct's bytes. */
#include "simulation.h"
#include "kickstep/hash.h"

static void v3(ks_hash *h, ks_vec3 v) {
  ks_hash_f64(h, v.x);
  ks_hash_f64(h, v.y);
  ks_hash_f64(h, v.z);
}

static void hash_setup(ks_hash *h, const kick_setup *su) {
  ks_hash_f64(h, su->spot_x);
  ks_hash_f64(h, su->spot_z);
  ks_hash_bool(h, su->pitch.wet);
  ks_hash_f64(h, su->pitch.restitution);
  ks_hash_f64(h, su->pitch.slide_friction);
  ks_hash_f64(h, su->pitch.roll_resistance);
  ks_hash_f64(h, su->wind.mean_speed_mps);
  ks_hash_f64(h, su->wind.bearing);
  ks_hash_f64(h, su->wind.gustiness);
  ks_hash_f64(h, su->wind.swirl);
  ks_hash_u64(h, su->wind.gust_seed);
  ks_hash_u32(h, (uint32_t)su->keeper.kind);
  ks_hash_f64(h, su->keeper.rating);
  ks_hash_f64(h, su->keeper.reaction_s);
  ks_hash_f64(h, su->keeper.line_z);
  ks_hash_i32(h, su->wall.count);
  ks_hash_f64(h, su->wall.x);
  ks_hash_f64(h, su->wall.z);
  ks_hash_u32(h, su->wall.jump_mask);
  ks_hash_f64(h, su->wall.jump_chance);
  ks_hash_f64(h, su->wall.jump_delay_s);
  ks_hash_f64(h, su->wall.jump_spread_s);
  ks_hash_f64(h, su->wall.jump_height);
  ks_hash_f64(h, su->wall.jump_duration_s);
  ks_hash_i32(h, su->ring_count);
  for (int32_t i = 0; i < su->ring_count && i < KICK_RING_MAX; i++) {
    const kick_ring_def *r = &su->rings[i];
    ks_hash_f64(h, r->x);
    ks_hash_f64(h, r->y);
    ks_hash_f64(h, r->z);
    ks_hash_f64(h, r->radius);
    ks_hash_u32(h, (uint32_t)r->motion);
    ks_hash_f64(h, r->amplitude);
    ks_hash_f64(h, r->period_s);
    ks_hash_f64(h, r->phase);
  }
  ks_hash_i32(h, su->history_count);
  for (int32_t i = 0; i < su->history_count && i < KICK_HISTORY_MAX; i++) {
    ks_hash_f64(h, su->history[i].x);
    ks_hash_f64(h, su->history[i].y);
    ks_hash_u32(h, (uint32_t)su->history[i].outcome);
  }
  ks_hash_u64(h, su->match_seed);
  ks_hash_u64(h, su->kick_number);
  ks_hash_bool(h, su->person_in_goal);
  /* The original rules hash as they always did, so the hashes recorded in
     replays made before the rules field existed still verify. */
  if (su->rules != KICK_RULES_ORIGINAL) ks_hash_u32(h, su->rules);
}

uint64_t kick_shot_hash(const kick_shot *s) {
  if (!s) return 0;
  if (s->read.pending) {
    /* The state as it will be: his read finished, on a copy. */
    kick_shot settled = *s;
    kick_shot_settle(&settled);
    return kick_shot_hash(&settled);
  }
  ks_hash h = ks_hash_begin();
  hash_setup(&h, &s->setup);
  ks_hash_u64(&h, s->dice.state);
  ks_hash_i64(&h, s->clock.total_steps);
  ks_hash_i64(&h, s->clock.banked_units);
  ks_hash_f64(&h, s->clock.time_scale);
  ks_hash_u32(&h, (uint32_t)s->phase);
  ks_hash_u32(&h, (uint32_t)s->outcome);
  ks_hash_i64(&h, s->strike_step);
  ks_hash_i64(&h, s->decision_step);
  ks_hash_i64(&h, s->done_step);
  const kick_ball *b = &s->ball;
  v3(&h, b->pos);
  v3(&h, b->vel);
  v3(&h, b->spin_axis);
  ks_hash_f64(&h, b->spin_rate);
  ks_hash_f64(&h, b->roll_speed);
  ks_hash_bool(&h, b->on_ground);
  ks_hash_bool(&h, b->held);
  const kick_keeper_state *k = &s->keeper;
  ks_hash_f64(&h, k->stand_x);
  ks_hash_f64(&h, k->sway_phase);
  ks_hash_i64(&h, k->read_step);
  ks_hash_i64(&h, k->dive_step);
  ks_hash_f64(&h, k->dive_from_x);
  ks_hash_f64(&h, k->target_x);
  ks_hash_f64(&h, k->target_y);
  ks_hash_f64(&h, k->dive_seconds);
  ks_hash_i64(&h, k->tap_applied_step);
  ks_hash_u32(&h, k->touches);
  ks_hash_u32(&h, k->contact_prev);
  for (int32_t i = 0; i < KICK_WALL_MAX; i++) {
    ks_hash_i64(&h, s->wall.jump_delay_steps[i]);
    ks_hash_i64(&h, s->wall.jump_step[i]);
  }
  ks_hash_u32(&h, s->wall.contact_prev);
  ks_hash_u32(&h, s->wall.touched);
  ks_hash_u32(&h, s->ring_hits);
  ks_hash_u32(&h, s->moments);
  ks_hash_u32(&h, s->contact_flags);
  ks_hash_u32(&h, s->woodwork_prev);
  ks_hash_bool(&h, s->crossed);
  ks_hash_bool(&h, s->crossed_inside);
  ks_hash_bool(&h, s->in_net);
  v3(&h, s->crossing);
  ks_hash_i64(&h, s->crossing_step);
  const kick_flight_stats *st = &s->stats;
  ks_hash_f64(&h, st->launch_speed);
  ks_hash_f64(&h, st->bend_fraction);
  ks_hash_f64(&h, st->launch_line_x);
  ks_hash_u32(&h, st->first_touch_kind);
  ks_hash_u32(&h, st->last_touch_kind);
  ks_hash_f64(&h, st->max_height);
  ks_hash_f64(&h, st->glove_distance);
  ks_hash_bool(&h, st->keeper_diving_at_cross);
  return ks_hash_end(&h);
}
