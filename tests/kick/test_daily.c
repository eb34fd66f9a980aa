// SPDX-License-Identifier: MIT
/* The Daily Kick: the setup comes from the date alone. The same day built
   from two different match seeds agrees bit for bit on spot, wind, venue,
   keeper and wall; different days differ; invalid dates are rejected. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"

#define BITS_EQ(a, b) assert_memory_equal(&(a), &(b), sizeof(a))

static void same_setup_geometry(const kick_daily *a, const kick_daily *b) {
  BITS_EQ(a->setup.spot_x, b->setup.spot_x);
  BITS_EQ(a->setup.spot_z, b->setup.spot_z);
  BITS_EQ(a->setup.wind.mean_speed_mps, b->setup.wind.mean_speed_mps);
  BITS_EQ(a->setup.wind.bearing, b->setup.wind.bearing);
  BITS_EQ(a->setup.wind.gustiness, b->setup.wind.gustiness);
  BITS_EQ(a->setup.wind.swirl, b->setup.wind.swirl);
  assert_true(a->setup.wind.gust_seed == b->setup.wind.gust_seed);
  assert_int_equal(a->venue_index, b->venue_index);
  assert_string_equal(a->venue, b->venue);
  assert_string_equal(a->keeper_name, b->keeper_name);
  assert_int_equal(a->setup.keeper.kind, b->setup.keeper.kind);
  BITS_EQ(a->setup.keeper.rating, b->setup.keeper.rating);
  assert_int_equal(a->setup.wall.count, b->setup.wall.count);
  assert_int_equal(a->setup.wall.jump_mask, b->setup.wall.jump_mask);
  BITS_EQ(a->setup.wall.x, b->setup.wall.x);
  BITS_EQ(a->setup.wall.z, b->setup.wall.z);
  assert_int_equal(a->setup.pitch.wet, b->setup.pitch.wet);
  assert_int_equal(a->setup.ring_count, b->setup.ring_count);
  assert_true(a->day_seed == b->day_seed);
}

static void test_same_day_two_match_seeds(void **state) {
  (void)state;
  kick_daily a, b;
  assert_int_equal(kick_daily_build(2026, 11, 29, 1234567, 0, &a), KS_OK);
  assert_int_equal(kick_daily_build(2026, 11, 29, 0xdeadbeefcafef00dull, 7, &b), KS_OK);
  same_setup_geometry(&a, &b);
  /* The match seed and kick number are the caller's: they seed the dice only. */
  assert_true(a.setup.match_seed == 1234567u && b.setup.match_seed == 0xdeadbeefcafef00dull);
  assert_true(b.setup.kick_number == 7u);
  /* Both are valid setups a shot can be built from. */
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &a.setup), KS_OK);
  assert_int_equal(kick_shot_init(&s, &b.setup), KS_OK);
  assert_int_equal(a.year, 2026);
  assert_int_equal(a.month, 11);
  assert_int_equal(a.day, 29);
}

/* The game's rule: the day's kicks are seeded from the day. kick_daily_kick
   is kick_daily_build with the day's seed as the match seed; tries differ
   only in the kick number, days in the seed. */
static void test_the_day_seeds_its_kicks(void **state) {
  (void)state;
  kick_daily a, b, c, built;
  assert_int_equal(kick_daily_kick(2026, 12, 25, 0, &a), KS_OK);
  assert_int_equal(kick_daily_kick(2026, 12, 25, 4, &b), KS_OK);
  assert_int_equal(kick_daily_kick(2026, 12, 26, 0, &c), KS_OK);
  assert_true(a.setup.match_seed == kick_daily_seed(2026, 12, 25) && a.setup.match_seed == a.day_seed);
  assert_true(a.setup.kick_number == 0u && b.setup.kick_number == 4u);
  assert_true(b.setup.match_seed == a.setup.match_seed);
  assert_true(c.setup.match_seed == kick_daily_seed(2026, 12, 26) && c.setup.match_seed != a.setup.match_seed);
  same_setup_geometry(&a, &b);
  assert_int_equal(kick_daily_build(2026, 12, 25, kick_daily_seed(2026, 12, 25), 4, &built), KS_OK);
  assert_memory_equal(&built.setup, &b.setup, sizeof b.setup);
  assert_int_equal(kick_daily_kick(2026, 2, 30, 0, &a), KS_ERR_RANGE);
  assert_int_equal(kick_daily_kick(2026, 1, 1, 0, NULL), KS_ERR_NULL);
}

/* A year of days: every day builds; every pair of neighbouring days differs in
   spot or wind; the venue list is used widely. */
static void test_days_differ(void **state) {
  (void)state;
  kick_daily prev;
  assert_int_equal(kick_daily_build(2027, 1, 1, 1, 0, &prev), KS_OK);
  int venues_seen[64] = {0};
  int walls[7] = {0};
  int days = 0;
  for (int32_t m = 1; m <= 12; m++) {
    for (int32_t d = 1; d <= 31; d++) {
      if (!kick_daily_date_valid(2027, m, d)) continue;
      if (m == 1 && d == 1) continue;
      kick_daily k;
      assert_int_equal(kick_daily_build(2027, m, d, 1, 0, &k), KS_OK);
      assert_true(k.day_number == prev.day_number + 1);
      assert_true(k.day_seed != prev.day_seed);
      bool differs = memcmp(&k.setup.spot_x, &prev.setup.spot_x, sizeof(double)) != 0 ||
                     memcmp(&k.setup.spot_z, &prev.setup.spot_z, sizeof(double)) != 0 ||
                     memcmp(&k.setup.wind.mean_speed_mps, &prev.setup.wind.mean_speed_mps, sizeof(double)) != 0;
      assert_true(differs);
      assert_true(k.setup.spot_z <= -13.0 && k.setup.spot_z >= -30.0);
      assert_int_equal(kick_setup_validate(&k.setup), KS_OK);
      venues_seen[k.venue_index]++;
      walls[k.setup.wall.count]++;
      prev = k;
      days++;
    }
  }
  assert_int_equal(days, 364);
  int distinct = 0;
  for (int i = 0; i < kick_daily_venue_count(); i++) distinct += venues_seen[i] > 0;
  assert_int_equal(distinct, kick_daily_venue_count());
  assert_true(walls[0] > 0 && walls[5] > 0);
}

static void test_day_numbers(void **state) {
  (void)state;
  kick_daily k;
  assert_int_equal(kick_daily_build(2000, 1, 1, 1, 0, &k), KS_OK);
  assert_true(k.day_number == 10957);
  assert_int_equal(kick_daily_build(2024, 2, 29, 1, 0, &k), KS_OK);
  assert_true(k.day_number == 19782);
  assert_int_equal(kick_daily_build(2026, 11, 29, 1, 0, &k), KS_OK);
  assert_true(k.day_number == 20786);
  assert_true(kick_daily_seed(2026, 11, 29) == k.day_seed);
}

static void test_invalid_dates(void **state) {
  (void)state;
  kick_daily k, keep;
  memset(&k, 0x3c, sizeof k);
  memcpy(&keep, &k, sizeof k);
  static const int32_t bad[][3] = {
      {2026, 2, 30}, {2026, 2, 29}, {2100, 2, 29}, {2026, 13, 1}, {2026, 0, 10}, {2026, 4, 31},
      {2026, 1, 0},  {2026, 1, 32}, {1999, 12, 31}, {3000, 1, 1}, {-5, 1, 1},    {2026, -1, 1},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_false(kick_daily_date_valid(bad[i][0], bad[i][1], bad[i][2]));
    assert_int_equal(kick_daily_build(bad[i][0], bad[i][1], bad[i][2], 1, 0, &k), KS_ERR_RANGE);
    assert_true(kick_daily_seed(bad[i][0], bad[i][1], bad[i][2]) == 0u);
    assert_memory_equal(&k, &keep, sizeof k);
  }
  assert_true(kick_daily_date_valid(2000, 2, 29));
  assert_true(kick_daily_date_valid(2999, 12, 31));
  assert_int_equal(kick_daily_build(2026, 1, 1, 1, 0, NULL), KS_ERR_NULL);
  assert_null(kick_daily_venue(-1));
  assert_null(kick_daily_venue(kick_daily_venue_count()));
  assert_non_null(kick_daily_venue(0));
}

/* The same day, the same swipe, the same timing and the same dice: the same kick. */
static void test_same_day_same_kick(void **state) {
  (void)state;
  uint64_t seed = kick_daily_seed(2026, 12, 24);
  kick_daily a, b;
  assert_int_equal(kick_daily_build(2026, 12, 24, seed, 2, &a), KS_OK);
  assert_int_equal(kick_daily_build(2026, 12, 24, seed, 2, &b), KS_OK);
  kick_shot sa, sb;
  assert_int_equal(kick_shot_init(&sa, &a.setup), KS_OK);
  assert_int_equal(kick_shot_init(&sb, &b.setup), KS_OK);
  kick_shot_advance(&sa, 0.07, NULL, NULL);
  kick_shot_advance(&sb, 0.07, NULL, NULL);
  kick_launch k = kick_launch_default();
  k.speed_mps = 28.0;
  k.elevation = 0.22;
  k.direction = 0.05;
  assert_int_equal(kick_shot_strike(&sa, &k), KS_OK);
  assert_int_equal(kick_shot_strike(&sb, &k), KS_OK);
  for (int i = 0; i < 600 && !kick_shot_decided(&sa); i++) kick_shot_advance(&sa, 1.0 / 60.0, NULL, NULL);
  for (int i = 0; i < 2000 && !kick_shot_decided(&sb); i++) kick_shot_advance(&sb, 1.0 / 200.0, NULL, NULL);
  assert_int_equal(kick_shot_outcome(&sa), kick_shot_outcome(&sb));
  assert_true(kick_shot_decision_step(&sa) == kick_shot_decision_step(&sb));
  assert_true(kick_shot_hash(&sa) != 0u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_day_two_match_seeds), cmocka_unit_test(test_days_differ),
      cmocka_unit_test(test_day_numbers),              cmocka_unit_test(test_invalid_dates),
      cmocka_unit_test(test_same_day_same_kick),      cmocka_unit_test(test_the_day_seeds_its_kicks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
