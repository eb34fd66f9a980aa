// SPDX-License-Identifier: MIT
/* The brake game's simulation: validation, events, outcomes, policies. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/brake.h"

static brake_sim fresh(void) {
  brake_def d = brake_default_def();
  brake_sim s;
  assert_int_equal(brake_sim_init(&s, &d), KS_OK);
  return s;
}

/* Runs a policy step by step to the end, collecting every event. */
static brake_result run_policy(const char *name, ks_events *all, uint32_t *counts) {
  brake_sim s = fresh();
  brake_policy p;
  assert_int_equal(brake_policy_parse(name, &p), KS_OK);
  if (all) ks_events_clear(all);
  for (int i = 0; i < brake_event_count; i++) counts[i] = 0;
  for (int k = 0; k < 100000 && s.phase != BRAKE_PHASE_DONE; k++) {
    ks_events ev;
    ks_events_clear(&ev);
    brake_sim_step(&s, brake_policy_pedal(&p, &s, false), &ev);
    for (uint32_t i = 0; i < ev.count; i++) {
      assert_int_equal(ev.items[i].step, s.step);
      counts[ev.items[i].type]++;
    }
    if (all) ks_events_append(all, &ev);
  }
  assert_int_equal(s.phase, BRAKE_PHASE_DONE);
  return brake_sim_result(&s);
}

static void test_def_validation(void **st) {
  (void)st;
  brake_sim s = fresh();
  brake_sim before = s;
  brake_def d = brake_default_def();
  d.gravity_mps2 = 0.0 / 0.0;
  assert_int_equal(brake_sim_init(&s, &d), KS_ERR_NOT_FINITE);
  d = brake_default_def();
  d.ramp_angle_rad = 0.0;
  assert_int_equal(brake_sim_init(&s, &d), KS_ERR_RANGE);
  d = brake_default_def();
  d.steps_per_second = 0;
  assert_int_equal(brake_sim_init(&s, &d), KS_ERR_RANGE);
  d = brake_default_def();
  d.cookie = 0;
  assert_int_equal(brake_sim_init(&s, &d), KS_ERR_UNINITIALISED);
  assert_int_equal(brake_sim_init(NULL, &d), KS_ERR_NULL);
  assert_memory_equal(&s, &before, sizeof s);
}

static void test_countdown_ticks(void **st) {
  (void)st;
  brake_sim s = fresh();
  int ticks = 0;
  for (int k = 0; k < 400; k++) {
    ks_events ev;
    ks_events_clear(&ev);
    brake_sim_step(&s, true, &ev); /* the pedal is ignored during the countdown */
    for (uint32_t i = 0; i < ev.count; i++) {
      if (ev.items[i].type != BRAKE_EV_COUNTDOWN_TICK) continue;
      ticks++;
      assert_int_equal(ev.items[i].step, 120 * ticks);
      assert_int_equal(ev.items[i].subject, 3 - ticks);
    }
  }
  assert_int_equal(ticks, 3);
  assert_int_equal(s.go_step, 360);
}

static void test_never_leaps(void **st) {
  (void)st;
  uint32_t c[brake_event_count];
  brake_result r = run_policy("never", NULL, c);
  assert_int_equal(r.outcome, BRAKE_OUT_LEAP);
  assert_int_equal(c[BRAKE_EV_COUNTDOWN_TICK], 3);
  assert_int_equal(c[BRAKE_EV_BRAKE_START], 0);
  assert_int_equal(c[BRAKE_EV_LEAP], 1);
  assert_int_equal(c[BRAKE_EV_CLEAR], 1);
  assert_int_equal(c[BRAKE_EV_LAND], 1);
  assert_int_equal(c[BRAKE_EV_STOPPED], 1);
  assert_int_equal(c[BRAKE_EV_FLIP], (uint32_t)r.flips);
  assert_true(r.flips >= 1);
  assert_true(r.leap_distance_m > 10.0);
  /* Never braking is a stunt: worth less than a good stop. */
  brake_result late = run_policy("late", NULL, c);
  assert_true(r.score > 0 && r.score < late.score / 2);
}

static void test_late_stops_short_and_close(void **st) {
  (void)st;
  uint32_t c[brake_event_count];
  brake_result r = run_policy("late", NULL, c);
  assert_int_equal(r.outcome, BRAKE_OUT_SHORT);
  assert_int_equal(c[BRAKE_EV_BRAKE_START], 1);
  assert_int_equal(c[BRAKE_EV_STOPPED], 1);
  assert_int_equal(c[BRAKE_EV_LEAP], 0);
  brake_def d = brake_default_def();
  double gap = d.ramp_x_m - r.stop_x_m;
  assert_true(gap >= 0.0 && gap < 2.0);
  assert_true(r.score > 2700);
  /* Every policy that does not stop scores less than the late stop. */
  static const char *const others[] = {"never", "at-distance:20", "stunt:18", "stunt:25", "stunt:9", "stunt:11"};
  for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
    brake_result o = run_policy(others[i], NULL, c);
    assert_true(o.score < r.score);
  }
  /* Stopping distance from the speed v at the first brake, at 8 m/s²: v²/2b. */
  ks_events all;
  run_policy("late", &all, c);
  double v = all.items[ks_events_find(&all, BRAKE_EV_BRAKE_START)].value[1];
  double expect = v * v / (2.0 * 8.0);
  assert_true(r.stopping_distance_m > expect - 1e-9 && r.stopping_distance_m < expect + 1e-9);

  brake_result e = run_policy("early", NULL, c);
  assert_int_equal(e.outcome, BRAKE_OUT_SHORT);
  assert_true(e.score < r.score);
}

static void test_slow_leap_crashes(void **st) {
  (void)st;
  uint32_t c[brake_event_count];
  brake_result r = run_policy("stunt:11", NULL, c);
  assert_int_equal(r.outcome, BRAKE_OUT_CRASH);
  assert_int_equal(c[BRAKE_EV_CRASH], 1);
  assert_int_equal(c[BRAKE_EV_STOPPED], 1);
  assert_int_equal(r.score, 0);
}

static void test_stunt_clean_landing(void **st) {
  (void)st;
  uint32_t c[brake_event_count];
  brake_result r = run_policy("stunt:18", NULL, c);
  assert_int_equal(r.outcome, BRAKE_OUT_LEAP);
  assert_int_equal(c[BRAKE_EV_LAND], 1);
  assert_int_equal(r.clean_landing, 1);
  brake_result rough = run_policy("stunt:20", NULL, c);
  assert_int_equal(rough.clean_landing, 0);
  assert_true(r.score > rough.score);
  /* Too slow to clear the barrier but not into it: a hop. */
  brake_result hop = run_policy("stunt:9", NULL, c);
  assert_int_equal(hop.outcome, BRAKE_OUT_HOP);
  assert_int_equal(c[BRAKE_EV_CLEAR], 0);
}

static void test_snapshot_is_a_copy(void **st) {
  (void)st;
  brake_sim a = fresh();
  for (int k = 0; k < 700; k++) brake_sim_step(&a, false, NULL);
  brake_sim b = a;
  for (int k = 0; k < 500; k++) {
    brake_sim_step(&a, k > 100, NULL);
    brake_sim_step(&b, k > 100, NULL);
  }
  assert_true(brake_sim_hash(&a) == brake_sim_hash(&b));
  brake_sim_step(&b, true, NULL);
  assert_true(brake_sim_hash(&a) != brake_sim_hash(&b) || a.phase == BRAKE_PHASE_DONE);
}

static void test_policy_parse(void **st) {
  (void)st;
  brake_policy p = {0, 0, 0.0};
  assert_int_equal(brake_policy_parse("at-distance:30", &p), KS_OK);
  assert_int_equal(p.kind, BRAKE_POLICY_AT_DISTANCE);
  assert_true(p.param == 30.0);
  assert_int_equal(brake_policy_parse("at-time:2.5", &p), KS_OK);
  assert_true(p.param == 2.5);
  assert_int_equal(brake_policy_parse("never", &p), KS_OK);
  assert_int_equal(p.kind, BRAKE_POLICY_NEVER);
  brake_policy keep = p;
  assert_int_equal(brake_policy_parse("sometimes", &p), KS_ERR_NOT_FOUND);
  assert_int_equal(brake_policy_parse("at-distance", &p), KS_ERR_FORMAT);
  assert_int_equal(brake_policy_parse("at-distance:x", &p), KS_ERR_FORMAT);
  assert_int_equal(brake_policy_parse("at-distance:1.2.3", &p), KS_ERR_FORMAT);
  assert_int_equal(brake_policy_parse("never:3", &p), KS_ERR_FORMAT);
  assert_int_equal(brake_policy_parse("neverx", &p), KS_ERR_NOT_FOUND);
  assert_int_equal(brake_policy_parse("at-time:99999999999", &p), KS_ERR_RANGE);
  assert_int_equal(brake_policy_parse(NULL, &p), KS_ERR_NULL);
  assert_memory_equal(&p, &keep, sizeof p);
  assert_string_equal(brake_policy_name(BRAKE_POLICY_LATE), "late");
}

static void test_at_distance_brakes_there(void **st) {
  (void)st;
  ks_events all;
  uint32_t c[brake_event_count];
  run_policy("at-distance:60", &all, c);
  int32_t i = ks_events_find(&all, BRAKE_EV_BRAKE_START);
  assert_true(i >= 0);
  brake_def d = brake_default_def();
  double gap = d.ramp_x_m - all.items[i].value[0];
  assert_true(gap <= 60.0 && gap > 59.0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_def_validation),       cmocka_unit_test(test_countdown_ticks),
      cmocka_unit_test(test_never_leaps),          cmocka_unit_test(test_late_stops_short_and_close),
      cmocka_unit_test(test_slow_leap_crashes),    cmocka_unit_test(test_stunt_clean_landing),
      cmocka_unit_test(test_snapshot_is_a_copy),   cmocka_unit_test(test_policy_parse),
      cmocka_unit_test(test_at_distance_brakes_there),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
