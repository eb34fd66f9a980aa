// SPDX-License-Identifier: MIT
/* The World Tour: the catalogue (30 levels, ids, names, valid setups), the
   lookup, the three named levels of the replay test, the star rules, and
   playability: every level's reference kick, found by the solver, scores. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"

static const kick_level *named(const char *key) {
  int32_t i = kick_level_find(key);
  assert_true(i >= 0);
  return kick_level_at(i);
}

static void test_catalogue(void **state) {
  (void)state;
  assert_int_equal(kick_level_count(), KICK_WORLD_COUNT * KICK_LEVELS_PER_WORLD);
  assert_true(kick_level_count() >= 30);
  assert_null(kick_level_at(-1));
  assert_null(kick_level_at(kick_level_count()));
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    assert_non_null(lv);
    assert_int_equal(lv->world, i / KICK_LEVELS_PER_WORLD + 1);
    assert_int_equal(lv->number, i % KICK_LEVELS_PER_WORLD + 1);
    char id[4] = {(char)('0' + lv->world), '-', (char)('0' + lv->number), 0};
    assert_string_equal(lv->id, id);
    assert_true(strlen(lv->name) > 0 && strlen(lv->world_name) > 0 && strlen(lv->blurb) > 0);
    assert_int_equal(kick_level_find(lv->id), i);
    assert_int_equal(kick_level_find(lv->name), i);
    for (int32_t j = 0; j < i; j++) assert_string_not_equal(kick_level_at(j)->name, lv->name);
    if (lv->keeper_kind != KICK_KEEPER_NONE) assert_true(strlen(lv->keeper_name) > 0);
    /* Star 1 is always "score"; every rule has a text. */
    assert_true(lv->stars[0].need_goal);
    for (int s = 0; s < KICK_STAR_COUNT; s++) assert_true(lv->stars[s].text && strlen(lv->stars[s].text) > 0);
    /* Ring rules name only rings the level has. */
    for (int s = 0; s < KICK_STAR_COUNT; s++) {
      assert_true((lv->stars[s].rings_all >> lv->ring_count) == 0u);
      assert_true(lv->stars[s].rings_min <= lv->ring_count);
    }
    for (uint64_t seed = 1; seed < 4; seed++) {
      kick_setup su;
      assert_int_equal(kick_level_setup(lv, seed, seed * 3, &su), KS_OK);
      assert_true(su.match_seed == seed && su.kick_number == seed * 3);
      assert_true(su.spot_x == lv->spot_x && su.spot_z == lv->spot_z);
      assert_int_equal(su.wall.count, lv->wall_count);
      assert_int_equal(su.ring_count, lv->ring_count);
      kick_shot s;
      assert_int_equal(kick_shot_init(&s, &su), KS_OK);
    }
  }
}

static void test_find(void **state) {
  (void)state;
  int32_t i = kick_level_find("5-2");
  assert_true(i >= 0);
  assert_string_equal(kick_level_at(i)->name, "Set Piece");
  assert_int_equal(kick_level_find("set piece"), i);
  assert_int_equal(kick_level_find("SET PIECE"), i);
  assert_int_equal(kick_level_find("Thunder Road"), kick_level_find("4-4"));
  assert_int_equal(kick_level_find("the final"), kick_level_find("6-5"));
  assert_int_equal(kick_level_find("9-9"), -1);
  assert_int_equal(kick_level_find("5-"), -1);
  assert_int_equal(kick_level_find("5-22"), -1);
  assert_int_equal(kick_level_find(""), -1);
  assert_int_equal(kick_level_find(NULL), -1);
  int32_t idx = 77;
  assert_int_equal(kick_level_lookup("Nowhere", &idx), KS_ERR_NOT_FOUND);
  assert_int_equal(idx, 77);
  assert_int_equal(kick_level_lookup(NULL, &idx), KS_ERR_NULL);
  assert_int_equal(kick_level_lookup("4-4", NULL), KS_ERR_NULL);
  assert_int_equal(kick_level_lookup("4-4", &idx), KS_OK);
  assert_int_equal(idx, kick_level_find("4-4"));
  kick_setup su;
  assert_int_equal(kick_level_setup(NULL, 1, 0, &su), KS_ERR_NULL);
  assert_int_equal(kick_level_setup(kick_level_at(0), 1, 0, NULL), KS_ERR_NULL);
}

/* Set Piece (5-2): a wall of four, every one of whom jumps. */
static void test_set_piece(void **state) {
  (void)state;
  const kick_level *lv = named("5-2");
  assert_string_equal(lv->name, "Set Piece");
  assert_int_equal(lv->wall_count, 4);
  for (uint64_t seed = 1; seed <= 20; seed++) {
    kick_setup su;
    assert_int_equal(kick_level_setup(lv, seed, 0, &su), KS_OK);
    kick_shot s;
    assert_int_equal(kick_shot_init(&s, &su), KS_OK);
    for (int32_t p = 0; p < 4; p++) assert_true(s.wall.jump_delay_steps[p] >= 0);
  }
}

/* Thunder Road (4-4): 25 m out, a wet pitch, into the wind, the gustiest level:
   sampled every 1/60 s for 10 s its speed swings to within 33% either side of
   the mean, and more than 15% (it really gusts). */
static void test_thunder_road(void **state) {
  (void)state;
  const kick_level *lv = named("4-4");
  assert_string_equal(lv->name, "Thunder Road");
  assert_true(lv->spot_z == -25.0);
  assert_true(lv->wet);
  for (int32_t i = 0; i < kick_level_count(); i++)
    if (kick_level_at(i) != lv) assert_true(kick_level_at(i)->wind.gustiness < lv->wind.gustiness);
  assert_true(lv->wind.gustiness == 1.0);
  kick_setup su;
  assert_int_equal(kick_level_setup(lv, 1, 0, &su), KS_OK);
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  double mean = lv->wind.mean_speed_mps;
  double lo = 1e9, hi = -1e9;
  for (int i = 0; i <= 600; i++) {
    ks_vec3 w = kick_wind_at(&s, (double)i / 60.0);
    /* Into the shooter's face: the wind blows back towards the spot. */
    assert_true(w.z < 0.0);
    /* The gust acts along the mean; take the component along it. */
    double along = (w.x * sin(lv->wind.bearing) + w.z * cos(lv->wind.bearing));
    if (along < lo) lo = along;
    if (along > hi) hi = along;
  }
  assert_true(hi <= mean * 1.33 + 1e-9 && lo >= mean * 0.67 - 1e-9);
  assert_true(hi - mean > 0.15 * mean || mean - lo > 0.15 * mean);
}

/* The Final (6-5): a penalty against Idris, the specialist, rated 0.9. */
static void test_the_final(void **state) {
  (void)state;
  const kick_level *lv = named("6-5");
  assert_string_equal(lv->name, "The Final");
  assert_int_equal(lv->keeper_kind, KICK_KEEPER_SPECIALIST);
  assert_string_equal(lv->keeper_name, "Idris");
  assert_true(lv->keeper_rating == 0.9);
  assert_true(lv->spot_x == 0.0 && lv->spot_z == -11.0);
  assert_int_equal(lv->wall_count, 0);
  kick_setup su;
  assert_int_equal(kick_level_setup(lv, 5, 1, &su), KS_OK);
  assert_true(su.keeper.rating == 0.9);
  assert_int_equal(su.keeper.kind, KICK_KEEPER_SPECIALIST);
}

/* Plays the level's reference kick: the solver aims it (still air), it is
   struck after 0.5 s on the spot and played in 1/60 s frames. */
static kick_shot play_reference(const kick_level *lv, uint64_t seed, kick_solution *sol, ks_status *st) {
  kick_setup su;
  assert_int_equal(kick_level_setup(lv, seed, 0, &su), KS_OK);
  kick_solver_def d = kick_solver_def_for_setup(&su);
  d.aim_x = lv->aim.aim_x;
  d.aim_y = lv->aim.aim_y;
  d.speed_mps = lv->aim.speed_mps;
  d.bend = lv->aim.bend;
  *st = kick_solve(&d, sol);
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  for (int i = 0; i < 5; i++) kick_shot_advance(&s, 0.1, NULL, NULL);
  assert_int_equal(kick_shot_strike(&s, &sol->launch), KS_OK);
  for (int i = 0; i < 1200 && !kick_shot_decided(&s); i++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
  return s;
}

/* Playability. For every level: the solver reaches the level's stated aim
   within 1 cm in still air, and that kick, struck on the level (wind, wall,
   keeper and all; match seed 1, kick 0, after 0.5 s on the spot), is not
   blocked by the wall and scores, earning at least the first star. */
static void test_every_level_playable(void **state) {
  (void)state;
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    kick_solution sol;
    ks_status st;
    kick_shot s = play_reference(lv, 1, &sol, &st);
    if (st != KS_OK || s.outcome != KICK_OUTCOME_GOAL)
      print_message("%s %s: solver %s (miss %.4f m, %d tries), outcome %s\n", lv->id, lv->name, ks_status_name(st),
                    sol.miss_m, sol.tries, kick_outcome_name(s.outcome));
    assert_int_equal(st, KS_OK);
    assert_true(sol.miss_m <= 0.01 && sol.tries <= KICK_SOLVER_MAX_TRIES);
    assert_int_not_equal(s.outcome, KICK_OUTCOME_BLOCKED);
    assert_int_equal(s.outcome, KICK_OUTCOME_GOAL);
    assert_true(kick_level_stars(lv, &s) >= 1);
  }
}

/* Star rules, on shots whose outcome fields are set by hand. */
static kick_shot fake(kick_outcome o, uint32_t moments, uint32_t rings, uint32_t touches, double speed) {
  kick_setup su = kick_setup_default();
  kick_shot s;
  if (kick_shot_init(&s, &su) != KS_OK) fail();
  s.outcome = o;
  s.moments = moments;
  s.ring_hits = rings;
  s.contact_flags = touches;
  s.stats.launch_speed = speed;
  return s;
}

static void test_stars(void **state) {
  (void)state;
  const kick_level *first = named("1-1"); /* score; through the ring; a rocket (stars in order) */
  kick_shot s = fake(KICK_OUTCOME_NONE, 0u, 1u, 0u, 31.0);
  assert_int_equal(kick_level_stars(first, &s), 0);
  s = fake(KICK_OUTCOME_SAVED, KICK_MOMENT_SAVE, 1u, KICK_TOUCH_KEEPER, 31.0);
  assert_int_equal(kick_level_stars(first, &s), 0);
  s = fake(KICK_OUTCOME_GOAL, 0u, 0u, 0u, 20.0);
  assert_int_equal(kick_level_stars(first, &s), 1);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TARGET_RING, 1u, 0u, 20.0);
  assert_int_equal(kick_level_stars(first, &s), 2);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TARGET_RING | KICK_MOMENT_ROCKET, 1u, 0u, 31.0);
  assert_int_equal(kick_level_stars(first, &s), 3);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_ROCKET, 0u, 0u, 31.0); /* rocket without the ring: stars in order */
  assert_int_equal(kick_level_stars(first, &s), 1);
  assert_true(kick_star_rule_met(&first->stars[2], &s));

  const kick_level *sea = named("2-3"); /* a curler; a curler in the top corner */
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_CURLER, 0u, 0u, 25.0);
  assert_int_equal(kick_level_stars(sea, &s), 2);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_CURLER | KICK_MOMENT_TOP_CORNER, 0u, 0u, 25.0);
  assert_int_equal(kick_level_stars(sea, &s), 3);

  const kick_level *hoops = named("5-4"); /* any ring; two rings */
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TARGET_RING, 4u, 0u, 25.0);
  assert_int_equal(kick_level_stars(hoops, &s), 2);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TARGET_RING, 5u, 0u, 25.0);
  assert_int_equal(kick_level_stars(hoops, &s), 3);

  const kick_level *meet = named("1-2"); /* ring; ring untouched by the keeper */
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TARGET_RING | KICK_MOMENT_PAST_KEEPER, 1u, KICK_TOUCH_KEEPER, 25.0);
  assert_int_equal(kick_level_stars(meet, &s), 2);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TARGET_RING, 1u, KICK_TOUCH_GROUND, 25.0);
  assert_int_equal(kick_level_stars(meet, &s), 3);

  const kick_level *cup = named("1-5"); /* top corner; top corner at 28 m/s or more */
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TOP_CORNER, 0u, 0u, 27.9);
  assert_int_equal(kick_level_stars(cup, &s), 2);
  s = fake(KICK_OUTCOME_GOAL, KICK_MOMENT_TOP_CORNER, 0u, 0u, 28.0);
  assert_int_equal(kick_level_stars(cup, &s), 3);
  assert_int_equal(kick_level_stars(NULL, &s), 0);
  assert_int_equal(kick_level_stars(cup, NULL), 0);
  assert_false(kick_star_rule_met(NULL, &s));
}

/* On real kicks (every level's reference kick with match seed 2), the star
   count is the number of rules met in order. */
static void test_stars_of_played_kicks(void **state) {
  (void)state;
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    kick_solution sol;
    ks_status st;
    kick_shot s = play_reference(lv, 2, &sol, &st);
    int32_t want = 0;
    while (want < KICK_STAR_COUNT && kick_star_rule_met(&lv->stars[want], &s)) want++;
    assert_int_equal(kick_level_stars(lv, &s), want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_catalogue),         cmocka_unit_test(test_find),
      cmocka_unit_test(test_set_piece),         cmocka_unit_test(test_thunder_road),
      cmocka_unit_test(test_the_final),         cmocka_unit_test(test_every_level_playable),
      cmocka_unit_test(test_stars),             cmocka_unit_test(test_stars_of_played_kicks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
