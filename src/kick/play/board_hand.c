// SPDX-License-Identifier: MIT
/* Honest Daily Kick tries for simulated players, tools and tests
   (kick_board_hand_try): every choice from the seed, the claim from the
   library's own re-simulation. */
#include "kickstep/kick_aim.h"
#include "kickstep/kick_board.h"
#include "kickstep/kick_hand.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_score.h"
#include "kickstep/rng.h"

static const double board_screens[][2] = {{390.0, 844.0}, {844.0, 390.0}, {1280.0, 800.0}, {412.0, 915.0}};

static kick_board_verdict one_try(int32_t day_number, int32_t try_number, uint64_t seed, kick_board_try *out,
                                  kick_touch *samples) {
  int32_t y, m, d;
  if (!kick_board_date(day_number, &y, &m, &d)) return KICK_BOARD_BAD_DAY;
  if (try_number < 1 || try_number > KICK_DAILY_TRIES) return KICK_BOARD_BAD_TRY;
  kick_daily day;
  if (kick_daily_kick(y, m, d, (uint64_t)(try_number - 1), &day) != KS_OK) return KICK_BOARD_BAD_DAY;
  ks_rng r = ks_rng_seeded(seed);
  const double *scr = board_screens[ks_rng_below(&r, 4u)];
  double w = scr[0], h = scr[1];
  kick_camera cam;
  if (kick_aim_camera(&day.setup, w, h, &cam) != KS_OK) return KICK_BOARD_BAD_SCREEN;
  double gx = ks_rng_range(&r, -3.4, 3.4);
  double gy = ks_rng_range(&r, 0.3, 2.3);
  double dur = ks_rng_range(&r, 0.08, 0.3);
  static const double rates[] = {60.0, 120.0, 240.0};
  double hz = rates[ks_rng_below(&r, 3u)];
  int64_t aim_steps = (int64_t)ks_rng_below(&r, 3000u);
  double ball[2], to[2];
  if (!kick_camera_project(&cam, w, h, ks_v3(day.setup.spot_x, KICK_BALL_RADIUS, day.setup.spot_z), &ball[0],
                           &ball[1]))
    return KICK_BOARD_NO_KICK;
  if (!kick_camera_project(&cam, w, h, ks_v3(gx, gy, KICK_CROSS_Z), &to[0], &to[1])) return KICK_BOARD_NO_KICK;
  kick_hand_def hd = kick_hand_default(ball, to, dur, hz, ks_rng_next(&r));
  int32_t n = kick_hand_flick(&hd, samples, KICK_HAND_MAX_SAMPLES);
  if (n < 2) return KICK_BOARD_NO_KICK;
  kick_board_try t = {0};
  t.rules = KICK_BOARD_RULES;
  t.day_number = day_number;
  t.try_number = try_number;
  t.strike_step = KICK_BOARD_RUNUP_STEPS + aim_steps;
  t.input = KICK_BOARD_INPUT_SWIPE;
  t.screen_w = w;
  t.screen_h = h;
  t.sample_count = n;
  kick_board_report rep;
  kick_board_verdict v = kick_board_simulate(&t, samples, &rep);
  if (v != KICK_BOARD_OK) return v;
  t.claim = rep.result;
  *out = t;
  return KICK_BOARD_OK;
}

kick_board_verdict kick_board_hand_try(int32_t day_number, int32_t try_number, uint64_t seed, kick_board_try *out,
                                       kick_touch *samples) {
  if (!out || !samples) return KICK_BOARD_MALFORMED;
  kick_board_verdict v = KICK_BOARD_NO_KICK;
  for (uint64_t i = 0; i < 16u; i++) {
    v = one_try(day_number, try_number, seed + i, out, samples);
    if (v == KICK_BOARD_OK || v == KICK_BOARD_BAD_DAY || v == KICK_BOARD_BAD_TRY) return v;
  }
  return v;
}
