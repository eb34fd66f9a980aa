// SPDX-License-Identifier: MIT
/* A kick from a swipe: touch samples with their own timestamps -> a launch.
   Everything is measured on the piecewise-linear path through the samples as
   a function of their own time, so frame groupings never matter and the
   sampling rate barely does. */
#include "kickstep/kick_swipe.h"
#include "kickstep/dmath.h"
#include "kickstep/vec.h"

kick_swipe_def kick_swipe_default_def(void) {
  kick_swipe_def d;
  d.screen_height = 1.0;
  d.min_length = 0.03;
  d.release_window_s = 0.05;
  d.slow_speed = 0.5;
  d.fast_speed = 4.5;
  d.min_speed_mps = 8.0;
  d.max_speed_mps = KICK_MAX_LAUNCH_SPEED;
  d.elevation_per_screen = 0.6;
  d.min_elevation = 0.02;
  d.max_elevation = 0.9;
  d.direction_gain = 0.5;
  d.full_bend_bow = 0.12;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static ks_status check_def(const kick_swipe_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  const double v[] = {d->screen_height, d->min_length, d->release_window_s, d->slow_speed, d->fast_speed,
                      d->min_speed_mps, d->max_speed_mps, d->elevation_per_screen, d->min_elevation,
                      d->max_elevation, d->direction_gain, d->full_bend_bow};
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
  return KS_OK;
}

ks_status kick_swipe_begin(kick_swipe *sw, const kick_swipe_def *def) {
  if (!sw || !def) return KS_ERR_NULL;
  ks_status st = check_def(def);
  if (st != KS_OK) return st;
  sw->def = *def;
  sw->count = 0;
  return KS_OK;
}

static kick_swipe_error check_samples(const kick_touch *s, size_t n, bool have_last, double last_t) {
  for (size_t i = 0; i < n; i++) {
    if (!ks_is_finite(s[i].x) || !ks_is_finite(s[i].y) || !ks_is_finite(s[i].t)) return KICK_SWIPE_NOT_FINITE;
  }
  for (size_t i = 0; i < n; i++) {
    if (have_last && !(s[i].t > last_t)) return KICK_SWIPE_TIME_NOT_INCREASING;
    have_last = true;
    last_t = s[i].t;
  }
  return KICK_SWIPE_OK;
}

ks_status kick_swipe_add(kick_swipe *sw, const kick_touch *samples, size_t n, kick_swipe_error *error) {
  kick_swipe_error e = KICK_SWIPE_OK;
  if (!sw || (!samples && n > 0)) {
    if (error) *error = KICK_SWIPE_OK;
    return KS_ERR_NULL;
  }
  if (sw->count < 0 || sw->count > KICK_SWIPE_MAX_SAMPLES || check_def(&sw->def) != KS_OK) e = KICK_SWIPE_BAD_DEF;
  else if (n > (size_t)(KICK_SWIPE_MAX_SAMPLES - sw->count)) e = KICK_SWIPE_TOO_MANY_SAMPLES;
  else {
    bool have_last = sw->count > 0;
    double last_t = have_last ? sw->samples[sw->count - 1].t : 0.0;
    e = check_samples(samples, n, have_last, last_t);
  }
  if (error) *error = e;
  if (e != KICK_SWIPE_OK) return kick_swipe_error_status(e);
  for (size_t i = 0; i < n; i++) sw->samples[sw->count + (int32_t)i] = samples[i];
  sw->count += (int32_t)n;
  return KS_OK;
}

/* The path's position (normalised, y up) at time tq, by linear interpolation
   between the samples around it. */
static void path_at(const kick_touch *s, int32_t n, double inv_h, double tq, double *x, double *y) {
  int32_t i = n - 2;
  while (i > 0 && s[i].t > tq) i--;
  double u = (tq - s[i].t) / (s[i + 1].t - s[i].t);
  u = ks_clamp(u, 0.0, 1.0);
  double x0 = s[i].x * inv_h, y0 = -s[i].y * inv_h;
  double x1 = s[i + 1].x * inv_h, y1 = -s[i + 1].y * inv_h;
  *x = x0 + (x1 - x0) * u;
  *y = y0 + (y1 - y0) * u;
}

static ks_status fail(kick_swipe_reading *out, kick_swipe_error e) {
  kick_swipe_reading r = {0};
  r.launch = kick_launch_default();
  r.error = e;
  *out = r;
  return kick_swipe_error_status(e);
}

ks_status kick_swipe_finish(const kick_swipe *sw, kick_swipe_reading *out) {
  if (!sw || !out) return KS_ERR_NULL;
  if (check_def(&sw->def) != KS_OK || sw->count < 0 || sw->count > KICK_SWIPE_MAX_SAMPLES)
    return fail(out, KICK_SWIPE_BAD_DEF);
  const kick_swipe_def *d = &sw->def;
  const kick_touch *s = sw->samples;
  const int32_t n = sw->count;
  if (n < KICK_SWIPE_MIN_SAMPLES) return fail(out, KICK_SWIPE_TOO_FEW_SAMPLES);
  kick_swipe_error e = check_samples(s, (size_t)n, false, 0.0);
  if (e != KICK_SWIPE_OK) return fail(out, e);

  const double inv_h = 1.0 / d->screen_height;
  const double x0 = s[0].x * inv_h, y0 = -s[0].y * inv_h;
  const double x1 = s[n - 1].x * inv_h, y1 = -s[n - 1].y * inv_h;
  const double cx = x1 - x0, cy = y1 - y0;
  const double len = ks_sqrt(cx * cx + cy * cy);
  /* Finite samples far enough apart (beyond ~1e150 screen heights) overflow a difference. */
  if (!ks_is_finite(len)) return fail(out, KICK_SWIPE_NOT_FINITE);
  if (!(len >= d->min_length)) return fail(out, KICK_SWIPE_ZERO_LENGTH);
  if (!(cy > 0.0)) return fail(out, KICK_SWIPE_NOT_UPWARD);
  const double dur = s[n - 1].t - s[0].t;

  /* Release speed: distance covered over the last window of the swipe's own time. */
  double w = d->release_window_s < dur ? d->release_window_s : dur;
  double rx, ry;
  path_at(s, n, inv_h, s[n - 1].t - w, &rx, &ry);
  double rdx = x1 - rx, rdy = y1 - ry;
  double release = ks_sqrt(rdx * rdx + rdy * rdy) / w;

  /* Bow: the signed area between the path and its chord (shoelace over the
     closed polygon path + chord back), over the chord's length squared.
     Counter-clockwise (the path turns left as it goes up) is positive. */
  double area2 = 0.0;
  for (int32_t i = 0; i + 1 < n; i++) {
    double ax = s[i].x * inv_h - x0, ay = -s[i].y * inv_h - y0;
    double bx = s[i + 1].x * inv_h - x0, by = -s[i + 1].y * inv_h - y0;
    area2 += ax * by - bx * ay;
  }
  double bow = 0.5 * area2 / (len * len);
  double bend = ks_clamp(bow / d->full_bend_bow, -1.0, 1.0);

  /* Timestamps a denormal apart, or a path that overflows its area, give no
     usable measure: rejected rather than clamped into a kick. */
  if (!ks_is_finite(dur) || !ks_is_finite(release) || !ks_is_finite(bow)) return fail(out, KICK_SWIPE_NOT_FINITE);
  double heading = ks_atan2(cx, cy); /* from straight up, + to the screen's right */
  double u = ks_clamp((release - d->slow_speed) / (d->fast_speed - d->slow_speed), 0.0, 1.0);

  kick_swipe_reading r = {0};
  r.launch = kick_launch_default();
  r.launch.speed_mps = d->min_speed_mps + (d->max_speed_mps - d->min_speed_mps) * u;
  r.launch.elevation = ks_clamp(d->min_elevation + d->elevation_per_screen * cy, d->min_elevation, d->max_elevation);
  /* The screen's right is the shooter's right: -x in the pitch frame. */
  r.launch.direction = ks_clamp(-d->direction_gain * heading, -1.5, 1.5);
  r.launch.spin_axis = ks_v3(0.0, bend < 0.0 ? -1.0 : 1.0, 0.0);
  r.launch.spin_rate = ks_fabs(bend) * KICK_FULL_BEND_SPIN;
  r.bend = bend;
  r.release_speed = release;
  r.length = len;
  r.rise = cy;
  r.heading = heading;
  r.duration_s = dur;
  r.samples = n;
  r.error = KICK_SWIPE_OK;
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
