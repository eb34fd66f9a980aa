// SPDX-License-Identifier: MIT
/* The walk game's frame loop: look once per frame, keys once per step, and
   presses kept until a step consumes them. */
#include "kickstep/dmath.h"
#include "kickstep/walk.h"
#include "walk_internal.h"

static bool in(double v, double lo, double hi) { return v >= lo && v <= hi; }

static ks_status check_def(const walk_def *d) {
  const double f[] = {d->gravity_mps2,     d->walk_speed_mps,      d->sprint_speed_mps, d->crouch_speed_mps,
                      d->accel_mps2,       d->slide_min_speed_mps, d->slide_decel_mps2, d->jump_speed_mps,
                      d->max_step_m,       d->stand_eye_m,         d->crouch_eye_m,     d->eye_settle_per_s,
                      d->land_dip_s,       d->turn_rate_rps,       d->look_sensitivity, d->max_pitch_rad};
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    if (!ks_is_finite(f[i])) return KS_ERR_NOT_FINITE;
  if (d->steps_per_second < 10 || d->steps_per_second > 2000) return KS_ERR_RANGE;
  if (!(d->gravity_mps2 > 0.0) || d->gravity_mps2 > 100.0) return KS_ERR_RANGE;
  if (!in(d->walk_speed_mps, 0.0, 100.0) || !in(d->sprint_speed_mps, 0.0, 100.0) || !in(d->crouch_speed_mps, 0.0, 100.0))
    return KS_ERR_RANGE;
  if (!(d->accel_mps2 > 0.0) || d->accel_mps2 > 1000.0 || !(d->slide_decel_mps2 > 0.0) || d->slide_decel_mps2 > 1000.0)
    return KS_ERR_RANGE;
  if (!in(d->slide_min_speed_mps, 0.0, 100.0) || d->slide_min_speed_mps <= d->crouch_speed_mps) return KS_ERR_RANGE;
  if (!in(d->jump_speed_mps, 0.0, 100.0) || !in(d->max_step_m, 0.0, 10.0)) return KS_ERR_RANGE;
  if (!in(d->stand_eye_m, 0.0, 10.0) || !in(d->crouch_eye_m, 0.0, 10.0)) return KS_ERR_RANGE;
  if (!in(d->eye_settle_per_s, 0.0, 1000.0) || !in(d->land_dip_s, 0.0, 1.0)) return KS_ERR_RANGE;
  if (!in(d->turn_rate_rps, 0.0, 100.0) || !in(d->look_sensitivity, 0.0, 1.0) || !in(d->max_pitch_rad, 0.0, KS_HALF_PI))
    return KS_ERR_RANGE;
  const walk_floor *fl = &d->floor;
  if (fl->risers < 0 || fl->risers > WALK_MAX_RISERS) return KS_ERR_RANGE;
  for (int32_t i = 0; i <= fl->risers; i++) {
    if (!ks_is_finite(fl->height[i])) return KS_ERR_NOT_FINITE;
    if (!in(fl->height[i], -1000.0, 1000.0)) return KS_ERR_RANGE;
  }
  for (int32_t i = 0; i < fl->risers; i++) {
    if (!ks_is_finite(fl->riser_x[i])) return KS_ERR_NOT_FINITE;
    if (i > 0 && !(fl->riser_x[i] > fl->riser_x[i - 1])) return KS_ERR_RANGE;
  }
  return KS_OK;
}

ks_status walk_game_init(walk_game *g, const walk_def *def) {
  if (!g || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  ks_status st = check_def(def);
  if (st != KS_OK) return st;
  walk_game n = {0};
  n.def = *def;
  st = walk_body_init(&n.body, def, 0.0);
  if (st != KS_OK) return st;
  n.prev = n.body;
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = def->steps_per_second;
  st = ks_clock_init(&n.clock, &cd);
  if (st != KS_OK) return st;
  *g = n;
  return KS_OK;
}

int64_t walk_game_frame(walk_game *g, double frame_seconds, const walk_input *input, ks_events *out) {
  /* A game walk_game_init made; zeroed or never-written memory runs nothing and stays as it is. */
  if (!g || !walk_body_usable(&g->body, &g->def) || g->prev.cookie != WALK_BODY_COOKIE) return 0;
  walk_input none = {0, 0, 0.0, 0.0};
  if (!input) input = &none;
  /* A look displacement already happened: it turns the view once per frame,
     on both the drawn states so the turn shows at once, whatever the alpha. */
  walk_body_look(&g->body, &g->def, input->look_dx, input->look_dy);
  walk_body_look(&g->prev, &g->def, input->look_dx, input->look_dy);
  /* A press waits for a step: one made and released between two frames, or
     held only through frames that run no step, still reaches the next step. */
  g->pending |= input->pressed | (input->keys & ~g->last_keys);
  g->last_keys = input->keys;
  int64_t n = ks_clock_advance(&g->clock, frame_seconds);
  for (int64_t i = 0; i < n; i++) {
    g->prev = g->body;
    walk_body_step_pressed(&g->body, &g->def, input->keys, g->pending, out);
    g->pending = 0;
  }
  g->frames++;
  return n;
}

walk_camera walk_game_camera(const walk_game *g) {
  walk_camera c = {0.0, 0.0, 0.0, 0.0, 0.0};
  if (!g) return c;
  return walk_camera_lerp(walk_body_camera(&g->prev, &g->def), walk_body_camera(&g->body, &g->def),
                          ks_clock_alpha(&g->clock));
}
