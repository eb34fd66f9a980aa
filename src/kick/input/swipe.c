// SPDX-License-Identifier: MIT
/* A kick from a swipe: touch samples with their own timestamps -> a launch.
   Everything is measured on the piecewise-linear path through the samples as
   a function of their own time. Samples are folded into running measures one
   by one, in order, so frame groupings never matter; the speed is the
   flick's peak over a fixed stretch of time, so neither a resting finger
   (before the flick or before lift-off) nor the sampling rate moves it. */
#include "kickstep/kick_swipe.h"
#include "kickstep/dmath.h"
#include "kickstep/vec.h"

kick_swipe_def kick_swipe_default_def(void) {
  kick_swipe_def d;
  d.screen_height = 1.0;
  d.min_length = 0.03;
  d.release_window_s = 0.08;
  d.slow_speed = 0.5;
  d.fast_speed = 4.0;
  d.min_speed_mps = 8.0;
  d.max_speed_mps = KICK_MAX_LAUNCH_SPEED;
  d.elevation_per_screen = 0.6;
  d.min_elevation = 0.02;
  d.max_elevation = 0.9;
  d.direction_gain = 0.5;
  d.full_bend_bow = 0.12;
  d.straight_bow = 0.006;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static ks_status check_def(const kick_swipe_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  const double v[] = {d->screen_height, d->min_length, d->release_window_s, d->slow_speed, d->fast_speed,
                      d->min_speed_mps, d->max_speed_mps, d->elevation_per_screen, d->min_elevation,
                      d->max_elevation, d->direction_gain, d->full_bend_bow, d->straight_bow};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    if (!ks_is_finite(v[i])) return KS_ERR_NOT_FINITE;
  if (!(d->screen_height > 0.0)) return KS_ERR_RANGE;
  if (!(d->min_length >= 0.001 && d->min_length <= 1.0)) return KS_ERR_RANGE;
  if (!(d->release_window_s >= 0.005 && d->release_window_s <= 0.5)) return KS_ERR_RANGE;
  if (!(d->slow_speed >= 0.0 && d->fast_speed > d->slow_speed)) return KS_ERR_RANGE;
  if (!(d->max_speed_mps <= KICK_MAX_LAUNCH_SPEED && d->min_speed_mps > 0.0 && d->min_speed_mps <= d->max_speed_mps))
    return KS_ERR_RANGE;
  if (!(d->elevation_per_screen >= 0.0 && d->elevation_per_screen <= 5.0)) return KS_ERR_RANGE;
  if (!(d->min_elevation >= -0.1 && d->max_elevation <= 1.2 && d->min_elevation <= d->max_elevation))
    return KS_ERR_RANGE;
  if (!(d->direction_gain >= 0.0 && d->direction_gain <= 2.0)) return KS_ERR_RANGE;
  if (!(d->full_bend_bow >= 0.01 && d->full_bend_bow <= 1.0)) return KS_ERR_RANGE;
  if (!(d->straight_bow >= 0.0 && d->straight_bow <= 0.5 * d->full_bend_bow)) return KS_ERR_RANGE;
  return KS_OK;
}

static bool state_ok(const kick_swipe *sw) {
  return check_def(&sw->def) == KS_OK && sw->count >= 0 && sw->count <= KICK_SWIPE_MAX_COUNT && sw->points >= 0 &&
         sw->points <= sw->count && sw->recent_count >= 0 && sw->recent_count <= KICK_SWIPE_RECENT &&
         sw->recent_head >= 0 && sw->recent_head < KICK_SWIPE_RECENT;
}

ks_status kick_swipe_begin(kick_swipe *sw, const kick_swipe_def *def) {
  if (!sw || !def) return KS_ERR_NULL;
  ks_status st = check_def(def);
  if (st != KS_OK) return st;
  kick_swipe z = {0};
  z.def = *def;
  *sw = z;
  return KS_OK;
}

/* ------------------------------------------------------------ the folding */

static kick_touch recent_at(const kick_swipe *sw, int32_t i) {
  return sw->recent[(sw->recent_head + i) % KICK_SWIPE_RECENT];
}

static void recent_push(kick_swipe *sw, kick_touch p) {
  if (sw->recent_count < KICK_SWIPE_RECENT) {
    sw->recent[(sw->recent_head + sw->recent_count) % KICK_SWIPE_RECENT] = p;
    sw->recent_count++;
    return;
  }
  sw->recent[sw->recent_head] = p;
  sw->recent_head = (sw->recent_head + 1) % KICK_SWIPE_RECENT;
  sw->recent_dropped = true;
}

/* The point at time tq on segment a-b (tq within [a.t, b.t]). */
static kick_touch on_segment(kick_swipe *sw, kick_touch a, kick_touch b, double tq) {
  double u = (tq - a.t) / (b.t - a.t);
  if (!ks_is_finite(u)) {
    sw->overflow = true;
    u = 0.0;
  }
  u = ks_clamp(u, 0.0, 1.0);
  kick_touch p = {a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u, tq};
  return p;
}

/* The path at time tq, on the kept points followed by q. Before the first
   point the finger rests there (so a swipe shorter than the window reads as
   the same flick with a rest before it); before the oldest kept point of a
   swipe whose older points were dropped, that point, with its own time. */
static kick_touch path_at(kick_swipe *sw, kick_touch q, double tq) {
  kick_touch b = q;
  for (int32_t i = sw->recent_count - 1; i >= 0; i--) {
    kick_touch a = recent_at(sw, i);
    if (a.t <= tq) return on_segment(sw, a, b, tq);
    b = a;
  }
  if (!sw->recent_dropped) b.t = tq;
  return b;
}

/* The windowed speed of the window ending at te on the new segment prev-q. */
static void try_window(kick_swipe *sw, kick_touch prev, kick_touch q, double te) {
  const double w = sw->def.release_window_s;
  kick_touch pe = on_segment(sw, prev, q, te);
  kick_touch ps = path_at(sw, q, te - w);
  double span = te - ps.t;
  if (!(span > 0.0)) return;
  double dx = pe.x - ps.x, dy = pe.y - ps.y;
  double v = ks_sqrt(dx * dx + dy * dy) / span;
  if (!ks_is_finite(v)) {
    sw->overflow = true;
    return;
  }
  if (!sw->windowed || v > sw->peak_speed) {
    sw->peak_speed = v;
    sw->peak_end_t = te;
  }
  sw->windowed = true;
}

/* Folds point q in after the newest folded point: the area of the new
   segment and every window that ends on it. The windowed speed
   |p(t) - p(t - w)| / w is convex between the times where either end of the
   window meets a sample, so its peak is at one of them: a window ending on
   q, or starting on a kept point. */
static void fold(kick_swipe *sw, kick_touch q) {
  if (sw->recent_count == 0) {
    recent_push(sw, q);
    return;
  }
  kick_touch prev = recent_at(sw, sw->recent_count - 1);
  double ax = prev.x - sw->first.x, ay = prev.y - sw->first.y;
  double bx = q.x - sw->first.x, by = q.y - sw->first.y;
  sw->area2 += ax * by - bx * ay;
  if (!ks_is_finite(sw->area2)) sw->overflow = true;
  const double w = sw->def.release_window_s;
  /* Kept points whose window ends on the new segment: the newest ones. */
  int32_t i = sw->recent_count;
  while (i > 0 && recent_at(sw, i - 1).t + w > prev.t) i--;
  for (; i < sw->recent_count; i++) {
    double te = recent_at(sw, i).t + w;
    if (te > prev.t && te < q.t) try_window(sw, prev, q, te);
  }
  try_window(sw, prev, q, q.t);
  recent_push(sw, q);
}

static kick_swipe_error check_samples(const kick_touch *s, size_t n, bool have_last, double last_t) {
  for (size_t i = 0; i < n; i++) {
    if (!ks_is_finite(s[i].x) || !ks_is_finite(s[i].y) || !ks_is_finite(s[i].t)) return KICK_SWIPE_NOT_FINITE;
  }
  for (size_t i = 0; i < n; i++) {
    if (have_last && s[i].t < last_t) return KICK_SWIPE_TIME_NOT_INCREASING;
    have_last = true;
    last_t = s[i].t;
  }
  return KICK_SWIPE_OK;
}

static void take(kick_swipe *sw, kick_touch raw) {
  const double inv_h = 1.0 / sw->def.screen_height;
  kick_touch p = {raw.x * inv_h, -raw.y * inv_h, raw.t};
  if (!ks_is_finite(p.x) || !ks_is_finite(p.y)) sw->overflow = true;
  sw->count++;
  if (sw->points == 0) {
    sw->first = sw->latest = p;
    sw->points = 1;
    return;
  }
  if (p.t == sw->latest.t) { /* a coalesced report of the same moment: the later position wins */
    sw->latest = p;
    if (sw->points == 1) sw->first = p;
    return;
  }
  fold(sw, sw->latest);
  sw->latest = p;
  sw->points++;
}

ks_status kick_swipe_add(kick_swipe *sw, const kick_touch *samples, size_t n, kick_swipe_error *error) {
  kick_swipe_error e = KICK_SWIPE_OK;
  if (!sw || (!samples && n > 0)) {
    if (error) *error = KICK_SWIPE_OK;
    return KS_ERR_NULL;
  }
  if (!state_ok(sw)) e = KICK_SWIPE_BAD_DEF;
  else if (n > (size_t)(KICK_SWIPE_MAX_COUNT - sw->count)) e = KICK_SWIPE_TOO_MANY_SAMPLES;
  else e = check_samples(samples, n, sw->points > 0, sw->latest.t);
  if (error) *error = e;
  if (e != KICK_SWIPE_OK) return kick_swipe_error_status(e);
  for (size_t i = 0; i < n; i++) take(sw, samples[i]);
  return KS_OK;
}

/* -------------------------------------------------------------- the kick */

static ks_status fail(kick_swipe_reading *out, kick_swipe_error e) {
  kick_swipe_reading r = {0};
  r.launch = kick_launch_default();
  r.error = e;
  *out = r;
  return kick_swipe_error_status(e);
}

/* The mapping every kick takes, a swipe's or the keys': measures to a launch.
   rise (screen heights up), heading (rad from straight up, + right), flick
   speed (screen heights/s) and bow (area / chord²) fill r. */
static void launch_from(const kick_swipe_def *d, double rise, double heading, double speed, double bow,
                        kick_swipe_reading *r) {
  double u = ks_clamp((speed - d->slow_speed) / (d->fast_speed - d->slow_speed), 0.0, 1.0);
  double raw = bow / d->full_bend_bow, dead = d->straight_bow / d->full_bend_bow;
  double mag = ks_fabs(raw) <= dead ? 0.0 : ks_clamp((ks_fabs(raw) - dead) / (1.0 - dead), 0.0, 1.0);
  double bend = raw < 0.0 ? -mag : mag;
  r->launch = kick_launch_default();
  r->launch.speed_mps = d->min_speed_mps + (d->max_speed_mps - d->min_speed_mps) * u;
  r->launch.elevation = ks_clamp(d->min_elevation + d->elevation_per_screen * rise, d->min_elevation, d->max_elevation);
  /* The screen's right is the shooter's right: -x in the pitch frame. */
  r->launch.direction = ks_clamp(-d->direction_gain * heading, -1.5, 1.5);
  r->launch.spin_axis = ks_v3(0.0, bend < 0.0 ? -1.0 : 1.0, 0.0);
  r->launch.spin_rate = ks_fabs(bend) * KICK_FULL_BEND_SPIN;
  r->bend = bend;
  r->release_speed = speed;
  r->rise = rise;
  r->heading = heading;
  r->bow = bow;
  r->error = KICK_SWIPE_OK;
}

ks_status kick_swipe_finish(const kick_swipe *sw, kick_swipe_reading *out) {
  if (!sw || !out) return KS_ERR_NULL;
  if (!state_ok(sw)) return fail(out, KICK_SWIPE_BAD_DEF);
  if (sw->points < KICK_SWIPE_MIN_SAMPLES) return fail(out, KICK_SWIPE_TOO_FEW_SAMPLES);
  kick_swipe s = *sw;
  fold(&s, s.latest);
  const kick_swipe_def *d = &s.def;
  const double cx = s.latest.x - s.first.x, cy = s.latest.y - s.first.y;
  const double len = ks_sqrt(cx * cx + cy * cy);
  /* Finite samples far enough apart (beyond ~1e150 screen heights) overflow a difference. */
  if (s.overflow || !ks_is_finite(len)) return fail(out, KICK_SWIPE_NOT_FINITE);
  if (!(len >= d->min_length)) return fail(out, KICK_SWIPE_ZERO_LENGTH);
  if (!(cy > 0.0)) return fail(out, KICK_SWIPE_NOT_UPWARD);
  const double dur = s.latest.t - s.first.t;
  /* A swipe shorter than the window: its whole chord over its whole time. */
  double speed = s.windowed ? s.peak_speed : len / dur;
  double bow = 0.5 * s.area2 / (len * len);
  /* Timestamps a denormal apart, or a path that overflows its area, give no
     usable measure: rejected rather than clamped into a kick. */
  if (!ks_is_finite(dur) || !ks_is_finite(speed) || !ks_is_finite(bow)) return fail(out, KICK_SWIPE_NOT_FINITE);

  kick_swipe_reading r = {0};
  launch_from(d, cy, ks_atan2(cx, cy), speed, bow, &r);
  r.length = len;
  r.duration_s = dur;
  r.dwell_s = s.windowed ? s.latest.t - s.peak_end_t : 0.0;
  r.samples = s.points > INT32_MAX ? INT32_MAX : (int32_t)s.points;
  *out = r;
  return KS_OK;
}

ks_status kick_swipe_read(const kick_swipe_def *def, const kick_touch *samples, size_t n, kick_swipe_reading *out) {
  if (!out || (!samples && n > 0)) return KS_ERR_NULL;
  kick_swipe_def dd = def ? *def : kick_swipe_default_def();
  kick_swipe sw;
  ks_status st = kick_swipe_begin(&sw, &dd);
  if (st != KS_OK) {
    (void)fail(out, KICK_SWIPE_BAD_DEF);
    return st;
  }
  kick_swipe_error e = KICK_SWIPE_OK;
  st = kick_swipe_add(&sw, samples, n, &e);
  if (st != KS_OK) return fail(out, e);
  return kick_swipe_finish(&sw, out);
}

/* --------------------------------------------------------------------- keys */

double kick_keys_power(double hold_s) {
  if (!ks_is_finite(hold_s) || !(hold_s > 0.0)) return 0.0;
  double ph = ks_fmod(hold_s, 2.0 * KICK_KEYS_POWER_RISE_S) / KICK_KEYS_POWER_RISE_S;
  return ph <= 1.0 ? ph : 2.0 - ph;
}

/* The keys' swipe: the rise a height asks for, the heading of an aim. */
#define KEYS_MIN_RISE 0.05
#define KEYS_MAX_RISE 0.9
#define KEYS_MAX_HEADING 0.6

ks_status kick_keys_read(const kick_swipe_def *def, const kick_keys *keys, kick_swipe_reading *out) {
  if (!keys || !out) return KS_ERR_NULL;
  kick_swipe_def d = def ? *def : kick_swipe_default_def();
  ks_status st = check_def(&d);
  if (st != KS_OK) {
    (void)fail(out, KICK_SWIPE_BAD_DEF);
    return st;
  }
  if (!ks_is_finite(keys->aim) || !ks_is_finite(keys->height) || !ks_is_finite(keys->bend) ||
      !ks_is_finite(keys->hold_s))
    return KS_ERR_NOT_FINITE;
  if (!(keys->aim >= -1.0 && keys->aim <= 1.0) || !(keys->height >= 0.0 && keys->height <= 1.0) ||
      !(keys->bend >= -1.0 && keys->bend <= 1.0) || !(keys->hold_s >= 0.0))
    return KS_ERR_RANGE;
  double rise = KEYS_MIN_RISE + (KEYS_MAX_RISE - KEYS_MIN_RISE) * keys->height;
  double heading = KEYS_MAX_HEADING * keys->aim;
  double speed = d.slow_speed + (d.fast_speed - d.slow_speed) * kick_keys_power(keys->hold_s);
  /* The bow that reads back as this bend through the straight-swipe zone. */
  double dead = d.straight_bow / d.full_bend_bow;
  double mag = keys->bend == 0.0 ? 0.0 : d.full_bend_bow * (dead + ks_fabs(keys->bend) * (1.0 - dead));
  double bow = keys->bend < 0.0 ? -mag : mag;
  kick_swipe_reading r = {0};
  launch_from(&d, rise, heading, speed, bow, &r);
  double c = ks_cos(heading);
  r.length = rise / c;
  r.duration_s = keys->hold_s;
  r.samples = 0;
  *out = r;
  return KS_OK;
}

/* ------------------------------------------------------------------ names */

const char *kick_swipe_error_name(kick_swipe_error e) {
  switch (e) {
  case KICK_SWIPE_OK: return "ok";
  case KICK_SWIPE_TOO_FEW_SAMPLES: return "too_few_samples";
  case KICK_SWIPE_NOT_FINITE: return "not_finite";
  case KICK_SWIPE_TIME_NOT_INCREASING: return "time_not_increasing";
  case KICK_SWIPE_ZERO_LENGTH: return "zero_length";
  case KICK_SWIPE_NOT_UPWARD: return "not_upward";
  case KICK_SWIPE_TOO_MANY_SAMPLES: return "too_many_samples";
  case KICK_SWIPE_BAD_DEF: return "bad_def";
  case kick_swipe_error_count: break;
  }
  return "unknown";
}

const char *kick_swipe_error_text(kick_swipe_error e) {
  switch (e) {
  case KICK_SWIPE_OK: return "";
  case KICK_SWIPE_TOO_FEW_SAMPLES: return "Touch the ball and swipe to where you want it to go.";
  case KICK_SWIPE_ZERO_LENGTH: return "That was a tap: swipe from the ball to where you want it to go.";
  case KICK_SWIPE_NOT_UPWARD: return "Swipe from the ball towards the goal.";
  case KICK_SWIPE_NOT_FINITE:
  case KICK_SWIPE_TIME_NOT_INCREASING: return "Your device sent a swipe that cannot be read. Please swipe again.";
  case KICK_SWIPE_TOO_MANY_SAMPLES: return "That swipe went on far too long. Lift your finger and swipe again.";
  case KICK_SWIPE_BAD_DEF: return "The swipe settings are broken: reload the page.";
  case kick_swipe_error_count: break;
  }
  return "That swipe could not be read. Please swipe again.";
}

ks_status kick_swipe_error_status(kick_swipe_error e) {
  switch (e) {
  case KICK_SWIPE_OK: return KS_OK;
  case KICK_SWIPE_NOT_FINITE: return KS_ERR_NOT_FINITE;
  case KICK_SWIPE_TIME_NOT_INCREASING: return KS_ERR_FORMAT;
  case KICK_SWIPE_TOO_MANY_SAMPLES: return KS_ERR_CAPACITY;
  case KICK_SWIPE_BAD_DEF: return KS_ERR_UNINITIALISED;
  case KICK_SWIPE_TOO_FEW_SAMPLES:
  case KICK_SWIPE_ZERO_LENGTH:
  case KICK_SWIPE_NOT_UPWARD:
  case kick_swipe_error_count: break;
  }
  return KS_ERR_RANGE;
}
