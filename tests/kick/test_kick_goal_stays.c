// SPDX-License-Identifier: MIT
/* A goal stays in the goal. A slow goal on Thunder Road (4-4) only just
   crosses the line and the headwind then pushes it back: once the goal is
   decided the mouth holds the ball like the net, so it comes to rest at the
   line instead of rolling back out onto the pitch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"

static void test_a_goal_blown_back_stays_behind_the_line(void **state) {
  (void)state;
  int32_t idx = kick_level_find("4-4");
  assert_true(idx >= 0);
  kick_setup su;
  assert_int_equal(kick_level_setup(kick_level_at(idx), 1, 0, &su), KS_OK);
  kick_solver_def d = kick_solver_def_for_setup(&su);
  d.aim_x = 0.0;
  d.aim_y = 1.5;
  d.speed_mps = 26.0;
  d.bend = -0.5;
  kick_solution sol;
  assert_int_equal(kick_solve(&d, &sol), KS_OK);

  kick_shot shot;
  assert_int_equal(kick_shot_init(&shot, &su), KS_OK);
  for (int i = 0; i < 300; i++) kick_shot_step(&shot, NULL, NULL);
  assert_int_equal(kick_shot_strike(&shot, &sol.launch), KS_OK);
  double min_z_after_goal = 1e9;
  bool pushed_back = false;
  for (int i = 0; i < 20 * KICK_STEPS_PER_SECOND && kick_shot_phase(&shot) != KICK_PHASE_DONE; i++) {
    kick_shot_step(&shot, NULL, NULL);
    if (kick_shot_outcome(&shot) == KICK_OUTCOME_GOAL) {
      if (shot.ball.pos.z < min_z_after_goal) min_z_after_goal = shot.ball.pos.z;
      if (shot.ball.vel.z < 0.0) pushed_back = true;
    }
  }
  assert_int_equal(kick_shot_outcome(&shot), KICK_OUTCOME_GOAL);
  assert_true(pushed_back); /* the case this test is about: the wind drives it back */
  assert_true(min_z_after_goal >= KICK_CROSS_Z);
  assert_int_equal(kick_shot_phase(&shot), KICK_PHASE_DONE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_a_goal_blown_back_stays_behind_the_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
