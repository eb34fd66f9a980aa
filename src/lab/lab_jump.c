// SPDX-License-Identifier: MIT
/* The jump demo: the same integrator, fed frame-sized or fixed-sized steps. */
#include "kickstep/dmath.h"
#include "kickstep/lab.h"

lab_jump_def lab_jump_default_def(void) {
  lab_jump_def d;
  d.gravity_mps2 = 30.0;
  d.jump_speed_mps = 10.0;
  d.sim_hz = 60;
  d.pad_ = 0;
  d.fps = 20.0;
  d.jitter = 0.4;
  d.seed = 1;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

/* The page's choices of frame rate: even frames, and the seed's uneven 20 fps. */
static const struct {
  double fps, jitter;
  const char *name;
} rates[lab_jump_rate_count] = {
    {15.0, 0.0, "15 fps"}, {20.0, 0.0, "20 fps"},  {30.0, 0.0, "30 fps"},
    {60.0, 0.0, "60 fps"}, {144.0, 0.0, "144 fps"}, {20.0, 0.4, "uneven 20 fps"},
};

ks_status lab_jump_def_set_rate(lab_jump_def *def, int32_t rate) {
  if (!def) return KS_ERR_NULL;
  if (rate < 0 || rate >= lab_jump_rate_count) return KS_ERR_RANGE;
  def->fps = rates[rate].fps;
  def->jitter = rates[rate].jitter;
  return KS_OK;
}

const char *lab_jump_rate_name(int32_t rate) { return rate >= 0 && rate < lab_jump_rate_count ? rates[rate].name : ""; }

/* One semi-implicit Euler update of a ball; records the peak on touch-down. */
static void ball_update(lab_ball *b, const lab_jump_def *d, double dt) {
  if (!b->airborne && b->pending) {
    b->airborne = 1;
    b->vy = d->jump_speed_mps;
    b->peak = 0.0;
  }
  b->pending = 0;
  if (!b->airborne || !(dt > 0.0)) return;
  b->vy -= d->gravity_mps2 * dt;
  b->y += b->vy * dt;
  if (b->y > b->peak) b->peak = b->y;
  if (b->y <= 0.0) {
    b->y = 0.0;
    b->vy = 0.0;
    b->airborne = 0;
    b->peak_y[b->peaks % LAB_JUMP_MAX_PEAKS] = b->peak;
    b->peaks++;
  }
}

ks_status lab_jump_init(lab_jump *j, const lab_jump_def *def) {
  if (!j || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(def->gravity_mps2) || !ks_is_finite(def->jump_speed_mps) || !ks_is_finite(def->fps) ||
      !ks_is_finite(def->jitter))
    return KS_ERR_NOT_FINITE;
  if (!(def->gravity_mps2 > 0.0) || def->gravity_mps2 > 1000.0) return KS_ERR_RANGE;
  if (!(def->jump_speed_mps > 0.0) || def->jump_speed_mps > 1000.0) return KS_ERR_RANGE;
  if (def->sim_hz < 1 || def->sim_hz > 1000 || def->fps < 1.0 || def->fps > 1000.0) return KS_ERR_RANGE;
  if (def->jitter < 0.0 || def->jitter > 1.9) return KS_ERR_RANGE;
  lab_jump n = {0};
  n.def = *def;
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = def->sim_hz;
  cd.max_steps_per_frame = 5;
  ks_status st = ks_clock_init(&n.clock, &cd);
  if (st != KS_OK) return st;
  n.frame_rng = ks_rng_seeded(def->seed);
  /* The line: where a fixed-step jump peaks, found by doing one. */
  lab_ball probe = {0};
  probe.pending = 1;
  double dt = 1.0 / (double)def->sim_hz;
  for (int k = 0; k < 1000000 && probe.peaks == 0; k++) ball_update(&probe, def, dt);
  n.line_y = probe.peak_y[0];
  *j = n;
  return KS_OK;
}

void lab_jump_press(lab_jump *j) {
  if (!j) return;
  if (!j->variable.airborne) j->variable.pending = 1;
  if (!j->fixed.airborne) j->fixed.pending = 1;
}

/* A demo lab_jump_init made carries its def's cookie; zeroed or never-written memory does not. */
static bool jump_usable(const lab_jump *j) { return j && j->def.cookie == KS_DEF_COOKIE; }

double lab_jump_next_frame(lab_jump *j) {
  if (!jump_usable(j)) return 0.0;
  double base = 1.0 / j->def.fps;
  return base * (1.0 + j->def.jitter * (ks_rng_double(&j->frame_rng) - 0.5));
}

int64_t lab_jump_frame(lab_jump *j, double frame_seconds) {
  if (!jump_usable(j)) return 0;
  double f = (ks_is_finite(frame_seconds) && frame_seconds > 0.0) ? frame_seconds : 0.0;
  if (f > 0.25) f = 0.25;
  ball_update(&j->variable, &j->def, f);
  int64_t n = ks_clock_advance(&j->clock, f);
  double dt = 1.0 / (double)j->def.sim_hz;
  for (int64_t i = 0; i < n; i++) {
    j->fixed_prev_y = j->fixed.y;
    ball_update(&j->fixed, &j->def, dt);
  }
  return n;
}

double lab_jump_fixed_drawn(const lab_jump *j) {
  if (!j) return 0.0;
  return ks_lerp(j->fixed_prev_y, j->fixed.y, ks_clock_alpha(&j->clock));
}

double lab_ball_peak(const lab_ball *b, int32_t k) {
  if (!b || k < 0 || k >= b->peaks) return 0.0;
  if (b->peaks - k > LAB_JUMP_MAX_PEAKS) return 0.0;
  return b->peak_y[k % LAB_JUMP_MAX_PEAKS];
}
