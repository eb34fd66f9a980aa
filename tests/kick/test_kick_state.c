// SPDX-License-Identifier: MIT
/* The shot as a value: validation at the door, copies are snapshots, the
   hash covers the fields, reroll keeps the setup and the clock, outcomes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "support/kick_setups.h"

static void test_init_validates(void **state) {
  (void)state;
  kick_setup su = kick_setup_default();
  kick_shot s;
  assert_int_equal(kick_shot_init(NULL, &su), KS_ERR_NULL);
  assert_int_equal(kick_shot_init(&s, NULL), KS_ERR_NULL);
  kick_setup bad = su;
  bad.cookie = 0;
  assert_int_equal(kick_shot_init(&s, &bad), KS_ERR_UNINITIALISED);
  /* Each bad field: a named error, the shot untouched. */
  memset(&s, 0xa5, sizeof s);
  kick_shot keep;
  memcpy(&keep, &s, sizeof s);
  struct { kick_setup su; ks_status want; } cases[12];
  size_t n = 0;
  cases[n].su = su; cases[n].su.spot_z = NAN; cases[n++].want = KS_ERR_NOT_FINITE;
  cases[n].su = su; cases[n].su.spot_z = -3.0; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.wind.mean_speed_mps = INFINITY; cases[n++].want = KS_ERR_NOT_FINITE;
  cases[n].su = su; cases[n].su.wind.gustiness = 1.5; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.keeper.kind = kick_keeper_kind_count; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.keeper.rating = -0.1; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.wall.count = 7; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.wall.count = 3; cases[n].su.wall.z = -30.0; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.ring_count = 5; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.ring_count = 1; cases[n].su.rings[0].radius = 0.0; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.history_count = 9; cases[n++].want = KS_ERR_RANGE;
  cases[n].su = su; cases[n].su.history[3].x = NAN; cases[n++].want = KS_ERR_NOT_FINITE;
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(kick_shot_init(&s, &cases[i].su), cases[i].want);
    assert_int_equal(kick_setup_validate(&cases[i].su), cases[i].want);
    assert_memory_equal(&s, &keep, sizeof s);
  }
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  assert_int_equal(s.clock.steps_per_second, 600);
  assert_true(s.clock.max_call_seconds == 0.1);
  assert_int_equal(s.phase, KICK_PHASE_WAITING);
  assert_false(kick_shot_struck(&s));
}

/* A NaN launch is rejected and the shot is unchanged. */
static void test_strike_validates(void **state) {
  (void)state;
  kick_shot s;
  kick_setup su = kt_setup_thunder();
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  kick_shot_advance(&s, 0.05, NULL, NULL);
  kick_shot keep = s;
  uint64_t h = kick_shot_hash(&s);
  kick_launch k = kt_launch(25.0, 0.2, 0.0, 10.0);
  kick_launch bad = k;
  bad.speed_mps = NAN;
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_NOT_FINITE);
  bad = k; bad.direction = INFINITY;
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_NOT_FINITE);
  bad = k; bad.spin_axis.x = NAN;
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_NOT_FINITE);
  bad = k; bad.speed_mps = 33.6;
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_RANGE);
  bad = k; bad.speed_mps = 0.0;
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_RANGE);
  bad = k; bad.spin_rate = -1.0;
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_RANGE);
  bad = k; bad.spin_axis = ks_v3(0.0, 0.0, 0.0);
  assert_int_equal(kick_shot_strike(&s, &bad), KS_ERR_RANGE);
  assert_int_equal(kick_shot_strike(&s, NULL), KS_ERR_NULL);
  assert_int_equal(kick_shot_hash(&s), h);
  assert_memory_equal(&s, &keep, sizeof s);
  assert_int_equal(kick_shot_strike(&s, &k), KS_OK);
  assert_int_equal(kick_shot_strike_step(&s), 30);
  keep = s;
  assert_int_equal(kick_shot_strike(&s, &k), KS_ERR_STATE);
  assert_memory_equal(&s, &keep, sizeof s);
}

/* advance: at most 0.1 s per call; NaN, negative and infinite frames run nothing. */
static void test_advance_caps(void **state) {
  (void)state;
  kick_shot s;
  kick_setup su = kick_setup_default();
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  assert_int_equal(kick_shot_advance(&s, 1.0, NULL, NULL), 60);
  assert_int_equal(kick_shot_advance(&s, NAN, NULL, NULL), 0);
  assert_int_equal(kick_shot_advance(&s, -1.0, NULL, NULL), 0);
  assert_int_equal(kick_shot_advance(&s, INFINITY, NULL, NULL), 0);
  assert_int_equal(kick_shot_advance(&s, 1e300, NULL, NULL), 60);
  assert_int_equal(kick_shot_advance(&s, 1.0 / 1200.0, NULL, NULL), 0);
  assert_int_equal(kick_shot_advance(&s, 1.0 / 1200.0, NULL, NULL), 1);
  assert_int_equal(kick_shot_steps(&s), 121);
  assert_true(kick_shot_time(&s) == 121.0 / 600.0);
  kick_shot_step(&s, NULL, NULL);
  assert_int_equal(kick_shot_steps(&s), 122);
  assert_int_equal(s.clock.banked_units, 0);
}

/* Reroll keeps the setup, the clock and the moment, and rolls new dice. */
static void test_reroll(void **state) {
  (void)state;
  kick_setup su = kt_setup_wall_jump();
  su.wall.jump_chance = 0.5;
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  kick_shot_advance(&s, 0.0737, NULL, NULL);
  kick_shot r = s;
  assert_int_equal(kick_shot_reroll(&r, 1), KS_OK);
  assert_memory_equal(&r.setup, &s.setup, sizeof s.setup);
  assert_int_equal(r.clock.total_steps, s.clock.total_steps);
  assert_int_equal(r.clock.banked_units, s.clock.banked_units);
  assert_true(r.dice.state != s.dice.state);
  assert_true(kick_shot_hash(&r) != kick_shot_hash(&s));
  /* The same salt gives the same dice; other salts other dice, but the
     wall's jump plan and the keeper's spot (the moment) stay as they were
     (tests/kick/test_kick_reroll.c checks the whole state). */
  kick_shot r2 = s;
  assert_int_equal(kick_shot_reroll(&r2, 1), KS_OK);
  assert_int_equal(kick_shot_hash(&r2), kick_shot_hash(&r));
  for (uint64_t salt = 2; salt < 20; salt++) {
    kick_shot x = s;
    assert_int_equal(kick_shot_reroll(&x, salt), KS_OK);
    assert_true(x.dice.state != s.dice.state);
    assert_memory_equal(x.wall.jump_delay_steps, s.wall.jump_delay_steps, sizeof s.wall.jump_delay_steps);
    assert_true(x.keeper.sway_phase == s.keeper.sway_phase && x.keeper.stand_x == s.keeper.stand_x);
  }
  kick_launch k = kt_launch(25.0, 0.2, 0.1, 0.0);
  assert_int_equal(kick_shot_strike(&r, &k), KS_OK);
  assert_int_equal(kick_shot_reroll(&r, 3), KS_ERR_STATE);
  assert_int_equal(kick_shot_reroll(NULL, 3), KS_ERR_NULL);
}

/* Dice: the stream of (match seed, kick number), part-way through. */
static void test_dice_stream(void **state) {
  (void)state;
  kick_setup su = kt_setup_wall_jump();
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  ks_rng fresh = ks_rng_stream(su.match_seed, su.kick_number);
  assert_true(s.dice.state != fresh.state);
  /* Four wall players × 2 draws + the keeper's 1. */
  for (int i = 0; i < 9; i++) (void)ks_rng_next(&fresh);
  assert_true(s.dice.state == fresh.state);
  su.kick_number++;
  kick_shot t;
  assert_int_equal(kick_shot_init(&t, &su), KS_OK);
  assert_true(t.dice.state != s.dice.state);
}

/* The hash covers the fields: change one, the hash changes. */
static void test_hash_covers_fields(void **state) {
  (void)state;
  kick_shot s = kt_struck(kt_setup_wall_jump(), 0.2, kt_launch(25.0, 0.2, 0.1, 20.0));
  for (int i = 0; i < 100; i++) kick_shot_step(&s, NULL, NULL);
  uint64_t h = kick_shot_hash(&s);
  kick_shot c = s;
  assert_int_equal(kick_shot_hash(&c), h);
  /* Padding never counts. */
  memset(c.pad_, 0x5a, sizeof c.pad_);
  memset(c.clock.pad_, 0x5a, sizeof c.clock.pad_);
  assert_int_equal(kick_shot_hash(&c), h);
#define CHANGED(stmt)          \
  do {                         \
    kick_shot m = s;           \
    stmt;                      \
    assert_true(kick_shot_hash(&m) != h); \
  } while (0)
  CHANGED(m.ball.pos.x = nextafter(m.ball.pos.x, 1e9));
  CHANGED(m.ball.vel.y += 1.0);
  CHANGED(m.ball.spin_rate *= 0.5);
  CHANGED(m.dice.state ^= 1u);
  CHANGED(m.clock.total_steps++);
  CHANGED(m.clock.banked_units++);
  CHANGED(m.keeper.dive_step++);
  CHANGED(m.keeper.target_x += 0.1);
  CHANGED(m.wall.jump_step[2]++);
  CHANGED(m.setup.spot_x += 0.1);
  CHANGED(m.setup.wind.gust_seed++);
  CHANGED(m.setup.match_seed++);
  CHANGED(m.outcome = KICK_OUTCOME_GOAL);
  CHANGED(m.phase = KICK_PHASE_DONE);
  CHANGED(m.moments ^= 4u);
  CHANGED(m.contact_flags ^= 1u);
  CHANGED(m.crossing.y += 1.0);
  CHANGED(m.decision_step = 5);
  CHANGED(m.stats.bend_fraction += 0.1);
#undef CHANGED
}

/* A copy is a snapshot: run both the same way, identical bits. */
static void test_copy_is_snapshot(void **state) {
  (void)state;
  kick_setup setups[3] = {kt_setup_wall_jump(), kt_setup_thunder(), kt_setup_final()};
  for (int i = 0; i < 3; i++) {
    kick_shot a;
    assert_int_equal(kick_shot_init(&a, &setups[i]), KS_OK);
    kick_shot_advance(&a, 0.07, NULL, NULL);
    kick_shot b = a;
    kick_launch k = kt_launch(27.0, 0.18, 0.12, 35.0);
    assert_int_equal(kick_shot_strike(&a, &k), KS_OK);
    assert_int_equal(kick_shot_strike(&b, &k), KS_OK);
    ks_events ea, eb;
    for (int f = 0; f < 300; f++) {
      ks_events_clear(&ea);
      ks_events_clear(&eb);
      kick_shot_advance(&a, 1.0 / 60.0, NULL, &ea);
      kick_shot_advance(&b, 1.0 / 60.0, NULL, &eb);
      assert_int_equal(kick_shot_hash(&a), kick_shot_hash(&b));
      assert_int_equal(ea.count, eb.count);
      for (uint32_t e = 0; e < ea.count; e++) {
        assert_int_equal(ea.items[e].type, eb.items[e].type);
        assert_int_equal(ea.items[e].step, eb.items[e].step);
        assert_memory_equal(ea.items[e].value, eb.items[e].value, sizeof ea.items[e].value);
      }
    }
    assert_memory_equal(&a.ball.pos, &b.ball.pos, sizeof a.ball.pos);
  }
}

/* Outcome types from real kicks. */
static void test_outcomes(void **state) {
  (void)state;
  kick_setup open = kick_setup_default();
  kick_shot s = kt_struck(open, 0.0, kt_launch(25.0, 0.15, 0.0, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_GOAL);
  s = kt_struck(open, 0.0, kt_launch(25.0, 0.15, 0.4, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_WIDE);
  s = kt_struck(open, 0.0, kt_launch(25.0, 0.45, 0.0, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_OVER);
  s = kt_struck(open, 0.0, kt_launch(5.0, 0.0, 0.0, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_SHORT);
  /* Straight at the post's axis from the middle: woodwork. */
  double dir = atan2(KICK_GOAL_WIDTH * 0.5 + KICK_POST_RADIUS, 20.0 + KICK_POST_Z);
  s = kt_struck(open, 0.0, kt_launch(25.0, 0.05, dir, 0.0));
  kt_play_to_decision(&s);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_WOODWORK);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_WOODWORK) != 0u);
  assert_string_equal(kick_outcome_name(KICK_OUTCOME_WOODWORK), "woodwork");
  assert_string_equal(kick_outcome_name(kick_outcome_count), "unknown");
  assert_string_equal(kick_event_name(KICK_EV_KEEPER_PARRY), "keeper_parry");
  assert_string_equal(kick_keeper_kind_name(KICK_KEEPER_SHOWMAN), "showman");
  /* Decided states: the decided event carries the outcome. */
  s = kt_struck(open, 0.0, kt_launch(25.0, 0.15, 0.0, 0.0));
  ks_events e;
  ks_events_clear(&e);
  while (!kick_shot_decided(&s)) kick_shot_step(&s, NULL, &e);
  int i = ks_events_find(&e, KICK_EV_DECIDED);
  assert_true(i >= 0);
  assert_int_equal(e.items[i].subject, KICK_OUTCOME_GOAL);
  assert_int_equal(e.items[i].step, kick_shot_decision_step(&s));
}

static void test_size(void **state) {
  (void)state;
  assert_true(sizeof(kick_shot) <= 4096);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_init_validates), cmocka_unit_test(test_strike_validates),
      cmocka_unit_test(test_advance_caps),   cmocka_unit_test(test_reroll),
      cmocka_unit_test(test_dice_stream),    cmocka_unit_test(test_hash_covers_fields),
      cmocka_unit_test(test_copy_is_snapshot), cmocka_unit_test(test_outcomes),
      cmocka_unit_test(test_size),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
