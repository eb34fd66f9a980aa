// SPDX-License-Identifier: MIT
/* Keepers and walls: sway and shuffle, reads, dives, saves, person in goal, jumps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "simulation/simulation.h"
#include "support/kick_setups.h"
#include "kickstep/rng.h"

static double body_x(const kick_shot *s, double t) {
  kick_keeper_pose p;
  kick_shot_keeper_pose_at(s, t, &p);
  return 0.5 * (p.body_a.x + p.body_b.x);
}

/* The showman shuffles up to 0.24 m either way on a 2.2 s cycle. */
static void test_showman_shuffle(void **state) {
  (void)state;
  kick_setup su = kt_setup_thunder();
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  double lo = 1e9, hi = -1e9;
  for (int i = 0; i <= 600; i++) {
    double x = body_x(&s, (double)i / 120.0) - s.keeper.stand_x;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  assert_true(hi <= 0.24 + 1e-12 && hi > 0.23);
  assert_true(lo >= -0.24 - 1e-12 && lo < -0.23);
  assert_true(fabs(body_x(&s, 0.3) - body_x(&s, 2.5)) < 1e-9);
  /* The pose is a function of the clock: advancing the shot moves him. */
  kick_keeper_pose p0, p1;
  kick_shot_keeper_pose(&s, &p0);
  kick_shot_advance(&s, 0.1, NULL, NULL);
  kick_shot_advance(&s, 0.1, NULL, NULL);
  kick_shot_keeper_pose(&s, &p1);
  assert_true(p0.body_a.x != p1.body_a.x);
  assert_true(p1.present && !p1.diving);
}

/* His dive starts from wherever the shuffle had taken him. */
static void test_dive_starts_from_shuffle(void **state) {
  (void)state;
  kick_setup su = kt_setup_thunder();
  su.wind.mean_speed_mps = 0.0;
  for (int w = 0; w < 5; w++) {
    kick_shot s = kt_struck(su, 0.3 * (double)w, kt_launch(27.0, 0.12, -0.02, 0.0));
    kick_shot at_strike = s;
    kt_play_to_decision(&s);
    assert_true(s.keeper.dive_step >= 0);
    assert_int_equal(s.keeper.dive_step, s.keeper.read_step);
    double want = body_x(&at_strike, (double)s.keeper.dive_step / 600.0);
    assert_true(fabs(s.keeper.dive_from_x - want) < 1e-12);
  }
}

/* He reads after his reaction time (a specialist at 0.6 of it). */
static void test_read_timing(void **state) {
  (void)state;
  kick_setup su = kt_setup_wall_jump();
  su.wall.count = 0;
  su.keeper.reaction_s = 0.2;
  kick_shot s = kt_struck(su, 0.5, kt_launch(25.0, 0.2, 0.1, 0.0));
  assert_int_equal(s.keeper.read_step, s.strike_step + 120);
  su.keeper.kind = KICK_KEEPER_SPECIALIST;
  s = kt_struck(su, 0.5, kt_launch(25.0, 0.2, 0.1, 0.0));
  assert_int_equal(s.keeper.read_step, s.strike_step + 72);
  kick_shot before = s;
  for (int i = 0; i < 72; i++) kick_shot_step(&s, NULL, NULL);
  assert_int_equal(s.keeper.dive_step, -1);
  ks_events e;
  ks_events_clear(&e);
  kick_shot_step(&s, NULL, &e);
  assert_int_equal(s.keeper.dive_step, before.strike_step + 72);
  assert_true(ks_events_find(&e, KICK_EV_KEEPER_DIVE) >= 0);
}

/* A shot straight at a good keeper is saved; the same kick on an empty goal scores. */
static void test_saves_shot_at_him(void **state) {
  (void)state;
  kick_setup su = kt_setup_final();
  kick_shot s = kt_struck(su, 0.5, kt_launch(18.0, 0.1, 0.0, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_SAVED);
  assert_true(s.keeper.touches >= 1);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_SAVE) != 0u);
  su.keeper.kind = KICK_KEEPER_NONE;
  s = kt_struck(su, 0.5, kt_launch(18.0, 0.1, 0.0, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_GOAL);
}

/* Reading errors come from the dice: rerolled copies dive to different spots. */
static void test_reading_errors_from_dice(void **state) {
  (void)state;
  kick_setup su = kt_setup_final();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.keeper.rating = 0.3;
  double first = 0.0, est_x = 0.0, est_y = 0.0;
  int differ = 0;
  for (uint64_t salt = 0; salt < 8; salt++) {
    kick_shot s;
    assert_int_equal(kick_shot_init(&s, &su), KS_OK);
    assert_int_equal(kick_shot_reroll(&s, salt), KS_OK);
    kick_launch k = kt_launch(20.0, 0.15, 0.15, 0.0);
    assert_int_equal(kick_shot_strike(&s, &k), KS_OK);
    for (int i = 0; i < 200; i++) kick_shot_step(&s, NULL, NULL);
    assert_true(s.keeper.dive_step >= 0);
    if (salt == 0) {
      first = s.keeper.target_x;
      est_x = s.keeper.est_x;
      est_y = s.keeper.est_y;
    } else if (s.keeper.target_x != first) {
      differ++;
    }
    /* His estimate (before the error) is the same for every copy. */
    assert_true(s.keeper.est_x == est_x);
    assert_true(s.keeper.est_y == est_y);
  }
  assert_true(differ >= 6);
}

/* Learners shade towards the side of the last eight shots. */
static void test_learner_shades(void **state) {
  (void)state;
  kick_setup su = kt_setup_final();
  su.keeper.kind = KICK_KEEPER_LEARNER;
  kick_shot plain;
  assert_int_equal(kick_shot_init(&plain, &su), KS_OK);
  su.history_count = 8;
  for (int i = 0; i < 8; i++) {
    su.history[i].x = 2.8;
    su.history[i].y = 1.0;
    su.history[i].outcome = KICK_OUTCOME_GOAL;
  }
  kick_shot learnt;
  assert_int_equal(kick_shot_init(&learnt, &su), KS_OK);
  assert_true(learnt.keeper.stand_x > plain.keeper.stand_x + 0.5);
}

/* A learner reads better on the side the history favours: with eight shots
   all to his left (+x), his dive for a kick to +x lands nearer his own
   estimate than with no history (the same dice, so the same draws); for a kick
   to the other side the history does not help. */
static void test_learner_reads_the_favoured_side_better(void **state) {
  (void)state;
  double err_none[2] = {0.0, 0.0}, err_learnt[2] = {0.0, 0.0};
  int dives = 0;
  for (uint64_t kn = 0; kn < 40; kn++) {
    for (int side = 0; side < 2; side++) {
      kick_setup su = kt_setup_final();
      su.keeper.kind = KICK_KEEPER_LEARNER;
      su.keeper.rating = 0.3;
      su.kick_number = kn;
      kick_launch l = kt_launch(22.0, 0.12, side == 0 ? 0.12 : -0.12, 0.0);
      for (int h = 0; h < 2; h++) {
        su.history_count = h ? 8 : 0;
        for (int i = 0; i < su.history_count; i++) {
          su.history[i].x = 2.5;
          su.history[i].y = 1.0;
          su.history[i].outcome = KICK_OUTCOME_GOAL;
        }
        kick_shot s = kt_struck(su, 0.5, l);
        kt_play_to_decision(&s);
        if (s.keeper.dive_step < 0) continue;
        double e = fabs(s.keeper.target_x - s.keeper.est_x);
        if (h) err_learnt[side] += e;
        else err_none[side] += e;
        dives++;
      }
    }
  }
  assert_true(dives > 100);
  assert_true(err_learnt[0] < 0.7 * err_none[0]);
  assert_true(fabs(err_learnt[1] - err_none[1]) < 0.05 * err_none[1] + 1e-9);
}

/* A person keeps goal: no dive without a tap; a tap stamped with step N
   starts the dive on step N, in every copy fed the same input. */
static void test_person_in_goal(void **state) {
  (void)state;
  kick_setup su = kt_setup_final();
  su.person_in_goal = true;
  kick_shot s = kt_struck(su, 0.5, kt_launch(24.0, 0.15, 0.2, 0.0));
  kick_shot copy = s;
  kick_shot untouched = s;
  kt_play_to_decision(&untouched);
  assert_int_equal(untouched.keeper.dive_step, -1);
  kick_input in = {0};
  in.has_tap = true;
  in.tap_step = s.strike_step + 40;
  in.tap_x = 2.0;
  in.tap_y = 1.3;
  ks_events e;
  ks_events_clear(&e);
  for (int i = 0; i < 2000 && s.phase != KICK_PHASE_DONE; i++) kick_shot_advance(&s, 1.0 / 60.0, &in, &e);
  for (int i = 0; i < 40000 && copy.phase != KICK_PHASE_DONE; i++) kick_shot_advance(&copy, 0.45 / 120.0, &in, NULL);
  assert_int_equal(s.keeper.dive_step, in.tap_step);
  assert_int_equal(s.keeper.tap_applied_step, in.tap_step);
  int idx = ks_events_find(&e, KICK_EV_KEEPER_DIVE);
  assert_true(idx >= 0);
  assert_true(e.items[idx].value[2] == 1.0);
  assert_int_equal(copy.keeper.dive_step, in.tap_step);
  assert_int_equal(kick_shot_outcome(&s), kick_shot_outcome(&copy));
  assert_int_equal(kick_shot_decision_step(&s), kick_shot_decision_step(&copy));
  assert_int_equal(s.phase, KICK_PHASE_DONE);
  assert_int_equal(s.done_step, copy.done_step);
  assert_memory_equal(&s.ball.pos, &copy.ball.pos, sizeof s.ball.pos);
  assert_memory_equal(&s.ball.vel, &copy.ball.vel, sizeof s.ball.vel);
}

/* Walls: only players who may jump do, at strike + their drawn delay; the
   jump is a function of the clock. */
static void test_wall_jumps(void **state) {
  (void)state;
  kick_setup su = kt_setup_wall_jump();
  su.wall.jump_mask = 0x5u; /* players 0 and 2 */
  kick_shot s = kt_struck(su, 0.5, kt_launch(22.0, 0.3, 0.0, 0.0));
  for (int i = 0; i < 4; i++) {
    if (i == 0 || i == 2) {
      assert_true(s.wall.jump_step[i] >= s.strike_step);
      int64_t d = s.wall.jump_step[i] - s.strike_step;
      assert_true(d >= (int64_t)((0.12 - 0.05) * 600.0) - 1 && d <= (int64_t)((0.12 + 0.05) * 600.0) + 1);
    } else {
      assert_int_equal(s.wall.jump_step[i], -1);
    }
  }
  kick_capsule c0, c1;
  assert_true(kick_shot_wall_player(&s, 0, &c0));
  int64_t peak = s.wall.jump_step[0] + (int64_t)(0.55 * 600.0 / 2.0);
  while (kick_shot_steps(&s) < peak) kick_shot_step(&s, NULL, NULL);
  assert_true(kick_shot_wall_player(&s, 0, &c1));
  assert_true(c1.a.y > c0.a.y + 0.39);
  assert_true(kick_shot_wall_player(&s, 1, &c1));
  assert_true(c1.a.y == c0.a.y);
  assert_false(kick_shot_wall_player(&s, 4, &c1));
  /* Nobody jumps when the chance is zero. */
  su.wall.jump_chance = 0.0;
  s = kt_struck(su, 0.0, kt_launch(22.0, 0.3, 0.0, 0.0));
  for (int i = 0; i < KICK_WALL_MAX; i++) assert_int_equal(s.wall.jump_step[i], -1);
}

/* A low drive into the wall is blocked. */
static void test_wall_blocks(void **state) {
  (void)state;
  kick_setup su = kt_setup_wall_jump();
  su.wall.jump_mask = 0;
  double dir = -su.spot_x / -su.spot_z; /* straight at the middle */
  kick_shot s = kt_struck(su, 0.5, kt_launch(24.0, 0.08, dir, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_BLOCKED);
  assert_true(s.wall.touched != 0u);
  assert_int_equal(s.stats.first_touch_kind, KICK_TOUCH_WALL);
}


/* Handling: slow shots at him are caught, fast ones parried, high ones tipped;
   the parry's side comes from the dice. */
static void test_catch_parry_tip(void **state) {
  (void)state;
  kick_setup su = kt_setup_final();
  int n[kick_event_type_count] = {0};
  int caught = 0;
  kick_shot parried;
  bool have_parry = false;
  for (int si = 0; si < 6; si++)
    for (int ei = 0; ei < 8; ei++)
      for (int di = 0; di < 9; di++) {
        kick_shot s = kt_struck(su, 0.5, kt_launch(12.0 + 4.0 * (double)si, 0.05 + 0.04 * (double)ei,
                                                  -0.28 + 0.07 * (double)di, 0.0));
        ks_events e;
        for (int i = 0; i < 600 && !kick_shot_decided(&s); i++) {
          ks_events_clear(&e);
          kick_shot prev = s;
          kick_shot_step(&s, NULL, &e);
          for (uint32_t j = 0; j < e.count; j++) {
            n[e.items[j].type]++;
            if (e.items[j].type == KICK_EV_KEEPER_PARRY && !have_parry) {
              parried = prev; /* one step before the parry */
              have_parry = true;
            }
          }
        }
        if (kick_shot_outcome(&s) == KICK_OUTCOME_SAVED) assert_true(s.keeper.touches > 0);
        /* A catch holds the ball and ends the kick on that very step. */
        if (s.ball.held) {
          assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_SAVED);
          assert_int_equal(s.done_step, kick_shot_decision_step(&s));
          caught++;
        }
      }
  assert_true(caught > 0);
  assert_true(n[KICK_EV_KEEPER_CATCH] > 0);
  assert_true(n[KICK_EV_KEEPER_PARRY] > 0);
  assert_true(n[KICK_EV_KEEPER_TIP] > 0);
  assert_true(n[KICK_EV_KEEPER_TOUCH] ==
              n[KICK_EV_KEEPER_CATCH] + n[KICK_EV_KEEPER_PARRY] + n[KICK_EV_KEEPER_TIP]);
  /* The parry's side comes from the dice: the same touch with other dice
     pushes the ball to either side. */
  assert_true(have_parry);
  int left = 0, right = 0;
  for (uint64_t k = 0; k < 64; k++) {
    kick_shot c = parried;
    c.dice = ks_rng_seeded(1000u + k);
    double vx0 = c.ball.vel.x;
    ks_events e;
    ks_events_clear(&e);
    kick_shot_step(&c, NULL, &e);
    if (ks_events_find(&e, KICK_EV_KEEPER_PARRY) < 0) continue;
    if (c.ball.vel.x > vx0) right++;
    else if (c.ball.vel.x < vx0) left++;
  }
  assert_true(left > 0);
  assert_true(right > 0);
}

/* kick_keeper_clear_steps (the batch lets a ball in the keeper's band fly
   that many steps without his contact test): for balls placed anywhere
   about a standing or diving keeper, at any speed, spin and wind, every one
   of those steps of free flight ends out of his reach. The claim is checked
   where it is tight too: many balls get a count of a few steps only. */
static void test_keeper_clear_steps_hold(void **state) {
  (void)state;
  ks_rng dice = ks_rng_stream(0x6b6565706572ull, 1);
  int32_t claims = 0, tight = 0, steps_checked = 0;
  for (int32_t trial = 0; trial < 4000; trial++) {
    kick_setup su = kick_setup_default();
    su.keeper.kind = (kick_keeper_kind)(1 + (int32_t)(ks_rng_next(&dice) % 3u));
    su.wind.mean_speed_mps = ks_rng_range(&dice, 0.0, 12.0);
    su.wind.bearing = ks_rng_range(&dice, -3.1, 3.1);
    su.wind.gustiness = ks_rng_range(&dice, 0.0, 1.0);
    su.wind.swirl = ks_rng_range(&dice, 0.0, 1.0);
    su.match_seed = ks_rng_next(&dice);
    kick_shot s;
    assert_int_equal(kick_shot_init(&s, &su), KS_OK);
    kick_shot_advance(&s, 0.2, NULL, NULL);
    kick_launch k = kt_launch(ks_rng_range(&dice, 15.0, 32.0), ks_rng_range(&dice, 0.05, 0.35),
                              ks_rng_range(&dice, -0.2, 0.2), ks_rng_range(&dice, -60.0, 60.0));
    assert_int_equal(kick_shot_strike(&s, &k), KS_OK);
    /* Past the read half the time: then he is diving. */
    int32_t ahead = (int32_t)(ks_rng_next(&dice) % 400u);
    for (int32_t i = 0; i < ahead && s.phase == KICK_PHASE_FLIGHT; i++) kick_shot_step(&s, NULL, NULL);
    if (s.phase != KICK_PHASE_FLIGHT || s.ball.held) continue;
    /* A ball anywhere about him, flying any way. */
    s.ball.pos = ks_v3(ks_rng_range(&dice, -5.0, 5.0), ks_rng_range(&dice, 0.2, 3.5),
                       su.keeper.line_z + ks_rng_range(&dice, -0.4, 0.4));
    double speed = ks_rng_range(&dice, 0.0, 40.0);
    s.ball.vel = ks_v3_scale(ks_v3_norm(ks_v3(ks_rng_range(&dice, -1.0, 1.0), ks_rng_range(&dice, -1.0, 1.0),
                                              ks_rng_range(&dice, -1.0, 1.0))),
                             speed);
    s.ball.spin_rate = ks_rng_range(&dice, 0.0, 80.0);
    s.ball.spin_axis = ks_v3_norm(ks_v3(ks_rng_range(&dice, -1.0, 1.0), 1.0, ks_rng_range(&dice, -1.0, 1.0)));
    s.ball.on_ground = false;
    int64_t c = kick_keeper_clear_steps(&s, 120);
    assert_true(c >= 0 && c <= 120);
    if (c > 0) assert_true(kick_keeper_out_of_reach(&s, &s.ball));
    if (c < 1) continue;
    claims++;
    if (c < 10) tight++;
    kick_ball b = s.ball;
    int64_t n = s.clock.total_steps;
    for (int64_t j = 0; j < c; j++) {
      kick_flight_step(&b, kick_wind_at(&s, kick_step_time(n + j)), KICK_DT, s.spin_decay_step, &s.setup.pitch);
      if (!kick_keeper_out_of_reach(&s, &b)) {
        fail_msg("trial %d: %lld clear steps claimed, in his reach after %lld (speed %.2f)", trial, (long long)c,
                 (long long)(j + 1), speed);
      }
      steps_checked++;
    }
  }
  print_message("keeper clear steps: %d claims (%d of under 10 steps), %d steps checked\n", claims, tight,
                steps_checked);
  assert_true(claims > 1000);
  assert_true(tight > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_showman_shuffle),     cmocka_unit_test(test_dive_starts_from_shuffle),
      cmocka_unit_test(test_read_timing),         cmocka_unit_test(test_saves_shot_at_him),
      cmocka_unit_test(test_reading_errors_from_dice), cmocka_unit_test(test_learner_shades),
      cmocka_unit_test(test_learner_reads_the_favoured_side_better),
      cmocka_unit_test(test_person_in_goal),      cmocka_unit_test(test_wall_jumps),
      cmocka_unit_test(test_wall_blocks),         cmocka_unit_test(test_catch_parry_tip), cmocka_unit_test(test_keeper_clear_steps_hold),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
