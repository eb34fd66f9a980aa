// SPDX-License-Identifier: MIT
/* Setups and launches: defaults and validation at the door. */
#include "simulation.h"

#define FIN(x) if (!ks_is_finite(x)) return KS_ERR_NOT_FINITE
#define RANGE(x, lo, hi) if (!((x) >= (lo) && (x) <= (hi))) return KS_ERR_RANGE

kick_pitch_def kick_pitch_default(bool wet) {
  kick_pitch_def p;
  p.wet = wet;
  p.restitution = 0.65;
  p.slide_friction = 0.45;
  p.roll_resistance = 0.06;
  return p;
}

kick_ring_def kick_ring_default(double x, double y) {
  kick_ring_def r;
  r.x = x;
  r.y = y;
  r.z = 0.0;
  r.radius = 0.5;
  r.motion = KICK_RING_STATIC;
  r.amplitude = 0.0;
  r.period_s = 2.0;
  r.phase = 0.0;
  return r;
}

kick_setup kick_setup_default(void) {
  kick_setup s = {0};
  s.spot_x = 0.0;
  s.spot_z = -20.0;
  s.pitch = kick_pitch_default(false);
  s.wind.mean_speed_mps = 0.0;
  s.wind.bearing = 0.0;
  s.wind.gustiness = 0.0;
  s.wind.swirl = 0.0;
  s.wind.gust_seed = 1;
  s.keeper.kind = KICK_KEEPER_NONE;
  s.keeper.rating = 0.7;
  s.keeper.reaction_s = 0.2;
  s.keeper.line_z = -0.35;
  s.wall.count = 0;
  s.wall.x = 0.0;
  s.wall.z = -9.15;
  s.wall.jump_mask = 0;
  s.wall.jump_chance = 1.0;
  s.wall.jump_delay_s = 0.12;
  s.wall.jump_spread_s = 0.05;
  s.wall.jump_height = 0.4;
  s.wall.jump_duration_s = 0.55;
  s.ring_count = 0;
  for (int i = 0; i < KICK_RING_MAX; i++) s.rings[i] = kick_ring_default(0.0, 1.2);
  s.history_count = 0;
  s.match_seed = 1;
  s.kick_number = 0;
  s.person_in_goal = false;
  s.rules = KICK_RULES_CURRENT;
  s.cookie = KS_DEF_COOKIE;
  return s;
}

void kick_setup_wall_at(kick_setup *su, int32_t count) {
  if (!su) return;
  double dx = -su->spot_x, dz = -su->spot_z;
  double d = ks_sqrt(dx * dx + dz * dz);
  su->wall.count = count;
  if (d > 0.0) {
    su->wall.x = su->spot_x + dx * (9.15 / d);
    su->wall.z = su->spot_z + dz * (9.15 / d);
  }
}

void kick_setup_push_history(kick_setup *su, kick_history_shot shot) {
  if (!su || !ks_is_finite(shot.x) || !ks_is_finite(shot.y)) return;
  int32_t n = su->history_count;
  if (n < 0) n = 0;
  if (n > KICK_HISTORY_MAX - 1) n = KICK_HISTORY_MAX - 1;
  for (int32_t i = n; i > 0; i--) su->history[i] = su->history[i - 1];
  su->history[0] = shot;
  su->history_count = n + 1;
}

static ks_status check_finite(const kick_setup *su) {
  FIN(su->spot_x); FIN(su->spot_z);
  FIN(su->pitch.restitution); FIN(su->pitch.slide_friction); FIN(su->pitch.roll_resistance);
  FIN(su->wind.mean_speed_mps); FIN(su->wind.bearing); FIN(su->wind.gustiness); FIN(su->wind.swirl);
  FIN(su->keeper.rating); FIN(su->keeper.reaction_s); FIN(su->keeper.line_z);
  FIN(su->wall.x); FIN(su->wall.z); FIN(su->wall.jump_chance); FIN(su->wall.jump_delay_s);
  FIN(su->wall.jump_spread_s); FIN(su->wall.jump_height); FIN(su->wall.jump_duration_s);
  for (int32_t i = 0; i < KICK_RING_MAX; i++) {
    const kick_ring_def *r = &su->rings[i];
    FIN(r->x); FIN(r->y); FIN(r->z); FIN(r->radius); FIN(r->amplitude); FIN(r->period_s); FIN(r->phase);
  }
  for (int32_t i = 0; i < KICK_HISTORY_MAX; i++) {
    FIN(su->history[i].x); FIN(su->history[i].y);
  }
  return KS_OK;
}

ks_status kick_setup_validate(const kick_setup *su) {
  if (!su) return KS_ERR_NULL;
  if (su->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  ks_status st = check_finite(su);
  if (st != KS_OK) return st;
  RANGE(su->spot_x, -40.0, 40.0);
  RANGE(su->spot_z, -60.0, -5.5);
  RANGE(su->pitch.restitution, 0.0, 1.0);
  RANGE(su->pitch.slide_friction, 0.0, 2.0);
  RANGE(su->pitch.roll_resistance, 0.0, 1.0);
  RANGE(su->wind.mean_speed_mps, 0.0, KICK_MAX_WIND_SPEED);
  RANGE(su->wind.bearing, -KS_TAU, KS_TAU);
  RANGE(su->wind.gustiness, 0.0, 1.0);
  RANGE(su->wind.swirl, 0.0, 1.0);
  if ((uint32_t)su->keeper.kind >= (uint32_t)kick_keeper_kind_count) return KS_ERR_RANGE;
  RANGE(su->keeper.rating, 0.0, 1.0);
  RANGE(su->keeper.reaction_s, 0.0, 1.0);
  RANGE(su->keeper.line_z, -3.0, 0.0);
  RANGE(su->wall.count, 0, KICK_WALL_MAX);
  if (su->wall.count > 0) {
    RANGE(su->wall.x, -40.0, 40.0);
    if (!(su->wall.z > su->spot_z + 1.0 && su->wall.z < -1.0)) return KS_ERR_RANGE;
  }
  RANGE(su->wall.jump_chance, 0.0, 1.0);
  RANGE(su->wall.jump_delay_s, 0.0, 1.0);
  RANGE(su->wall.jump_spread_s, 0.0, 0.5);
  RANGE(su->wall.jump_height, 0.0, 1.0);
  RANGE(su->wall.jump_duration_s, 0.1, 2.0);
  RANGE(su->ring_count, 0, KICK_RING_MAX);
  if (su->rules < KICK_RULES_ORIGINAL || su->rules > KICK_RULES_CURRENT) return KS_ERR_RANGE;
  for (int32_t i = 0; i < su->ring_count; i++) {
    const kick_ring_def *r = &su->rings[i];
    if ((uint32_t)r->motion >= (uint32_t)kick_ring_motion_count) return KS_ERR_RANGE;
    RANGE(r->x, -20.0, 20.0);
    RANGE(r->y, 0.0, 10.0);
    if (!(r->z >= su->spot_z + 1.0 && r->z <= KICK_CROSS_Z)) return KS_ERR_RANGE;
    RANGE(r->radius, 0.1, 3.0);
    RANGE(r->amplitude, 0.0, 5.0);
    RANGE(r->period_s, 0.2, 60.0);
    RANGE(r->phase, -1000.0, 1000.0);
  }
  RANGE(su->history_count, 0, KICK_HISTORY_MAX);
  for (int32_t i = 0; i < su->history_count; i++) {
    RANGE(su->history[i].x, -100.0, 100.0);
    RANGE(su->history[i].y, -100.0, 100.0);
    if ((uint32_t)su->history[i].outcome >= (uint32_t)kick_outcome_count) return KS_ERR_RANGE;
  }
  return KS_OK;
}

kick_launch kick_launch_default(void) {
  kick_launch k;
  k.speed_mps = 25.0;
  k.elevation = 0.2;
  k.direction = 0.0;
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 0.0;
  return k;
}

ks_status kick_launch_validate(const kick_launch *k) {
  if (!k) return KS_ERR_NULL;
  FIN(k->speed_mps); FIN(k->elevation); FIN(k->direction); FIN(k->spin_rate);
  if (!ks_v3_finite(k->spin_axis)) return KS_ERR_NOT_FINITE;
  if (!(k->speed_mps > 0.0 && k->speed_mps <= KICK_MAX_LAUNCH_SPEED)) return KS_ERR_RANGE;
  RANGE(k->elevation, -0.1, 1.2);
  RANGE(k->direction, -1.5, 1.5);
  RANGE(k->spin_rate, 0.0, KICK_MAX_SPIN_RATE);
  if (k->spin_rate > 0.0) {
    double l2 = ks_v3_len2(k->spin_axis);
    if (!(l2 > 1e-12) || !(l2 < 1e12)) return KS_ERR_RANGE;
  }
  return KS_OK;
}
