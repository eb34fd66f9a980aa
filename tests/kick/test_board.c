// SPDX-License-Identifier: MIT
/* The Daily Kick board's check (kick_board.h): the pure verification gives
   what the play director gives the page for the same input, honest tries are
   accepted, and each forgery the bytes can carry is refused with its reason. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/events.h"
#include "kickstep/hash.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_board.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_hand.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_score.h"
#include "kickstep/kick_session.h"

#define DAY0 20424 /* 2025-12-02 */

static kick_touch g_pts[KICK_HAND_MAX_SAMPLES];
static uint8_t g_buf[KICK_BOARD_MAX_BYTES + 64];

static size_t honest(int32_t day, int32_t try_number, uint64_t seed, kick_board_try *t) {
  assert_int_equal(kick_board_hand_try(day, try_number, seed, t, g_pts), KICK_BOARD_OK);
  size_t n = kick_board_encode(t, g_pts, g_buf, sizeof g_buf);
  assert_true(n > 0);
  return n;
}

static void rechecksum(uint8_t *b, size_t n) {
  uint64_t h = ks_fnv1a64(b, n - 8);
  for (int i = 0; i < 8; i++) b[n - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

static void test_dates_round_trip(void **state) {
  (void)state;
  for (int32_t y = KICK_DAILY_MIN_YEAR; y <= KICK_DAILY_MAX_YEAR; y += 7)
    for (int32_t m = 1; m <= 12; m++)
      for (int32_t d = 1; d <= 31; d++) {
        if (!kick_daily_date_valid(y, m, d)) continue;
        int32_t n = kick_day_number(y, m, d), yy, mm, dd;
        assert_true(kick_board_date(n, &yy, &mm, &dd));
        assert_int_equal(yy * 10000 + mm * 100 + dd, y * 10000 + m * 100 + d);
      }
  assert_false(kick_board_date(0, NULL, NULL, NULL));
  assert_false(kick_board_date(-800000, NULL, NULL, NULL));
}

/* The page's path: a fresh director on the day's kick, frames at a display's
   pace while the player aims, the swipe added one sample at a time and read
   in the picture, the strike after the run-up, frames until the decision. */
static void director_play(const kick_board_try *t, const kick_touch *pts, kick_board_result *res, int64_t *strike) {
  int32_t y, m, d;
  assert_true(kick_board_date(t->day_number, &y, &m, &d));
  kick_daily day;
  assert_int_equal(kick_daily_kick(y, m, d, (uint64_t)(t->try_number - 1), &day), KS_OK);
  kick_director_def def = kick_director_default_def();
  def.setup = day.setup;
  def.setup.person_in_goal = false;
  def.effects = true;
  static kick_director dir;
  assert_int_equal(kick_director_init(&dir, &def), KS_OK);
  ks_events ev;
  double now = 100.0;
  int64_t aim = t->strike_step - KICK_BOARD_RUNUP_STEPS;
  /* frames of a 59.94 Hz display with a little jitter, then exact 1/600 s ones to land on the step */
  uint64_t jitter = 12345;
  while (kick_shot_steps(&dir.live) + 12 < aim) {
    jitter = jitter * 6364136223846793005ull + 1442695040888963407ull;
    now += 1.0 / 59.94 + (double)((jitter >> 40) % 1000u) * 1e-6;
    ks_events_clear(&ev);
    assert_int_equal(kick_director_frame(&dir, now, &ev), KS_OK);
  }
  while (kick_shot_steps(&dir.live) < aim) {
    now += 1.0 / 600.0;
    ks_events_clear(&ev);
    assert_int_equal(kick_director_frame(&dir, now, &ev), KS_OK);
  }
  if (kick_shot_steps(&dir.live) != aim) { /* the bank ran a step over: this aim time cannot be landed on */
    *strike = -1;
    return;
  }
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = t->screen_h;
  kick_swipe sw;
  assert_int_equal(kick_swipe_begin(&sw, &sd), KS_OK);
  for (int32_t i = 0; i < t->sample_count; i++) (void)kick_swipe_add(&sw, &pts[i], 1, NULL);
  kick_aim_reading a;
  assert_int_equal(kick_aim_read(NULL, &dir.live.setup, t->screen_w, t->screen_h, &sw, &a), KS_OK);
  assert_int_equal(kick_director_kick_after(&dir, &a.swipe.launch, KICK_BOARD_RUNUP_STEPS), KS_OK);
  for (int i = 0; i < 20000 && !kick_shot_decided(&dir.live); i++) {
    now += 1.0 / 59.94;
    ks_events_clear(&ev);
    assert_int_equal(kick_director_frame(&dir, now, &ev), KS_OK);
  }
  assert_true(kick_shot_decided(&dir.live));
  const kick_shot *s = &dir.live;
  res->outcome = (int32_t)kick_shot_outcome(s);
  res->points = kick_score_points(s).total;
  res->decision_step = kick_shot_decision_step(s);
  res->moments = kick_shot_moments(s);
  ks_vec3 c;
  res->crossed = kick_shot_crossing(s, &c);
  res->cross_x = res->crossed ? c.x : 0.0;
  res->cross_y = res->crossed ? c.y : 0.0;
  *strike = kick_shot_strike_step(s);
}

static void test_the_check_is_the_directors_kick(void **state) {
  (void)state;
  int compared = 0, goals = 0;
  for (uint64_t seed = 1; seed <= 24; seed++) {
    kick_board_try t;
    int32_t day = DAY0 + (int32_t)(seed % 5u);
    assert_int_equal(kick_board_hand_try(day, 1 + (int32_t)(seed % 3u), seed * 7919u, &t, g_pts), KICK_BOARD_OK);
    kick_board_result r;
    int64_t strike;
    director_play(&t, g_pts, &r, &strike);
    if (strike < 0) continue;
    assert_int_equal(strike, t.strike_step);
    assert_int_equal(r.outcome, t.claim.outcome);
    assert_int_equal(r.points, t.claim.points);
    assert_int_equal(r.decision_step, t.claim.decision_step);
    assert_int_equal(r.moments, t.claim.moments);
    assert_int_equal(r.crossed, t.claim.crossed);
    assert_true(ks_f64_bits(r.cross_x) == ks_f64_bits(t.claim.cross_x));
    assert_true(ks_f64_bits(r.cross_y) == ks_f64_bits(t.claim.cross_y));
    compared++;
    goals += r.outcome == KICK_OUTCOME_GOAL;
  }
  assert_true(compared >= 20);
  assert_true(goals >= 1);
}

/* The page's game session (kick_session.h, what the page runs now): the
   day's try opened from the record, frames while the player aims, the swipe
   given sample by sample, frames to the result; its result is the check's. */
static void test_the_check_is_the_sessions_kick(void **state) {
  (void)state;
  int compared = 0;
  for (uint64_t seed = 1; seed <= 18; seed++) {
    kick_board_try t;
    int32_t day = DAY0 + 3 + (int32_t)(seed % 4u), try_number = 1 + (int32_t)(seed % 3u);
    assert_int_equal(kick_board_hand_try(day, try_number, seed * 104729u, &t, g_pts), KICK_BOARD_OK);
    int32_t y, m, d;
    assert_true(kick_board_date(day, &y, &m, &d));
    static kick_session s;
    kick_session_def sdef = kick_session_default_def();
    assert_int_equal(sdef.runup_steps, KICK_BOARD_RUNUP_STEPS);
    assert_int_equal(kick_session_init(&s, &sdef), KS_OK);
    kick_daily_record rec = {0};
    rec.day = day;
    rec.tries = try_number - 1;
    assert_int_equal(kick_session_daily_set(&s, &rec), KS_OK);
    assert_int_equal(kick_session_daily(&s, y, m, d), KS_OK);
    assert_int_equal(kick_session_screen_size(&s, t.screen_w, t.screen_h), KS_OK);
    double now = 50.0;
    int64_t aim = t.strike_step - KICK_BOARD_RUNUP_STEPS;
    while (kick_shot_steps(&s.dir.live) + 12 < aim) assert_true(kick_session_frame(&s, now += 1.0 / 60.0) >= 0);
    while (kick_shot_steps(&s.dir.live) < aim) assert_true(kick_session_frame(&s, now += 1.0 / 600.0) >= 0);
    if (kick_shot_steps(&s.dir.live) != aim) continue;
    assert_int_equal(kick_session_swipe_begin(&s), KS_OK);
    for (int32_t i = 0; i < t.sample_count; i++) (void)kick_session_swipe_point(&s, g_pts[i].t, g_pts[i].x, g_pts[i].y);
    assert_int_equal(kick_session_swipe_end(&s), KS_OK);
    kick_session_result r;
    for (int i = 0; i < 20000 && kick_session_last_result(&s, &r) != KS_OK; i++)
      assert_true(kick_session_frame(&s, now += 1.0 / 60.0) >= 0);
    assert_int_equal(kick_session_last_result(&s, &r), KS_OK);
    assert_int_equal(kick_shot_strike_step(&s.dir.live), t.strike_step);
    assert_int_equal((int32_t)r.outcome, t.claim.outcome);
    assert_int_equal(r.points, t.claim.points);
    assert_int_equal(r.decision_step, t.claim.decision_step);
    assert_int_equal(r.moments, t.claim.moments);
    kick_board_report rep;
    assert_int_equal(kick_board_simulate(&t, g_pts, &rep), KICK_BOARD_OK);
    assert_true(rep.shot_hash == r.final_hash);
    compared++;
  }
  assert_true(compared >= 12);
}

static void test_honest_tries_are_accepted(void **state) {
  (void)state;
  int outcomes[kick_outcome_count] = {0};
  for (uint64_t seed = 1; seed <= 60; seed++) {
    kick_board_try t;
    size_t n = honest(DAY0, 1 + (int32_t)(seed % 3u), seed, &t);
    kick_board_report rep;
    assert_int_equal(kick_board_verify(g_buf, n, &rep), KICK_BOARD_OK);
    assert_true(rep.simulated);
    outcomes[rep.result.outcome]++;
  }
  assert_true(outcomes[KICK_OUTCOME_GOAL] > 0);
  assert_true(outcomes[KICK_OUTCOME_GOAL] < 60);
  /* a key kick too */
  kick_board_try k = {0};
  k.rules = KICK_BOARD_RULES;
  k.day_number = DAY0;
  k.try_number = 2;
  k.strike_step = 900;
  k.input = KICK_BOARD_INPUT_KEYS;
  k.aim = 0.3;
  k.height = 0.5;
  k.bend = -0.2;
  k.key_down_t = 10.25;
  k.key_up_t = 10.95;
  kick_board_report rep;
  assert_int_equal(kick_board_simulate(&k, NULL, &rep), KICK_BOARD_OK);
  k.claim = rep.result;
  size_t n = kick_board_encode(&k, NULL, g_buf, sizeof g_buf);
  assert_int_equal(n, 96);
  assert_int_equal(kick_board_verify(g_buf, n, &rep), KICK_BOARD_OK);
}

static void expect(kick_board_try *t, kick_board_verdict want) {
  size_t n = kick_board_encode(t, g_pts, g_buf, sizeof g_buf);
  assert_true(n > 0);
  kick_board_report rep;
  kick_board_verdict v = kick_board_verify(g_buf, n, &rep);
  if (v != want) fail_msg("got %s, want %s", kick_board_verdict_name(v), kick_board_verdict_name(want));
}

static void test_forged_claims_are_refused(void **state) {
  (void)state;
  for (uint64_t seed = 100; seed < 130; seed++) {
    kick_board_try t, f;
    (void)honest(DAY0 + 1, 1 + (int32_t)(seed % 3u), seed, &t);
    f = t;
    f.claim.points += 1;
    expect(&f, KICK_BOARD_CLAIM_POINTS);
    f = t;
    f.claim.points = t.claim.points + 500;
    expect(&f, KICK_BOARD_CLAIM_POINTS);
    f = t;
    f.claim.outcome = t.claim.outcome == KICK_OUTCOME_GOAL ? KICK_OUTCOME_SAVED : KICK_OUTCOME_GOAL;
    expect(&f, KICK_BOARD_CLAIM_OUTCOME);
    f = t;
    f.claim.decision_step += 1;
    expect(&f, KICK_BOARD_CLAIM_DECISION);
    f = t;
    f.claim.moments ^= 1u;
    expect(&f, KICK_BOARD_CLAIM_MOMENTS);
    if (t.claim.crossed) {
      f = t;
      f.claim.cross_x = ks_f64_from_bits(ks_f64_bits(t.claim.cross_x) ^ 1u); /* one ulp */
      expect(&f, KICK_BOARD_CLAIM_CROSSING);
      f = t;
      f.claim.cross_y = ks_f64_from_bits(ks_f64_bits(t.claim.cross_y) ^ 1u);
      expect(&f, KICK_BOARD_CLAIM_CROSSING);
    }
    /* another day's kick, or another try's: the same input on another setup */
    f = t;
    f.day_number = t.day_number + 1;
    size_t n = kick_board_encode(&f, g_pts, g_buf, sizeof g_buf);
    kick_board_report rep;
    kick_board_verdict v = kick_board_verify(g_buf, n, &rep);
    assert_true(v >= KICK_BOARD_CLAIM_OUTCOME);
    /* another aim time (wind and rings move while the player aims) */
    f = t;
    f.strike_step = t.strike_step + 300;
    n = kick_board_encode(&f, g_pts, g_buf, sizeof g_buf);
    v = kick_board_verify(g_buf, n, &rep);
    assert_true(v >= KICK_BOARD_CLAIM_OUTCOME);
  }
}

static void test_bad_fields_are_refused(void **state) {
  (void)state;
  kick_board_try t, f;
  (void)honest(DAY0, 1, 5, &t);
  f = t;
  f.rules = 2;
  expect(&f, KICK_BOARD_UNKNOWN_RULES);
  f = t;
  f.try_number = 4;
  expect(&f, KICK_BOARD_BAD_TRY);
  f = t;
  f.try_number = 0;
  expect(&f, KICK_BOARD_BAD_TRY);
  f = t;
  f.day_number = 3;
  expect(&f, KICK_BOARD_BAD_DAY);
  f = t;
  f.strike_step = KICK_BOARD_RUNUP_STEPS - 1;
  expect(&f, KICK_BOARD_BAD_STRIKE_STEP);
  f = t;
  f.strike_step = KICK_BOARD_MAX_STRIKE_STEP + 1;
  expect(&f, KICK_BOARD_BAD_STRIKE_STEP);
  f = t;
  f.screen_w = 10.0;
  expect(&f, KICK_BOARD_BAD_SCREEN);
  f = t;
  f.claim.crossed = false;
  f.claim.cross_x = 1.0;
  expect(&f, KICK_BOARD_MALFORMED);
  /* a tap makes no kick */
  f = t;
  f.sample_count = 2;
  kick_touch keep[2] = {g_pts[0], g_pts[1]};
  g_pts[1] = g_pts[0];
  g_pts[1].t += 0.05;
  expect(&f, KICK_BOARD_NO_KICK);
  g_pts[0] = keep[0];
  g_pts[1] = keep[1];
  f = t;
  f.input = KICK_BOARD_INPUT_KEYS;
  f.aim = 1.5;
  f.height = 0.5;
  f.key_down_t = 1.0;
  f.key_up_t = 1.5;
  expect(&f, KICK_BOARD_BAD_KEYS);
}

static void test_damaged_bytes_are_refused(void **state) {
  (void)state;
  kick_board_try t;
  size_t n = honest(DAY0, 3, 77, &t);
  static uint8_t ok[KICK_BOARD_MAX_BYTES + 64];
  memcpy(ok, g_buf, n);
  kick_board_report rep;
  assert_int_equal(kick_board_verify(ok, n, &rep), KICK_BOARD_OK);
  /* every truncation */
  for (size_t k = 0; k < n; k++) {
    kick_board_verdict v = kick_board_verify(ok, k, &rep);
    assert_int_equal(v, KICK_BOARD_TRUNCATED);
  }
  /* longer than its fields, and longer than the largest */
  ok[n] = 0;
  assert_int_equal(kick_board_verify(ok, n + 1, &rep), KICK_BOARD_OVERSIZED);
  assert_int_equal(kick_board_verify(ok, KICK_BOARD_MAX_BYTES + 1, &rep), KICK_BOARD_OVERSIZED);
  /* every single bit flipped */
  for (size_t i = 0; i < n; i++)
    for (int b = 0; b < 8; b++) {
      ok[i] ^= (uint8_t)(1u << b);
      kick_board_verdict v = kick_board_verify(ok, n, &rep);
      if (v == KICK_BOARD_OK) fail_msg("a flip of bit %d of byte %zu was accepted", b, i);
      ok[i] ^= (uint8_t)(1u << b);
    }
  /* A bit flipped and the checksum made again is another play: refused when
     its result is not the claim (a flip in the claim, the strike step, the
     screen, a sample's high bits), accepted when the engine makes the claimed
     result of it (a flip deep in a sample's mantissa often does). */
  int refused = 0, same = 0;
  for (size_t i = 48; i < n - 8; i += 3) {
    ok[i] ^= 0x10u;
    rechecksum(ok, n);
    kick_board_verdict v = kick_board_verify(ok, n, &rep);
    if (v == KICK_BOARD_OK) same++;
    else refused++;
    ok[i] ^= 0x10u;
  }
  rechecksum(ok, n);
  print_message("re-checksummed flips: %d refused, %d the same kick\n", refused, same);
  assert_true(refused > 0);
  assert_int_equal(kick_board_verify(ok, n, &rep), KICK_BOARD_OK);
  /* a sample count larger than the bytes */
  ok[64] = 0xff;
  ok[65] = 0x0f;
  rechecksum(ok, n);
  assert_int_equal(kick_board_verify(ok, n, &rep), KICK_BOARD_TRUNCATED);
  ok[0] = 'X';
  assert_int_equal(kick_board_verify(ok, n, &rep), KICK_BOARD_BAD_MAGIC);
  assert_int_equal(kick_board_verify(NULL, 0, &rep), KICK_BOARD_TRUNCATED);
  assert_string_equal(kick_board_verdict_name(KICK_BOARD_CLAIM_POINTS), "claim_points");
  assert_string_equal(kick_board_verdict_name(kick_board_verdict_count), "unknown");
}

/* The same input gives the same input hash, whatever the claim or the try. */
static void test_input_hash_names_the_play(void **state) {
  (void)state;
  kick_board_try t, f;
  size_t n = honest(DAY0, 2, 9, &t);
  kick_board_report a, b;
  assert_int_equal(kick_board_verify(g_buf, n, &a), KICK_BOARD_OK);
  f = t;
  f.claim.points += 3;
  n = kick_board_encode(&f, g_pts, g_buf, sizeof g_buf);
  (void)kick_board_verify(g_buf, n, &b);
  assert_true(a.input_hash == b.input_hash);
  f = t;
  f.strike_step += 1;
  n = kick_board_encode(&f, g_pts, g_buf, sizeof g_buf);
  (void)kick_board_verify(g_buf, n, &b);
  assert_true(a.input_hash != b.input_hash);
}

/* An accepted try's replay ends where the board says. */
static void test_replay_of_an_entry(void **state) {
  (void)state;
  for (uint64_t seed = 300; seed < 312; seed++) {
    kick_board_try t;
    size_t n = honest(DAY0 + 2, 1 + (int32_t)(seed % 3u), seed, &t);
    static kick_replay r;
    assert_int_equal(kick_board_replay(g_buf, n, &r), KICK_BOARD_OK);
    assert_int_equal((int32_t)r.outcome, t.claim.outcome);
    assert_int_equal(r.decision_step, t.claim.decision_step);
    assert_int_equal(r.moments, t.claim.moments);
    assert_int_equal(r.crossed, t.claim.crossed);
    assert_true(r.crossing_bits[0] == ks_f64_bits(t.claim.cross_x));
    assert_true(r.crossing_bits[1] == ks_f64_bits(t.claim.cross_y));
    kick_replay_verify_result vr;
    assert_int_equal(kick_replay_verify(&r, &vr), KS_OK);
    assert_true(vr.identical);
    static char code[KICK_REPLAY_MAX_CODE + 1];
    size_t len;
    assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &len, NULL), KS_OK);
    static kick_replay back;
    assert_int_equal(kick_replay_share_decode(code, len, &back, NULL), KS_OK);
    assert_int_equal(back.decision_step, t.claim.decision_step);
    g_buf[20] ^= 1u; /* a forged claim has no replay */
    assert_int_equal(kick_board_replay(g_buf, n, &r), KICK_BOARD_BAD_CHECKSUM);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dates_round_trip),
      cmocka_unit_test(test_the_check_is_the_directors_kick),
      cmocka_unit_test(test_the_check_is_the_sessions_kick),
      cmocka_unit_test(test_honest_tries_are_accepted),
      cmocka_unit_test(test_forged_claims_are_refused),
      cmocka_unit_test(test_bad_fields_are_refused),
      cmocka_unit_test(test_damaged_bytes_are_refused),
      cmocka_unit_test(test_input_hash_names_the_play),
      cmocka_unit_test(test_replay_of_an_entry),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
