// SPDX-License-Identifier: MIT
/* The wall: n players 0.55 m apart. Who jumps, and how long after the strike,
   is drawn from the dice when the shot is built (a reroll keeps it); the jump
   itself is a parabola in the shot-clock time. */
#include "simulation.h"

void kick_wall_prepare(kick_shot *s) {
  const kick_wall_def *w = &s->setup.wall;
  for (int32_t i = 0; i < KICK_WALL_MAX; i++) {
    s->wall.jump_delay_steps[i] = -1;
    s->wall.jump_step[i] = -1;
  }
  s->wall.contact_prev = 0;
  s->wall.touched = 0;
  for (int32_t i = 0; i < w->count; i++) {
    /* Two draws per player whatever the setup, so the dice move the same way. */
    double u = ks_rng_double(&s->dice);
    double jitter = ks_rng_range(&s->dice, -1.0, 1.0);
    bool may = (w->jump_mask & (1u << i)) != 0u;
    if (!may || !(u < w->jump_chance)) continue;
    double delay = w->jump_delay_s + jitter * w->jump_spread_s;
    if (delay < 0.0) delay = 0.0;
    s->wall.jump_delay_steps[i] = (int64_t)(delay * (double)KICK_STEPS_PER_SECOND + 0.5);
  }
}

void kick_wall_on_strike(kick_shot *s) {
  for (int32_t i = 0; i < KICK_WALL_MAX; i++)
    s->wall.jump_step[i] = s->wall.jump_delay_steps[i] >= 0 ? s->strike_step + s->wall.jump_delay_steps[i] : -1;
}

static double jump_height_at(const kick_shot *s, int32_t i, double t) {
  const kick_wall_def *w = &s->setup.wall;
  if (s->wall.jump_step[i] < 0) return 0.0;
  double u = (t - kick_step_time(s->wall.jump_step[i])) / w->jump_duration_s;
  if (!(u > 0.0 && u < 1.0)) return 0.0;
  return 4.0 * w->jump_height * u * (1.0 - u);
}

void kick_wall_capsule_at(const kick_shot *s, int32_t i, double t, kick_capsule *c) {
  const kick_wall_def *w = &s->setup.wall;
  double x = w->x + ((double)i - (double)(w->count - 1) * 0.5) * KICK_WALL_SPACING;
  double h = jump_height_at(s, i, t);
  c->a = ks_v3(x, KICK_WALL_RADIUS + h, w->z);
  c->b = ks_v3(x, KICK_WALL_HEIGHT - KICK_WALL_RADIUS + h, w->z);
  c->radius = KICK_WALL_RADIUS;
}

bool kick_shot_wall_player(const kick_shot *s, int32_t i, kick_capsule *out) {
  if (!s || !out || i < 0 || i >= s->setup.wall.count) return false;
  kick_wall_capsule_at(s, i, kick_shot_time_of(s), out);
  return true;
}
