// SPDX-License-Identifier: MIT
/* The seed's replay test: a kick played in uneven frames and its replay at
   0.45x end identically, with no tolerance; then 1,000+ random kicks with
   random frame patterns (NaN, negative and huge frames included). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "support/kick_setups.h"

static void assert_same_ending(const kick_shot *a, const kick_shot *b) {
  assert_true(kick_shot_decided(a));
  assert_true(kick_shot_decided(b));
  assert_int_equal(kick_shot_outcome(a), kick_shot_outcome(b));
  assert_int_equal(kick_shot_decision_step(a), kick_shot_decision_step(b));
  ks_vec3 ca = {0.0, 0.0, 0.0}, cb = {0.0, 0.0, 0.0};
  bool xa = kick_shot_crossing(a, &ca), xb = kick_shot_crossing(b, &cb);
  assert_int_equal(xa, xb);
  assert_int_equal(ks_f64_bits(ca.x), ks_f64_bits(cb.x));
  assert_int_equal(ks_f64_bits(ca.y), ks_f64_bits(cb.y));
  assert_int_equal(ks_f64_bits(ca.z), ks_f64_bits(cb.z));
  assert_int_equal(kick_shot_moments(a), kick_shot_moments(b));
}

static void play_live(kick_shot *s, const kick_input *in) {
  const double frames[5] = {1.0 / 60.0, 1.0 / 120.0, 1.0 / 37.0, 0.3 / 60.0, 1.0 / 90.0};
  for (int i = 0; i < 20000 && !kick_shot_decided(s); i++) kick_shot_advance(s, frames[i % 5], in, NULL);
}

static void play_replay(kick_shot *s, const kick_input *in) {
  for (int i = 0; i < 200000 && !kick_shot_decided(s); i++) kick_shot_advance(s, 0.45 / 120.0, in, NULL);
}

/* Wait 0.5 s on the spot; copy; strike the live shot and play it in frames of
   1/60, 1/120, 1/37, 0.3/60 and 1/90 s in turn; strike the copy with the same
   kick and advance it 0.45/120 s at a time. */
static void replay_case(kick_setup su, kick_launch k) {
  kick_shot live;
  assert_int_equal(kick_shot_init(&live, &su), KS_OK);
  for (int i = 0; i < 5; i++) kick_shot_advance(&live, 0.1, NULL, NULL);
  assert_int_equal(kick_shot_steps(&live), 300);
  kick_shot copy = live;
  assert_int_equal(kick_shot_strike(&live, &k), KS_OK);
  play_live(&live, NULL);
  assert_int_equal(kick_shot_strike(&copy, &k), KS_OK);
  play_replay(&copy, NULL);
  assert_same_ending(&live, &copy);
}

static void test_seed_replay(void **state) {
  (void)state;
  kick_setup setups[3] = {kt_setup_wall_jump(), kt_setup_thunder(), kt_setup_final()};
  const kick_launch kicks[6] = {
      kt_launch(26.0, 0.26, 0.16, 55.0), kt_launch(31.8, 0.16, 0.27, 0.0), kt_launch(22.0, 0.12, -0.05, -40.0),
      kt_launch(33.5, 0.1, 0.02, 10.0),  kt_launch(14.0, 0.45, 0.0, 0.0),  kt_launch(28.0, 0.2, -0.25, -60.0),
  };
  int outcomes[kick_outcome_count] = {0};
  for (int s = 0; s < 3; s++)
    for (int k = 0; k < 6; k++) {
      replay_case(setups[s], kicks[k]);
      kick_shot x = kt_struck(setups[s], 0.5, kicks[k]);
      kt_play_to_decision(&x);
      outcomes[kick_shot_outcome(&x)]++;
    }
  /* The cases are not all the same ending. */
  int kinds = 0;
  for (int o = 1; o < kick_outcome_count; o++) kinds += outcomes[o] > 0;
  assert_true(kinds >= 3);
}

/* The test can fail: a different step length moves the crossing. */
static void test_replay_detects_difference(void **state) {
  (void)state;
  kick_setup su = kt_setup_thunder();
  kick_shot a = kt_struck(su, 0.5, kt_launch(26.0, 0.2, 0.1, 30.0));
  kick_shot b = kt_struck(su, 0.5 + 1.0 / 600.0, kt_launch(26.0, 0.2, 0.1, 30.0));
  kt_play_to_decision(&a);
  kt_play_to_decision(&b);
  ks_vec3 ca, cb;
  if (kick_shot_crossing(&a, &ca) && kick_shot_crossing(&b, &cb))
    assert_true(ks_f64_bits(ca.x) != ks_f64_bits(cb.x) || ks_f64_bits(ca.y) != ks_f64_bits(cb.y));
  else
    assert_true(kick_shot_hash(&a) != kick_shot_hash(&b));
}

/* ------------------------------------------------------------ random kicks */

static double rnd(ks_rng *r, double lo, double hi) { return ks_rng_range(r, lo, hi); }

static kick_setup random_setup(ks_rng *r) {
  uint32_t pick = ks_rng_below(r, 5);
  kick_setup su;
  if (pick == 0) su = kt_setup_wall_jump();
  else if (pick == 1) su = kt_setup_thunder();
  else if (pick == 2) su = kt_setup_final();
  else if (pick == 3) su = kick_setup_default();
  else {
    su = kick_setup_default();
    su.spot_x = rnd(r, -15.0, 15.0);
    su.spot_z = rnd(r, -35.0, -11.0);
    su.pitch = kick_pitch_default(ks_rng_chance(r, 0.5));
    su.wind.mean_speed_mps = rnd(r, 0.0, 15.0);
    su.wind.bearing = rnd(r, -3.0, 3.0);
    su.wind.gustiness = rnd(r, 0.0, 1.0);
    su.wind.swirl = rnd(r, 0.0, 1.0);
    su.wind.gust_seed = ks_rng_next(r);
    su.keeper.kind = (kick_keeper_kind)ks_rng_below(r, (uint32_t)kick_keeper_kind_count);
    su.keeper.rating = rnd(r, 0.0, 1.0);
    su.keeper.reaction_s = rnd(r, 0.0, 0.4);
    kick_setup_wall_at(&su, (int32_t)ks_rng_below(r, 7));
    su.wall.jump_mask = (uint32_t)ks_rng_below(r, 64);
    su.wall.jump_chance = rnd(r, 0.0, 1.0);
    su.ring_count = (int32_t)ks_rng_below(r, 5);
    for (int32_t i = 0; i < su.ring_count; i++) {
      su.rings[i] = kick_ring_default(rnd(r, -3.0, 3.0), rnd(r, 0.3, 2.2));
      su.rings[i].motion = (kick_ring_motion)ks_rng_below(r, 3);
      su.rings[i].amplitude = rnd(r, 0.0, 1.0);
      su.rings[i].period_s = rnd(r, 0.5, 4.0);
      su.rings[i].z = rnd(r, -4.0, 0.0);
    }
    su.history_count = (int32_t)ks_rng_below(r, 9);
    for (int32_t i = 0; i < su.history_count; i++) {
      su.history[i].x = rnd(r, -3.5, 3.5);
      su.history[i].y = rnd(r, 0.0, 2.4);
      su.history[i].outcome = KICK_OUTCOME_GOAL;
    }
    su.person_in_goal = ks_rng_chance(r, 0.15);
  }
  su.match_seed = ks_rng_next(r);
  su.kick_number = ks_rng_below(r, 30);
  return su;
}

static double random_frame(ks_rng *r) {
  switch (ks_rng_below(r, 12)) {
  case 0: return NAN;
  case 1: return -rnd(r, 0.0, 1.0);
  case 2: return 1e300;
  case 3: return INFINITY;
  case 4: return 1e-9;
  case 5: return 0.1;
  case 6: return 0.0;
  default: return rnd(r, 0.0, 0.06);
  }
}

static void test_random_kicks(void **state) {
  (void)state;
  ks_rng r = ks_rng_seeded(20261129);
  int decided = 0, kinds[kick_outcome_count] = {0};
  for (int n = 0; n < 1200; n++) {
    kick_setup su = random_setup(&r);
    assert_int_equal(kick_setup_validate(&su), KS_OK);
    kick_shot live;
    assert_int_equal(kick_shot_init(&live, &su), KS_OK);
    /* Random waiting frames before the copy. */
    int waits = (int)ks_rng_below(&r, 8);
    for (int i = 0; i < waits; i++) kick_shot_advance(&live, random_frame(&r), NULL, NULL);
    kick_shot copy = live;
    /* One draw per statement: C leaves the order of a call's arguments open. */
    double sp = rnd(&r, 8.0, 33.5), el = rnd(&r, -0.05, 0.6), dir = rnd(&r, -0.6, 0.6), spin = rnd(&r, -80.0, 80.0);
    kick_launch k = kt_launch(sp, el, dir, spin);
    double axx = rnd(&r, -0.4, 0.4), axz = rnd(&r, -0.4, 0.4);
    k.spin_axis = ks_v3(axx, k.spin_axis.y, axz);
    kick_input in = {0};
    if (su.person_in_goal) {
      in.has_tap = true;
      in.tap_step = kick_shot_steps(&live) + (int64_t)ks_rng_below(&r, 200);
      in.tap_x = rnd(&r, -4.0, 4.0);
      in.tap_y = rnd(&r, 0.0, 2.5);
    }
    assert_int_equal(kick_shot_strike(&live, &k), KS_OK);
    for (int i = 0; i < 400000 && !kick_shot_decided(&live); i++) kick_shot_advance(&live, random_frame(&r), &in, NULL);
    assert_int_equal(kick_shot_strike(&copy, &k), KS_OK);
    play_replay(&copy, &in);
    assert_same_ending(&live, &copy);
    decided++;
    kinds[kick_shot_outcome(&live)]++;
  }
  assert_int_equal(decided, 1200);
  for (int o = KICK_OUTCOME_GOAL; o < kick_outcome_count; o++) assert_true(kinds[o] > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_replay),
      cmocka_unit_test(test_replay_detects_difference),
      cmocka_unit_test(test_random_kicks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
