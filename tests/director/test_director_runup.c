// SPDX-License-Identifier: MIT
/* The shooter's run-up and the skip of a slow ending:
   - kick_director_kick_after strikes on exactly the step it names, and the
     kick is bit for bit the one kick_director_kick gives on that step (look-
     ahead, slow motion, decision, crossing), whatever the frames;
   - kick_director_skip_to_decision runs the live kick on to the same decision
     step, outcome and crossing as frames would, at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "director_test_util.h"

static void to_decision(dt_rig *r, double gap) {
  for (int i = 0; i < 20000 && !kick_shot_decided(&r->d.live); i++) dt_frame(r, gap, NULL);
  assert_true(kick_shot_decided(&r->d.live));
}

static void test_a_run_up_strikes_on_its_step_as_a_kick_then(void **st) {
  (void)st;
  static const double gaps[] = {1.0 / 60.0, 1.0 / 144.0, 1.0 / 23.0};
  for (size_t gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
    dt_rig a, b;
    assert_int_equal(dt_init(&a, dt_penalty(), true), KS_OK);
    assert_int_equal(dt_init(&b, dt_penalty(), true), KS_OK);
    for (int i = 0; i < 7; i++) {
      dt_frame(&a, gaps[gi], NULL);
      dt_frame(&b, gaps[gi], NULL);
    }
    kick_launch k = dt_top_corner();
    int64_t n0 = a.d.live.clock.total_steps;
    assert_int_equal(kick_director_kick_after(&a.d, &k, 270), KS_OK);
    assert_int_equal(kick_director_kick_after(&a.d, &k, 270), KS_ERR_STATE);
    assert_true(a.d.strike_pending && !a.d.struck);
    assert_int_equal(a.d.strike_due_step, n0 + 270);
    /* The other director waits on its own and kicks on that step. */
    while (b.d.live.clock.total_steps < n0 + 270) kick_shot_step(&b.d.live, NULL, NULL);
    assert_int_equal(kick_director_kick(&b.d, &k), KS_OK);
    while (!a.d.struck) dt_frame(&a, gaps[gi], NULL);
    assert_int_equal(a.d.live.strike_step, n0 + 270);
    assert_int_equal(a.d.before.clock.total_steps, b.d.before.clock.total_steps);
    assert_true(a.d.slow_planned && a.d.slow_from_step == b.d.slow_from_step && a.d.slow_to_step == b.d.slow_to_step);
    to_decision(&a, gaps[gi]);
    while (!kick_shot_decided(&b.d.live)) kick_shot_step(&b.d.live, NULL, NULL);
    assert_int_equal(a.d.live.decision_step, b.d.live.decision_step);
    assert_int_equal(a.d.live.outcome, b.d.live.outcome);
    assert_memory_equal(&a.d.live.crossing, &b.d.live.crossing, sizeof(ks_vec3));
  }
  dt_rig r;
  assert_int_equal(dt_init(&r, dt_penalty(), true), KS_OK);
  kick_launch k = dt_rocket();
  assert_int_equal(kick_director_kick_after(&r.d, &k, 601), KS_ERR_RANGE);
  k.speed_mps = 99.0;
  assert_int_equal(kick_director_kick_after(&r.d, &k, 10), KS_ERR_RANGE);
  assert_false(r.d.strike_pending);
  k = dt_rocket();
  assert_int_equal(kick_director_kick_after(&r.d, &k, 0), KS_OK); /* no run-up: at once */
  assert_true(r.d.struck);
}

static void test_a_skip_reaches_the_decision_frames_would(void **st) {
  (void)st;
  kick_setup su = kick_setup_default();
  su.spot_z = -30.0;
  kick_launch k = dt_launch(11.0, 0.05, 0.02);
  dt_rig a, b;
  assert_int_equal(dt_init(&a, su, true), KS_OK);
  assert_int_equal(dt_init(&b, su, true), KS_OK);
  assert_int_equal(kick_director_skip_to_decision(&a.d, NULL), KS_ERR_STATE); /* not struck */
  assert_int_equal(kick_director_kick(&a.d, &k), KS_OK);
  assert_int_equal(kick_director_kick(&b.d, &k), KS_OK);
  for (int i = 0; i < 30; i++) {
    dt_frame(&a, 1.0 / 60.0, NULL);
    dt_frame(&b, 1.0 / 60.0, NULL);
  }
  ks_events ev;
  ks_events_clear(&ev);
  assert_int_equal(kick_director_skip_to_decision(&a.d, &ev), KS_OK);
  assert_true(kick_shot_decided(&a.d.live));
  bool decided_event = false;
  for (uint32_t i = 0; i < ev.count; i++) decided_event |= ev.items[i].type == KICK_DIR_EV_DECIDED;
  assert_true(decided_event);
  /* b runs on in frames to the frame of its decision, then the hash is taken
     at the decision step itself. */
  to_decision(&b, 1.0 / 60.0);
  assert_int_equal(a.d.live.decision_step, b.d.live.decision_step);
  kick_shot c = b.d.before;
  assert_int_equal(kick_shot_strike(&c, &k), KS_OK);
  while (!kick_shot_decided(&c)) kick_shot_step(&c, NULL, NULL);
  assert_int_equal(a.d.live.outcome, b.d.live.outcome);
  assert_int_equal(kick_shot_hash(&a.d.live), kick_shot_hash(&c));
  assert_int_equal(kick_director_skip_to_decision(&a.d, NULL), KS_ERR_STATE); /* already decided */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_a_run_up_strikes_on_its_step_as_a_kick_then),
      cmocka_unit_test(test_a_skip_reaches_the_decision_frames_would),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
