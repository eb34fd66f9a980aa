// SPDX-License-Identifier: MIT
/* A swipe at the goal as it is drawn (kickstep/kick_aim.h), with hand-like
   flicks (kickstep/kick_hand.h):
   - for every World Tour level at 1280x800, 390x844, 844x390 and 1024x1366,
     flicks from the ball's pixel towards points of the goal mouth as drawn
     (60 and 120 Hz, strokes of 0.12-0.25 s) cross within 0.5 m of their
     target in still air on the open pitch, and the same flicks drawn only
     half-way keep the side (within 0.75 m across);
   - natural flicks spread over the power range, and only a deliberate fast
     one reaches the cap;
   - a sideways or downward swipe and a tap are refused by name;
   - the camera frames the ball and the goal, large on a phone;
   - the same samples in any frame grouping give the same bits; bad input
     is refused and changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_hand.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"

static const double SCREENS[4][2] = {{1280, 800}, {390, 844}, {844, 390}, {1024, 1366}};
/* Targets inside the goal mouth (x across, + the shooter's left; y up), m. */
static const double TARGETS[][2] = {{0.0, 1.2},  {-3.0, 0.45}, {3.0, 0.45}, {-3.0, 2.0}, {3.0, 2.0},
                                    {0.0, 2.05}, {-1.6, 1.0},  {1.6, 1.6},  {-2.2, 0.2}};
#define NTARGETS (int)(sizeof TARGETS / sizeof TARGETS[0])

static kick_setup level_setup(int i) {
  kick_setup su;
  assert_int_equal(kick_level_setup(kick_level_at(i), 1, 0, &su), KS_OK);
  return su;
}

/* The same spot in still air on the open pitch. */
static kick_setup still(kick_setup su) {
  su.wind.mean_speed_mps = 0.0;
  su.wind.gustiness = 0.0;
  su.wind.swirl = 0.0;
  su.wall.count = 0;
  su.keeper.kind = KICK_KEEPER_NONE;
  su.ring_count = 0;
  return su;
}

static bool crossing(const kick_setup *su, const kick_launch *l, double *x, double *y) {
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, su), KS_OK);
  assert_int_equal(kick_shot_strike(&s, l), KS_OK);
  for (int i = 0; i < 6000 && !kick_shot_decided(&s); i++) kick_shot_advance(&s, 1.0 / 600.0, NULL, NULL);
  ks_vec3 c;
  if (!kick_shot_crossing(&s, &c)) return false;
  *x = c.x;
  *y = c.y;
  return true;
}

static void px_of(const kick_camera *c, double w, double h, ks_vec3 p, double out[2]) {
  assert_true(kick_camera_project(c, w, h, p, &out[0], &out[1]));
}

static int flick(const double from[2], const double to[2], double dur, double hz, uint64_t seed, kick_touch *pts) {
  kick_hand_def hd = kick_hand_default(from, to, dur, hz, seed);
  int n = kick_hand_flick(&hd, pts, KICK_HAND_MAX_SAMPLES);
  assert_true(n >= 2);
  return n;
}

static void test_flicks_cross_where_they_point(void **state) {
  (void)state;
  static kick_touch pts[KICK_HAND_MAX_SAMPLES];
  double worst = 0.0, worst_half = 0.0;
  int kicks = 0, extended = 0;
  for (int li = 0; li < kick_level_count(); li++) {
    kick_setup su = still(level_setup(li));
    for (int s = 0; s < 4; s++) {
      const double w = SCREENS[s][0], h = SCREENS[s][1];
      kick_camera cam;
      assert_int_equal(kick_aim_camera(&su, w, h, &cam), KS_OK);
      double ball[2];
      px_of(&cam, w, h, ks_v3(su.spot_x, KICK_BALL_RADIUS, su.spot_z), ball);
      for (int k = 0; k < NTARGETS; k++) {
        double to[2];
        px_of(&cam, w, h, ks_v3(TARGETS[k][0], TARGETS[k][1], KICK_CROSS_Z), to);
        for (int r = 0; r < 2; r++) {
          const double hz = r ? 120.0 : 60.0;
          const double dur = 0.12 + 0.13 * (double)((li * 7 + s * 3 + k * 5 + r) % 6) / 5.0;
          const uint64_t seed = (uint64_t)(li * 1000 + s * 100 + k * 10 + r);
          kick_aim_reading a;
          int n = flick(ball, to, dur, hz, seed, pts);
          assert_int_equal(kick_aim_read_samples(NULL, &su, w, h, pts, (size_t)n, &a), KS_OK);
          double x = 0.0, y = 0.0;
          if (!crossing(&su, &a.launch, &x, &y))
            fail_msg("level %s %gx%g target (%g, %g): the kick never crossed (aim %.2f, %.2f, %.1f m/s)",
                     kick_level_at(li)->id, w, h, TARGETS[k][0], TARGETS[k][1], a.aim[0], a.aim[1],
                     a.launch.speed_mps);
          double d = hypot(x - TARGETS[k][0], y - TARGETS[k][1]);
          if (d > worst) worst = d;
          if (d > 0.5)
            fail_msg("level %s %gx%g %g Hz %.3f s: target (%g, %g), crossed (%.2f, %.2f): %.2f m off (aim %.2f, %.2f)",
                     kick_level_at(li)->id, w, h, hz, dur, TARGETS[k][0], TARGETS[k][1], x, y, d, a.aim[0],
                     a.aim[1]);
          kicks++;

          /* The same flick drawn half-way: it keeps the side. Its flight is the
             solver's (no woodwork: a carried-on aim may meet a post). */
          const double mid[2] = {ball[0] + 0.5 * (to[0] - ball[0]), ball[1] + 0.5 * (to[1] - ball[1])};
          n = flick(ball, mid, dur * 0.6, hz, seed + 7, pts);
          assert_int_equal(kick_aim_read_samples(NULL, &su, w, h, pts, (size_t)n, &a), KS_OK);
          extended += a.extended;
          kick_solver_def sd = kick_solver_def_for_setup(&su);
          double fx = 0.0, fy = 0.0, ft = 0.0;
          if (!kick_solver_fly(&sd, &a.launch, &fx, &fy, &ft))
            fail_msg("level %s %gx%g: the half-way flick never reached the goal line", kick_level_at(li)->id, w, h);
          double dx = fabs(fx - TARGETS[k][0]);
          if (dx > worst_half) worst_half = dx;
          if (dx > 0.75)
            fail_msg("level %s %gx%g: the half-way flick towards (%g, %g) crossed at x %.2f (%.2f m across)",
                     kick_level_at(li)->id, w, h, TARGETS[k][0], TARGETS[k][1], fx, dx);
        }
      }
    }
  }
  print_message("%d flicks at 4 screens, 30 levels: worst miss %.3f m (limit 0.5); half-way, worst across %.3f m "
                "(limit 0.75), %d of %d carried on\n",
                kicks, worst, worst_half, extended, kicks);
}

/* Strokes of 0.08-0.35 s and 0.1-0.4 screen heights spread over 15-33.5 m/s. */
static void test_natural_flicks_spread_over_the_power_range(void **state) {
  (void)state;
  static kick_touch pts[KICK_HAND_MAX_SAMPLES];
  const double durs[] = {0.08, 0.12, 0.18, 0.25, 0.35}, lens[] = {0.1, 0.2, 0.3, 0.4};
  kick_setup su = level_setup(0);
  int n_all = 0, top_third = 0, capped = 0;
  double lo = 1e9, hi = 0.0;
  for (int s = 0; s < 2; s++) {
    const double w = SCREENS[s][0], h = SCREENS[s][1];
    kick_camera cam;
    assert_int_equal(kick_aim_camera(&su, w, h, &cam), KS_OK);
    double ball[2], goal[2];
    px_of(&cam, w, h, ks_v3(su.spot_x, KICK_BALL_RADIUS, su.spot_z), ball);
    px_of(&cam, w, h, ks_v3(0.0, 1.2, KICK_CROSS_Z), goal);
    double ux = goal[0] - ball[0], uy = goal[1] - ball[1], ul = hypot(ux, uy);
    for (int i = 0; i < 5; i++)
      for (int j = 0; j < 4; j++)
        for (int k = 0; k < 6; k++) {
          const double to[2] = {ball[0] + ux / ul * lens[j] * h, ball[1] + uy / ul * lens[j] * h};
          kick_aim_reading a;
          int n = flick(ball, to, durs[i], k % 2 ? 120.0 : 60.0, (uint64_t)(100 * i + 10 * j + k), pts);
          assert_int_equal(kick_aim_read_samples(NULL, &su, w, h, pts, (size_t)n, &a), KS_OK);
          double v = a.launch.speed_mps;
          n_all++;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
          if (v > KICK_MAX_LAUNCH_SPEED - (KICK_MAX_LAUNCH_SPEED - 15.0) / 3.0) top_third++;
          if (v >= KICK_MAX_LAUNCH_SPEED - 1e-9) capped++;
        }
  }
  print_message("%d natural flicks: %.1f..%.1f m/s, %d in the top third, %d at the cap\n", n_all, lo, hi, top_third,
                capped);
  assert_true(lo >= 12.0 && lo <= 17.0);
  assert_true(hi >= 30.0);
  assert_true(top_third * 10 < n_all * 4); /* fewer than 40 % in the top third */
  assert_true(capped * 10 < n_all);       /* the cap: not for natural flicks */
  /* A deliberate fast flick, half a screen in 60 ms, reaches it. */
  kick_aim_def d = kick_aim_default_def();
  assert_true(kick_aim_flick_speed(&d, 0.5 / 0.06) >= KICK_MAX_LAUNCH_SPEED - 1e-9);
  assert_true(kick_aim_flick_speed(&d, d.slow_flick) == d.slow_speed_mps);
  assert_true(kick_aim_flick_speed(&d, 0.01) == d.min_speed_mps);
  assert_true(kick_aim_flick_speed(&d, NAN) == 0.0);
}

static void test_sideways_downward_and_taps_are_refused(void **state) {
  (void)state;
  kick_setup su = level_setup(0);
  const double w = 1280, h = 800;
  kick_camera cam;
  assert_int_equal(kick_aim_camera(&su, w, h, &cam), KS_OK);
  double ball[2];
  px_of(&cam, w, h, ks_v3(su.spot_x, KICK_BALL_RADIUS, su.spot_z), ball);
  static kick_touch pts[KICK_HAND_MAX_SAMPLES];
  const struct { double dx, dy; kick_swipe_error e; const char *what; } cases[] = {
      {300.0, 0.0, KICK_SWIPE_NOT_UPWARD, "sideways right"},
      {-300.0, -20.0, KICK_SWIPE_NOT_UPWARD, "sideways left, a little up"},
      {300.0, -120.0, KICK_SWIPE_NOT_UPWARD, "mostly sideways"},
      {0.0, 200.0, KICK_SWIPE_NOT_UPWARD, "downward"},
      {1.0, -2.0, KICK_SWIPE_ZERO_LENGTH, "a tap"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const double to[2] = {ball[0] + cases[i].dx, ball[1] + cases[i].dy};
    int n = flick(ball, to, 0.15, 60.0, i, pts);
    kick_aim_reading a;
    ks_status st = kick_aim_read_samples(NULL, &su, w, h, pts, (size_t)n, &a);
    if (a.error != cases[i].e) fail_msg("%s: read as %s", cases[i].what, kick_swipe_error_name(a.error));
    assert_int_equal(st, kick_swipe_error_status(cases[i].e));
    assert_true(strlen(kick_swipe_error_text(a.error)) > 0);
    assert_true(a.launch.speed_mps == kick_launch_default().speed_mps);
  }
  /* Up towards the goal, 40 degrees to its right on screen: still a kick, wide right. */
  const double to[2] = {ball[0] + 250.0, ball[1] - 300.0};
  int n = flick(ball, to, 0.15, 60.0, 9, pts);
  kick_aim_reading a;
  assert_int_equal(kick_aim_read_samples(NULL, &su, w, h, pts, (size_t)n, &a), KS_OK);
  assert_true(a.aim[0] < -0.5 * KICK_GOAL_WIDTH); /* the screen's right is -x */
}

/* The ball and the whole goal in the picture; on a phone both are large. */
static void test_the_camera_frames_the_kick(void **state) {
  (void)state;
  double min_goal_phone = 1e9, min_ball_phone = 1e9;
  for (int li = 0; li < kick_level_count(); li++) {
    kick_setup su = level_setup(li);
    for (int s = 0; s < 4; s++) {
      const double w = SCREENS[s][0], h = SCREENS[s][1];
      kick_camera c;
      assert_int_equal(kick_aim_camera(&su, w, h, &c), KS_OK);
      double b[2], top[2], bl[2], br[2], tl[2], tr[2];
      px_of(&c, w, h, ks_v3(su.spot_x, KICK_BALL_RADIUS, su.spot_z), b);
      px_of(&c, w, h, ks_v3(su.spot_x, 2.0 * KICK_BALL_RADIUS, su.spot_z), top);
      px_of(&c, w, h, ks_v3(3.66, 0.0, KICK_POST_Z), bl);
      px_of(&c, w, h, ks_v3(-3.66, 0.0, KICK_POST_Z), br);
      px_of(&c, w, h, ks_v3(3.66, 2.44, KICK_POST_Z), tl);
      px_of(&c, w, h, ks_v3(-3.66, 2.44, KICK_POST_Z), tr);
      const double r = fabs(b[1] - top[1]);
      const double *all[] = {b, bl, br, tl, tr};
      for (int i = 0; i < 5; i++)
        if (!(all[i][0] >= 0.02 * w && all[i][0] <= 0.98 * w && all[i][1] >= 0.05 * h && all[i][1] <= 0.95 * h))
          fail_msg("level %s %gx%g: point %d at (%.0f, %.0f) px is not well inside the picture",
                   kick_level_at(li)->id, w, h, i, all[i][0], all[i][1]);
      assert_true(b[1] > bl[1]);                    /* the ball below the goal */
      assert_true(bl[0] < br[0] && tl[0] < tr[0]); /* +x, the shooter's left, is the screen's left */
      const double goal_h = 0.5 * ((bl[1] - tl[1]) + (br[1] - tr[1]));
      if (s == 1) {
        if (goal_h < min_goal_phone) min_goal_phone = goal_h;
        if (2.0 * r < min_ball_phone) min_ball_phone = 2.0 * r;
      }
      assert_true(2.0 * r >= 0.025 * h); /* the ball at least 2.5 % of the screen's height across */
    }
  }
  print_message("390x844: the goal at least %.0f px tall, the ball at least %.1f px across\n", min_goal_phone,
                min_ball_phone);
  assert_true(min_goal_phone >= 90.0);
  assert_true(min_ball_phone >= 30.0);
}

static void test_projection_round_trip(void **state) {
  (void)state;
  kick_setup su = level_setup(12);
  kick_camera c;
  assert_int_equal(kick_aim_camera(&su, 390, 844, &c), KS_OK);
  for (int i = 0; i < 50; i++) {
    ks_vec3 p = ks_v3(-6.0 + 0.25 * i, 0.05 * (i % 40), KICK_CROSS_Z);
    double sx, sy;
    ks_vec3 q;
    assert_true(kick_camera_project(&c, 390, 844, p, &sx, &sy));
    assert_true(kick_camera_unproject_z(&c, 390, 844, sx, sy, KICK_CROSS_Z, &q));
    assert_true(fabs(q.x - p.x) < 1e-9 && fabs(q.y - p.y) < 1e-9);
  }
  double sx, sy;
  assert_false(kick_camera_project(&c, 390, 844, ks_v3(c.pos.x, c.pos.y, c.pos.z - 5.0), &sx, &sy)); /* behind */
}

/* The same samples, one at a time or all at once, give the same bits. */
static void test_groupings_give_the_same_bits(void **state) {
  (void)state;
  static kick_touch pts[KICK_HAND_MAX_SAMPLES];
  kick_setup su = level_setup(7);
  kick_camera c;
  assert_int_equal(kick_aim_camera(&su, 844, 390, &c), KS_OK);
  double ball[2], to[2];
  px_of(&c, 844, 390, ks_v3(su.spot_x, KICK_BALL_RADIUS, su.spot_z), ball);
  px_of(&c, 844, 390, ks_v3(2.5, 1.9, KICK_CROSS_Z), to);
  int n = flick(ball, to, 0.2, 120.0, 77, pts);
  kick_aim_reading a, b;
  assert_int_equal(kick_aim_read_samples(NULL, &su, 844, 390, pts, (size_t)n, &a), KS_OK);
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = 390;
  kick_swipe sw;
  assert_int_equal(kick_swipe_begin(&sw, &sd), KS_OK);
  for (int i = 0; i < n; i++) assert_int_equal(kick_swipe_add(&sw, &pts[i], 1, NULL), KS_OK);
  assert_int_equal(kick_aim_read(NULL, &su, 844, 390, &sw, &b), KS_OK);
  assert_memory_equal(&a.launch, &b.launch, sizeof a.launch);
  assert_memory_equal(a.aim, b.aim, sizeof a.aim);
}

static void test_bad_input(void **state) {
  (void)state;
  kick_setup su = level_setup(0);
  kick_camera c;
  kick_aim_reading a;
  kick_touch two[2] = {{100, 700, 0.0}, {120, 400, 0.1}};
  assert_int_equal(kick_aim_camera(NULL, 100, 100, &c), KS_ERR_NULL);
  assert_int_equal(kick_aim_camera(&su, NAN, 100, &c), KS_ERR_NOT_FINITE);
  assert_int_equal(kick_aim_camera(&su, 10, 800, &c), KS_ERR_RANGE);
  assert_int_equal(kick_aim_camera(&su, 4000, 800, &c), KS_ERR_RANGE); /* 5:1 */
  assert_int_equal(kick_aim_screen_check(390, 844), KS_OK);
  assert_int_equal(kick_aim_screen_check(INFINITY, 844), KS_ERR_NOT_FINITE);
  assert_int_equal(kick_aim_screen_check(-390, 844), KS_ERR_RANGE);
  assert_int_equal(kick_aim_screen_check(100, 500), KS_ERR_RANGE); /* 1:5 */
  kick_setup zero;
  memset(&zero, 0, sizeof zero);
  assert_int_not_equal(kick_aim_camera(&zero, 1280, 800, &c), KS_OK);
  kick_aim_def d;
  memset(&d, 0, sizeof d);
  assert_int_equal(kick_aim_validate(&d), KS_ERR_UNINITIALISED);
  assert_int_equal(kick_aim_read_samples(&d, &su, 1280, 800, two, 2, &a), KS_ERR_UNINITIALISED);
  assert_int_equal(a.error, KICK_SWIPE_BAD_DEF);
  d = kick_aim_default_def();
  d.fast_flick = d.slow_flick;
  assert_int_equal(kick_aim_validate(&d), KS_ERR_RANGE);
  d = kick_aim_default_def();
  d.short_aim_height = NAN;
  assert_int_equal(kick_aim_validate(&d), KS_ERR_NOT_FINITE);
  /* A swipe begun for another screen height. */
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = 600;
  kick_swipe sw;
  assert_int_equal(kick_swipe_begin(&sw, &sd), KS_OK);
  assert_int_equal(kick_swipe_add(&sw, two, 2, NULL), KS_OK);
  assert_int_equal(kick_aim_read(NULL, &su, 1280, 800, &sw, &a), KS_ERR_RANGE);
  kick_touch nan2[2] = {{100, 700, 0.0}, {NAN, 400, 0.1}};
  assert_int_equal(kick_aim_read_samples(NULL, &su, 1280, 800, nan2, 2, &a), KS_ERR_NOT_FINITE);
  assert_int_equal(a.error, KICK_SWIPE_NOT_FINITE);
  assert_int_equal(kick_aim_read_samples(NULL, NULL, 1280, 800, two, 2, &a), KS_ERR_NULL);
  /* The hand: bad fields refused. */
  kick_hand_def h = kick_hand_default((double[2]){0, 0}, (double[2]){0, -100}, 0.2, 60.0, 1);
  kick_touch out[KICK_HAND_MAX_SAMPLES];
  h.rate_hz = 5000.0;
  assert_int_equal(kick_hand_flick(&h, out, KICK_HAND_MAX_SAMPLES), KS_ERR_RANGE);
  h.rate_hz = NAN;
  assert_int_equal(kick_hand_flick(&h, out, KICK_HAND_MAX_SAMPLES), KS_ERR_NOT_FINITE);
  h.rate_hz = 1000.0;
  assert_int_equal(kick_hand_flick(&h, out, 3), KS_ERR_CAPACITY);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_flicks_cross_where_they_point),
      cmocka_unit_test(test_natural_flicks_spread_over_the_power_range),
      cmocka_unit_test(test_sideways_downward_and_taps_are_refused),
      cmocka_unit_test(test_the_camera_frames_the_kick),
      cmocka_unit_test(test_projection_round_trip),
      cmocka_unit_test(test_groupings_give_the_same_bits),
      cmocka_unit_test(test_bad_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
