// SPDX-License-Identifier: MIT
/* The swipe reader with synthetic swipes: straight, curved left and right,
   fast and slow, short and long upward; frame groupings give identical bits;
   60 Hz and 120 Hz sampling of one gesture give nearly the same kick; bad
   samples are rejected by name and lose nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_swipe.h"

#define SCREEN_H 2000.0 /* samples in pixels of a 2000 px tall screen */

/* A gesture: starts at (x0, y0) px, rises `rise` screen heights, drifts
   `drift` screen heights to the right, bows `bow` screen heights to the right
   at mid-swipe (negative: left), over `dur` s, accelerating (progress
   (t/T)^1.5). Sampled at `hz` from t0; returns the sample count. */
typedef struct gesture {
  double rise, drift, bow, dur;
} gesture;

static size_t sample(gesture g, double hz, double t0, kick_touch *out, size_t cap) {
  size_t n = (size_t)(g.dur * hz + 0.5) + 1;
  if (n > cap) n = cap;
  for (size_t i = 0; i < n; i++) {
    double t = (double)i / hz;
    if (t > g.dur) t = g.dur;
    double u = pow(t / g.dur, 1.5);
    double x = 1000.0 + SCREEN_H * (g.drift * u + g.bow * sin(3.14159265358979323846 * u));
    double y = 1700.0 - SCREEN_H * g.rise * u;
    out[i].x = x;
    out[i].y = y;
    out[i].t = t0 + t;
  }
  return n;
}

static kick_swipe_def px_def(void) {
  kick_swipe_def d = kick_swipe_default_def();
  d.screen_height = SCREEN_H;
  return d;
}

static kick_swipe_reading read_g(gesture g, double hz) {
  kick_touch s[KICK_SWIPE_MAX_SAMPLES];
  size_t n = sample(g, hz, 12.5, s, KICK_SWIPE_MAX_SAMPLES);
  kick_swipe_def d = px_def();
  kick_swipe_reading r;
  assert_int_equal(kick_swipe_read(&d, s, n, &r), KS_OK);
  assert_int_equal(r.error, KICK_SWIPE_OK);
  assert_int_equal(kick_launch_validate(&r.launch), KS_OK);
  return r;
}

static void test_straight(void **state) {
  (void)state;
  kick_swipe_reading r = read_g((gesture){0.4, 0.0, 0.0, 0.15}, 120.0);
  assert_true(fabs(r.bend) < 1e-9);
  assert_true(r.launch.spin_rate < 1e-6);
  assert_true(fabs(r.launch.direction) < 1e-12);
  assert_true(fabs(r.rise - 0.4) < 1e-9);
  assert_true(fabs(r.launch.elevation - (0.02 + 0.6 * 0.4)) < 1e-9);
  assert_true(r.launch.speed_mps > 8.0 && r.launch.speed_mps <= KICK_MAX_LAUNCH_SPEED);
}

static void test_curved_left_and_right(void **state) {
  (void)state;
  /* Bowing right while going up = turning left: bends to the shooter's left (+x). */
  kick_swipe_reading l = read_g((gesture){0.4, 0.0, 0.03, 0.18}, 120.0);
  kick_swipe_reading r = read_g((gesture){0.4, 0.0, -0.03, 0.18}, 120.0);
  assert_true(l.bend > 0.2);
  assert_true(l.launch.spin_axis.y > 0.0 && l.launch.spin_rate > 0.2 * KICK_FULL_BEND_SPIN);
  assert_true(r.bend < -0.2);
  assert_true(r.launch.spin_axis.y < 0.0 && r.launch.spin_rate > 0.2 * KICK_FULL_BEND_SPIN);
  /* Mirror images: the same amount of bend. */
  assert_true(fabs(l.bend + r.bend) < 1e-9);
  /* A bigger bow bends more, up to full bend. */
  kick_swipe_reading big = read_g((gesture){0.4, 0.0, 0.12, 0.18}, 120.0);
  assert_true(big.bend > l.bend);
  assert_true(big.bend <= 1.0 && big.launch.spin_rate <= KICK_FULL_BEND_SPIN);
  /* Struck, the left curler curves towards +x relative to its launch line. */
  kick_setup su = kick_setup_default();
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  assert_int_equal(kick_shot_strike(&s, &big.launch), KS_OK);
  /* Launched straight at the middle (direction 0): after 0.5 s it has curved
     well over to +x. */
  assert_true(fabs(big.launch.direction) < 1e-12);
  for (int i = 0; i < 30; i++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
  assert_true(s.ball.pos.x > 0.5);
}

static void test_fast_and_slow(void **state) {
  (void)state;
  kick_swipe_reading fast = read_g((gesture){0.4, 0.0, 0.0, 0.10}, 120.0);
  kick_swipe_reading slow = read_g((gesture){0.4, 0.0, 0.0, 0.40}, 120.0);
  assert_true(fast.release_speed > 2.0 * slow.release_speed);
  assert_true(fast.launch.speed_mps > slow.launch.speed_mps + 5.0);
  /* Same path: same direction and elevation. */
  assert_true(fabs(fast.launch.elevation - slow.launch.elevation) < 1e-12);
  assert_true(fabs(fast.launch.direction - slow.launch.direction) < 1e-12);
  /* A flick beyond fast_speed saturates at the top speed. */
  kick_swipe_reading flick = read_g((gesture){0.8, 0.0, 0.0, 0.06}, 240.0);
  assert_true(flick.launch.speed_mps == KICK_MAX_LAUNCH_SPEED);
}

static void test_upward_elevation_and_heading(void **state) {
  (void)state;
  kick_swipe_reading lo = read_g((gesture){0.2, 0.0, 0.0, 0.15}, 120.0);
  kick_swipe_reading hi = read_g((gesture){0.6, 0.0, 0.0, 0.15}, 120.0);
  assert_true(hi.launch.elevation > lo.launch.elevation + 0.2);
  /* Towards the screen's right = the shooter's right = -x. */
  kick_swipe_reading right = read_g((gesture){0.4, 0.15, 0.0, 0.15}, 120.0);
  kick_swipe_reading left = read_g((gesture){0.4, -0.15, 0.0, 0.15}, 120.0);
  assert_true(right.heading > 0.2 && right.launch.direction < -0.1);
  assert_true(left.heading < -0.2 && left.launch.direction > 0.1);
  assert_true(fabs(right.launch.direction + left.launch.direction) < 1e-12);
}

/* The same samples delivered in different frame groupings: identical bits. */
static void test_frame_groupings_identical(void **state) {
  (void)state;
  kick_touch s[KICK_SWIPE_MAX_SAMPLES];
  size_t n = sample((gesture){0.45, 0.08, 0.05, 0.21}, 240.0, 3.0, s, KICK_SWIPE_MAX_SAMPLES);
  kick_swipe_def d = px_def();
  kick_swipe_reading ref;
  assert_int_equal(kick_swipe_read(&d, s, n, &ref), KS_OK);
  static const size_t groups[][5] = {{1, 1, 1, 1, 1}, {2, 5, 1, 3, 4}, {4, 4, 4, 4, 4}, {7, 0, 2, 9, 1}, {60, 1, 0, 13, 2}};
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
    kick_swipe sw;
    assert_int_equal(kick_swipe_begin(&sw, &d), KS_OK);
    size_t at = 0, k = 0;
    while (at < n) {
      size_t m = groups[g][k++ % 5];
      if (m > n - at) m = n - at;
      kick_swipe_error e;
      assert_int_equal(kick_swipe_add(&sw, s + at, m, &e), KS_OK);
      at += m;
    }
    kick_swipe_reading r;
    assert_int_equal(kick_swipe_finish(&sw, &r), KS_OK);
    assert_memory_equal(&r.launch.speed_mps, &ref.launch.speed_mps, sizeof(double));
    assert_memory_equal(&r.launch.elevation, &ref.launch.elevation, sizeof(double));
    assert_memory_equal(&r.launch.direction, &ref.launch.direction, sizeof(double));
    assert_memory_equal(&r.launch.spin_rate, &ref.launch.spin_rate, sizeof(double));
    assert_memory_equal(&r.launch.spin_axis, &ref.launch.spin_axis, sizeof(ks_vec3));
    assert_memory_equal(&r.bend, &ref.bend, sizeof(double));
  }
}

/* One gesture sampled at 60 Hz and at 120 Hz: nearly the same kick. */
static void test_sampling_rate_barely_matters(void **state) {
  (void)state;
  gesture gs[] = {{0.4, 0.0, 0.04, 0.2}, {0.5, 0.1, -0.06, 0.25}, {0.3, -0.05, 0.0, 0.15}};
  for (size_t i = 0; i < sizeof gs / sizeof gs[0]; i++) {
    kick_swipe_reading a = read_g(gs[i], 60.0);
    kick_swipe_reading b = read_g(gs[i], 120.0);
    assert_true(fabs(a.launch.speed_mps - b.launch.speed_mps) < 0.03 * b.launch.speed_mps);
    assert_true(fabs(a.launch.elevation - b.launch.elevation) < 0.005);
    assert_true(fabs(a.launch.direction - b.launch.direction) < 0.005);
    assert_true(fabs(a.bend - b.bend) < 0.05);
  }
}

static void test_rejects_bad_samples(void **state) {
  (void)state;
  kick_swipe_def d = px_def();
  kick_touch s[KICK_SWIPE_MAX_SAMPLES + 1];
  size_t n = sample((gesture){0.4, 0.0, 0.0, 0.15}, 120.0, 0.0, s, KICK_SWIPE_MAX_SAMPLES);
  kick_swipe_reading r;
  assert_int_equal(kick_swipe_read(&d, s, 0, &r), KS_ERR_RANGE);
  assert_int_equal(r.error, KICK_SWIPE_TOO_FEW_SAMPLES);
  assert_int_equal(kick_swipe_read(&d, s, 1, &r), KS_ERR_RANGE);
  assert_int_equal(r.error, KICK_SWIPE_TOO_FEW_SAMPLES);
  assert_string_equal(kick_swipe_error_name(r.error), "too_few_samples");

  kick_touch bad[KICK_SWIPE_MAX_SAMPLES];
  memcpy(bad, s, n * sizeof s[0]);
  bad[5].t = NAN;
  assert_int_equal(kick_swipe_read(&d, bad, n, &r), KS_ERR_NOT_FINITE);
  assert_int_equal(r.error, KICK_SWIPE_NOT_FINITE);
  memcpy(bad, s, n * sizeof s[0]);
  bad[3].x = INFINITY;
  assert_int_equal(kick_swipe_read(&d, bad, n, &r), KS_ERR_NOT_FINITE);
  memcpy(bad, s, n * sizeof s[0]);
  bad[9].t = bad[2].t; /* back in time */
  assert_int_equal(kick_swipe_read(&d, bad, n, &r), KS_ERR_FORMAT);
  assert_int_equal(r.error, KICK_SWIPE_TIME_NOT_INCREASING);
  assert_string_equal(kick_swipe_error_name(r.error), "time_not_increasing");
  assert_true(strlen(kick_swipe_error_text(r.error)) > 10);
  /* Two reports of one moment (coalesced, same timestamp) are one sample: the later position wins. */
  memcpy(bad, s, n * sizeof s[0]);
  bad[7].t = bad[6].t;
  kick_swipe_reading merged;
  assert_int_equal(kick_swipe_read(&d, bad, n, &merged), KS_OK);
  assert_int_equal(merged.samples, (int32_t)n - 1);
  kick_touch dropped[KICK_SWIPE_MAX_SAMPLES];
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (i != 6) dropped[k++] = bad[i];
  kick_swipe_reading same;
  assert_int_equal(kick_swipe_read(&d, dropped, k, &same), KS_OK);
  assert_memory_equal(&merged.launch, &same.launch, sizeof same.launch);
  /* Every rejection has a sentence for the player. */
  for (int e = 1; e < kick_swipe_error_count; e++) assert_true(strlen(kick_swipe_error_text((kick_swipe_error)e)) > 10);
  assert_string_equal(kick_swipe_error_text(KICK_SWIPE_OK), "");
  assert_true(strstr(kick_swipe_error_text(KICK_SWIPE_ZERO_LENGTH), "tap") != NULL);
  assert_true(strstr(kick_swipe_error_text(KICK_SWIPE_NOT_UPWARD), "towards the goal") != NULL);
  /* A tap that never moved. */
  for (size_t i = 0; i < n; i++) {
    bad[i] = s[0];
    bad[i].t = s[i].t;
  }
  assert_int_equal(kick_swipe_read(&d, bad, n, &r), KS_ERR_RANGE);
  assert_int_equal(r.error, KICK_SWIPE_ZERO_LENGTH);
  assert_string_equal(kick_swipe_error_name(r.error), "zero_length");
  /* Downwards, away from the goal. */
  for (size_t i = 0; i < n; i++) {
    bad[i] = s[i];
    bad[i].y = 2000.0 - s[i].y;
  }
  assert_int_equal(kick_swipe_read(&d, bad, n, &r), KS_ERR_RANGE);
  assert_int_equal(r.error, KICK_SWIPE_NOT_UPWARD);
  assert_int_equal(kick_swipe_read(&d, NULL, 3, &r), KS_ERR_NULL);
  kick_swipe_def bd = d;
  bd.cookie = 0;
  assert_int_equal(kick_swipe_read(&bd, s, n, &r), KS_ERR_UNINITIALISED);
  bd = d;
  bd.screen_height = 0.0;
  assert_int_equal(kick_swipe_read(&bd, s, n, &r), KS_ERR_RANGE);
}

/* A rejected add leaves the swipe exactly as it was; a swipe takes any
   number of samples (a finger resting at 1000 Hz). */
static void test_rejected_add_loses_nothing(void **state) {
  (void)state;
  kick_swipe_def d = px_def();
  enum { N = 5000 };
  static kick_touch s[N];
  for (size_t i = 0; i < N; i++) {
    s[i].x = 1000.0;
    s[i].y = 1800.0 - 2.0 * (double)i;
    s[i].t = (double)i * 0.001;
  }
  static kick_swipe sw, keep;
  assert_int_equal(kick_swipe_begin(&sw, &d), KS_OK);
  kick_swipe_error e;
  assert_int_equal(kick_swipe_add(&sw, s, 10, &e), KS_OK);
  memcpy(&keep, &sw, sizeof sw);
  kick_touch late[3] = {s[10], s[11], s[5]};
  assert_int_equal(kick_swipe_add(&sw, late, 3, &e), KS_ERR_FORMAT);
  assert_int_equal(e, KICK_SWIPE_TIME_NOT_INCREASING);
  assert_memory_equal(&sw, &keep, sizeof sw);
  kick_touch nan_s[2] = {s[10], s[11]};
  nan_s[1].y = NAN;
  assert_int_equal(kick_swipe_add(&sw, nan_s, 2, &e), KS_ERR_NOT_FINITE);
  assert_int_equal(e, KICK_SWIPE_NOT_FINITE);
  assert_memory_equal(&sw, &keep, sizeof sw);
  /* The good samples still read, and thousands more are taken. */
  assert_int_equal(kick_swipe_add(&sw, s + 10, 30, &e), KS_OK);
  kick_swipe_reading r;
  assert_int_equal(kick_swipe_finish(&sw, &r), KS_OK);
  assert_int_equal(r.samples, 40);
  assert_int_equal(kick_swipe_add(&sw, s + 40, N - 40, &e), KS_OK);
  assert_int_equal(kick_swipe_finish(&sw, &r), KS_OK);
  assert_int_equal(r.samples, N);
  /* A steady drag of 1 screen height a second: the peak is the drag's own speed. */
  assert_true(fabs(r.release_speed - 2.0 * 1000.0 / SCREEN_H) < 1e-6);
  assert_int_equal(kick_swipe_add(NULL, s, 1, &e), KS_ERR_NULL);
}

/* The keys make a kick through the swipe's own mapping: the same launch as a
   swipe with the same measures; power rises and falls with the hold. */
static void test_keys_make_a_swipe_kick(void **state) {
  (void)state;
  assert_true(kick_keys_power(0.0) == 0.0);
  assert_true(fabs(kick_keys_power(KICK_KEYS_POWER_RISE_S) - 1.0) < 1e-12);
  assert_true(fabs(kick_keys_power(0.5 * KICK_KEYS_POWER_RISE_S) - 0.5) < 1e-12);
  assert_true(fabs(kick_keys_power(1.5 * KICK_KEYS_POWER_RISE_S) - 0.5) < 1e-12);
  assert_true(kick_keys_power(-1.0) == 0.0 && kick_keys_power(NAN) == 0.0);
  kick_keys k = {0.0, 0.5, 0.0, KICK_KEYS_POWER_RISE_S};
  kick_swipe_reading r;
  assert_int_equal(kick_keys_read(NULL, &k, &r), KS_OK);
  assert_int_equal(kick_launch_validate(&r.launch), KS_OK);
  assert_true(r.launch.speed_mps == KICK_MAX_LAUNCH_SPEED);
  assert_true(fabs(r.launch.direction) < 1e-12 && r.bend == 0.0 && r.launch.spin_rate == 0.0);
  /* Aim right on screen = the shooter's right = -x; bend + curls to +x. */
  kick_keys right = {0.6, 0.3, 0.5, 0.4};
  assert_int_equal(kick_keys_read(NULL, &right, &r), KS_OK);
  assert_true(r.launch.direction < -0.1 && r.launch.speed_mps < KICK_MAX_LAUNCH_SPEED && r.launch.speed_mps > 8.0);
  assert_true(fabs(r.bend - 0.5) < 1e-9 && r.launch.spin_axis.y > 0.0);
  /* The same measures as a swipe: a straight swipe with that rise and heading and flick speed. */
  kick_swipe_def d = kick_swipe_default_def();
  double rise = r.rise, heading = r.heading;
  kick_touch sw[40];
  for (int i = 0; i < 40; i++) {
    double f = (double)i / 39.0;
    sw[i].x = 0.5 + rise * tan(heading) * f;
    sw[i].y = 0.9 - rise * f;
    sw[i].t = 3.0 + f * (sqrt(rise * rise * (1.0 + tan(heading) * tan(heading))) / r.release_speed);
  }
  kick_swipe_reading s2;
  assert_int_equal(kick_swipe_read(&d, sw, 40, &s2), KS_OK);
  assert_true(fabs(s2.launch.elevation - r.launch.elevation) < 1e-9);
  assert_true(fabs(s2.launch.direction - r.launch.direction) < 1e-9);
  assert_true(fabs(s2.launch.speed_mps - r.launch.speed_mps) < 1e-6 * r.launch.speed_mps);
  /* Bad keys. */
  kick_keys bad = k;
  bad.aim = 1.5;
  assert_int_equal(kick_keys_read(NULL, &bad, &r), KS_ERR_RANGE);
  bad = k;
  bad.hold_s = NAN;
  assert_int_equal(kick_keys_read(NULL, &bad, &r), KS_ERR_NOT_FINITE);
  assert_int_equal(kick_keys_read(NULL, NULL, &r), KS_ERR_NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_straight),
      cmocka_unit_test(test_curved_left_and_right),
      cmocka_unit_test(test_fast_and_slow),
      cmocka_unit_test(test_upward_elevation_and_heading),
      cmocka_unit_test(test_frame_groupings_identical),
      cmocka_unit_test(test_sampling_rate_barely_matters),
      cmocka_unit_test(test_rejects_bad_samples),
      cmocka_unit_test(test_rejected_add_loses_nothing),
      cmocka_unit_test(test_keys_make_a_swipe_kick),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
