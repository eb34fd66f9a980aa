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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tour_kicks_carry_the_history_and_the_daily_kick_never_does),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
