// SPDX-License-Identifier: MIT
#include "kickstep/clock.h"

#define KS_UNITS_SATURATE (1ll << 62)
#define KS_CLOCK_COOKIE 0x6b73636bu /* "kscl": set by ks_clock_init */

ks_clock_def ks_clock_default_def(void) {
  ks_clock_def d;
  d.steps_per_second = 60;
  d.max_frame_seconds = 0.25;
  d.max_steps_per_frame = 0;
  d.max_call_seconds = 0.0;
  d.resume_frame_seconds = 1.0 / 60.0;
  d.time_scale = 1.0;
  d.carry_excess_steps = false;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

int64_t ks_clock_seconds_to_units(double seconds, int64_t units_per_second) {
  if (!ks_is_finite(seconds) || seconds <= 0.0 || units_per_second <= 0) return 0;
  double u = seconds * (double)units_per_second;
  if (!(u < (double)KS_UNITS_SATURATE)) return KS_UNITS_SATURATE;
  /* Round to nearest, ties away from zero, without libm: the truncation of
     u + 0.5 is exact here because u < 2^62 and we only need the integer part
     of a value whose fractional part decides the rounding. */
  int64_t whole = (int64_t)u;            /* truncation toward zero */
  double frac = u - (double)whole;       /* exact: both in the same binade range */
  if (frac >= 0.5) whole += 1;
  return whole;
}

static bool seconds_ok(double s) { return ks_is_finite(s) && s >= 0.0; }

ks_status ks_clock_init(ks_clock *c, const ks_clock_def *def) {
  if (!c || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(def->max_frame_seconds) || !ks_is_finite(def->max_call_seconds) ||
      !ks_is_finite(def->resume_frame_seconds) || !ks_is_finite(def->time_scale))
    return KS_ERR_NOT_FINITE;
  if (def->steps_per_second < 1 || def->steps_per_second > KS_CLOCK_MAX_STEPS_PER_SECOND) return KS_ERR_RANGE;
  if (!seconds_ok(def->max_frame_seconds) || !seconds_ok(def->max_call_seconds) ||
      !seconds_ok(def->resume_frame_seconds) || def->max_steps_per_frame < 0)
    return KS_ERR_RANGE;
  if (def->time_scale < 0.0 || def->time_scale > 1000.0) return KS_ERR_RANGE;

  ks_clock n = {0};
  n.cookie = KS_CLOCK_COOKIE;
  n.steps_per_second = def->steps_per_second;
  n.units_per_second = (int64_t)def->steps_per_second * KS_CLOCK_UNITS_PER_STEP;
  n.max_frame_seconds = def->max_frame_seconds;
  n.max_call_seconds = def->max_call_seconds;
  n.resume_frame_seconds = def->resume_frame_seconds;
  n.max_frame_units = ks_clock_seconds_to_units(def->max_frame_seconds, n.units_per_second);
  n.max_call_units = ks_clock_seconds_to_units(def->max_call_seconds, n.units_per_second);
  n.resume_frame_units = ks_clock_seconds_to_units(def->resume_frame_seconds, n.units_per_second);
  n.max_steps_per_frame = def->max_steps_per_frame;
  n.time_scale = def->time_scale;
  n.carry_excess_steps = def->carry_excess_steps ? 1u : 0u;
  *c = n;
  return KS_OK;
}

/* Units of scaled time for a frame; +inf (a huge frame times a large scale) saturates. */
static int64_t scaled_units(double seconds, double scale, int64_t units_per_second) {
  double scaled = seconds * scale;
  if (!ks_is_finite(scaled)) return scaled > 0.0 ? KS_UNITS_SATURATE : 0;
  return ks_clock_seconds_to_units(scaled, units_per_second);
}

static int64_t sat_add(int64_t a, int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

int64_t ks_clock_advance(ks_clock *c, double frame_seconds) {
  if (!c || c->cookie != KS_CLOCK_COOKIE) return 0; /* never initialised: no step, untouched */
  c->last_dropped_units = 0;
  c->last_steps = 0;
  if (c->paused) return 0;

  double real = seconds_ok(frame_seconds) ? frame_seconds : 0.0;
  if (c->resume_pending) {
    real = c->resume_frame_seconds; /* paused time is never caught up, and not "dropped" */
    c->resume_pending = 0;
  }

  /* The frame's time scaled once, converted once. */
  int64_t units;
  if (c->max_frame_seconds > 0.0 && real > c->max_frame_seconds) {
    units = scaled_units(c->max_frame_seconds, c->time_scale, c->units_per_second);
    int64_t full = scaled_units(real, c->time_scale, c->units_per_second);
    if (full > units) c->last_dropped_units += full - units;
  } else {
    units = scaled_units(real, c->time_scale, c->units_per_second);
  }
  if (c->max_call_units > 0 && units > c->max_call_units) {
    c->last_dropped_units += units - c->max_call_units;
    units = c->max_call_units;
  }
  /* < 2^62 + one step without carried steps; with them the bank saturates. */
  int64_t banked = sat_add(c->banked_units, units);
  int64_t due = banked / KS_CLOCK_UNITS_PER_STEP;
  banked -= due * KS_CLOCK_UNITS_PER_STEP;
  if (c->max_steps_per_frame > 0 && due > c->max_steps_per_frame) {
    int64_t excess = due - c->max_steps_per_frame;
    if (c->carry_excess_steps) banked += excess * KS_CLOCK_UNITS_PER_STEP; /* owed to later frames */
    else c->last_dropped_units += excess * KS_CLOCK_UNITS_PER_STEP;
    due = c->max_steps_per_frame;
  }
  c->banked_units = banked;
  c->total_steps = sat_add(c->total_steps, due);
  c->dropped_units = sat_add(c->dropped_units, c->last_dropped_units);
  c->last_steps = due;
  return due;
}

ks_status ks_clock_set_time_scale(ks_clock *c, double scale) {
  if (!c) return KS_ERR_NULL;
  if (!ks_is_finite(scale)) return KS_ERR_NOT_FINITE;
  if (scale < 0.0 || scale > 1000.0) return KS_ERR_RANGE;
  c->time_scale = scale;
  return KS_OK;
}

void ks_clock_pause(ks_clock *c) {
  if (c) c->paused = 1;
}

void ks_clock_resume(ks_clock *c) {
  if (c && c->paused) {
    c->paused = 0;
    c->resume_pending = 1;
  }
}

double ks_clock_alpha(const ks_clock *c) {
  if (!c) return 0.0;
  if (c->banked_units >= KS_CLOCK_UNITS_PER_STEP)
    return (double)(KS_CLOCK_UNITS_PER_STEP - 1) / (double)KS_CLOCK_UNITS_PER_STEP;
  return (double)c->banked_units / (double)KS_CLOCK_UNITS_PER_STEP;
}

double ks_clock_time(const ks_clock *c) {
  if (!c || c->steps_per_second <= 0) return 0.0;
  return (double)c->total_steps / (double)c->steps_per_second;
}

double ks_clock_step_seconds(const ks_clock *c) {
  if (!c || c->steps_per_second <= 0) return 0.0;
  return 1.0 / (double)c->steps_per_second;
}

double ks_clock_dropped_seconds(const ks_clock *c) {
  if (!c || c->units_per_second <= 0) return 0.0;
  return (double)c->dropped_units / (double)c->units_per_second;
}
