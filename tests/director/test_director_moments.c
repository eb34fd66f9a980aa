// SPDX-License-Identifier: MIT
/* Slow motion from a look-ahead, the instant replay, the four runs, a person
   in goal, the settings switch and the events, driven by scripted frames. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "director_test_util.h"
#include "kickstep/kick_replay.h"

static const double UNEVEN[6] = {1.0 / 60.0, 1.0 / 120.0, 1.0 / 37.0, 0.3 / 60.0, 1.0 / 90.0, 0.2};
static const double HZ120[1] = {1.0 / 120.0};

static dt_log LOG; /* large: kept out of the stack */

/* Plays kick k over setup su in the given frames; returns the rig. */
static void play(dt_rig *r, kick_setup su, bool effects, kick_launch k, const double *pat, int np) {
  assert_int_equal(dt_init(r, su, effects), KS_OK);
  memset(&LOG, 0, sizeof LOG);
  for (int i = 0; i < 30; i++) dt_frame_log(r, 1.0 / 60.0, &LOG, -1); /* 0.5 s on the spot */
  assert_int_equal(kick_director_kick(&r->d, &k), KS_OK);
  dt_play(r, pat, np, &LOG, 20000);
}

/* The live step index on which each director step ran at 0.3x: recorded by
   stepping in tiny frames and reading the speed before each step. */
static void slow_window_seen(kick_setup su, kick_launch k, int64_t *first, int64_t *last, int64_t *decision) {
  dt_rig r;
  assert_int_equal(dt_init(&r, su, true), KS_OK);
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  *first = -1;
  *last = -1;
  dt_frame(&r, 0.0, NULL);
  for (int i = 0; i < 200000 && r.d.live.clock.total_steps < r.d.live.strike_step + 1200; i++) {
    int64_t n = r.d.live.clock.total_steps;
    bool slow = kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_SLOW;
    dt_frame(&r, 1.0 / 6000.0, NULL);
    if (slow && r.d.live.clock.total_steps > n) {
      if (*first < 0) *first = n;
      *last = n;
    }
    if (r.d.mode == KICK_DIRECTOR_REPLAY) break;
  }
  *decision = r.d.runs[KICK_RUN_LIVE].decision_step;
}

static void test_slow_motion_starts_0_24_s_before_the_decision(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), UNEVEN, 6);
  int64_t D = r.d.runs[KICK_RUN_LIVE].decision_step;
  assert_true(D > 0);
  const ks_event *s = dt_find(&LOG, KICK_DIR_EV_SLOWMO_START);
  assert_non_null(s);
  assert_int_equal(s->step, D - 144); /* 0.24 s x 600 */
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 1);
  int64_t first, last, D2;
  slow_window_seen(dt_penalty(), dt_top_corner(), &first, &last, &D2);
  assert_int_equal(first, D2 - 144); /* the first step run at 0.3x */
}

static void test_slow_motion_ends_0_08_s_after_the_decision(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), UNEVEN, 6);
  int64_t D = r.d.runs[KICK_RUN_LIVE].decision_step;
  const ks_event *e = dt_find(&LOG, KICK_DIR_EV_SLOWMO_END);
  assert_non_null(e);
  assert_int_equal(e->step, D + 48); /* 0.08 s x 600 */
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_END), 1);
  int64_t first, last, D2;
  slow_window_seen(dt_penalty(), dt_top_corner(), &first, &last, &D2);
  assert_int_equal(last, D2 + 47); /* the last slow step starts 1/600 s before the end */
}

static void test_slow_motion_plays_at_0_3(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  dt_frame(&r, 0.0, NULL);
  while (r.d.live.clock.total_steps < r.d.slow_from_step) dt_frame(&r, 1.0 / 600.0, NULL);
  assert_int_equal(r.d.live.clock.total_steps, r.d.slow_from_step);
  assert_int_equal(r.d.bank_ticks, 0);
  /* 60 Hz frames in slow motion: exactly 3 steps each (10 x 0.3). */
  for (int i = 0; i < 20; i++) {
    int64_t n = r.d.live.clock.total_steps;
    dt_frame(&r, 1.0 / 60.0, NULL);
    assert_int_equal(r.d.live.clock.total_steps - n, 3);
  }
}

static void test_look_ahead_strikes_a_copy_before_the_live_kick(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  for (int i = 0; i < 17; i++) dt_frame(&r, 1.0 / 60.0, NULL);
  int64_t n = r.d.live.clock.total_steps;
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  /* Decided ahead, before one live step has run. */
  assert_true(r.d.runs[KICK_RUN_LOOKAHEAD].valid);
  assert_false(kick_shot_decided(&r.d.live));
  assert_int_equal(r.d.live.clock.total_steps, n);
  assert_int_equal(r.d.live.strike_step, n);
  assert_int_equal(r.d.before.clock.total_steps, n);
  assert_false(kick_shot_struck(&r.d.before));
  assert_true(r.d.slow_planned);
  assert_int_equal(r.d.slow_to_step, r.d.runs[KICK_RUN_LOOKAHEAD].decision_step + 48);
}

static void test_look_ahead_stops_after_3_s(void **st) {
  (void)st;
  /* A soft roll that a following wind pushes on (so it may yet reach the
     line) and that cannot get there in 3 s: the look-ahead gives up. */
  dt_rig r;
  kick_setup su = kick_setup_default();
  su.spot_z = -40.0;
  su.wind.mean_speed_mps = 6.0;
  su.wind.bearing = 0.0;
  assert_int_equal(dt_init(&r, su, true), KS_OK);
  kick_launch k = dt_launch(3.0, 0.0, 0.0);
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  assert_false(r.d.runs[KICK_RUN_LOOKAHEAD].valid);
  assert_false(r.d.slow_planned);
}

static void test_no_slow_motion_when_the_setting_is_off(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), false, dt_top_corner(), UNEVEN, 6);
  assert_true(kick_shot_decided(&r.d.live));
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 0);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 0);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SHAKE), 0);
  assert_false(r.d.runs[KICK_RUN_LOOKAHEAD].valid);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_GOAL), 1);
}

static void test_switching_the_setting_off_ends_slow_motion_now(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  memset(&LOG, 0, sizeof LOG);
  dt_frame_log(&r, 0.0, &LOG, 0);
  while (r.d.live.clock.total_steps < r.d.slow_from_step + 10) dt_frame_log(&r, 1.0 / 120.0, &LOG, 1);
  assert_true(kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_SLOW);
  kick_director_set_effects(&r.d, false);
  assert_true(kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_LIVE);
  int64_t n = r.d.live.clock.total_steps;
  dt_frame_log(&r, 1.0 / 120.0, &LOG, 2);
  assert_int_equal(r.d.live.clock.total_steps - n, 5);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_END), 1);
  for (int i = 0; i < 400; i++) dt_frame_log(&r, 1.0 / 60.0, &LOG, 3);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_END), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 0); /* the setting also covers replays */
}

static kick_setup person_in_goal(void) {
  kick_setup su = dt_penalty();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.person_in_goal = true;
  return su;
}

static void test_no_slow_motion_when_a_person_keeps_goal(void **st) {
  (void)st;
  dt_rig r;
  play(&r, person_in_goal(), true, dt_top_corner(), UNEVEN, 6);
  assert_true(kick_shot_decided(&r.d.live));
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 0);
  assert_false(r.d.runs[KICK_RUN_LOOKAHEAD].valid); /* no look-ahead: input is still to come */
  assert_false(r.d.slow_planned);
}

static void test_a_moment_without_slow_motion_plays_at_full_speed(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_rocket(), UNEVEN, 6);
  assert_int_equal(r.d.live.outcome, KICK_OUTCOME_GOAL);
  assert_int_equal(r.d.live.moments, KICK_MOMENT_ROCKET);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 0);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 1); /* a rocket earns a replay */
}

static void test_woodwork_earns_slow_motion_and_no_replay(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_woodwork(), UNEVEN, 6);
  assert_int_equal(r.d.live.outcome, KICK_OUTCOME_WOODWORK);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_POST) + dt_count(&LOG, KICK_DIR_EV_BAR), 1);
  assert_true(dt_count(&LOG, KICK_DIR_EV_SHAKE) >= 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 0);
  assert_int_equal(r.d.replay_state, KICK_REPLAY_Q_NONE);
}

static void test_save_earns_slow_motion(void **st) {
  (void)st;
  kick_setup su = dt_penalty();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.keeper.rating = 0.9;
  dt_rig r;
  play(&r, su, true, dt_at_keeper(), UNEVEN, 6);
  assert_int_equal(r.d.live.outcome, KICK_OUTCOME_SAVED);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SAVE), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_GOAL), 0);
}

/* Seed 000: "A penalty struck at 31.8 m/s into the top corner ... is decided
   0.405 s after the strike. Its slow motion starts 0.165 s into the flight and
   turns the last 0.32 s of game time into 1.07 s on screen." From the spot
   11 m out our physics decides this kick at 0.395 s; moving the spot back
   until the decision lands on 0.405 s (243 steps) reproduces the window. */
static void test_seed_penalty_decided_at_0_405_s_slows_the_last_0_32_s_into_1_07_s(void **st) {
  (void)st;
  kick_setup su = dt_penalty();
  kick_launch k = dt_top_corner();
  bool found = false;
  for (int i = 0; i <= 20 && !found; i++) {
    su.spot_z = -11.0 - 0.05 * i;
    dt_rig probe;
    assert_int_equal(dt_init(&probe, su, true), KS_OK);
    assert_int_equal(kick_director_kick(&probe.d, &k), KS_OK);
    found = probe.d.runs[KICK_RUN_LOOKAHEAD].decision_step - probe.d.live.strike_step == 243;
  }
  assert_true(found);
  dt_rig r;
  assert_int_equal(dt_init(&r, su, true), KS_OK);
  dt_frame(&r, 0.0, NULL);
  for (int i = 0; i < 30; i++) dt_frame(&r, 1.0 / 60.0, NULL);
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  int64_t strike = r.d.live.strike_step;
  assert_true(r.d.live.moments == 0u); /* undecided yet */
  /* 600 frames a second on screen: count the frames that run slow motion. */
  memset(&LOG, 0, sizeof LOG);
  int64_t frame = 0, slow_frames = 0;
  while (r.d.live.clock.total_steps < strike + 400) {
    if (kick_director_speed(&r.d) == KICK_DIRECTOR_SPEED_SLOW) slow_frames++;
    dt_frame_log(&r, 1.0 / 600.0, &LOG, frame++);
  }
  const ks_event *decided = dt_find(&LOG, KICK_DIR_EV_DECIDED);
  assert_non_null(decided);
  assert_int_equal(decided->step - strike, 243);              /* 0.405 s */
  assert_true(r.d.live.moments & KICK_MOMENT_TOP_CORNER);
  assert_true(r.d.live.stats.launch_speed == 31.8);
  int a = dt_find_index(&LOG, KICK_DIR_EV_SLOWMO_START), b = dt_find_index(&LOG, KICK_DIR_EV_SLOWMO_END);
  assert_true(a >= 0 && b > a);
  assert_int_equal(LOG.ev[a].step - strike, 99);               /* 0.165 s into the flight */
  assert_int_equal(LOG.ev[b].step - LOG.ev[a].step, 192);      /* 0.32 s of game time */
  /* Screen time: the frames that began in slow motion. 192 steps at 0.3x
     are 640 frames of 1/600 s (the last may carry a part of a live step). */
  assert_true(slow_frames >= 640 && slow_frames <= 641);
  double screen = (double)slow_frames / 600.0;
  assert_int_equal((int)(screen * 100.0 + 0.5), 107);           /* 1.07 s */
}

/* "The replay starts 1.15 s after the goal": 1.15 s on screen. After a goal
   with slow motion the first 0.08 s of game time after it (48 steps) run at
   0.3x and take 0.2667 s of screen time; the other 0.8833 s are 530 live steps.
   Without slow motion it is 690 live steps. */
static void test_replay_starts_1_15_s_after_the_goal(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), UNEVEN, 6);
  const ks_event *g = dt_find(&LOG, KICK_DIR_EV_GOAL);
  const ks_event *s = dt_find(&LOG, KICK_DIR_EV_REPLAY_START);
  assert_non_null(g);
  assert_non_null(s);
  assert_int_equal(s->step - g->step, 48 + 530);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 1);
  assert_true(dt_find_index(&LOG, KICK_DIR_EV_REPLAY_START) > dt_find_index(&LOG, KICK_DIR_EV_SLOWMO_END));
  play(&r, dt_penalty(), true, dt_rocket(), UNEVEN, 6);
  g = dt_find(&LOG, KICK_DIR_EV_GOAL);
  s = dt_find(&LOG, KICK_DIR_EV_REPLAY_START);
  assert_non_null(s);
  assert_int_equal(s->step - g->step, 690);
  /* On screen, in frames of 1/600 s: 690 frames from the goal to the replay. */
  dt_rig q;
  play(&q, dt_penalty(), true, dt_top_corner(), (const double[]){1.0 / 600.0}, 1);
  int a = dt_find_index(&LOG, KICK_DIR_EV_GOAL), b = dt_find_index(&LOG, KICK_DIR_EV_REPLAY_START);
  int64_t frames = LOG.frame_of[b] - LOG.frame_of[a];
  assert_true(frames >= 689 && frames <= 691);
}

static void test_replay_stops_0_7_s_after_the_decision(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), UNEVEN, 6);
  assert_int_equal(r.d.replay_state, KICK_REPLAY_Q_FINISHED);
  int64_t D = r.d.runs[KICK_RUN_PROBE].decision_step;
  assert_int_equal(r.d.replay.clock.total_steps, D + 420); /* 0.7 s of game time */
  const ks_event *e = dt_find(&LOG, KICK_DIR_EV_REPLAY_END);
  assert_non_null(e);
  assert_int_equal(e->subject, 0u);
  assert_true(e->value[0] == 0.0);
  const ks_event *s = dt_find(&LOG, KICK_DIR_EV_REPLAY_START);
  assert_true(s->value[0] == (double)(D + 420));
  /* The replay's own goal comes out tagged as the replay's. */
  int goals = 0, replay_goals = 0;
  for (int i = 0; i < LOG.n; i++)
    if (LOG.ev[i].type == KICK_DIR_EV_GOAL) {
      goals++;
      if (LOG.ev[i].subject & KICK_DIR_EV_FROM_REPLAY) replay_goals++;
    }
  assert_int_equal(goals, 2);
  assert_int_equal(replay_goals, 1);
}

static void test_replay_plays_at_0_45_and_the_match_waits(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  for (int i = 0; i < 20000 && r.d.mode != KICK_DIRECTOR_REPLAY; i++) dt_frame(&r, 1.0 / 60.0, NULL);
  assert_int_equal(r.d.mode, KICK_DIRECTOR_REPLAY);
  int64_t live = r.d.live.clock.total_steps;
  uint64_t h = kick_shot_hash(&r.d.live);
  int64_t q = r.d.replay.clock.total_steps;
  for (int i = 0; i < 40; i++) dt_frame(&r, 1.0 / 60.0, NULL); /* 4.5 steps a frame */
  assert_int_equal(r.d.replay.clock.total_steps - q, 180);
  assert_int_equal(r.d.live.clock.total_steps, live);
  assert_int_equal(kick_shot_hash(&r.d.live), h);
  kick_director_view v;
  kick_director_view_get(&r.d, &v);
  assert_ptr_equal(v.shot, &r.d.replay);
  assert_int_equal(v.mode, KICK_DIRECTOR_REPLAY);
}

static void test_a_tap_skips_the_replay(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  memset(&LOG, 0, sizeof LOG);
  for (int i = 0; i < 20000 && r.d.mode != KICK_DIRECTOR_REPLAY; i++) dt_frame_log(&r, 1.0 / 60.0, &LOG, i);
  for (int i = 0; i < 10; i++) dt_frame_log(&r, 1.0 / 60.0, &LOG, 0);
  int64_t live = r.d.live.clock.total_steps;
  assert_int_equal(kick_director_tap(&r.d, 0.0, 0.0), KS_OK);
  assert_int_equal(r.d.replay_state, KICK_REPLAY_Q_SKIPPED);
  assert_int_equal(r.d.mode, KICK_DIRECTOR_LIVE);
  dt_frame_log(&r, 1.0 / 60.0, &LOG, 0);
  const ks_event *e = dt_find(&LOG, KICK_DIR_EV_REPLAY_END);
  assert_non_null(e);
  assert_int_equal(e->subject, 1u);
  assert_int_equal(r.d.live.clock.total_steps - live, 10); /* the match goes on */
  for (int i = 0; i < 100; i++) dt_frame_log(&r, 1.0 / 60.0, &LOG, 0);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_END), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 1);
}

static void test_a_tap_skips_a_pending_replay(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  memset(&LOG, 0, sizeof LOG);
  while (!kick_shot_decided(&r.d.live)) dt_frame_log(&r, 1.0 / 60.0, &LOG, 0);
  assert_int_equal(r.d.replay_state, KICK_REPLAY_Q_PENDING);
  assert_int_equal(kick_director_tap(&r.d, 0.0, 0.0), KS_OK);
  for (int i = 0; i < 300; i++) dt_frame_log(&r, 1.0 / 60.0, &LOG, 0);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 0);
  assert_int_equal(r.d.mode, KICK_DIRECTOR_LIVE);
  assert_int_equal(kick_director_tap(&r.d, 0.0, 0.0), KS_ERR_STATE);
}

static void test_replay_camera_is_a_long_lens_behind_the_shooter_off_to_the_side_the_ball_did_not_go(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_top_corner(); /* goes to +x */
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  for (int i = 0; i < 20000 && r.d.mode != KICK_DIRECTOR_REPLAY; i++) dt_frame(&r, 1.0 / 60.0, NULL);
  kick_director_view v;
  kick_director_view_get(&r.d, &v);
  kick_camera live = kick_director_live_camera(ks_v3(0, 0.11, -11), ks_v3(0, 0.11, -11));
  assert_true(r.d.replay_cross.x > 0.0);
  assert_true(v.camera.pos.x < 0.0);        /* the side the ball did not go */
  assert_true(v.camera.pos.z < -11.0);      /* behind the shooter */
  assert_true(v.camera.fov < live.fov / 2.0); /* a long lens */
  assert_true(v.camera.target.x > 0.0 && v.camera.target.x < r.d.replay_cross.x);
  assert_true(v.camera.yaw > 0.0);          /* looking across, towards +x */
  /* Mirror: a kick to -x puts the camera at +x. */
  kick_camera m = kick_director_replay_camera(ks_v3(0, 0.11, -11), ks_v3(-3.0, 1.7, 0.11));
  assert_true(m.pos.x > 0.0 && m.yaw < 0.0);
}

static void test_a_goal_with_slow_motion_and_a_replay_is_simulated_four_times_alike(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), UNEVEN, 6);
  uint32_t mask = 0;
  assert_true(kick_director_runs_agree(&r.d, &mask));
  assert_int_equal(mask, 0xfu);
  const kick_run_record *a = &r.d.runs[0];
  for (int i = 1; i < KICK_RUN_COUNT; i++) {
    const kick_run_record *b = &r.d.runs[i];
    assert_int_equal(a->decision_step, b->decision_step);
    assert_int_equal(a->outcome, b->outcome);
    assert_memory_equal(a->crossing_bits, b->crossing_bits, sizeof a->crossing_bits);
  }
  assert_int_equal(a->outcome, KICK_OUTCOME_GOAL);
  assert_true(a->crossing_bits[0] != 0u);
  /* And at 120 Hz the same four runs agree on the same step. */
  dt_rig q;
  play(&q, dt_penalty(), true, dt_top_corner(), HZ120, 1);
  assert_true(kick_director_runs_agree(&q.d, &mask));
  assert_int_equal(mask, 0xfu);
  /* A tampered record is caught. */
  q.d.runs[KICK_RUN_REPLAY].crossing_bits[1] ^= 1u;
  assert_false(kick_director_runs_agree(&q.d, NULL));
}

static void test_person_in_goal_taps_are_recorded_with_their_steps_and_fed_to_every_copy(void **st) {
  (void)st;
  dt_rig r;
  assert_int_equal(dt_init(&r, person_in_goal(), true), KS_OK);
  for (int i = 0; i < 12; i++) dt_frame(&r, 1.0 / 60.0, NULL);
  assert_int_equal(kick_director_tap(&r.d, -2.0, 1.0), KS_ERR_STATE); /* not struck yet */
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
  for (int i = 0; i < 7; i++) dt_frame(&r, 1.0 / 60.0, NULL);
  int64_t at = r.d.live.clock.total_steps;
  assert_int_equal(kick_director_tap(&r.d, -2.0, 1.0), KS_OK); /* dives the wrong way */
  assert_int_equal(r.d.input_count, 1);
  assert_int_equal(r.d.inputs[0].tap_step, at);
  assert_int_equal(kick_director_tap(&r.d, NAN, 1.0), KS_ERR_NOT_FINITE);
  memset(&LOG, 0, sizeof LOG);
  dt_play(&r, UNEVEN, 6, &LOG, 20000);
  assert_int_equal(r.d.live.keeper.tap_applied_step, at);
  assert_int_equal(r.d.replay.keeper.tap_applied_step, at); /* the replay got the tap */
  assert_int_equal(r.d.live.outcome, KICK_OUTCOME_GOAL);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_REPLAY_START), 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 0);
  uint32_t mask = 0;
  assert_true(kick_director_runs_agree(&r.d, &mask));
  assert_int_equal(mask, (1u << KICK_RUN_LIVE) | (1u << KICK_RUN_PROBE) | (1u << KICK_RUN_REPLAY));
  /* Without the tap fed, the copy would differ: the keeper would not dive. */
  kick_shot bare = r.d.before;
  assert_int_equal(kick_shot_strike(&bare, &k), KS_OK);
  while (!kick_shot_decided(&bare)) kick_shot_step(&bare, NULL, NULL);
  assert_int_equal(bare.keeper.tap_applied_step, -1);
}

static int index_of(const dt_log *log, uint32_t type, uint32_t from_replay) {
  for (int i = 0; i < log->n; i++)
    if (log->ev[i].type == type && (log->ev[i].subject & KICK_DIR_EV_FROM_REPLAY) == from_replay) return i;
  return -1;
}

static void test_events_come_once_each_in_order_even_with_several_steps_per_frame(void **st) {
  (void)st;
  static dt_log a, b;
  const double coarse[1] = {1.0 / 20.0}, fine[1] = {1.0 / 600.0};
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), coarse, 1);
  a = LOG;
  play(&r, dt_penalty(), true, dt_top_corner(), fine, 1);
  b = LOG;
  assert_int_equal(a.n, b.n);
  for (int i = 0; i < a.n; i++) {
    assert_int_equal(a.ev[i].type, b.ev[i].type);
    assert_int_equal(a.ev[i].step, b.ev[i].step);
    assert_int_equal(a.ev[i].subject, b.ev[i].subject);
  }
  const uint32_t once[] = {KICK_DIR_EV_SLOWMO_START, KICK_DIR_EV_SLOWMO_END, KICK_DIR_EV_REPLAY_START,
                           KICK_DIR_EV_REPLAY_END, KICK_DIR_EV_SHAKE};
  for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) assert_int_equal(dt_count(&a, once[i]), 1);
  int strike = index_of(&a, KICK_DIR_EV_STRIKE, 0), slow = dt_find_index(&a, KICK_DIR_EV_SLOWMO_START),
      goal = index_of(&a, KICK_DIR_EV_GOAL, 0), shake = dt_find_index(&a, KICK_DIR_EV_SHAKE),
      dec = index_of(&a, KICK_DIR_EV_DECIDED, 0), slow_end = dt_find_index(&a, KICK_DIR_EV_SLOWMO_END),
      rs = dt_find_index(&a, KICK_DIR_EV_REPLAY_START), rstrike = index_of(&a, KICK_DIR_EV_STRIKE, KICK_DIR_EV_FROM_REPLAY),
      rgoal = index_of(&a, KICK_DIR_EV_GOAL, KICK_DIR_EV_FROM_REPLAY), re = dt_find_index(&a, KICK_DIR_EV_REPLAY_END);
  assert_true(strike >= 0);
  assert_true(strike < slow && slow < goal && goal < shake && shake < dec && dec < slow_end && slow_end < rs &&
              rs < rstrike && rstrike < rgoal && rgoal < re);
  for (int i = 1; i < a.n; i++)
    if ((a.ev[i].subject & KICK_DIR_EV_FROM_REPLAY) == 0u && (a.ev[i - 1].subject & KICK_DIR_EV_FROM_REPLAY) == 0u &&
        a.ev[i].type != KICK_DIR_EV_REPLAY_END)
      assert_true(a.ev[i].step >= a.ev[i - 1].step);
}

static void test_a_ring_is_an_event_and_earns_slow_motion(void **st) {
  (void)st;
  kick_setup su = dt_penalty();
  su.ring_count = 1;
  su.rings[0] = kick_ring_default(0.0, 0.5);
  dt_rig r;
  play(&r, su, true, dt_rocket(), UNEVEN, 6);
  assert_int_equal(r.d.live.outcome, KICK_OUTCOME_GOAL);
  assert_true(r.d.live.moments & KICK_MOMENT_TARGET_RING);
  int rings = 0;
  for (int i = 0; i < LOG.n; i++)
    if (LOG.ev[i].type == KICK_DIR_EV_RING && (LOG.ev[i].subject & KICK_DIR_EV_FROM_REPLAY) == 0u) {
      rings++;
      assert_int_equal(LOG.ev[i].subject, 0u);
    }
  assert_int_equal(rings, 1);
  assert_int_equal(dt_count(&LOG, KICK_DIR_EV_SLOWMO_START), 1);
  assert_true(dt_find_index(&LOG, KICK_DIR_EV_RING) < dt_find_index(&LOG, KICK_DIR_EV_GOAL));
}

static void test_the_next_kick_keeps_the_settings_and_the_frame_timing(void **st) {
  (void)st;
  dt_rig r;
  play(&r, dt_penalty(), false, dt_rocket(), UNEVEN, 6);
  double last = r.d.last_target;
  kick_setup bad = dt_penalty();
  bad.spot_z = 5.0;
  kick_director keep = r.d;
  assert_int_equal(kick_director_next_kick(&r.d, &bad), KS_ERR_RANGE);
  assert_int_equal(kick_shot_hash(&r.d.live), kick_shot_hash(&keep.live));
  kick_setup su = dt_penalty();
  su.kick_number = 1;
  assert_int_equal(kick_director_next_kick(&r.d, &su), KS_OK);
  assert_false(r.d.settings.effects);
  assert_false(r.d.struck);
  assert_int_equal(r.d.mode, KICK_DIRECTOR_WAITING);
  assert_true(r.d.last_target == last);
  assert_int_equal(r.d.live.clock.total_steps, 0);
  int64_t n = r.d.live.clock.total_steps;
  dt_frame(&r, 1.0 / 120.0, NULL); /* no 1/60 s restart: the frame timing goes on */
  assert_int_equal(r.d.live.clock.total_steps - n, 5);
}

/* The player's last eight shots go with them from kick to kick: each next
   kick's setup carries the last kick in front of the earlier ones, at most
   eight; a setup with a history of its own keeps it; a replay of a later kick
   carries the history and re-simulates identically. */
static void test_the_players_last_eight_shots_follow_them_to_the_next_kick(void **st) {
  (void)st;
  dt_rig r;
  kick_setup su = dt_penalty();
  su.keeper.kind = KICK_KEEPER_LEARNER;
  assert_int_equal(dt_init(&r, su, false), KS_OK);
  assert_int_equal(r.d.live.setup.history_count, 0);
  kick_history_shot seen[12];
  for (int k = 0; k < 11; k++) {
    for (int i = 0; i < 12; i++) dt_frame(&r, 1.0 / 60.0, NULL);
    kick_launch l = dt_launch(24.0, 0.08, -0.25 + 0.05 * (double)k);
    assert_int_equal(kick_director_kick(&r.d, &l), KS_OK);
    for (int i = 0; i < 600 && !kick_shot_decided(&r.d.live); i++) dt_frame(&r, 1.0 / 60.0, NULL);
    assert_true(kick_shot_decided(&r.d.live));
    assert_true(kick_shot_history_entry(&r.d.live, &seen[k]));
    if (k == 10) break;
    kick_setup next = dt_penalty();
    next.keeper.kind = KICK_KEEPER_LEARNER;
    next.kick_number = (uint64_t)k + 1u;
    assert_int_equal(kick_director_next_kick(&r.d, &next), KS_OK);
    const kick_setup *h = &r.d.live.setup;
    int want = k + 1 < KICK_HISTORY_MAX ? k + 1 : KICK_HISTORY_MAX;
    assert_int_equal(h->history_count, want);
    for (int i = 0; i < want; i++) {
      /* newest first: entry i is kick k - i */
      assert_true(h->history[i].x == seen[k - i].x);
      assert_true(h->history[i].y == seen[k - i].y);
      assert_int_equal(h->history[i].outcome, seen[k - i].outcome);
    }
  }
  /* The history moved this learner: he stands where the kicks went. */
  kick_shot fresh;
  kick_setup none = r.d.live.setup;
  none.history_count = 0;
  assert_int_equal(kick_shot_init(&fresh, &none), KS_OK);
  assert_true(r.d.live.keeper.stand_x != fresh.keeper.stand_x);
  /* The replay of the last kick carries its eight shots and verifies. */
  kick_replay rep;
  assert_int_equal(kick_replay_from_director(&r.d, &rep), KS_OK);
  assert_int_equal(rep.setup.history_count, KICK_HISTORY_MAX);
  kick_replay_verify_result v;
  assert_int_equal(kick_replay_verify(&rep, &v), KS_OK);
  assert_true(v.identical);
  /* A setup that brings its own history keeps it. */
  kick_setup own = dt_penalty();
  own.history_count = 1;
  own.history[0].x = -3.0;
  own.history[0].y = 0.5;
  own.history[0].outcome = KICK_OUTCOME_WIDE;
  assert_int_equal(kick_director_next_kick(&r.d, &own), KS_OK);
  assert_int_equal(r.d.live.setup.history_count, 1);
  assert_true(r.d.live.setup.history[0].x == -3.0);
}

/* Seed 000: the top-corner penalty runs for about 2.5 s as a replay
   (decision ~243 steps after the strike, + 0.7 s, at 0.45x), timed in 60 Hz
   frames from the replay's first frame to its end. */
static void test_the_top_corner_penalty_runs_about_2_5_s_as_a_replay(void **st) {
  (void)st;
  static const double HZ60[1] = {1.0 / 60.0};
  dt_rig r;
  play(&r, dt_penalty(), true, dt_top_corner(), HZ60, 1);
  int a = dt_find_index(&LOG, KICK_DIR_EV_REPLAY_START), b = dt_find_index(&LOG, KICK_DIR_EV_REPLAY_END);
  assert_true(a >= 0 && b > a);
  assert_int_equal(LOG.ev[b].subject, 0u); /* played out, not skipped */
  double seconds = (double)(LOG.frame_of[b] - LOG.frame_of[a]) / 60.0;
  int64_t steps = r.d.runs[KICK_RUN_PROBE].decision_step - r.d.before.clock.total_steps + 420;
  assert_true(fabs(seconds - (double)steps / 600.0 / 0.45) <= 2.0 / 60.0);
  assert_true(seconds > 2.3 && seconds < 2.7);
}

/* Seed 001: input belongs to frames, not steps. A tap lands between frames,
   is stamped with the step it lands on and applies once, however many steps
   the next frame runs: the keeper dives once, on that step, whether frames
   run 30 steps (20 Hz) or 1 (600 Hz). */
static void test_input_belongs_to_frames_not_steps(void **st) {
  (void)st;
  static const double coarse[1] = {1.0 / 20.0}, fine[1] = {1.0 / 600.0};
  const double *pats[2] = {coarse, fine};
  int64_t dive[2] = {-1, -1}, decision[2] = {-1, -1}, applied[2] = {-1, -1};
  uint64_t hash[2] = {0, 0}; /* crossing bits */
  for (int p = 0; p < 2; p++) {
    dt_rig r;
    assert_int_equal(dt_init(&r, person_in_goal(), true), KS_OK);
    for (int i = 0; i < 12; i++) dt_frame(&r, 1.0 / 60.0, NULL);
    kick_launch k = dt_top_corner();
    assert_int_equal(kick_director_kick(&r.d, &k), KS_OK);
    /* the tap lands on strike + 60 steps, whatever the frames */
    int64_t at = r.d.live.strike_step + 60;
    while (r.d.live.clock.total_steps < at) dt_frame(&r, 1.0 / 600.0, NULL);
    assert_int_equal(r.d.live.clock.total_steps, at);
    assert_int_equal(kick_director_tap(&r.d, 2.5, 1.8), KS_OK);
    memset(&LOG, 0, sizeof LOG);
    dt_play(&r, pats[p], 1, &LOG, 20000);
    assert_int_equal(r.d.input_count, 1);
    dive[p] = r.d.live.keeper.dive_step;
    applied[p] = r.d.live.keeper.tap_applied_step;
    decision[p] = r.d.live.decision_step;
    /* where the ball crossed, to the bit */
    hash[p] = r.d.runs[KICK_RUN_LIVE].crossing_bits[0] ^ (r.d.runs[KICK_RUN_LIVE].crossing_bits[1] << 1);
    assert_int_equal(applied[p], at);
    assert_int_equal(dive[p], at);
  }
  assert_int_equal(dive[0], dive[1]);
  assert_int_equal(decision[0], decision[1]);
  assert_true(hash[0] == hash[1]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_slow_motion_starts_0_24_s_before_the_decision),
      cmocka_unit_test(test_slow_motion_ends_0_08_s_after_the_decision),
      cmocka_unit_test(test_slow_motion_plays_at_0_3),
      cmocka_unit_test(test_look_ahead_strikes_a_copy_before_the_live_kick),
      cmocka_unit_test(test_look_ahead_stops_after_3_s),
      cmocka_unit_test(test_no_slow_motion_when_the_setting_is_off),
      cmocka_unit_test(test_switching_the_setting_off_ends_slow_motion_now),
      cmocka_unit_test(test_no_slow_motion_when_a_person_keeps_goal),
      cmocka_unit_test(test_a_moment_without_slow_motion_plays_at_full_speed),
      cmocka_unit_test(test_woodwork_earns_slow_motion_and_no_replay),
      cmocka_unit_test(test_save_earns_slow_motion),
      cmocka_unit_test(test_seed_penalty_decided_at_0_405_s_slows_the_last_0_32_s_into_1_07_s),
      cmocka_unit_test(test_replay_starts_1_15_s_after_the_goal),
      cmocka_unit_test(test_replay_stops_0_7_s_after_the_decision),
      cmocka_unit_test(test_replay_plays_at_0_45_and_the_match_waits),
      cmocka_unit_test(test_a_tap_skips_the_replay),
      cmocka_unit_test(test_a_tap_skips_a_pending_replay),
      cmocka_unit_test(test_replay_camera_is_a_long_lens_behind_the_shooter_off_to_the_side_the_ball_did_not_go),
      cmocka_unit_test(test_a_goal_with_slow_motion_and_a_replay_is_simulated_four_times_alike),
      cmocka_unit_test(test_person_in_goal_taps_are_recorded_with_their_steps_and_fed_to_every_copy),
      cmocka_unit_test(test_events_come_once_each_in_order_even_with_several_steps_per_frame),
      cmocka_unit_test(test_a_ring_is_an_event_and_earns_slow_motion),
      cmocka_unit_test(test_the_next_kick_keeps_the_settings_and_the_frame_timing),
      cmocka_unit_test(test_the_players_last_eight_shots_follow_them_to_the_next_kick),
      cmocka_unit_test(test_the_top_corner_penalty_runs_about_2_5_s_as_a_replay),
      cmocka_unit_test(test_input_belongs_to_frames_not_steps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
