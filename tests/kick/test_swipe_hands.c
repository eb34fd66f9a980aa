// SPDX-License-Identifier: MIT
/* The swipe reader against families of hand-like swipes.

   A flick is a continuous path of the finger in time: it may rest on the
   glass first (a hold of up to several seconds, with the small tremor of a
   resting finger), then accelerate and flick (a bell-shaped speed profile,
   lifted off at its end, on its way down, or still speeding up), then maybe
   rest again before lifting (dwell). The same flick is then sampled the ways
   devices sample it: 60, 120, 240 and 1000 Hz, at a random phase, with uneven
   spacing, with position jitter, with coalesced reports that share a
   timestamp, with the lift-off reported at the last position (as pointerup
   does) or at the true one. Every way of sampling one flick must give the
   same kick: launch speeds within 5% of each other and the same bend sign
   (straight flicks: no bend at all). Across many flick speeds, lengths,
   directions and bows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_swipe.h"

#define SCREEN_H 2000.0 /* pixels */
#define PI 3.14159265358979323846

/* ------------------------------------------------------------ the flick */

/* Flicks that come to rest (then the finger may dwell before lifting), and
   flicks lifted while still moving. */
typedef enum profile { BELL, SLOW_THEN_BELL, LATE_STOP, BELL_CUT, FLICK_CUT, EASE_IN } profile;

static bool comes_to_rest(profile p) { return p == BELL || p == SLOW_THEN_BELL || p == LATE_STOP; }

static double mj(double v) { return v * v * v * (10.0 - 15.0 * v + 6.0 * v * v); }

typedef struct flick {
  profile shape;
  double rise;      /* screen heights up */
  double heading;   /* rad from straight up, + right */
  double bow;       /* sideways bulge at mid-path, as a fraction of the path's length (+ right) */
  double dur;       /* motion time, s */
} flick;

/* Progress along the path, 0..1, at motion time fraction u in [0, 1]. */
static double progress(profile p, double u) {
  switch (p) {
  case BELL: return mj(u); /* minimum jerk: speeds up, peaks, slows to rest */
  case SLOW_THEN_BELL: /* creeps forward for the first third, then flicks to rest */
    return u < 1.0 / 3.0 ? 0.25 * u : 0.25 / 3.0 + (1.0 - 0.25 / 3.0) * mj((u - 1.0 / 3.0) * 1.5);
  case LATE_STOP: return mj(1.0 - pow(1.0 - u, 1.7)); /* a quick peak and a long braking */
  case BELL_CUT: return mj(0.8 * u) / mj(0.8); /* lifted at 80% of a bell, at about half the peak speed */
  case FLICK_CUT: return mj(0.6 * u) / mj(0.6); /* lifted just after the peak */
  case EASE_IN: return pow(u, 1.6); /* still speeding up when lifted */
  }
  return u;
}

/* The finger's position (px, y down) at motion time fraction u. */
static void flick_at(const flick *f, double u, double *x, double *y) {
  double s = progress(f->shape, u);
  double len = f->rise / cos(f->heading);
  double ux = sin(f->heading), uy = cos(f->heading); /* along the path, y up */
  double side = f->bow * len * sin(PI * s);          /* + to the path's right */
  double px = len * s * ux + side * uy;
  double py = len * s * uy - side * ux;
  *x = 900.0 + SCREEN_H * px;
  *y = 1750.0 - SCREEN_H * py;
}

/* ------------------------------------------------------------ sampling */

typedef struct sampling {
  double hz;
  double dwell_s;     /* the finger rests this long before lifting */
  double hold_s;      /* ... and this long before the flick */
  double jitter_px;   /* position noise of every report, uniform +- */
  double uneven;      /* spacing varies by +- this fraction of 1/hz */
  double quantum_s;   /* timestamps rounded down to this (coalesced reports share one); 0 = exact */
  bool up_at_last;    /* the lift-off is reported at the last reported position (pointerup) */
  uint64_t seed;
} sampling;

static uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static double rng_unit(uint64_t *s) { return (double)(rng_next(s) >> 11) * 0x1.0p-53; }
static double rng_pm(uint64_t *s) { return 2.0 * rng_unit(s) - 1.0; }

/* Samples one flick the way `m` says. Returns the number of samples. */
static size_t sample_flick(const flick *f, const sampling *m, kick_touch *out, size_t cap) {
  uint64_t rs = m->seed;
  const double h = 1.0 / m->hz;
  const double t0 = 100.0 + rng_unit(&rs) * h; /* the touch lands at a random phase of the sampler */
  const double t_move = t0 + m->hold_s, t_lift = t_move + f->dur + m->dwell_s;
  double x0, y0, x1, y1;
  flick_at(f, 0.0, &x0, &y0);
  flick_at(f, 1.0, &x1, &y1);
  size_t n = 0;
  double t = t0;
  double lx = x0, ly = y0;
  while (t < t_lift && n + 1 < cap) {
    double x, y;
    if (t < t_move) {
      x = x0;
      y = y0;
    } else if (t < t_move + f->dur) {
      flick_at(f, (t - t_move) / f->dur, &x, &y);
    } else {
      x = x1;
      y = y1;
    }
    x += m->jitter_px * rng_pm(&rs);
    y += m->jitter_px * rng_pm(&rs);
    double ts = m->quantum_s > 0.0 ? floor(t / m->quantum_s) * m->quantum_s : t;
    out[n++] = (kick_touch){x, y, ts};
    lx = x;
    ly = y;
    t += h * (1.0 + m->uneven * rng_pm(&rs));
  }
  /* The lift-off: pointerup reports where the finger last was reported, or
     (some devices) where it really left the glass. */
  double ux = x1, uy = y1;
  if (m->up_at_last) {
    ux = lx;
    uy = ly;
  }
  double ts = m->quantum_s > 0.0 ? floor(t_lift / m->quantum_s) * m->quantum_s : t_lift;
  out[n++] = (kick_touch){ux, uy, ts};
  return n;
}

static kick_swipe_def px_def(void) {
  kick_swipe_def d = kick_swipe_default_def();
  d.screen_height = SCREEN_H;
  return d;
}

/* Reads one sampled flick, delivered in frames of a few samples each. */
static kick_swipe_reading read_sampled(const flick *f, const sampling *m) {
  static kick_touch s[20000];
  size_t n = sample_flick(f, m, s, sizeof s / sizeof s[0]);
  kick_swipe_def d = px_def();
  static kick_swipe sw;
  assert_int_equal(kick_swipe_begin(&sw, &d), KS_OK);
  uint64_t rs = m->seed ^ 0x5eed;
  for (size_t at = 0; at < n;) {
    size_t k = 1 + (size_t)(rng_next(&rs) % 6u);
    if (k > n - at) k = n - at;
    kick_swipe_error e;
    assert_int_equal(kick_swipe_add(&sw, s + at, k, &e), KS_OK);
    at += k;
  }
  kick_swipe_reading r;
  ks_status st = kick_swipe_finish(&sw, &r);
  if (st != KS_OK) fail_msg("a hand-like flick was refused: %s (%zu samples, %.0f Hz, hold %.2f s, dwell %.3f s)",
                            kick_swipe_error_name(r.error), n, m->hz, m->hold_s, m->dwell_s);
  return r;
}

static int bend_sign(double b) { return b > 0.0 ? 1 : b < 0.0 ? -1 : 0; }

/* Every way of sampling one flick: the kicks agree. Returns the worst
   relative spread of launch speed (max - min) / min seen. */
typedef struct spread {
  double worst_speed;     /* of the launch speed, m/s */
  double worst_finger;    /* of the flick speed, screen heights/s */
  int variants;
  int unclamped;          /* flicks whose kicks are all between the slowest and fastest */
} spread;

static void check_flick(const flick *f, uint64_t seed, spread *sp) {
  static const double rates[] = {60.0, 120.0, 240.0, 1000.0};
  static const double dwells[] = {0.0, 0.016, 0.033, 0.050};
  /* A flick lifted while moving has no dwell; a flick that came to rest is
     lifted at once or after resting. */
  const size_t n_dwell = comes_to_rest(f->shape) ? sizeof dwells / sizeof dwells[0] : 1;
  double lo = 1e9, hi = -1e9, flo = 1e9, fhi = -1e9;
  int sign = 2, n = 0;
  bool clamped = false;
  char where[160] = "";
  for (size_t ri = 0; ri < sizeof rates / sizeof rates[0]; ri++) {
    for (size_t di = 0; di < n_dwell; di++) {
      for (int variant = 0; variant < 3; variant++) {
        /* pointerup reports the last reported position; for a finger lifted
           while moving, where it really left (see docs/kick-input.md) */
        sampling m = {rates[ri], dwells[di], 0.0, 0.7, 0.0, 0.0, dwells[di] > 0.0,
                      seed * 977u + ri * 31u + di * 7u + (uint64_t)variant};
        if (variant == 1) { /* uneven spacing, a resting finger first */
          m.uneven = 0.25;
          m.hold_s = 0.4;
        }
        if (variant == 2) { /* a long hold, coalesced reports sharing coarse timestamps */
          m.hold_s = rates[ri] >= 1000.0 ? 3.0 : 1.2;
          m.quantum_s = rates[ri] >= 1000.0 ? 0.002 : 0.0;
          m.jitter_px = 1.2;
        }
        kick_swipe_reading r = read_sampled(f, &m);
        n++;
        if (r.launch.speed_mps < lo) lo = r.launch.speed_mps;
        if (r.launch.speed_mps > hi) hi = r.launch.speed_mps;
        if (r.release_speed < flo) flo = r.release_speed;
        if (r.release_speed > fhi) fhi = r.release_speed;
        if (r.launch.speed_mps <= 8.0 || r.launch.speed_mps >= KICK_MAX_LAUNCH_SPEED) clamped = true;
        int s = bend_sign(r.bend);
        if (sign == 2) sign = s;
        if (s != sign) {
          fail_msg("bend sign differs: %d vs %d (bend %.4f; flick rise %.2f heading %.2f bow %.3f dur %.2f; %.0f Hz dwell %.3f variant %d)",
                   s, sign, r.bend, f->rise, f->heading, f->bow, f->dur, m.hz, m.dwell_s, variant);
        }
        if (r.launch.speed_mps == lo || r.launch.speed_mps == hi)
          snprintf(where, sizeof where, "last extreme at %.0f Hz, dwell %.3f, variant %d", m.hz, m.dwell_s, variant);
      }
    }
  }
  double rel = (hi - lo) / lo, frel = (fhi - flo) / flo;
  if (rel > sp->worst_speed) sp->worst_speed = rel;
  if (!clamped && frel > sp->worst_finger) sp->worst_finger = frel;
  if (!clamped) sp->unclamped++;
  sp->variants += n;
  if (rel > 0.05)
    fail_msg("launch speeds %.2f..%.2f m/s differ by %.1f%% (flick shape %d rise %.2f heading %.2f bow %.3f dur %.2f; %s)",
             lo, hi, 100.0 * rel, (int)f->shape, f->rise, f->heading, f->bow, f->dur, where);
  if (f->bow == 0.0 && sign != 0) fail_msg("a straight flick (rise %.2f dur %.2f) was read as bent", f->rise, f->dur);
  /* Bowed out to the right = turning left as it goes up: bends to the shooter's left (+). */
  if (f->bow != 0.0 && fabs(f->bow) >= 0.03 && sign != (f->bow > 0.0 ? 1 : -1))
    fail_msg("a flick bowed to the %s did not bend the ball to the shooter's %s", f->bow > 0.0 ? "right" : "left",
             f->bow > 0.0 ? "left" : "right");
}

/* The families: shapes x lengths x durations (so flick speeds from slow to
   saturated) x directions x bows. */
static void test_every_sampling_of_a_flick_gives_the_same_kick(void **state) {
  (void)state;
  static const profile shapes[] = {BELL, SLOW_THEN_BELL, LATE_STOP, BELL_CUT, FLICK_CUT, EASE_IN};
  static const double rises[] = {0.22, 0.38, 0.55};
  static const double durs[] = {0.1, 0.14, 0.22, 0.34, 0.5};
  static const double headings[] = {-0.35, 0.0, 0.25};
  static const double bows[] = {-0.07, -0.03, 0.0, 0.04, 0.1};
  spread sp = {0};
  uint64_t seed = 1;
  for (size_t a = 0; a < sizeof shapes / sizeof shapes[0]; a++)
    for (size_t b = 0; b < sizeof rises / sizeof rises[0]; b++)
      for (size_t c = 0; c < sizeof durs / sizeof durs[0]; c++)
        for (size_t d = 0; d < sizeof headings / sizeof headings[0]; d++)
          for (size_t e = 0; e < sizeof bows / sizeof bows[0]; e++) {
            flick f = {shapes[a], rises[b], headings[d], bows[e], durs[c]};
            check_flick(&f, seed++, &sp);
          }
  printf("flicks: %llu, readings: %d, unclamped flicks: %d; worst launch-speed spread %.2f%%, worst flick-speed spread "
         "(unclamped) %.2f%%\n",
         (unsigned long long)(seed - 1), sp.variants, sp.unclamped, 100.0 * sp.worst_speed, 100.0 * sp.worst_finger);
  assert_true(sp.unclamped > 200); /* most flicks land between the slowest and fastest kick: the spread is real */
  assert_true(sp.worst_speed <= 0.05);
}

/* Resting before lifting off keeps the kick's power: the same flick lifted at
   once and after 16, 33, 50, 100 and 300 ms of rest. */
static void test_dwell_before_lift_off_keeps_the_power(void **state) {
  (void)state;
  flick f = {BELL_CUT, 0.4, 0.1, 0.02, 0.2};
  sampling m = {120.0, 0.0, 0.0, 0.5, 0.0, 0.0, true, 7};
  kick_swipe_reading ref = read_sampled(&f, &m);
  assert_true(ref.launch.speed_mps > 12.0 && ref.launch.speed_mps < 30.0);
  static const double dwells[] = {0.016, 0.033, 0.05, 0.1, 0.3};
  for (size_t i = 0; i < sizeof dwells / sizeof dwells[0]; i++) {
    m.dwell_s = dwells[i];
    kick_swipe_reading r = read_sampled(&f, &m);
    assert_true(fabs(r.launch.speed_mps - ref.launch.speed_mps) <= 0.03 * ref.launch.speed_mps);
    assert_true(r.dwell_s >= dwells[i] - 0.01);
  }
}

/* A finger resting for seconds at 1000 Hz before the flick is read, not
   refused: thousands of samples. */
static void test_a_long_hold_at_1000_hz_is_read(void **state) {
  (void)state;
  flick f = {BELL, 0.45, -0.2, -0.05, 0.16};
  sampling m = {1000.0, 0.02, 6.0, 1.0, 0.1, 0.0, true, 11};
  kick_swipe_reading r = read_sampled(&f, &m);
  assert_true(r.samples > 6000);
  sampling quick = m;
  quick.hold_s = 0.0;
  kick_swipe_reading q = read_sampled(&f, &quick);
  assert_true(fabs(r.launch.speed_mps - q.launch.speed_mps) <= 0.03 * q.launch.speed_mps);
  assert_true(fabs(r.launch.elevation - q.launch.elevation) < 0.01);
  assert_true(fabs(r.launch.direction - q.launch.direction) < 0.01);
  assert_true(fabs(r.bend - q.bend) < 0.05 && r.bend < 0.0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_sampling_of_a_flick_gives_the_same_kick),
      cmocka_unit_test(test_dwell_before_lift_off_keeps_the_power),
      cmocka_unit_test(test_a_long_hold_at_1000_hz_is_read),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
