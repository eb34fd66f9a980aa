// SPDX-License-Identifier: MIT
/* The fixed-step clock: validation, exact accounting, the seed tables, caps,
   time scale, pause/resume and interpolation alpha. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "kickstep/clock.h"

#define STEP KS_CLOCK_UNITS_PER_STEP

static ks_clock make(int32_t sps, double max_frame, double max_call, double scale) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = sps;
  d.max_frame_seconds = max_frame;
  d.max_call_seconds = max_call;
  d.time_scale = scale;
  ks_clock c;
  assert_int_equal(ks_clock_init(&c, &d), KS_OK);
  return c;
}

static void defaults(void **st) {
  (void)st;
  ks_clock_def d = ks_clock_default_def();
  assert_int_equal(d.steps_per_second, 60);
  assert_true(d.max_frame_seconds == 0.25);
  assert_int_equal(d.max_steps_per_frame, 0);
  assert_true(d.max_call_seconds == 0.0);
  assert_true(d.resume_frame_seconds == 1.0 / 60.0);
  assert_true(d.time_scale == 1.0);
  assert_int_equal(d.cookie, KS_DEF_COOKIE);
  ks_clock c;
  assert_int_equal(ks_clock_init(&c, &d), KS_OK);
  assert_int_equal(c.total_steps, 0);
  assert_int_equal(c.banked_units, 0);
  assert_int_equal(c.units_per_second, 60 * STEP);
  assert_true(ks_clock_step_seconds(&c) == 1.0 / 60.0);
}

static void expect_init(ks_clock_def d, ks_status want) {
  ks_clock c;
  memset(&c, 0xab, sizeof c);
  ks_clock before = c;
  assert_int_equal(ks_clock_init(&c, &d), want);
  assert_memory_equal(&c, &before, sizeof c); /* left untouched on error */
}

static void invalid_defs(void **st) {
  (void)st;
  ks_clock_def good = ks_clock_default_def();
  ks_clock c;
  assert_int_equal(ks_clock_init(NULL, &good), KS_ERR_NULL);
  assert_int_equal(ks_clock_init(&c, NULL), KS_ERR_NULL);
  ks_clock_def d = good;
  d.cookie = 0;
  expect_init(d, KS_ERR_UNINITIALISED);
  d = good; d.steps_per_second = 0; expect_init(d, KS_ERR_RANGE);
  d = good; d.steps_per_second = -600; expect_init(d, KS_ERR_RANGE);
  d = good; d.steps_per_second = KS_CLOCK_MAX_STEPS_PER_SECOND + 1; expect_init(d, KS_ERR_RANGE);
  d = good; d.steps_per_second = KS_CLOCK_MAX_STEPS_PER_SECOND; { ks_clock k; assert_int_equal(ks_clock_init(&k, &d), KS_OK); }
  d = good; d.max_frame_seconds = NAN; expect_init(d, KS_ERR_NOT_FINITE);
  d = good; d.max_frame_seconds = INFINITY; expect_init(d, KS_ERR_NOT_FINITE);
  d = good; d.max_frame_seconds = -0.1; expect_init(d, KS_ERR_RANGE);
  d = good; d.max_call_seconds = NAN; expect_init(d, KS_ERR_NOT_FINITE);
  d = good; d.max_call_seconds = -1.0; expect_init(d, KS_ERR_RANGE);
  d = good; d.resume_frame_seconds = -INFINITY; expect_init(d, KS_ERR_NOT_FINITE);
  d = good; d.resume_frame_seconds = -0.5; expect_init(d, KS_ERR_RANGE);
  d = good; d.time_scale = NAN; expect_init(d, KS_ERR_NOT_FINITE);
  d = good; d.time_scale = -0.5; expect_init(d, KS_ERR_RANGE);
  d = good; d.time_scale = 1001.0; expect_init(d, KS_ERR_RANGE);
  d = good; d.max_steps_per_frame = -1; expect_init(d, KS_ERR_RANGE);
  assert_string_equal(ks_status_name(KS_ERR_RANGE), "range");
  assert_string_equal(ks_status_name(KS_ERR_UNINITIALISED), "uninitialised");
}

static void bad_frames_count_as_zero(void **st) {
  (void)st;
  ks_clock c = make(600, 0.05, 0.1, 1.0);
  assert_int_equal(ks_clock_advance(&c, 0.0025), 1);
  ks_clock before = c;
  const double bad[] = {NAN, -NAN, INFINITY, -INFINITY, -1.0, -1e-300, -0.0, 0.0};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(ks_clock_advance(&c, bad[i]), 0);
    assert_int_equal(c.banked_units, before.banked_units);
    assert_int_equal(c.total_steps, before.total_steps);
    assert_int_equal(c.dropped_units, 0);
  }
  assert_int_equal(ks_clock_advance(NULL, 1.0), 0);
  /* the clock still works after the bad frames */
  assert_int_equal(ks_clock_advance(&c, 0.0025), 2);
  assert_int_equal(c.banked_units, 0);
}

/* The banked remainder stays in [0, one step) whatever the frames. */
static void remainder_below_one_step(void **st) {
  (void)st;
  ks_clock c = make(120, 0.25, 0.0, 1.0);
  uint64_t x = 88172645463325252ull;
  int64_t sum_units = 0;
  for (int i = 0; i < 200000; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    double f = (double)(x % 100000u) * 1e-6; /* 0 .. 0.1 s */
    sum_units += ks_clock_seconds_to_units(f, c.units_per_second);
    ks_clock_advance(&c, f);
    assert_true(c.banked_units >= 0);
    assert_true(c.banked_units < STEP);
  }
  /* no cap was hit: every unit is either a step or banked */
  assert_int_equal(c.dropped_units, 0);
  assert_int_equal(c.total_steps * STEP + c.banked_units, sum_units);
}

/* Seed 000: 600 steps/s, no frame longer than 1/20 s, at most 0.1 s per call.
   want8[r][s] = steps per 8 frames (the table's value × 8). */
static void seed000_table(void **st) {
  (void)st;
  static const double frames[6] = {1.0 / 120, 1.0 / 80, 1.0 / 60, 1.0 / 30, 1.0 / 20, 0.1};
  static const double scales[3] = {1.0, 0.3, 0.45};
  static const int64_t want8[6][3] = {
      {40, 12, 18}, {60, 18, 27}, {80, 24, 36}, {160, 48, 72}, {240, 72, 108}, {240, 72, 108}};
  for (int r = 0; r < 6; r++) {
    for (int s = 0; s < 3; s++) {
      ks_clock c = make(600, 1.0 / 20, 0.1, scales[s]);
      int64_t lo = want8[r][s] / 8, hi = (want8[r][s] + 7) / 8;
      for (int cycle = 0; cycle < 50; cycle++) {
        int64_t sum = 0;
        for (int f = 0; f < 8; f++) {
          int64_t n = ks_clock_advance(&c, frames[r]);
          assert_true(n == lo || n == hi); /* frames take turns between floor and ceil */
          sum += n;
        }
        assert_int_equal(sum, want8[r][s]); /* exact over every whole cycle */
        assert_int_equal(c.banked_units, 0);
      }
    }
  }
}

static void seed000_turns(void **st) {
  (void)st;
  /* slow motion at 120 Hz alternates one step and two */
  ks_clock c = make(600, 1.0 / 20, 0.1, 0.3);
  for (int i = 0; i < 10; i++) assert_int_equal(ks_clock_advance(&c, 1.0 / 120), i % 2 ? 2 : 1);
  /* a replay at 80 Hz: 3.375 steps a frame, 27 every 8 frames */
  c = make(600, 1.0 / 20, 0.1, 0.45);
  static const int64_t seq[8] = {3, 3, 4, 3, 3, 4, 3, 4};
  for (int i = 0; i < 8; i++) assert_int_equal(ks_clock_advance(&c, 1.0 / 80), seq[i]);
  /* the stall: 100 ms counts as 50 ms (30 steps), the rest is reported dropped */
  c = make(600, 1.0 / 20, 0.1, 1.0);
  assert_int_equal(ks_clock_advance(&c, 0.1), 30);
  assert_int_equal(c.last_dropped_units, 30 * STEP);
}

static void seed001_example(void **st) {
  (void)st;
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = 120;
  ks_clock c;
  assert_int_equal(ks_clock_init(&c, &d), KS_OK);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 60.0), 2);
  assert_int_equal(c.total_steps, 2);
  assert_true(ks_clock_time(&c) == 2.0 / 120.0);
  assert_true(ks_clock_alpha(&c) == 0.0);
}

static void caps_drop_and_report(void **st) {
  (void)st;
  /* per-call cap: at 1000x a 1/60 s frame is 16.6 s, clamped to 0.1 s = 60 steps */
  ks_clock c = make(600, 0.0, 0.1, 1000.0);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 60), 60);
  int64_t full = ks_clock_seconds_to_units(1000.0 / 60, 600 * STEP);
  assert_int_equal(c.last_dropped_units, full - 60 * STEP);
  assert_int_equal(c.dropped_units, c.last_dropped_units);
  assert_true(ks_clock_dropped_seconds(&c) == (double)c.dropped_units / (double)(600 * STEP));
  /* the next ordinary frame drops nothing, and last_dropped resets */
  int64_t total = c.dropped_units;
  assert_int_equal(ks_clock_set_time_scale(&c, 1.0), KS_OK);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 600), 1);
  assert_int_equal(c.last_dropped_units, 0);
  assert_int_equal(c.dropped_units, total);

  /* step cap: 5 steps per frame at 60 steps/s (seed 002), the remainder is kept */
  ks_clock_def d = ks_clock_default_def();
  d.max_steps_per_frame = 5;
  ks_clock k;
  assert_int_equal(ks_clock_init(&k, &d), KS_OK);
  assert_int_equal(ks_clock_advance(&k, 0.125), 5); /* 7.5 steps due */
  assert_int_equal(k.last_dropped_units, 2 * STEP);
  assert_int_equal(k.banked_units, STEP / 2);
  assert_int_equal(k.last_steps, 5);

  /* frame clamp: default 0.25 s at 60 steps/s; a 1 s hitch runs 15 steps */
  assert_int_equal(ks_clock_init(&k, &d), KS_OK);
  d.max_steps_per_frame = 0;
  assert_int_equal(ks_clock_init(&k, &d), KS_OK);
  assert_int_equal(ks_clock_advance(&k, 1.0), 15);
  assert_int_equal(k.last_dropped_units, 45 * STEP);
  /* an enormous finite frame with a large scale saturates rather than overflowing */
  ks_clock big = make(600, 0.0, 0.0, 1000.0);
  assert_true(ks_clock_advance(&big, 1e308) > 0);
  assert_true(big.banked_units >= 0 && big.banked_units < STEP);
}

/* carry_excess_steps: the cap ends a frame's steps but the excess stays
   banked (seed 004's guard), so later frames run it, the cap at a time. */
static void cap_carries_excess(void **st) {
  (void)st;
  ks_clock_def d = ks_clock_default_def();
  d.max_steps_per_frame = 5;
  d.carry_excess_steps = true;
  ks_clock k;
  assert_int_equal(ks_clock_init(&k, &d), KS_OK);
  assert_int_equal(ks_clock_advance(&k, 0.2125), 5); /* 12.75 steps due */
  assert_int_equal(k.last_dropped_units, 0);
  assert_int_equal(k.banked_units, 7 * STEP + 3 * STEP / 4);
  assert_true(ks_clock_alpha(&k) < 1.0 && ks_clock_alpha(&k) > 0.999);
  assert_int_equal(ks_clock_advance(&k, 0.0), 5);
  assert_int_equal(ks_clock_advance(&k, 1.0 / 240), 3); /* 2.75 + 0.25 */
  assert_int_equal(ks_clock_advance(&k, 0.0), 0);
  assert_int_equal(k.total_steps, 13);
  assert_int_equal(k.banked_units, 0);
  assert_int_equal(k.dropped_units, 0);
  /* the frame clamp still drops what is over it */
  assert_int_equal(ks_clock_advance(&k, 1.0), 5);
  assert_int_equal(k.last_dropped_units, 45 * STEP);
  int64_t n = 5;
  for (int i = 0; i < 10; i++) n += ks_clock_advance(&k, 0.0);
  assert_int_equal(n, 15);
  /* a huge frame with no clamp saturates the bank instead of overflowing */
  d.max_frame_seconds = 0.0;
  d.time_scale = 1000.0;
  assert_int_equal(ks_clock_init(&k, &d), KS_OK);
  for (int i = 0; i < 4; i++) assert_int_equal(ks_clock_advance(&k, 1e308), 5);
  assert_true(k.banked_units > 0);
}

static void time_scale(void **st) {
  (void)st;
  ks_clock c = make(600, 1.0 / 20, 0.1, 1.0);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 60), 10);
  assert_int_equal(ks_clock_set_time_scale(&c, 0.3), KS_OK);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 60), 3);
  ks_clock before = c;
  assert_int_equal(ks_clock_set_time_scale(&c, NAN), KS_ERR_NOT_FINITE);
  assert_int_equal(ks_clock_set_time_scale(&c, INFINITY), KS_ERR_NOT_FINITE);
  assert_int_equal(ks_clock_set_time_scale(&c, -1.0), KS_ERR_RANGE);
  assert_int_equal(ks_clock_set_time_scale(&c, 1e6), KS_ERR_RANGE);
  assert_int_equal(ks_clock_set_time_scale(NULL, 1.0), KS_ERR_NULL);
  assert_memory_equal(&c, &before, sizeof c);
  /* scale 0 freezes the game without pausing it */
  assert_int_equal(ks_clock_set_time_scale(&c, 0.0), KS_OK);
  for (int i = 0; i < 100; i++) assert_int_equal(ks_clock_advance(&c, 1.0 / 60), 0);
  assert_int_equal(c.total_steps, 13);
  /* the step length never changes with the scale */
  assert_true(ks_clock_step_seconds(&c) == 1.0 / 600);
}

static void pause_resume(void **st) {
  (void)st;
  ks_clock c = make(600, 1.0 / 20, 0.1, 1.0);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 120), 5);
  ks_clock_pause(&c);
  for (int i = 0; i < 10; i++) assert_int_equal(ks_clock_advance(&c, 1.0 / 60), 0);
  assert_int_equal(c.total_steps, 5);
  ks_clock_resume(&c);
  /* the first frame after a resume counts as 1/60 s, however long it was */
  assert_int_equal(ks_clock_advance(&c, 30.0), 10);
  assert_int_equal(c.last_dropped_units, 0);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 120), 5);
  /* resume of a running clock changes nothing */
  ks_clock_resume(&c);
  assert_int_equal(ks_clock_advance(&c, 1.0 / 120), 5);
  /* also with a NaN first frame and in slow motion (the resume frame is scaled) */
  ks_clock_pause(&c);
  ks_clock_resume(&c);
  assert_int_equal(ks_clock_set_time_scale(&c, 0.3), KS_OK);
  assert_int_equal(ks_clock_advance(&c, NAN), 3);
  ks_clock_pause(NULL);
  ks_clock_resume(NULL);
}

static void alpha(void **st) {
  (void)st;
  ks_clock c = make(60, 0.25, 0.0, 1.0);
  assert_true(ks_clock_alpha(&c) == 0.0);
  uint64_t x = 12345;
  for (int i = 0; i < 10000; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    ks_clock_advance(&c, (double)(x >> 40) * 1e-9);
    double a = ks_clock_alpha(&c);
    assert_true(a >= 0.0 && a < 1.0);
    assert_true(a == (double)c.banked_units / (double)STEP);
  }
  ks_clock h = make(60, 0.25, 0.0, 1.0);
  ks_clock_advance(&h, 1.0 / 120);
  assert_true(ks_clock_alpha(&h) == 0.5);
  assert_true(ks_clock_alpha(NULL) == 0.0);
}

static void rounding(void **st) {
  (void)st;
  /* round to nearest, ties away from zero, on seconds × units_per_second */
  assert_int_equal(ks_clock_seconds_to_units(0.5, 1), 1);
  assert_int_equal(ks_clock_seconds_to_units(1.5, 1), 2);
  assert_int_equal(ks_clock_seconds_to_units(2.5, 1), 3); /* not banker's rounding */
  assert_int_equal(ks_clock_seconds_to_units(0.49999999999999994, 1), 0);
  assert_int_equal(ks_clock_seconds_to_units(2.4999999999999996, 1), 2);
  assert_int_equal(ks_clock_seconds_to_units(0.25, 2), 1);
  assert_int_equal(ks_clock_seconds_to_units(1.0 / 3.0, 3), 1);
  assert_int_equal(ks_clock_seconds_to_units(1.0 / 120, 600 * STEP), 5 * STEP);
  assert_int_equal(ks_clock_seconds_to_units(1.0 / 144, 60 * STEP), 416667);
  assert_int_equal(ks_clock_seconds_to_units(4503599627370497.0, 1), 4503599627370497ll);
  assert_int_equal(ks_clock_seconds_to_units(-0.7, 1), 0);
  assert_int_equal(ks_clock_seconds_to_units(NAN, 1), 0);
  assert_int_equal(ks_clock_seconds_to_units(INFINITY, 1), 0);
  assert_int_equal(ks_clock_seconds_to_units(1.0, 0), 0);
  assert_int_equal(ks_clock_seconds_to_units(1e300, 1), 1ll << 62);
}

/* Copying the clock is a snapshot: both copies then agree frame for frame. */
static void copy_is_snapshot(void **st) {
  (void)st;
  ks_clock a = make(600, 1.0 / 20, 0.1, 0.45);
  for (int i = 0; i < 7; i++) ks_clock_advance(&a, 1.0 / 37);
  ks_clock b = a;
  for (int i = 0; i < 1000; i++) {
    double f = 1.0 / (double)(30 + i % 91);
    assert_int_equal(ks_clock_advance(&a, f), ks_clock_advance(&b, f));
  }
  assert_int_equal(a.total_steps, b.total_steps);
  assert_int_equal(a.banked_units, b.banked_units);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(defaults),         cmocka_unit_test(invalid_defs),
      cmocka_unit_test(bad_frames_count_as_zero), cmocka_unit_test(remainder_below_one_step),
      cmocka_unit_test(seed000_table),    cmocka_unit_test(seed000_turns),
      cmocka_unit_test(seed001_example),  cmocka_unit_test(caps_drop_and_report), cmocka_unit_test(cap_carries_excess),
      cmocka_unit_test(time_scale),       cmocka_unit_test(pause_resume),
      cmocka_unit_test(alpha),            cmocka_unit_test(rounding),
      cmocka_unit_test(copy_is_snapshot),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
