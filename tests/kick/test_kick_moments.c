// SPDX-License-Identifier: MIT
/* Moments: each rule at and just past its thresholds, each from real kicks,
   and which earn slow motion and which a replay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "support/kick_setups.h"

/* A decided goal whose facts we set by hand. */
static kick_shot goal_at(double x, double y) {
  kick_shot s = kt_struck(kick_setup_default(), 0.0, kt_launch(20.0, 0.1, 0.0, 0.0));
  s.outcome = KICK_OUTCOME_GOAL;
  s.crossed = true;
  s.crossed_inside = true;
  s.crossing = ks_v3(x, y, KICK_CROSS_Z);
  s.moments = 0;
  s.contact_flags = 0;
  s.stats.launch_speed = 20.0;
  s.stats.bend_fraction = 0.0;
  s.stats.launch_line_x = x;
  s.stats.keeper_diving_at_cross = false;
  s.stats.glove_distance = -1.0;
  return s;
}

static bool has(const kick_shot *s, uint32_t bit) { return (kick_moments_evaluate(s) & bit) != 0u; }

static double below(double x) { return nextafter(x, -INFINITY); }
static double above(double x) { return nextafter(x, INFINITY); }

static void test_top_corner_rule(void **state) {
  (void)state;
  kick_shot s = goal_at(2.35, 1.5);
  assert_true(has(&s, KICK_MOMENT_TOP_CORNER));
  s = goal_at(-2.35, 2.3);
  assert_true(has(&s, KICK_MOMENT_TOP_CORNER));
  s = goal_at(below(2.35), 2.0);
  assert_false(has(&s, KICK_MOMENT_TOP_CORNER));
  s = goal_at(3.0, below(1.5));
  assert_false(has(&s, KICK_MOMENT_TOP_CORNER));
  s = goal_at(3.0, 2.0);
  s.outcome = KICK_OUTCOME_OVER;
  assert_false(has(&s, KICK_MOMENT_TOP_CORNER));
}

static kick_shot panenka_base(void) {
  kick_shot s = goal_at(1.3, above(0.5));
  s.stats.launch_speed = below(17.0);
  s.stats.keeper_diving_at_cross = true;
  s.stats.glove_distance = above(1.4);
  return s;
}

static void test_panenka_rule(void **state) {
  (void)state;
  kick_shot s = panenka_base();
  assert_true(has(&s, KICK_MOMENT_PANENKA));
  s = panenka_base();
  s.stats.launch_speed = 17.0;
  assert_false(has(&s, KICK_MOMENT_PANENKA));
  s = panenka_base();
  s.crossing.x = above(1.3);
  assert_false(has(&s, KICK_MOMENT_PANENKA));
  s = panenka_base();
  s.crossing.x = -1.3;
  assert_true(has(&s, KICK_MOMENT_PANENKA));
  s = panenka_base();
  s.crossing.y = 0.5;
  assert_false(has(&s, KICK_MOMENT_PANENKA));
  s = panenka_base();
  s.stats.keeper_diving_at_cross = false;
  assert_false(has(&s, KICK_MOMENT_PANENKA));
  s = panenka_base();
  s.stats.glove_distance = 1.4;
  assert_false(has(&s, KICK_MOMENT_PANENKA));
}

static void test_curler_rule(void **state) {
  (void)state;
  kick_shot s = goal_at(0.55, 1.0);
  s.stats.launch_line_x = 0.0;
  s.stats.bend_fraction = 0.45;
  assert_true(has(&s, KICK_MOMENT_CURLER));
  s.stats.bend_fraction = below(0.45);
  assert_false(has(&s, KICK_MOMENT_CURLER));
  s.stats.bend_fraction = 1.0;
  s.crossing.x = below(0.55);
  assert_false(has(&s, KICK_MOMENT_CURLER));
  s.crossing.x = -0.55;
  assert_true(has(&s, KICK_MOMENT_CURLER));
}

static void test_rocket_rule(void **state) {
  (void)state;
  kick_shot s = goal_at(0.0, 1.0);
  s.stats.launch_speed = 30.0;
  assert_true(has(&s, KICK_MOMENT_ROCKET));
  s.stats.launch_speed = below(30.0);
  assert_false(has(&s, KICK_MOMENT_ROCKET));
  s.stats.launch_speed = 33.5;
  s.outcome = KICK_OUTCOME_SAVED;
  assert_false(has(&s, KICK_MOMENT_ROCKET));
}

static void test_touch_rules(void **state) {
  (void)state;
  kick_shot s = goal_at(0.0, 1.0);
  s.contact_flags = KICK_TOUCH_BAR;
  assert_true(has(&s, KICK_MOMENT_IN_OFF_WOODWORK));
  assert_false(has(&s, KICK_MOMENT_WOODWORK));
  s.contact_flags = KICK_TOUCH_KEEPER;
  assert_true(has(&s, KICK_MOMENT_PAST_KEEPER));
  assert_false(has(&s, KICK_MOMENT_SAVE));
  s.contact_flags = KICK_TOUCH_WALL | KICK_TOUCH_GROUND | KICK_TOUCH_NET;
  assert_int_equal(kick_moments_evaluate(&s), 0u);
  for (kick_outcome o = KICK_OUTCOME_SAVED; o < kick_outcome_count; o++) {
    s.outcome = o;
    s.contact_flags = KICK_TOUCH_POST_NEG | KICK_TOUCH_KEEPER;
    uint32_t m = kick_moments_evaluate(&s);
    assert_int_equal(m, KICK_MOMENT_WOODWORK | KICK_MOMENT_SAVE);
    s.contact_flags = 0;
    assert_int_equal(kick_moments_evaluate(&s), 0u);
  }
}

/* The seed's table: slow motion and replay columns. */
static void test_table_columns(void **state) {
  (void)state;
  const struct { uint32_t bit; bool slow, replay; const char *name; } rows[] = {
      {KICK_MOMENT_WOODWORK, true, false, "woodwork"},
      {KICK_MOMENT_SAVE, true, false, "save"},
      {KICK_MOMENT_TOP_CORNER, true, true, "top_corner"},
      {KICK_MOMENT_IN_OFF_WOODWORK, true, true, "in_off_woodwork"},
      {KICK_MOMENT_PANENKA, true, true, "panenka"},
      {KICK_MOMENT_TARGET_RING, true, false, "target_ring"},
      {KICK_MOMENT_CURLER, false, true, "curler"},
      {KICK_MOMENT_PAST_KEEPER, false, true, "past_keeper"},
      {KICK_MOMENT_ROCKET, false, true, "rocket"},
  };
  uint32_t all = 0;
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    assert_int_equal(kick_moment_slow_motion(rows[i].bit), rows[i].slow);
    assert_int_equal(kick_moment_replay(rows[i].bit), rows[i].replay);
    assert_int_equal(kick_moments_slow_motion(rows[i].bit), rows[i].slow);
    assert_int_equal(kick_moments_replay(rows[i].bit), rows[i].replay);
    assert_string_equal(kick_moment_name(rows[i].bit), rows[i].name);
    all |= rows[i].bit;
  }
  assert_int_equal(all, KICK_MOMENT_ALL);
  assert_int_equal(KICK_MOMENT_COUNT, 9);
  assert_false(kick_moment_slow_motion(KICK_MOMENT_SAVE | KICK_MOMENT_ROCKET));
  assert_false(kick_moments_slow_motion(0u));
  assert_false(kick_moments_replay(KICK_MOMENT_SAVE | KICK_MOMENT_WOODWORK | KICK_MOMENT_TARGET_RING));
  assert_true(kick_moments_replay(KICK_MOMENT_SAVE | KICK_MOMENT_ROCKET));
}

/* Real kicks: search a small grid for one that ends with `want` set. */
static bool find_kick(kick_setup su, uint32_t want, kick_outcome outcome, kick_shot *found) {
  for (int si = 0; si < 8; si++)
    for (int ei = 0; ei < 10; ei++)
      for (int di = 0; di < 25; di++)
        for (int pi = 0; pi < 3; pi++) {
          double speed = 13.0 + 2.9 * (double)si;
          double el = 0.04 + 0.045 * (double)ei;
          double dir = -0.45 + 0.0375 * (double)di;
          double spin = pi == 0 ? 0.0 : (pi == 1 ? 45.0 : -45.0);
          kick_shot s = kt_struck(su, 0.5, kt_launch(speed, el, dir, spin));
          kt_play_to_decision(&s);
          if ((kick_shot_moments(&s) & want) == want && kick_shot_outcome(&s) == outcome) {
            *found = s;
            return true;
          }
        }
  return false;
}

static void test_real_kicks(void **state) {
  (void)state;
  kick_shot s;
  kick_setup open = kick_setup_default();
  open.spot_z = -18.0;
  assert_true(find_kick(open, KICK_MOMENT_TOP_CORNER, KICK_OUTCOME_GOAL, &s));
  ks_vec3 c;
  assert_true(kick_shot_crossing(&s, &c));
  assert_true(fabs(c.x) >= 2.35 && c.y >= 1.5);
  assert_true(find_kick(open, KICK_MOMENT_ROCKET, KICK_OUTCOME_GOAL, &s));
  assert_true(s.stats.launch_speed >= 30.0);
  assert_true(find_kick(open, KICK_MOMENT_CURLER, KICK_OUTCOME_GOAL, &s));
  assert_true(find_kick(open, KICK_MOMENT_IN_OFF_WOODWORK, KICK_OUTCOME_GOAL, &s));
  assert_true(find_kick(open, KICK_MOMENT_WOODWORK, KICK_OUTCOME_WOODWORK, &s));
  kick_setup final = kt_setup_final();
  assert_true(find_kick(final, KICK_MOMENT_SAVE, KICK_OUTCOME_SAVED, &s));
  assert_true(find_kick(final, KICK_MOMENT_PAST_KEEPER, KICK_OUTCOME_GOAL, &s));
}

/* A Panenka: a soft chip down the middle while the keeper dives away. */
static void test_real_panenka(void **state) {
  (void)state;
  kick_setup su = kt_setup_final();
  su.person_in_goal = true;
  kick_shot s = kt_struck(su, 0.5, kt_launch(14.0, 0.45, 0.0, 0.0));
  kick_input in = {0};
  in.has_tap = true;
  in.tap_step = s.strike_step + 30;
  in.tap_x = 3.0;
  in.tap_y = 0.8;
  for (int i = 0; i < 1200 && !kick_shot_decided(&s); i++) kick_shot_advance(&s, 1.0 / 60.0, &in, NULL);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_GOAL);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_PANENKA) != 0u);
  /* Without the dive, no Panenka. */
  s = kt_struck(su, 0.5, kt_launch(14.0, 0.45, 0.0, 0.0));
  kt_play_to_decision(&s);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_PANENKA) == 0u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_top_corner_rule), cmocka_unit_test(test_panenka_rule),
      cmocka_unit_test(test_curler_rule),     cmocka_unit_test(test_rocket_rule),
      cmocka_unit_test(test_touch_rules),     cmocka_unit_test(test_table_columns),
      cmocka_unit_test(test_real_kicks),      cmocka_unit_test(test_real_panenka),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
