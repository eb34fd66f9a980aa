// SPDX-License-Identifier: MIT
/* The kick solver: hits aim points across the goal within its tolerance,
   never flies more than 26 launches, is deterministic, and rejects bad input
   with a named status without touching its output. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_solver.h"
#include "kickstep/rng.h"

/* Aims across the whole goal mouth, from several spots, speeds and bends:
   every one within 1 cm, within 26 tries, and the reported crossing agrees
   with an independent flight of the returned launch. */
static void test_hits_aims_across_goal(void **state) {
  (void)state;
  static const double xs[] = {-3.2, -2.4, -1.2, 0.0, 1.2, 2.4, 3.2};
  static const double ys[] = {0.3, 0.9, 1.5, 2.1};
  struct { double sx, sz, v, bend; } cases[] = {
      {0.0, -11.0, 20.0, 0.0}, {0.0, -20.0, 25.0, 0.0}, {-3.0, -22.0, 27.0, 0.5},
      {8.0, -25.0, 30.0, -0.6}, {-12.0, -17.0, 26.0, 1.0}, {2.0, -30.0, 33.5, -0.3},
  };
  int solved = 0, max_tries = 0;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
      for (size_t j = 0; j < sizeof ys / sizeof ys[0]; j++) {
        kick_solver_def d = kick_solver_default_def();
        d.spot_x = cases[c].sx;
        d.spot_z = cases[c].sz;
        d.speed_mps = cases[c].v;
        d.bend = cases[c].bend;
        d.aim_x = xs[i];
        d.aim_y = ys[j];
        kick_solution s;
        ks_status st = kick_solve(&d, &s);
        assert_true(s.tries >= 1 && s.tries <= KICK_SOLVER_MAX_TRIES);
        if (s.tries > max_tries) max_tries = s.tries;
        if (st != KS_OK) {
          print_message("unsolved: spot (%g, %g) v %g bend %g aim (%g, %g): %s miss %g tries %d\n", cases[c].sx,
                        cases[c].sz, cases[c].v, cases[c].bend, xs[i], ys[j], ks_status_name(st), s.miss_m, s.tries);
          fail();
        }
        assert_true(s.miss_m <= 0.01);
        assert_int_equal(kick_launch_validate(&s.launch), KS_OK);
        assert_true(s.launch.speed_mps == cases[c].v);
        double cx, cy, t;
        assert_true(kick_solver_fly(&d, &s.launch, &cx, &cy, &t));
        assert_true(memcmp(&cx, &s.cross_x, sizeof cx) == 0);
        assert_true(memcmp(&cy, &s.cross_y, sizeof cy) == 0);
        assert_true(fabs(cx - xs[i]) <= 0.01 && fabs(cy - ys[j]) <= 0.01);
        solved++;
      }
    }
  }
  print_message("solved %d aims, at most %d tries\n", solved, max_tries);
}

/* The solved launch, struck in a real shot on an open pitch in still air at
   1/600 s, crosses close to the aim (the solver's 1/240 s flight differs from
   the shot's by a few centimetres at most). */
static void test_solution_scores_on_open_pitch(void **state) {
  (void)state;
  kick_setup su = kick_setup_default();
  su.spot_x = 4.0;
  su.spot_z = -21.0;
  kick_solver_def d = kick_solver_def_for_setup(&su);
  d.aim_x = -2.5;
  d.aim_y = 1.6;
  d.speed_mps = 27.0;
  d.bend = 0.4;
  kick_solution s;
  assert_int_equal(kick_solve(&d, &s), KS_OK);
  kick_shot shot;
  assert_int_equal(kick_shot_init(&shot, &su), KS_OK);
  assert_int_equal(kick_shot_strike(&shot, &s.launch), KS_OK);
  for (int i = 0; i < 600 && !kick_shot_decided(&shot); i++) kick_shot_advance(&shot, 1.0 / 60.0, NULL, NULL);
  assert_int_equal(kick_shot_outcome(&shot), KICK_OUTCOME_GOAL);
  ks_vec3 c;
  assert_true(kick_shot_crossing(&shot, &c));
  assert_true(fabs(c.x - d.aim_x) < 0.1 && fabs(c.y - d.aim_y) < 0.1);
}

/* Same def, same bits. */
static void test_deterministic(void **state) {
  (void)state;
  kick_solver_def d = kick_solver_default_def();
  d.spot_x = -6.0;
  d.spot_z = -24.0;
  d.aim_x = 2.9;
  d.aim_y = 1.9;
  d.speed_mps = 28.0;
  d.bend = 0.7;
  d.wet = true;
  kick_solution a, b;
  memset(&a, 0x11, sizeof a);
  memset(&b, 0x22, sizeof b);
  assert_int_equal(kick_solve(&d, &a), KS_OK);
  assert_int_equal(kick_solve(&d, &b), KS_OK);
  assert_true(memcmp(&a.launch.elevation, &b.launch.elevation, sizeof(double)) == 0);
  assert_true(memcmp(&a.launch.direction, &b.launch.direction, sizeof(double)) == 0);
  assert_true(memcmp(&a.miss_m, &b.miss_m, sizeof(double)) == 0);
  assert_int_equal(a.tries, b.tries);
}

/* Bend curves the ball: with positive bend the solver must launch further to
   the right (-x) of a straight shot at the same aim. */
static void test_bend_compensated(void **state) {
  (void)state;
  kick_solver_def d = kick_solver_default_def();
  d.aim_x = 0.0;
  d.aim_y = 1.2;
  kick_solution straight, left, right;
  assert_int_equal(kick_solve(&d, &straight), KS_OK);
  d.bend = 0.8;
  assert_int_equal(kick_solve(&d, &left), KS_OK);
  d.bend = -0.8;
  assert_int_equal(kick_solve(&d, &right), KS_OK);
  assert_true(left.launch.direction < straight.launch.direction - 0.02);
  assert_true(right.launch.direction > straight.launch.direction + 0.02);
  assert_true(left.launch.spin_rate == 0.8 * KICK_FULL_BEND_SPIN);
}

/* Out of reach: 9 m/s cannot put a ball 2.3 m up 30 m away. A named status,
   the best try kept, never more than the allowed tries. */
static void test_unreachable(void **state) {
  (void)state;
  kick_solver_def d = kick_solver_default_def();
  d.spot_z = -30.0;
  d.speed_mps = 9.0;
  d.aim_y = 2.3;
  kick_solution s;
  memset(&s, 0, sizeof s);
  assert_int_equal(kick_solve(&d, &s), KS_ERR_NOT_FOUND);
  assert_true(s.tries >= 1 && s.tries <= KICK_SOLVER_MAX_TRIES);
  assert_true(s.miss_m > d.tolerance_m);
  assert_int_equal(kick_launch_validate(&s.launch), KS_OK);
  /* A smaller try budget is honoured. */
  d = kick_solver_default_def();
  d.max_tries = 1;
  d.aim_x = 3.0;
  d.aim_y = 2.0;
  d.bend = 1.0;
  assert_int_equal(kick_solve(&d, &s), KS_ERR_NOT_FOUND);
  assert_int_equal(s.tries, 1);
}

static void test_rejects_bad_input(void **state) {
  (void)state;
  kick_solution s, keep;
  memset(&s, 0x5a, sizeof s);
  memcpy(&keep, &s, sizeof s);
  kick_solver_def ok = kick_solver_default_def();
  assert_int_equal(kick_solve(NULL, &s), KS_ERR_NULL);
  assert_int_equal(kick_solve(&ok, NULL), KS_ERR_NULL);
  struct { kick_solver_def d; ks_status want; } c[16];
  size_t n = 0;
  c[n].d = ok; c[n].d.cookie = 0; c[n++].want = KS_ERR_UNINITIALISED;
  c[n].d = ok; c[n].d.aim_x = NAN; c[n++].want = KS_ERR_NOT_FINITE;
  c[n].d = ok; c[n].d.aim_y = INFINITY; c[n++].want = KS_ERR_NOT_FINITE;
  c[n].d = ok; c[n].d.speed_mps = NAN; c[n++].want = KS_ERR_NOT_FINITE;
  c[n].d = ok; c[n].d.bend = -INFINITY; c[n++].want = KS_ERR_NOT_FINITE;
  c[n].d = ok; c[n].d.spot_z = NAN; c[n++].want = KS_ERR_NOT_FINITE;
  c[n].d = ok; c[n].d.speed_mps = 33.6; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.speed_mps = 0.0; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.bend = 1.01; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.aim_y = 0.05; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.aim_x = 25.0; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.spot_z = -3.0; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.max_tries = 27; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.max_tries = 0; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.tolerance_m = 0.0; c[n++].want = KS_ERR_RANGE;
  c[n].d = ok; c[n].d.aim_z = 1.0; c[n++].want = KS_ERR_RANGE;
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(kick_solve(&c[i].d, &s), c[i].want);
    assert_int_equal(kick_solver_validate(&c[i].d), c[i].want);
    assert_memory_equal(&s, &keep, sizeof s);
  }
  kick_launch k = kick_launch_default();
  double x, y, t;
  k.speed_mps = NAN;
  assert_false(kick_solver_fly(&ok, &k, &x, &y, &t));
}

/* An aim plane short of the goal line (a ring over the wall). */
static void test_aim_plane(void **state) {
  (void)state;
  kick_solver_def d = kick_solver_default_def();
  d.spot_z = -24.0;
  d.aim_z = -10.0;
  d.aim_x = -1.5;
  d.aim_y = 2.9;
  d.speed_mps = 24.0;
  kick_solution s;
  assert_int_equal(kick_solve(&d, &s), KS_OK);
  assert_true(fabs(s.cross_y - 2.9) <= 0.01 && fabs(s.cross_x + 1.5) <= 0.01);
}

/* 400 random problems (spots 6 to 40 m out, any aim in and around the goal,
   any speed and bend, some out of reach): never more than 26 tries, a
   named status, a valid launch, and within the tolerance whenever KS_OK. */
static void test_random_problems(void **state) {
  (void)state;
  ks_rng r = ks_rng_seeded(240u);
  int ok = 0, not_found = 0;
  for (int i = 0; i < 400; i++) {
    kick_solver_def d = kick_solver_default_def();
    /* One draw per statement: C leaves the order within an expression unspecified. */
    double dist = ks_rng_range(&r, 6.0, 40.0);
    double ang = ks_rng_range(&r, -0.8, 0.8);
    d.spot_x = dist * sin(ang);
    d.spot_z = -dist * cos(ang);
    if (d.spot_z > -5.5) d.spot_z = -5.5;
    d.aim_x = ks_rng_range(&r, -4.5, 4.5);
    d.aim_y = ks_rng_range(&r, 0.2, 3.0);
    d.speed_mps = ks_rng_range(&r, 8.0, KICK_MAX_LAUNCH_SPEED);
    d.bend = ks_rng_range(&r, -1.0, 1.0);
    kick_solution s;
    ks_status st = kick_solve(&d, &s);
    assert_true(st == KS_OK || st == KS_ERR_NOT_FOUND);
    assert_true(s.tries >= 1 && s.tries <= KICK_SOLVER_MAX_TRIES);
    assert_int_equal(kick_launch_validate(&s.launch), KS_OK);
    if (st == KS_OK) {
      assert_true(s.reached && s.miss_m <= d.tolerance_m);
      ok++;
    } else {
      assert_true(!(s.miss_m <= d.tolerance_m));
      not_found++;
    }
  }
  print_message("random problems: %d solved, %d out of reach\n", ok, not_found);
  assert_true(ok > 200);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hits_aims_across_goal), cmocka_unit_test(test_solution_scores_on_open_pitch),
      cmocka_unit_test(test_deterministic),         cmocka_unit_test(test_bend_compensated),
      cmocka_unit_test(test_unreachable),           cmocka_unit_test(test_rejects_bad_input),
      cmocka_unit_test(test_aim_plane),             cmocka_unit_test(test_random_problems),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
