// SPDX-License-Identifier: MIT
/* The library's simulated player (kick_player.h) chooses and strikes what
   kick-cli simulate's own player did before it moved into the library. The
   figures below were recorded with kick-cli simulate --records from the build
   before the move (seed 7: --players 3 --kicks 2 --levels 1-1,2-3,5-2; seed 3:
   --players 2 --kicks 1 over the whole tour): each chosen candidate, its
   trial score, the launch struck (the exact bits), the strike and decision
   steps and the outcome. Each kick is replayed here as the sweep plays it
   (skill from the player's stream, the player's dice from the kick's stream,
   the wait, then kick_player_kick), in one call and piece by piece. A def not
   from kick_player_default_def is refused and changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/kick_player.h"

#define PLAYER_SALT 0x706c617965727321ull /* kick-cli simulate's salts */
#define SKILL_SALT 0x736b696c6c736b69ull

typedef struct recorded {
  uint64_t seed;
  const char *level;
  long player, kick;
  int32_t candidate, score;
  double speed, elevation, direction, spin_rate;
  int64_t strike_step, decision_step;
  const char *outcome;
} recorded;

/* seed, level, player, kick: candidate, score, launch (speed, elevation,
   direction, spin rate), strike step, decision step, outcome. */
static const recorded kicks[] = {
    {7, "1-1", 0, 0, 0, 12, 0x1.628a7aef2da40p+4, 0x1.b5938119ed1f8p-3, -0x1.9997fdd0b815dp-4, 0x1.ce4015ee026b1p+4, 599, 1099, "goal"},
    {7, "2-3", 0, 0, 12, 18, 0x1.6a40a40410b25p+4, 0x1.8755973c11b49p-2, -0x1.f20ff7440d35fp-2, 0x1.e33b76800df45p+4, 407, 1193, "saved"},
    {7, "5-2", 0, 0, 23, 12, 0x1.9ff6283cb5da4p+4, 0x1.313b406ba4b97p-2, 0x1.08f4e328cf9cfp-3, 0x0.0p+0, 562, 1612, "blocked"},
    {3, "1-2", 0, 0, 1, 18, 0x1.5d4bef246c11bp+4, 0x1.dd8019773abf5p-3, 0x1.7e719e6c143c2p-5, 0x1.d9b9e418c8e3fp+4, 222, 936, "saved"},
    {3, "1-2", 1, 0, 4, 18, 0x1.dcc6b9c1fe607p+4, 0x1.f7812d4e55bd4p-4, 0x1.037663c06da30p-11, 0x1.2db747b104851p+4, 460, 868, "goal"},
    {3, "1-3", 1, 0, 0, 15, 0x1.5d52077eb9007p+4, 0x1.389f78936b9c1p-2, 0x1.3e780fadf2128p-4, 0x1.f726d627f897bp+4, 508, 1471, "saved"},
    {3, "1-5", 1, 0, 0, 15, 0x1.6df35d53f0b83p+4, 0x1.862a75e3178c4p-2, -0x1.1f146bb507586p-4, 0x1.dde74f1bea702p+4, 562, 1284, "woodwork"},
    {3, "2-1", 0, 0, 10, 18, 0x1.e205a657dfe69p+4, 0x1.c5294e98a77a9p-4, 0x1.60ac8a296d465p-4, 0x1.24a0befe3e0e6p+4, 465, 856, "goal"},
    {3, "2-2", 0, 0, 14, 18, 0x1.ddca05f4e0519p+4, 0x1.cda4abde99ef6p-3, -0x1.1272c039b87b4p-4, 0x1.1e1d6d5d42bd1p+4, 362, 927, "saved"},
    {3, "2-4", 0, 0, 0, 12, 0x1.9f0aa0779dfb2p+4, 0x1.03e9a9da2e32ap-2, 0x1.30f75cdeacf89p-2, 0x1.e020bf5e9bef7p+4, 520, 6520, "blocked"},
    {3, "3-3", 0, 0, 18, 15, 0x1.ab0c9a3d7c475p+4, 0x1.1c6d340d7b182p-2, 0x1.fbe36202b8dc0p-4, 0x0.0p+0, 306, 878, "goal"},
    {3, "3-4", 1, 0, 0, 12, 0x1.61c3040b26f09p+4, 0x1.6d931b747469ep-2, -0x1.9ed31f6730e48p-3, 0x0.0p+0, 434, 1353, "wide"},
    {3, "3-5", 1, 0, 15, 18, 0x1.de17bf26d3c2ep+4, 0x1.20e37c8d821a8p-2, -0x1.95d016ace8da5p-3, 0x1.18e0558cd24b5p+4, 547, 1269, "goal"},
    {3, "4-4", 0, 0, 25, 18, 0x1.e972ae68e2fbep+4, 0x1.ea8b33d144c62p-3, -0x1.5364d9e3a7e7ap-3, 0x1.241856cbec13ap+4, 270, 965, "goal"},
    {3, "4-4", 1, 0, 9, 12, 0x1.ea7186d0e5e83p+4, 0x1.7a2293e378adfp-3, 0x1.bf6494257cfcfp-4, 0x1.1d4151e13b043p+4, 363, 1038, "saved"},
};

static bool same(double a, double b) { return ks_f64_bits(a) == ks_f64_bits(b); }

static int32_t level_index(const char *id) {
  for (int32_t i = 0; kick_level_at(i); i++)
    if (strcmp(kick_level_at(i)->id, id) == 0) return i;
  fail_msg("no level %s", id);
  return -1;
}

/* The sweep's kick up to the decision: the player's def and dice, the shot after the wait. */
typedef struct setup_kick {
  const kick_level *lv;
  kick_player_def def;
  ks_rng dice;
  kick_shot shot;
  kick_launch cand[KICK_PLAYER_CANDIDATES];
} setup_kick;

static void setup(const recorded *r, setup_kick *k) {
  int32_t index = level_index(r->level);
  k->lv = kick_level_at(index);
  uint64_t kick_number = ((uint64_t)index << 48) | ((uint64_t)r->player << 24) | (uint64_t)r->kick;
  ks_rng skill_rng = ks_rng_stream(r->seed ^ SKILL_SALT, (uint64_t)r->player);
  k->def = kick_player_default_def();
  k->def.skill = 0.6 + 0.8 * ks_rng_double(&skill_rng);
  k->dice = ks_rng_stream(r->seed ^ PLAYER_SALT, kick_number);
  kick_setup su;
  assert_int_equal(kick_level_setup(k->lv, r->seed, kick_number, &su), KS_OK);
  assert_int_equal(kick_shot_init(&k->shot, &su), KS_OK);
  uint32_t wait = kick_player_wait_steps(&k->def, &k->dice);
  assert_in_range(wait, 180, 600);
  for (uint32_t i = 0; i < wait; i++) kick_shot_step(&k->shot, NULL, NULL);
  assert_int_equal(kick_player_candidates(k->lv, k->cand), KS_OK);
}

/* Strikes the launch, plays the kick out and checks it against the record. */
static void check_kick(const recorded *r, const setup_kick *k, const kick_player_choice *ch) {
  assert_int_equal(ch->candidate, r->candidate);
  assert_int_equal(ch->score, r->score);
  assert_memory_equal(&ch->aimed, &k->cand[r->candidate], sizeof ch->aimed);
  if (!same(ch->launch.speed_mps, r->speed) || !same(ch->launch.elevation, r->elevation) ||
      !same(ch->launch.direction, r->direction) || !same(ch->launch.spin_rate, r->spin_rate))
    fail_msg("%s player %ld kick %ld: launch %a %a %a %a, recorded %a %a %a %a", r->level, r->player, r->kick,
             ch->launch.speed_mps, ch->launch.elevation, ch->launch.direction, ch->launch.spin_rate, r->speed,
             r->elevation, r->direction, r->spin_rate);
  kick_shot s = k->shot;
  assert_int_equal(kick_shot_strike(&s, &ch->launch), KS_OK);
  assert_int_equal(kick_player_play(&k->def, &s), KS_OK);
  assert_int_equal(kick_shot_strike_step(&s), r->strike_step);
  assert_int_equal(kick_shot_decision_step(&s), r->decision_step);
  assert_string_equal(kick_outcome_name(kick_shot_outcome(&s)), r->outcome);
}

static void recorded_choices(void **state) {
  (void)state;
  static setup_kick k;
  for (size_t i = 0; i < sizeof kicks / sizeof kicks[0]; i++) {
    setup(&kicks[i], &k);
    kick_shot before = k.shot;
    kick_player_choice ch;
    assert_int_equal(kick_player_kick(&k.def, k.lv, k.cand, &k.shot, &k.dice, &ch), KS_OK);
    assert_memory_equal(&before, &k.shot, sizeof before); /* the shot handed in is not struck */
    check_kick(&kicks[i], &k, &ch);
  }
}

/* The pieces, in kick_player_kick's order on the dice, give the same. */
static void recorded_choices_by_pieces(void **state) {
  (void)state;
  static setup_kick k;
  static kick_shot trial[KICK_PLAYER_TRIALS];
  for (size_t i = 0; i < sizeof kicks / sizeof kicks[0]; i++) {
    setup(&kicks[i], &k);
    int32_t score[KICK_PLAYER_CANDIDATES];
    assert_int_equal(kick_player_trials(&k.def, &k.shot, &k.dice, trial), KS_OK);
    assert_int_equal(kick_player_score(&k.def, k.lv, k.cand, trial, score), KS_OK);
    kick_player_choice ch;
    ch.candidate = kick_player_choose(score, &ch.score);
    ch.aimed = k.cand[ch.candidate];
    assert_int_equal(kick_player_execute(&k.def, &ch.aimed, &k.dice, &ch.launch), KS_OK);
    check_kick(&kicks[i], &k, &ch);
  }
}

/* A def not from kick_player_default_def (zero bytes, 0xA5 bytes) is refused
   by every call that takes one, and nothing is written or drawn. */
static void uninitialised_def(void **state) {
  (void)state;
  static setup_kick k;
  static kick_shot trial[KICK_PLAYER_TRIALS];
  setup(&kicks[0], &k);
  static const unsigned char fills[] = {0x00, 0xA5, 0xFF};
  for (size_t f = 0; f < sizeof fills; f++) {
    kick_player_def bad;
    memset(&bad, fills[f], sizeof bad);
    assert_int_equal(kick_player_def_check(&bad), KS_ERR_UNINITIALISED);
    ks_rng dice = k.dice;
    kick_player_choice ch, keep;
    memset(&ch, 0x5A, sizeof ch);
    keep = ch;
    assert_int_equal(kick_player_kick(&bad, k.lv, k.cand, &k.shot, &dice, &ch), KS_ERR_UNINITIALISED);
    assert_memory_equal(&ch, &keep, sizeof ch);
    assert_memory_equal(&dice, &k.dice, sizeof dice);
    assert_int_equal(kick_player_wait_steps(&bad, &dice), 0);
    assert_int_equal(kick_player_trials(&bad, &k.shot, &dice, trial), KS_ERR_UNINITIALISED);
    int32_t score[KICK_PLAYER_CANDIDATES] = {0};
    assert_int_equal(kick_player_score(&bad, k.lv, k.cand, trial, score), KS_ERR_UNINITIALISED);
    kick_launch l = k.cand[0];
    assert_int_equal(kick_player_execute(&bad, &k.cand[1], &dice, &l), KS_ERR_UNINITIALISED);
    assert_memory_equal(&l, &k.cand[0], sizeof l);
    kick_shot s = k.shot;
    assert_int_equal(kick_player_play(&bad, &s), KS_ERR_UNINITIALISED);
    assert_memory_equal(&dice, &k.dice, sizeof dice);
  }
  assert_int_equal(kick_player_def_check(NULL), KS_ERR_NULL);
  kick_player_def d = kick_player_default_def();
  assert_int_equal(kick_player_def_check(&d), KS_OK);
  d.skill = -1.0;
  assert_int_equal(kick_player_def_check(&d), KS_ERR_RANGE);
  d = kick_player_default_def();
  d.max_flight_steps = 0;
  assert_int_equal(kick_player_def_check(&d), KS_ERR_RANGE);
  /* A shot kick_shot_init never made is refused, and left as it was. */
  for (size_t f = 0; f < sizeof fills; f++) {
    static kick_shot junk, keep;
    memset(&junk, fills[f], sizeof junk);
    keep = junk;
    kick_player_def good = kick_player_default_def();
    kick_player_choice ch;
    ks_rng dice = k.dice;
    assert_int_equal(kick_player_kick(&good, k.lv, k.cand, &junk, &dice, &ch), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_player_trials(&good, &junk, &dice, trial), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_player_play(&good, &junk), KS_ERR_UNINITIALISED);
    assert_memory_equal(&junk, &keep, sizeof junk);
    assert_memory_equal(&dice, &k.dice, sizeof dice);
  }
  /* A struck shot is no place to decide a kick. */
  d = kick_player_default_def();
  kick_shot s = k.shot;
  assert_int_equal(kick_shot_strike(&s, &k.cand[0]), KS_OK);
  kick_player_choice ch;
  assert_int_equal(kick_player_kick(&d, k.lv, k.cand, &s, &k.dice, &ch), KS_ERR_STATE);
}

/* Skill 0 strikes exactly the chosen candidate. */
static void no_error_at_skill_zero(void **state) {
  (void)state;
  static setup_kick k;
  setup(&kicks[1], &k);
  k.def.skill = 0.0;
  kick_player_choice ch;
  assert_int_equal(kick_player_kick(&k.def, k.lv, k.cand, &k.shot, &k.dice, &ch), KS_OK);
  assert_memory_equal(&ch.launch, &ch.aimed, sizeof ch.launch);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(recorded_choices),
      cmocka_unit_test(recorded_choices_by_pieces),
      cmocka_unit_test(uninitialised_def),
      cmocka_unit_test(no_error_at_skill_zero),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
