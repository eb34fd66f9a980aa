// SPDX-License-Identifier: MIT
/* The game session (kick_session.h) as a player plays it, natively: a whole
   World Tour played by a hand-like flick (kick_hand.h) to its end, levels
   opening one by one; a friend in goal's kicks as friendlies; the Daily
   Kick's tries and streak across days, each try re-simulated from what was
   submitted (kick_session_daily_try_replay) to the same bits; progress as
   bytes, round trip and refusals; a session never initialised refused; every
   enum value named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/hash.h"
#include "kickstep/kick_hand.h"
#include "kickstep/kick_session.h"

static kick_session S; /* large: not on the stack */
static double g_now = 1.0;

static void frame(kick_session *s) {
  g_now += 1.0 / 60.0;
  assert_true(kick_session_frame(s, g_now) >= 0);
}

static void wait_s(kick_session *s, double seconds) {
  for (int i = 0; i < (int)(seconds * 60.0); i++) frame(s);
}

/* A flick from the ball towards (x, y) on the goal line as drawn on the session's screen. */
static ks_status swipe_at(kick_session *s, double x, double y, uint64_t seed) {
  kick_camera cam;
  assert_int_equal(kick_aim_camera(&s->dir.live.setup, s->screen_w, s->screen_h, &cam), KS_OK);
  double from[2], to[2];
  const kick_setup *su = &s->dir.live.setup;
  assert_true(kick_camera_project(&cam, s->screen_w, s->screen_h, ks_v3(su->spot_x, KICK_BALL_RADIUS, su->spot_z),
                                  &from[0], &from[1]));
  assert_true(kick_camera_project(&cam, s->screen_w, s->screen_h, ks_v3(x, y, KICK_CROSS_Z), &to[0], &to[1]));
  kick_hand_def hd = kick_hand_default(from, to, 0.18, 60.0, seed);
  static kick_touch t[KICK_HAND_MAX_SAMPLES];
  int32_t n = kick_hand_flick(&hd, t, KICK_HAND_MAX_SAMPLES);
  assert_true(n >= 2);
  assert_int_equal(kick_session_swipe_begin(s), KS_OK);
  for (int32_t i = 0; i < n; i++) (void)kick_session_swipe_point(s, t[i].t, t[i].x, t[i].y);
  return kick_session_swipe_end(s);
}

/* Frames until the result shows; a tap skips what may be skipped. */
static void play_out(kick_session *s) {
  for (int i = 0; i < 60 * 60 && s->screen != KICK_SESSION_SCREEN_RESULT; i++) {
    frame(s);
    if (kick_session_can_skip(s) || s->screen == KICK_SESSION_SCREEN_REPLAY) assert_int_equal(kick_session_tap(s, 0, 0), KS_OK);
  }
  assert_int_equal(s->screen, KICK_SESSION_SCREEN_RESULT);
}

static void fresh(kick_session *s) {
  kick_session_def d = kick_session_default_def();
  assert_int_equal(kick_session_init(s, &d), KS_OK);
}

/* Aims on the goal line (x, y in m) the hand tries in turn. */
static const double AIMS[][2] = {{-3.1, 2.0}, {3.1, 2.0}, {-3.2, 0.4}, {3.2, 0.4}, {-2.4, 2.3}, {2.4, 2.3},
                                 {-3.4, 1.2}, {3.4, 1.2}, {0.0, 2.3},  {-1.5, 0.3}, {1.5, 0.3}, {-2.8, 1.6}};
#define NAIMS ((int)(sizeof AIMS / sizeof AIMS[0]))

static void test_a_whole_world_tour_to_its_end(void **st) {
  (void)st;
  kick_session *s = &S;
  fresh(s);
  assert_int_equal(kick_session_tour(s, 0, 1), KS_OK);
  assert_true(s->match_seed == kick_session_default_def().tour_seed);
  assert_int_equal(kick_session_level_unlocked(s, 0), 1);
  assert_int_equal(kick_session_level_unlocked(s, 1), 0);
  int kicks = 0, restarts = 0;
  uint64_t seed = 1;
  for (int32_t level = 0; level < KICK_SESSION_LEVELS; level++) {
    int a = 0;
    for (;;) {
      assert_int_equal(s->mode, KICK_SESSION_MODE_TOUR);
      assert_int_equal(s->level, level);
      int32_t attempt = s->attempt;
      assert_int_equal(kick_session_level_unlocked(s, level + 1 < KICK_SESSION_LEVELS ? level + 1 : level),
                       level + 1 < KICK_SESSION_LEVELS ? (s->stars[level] > 0) : 1);
      wait_s(s, 0.5);
      ks_status r = swipe_at(s, AIMS[a % NAIMS][0], AIMS[a % NAIMS][1], seed++);
      a++;
      if (r != KS_OK) continue; /* a refused swipe: aim again */
      assert_int_equal(kick_session_attempt_spent(s), attempt + 1 > s->def.tour_attempts ? 1 : attempt + 1);
      play_out(s);
      kicks++;
      assert_true(kicks < 600);
      if (s->last_stars > 0) {
        assert_int_equal(kick_session_level_unlocked(s, level + 1 < KICK_SESSION_LEVELS ? level + 1 : level), 1);
        assert_true(s->best[level] >= s->points.total);
        break;
      }
      assert_int_equal(kick_session_next(s), KS_OK);
      if (attempt == s->def.tour_attempts) {
        assert_int_equal(s->attempt, 1); /* out of attempts: the level starts again */
        assert_int_equal(s->goals, 0);
        restarts++;
      } else {
        assert_int_equal(s->attempt, attempt + 1);
      }
    }
    if (level + 1 < KICK_SESSION_LEVELS) {
      assert_false(s->tour_complete);
      assert_int_equal(kick_session_next(s), KS_OK);
      assert_int_equal(s->attempt, 1);
    }
  }
  assert_true(s->tour_complete);
  assert_int_equal(kick_session_next(s), KS_ERR_RANGE); /* the last level is passed: the tour is over */
  assert_true(kick_session_tour_stars(s) >= KICK_SESSION_LEVELS);
  assert_true(kick_session_tour_stars(s) <= kick_session_tour_stars_max());
  print_message("the tour: %d kicks, %d restarts, %d of %d stars, %d points\n", kicks, restarts,
                (int)kick_session_tour_stars(s), (int)kick_session_tour_stars_max(), (int)kick_session_tour_points(s));
}

static void test_a_friend_in_goal_plays_friendlies(void **st) {
  (void)st;
  kick_session *s = &S;
  fresh(s);
  assert_int_equal(kick_session_tour(s, 0, 2), KS_OK);
  assert_int_equal(kick_session_set_option(s, KICK_SESSION_OPT_PERSON_KEEPER, 1.0), KS_OK);
  assert_true(s->dir.live.setup.person_in_goal); /* while aiming: this kick already */
  wait_s(s, 0.5);
  assert_int_equal(swipe_at(s, 3.1, 2.0, 7), KS_OK);
  assert_int_equal(kick_session_attempt_spent(s), 2); /* a friendly uses no attempt */
  assert_false(kick_session_can_skip(s));             /* a person in goal: no skipping */
  for (int i = 0; i < 60 * 60 && s->screen != KICK_SESSION_SCREEN_RESULT; i++) {
    frame(s);
    if (s->screen == KICK_SESSION_SCREEN_REPLAY) kick_session_tap(s, 0, 0);
  }
  assert_int_equal(s->screen, KICK_SESSION_SCREEN_RESULT);
  assert_true(s->friendly);
  assert_int_equal(s->last_stars, 0);
  assert_int_equal(s->stars[0], 0);
  assert_int_equal(s->goals, 0);
  assert_int_equal(kick_session_next(s), KS_OK);
  assert_int_equal(s->attempt, 2);
  /* The Daily Kick keeps its own keeper. */
  assert_int_equal(kick_session_daily(s, 2026, 12, 1), KS_OK);
  assert_false(s->dir.live.setup.person_in_goal);
  assert_int_equal(kick_session_set_option(s, 99, 1.0), KS_ERR_NOT_FOUND);
}

/* One Daily try: a flick or a key kick; its result equals the re-simulation from what was submitted. */
static void daily_try(kick_session *s, int32_t y, int32_t m, int32_t d, bool keys, double ax, double ay) {
  int32_t try_number = s->attempt;
  wait_s(s, 0.7);
  if (keys) {
    assert_int_equal(kick_session_keys_set(s, ax, ay, 0.3), KS_OK);
    assert_int_equal(kick_session_keys_charge(s, g_now), KS_OK);
    assert_int_equal(kick_session_keys_release(s, g_now + 0.7), KS_OK);
  } else {
    assert_int_equal(swipe_at(s, ax, ay, 1), KS_OK);
  }
  /* Read, not decided: the bytes to store count the try as used (a miss so far). */
  uint8_t b[KICK_SESSION_PROGRESS_BYTES];
  size_t bn = 0;
  static kick_session r;
  fresh(&r);
  assert_int_equal(kick_session_progress_save_spent(s, b, sizeof b, &bn), KS_OK);
  assert_int_equal(kick_session_progress_load(&r, b, bn), KS_OK);
  assert_int_equal(r.daily.tries, s->daily.tries + 1);
  assert_int_equal(r.daily.goals_mask, s->daily.goals_mask);
  assert_int_equal(kick_session_progress_save(s, b, sizeof b, &bn), KS_OK);
  assert_int_equal(kick_session_progress_load(&r, b, bn), KS_OK);
  assert_int_equal(r.daily.tries, s->daily.tries);
  play_out(s);
  kick_session_result live, again;
  assert_int_equal(kick_session_last_result(s, &live), KS_OK);
  kick_session_input in = s->input;
  assert_int_equal(kick_session_daily_try_replay(NULL, y, m, d, try_number, &in, &again), KS_OK);
  assert_int_equal(again.outcome, live.outcome);
  assert_int_equal(again.moments, live.moments);
  assert_int_equal(again.points, live.points);
  assert_int_equal(again.decision_step, live.decision_step);
  assert_true(again.final_hash == live.final_hash);
  assert_memory_equal(&again.launch, &live.launch, sizeof live.launch);
  /* Another wait, another try number or another sample is another kick. */
  kick_session_result other;
  in.read_step += 1;
  if (kick_session_daily_try_replay(NULL, y, m, d, try_number, &in, &other) == KS_OK)
    assert_true(other.final_hash != live.final_hash);
  in.read_step -= 1;
  if (kick_session_daily_try_replay(NULL, y, m, d, try_number == 3 ? 1 : try_number + 1, &in, &other) == KS_OK)
    assert_true(other.final_hash != live.final_hash);
  if (!keys) {
    in.samples[in.sample_count - 1].x += 1.0;
    if (kick_session_daily_try_replay(NULL, y, m, d, try_number, &in, &other) == KS_OK)
      assert_true(other.final_hash != live.final_hash);
  }
  assert_int_equal(kick_session_daily_try_replay(NULL, y, m, d, 0, &s->input, &other), KS_ERR_RANGE);
  assert_int_equal(kick_session_daily_try_replay(NULL, y, 2, 30, 1, &s->input, &other), KS_ERR_NOT_FOUND);
}

static void test_the_daily_kick_tries_and_streak_across_days(void **st) {
  (void)st;
  kick_session *s = &S;
  fresh(s);
  assert_int_equal(kick_session_screen_size(s, 390.0, 844.0), KS_OK);
  int32_t d1 = kick_day_number(2026, 12, 1);
  assert_int_equal(kick_session_daily(s, 2026, 12, 1), KS_OK);
  assert_int_equal(s->attempt, 1);
  assert_int_equal(kick_session_daily_tries_left(s), s->def.daily_tries);
  daily_try(s, 2026, 12, 1, false, 3.3, 0.5); /* a goal (kick-cli play's tests/cli/play/daily.jsonl) */
  assert_int_equal(s->last_outcome, KICK_OUTCOME_GOAL);
  assert_int_equal(s->daily.streak, 1);
  assert_int_equal(kick_session_next(s), KS_OK);
  daily_try(s, 2026, 12, 1, true, -0.6, 0.5);
  assert_int_equal(kick_session_next(s), KS_OK);
  daily_try(s, 2026, 12, 1, false, 2.9, 0.4);
  assert_int_equal(s->daily.tries, 3);
  assert_int_equal(kick_session_daily_tries_left(s), 0);
  assert_int_equal(kick_session_next(s), KS_ERR_RANGE);
  assert_int_equal(kick_session_daily(s, 2026, 12, 1), KS_ERR_RANGE); /* the day is played */
  assert_int_equal(s->daily.day, d1);
  /* The next day opens again; a goal makes the streak two. */
  assert_int_equal(kick_session_daily(s, 2026, 12, 2), KS_OK);
  assert_int_equal(s->daily.tries, 0);
  assert_int_equal(s->daily.streak, 1);
  daily_try(s, 2026, 12, 2, false, 3.2, 2.2);
  assert_int_equal(s->last_outcome, KICK_OUTCOME_GOAL);
  assert_int_equal(s->daily.streak, 2);
  assert_int_equal(s->daily.best_streak, 2);
  /* A day missed: the streak is gone when the day after opens; the clock going back is refused. */
  assert_int_equal(kick_session_daily(s, 2026, 12, 4), KS_OK);
  assert_int_equal(s->daily.streak, 0);
  assert_int_equal(s->daily.best_streak, 2);
  assert_int_equal(kick_session_daily(s, 2026, 12, 3), KS_ERR_RANGE);
  assert_int_equal(kick_session_daily(s, 2026, 2, 30), KS_ERR_NOT_FOUND);
}

static void test_progress_bytes_round_trip_and_refusals(void **st) {
  (void)st;
  kick_session *s = &S;
  fresh(s);
  assert_int_equal(kick_session_progress_set(s, 0, 3, 2400), KS_OK);
  assert_int_equal(kick_session_progress_set(s, 1, 1, 900), KS_OK);
  assert_int_equal(kick_session_progress_set(s, 29, 2, 1300), KS_OK);
  kick_daily_record r = {kick_day_number(2026, 12, 1), 2, 1u, 1900, 3, 5, kick_day_number(2026, 12, 1)};
  assert_int_equal(kick_session_daily_set(s, &r), KS_OK);
  uint8_t buf[KICK_SESSION_PROGRESS_BYTES + 8], again[KICK_SESSION_PROGRESS_BYTES];
  size_t n = 0, n2 = 0;
  assert_int_equal(kick_session_progress_save(s, buf, 10, &n), KS_ERR_CAPACITY);
  assert_int_equal(kick_session_progress_save(s, buf, sizeof buf, &n), KS_OK);
  assert_int_equal(n, KICK_SESSION_PROGRESS_BYTES);
  assert_memory_equal(buf, "KSPG\x01\x1e\x03\x01", 8);
  static kick_session t;
  fresh(&t);
  assert_int_equal(kick_session_progress_load(&t, buf, n), KS_OK);
  assert_int_equal(t.stars[0], 3);
  assert_int_equal(t.best[0], 2400);
  assert_int_equal(t.stars[29], 2);
  assert_memory_equal(&t.daily, &r, sizeof r);
  assert_int_equal(kick_session_level_unlocked(&t, 2), 1);
  assert_int_equal(kick_session_level_unlocked(&t, 3), 0);
  assert_int_equal(kick_session_progress_save(&t, again, sizeof again, &n2), KS_OK);
  assert_memory_equal(buf, again, n);
  /* Every damaged copy is refused and changes nothing. */
  static kick_session u;
  fresh(&u);
  uint8_t bad[sizeof buf];
  for (size_t i = 0; i < n; i++) {
    memcpy(bad, buf, n);
    bad[i] ^= 0x20;
    ks_status stt = kick_session_progress_load(&u, bad, n);
    assert_true(stt == KS_ERR_FORMAT || stt == KS_ERR_VERSION || stt == KS_ERR_CHECKSUM);
  }
  assert_int_equal(kick_session_progress_load(&u, buf, n - 1), KS_ERR_TRUNCATED);
  assert_int_equal(kick_session_progress_load(&u, buf, 3), KS_ERR_TRUNCATED);
  memcpy(bad, buf, n);
  bad[n] = 0;
  assert_int_equal(kick_session_progress_load(&u, bad, n + 1), KS_ERR_FORMAT);
  memcpy(bad, buf, n);
  bad[4] = 2;
  assert_int_equal(kick_session_progress_load(&u, bad, n), KS_ERR_VERSION);
  /* A field out of range under a good checksum: refused by its range. */
  memcpy(bad, buf, n);
  bad[6] = 4; /* four stars */
  uint64_t h = ks_fnv1a64(bad, n - 8);
  for (int i = 0; i < 8; i++) bad[n - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
  assert_int_equal(kick_session_progress_load(&u, bad, n), KS_ERR_FORMAT);
  assert_int_equal(kick_session_tour_stars(&u), 0);
  assert_int_equal(u.daily.day, 0);
  /* Loading keeps the better of each level. */
  assert_int_equal(kick_session_progress_set(&u, 0, 3, 5000), KS_OK);
  assert_int_equal(kick_session_progress_load(&u, buf, n), KS_OK);
  assert_int_equal(u.best[0], 5000);
}

static void test_a_session_never_initialised_is_refused(void **st) {
  (void)st;
  static kick_session z;
  for (int fill = 0; fill < 2; fill++) {
    memset(&z, fill ? 0xa5 : 0, sizeof z);
    assert_int_equal(kick_session_check(&z), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_tour(&z, 0, 1), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_daily(&z, 2026, 12, 1), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_frame(&z, 1.0), -(int32_t)KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_swipe_begin(&z), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_tap(&z, 0, 0), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_next(&z), KS_ERR_UNINITIALISED);
    uint8_t b[KICK_SESSION_PROGRESS_BYTES];
    size_t n;
    assert_int_equal(kick_session_progress_save(&z, b, sizeof b, &n), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_progress_load(&z, b, sizeof b), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_session_attempt_spent(&z), 0);
  }
  assert_int_equal(kick_session_tour(NULL, 0, 1), KS_ERR_NULL);
  kick_session_def d;
  memset(&d, 0, sizeof d);
  assert_int_equal(kick_session_init(&z, &d), KS_ERR_UNINITIALISED);
  d = kick_session_default_def();
  d.tour_attempts = 0;
  assert_int_equal(kick_session_init(&z, &d), KS_ERR_RANGE);
  d = kick_session_default_def();
  d.daily_tries = 4;
  assert_int_equal(kick_session_init(&z, &d), KS_ERR_RANGE);
  assert_int_equal(kick_session_check(&z), KS_ERR_UNINITIALISED); /* untouched on error */
}

static void test_the_rules_are_the_defs(void **st) {
  (void)st;
  kick_session_def d = kick_session_default_def();
  assert_true(d.tour_seed == 20261029u);
  assert_int_equal(d.tour_attempts, 5);
  assert_int_equal(d.runup_steps, 270);
  assert_int_equal(d.daily_tries, KICK_DAILY_TRIES);
  /* A def with other rules plays by them: three attempts, no run-up. */
  d.tour_attempts = 3;
  d.runup_steps = 0;
  kick_session *s = &S;
  assert_int_equal(kick_session_init(s, &d), KS_OK);
  assert_int_equal(kick_session_tour(s, 0, 4), KS_ERR_RANGE);
  assert_int_equal(kick_session_tour(s, 0, 3), KS_OK);
  wait_s(s, 0.5);
  int64_t at = kick_shot_steps(&s->dir.live);
  assert_int_equal(swipe_at(s, 0.0, 2.3, 3), KS_OK);
  assert_true(s->dir.strike_due_step == at);
  assert_int_equal(kick_session_attempt_spent(s), 1);
}

static void test_every_name_is_given(void **st) {
  (void)st;
  const struct {
    const char *(*name)(int32_t);
    int32_t count;
  } lists[] = {{kick_session_mode_name, kick_session_mode_count},
               {kick_session_screen_name, kick_session_screen_count},
               {kick_session_option_name, kick_session_option_count},
               {kick_points_kind_name, kick_points_kind_count}};
  for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
    for (int32_t i = 0; i < lists[k].count; i++) {
      assert_true(lists[k].name(i)[0] != '\0');
      for (int32_t j = 0; j < i; j++) assert_string_not_equal(lists[k].name(i), lists[k].name(j));
    }
    assert_string_equal(lists[k].name(lists[k].count), "");
    assert_string_equal(lists[k].name(-1), "");
  }
  for (int32_t o = 0; o < kick_outcome_count; o++) assert_true(kick_outcome_name((kick_outcome)o)[0] != '\0');
  assert_string_equal(kick_session_screen_name(KICK_SESSION_SCREEN_RESULT), "result");
  assert_string_equal(kick_session_option_name(KICK_SESSION_OPT_PERSON_KEEPER), "person_keeper");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_a_session_never_initialised_is_refused),
      cmocka_unit_test(test_the_rules_are_the_defs),
      cmocka_unit_test(test_every_name_is_given),
      cmocka_unit_test(test_progress_bytes_round_trip_and_refusals),
      cmocka_unit_test(test_a_friend_in_goal_plays_friendlies),
      cmocka_unit_test(test_the_daily_kick_tries_and_streak_across_days),
      cmocka_unit_test(test_a_whole_world_tour_to_its_end),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
