// SPDX-License-Identifier: MIT
/* Three loop strategies side by side, fed the same frames. */
#include "kickstep/dmath.h"
#include "kickstep/lab.h"

lab_loop_def lab_loop_default_def(void) {
  lab_loop_def d;
  d.speed_mps = 2.0;
  d.reference_fps = 60.0;
  d.sim_hz = 60;
  d.max_steps_per_frame = 5;
  d.max_frame_seconds = 0.25;
  d.interpolate = 1;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static ks_status make_clock(ks_clock *c, const lab_loop_def *d) {
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = d->sim_hz;
  cd.max_frame_seconds = d->max_frame_seconds;
  cd.max_steps_per_frame = d->max_steps_per_frame;
  return ks_clock_init(c, &cd);
}

ks_status lab_loop_init(lab_loop *l, const lab_loop_def *def) {
  if (!l || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(def->speed_mps) || !ks_is_finite(def->reference_fps) || !ks_is_finite(def->max_frame_seconds))
    return KS_ERR_NOT_FINITE;
  if (def->speed_mps < 0.0 || def->speed_mps > 1000.0) return KS_ERR_RANGE;
  if (def->reference_fps < 1.0 || def->reference_fps > 1000.0) return KS_ERR_RANGE;
  if (def->sim_hz < 1 || def->sim_hz > 1000) return KS_ERR_RANGE;
  if (def->max_steps_per_frame < 1 || def->max_steps_per_frame > 1000) return KS_ERR_RANGE;
  if (!(def->max_frame_seconds > 0.0) || def->max_frame_seconds > 10.0) return KS_ERR_RANGE;
  if (def->interpolate != 0 && def->interpolate != 1) return KS_ERR_RANGE;
  lab_loop n = {0};
  n.def = *def;
  ks_status st = make_clock(&n.clock, def);
  if (st != KS_OK) return st;
  *l = n;
  return KS_OK;
}

/* A loop lab_loop_init made carries its def's cookie; zeroed or never-written memory does not. */
static bool loop_usable(const lab_loop *l) { return l && l->def.cookie == KS_DEF_COOKIE; }

int64_t lab_loop_frame(lab_loop *l, double frame_seconds) {
  if (!loop_usable(l)) return 0;
  double f = (ks_is_finite(frame_seconds) && frame_seconds > 0.0) ? frame_seconds : 0.0;
  l->frames++;
  l->real_seconds += f;
  l->x[LAB_FRAME_TIED] += l->def.speed_mps / l->def.reference_fps;
  l->x[LAB_VARIABLE_DT] += l->def.speed_mps * f;
  int64_t n = ks_clock_advance(&l->clock, f);
  double per_step = l->def.speed_mps / (double)l->def.sim_hz;
  for (int64_t i = 0; i < n; i++) {
    l->fixed_prev_x = l->x[LAB_FIXED_STEP];
    l->x[LAB_FIXED_STEP] += per_step;
  }
  l->last_steps = n;
  l->gauge_after = ks_clock_alpha(&l->clock);
  l->gauge_before = (double)n + l->gauge_after +
                    (double)l->clock.last_dropped_units / (double)KS_CLOCK_UNITS_PER_STEP;
  l->dropped_seconds = ks_clock_dropped_seconds(&l->clock);
  return n;
}

ks_status lab_loop_set(lab_loop *l, int32_t sim_hz, int32_t interpolate) {
  if (!l) return KS_ERR_NULL;
  /* Never initialised: its def is not one lab_loop_init checked, and keeping it
     would keep whatever frame clamp and step cap the bytes hold (none, if zero). */
  if (!loop_usable(l)) return KS_ERR_UNINITIALISED;
  if (sim_hz < 1 || sim_hz > 1000 || (interpolate != 0 && interpolate != 1)) return KS_ERR_RANGE;
  if (sim_hz != l->def.sim_hz) {
    lab_loop_def d = l->def;
    d.sim_hz = sim_hz;
    ks_clock c;
    ks_status st = make_clock(&c, &d);
    if (st != KS_OK) return st;
    l->def = d;
    l->clock = c;
    l->fixed_prev_x = l->x[LAB_FIXED_STEP];
  }
  l->def.interpolate = interpolate;
  return KS_OK;
}

double lab_loop_drawn(const lab_loop *l, int32_t strategy) {
  if (!l || strategy < 0 || strategy >= lab_strategy_count) return 0.0;
  if (strategy != LAB_FIXED_STEP || !l->def.interpolate) return l->x[strategy];
  return ks_lerp(l->fixed_prev_x, l->x[LAB_FIXED_STEP], ks_clock_alpha(&l->clock));
}
