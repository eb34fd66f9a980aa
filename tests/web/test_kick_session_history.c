// SPDX-License-Identifier: MIT
/* The game session behind the page (wasm/kick_exports.c, compiled natively):
   World Tour kicks carry the player's last shots to the next kick, so learner
   keepers see them; the Daily Kick is the same for everyone, so no player's
   history reaches it, on any attempt (read through the share code each kick
   gives: it holds the kick's whole setup). And the session's rules: the
   shooter's run-up before the strike, a friend in goal switched on while
   aiming, a tap that skips a slow ending, points, stars and bests, the tour's
   ending, the Daily Kick's three tries, streak and share line, a keyboard
   kick, attempts resumed after a reload, a shared kick's speed and bend, and
   a friend in goal's kicks as friendlies. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "kick_exports.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_score.h"
#include "kickstep/kick_swipe.h"
#include "kickstep/kick.h"

static double g_t = 100.0;

static double view(const char *name) {
  for (int32_t i = 0; i < kx_view_count(); i++)
    if (strcmp(kx_view_name(i), name) == 0) return kx_view()[i];
  fail_msg("no view field %s", name);
  return 0.0;
}

/* The page's swipe samples are CSS pixels of its screen (kx_screen, 1280x800
   by default); these swipes are written in screen heights. */
static int32_t swipe_point(double t, double x, double y) { return kx_swipe_point(t, x * 800.0 + 240.0, y * 800.0); }

/* Waits on the spot, swipes up the screen and plays to the result screen. */
static void play_one(double bend) {
  for (int i = 0; i < 30; i++) kx_frame(g_t += 1.0 / 60.0);
  assert_int_equal((int)view("screen"), KX_SCREEN_AIM);
  assert_int_equal(kx_swipe_begin(), 0);
  for (int i = 0; i <= 10; i++) {
    double f = (double)i / 10.0;
    assert_int_equal(swipe_point(0.012 * (double)i, 0.5 + bend * sin(3.14159 * f), 0.9 - 0.45 * f), 0);
  }
  assert_int_equal(kx_swipe_end(), 0);
  for (int i = 0; i < 3000 && (int)view("screen") != KX_SCREEN_RESULT; i++) {
    kx_frame(g_t += 1.0 / 60.0);
    if ((int)view("screen") == KX_SCREEN_REPLAY) kx_tap(0.0, 0.0);
  }
  assert_int_equal((int)view("screen"), KX_SCREEN_RESULT);
}

/* The history length of the kick just played, from its share code. */
static int32_t history_of_last_kick(void) {
  int32_t n = kx_share_encode();
  assert_true(n > 0);
  kick_replay r;
  assert_int_equal(kick_replay_share_decode(kx_text(), (size_t)n, &r, NULL), KS_OK);
  return r.setup.history_count;
}

static void test_tour_kicks_carry_the_history_and_the_daily_kick_never_does(void **st) {
  (void)st;
  assert_int_equal(kx_init(0, 1, 0), 0);
  play_one(0.02);
  assert_int_equal(history_of_last_kick(), 0); /* the session's first kick */
  assert_int_equal(kx_next(), 0);
  play_one(-0.03);
  assert_int_equal(history_of_last_kick(), 1); /* the first kick went before it */
  assert_int_equal(kx_next(), 0);
  play_one(0.04);
  assert_int_equal(history_of_last_kick(), 2);
  /* The Daily Kick: every attempt without the player's history. */
  assert_int_equal(kx_init_daily(2026, 11, 29), 0);
  play_one(0.02);
  assert_int_equal(history_of_last_kick(), 0);
  assert_int_equal(kx_next(), 0);
  play_one(-0.02);
  assert_int_equal(history_of_last_kick(), 0);
}

static void frames(int n) {
  for (int i = 0; i < n; i++) kx_frame(g_t += 1.0 / 60.0);
}

/* A swipe straight up (rise, seconds, sideways drift at the end). */
static void swipe(double rise, double dur, double drift) {
  assert_int_equal(kx_swipe_begin(), 0);
  for (int i = 0; i <= 12; i++) {
    double f = (double)i / 12.0;
    assert_int_equal(swipe_point(50.0 + dur * f, 0.5 + drift * f, 0.9 - rise * f), 0);
  }
}

static void to_result(void) {
  for (int i = 0; i < 4000 && (int)view("screen") != KX_SCREEN_RESULT; i++) {
    kx_frame(g_t += 1.0 / 60.0);
    if ((int)view("screen") == KX_SCREEN_REPLAY) kx_tap(0.0, 0.0);
  }
  assert_int_equal((int)view("screen"), KX_SCREEN_RESULT);
}

static void test_the_shooter_runs_up_and_strikes_on_the_kicks_step(void **st) {
  (void)st;
  assert_int_equal(kx_init(0, 7, 0), 0);
  frames(20);
  swipe(0.4, 0.15, 0.0);
  int64_t at = (int64_t)view("steps");
  assert_int_equal(kx_swipe_end(), 0);
  assert_int_equal((int)view("screen"), KX_SCREEN_FLIGHT);
  assert_int_equal((int)view("struck"), 0);
  assert_true(view("runup") >= 0.0 && view("runup") < 0.01);
  assert_true(fabs(view("strike_time") - (double)(at + kick_session_default_def().runup_steps) / 600.0) < 1e-9);
  frames(20); /* 200 steps: still running up */
  assert_int_equal((int)view("struck"), 0);
  assert_true(view("runup") > 0.6 && view("runup") < 1.0);
  frames(10);
  assert_int_equal((int)view("struck"), 1);
  assert_true(view("runup") == 1.0);
  /* The strike is recorded on its step: the share code's wait is the swipe's end plus the run-up. */
  to_result();
  int32_t n = kx_share_encode();
  assert_true(n > 0);
  kick_replay r;
  assert_int_equal(kick_replay_share_decode(kx_text(), (size_t)n, &r, NULL), KS_OK);
  assert_int_equal(r.wait_steps, at + kick_session_default_def().runup_steps);
}

static void test_a_friend_in_goal_switched_on_while_aiming_keeps_this_kick(void **st) {
  (void)st;
  assert_int_equal(kx_init(1, 7, 0), 0);
  kx_set_option(KX_OPT_PERSON_KEEPER, 0.0);
  frames(10);
  assert_int_equal((int)view("person_keeper"), 0);
  assert_int_equal(kx_set_option(KX_OPT_PERSON_KEEPER, 1.0), 0);
  assert_int_equal((int)view("person_keeper"), 1); /* nothing struck: this kick */
  assert_int_equal((int)view("attempt"), 1);
  swipe(0.4, 0.15, 0.05);
  assert_int_equal(kx_swipe_end(), 0);
  /* Switched off during the run-up: the kick keeps its friend; the next kick has none. */
  assert_int_equal(kx_set_option(KX_OPT_PERSON_KEEPER, 0.0), 0);
  assert_int_equal((int)view("person_keeper"), 1);
  to_result();
  assert_int_equal(kx_next(), 0);
  assert_int_equal((int)view("person_keeper"), 0);
}

static void test_a_tap_skips_a_slow_ending(void **st) {
  (void)st;
  assert_int_equal(kx_init(0, 7, 0), 0);
  frames(10);
  /* A slow, low roller: rolling on the ground a second after the strike. */
  swipe(0.03, 0.6, 0.0);
  assert_int_equal(kx_swipe_end(), 0);
  int i = 0;
  for (; i < 400 && view("can_skip") == 0.0; i++) kx_frame(g_t += 1.0 / 60.0);
  assert_true(view("can_skip") == 1.0);
  assert_true(view("ball_on_ground") == 1.0);
  assert_int_equal(kx_tap(0.0, 0.0), 0);
  assert_int_equal((int)view("screen"), KX_SCREEN_RESULT);
  assert_true(view("last_outcome") != 0.0);
  /* In the air, a tap does not skip. */
  assert_int_equal(kx_next(), 0);
  frames(10);
  swipe(0.5, 0.12, 0.0);
  assert_int_equal(kx_swipe_end(), 0);
  frames(30);
  assert_true(view("struck") == 1.0 && view("ball_on_ground") == 0.0);
  assert_true(view("can_skip") == 0.0);
  kx_tap(0.0, 0.0);
  assert_int_equal((int)view("screen"), KX_SCREEN_FLIGHT);
}

static void test_points_stars_and_the_tour_ending(void **st) {
  (void)st;
  /* Progress given back from storage: 1-1 and 1-2 passed, the rest locked. */
  assert_int_equal(kx_progress_set(0, 2, 1500), 0);
  assert_int_equal(kx_progress_set(1, 1, 1000), 0);
  assert_int_equal(kx_progress_set(40, 1, 0), KS_ERR_NOT_FOUND);
  assert_int_equal(kx_progress_set(2, 4, 0), KS_ERR_RANGE);
  assert_int_equal(kx_level_unlocked(2), 1);
  assert_int_equal(kx_level_unlocked(3), 0);
  assert_int_equal(kx_level_stars(0), 2);
  /* Every level up to the last passed: the final is open; a goal there ends the tour. */
  for (int32_t i = 0; i < kx_level_count() - 1; i++) kx_progress_set(i, 1, 1000);
  assert_int_equal(kx_level_unlocked(kx_level_count() - 1), 1);
  int before = (int)view("tour_stars");
  assert_int_equal(kx_init(kx_level_count() - 1, 20261029, 0), 0);
  int scored = 0;
  static const double drifts[] = {-0.16, 0.16, -0.13, 0.13, -0.19, 0.19, -0.1, 0.1};
  for (int k = 0; k < 40 && !scored; k++) {
    frames(12 + k);
    swipe(0.3 + 0.02 * (double)(k % 5), 0.1, drifts[k % 8]);
    assert_int_equal(kx_swipe_end(), 0);
    to_result();
    if ((int)view("last_outcome") == KICK_OUTCOME_GOAL) {
      scored = 1;
      break;
    }
    assert_int_equal((int)view("tour_complete"), 0);
    assert_int_equal(kx_next(), 0);
  }
  assert_true(scored);
  assert_int_equal((int)view("tour_complete"), 1);
  assert_true(view("last_points") >= 1000.0);
  assert_true(kx_points_count() >= 1 && kx_points_value(0) == 1000);
  int sum = 0;
  for (int32_t i = 0; i < kx_points_count(); i++) sum += kx_points_value(i);
  assert_int_equal(sum, (int)view("last_points"));
  assert_true(view("tour_stars") >= (double)(before + 1));
  assert_int_equal(kx_level_best(kx_level_count() - 1), (int)view("last_points"));
  assert_int_equal(kx_next(), KS_ERR_RANGE); /* there is no level after the final */
}

static void test_the_daily_kick_gives_three_tries_a_streak_and_a_share_line(void **st) {
  (void)st;
  /* Yesterday scored: the streak (2) survives into today. */
  int32_t today = kick_day_number(2026, 12, 1);
  assert_int_equal(kx_daily_set(today - 1, 3, 2, 1500, 2, 4, today - 1), 0);
  assert_int_equal(kx_daily_set(today, 4, 0, 0, 0, 0, 0), KS_ERR_RANGE);
  assert_int_equal(kx_init_daily(2026, 12, 1), 0);
  assert_int_equal((int)view("daily_tries"), 0);
  assert_int_equal((int)view("daily_tries_left"), 3);
  assert_int_equal((int)view("daily_streak"), 2);
  for (int k = 0; k < 3; k++) {
    frames(15);
    swipe(0.03, 0.5, 0.0); /* three soft rollers: no goal */
    assert_int_equal(kx_swipe_end(), 0);
    to_result();
    assert_int_equal((int)view("daily_tries"), k + 1);
    if (k < 2) assert_int_equal(kx_next(), 0);
  }
  assert_int_equal((int)view("daily_tries_left"), 0);
  assert_int_equal(kx_next(), KS_ERR_RANGE);             /* the day is played */
  assert_int_equal(kx_init_daily(2026, 12, 1), KS_ERR_RANGE); /* a reload gives no fourth try */
  assert_int_equal(kx_daily_share(), (int32_t)strlen("Daily Kick 2026-12-01: \xE2\x9D\x8C\xE2\x9D\x8C\xE2\x9D\x8C"));
  assert_string_equal(kx_text(), "Daily Kick 2026-12-01: \xE2\x9D\x8C\xE2\x9D\x8C\xE2\x9D\x8C");
  /* A day with no goal ends the streak the next day. */
  assert_int_equal(kx_init_daily(2026, 12, 2), 0);
  assert_int_equal((int)view("daily_streak"), 0);
  assert_int_equal((int)view("daily_best_streak"), 4);
  /* A record with a goal today: the streak counts today. */
  kick_daily_record r = {0};
  assert_int_equal(kick_daily_record_open(&r, today), KS_OK);
  assert_int_equal(kick_daily_record_kick(&r, today, false, 0), KS_OK);
  assert_int_equal(kick_daily_record_kick(&r, today, true, 1800), KS_OK);
  assert_int_equal(kick_daily_record_kick(&r, today, true, 1200), KS_OK);
  assert_int_equal(kick_daily_record_kick(&r, today, true, 1200), KS_ERR_STATE);
  assert_int_equal(r.streak, 1);
  assert_int_equal(r.best_points, 1800);
  char line[64];
  assert_true(kick_daily_share_text(&r, 2026, 12, 1, line, sizeof line) > 0);
  assert_string_equal(line, "Daily Kick 2026-12-01: \xE2\x9D\x8C\xE2\x9A\xBD\xE2\x9A\xBD");
  assert_int_equal(kick_daily_record_open(&r, today + 1), KS_OK);
  assert_int_equal(kick_daily_record_kick(&r, today + 1, true, 1000), KS_OK);
  assert_int_equal(r.streak, 2);
  assert_int_equal(kick_daily_record_open(&r, today + 3), KS_OK); /* a day missed */
  assert_int_equal(r.streak, 0);
  assert_int_equal(r.best_streak, 2);
  assert_int_equal(kick_daily_record_open(&r, today), KS_ERR_RANGE); /* the clock went back */
  assert_int_equal(kick_day_number(1970, 1, 1), 0);
  assert_int_equal(kick_day_number(2026, 12, 1), 20788);
  assert_int_equal(kick_day_number(2024, 2, 30), -1);
}

static void test_a_keyboard_kick_and_a_resumed_attempt(void **st) {
  (void)st;
  assert_int_equal(kx_init_attempt(0, 7, 0, 4), 0);
  assert_int_equal((int)view("attempt"), 4);
  assert_int_equal(kx_init_attempt(0, 7, 0, 6), KS_ERR_RANGE);
  frames(10);
  assert_int_equal(kx_keys_set(0.2, 0.5, -0.4), 0);
  assert_int_equal(kx_keys_set(1.5, 0.5, 0.0), KS_ERR_RANGE);
  assert_int_equal(kx_keys_release(3.0), KS_ERR_STATE); /* not charging */
  assert_int_equal(kx_keys_charge(2.0), 0);
  assert_true(fabs(kx_keys_power(2.55) - 0.5) < 1e-9);
  assert_int_equal(kx_keys_release(2.0 + 0.8 * KICK_KEYS_POWER_RISE_S), 0);
  assert_int_equal((int)view("screen"), KX_SCREEN_FLIGHT);
  frames(30);
  assert_int_equal((int)view("struck"), 1);
  /* The launch is the keys' reading, made by the swipe's mapping. */
  kick_keys k = {0.2, 0.5, -0.4, (2.0 + 0.8 * KICK_KEYS_POWER_RISE_S) - 2.0};
  kick_swipe_reading r;
  assert_int_equal(kick_keys_read(NULL, &k, &r), KS_OK);
  assert_true(view("launch_speed") == r.launch.speed_mps);
  assert_true(view("bend") == r.bend && r.bend < 0.0);
  to_result();
}

/* The page's Daily Kick follows the one rule kick-cli follows too
   (kick_daily_kick): attempt n is the day's kick n - 1, seeded from the day,
   and its setup is the day's setup, field for field. */
static void test_daily_kick_follows_the_rule(void **st) {
  (void)st;
  assert_int_equal(kx_init_daily(2026, 12, 25), 0);
  for (uint64_t attempt = 1; attempt <= 3; attempt++) {
    if (attempt > 1) assert_int_equal(kx_next(), 0);
    play_one(0.01 * (double)attempt);
    int32_t n = kx_share_encode();
    assert_true(n > 0);
    kick_replay r;
    assert_int_equal(kick_replay_share_decode(kx_text(), (size_t)n, &r, NULL), KS_OK);
    kick_daily day;
    assert_int_equal(kick_daily_kick(2026, 12, 25, attempt - 1, &day), KS_OK);
    assert_true(r.setup.match_seed == kick_daily_seed(2026, 12, 25));
    assert_true(r.setup.match_seed == day.setup.match_seed);
    assert_true(r.setup.kick_number == attempt - 1);
    assert_true(r.setup.spot_x == day.setup.spot_x && r.setup.spot_z == day.setup.spot_z);
    assert_true(r.setup.wind.swirl == day.setup.wind.swirl && r.setup.wind.gust_seed == day.setup.wind.gust_seed);
    assert_int_equal(r.setup.keeper.kind, day.setup.keeper.kind);
    assert_int_equal(r.setup.wall.count, day.setup.wall.count);
  }
}

/* A shared kick's result says how fast it went and how much it bent: the
   speed and bend of the code's own kick, not zeros. */
static void test_a_shared_kick_says_how_fast_and_how_much_it_bent(void **st) {
  (void)st;
  assert_int_equal(kx_init(3, 11, 0), 0);
  frames(15);
  assert_int_equal(kx_swipe_begin(), 0);
  for (int i = 0; i <= 12; i++) { /* bowed: it bends */
    double f = (double)i / 12.0;
    assert_int_equal(swipe_point(60.0 + 0.14 * f, 0.5 + 0.05 * sin(3.14159 * f), 0.9 - 0.42 * f), 0);
  }
  assert_int_equal(kx_swipe_end(), 0);
  double speed = view("launch_speed"), bend = view("bend");
  assert_true(speed > 5.0 && fabs(bend) > 0.05);
  to_result();
  int32_t n = kx_share_encode();
  assert_true(n > 0);
  assert_int_equal(kx_share_load(n), 0);
  assert_int_equal((int)view("mode"), KX_MODE_SHARED);
  assert_true(view("launch_speed") == speed);
  assert_true(fabs(view("bend") - bend) < 1e-12);
  to_result();
  assert_true(view("launch_speed") == speed);
}

/* A friend in goal makes a World Tour kick a friendly: it earns no star, no
   best and does not end the tour, and the next kick is the same attempt; the
   Daily Kick keeps the day's keeper whatever the setting. */
static void test_a_friend_in_goal_plays_a_friendly(void **st) {
  (void)st;
  int32_t last = kx_level_count() - 1;
  for (int32_t i = 0; i < last; i++) kx_progress_set(i, 1, 1000);
  assert_int_equal(kx_init_attempt(last, 20261029, 0, 2), 0);
  assert_int_equal(kx_set_option(KX_OPT_PERSON_KEEPER, 1.0), 0);
  assert_int_equal((int)view("person_keeper"), 1);
  int32_t stars = kx_level_stars(last), best = kx_level_best(last);
  int32_t tour_stars = (int32_t)view("tour_stars");
  frames(15);
  swipe(0.33, 0.1, 0.16); /* the friend never dives */
  assert_int_equal(kx_swipe_end(), 0);
  to_result();
  assert_int_equal((int)view("friendly"), 1);
  assert_int_equal((int)view("last_stars"), 0);
  assert_int_equal((int)view("passed"), 0);
  assert_int_equal((int)view("tour_complete"), 0);
  assert_int_equal(kx_level_stars(last), stars);
  assert_int_equal(kx_level_best(last), best);
  assert_int_equal((int)view("tour_stars"), tour_stars);
  assert_int_equal(kx_next(), 0);
  assert_int_equal((int)view("level"), last);
  assert_int_equal((int)view("attempt"), 2); /* no attempt used */
  assert_int_equal((int)view("friendly"), 0);
  /* The Daily Kick: its own keeper, from the start and when switched on while aiming. */
  assert_int_equal(kx_init_daily(2027, 1, 5), 0);
  assert_int_equal((int)view("person_keeper"), 0);
  assert_int_equal(kx_set_option(KX_OPT_PERSON_KEEPER, 0.0), 0);
  assert_int_equal(kx_set_option(KX_OPT_PERSON_KEEPER, 1.0), 0);
  assert_int_equal((int)view("person_keeper"), 0);
  play_one(0.02);
  assert_int_equal((int)view("friendly"), 0);
  assert_int_equal((int)view("daily_tries"), 1);
  assert_int_equal(kx_set_option(KX_OPT_PERSON_KEEPER, 0.0), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tour_kicks_carry_the_history_and_the_daily_kick_never_does),
      cmocka_unit_test(test_the_shooter_runs_up_and_strikes_on_the_kicks_step),
      cmocka_unit_test(test_a_friend_in_goal_switched_on_while_aiming_keeps_this_kick),
      cmocka_unit_test(test_a_tap_skips_a_slow_ending),
      cmocka_unit_test(test_points_stars_and_the_tour_ending),
      cmocka_unit_test(test_the_daily_kick_gives_three_tries_a_streak_and_a_share_line),
      cmocka_unit_test(test_a_keyboard_kick_and_a_resumed_attempt),
      cmocka_unit_test(test_daily_kick_follows_the_rule),
      cmocka_unit_test(test_a_shared_kick_says_how_fast_and_how_much_it_bent),
      cmocka_unit_test(test_a_friend_in_goal_plays_a_friendly),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
