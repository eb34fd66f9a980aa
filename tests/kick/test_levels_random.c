// SPDX-License-Identifier: MIT
/* The replay test over 1,200 random kicks across every World Tour level,
   with random frame patterns: the live shot and its copy are each played in
   their own random frames, NaN, negative, zero, tiny, infinite and huge
   frames included. Outcome, decision step, moments and the crossing point
   must be equal to the bit, and so must the ball, step for step, once both
   are brought to the same step. The randomness is a fixed-seed ks_rng, so
   the test is the same test every run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/rng.h"

#define KICKS 1200
#define MAX_FRAMES 40000

/* A frame length from a pattern that includes the nasty ones. */
static double random_frame(ks_rng *r) {
  uint32_t k = ks_rng_below(r, 20);
  switch (k) {
  case 0: return NAN;
  case 1: return -ks_rng_range(r, 0.0, 1.0);
  case 2: return 1e9;
  case 3: return INFINITY;
  case 4: return -INFINITY;
  case 5: return 0.0;
  case 6: return 1e-9;
  case 7: return ks_rng_range(r, 0.1, 5.0); /* a stall, capped at 0.1 s per call */
  case 8: return 0.3 / 60.0;
  case 9: return 0.45 / 120.0;
  case 10: return 1.0 / 600.0;
  default: return ks_rng_range(r, 0.0005, 0.05);
  }
}

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 8.0, KICK_MAX_LAUNCH_SPEED);
  k.elevation = ks_rng_range(r, -0.05, 0.5);
  k.direction = ks_rng_range(r, -0.45, 0.45);
  if (ks_rng_chance(r, 0.7)) {
    k.spin_rate = ks_rng_range(r, 0.0, 90.0);
    double ax = ks_rng_range(r, -0.3, 0.3);
    double ay = ks_rng_range(r, -1.0, 1.0);
    double az = ks_rng_range(r, -0.3, 0.3);
    k.spin_axis = ks_v3(ax, ay, az);
    if (!(ks_v3_len2(k.spin_axis) > 1e-6)) k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  }
  return k;
}

static void play_until_decided(kick_shot *s, ks_rng *frames) {
  for (int i = 0; i < MAX_FRAMES && !kick_shot_decided(s); i++) kick_shot_advance(s, random_frame(frames), NULL, NULL);
}

static void bits_eq(double a, double b) { assert_true(ks_f64_bits(a) == ks_f64_bits(b)); }
static void vec_eq(ks_vec3 a, ks_vec3 b) {
  bits_eq(a.x, b.x);
  bits_eq(a.y, b.y);
  bits_eq(a.z, b.z);
}

static void test_random_kicks_all_levels(void **state) {
  (void)state;
  ks_rng r = ks_rng_seeded(20261129u);
  int outcomes[kick_outcome_count] = {0};
  int per_level[64] = {0};
  for (int n = 0; n < KICKS; n++) {
    int32_t li = n % kick_level_count();
    const kick_level *lv = kick_level_at(li);
    kick_setup su;
    /* One draw per statement: the order of draws within one expression is unspecified in C. */
    uint64_t match_seed = ks_rng_next(&r);
    uint64_t kick_number = ks_rng_below(&r, 100);
    assert_int_equal(kick_level_setup(lv, match_seed, kick_number, &su), KS_OK);
    kick_shot live;
    assert_int_equal(kick_shot_init(&live, &su), KS_OK);
    /* Time on the spot, in random frames (the clock need not be at zero). */
    int waits = (int)ks_rng_below(&r, 40);
    for (int i = 0; i < waits; i++) kick_shot_advance(&live, random_frame(&r), NULL, NULL);
    kick_shot copy = live;
    kick_launch k = random_launch(&r);
    assert_int_equal(kick_shot_strike(&live, &k), KS_OK);
    assert_int_equal(kick_shot_strike(&copy, &k), KS_OK);
    ks_rng fa = ks_rng_seeded(ks_rng_next(&r)), fb = ks_rng_seeded(ks_rng_next(&r));
    play_until_decided(&live, &fa);
    play_until_decided(&copy, &fb);
    assert_true(kick_shot_decided(&live) && kick_shot_decided(&copy));
    assert_int_equal(kick_shot_outcome(&live), kick_shot_outcome(&copy));
    assert_true(kick_shot_decision_step(&live) == kick_shot_decision_step(&copy));
    assert_int_equal(kick_shot_moments(&live), kick_shot_moments(&copy));
    ks_vec3 a = {0}, b = {0};
    assert_int_equal(kick_shot_crossing(&live, &a), kick_shot_crossing(&copy, &b));
    vec_eq(a, b);
    /* Bring both to the same step, one step at a time: the same ball. */
    int64_t target = kick_shot_steps(&live) > kick_shot_steps(&copy) ? kick_shot_steps(&live) : kick_shot_steps(&copy);
    target += 7;
    while (kick_shot_steps(&live) < target) kick_shot_step(&live, NULL, NULL);
    while (kick_shot_steps(&copy) < target) kick_shot_step(&copy, NULL, NULL);
    vec_eq(live.ball.pos, copy.ball.pos);
    vec_eq(live.ball.vel, copy.ball.vel);
    bits_eq(live.ball.spin_rate, copy.ball.spin_rate);
    assert_int_equal(live.contact_flags, copy.contact_flags);
    assert_int_equal(live.ring_hits, copy.ring_hits);
    assert_int_equal(live.phase, copy.phase);
    outcomes[kick_shot_outcome(&live)]++;
    per_level[li]++;
  }
  for (int32_t i = 0; i < kick_level_count(); i++) assert_true(per_level[i] >= KICKS / kick_level_count());
  print_message("%d kicks: goal %d saved %d woodwork %d blocked %d wide %d over %d short %d\n", KICKS,
                outcomes[KICK_OUTCOME_GOAL], outcomes[KICK_OUTCOME_SAVED], outcomes[KICK_OUTCOME_WOODWORK],
                outcomes[KICK_OUTCOME_BLOCKED], outcomes[KICK_OUTCOME_WIDE], outcomes[KICK_OUTCOME_OVER],
                outcomes[KICK_OUTCOME_SHORT]);
  /* A spread of endings, so the comparison covered contacts, not only clean flights. */
  assert_true(outcomes[KICK_OUTCOME_GOAL] > 0 && outcomes[KICK_OUTCOME_SAVED] > 0 && outcomes[KICK_OUTCOME_BLOCKED] > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_kicks_all_levels),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
