// SPDX-License-Identifier: MIT
/* The game session behind the page (wasm/kick_exports.c, compiled natively):
   World Tour kicks carry the player's last shots to the next kick, so learner
   keepers see them; the Daily Kick is the same for everyone, so no player's
   history reaches it, on any attempt. Read through the share code each kick
   gives (it holds the kick's whole setup). */
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

static double g_t = 100.0;

static double view(const char *name) {
  for (int32_t i = 0; i < kx_view_count(); i++)
    if (strcmp(kx_view_name(i), name) == 0) return kx_view()[i];
  fail_msg("no view field %s", name);
  return 0.0;
}

/* Waits on the spot, swipes up the screen and plays to the result screen. */
static void play_one(double bend) {
  for (int i = 0; i < 30; i++) kx_frame(g_t += 1.0 / 60.0);
  assert_int_equal((int)view("screen"), KX_SCREEN_AIM);
  assert_int_equal(kx_swipe_begin(), 0);
  for (int i = 0; i <= 10; i++) {
    double f = (double)i / 10.0;
    assert_int_equal(kx_swipe_point(0.012 * (double)i, 0.5 + bend * sin(3.14159 * f), 0.9 - 0.45 * f), 0);
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tour_kicks_carry_the_history_and_the_daily_kick_never_does),
      cmocka_unit_test(test_daily_kick_follows_the_rule),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
