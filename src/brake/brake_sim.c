// SPDX-License-Identifier: MIT
/* The brake game's physics: one fixed step at a time, events on the step
   where the physics crossed them. Constant accelerations are integrated with
   the trapezoid (exact for constant acceleration) and flight with the exact
   ballistic formula, so nothing depends on how steps are grouped in frames. */
#include "kickstep/brake.h"
#include "kickstep/dmath.h"
#include "kickstep/hash.h"

brake_def brake_default_def(void) {
  brake_def d;
  d.steps_per_second = 120;
  d.countdown_seconds = 3;
  d.accel_mps2 = 6.0;
  d.top_speed_mps = 30.0;
  d.brake_decel_mps2 = 8.0;
  d.coast_decel_mps2 = 1.5;
  d.gravity_mps2 = 9.81;
  d.ramp_x_m = 120.0;
  d.ramp_length_m = 6.0;
  d.ramp_angle_rad = 0.35;
  d.barrier_gap_m = 5.0;
  d.barrier_height_m = 2.0;
  d.spin_per_speed = 0.25;
  d.clean_tilt_rad = 0.6;
  d.rough_keep = 0.4;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static bool pos_ok(double v, double lo, double hi) { return v >= lo && v <= hi; }

static ks_status check_def(const brake_def *d) {
  const double f[] = {d->accel_mps2, d->top_speed_mps, d->brake_decel_mps2, d->coast_decel_mps2,
                      d->gravity_mps2, d->ramp_x_m, d->ramp_length_m, d->ramp_angle_rad,
                      d->barrier_gap_m, d->barrier_height_m, d->spin_per_speed, d->clean_tilt_rad,
                      d->rough_keep};
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    if (!ks_is_finite(f[i])) return KS_ERR_NOT_FINITE;
  if (d->steps_per_second < 10 || d->steps_per_second > 10000) return KS_ERR_RANGE;
  if (d->countdown_seconds < 0 || d->countdown_seconds > 10) return KS_ERR_RANGE;
  if (!pos_ok(d->accel_mps2, 0.0, 100.0) || !pos_ok(d->top_speed_mps, 0.0, 200.0)) return KS_ERR_RANGE;
  if (!pos_ok(d->brake_decel_mps2, 0.1, 100.0) || !pos_ok(d->coast_decel_mps2, 0.01, 100.0)) return KS_ERR_RANGE;
  if (!pos_ok(d->gravity_mps2, 0.1, 100.0)) return KS_ERR_RANGE;
  if (!pos_ok(d->ramp_x_m, 1.0, 10000.0) || !pos_ok(d->ramp_length_m, 0.1, 1000.0)) return KS_ERR_RANGE;
  if (!(d->ramp_angle_rad > 0.0) || d->ramp_angle_rad > 1.2) return KS_ERR_RANGE;
  if (!pos_ok(d->barrier_gap_m, 0.0, 1000.0) || !pos_ok(d->barrier_height_m, 0.0, 100.0)) return KS_ERR_RANGE;
  if (!pos_ok(d->spin_per_speed, 0.0, 10.0) || !pos_ok(d->clean_tilt_rad, 0.0, KS_PI)) return KS_ERR_RANGE;
  if (!pos_ok(d->rough_keep, 0.0, 1.0)) return KS_ERR_RANGE;
  return KS_OK;
}

ks_status brake_sim_init(brake_sim *s, const brake_def *def) {
  if (!s || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  ks_status st = check_def(def);
  if (st != KS_OK) return st;
  brake_sim n = {0};
  n.def = *def;
  n.dt = 1.0 / (double)def->steps_per_second;
  n.phase = def->countdown_seconds > 0 ? BRAKE_PHASE_COUNTDOWN : BRAKE_PHASE_ROAD;
  *s = n;
  return KS_OK;
}

/* A sim brake_sim_init made carries its def's cookie; zeroed or never-written memory does not. */
static bool sim_usable(const brake_sim *s) { return s && s->def.cookie == KS_DEF_COOKIE; }

static double lip_x(const brake_def *d) { return d->ramp_x_m + d->ramp_length_m; }
static double barrier_x(const brake_def *d) { return lip_x(d) + d->barrier_gap_m; }

static double stopwatch(const brake_sim *s) {
  if (s->phase == BRAKE_PHASE_COUNTDOWN) return 0.0;
  return (double)(s->step - s->go_step) / (double)s->def.steps_per_second;
}

static void finish(brake_sim *s, int32_t outcome, ks_events *out) {
  s->phase = BRAKE_PHASE_DONE;
  s->outcome = outcome;
  s->stop_x = s->x;
  s->stopwatch_s = stopwatch(s);
  s->speed = 0.0;
  s->vx = 0.0;
  s->vy = 0.0;
  double dist = s->braked ? s->x - s->brake_x : 0.0;
  if (out) ks_events_push(out, s->step, BRAKE_EV_STOPPED, (uint32_t)outcome, s->x, s->stopwatch_s, dist);
}

/* Constant deceleration/acceleration `a` over one step along the surface.
   Returns the distance covered and sets *stopped when the speed reached 0
   inside the step (the distance then ends there). */
static double advance_speed(double *speed, double a, double dt, double cap, bool *stopped) {
  double v0 = *speed;
  double v1 = v0 + a * dt;
  *stopped = false;
  if (a < 0.0 && v1 <= 0.0) {
    double tau = v0 / -a;
    *speed = 0.0;
    *stopped = true;
    return 0.5 * v0 * tau;
  }
  if (a > 0.0 && v1 > cap) {
    /* Reaches the cap inside the step: accelerate, then cruise. */
    double tau = (cap - v0) / a;
    if (tau < 0.0) tau = 0.0;
    *speed = cap > v0 ? cap : v0;
    return 0.5 * (v0 + *speed) * tau + *speed * (dt - tau);
  }
  *speed = v1;
  return 0.5 * (v0 + v1) * dt;
}

static double ground_accel(const brake_sim *s, bool pedal) {
  if (pedal) return -s->def.brake_decel_mps2;
  if (s->braked || s->phase == BRAKE_PHASE_ROLLOUT) return -s->def.coast_decel_mps2;
  return s->speed < s->def.top_speed_mps ? s->def.accel_mps2 : 0.0;
}

static void note_pedal(brake_sim *s, bool pedal, ks_events *out) {
  s->pedal = pedal ? 1 : 0;
  if (pedal && !s->braked) {
    s->braked = 1;
    s->brake_x = s->x;
    if (out) ks_events_push(out, s->step, BRAKE_EV_BRAKE_START, 0, s->x, s->speed, 0.0);
  }
}

static void step_countdown(brake_sim *s, ks_events *out) {
  int64_t sps = s->def.steps_per_second;
  int64_t total = (int64_t)s->def.countdown_seconds * sps;
  if (s->step % sps == 0 && s->step <= total) {
    int64_t left = (int64_t)s->def.countdown_seconds - s->step / sps;
    if (out) ks_events_push(out, s->step, BRAKE_EV_COUNTDOWN_TICK, (uint32_t)left, (double)s->step * s->dt, 0.0, 0.0);
  }
  if (s->step >= total) {
    s->phase = BRAKE_PHASE_ROAD;
    s->go_step = s->step;
  }
}

static void step_road(brake_sim *s, bool pedal, ks_events *out) {
  note_pedal(s, pedal, out);
  bool stopped;
  s->x += advance_speed(&s->speed, ground_accel(s, pedal), s->dt, s->def.top_speed_mps, &stopped);
  s->vx = s->speed;
  if (stopped) {
    finish(s, BRAKE_OUT_SHORT, out);
    return;
  }
  if (s->x >= s->def.ramp_x_m) {
    s->phase = BRAKE_PHASE_RAMP;
    s->y = (s->x - s->def.ramp_x_m) * (ks_sin(s->def.ramp_angle_rad) / ks_cos(s->def.ramp_angle_rad));
  }
}

static void step_ramp(brake_sim *s, bool pedal, ks_events *out) {
  note_pedal(s, pedal, out);
  double sn = ks_sin(s->def.ramp_angle_rad), cs = ks_cos(s->def.ramp_angle_rad);
  double a = ground_accel(s, pedal) - s->def.gravity_mps2 * sn;
  bool stopped;
  double ds = advance_speed(&s->speed, a, s->dt, s->def.top_speed_mps, &stopped);
  s->x += ds * cs;
  s->y += ds * sn;
  s->pitch = s->def.ramp_angle_rad;
  if (stopped) {
    finish(s, BRAKE_OUT_RAMP, out);
    return;
  }
  double lx = lip_x(&s->def);
  if (s->x >= lx) {
    s->x = lx;
    s->y = s->def.ramp_length_m * (sn / cs);
    s->vx = s->speed * cs;
    s->vy = s->speed * sn;
    s->spin = s->def.spin_per_speed * s->speed;
    s->lip_x = lx;
    s->pitch_at_leap = s->pitch;
    s->phase = BRAKE_PHASE_AIR;
    if (out) ks_events_push(out, s->step, BRAKE_EV_LEAP, 0, s->x, s->vx, s->vy);
  }
}

static void step_air(brake_sim *s, ks_events *out) {
  double dt = s->dt, g = s->def.gravity_mps2;
  double x0 = s->x, y0 = s->y, vy0 = s->vy;
  s->x = x0 + s->vx * dt;
  s->y = y0 + vy0 * dt - 0.5 * g * dt * dt;
  s->vy = vy0 - g * dt;
  s->pitch += s->spin * dt;

  int32_t turns = (int32_t)ks_floor((s->pitch - s->pitch_at_leap) / KS_TAU);
  while (s->flips < turns) {
    s->flips++;
    if (out) ks_events_push(out, s->step, BRAKE_EV_FLIP, (uint32_t)s->flips, s->x, s->y, s->pitch);
  }

  double bx = barrier_x(&s->def);
  if (!s->cleared && x0 < bx && s->x >= bx && s->vx > 0.0) {
    double tau = (bx - x0) / s->vx;
    double yb = y0 + vy0 * tau - 0.5 * g * tau * tau;
    if (yb >= s->def.barrier_height_m) {
      s->cleared = 1;
      if (out) ks_events_push(out, s->step, BRAKE_EV_CLEAR, 0, yb - s->def.barrier_height_m, 0.0, 0.0);
    } else {
      s->x = bx;
      s->y = yb > 0.0 ? yb : 0.0;
      if (out) ks_events_push(out, s->step, BRAKE_EV_CRASH, 0, s->y, 0.0, 0.0);
      finish(s, BRAKE_OUT_CRASH, out);
      return;
    }
  }

  if (s->y <= 0.0 && s->vy < 0.0) {
    double tilt = ks_wrap_angle(s->pitch);
    bool clean = ks_fabs(tilt) <= s->def.clean_tilt_rad;
    double vland = -s->vy;
    s->y = 0.0;
    s->vy = 0.0;
    s->clean_landing = clean ? 1 : 0;
    s->speed = s->vx * (clean ? 1.0 : s->def.rough_keep);
    s->vx = s->speed;
    s->pitch = 0.0;
    s->land_x = s->x;
    s->phase = BRAKE_PHASE_ROLLOUT;
    if (out) ks_events_push(out, s->step, BRAKE_EV_LAND, clean ? 1u : 0u, s->x, vland, tilt);
  }
}

static void step_rollout(brake_sim *s, bool pedal, ks_events *out) {
  note_pedal(s, pedal, out);
  double x0 = s->x;
  bool stopped;
  s->x += advance_speed(&s->speed, ground_accel(s, pedal), s->dt, s->def.top_speed_mps, &stopped);
  s->vx = s->speed;
  double bx = barrier_x(&s->def);
  if (!s->cleared && x0 < bx && s->x >= bx) {
    s->x = bx;
    if (out) ks_events_push(out, s->step, BRAKE_EV_CRASH, 0, 0.0, 0.0, 0.0);
    finish(s, BRAKE_OUT_CRASH, out);
    return;
  }
  if (stopped) finish(s, s->cleared ? BRAKE_OUT_LEAP : BRAKE_OUT_HOP, out);
}

void brake_sim_step(brake_sim *s, bool pedal, ks_events *out) {
  if (!sim_usable(s) || s->phase == BRAKE_PHASE_DONE) return;
  s->step++;
  switch (s->phase) {
  case BRAKE_PHASE_COUNTDOWN: step_countdown(s, out); break;
  case BRAKE_PHASE_ROAD: step_road(s, pedal, out); break;
  case BRAKE_PHASE_RAMP: step_ramp(s, pedal, out); break;
  case BRAKE_PHASE_AIR: step_air(s, out); break;
  case BRAKE_PHASE_ROLLOUT: step_rollout(s, pedal, out); break;
  default: break;
  }
  if (s->phase != BRAKE_PHASE_DONE) s->stopwatch_s = stopwatch(s);
}

static int32_t round_points(double v) { return v <= 0.0 ? 0 : (int32_t)ks_floor(v + 0.5); }

brake_result brake_sim_result(const brake_sim *s) {
  brake_result r = {0};
  if (!sim_usable(s)) return r;
  r.outcome = s->outcome;
  r.flips = s->flips;
  r.clean_landing = s->clean_landing;
  r.stopwatch_s = s->stopwatch_s;
  r.steps = s->step;
  if (s->phase != BRAKE_PHASE_DONE) return r;
  r.stop_x_m = s->stop_x;
  r.stopping_distance_m = s->braked ? s->stop_x - s->brake_x : 0.0;
  bool landed = s->land_x > 0.0;
  r.leap_distance_m = landed ? s->land_x - s->lip_x : 0.0;
  /* The game is the stop: the closer to the ramp's foot, the more it is
     worth; running onto the ramp costs, and a leap (braking too little, or
     never) is a stunt, worth less than a good stop. */
  switch (s->outcome) {
  case BRAKE_OUT_SHORT: r.score = round_points(3000.0 - 150.0 * (s->def.ramp_x_m - s->stop_x)); break;
  case BRAKE_OUT_RAMP: r.score = round_points(2000.0 - 200.0 * (s->stop_x - s->def.ramp_x_m)); break;
  case BRAKE_OUT_LEAP: {
    int32_t flips = s->flips < 4 ? s->flips : 4;
    r.score = 400 + 100 * flips + (s->clean_landing ? 200 : 0);
    break;
  }
  case BRAKE_OUT_HOP: r.score = 300; break;
  default: r.score = 0; break;
  }
  return r;
}

uint64_t brake_sim_hash(const brake_sim *s) {
  ks_hash h = ks_hash_begin();
  if (!s) return ks_hash_end(&h);
  ks_hash_i64(&h, s->step);
  ks_hash_i64(&h, s->go_step);
  ks_hash_i32(&h, s->phase);
  ks_hash_i32(&h, s->outcome);
  const double f[] = {s->x, s->y, s->vx, s->vy, s->speed, s->pitch, s->spin, s->brake_x,
                      s->lip_x, s->land_x, s->stop_x, s->stopwatch_s, s->pitch_at_leap};
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) ks_hash_f64(&h, f[i]);
  ks_hash_i32(&h, s->braked);
  ks_hash_i32(&h, s->pedal);
  ks_hash_i32(&h, s->flips);
  ks_hash_i32(&h, s->clean_landing);
  ks_hash_i32(&h, s->cleared);
  return ks_hash_end(&h);
}

double brake_sim_gap(const brake_sim *s) { return s ? s->def.ramp_x_m - s->x : 0.0; }

double brake_sim_time_to_land(const brake_sim *s) {
  if (!s || s->phase != BRAKE_PHASE_AIR) return 0.0;
  double g = s->def.gravity_mps2;
  double disc = s->vy * s->vy + 2.0 * g * (s->y > 0.0 ? s->y : 0.0);
  return (s->vy + ks_sqrt(disc)) / g;
}

const char *brake_event_name(uint32_t type) {
  static const char *const names[] = {"none", "countdown_tick", "brake_start", "leap", "flip",
                                      "clear", "crash", "land", "stopped"};
  return type < brake_event_count ? names[type] : "unknown";
}

const char *brake_phase_name(int32_t phase) {
  static const char *const names[] = {"countdown", "road", "ramp", "air", "rollout", "done"};
  return phase >= 0 && phase < brake_phase_count ? names[phase] : "unknown";
}

const char *brake_outcome_name(int32_t outcome) {
  static const char *const names[] = {"none", "short", "ramp", "leap", "crash", "hop"};
  return outcome >= 0 && outcome < brake_outcome_count ? names[outcome] : "unknown";
}
