// SPDX-License-Identifier: MIT
/* The director's frame rules (seed 000's caps, seed 001's drawing between
   steps): frame lengths from target timestamps, the 1/20 s cap, the 1/60 s
   first frame after a pause, rate changes, speeds, interpolation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "director_test_util.h"

static int64_t steps_of(const dt_rig *r) { return r->d.live.clock.total_steps; }

/* Runs one frame `gap` after the last and returns the steps it ran. */
static int64_t frame_steps(dt_rig *r, double gap) {
  int64_t s0 = steps_of(r);
  dt_frame(r, gap, NULL);
  return steps_of(r) - s0;
}

static void test_first_frame_after_init_counts_as_a_sixtieth(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  assert_int_equal(frame_steps(&r, 3.0), 10); /* 1/60 s = 10 steps, whatever the gap */
}

static void test_frame_length_is_the_gap_between_target_timestamps(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  assert_int_equal(frame_steps(&r, 1.0 / 120.0), 5);
  assert_int_equal(frame_steps(&r, 1.0 / 60.0), 10);
  assert_int_equal(frame_steps(&r, 1.0 / 30.0), 20);
  assert_int_equal(frame_steps(&r, 0.0), 0);
  assert_int_equal(frame_steps(&r, 0.05), 30);
}

static void test_frame_longer_than_a_twentieth_counts_as_a_twentieth(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  assert_int_equal(frame_steps(&r, 0.1), 30);   /* a 100 ms stall counts as 50 ms */
  assert_int_equal(frame_steps(&r, 5.0), 30);
  assert_int_equal(frame_steps(&r, 0.051), 30);
  assert_int_equal(r.d.bank_ticks, 0);           /* nothing of the stall is banked */
}

static void test_first_frame_after_pause_counts_as_a_sixtieth(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  kick_director_pause(&r.d);
  assert_int_equal(frame_steps(&r, 1.0 / 60.0), 0);
  assert_int_equal(frame_steps(&r, 10.0), 0);
  assert_true(kick_director_speed(&r.d) == 0.0);
  kick_director_resume(&r.d);
  assert_int_equal(frame_steps(&r, 30.0), 10);   /* paused time is never caught up */
  assert_int_equal(frame_steps(&r, 1.0 / 120.0), 5);
}

static void test_paused_frames_run_nothing(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  kick_director_pause(&r.d);
  uint64_t h = kick_shot_hash(&r.d.live);
  for (int i = 0; i < 100; i++) (void)frame_steps(&r, 1.0 / 60.0);
  assert_int_equal(kick_shot_hash(&r.d.live), h);
}

static void test_timestamp_going_backwards_counts_as_zero(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  assert_int_equal(frame_steps(&r, -1.0), 0);
  assert_int_equal(frame_steps(&r, 1.0 / 60.0), 10);
  kick_director before = r.d;
  assert_int_equal(kick_director_frame(&r.d, NAN, NULL), KS_ERR_NOT_FINITE);
  assert_int_equal(kick_director_frame(&r.d, INFINITY, NULL), KS_ERR_NOT_FINITE);
  assert_int_equal(kick_shot_hash(&r.d.live), kick_shot_hash(&before.live));
  assert_int_equal(r.d.bank_ticks, before.bank_ticks);
  assert_true(r.d.last_target == before.last_target);
  assert_int_equal(kick_director_frame(NULL, 1.0, NULL), KS_ERR_NULL);
}

/* The seed's table: steps one frame hands the shot at each rate, live. A
   fraction means frames take turns: 80 Hz alternates 7 and 8 steps. */
static void test_rate_may_change_at_any_moment(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  assert_int_equal(frame_steps(&r, 1.0 / 120.0), 5);
  assert_int_equal(frame_steps(&r, 1.0 / 80.0), 7);
  assert_int_equal(frame_steps(&r, 1.0 / 80.0), 8);
  assert_int_equal(frame_steps(&r, 1.0 / 60.0), 10);
  assert_int_equal(frame_steps(&r, 1.0 / 30.0), 20);
  assert_int_equal(frame_steps(&r, 1.0 / 20.0), 30);
  assert_int_equal(frame_steps(&r, 1.0 / 15.0), 30);   /* below 20 Hz the match runs slow */
  assert_int_equal(frame_steps(&r, 1.0 / 120.0), 5);
  /* Uneven frames: nothing lost, whatever the pattern (exact to the unit). */
  const double gaps[6] = {1.0 / 60.0, 1.0 / 120.0, 1.0 / 37.0, 0.3 / 60.0, 1.0 / 90.0, 1.0 / 144.0};
  int64_t s0 = steps_of(&r);
  int64_t units = 0;
  for (int i = 0; i < 600; i++) {
    units += ks_clock_seconds_to_units(gaps[i % 6], 600ll * KS_CLOCK_UNITS_PER_STEP);
    (void)frame_steps(&r, gaps[i % 6]);
  }
  assert_int_equal(steps_of(&r) - s0, units / KS_CLOCK_UNITS_PER_STEP);
}

/* Speeds: 1 live, 0.3 in slow motion, 0.45 in a replay; the step never changes. */
static void test_speed_is_1_live_0_3_slow_0_45_replay_and_the_step_never_changes(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  assert_true(kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_LIVE);
  assert_int_equal(kick_director_kick(&r.d, &(kick_launch){0}), KS_ERR_RANGE);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  int64_t from = r.d.slow_from_step;
  assert_true(from > steps_of(&r));
  /* Live at 120 Hz: 5 steps a frame, up to the window. */
  while (steps_of(&r) + 5 <= from) assert_int_equal(frame_steps(&r, 1.0 / 120.0), 5);
  while (steps_of(&r) < from) (void)frame_steps(&r, 1.0 / 1200.0);
  assert_true(kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_SLOW);
  /* Slow motion at 120 Hz: frames alternate one step and two (1.5 on average). */
  int64_t bank0 = r.d.bank_ticks;
  int64_t a = frame_steps(&r, 1.0 / 120.0), b = frame_steps(&r, 1.0 / 120.0);
  assert_int_equal(a + b, 3);
  assert_true(a == 1 || a == 2);
  assert_int_equal(r.d.bank_ticks, bank0);
  /* Every step is one 1/600 s step of the shot: the clock counts whole steps. */
  assert_int_equal(r.d.live.clock.banked_units, 0);
  assert_int_equal(r.d.live.clock.steps_per_second, 600);
  /* Through to the replay: 0.45x at 120 Hz is 2.25 steps a frame, 9 in 4. */
  for (int i = 0; i < 20000 && r.d.mode != KICK_DIRECTOR_REPLAY; i++) (void)frame_steps(&r, 1.0 / 120.0);
  assert_int_equal(r.d.mode, KICK_DIRECTOR_REPLAY);
  assert_true(kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_REPLAY);
  int64_t bank1 = r.d.bank_ticks;
  int64_t q0 = r.d.replay.clock.total_steps;
  for (int i = 0; i < 4; i++) dt_frame(&r, 1.0 / 120.0, NULL);
  assert_int_equal(r.d.replay.clock.total_steps - q0, 9);
  assert_int_equal(r.d.bank_ticks, bank1);
}

/* Seed 000's table, every row and column: steps one frame hands the shot,
   live, in slow motion (0.3x) and in a replay (0.45x), at 120, 80, 60, 30 and
   20 Hz and for a 100 ms stall (counted as 50 ms). Fractions mean frames take
   turns, so each is checked over 8 frames (8 x 3.375 = 27 whole steps). */
static void test_the_seed_frame_table_at_every_rate_live_slow_and_replay(void **st) {
  (void)st;
  static const struct {
    double frame;
    double live, slow, replay; /* steps per frame */
  } rows[] = {
      {1.0 / 120.0, 5.0, 1.5, 2.25}, {1.0 / 80.0, 7.5, 2.25, 3.375}, {1.0 / 60.0, 10.0, 3.0, 4.5},
      {1.0 / 30.0, 20.0, 6.0, 9.0},  {1.0 / 20.0, 30.0, 9.0, 13.5},  {0.100, 30.0, 9.0, 13.5},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    dt_rig r;
    assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
    (void)frame_steps(&r, 0.0);
    /* Live: on the spot before the kick. */
    int64_t live = 0;
    for (int f = 0; f < 8; f++) live += frame_steps(&r, rows[i].frame);
    assert_int_equal(live, (int64_t)(8.0 * rows[i].live));
    /* Slow motion: from the first step of the window. */
    kick_launch k = dt_top_corner();
    assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
    while (kick_director_speed(&r.d) != KICK_DIRECTOR_SPEED_SLOW) (void)frame_steps(&r, 1.0 / 6000.0);
    int64_t slow = 0;
    for (int f = 0; f < 8; f++) {
      assert_true(kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_SLOW);
      slow += frame_steps(&r, rows[i].frame);
    }
    assert_int_equal(slow, (int64_t)(8.0 * rows[i].slow));
    /* The replay: the replay copy's steps. */
    for (int f = 0; f < 20000 && r.d.mode != KICK_DIRECTOR_REPLAY; f++) (void)frame_steps(&r, 1.0 / 120.0);
    assert_int_equal(r.d.mode, KICK_DIRECTOR_REPLAY);
    int64_t q0 = r.d.replay.clock.total_steps;
    for (int f = 0; f < 8; f++) dt_frame(&r, rows[i].frame, NULL);
    assert_int_equal(r.d.mode, KICK_DIRECTOR_REPLAY);
    assert_int_equal(r.d.replay.clock.total_steps - q0, (int64_t)(8.0 * rows[i].replay));
  }
}

/* Seed 000: below 20 frames a second the match runs slower than real time.
   At 10 Hz a second of frames runs half a second of game (300 steps), and the
   game clock falls behind the display by exactly what the cap dropped. */
static void test_below_20_frames_a_second_the_match_runs_slower(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  (void)frame_steps(&r, 0.0);
  int64_t s0 = steps_of(&r);
  for (int f = 0; f < 10; f++) (void)frame_steps(&r, 0.1);
  assert_int_equal(steps_of(&r) - s0, 300);
  s0 = steps_of(&r);
  for (int f = 0; f < 20; f++) (void)frame_steps(&r, 0.05);
  assert_int_equal(steps_of(&r) - s0, 600); /* at 20 Hz: real time again */
}

static void test_interpolation_draws_between_steps_and_never_touches_the_simulation(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_rocket();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  dt_frame(&r, 0.0, NULL);
  for (int i = 0; i < 8; i++) dt_frame(&r, 1.0 / 144.0, NULL); /* 4.1666 steps a frame: a fraction is banked */
  uint64_t h = kick_shot_hash(&r.d.live);
  kick_director_view v;
  kick_director_view_get(&r.d, &v);
  assert_true(v.alpha >= 0.0 && v.alpha < 1.0);
  assert_true(v.alpha > 0.0);
  assert_true(v.alpha == (double)r.d.bank_ticks / (double)KICK_DIRECTOR_TICKS_PER_STEP);
  ks_vec3 want = ks_v3_lerp(r.d.ball_prev, r.d.ball_cur, v.alpha);
  assert_memory_equal(&v.ball, &want, sizeof want);
  assert_true(v.ball.z > r.d.ball_prev.z && v.ball.z < r.d.ball_cur.z);
  assert_ptr_equal(v.shot, &r.d.live);
  assert_int_equal(kick_shot_hash(&r.d.live), h);
  /* The simulated ball is the stepped value, not the drawn one. */
  assert_memory_equal(&r.d.live.ball.pos, &r.d.ball_cur, sizeof(ks_vec3));
}

static void test_camera_yaw_takes_the_shortest_way_round(void **st) {
  (void)st;
  const double pi = 3.14159265358979323846;
  double m = kick_yaw_lerp(3.0, -3.0, 0.5);
  assert_true(fabs(fabs(m) - pi) < 1e-12); /* through ±π, not through 0 */
  assert_true(fabs(kick_yaw_lerp(-3.0, 3.0, 0.25) - (-3.0 - 0.25 * (2.0 * pi - 6.0))) < 1e-12);
  assert_true(fabs(kick_yaw_lerp(0.5, 1.0, 0.5) - 0.75) < 1e-12);
  kick_camera a = {ks_v3(0, 1, 0), ks_v3(0, 1, 1), 3.0, 0.0, 0.5};
  kick_camera b = {ks_v3(2, 1, 0), ks_v3(2, 1, 1), -3.0, 0.2, 0.7};
  kick_camera c = kick_camera_lerp(&a, &b, 0.5);
  assert_true(fabs(fabs(c.yaw) - pi) < 1e-12);
  assert_true(c.pos.x == 1.0 && c.pitch == 0.1 && fabs(c.fov - 0.6) < 1e-15);
  kick_camera e0 = kick_camera_lerp(&a, &b, 0.0);
  assert_true(e0.yaw == 3.0);
}

static void test_bad_calls_are_rejected_and_change_nothing(void **st) {
  (void)st;
  kick_director d;
  kick_director_def def = kick_director_default_def();
  def.cookie = 0;
  assert_int_equal(kick_director_init(&d, &def), KS_ERR_UNINITIALISED);
  def = kick_director_default_def();
  def.setup.spot_z = NAN;
  assert_int_equal(kick_director_init(&d, &def), KS_ERR_NOT_FINITE);
  assert_int_equal(kick_director_init(NULL, &def), KS_ERR_NULL);
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch bad = dt_rocket();
  bad.speed_mps = NAN;
  assert_int_equal(kick_director_kick(&r.d, &bad), KS_ERR_NOT_FINITE);
  assert_false(r.d.struck);
  assert_int_equal(kick_director_tap(&r.d, 0.0, 1.0), KS_ERR_STATE); /* nobody in goal, no replay */
  kick_launch k = dt_rocket();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  assert_int_equal(kick_director_kick(&r.d, &k), KS_ERR_STATE);
  assert_string_equal(kick_director_event_name(KICK_DIR_EV_SLOWMO_START), "slowmo_start");
  assert_string_equal(kick_director_event_name(999u), "unknown");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_first_frame_after_init_counts_as_a_sixtieth),
      cmocka_unit_test(test_frame_length_is_the_gap_between_target_timestamps),
      cmocka_unit_test(test_frame_longer_than_a_twentieth_counts_as_a_twentieth),
      cmocka_unit_test(test_first_frame_after_pause_counts_as_a_sixtieth),
      cmocka_unit_test(test_paused_frames_run_nothing),
      cmocka_unit_test(test_timestamp_going_backwards_counts_as_zero),
      cmocka_unit_test(test_rate_may_change_at_any_moment),
      cmocka_unit_test(test_speed_is_1_live_0_3_slow_0_45_replay_and_the_step_never_changes),
      cmocka_unit_test(test_the_seed_frame_table_at_every_rate_live_slow_and_replay),
      cmocka_unit_test(test_below_20_frames_a_second_the_match_runs_slower),
      cmocka_unit_test(test_interpolation_draws_between_steps_and_never_touches_the_simulation),
      cmocka_unit_test(test_camera_yaw_takes_the_shortest_way_round),
      cmocka_unit_test(test_bad_calls_are_rejected_and_change_nothing),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
