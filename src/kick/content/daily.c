// SPDX-License-Identifier: MIT
/* The Daily Kick: a setup from the date alone. A generator seeded by the
   day draws the venue, the spot, the weather, the wind, the keeper, the wall
   and perhaps a ring, always in the same order and the same number of draws,
   so the same date gives the same setup everywhere. The day's kicks are
   seeded from the day too (kick_daily_kick), so the dice agree as well. */
#include "kickstep/kick_levels.h"
#include "kickstep/dmath.h"
#include "kickstep/rng.h"

#define DAILY_SALT 0x4441494c594b4943ull /* "DAILYKIC" */

static const char *const venues[] = {
  "Harbour Park",      "Old Mill Lane",    "Ridgeway Common",  "Saltmarsh Road",
  "Kingsgate Stadium", "Brook Meadow",     "Cliffside Arena",  "Foundry Ground",
  "Lantern Fields",    "Northgate Bowl",   "Willow Green",     "Quarry End",
};
#define VENUE_COUNT ((int32_t)(sizeof venues / sizeof venues[0]))

typedef struct daily_keeper {
  const char *name;
  kick_keeper_kind kind;
} daily_keeper;

static const daily_keeper keepers[] = {
  {"Sunny Adeyemi", KICK_KEEPER_PLAIN},   {"Rafa Ortega", KICK_KEEPER_SHOWMAN},
  {"Mags Lindqvist", KICK_KEEPER_LEARNER}, {"Bjorn Haldane", KICK_KEEPER_PLAIN},
  {"Tomasz Brandt", KICK_KEEPER_PLAIN},   {"Idris", KICK_KEEPER_SPECIALIST},
};
#define KEEPER_COUNT ((uint32_t)(sizeof keepers / sizeof keepers[0]))

int32_t kick_daily_venue_count(void) { return VENUE_COUNT; }

const char *kick_daily_venue(int32_t i) { return (i >= 0 && i < VENUE_COUNT) ? venues[i] : NULL; }

static bool leap(int32_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool kick_daily_date_valid(int32_t y, int32_t m, int32_t d) {
  static const int32_t mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < KICK_DAILY_MIN_YEAR || y > KICK_DAILY_MAX_YEAR) return false;
  if (m < 1 || m > 12) return false;
  int32_t n = mdays[m - 1] + ((m == 2 && leap(y)) ? 1 : 0);
  return d >= 1 && d <= n;
}

/* Days since 1970-01-01 of a valid Gregorian date (the civil-days formula). */
static int64_t day_number(int32_t y, int32_t m, int32_t d) {
  int64_t yy = (int64_t)y - (m <= 2 ? 1 : 0);
  int64_t era = yy / 400; /* yy >= 1999 here, so no negative rounding */
  int64_t yoe = yy - era * 400;
  int64_t mp = (int64_t)m + (m > 2 ? -3 : 9);
  int64_t doy = (153 * mp + 2) / 5 + (int64_t)d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

uint64_t kick_daily_seed(int32_t y, int32_t m, int32_t d) {
  if (!kick_daily_date_valid(y, m, d)) return 0;
  return ks_mix64((uint64_t)day_number(y, m, d) ^ DAILY_SALT);
}

ks_status kick_daily_build(int32_t y, int32_t m, int32_t d, uint64_t match_seed, uint64_t kick_number,
                           kick_daily *out) {
  if (!out) return KS_ERR_NULL;
  if (!kick_daily_date_valid(y, m, d)) return KS_ERR_RANGE;
  kick_daily k;
  k.year = y;
  k.month = m;
  k.day = d;
  k.day_number = day_number(y, m, d);
  k.day_seed = kick_daily_seed(y, m, d);
  ks_rng r = ks_rng_seeded(k.day_seed);

  k.venue_index = (int32_t)ks_rng_below(&r, (uint32_t)VENUE_COUNT);
  k.venue = venues[k.venue_index];

  kick_setup su = kick_setup_default();
  /* The spot: 17 to 30 m out, up to 35° off the middle. */
  double dist = ks_rng_range(&r, 17.0, 30.0);
  double ang = ks_rng_range(&r, -0.6, 0.6);
  double sa, ca;
  ks_sincos(ang, &sa, &ca);
  su.spot_x = dist * sa;
  su.spot_z = -dist * ca;
  su.pitch = kick_pitch_default(ks_rng_chance(&r, 0.3));

  su.wind.mean_speed_mps = ks_rng_range(&r, 0.0, 6.0);
  su.wind.bearing = ks_rng_range(&r, -KS_PI, KS_PI);
  su.wind.gustiness = ks_rng_range(&r, 0.0, 0.8);
  su.wind.swirl = ks_rng_range(&r, 0.0, 0.5);
  su.wind.gust_seed = ks_rng_next(&r);

  const daily_keeper *kp = &keepers[ks_rng_below(&r, KEEPER_COUNT)];
  k.keeper_name = kp->name;
  su.keeper.kind = kp->kind;
  su.keeper.rating = ks_rng_range(&r, 0.55, 0.85);
  su.keeper.reaction_s = ks_rng_range(&r, 0.18, 0.28);

  int32_t wall = (int32_t)ks_rng_below(&r, 6u); /* 0..5 */
  uint32_t mask = (uint32_t)(ks_rng_next(&r) & 0x3fu);
  double chance = ks_rng_range(&r, 0.5, 1.0);
  if (wall > 0) {
    kick_setup_wall_at(&su, wall);
    su.wall.jump_mask = mask & ((1u << wall) - 1u);
    su.wall.jump_chance = chance;
  }

  bool ring = ks_rng_chance(&r, 0.4);
  /* One draw per statement: C leaves the order of draws within one expression unspecified. */
  double rx = ks_rng_range(&r, 1.8, 3.0);
  if (!ks_rng_chance(&r, 0.5)) rx = -rx;
  double ry = ks_rng_range(&r, 0.6, 1.9);
  kick_ring_motion motion = (kick_ring_motion)ks_rng_below(&r, (uint32_t)kick_ring_motion_count);
  double period = ks_rng_range(&r, 2.0, 4.0);
  if (ring) {
    su.ring_count = 1;
    su.rings[0] = kick_ring_default(rx, ry);
    su.rings[0].radius = 0.65;
    su.rings[0].motion = motion;
    su.rings[0].amplitude = motion == KICK_RING_STATIC ? 0.0 : 0.4;
    su.rings[0].period_s = period;
  }
  su.match_seed = match_seed;
  su.kick_number = kick_number;
  ks_status st = kick_setup_validate(&su);
  if (st != KS_OK) return st;
  k.setup = su;
  *out = k;
  return KS_OK;
}

ks_status kick_daily_kick(int32_t y, int32_t m, int32_t d, uint64_t kick_number, kick_daily *out) {
  return kick_daily_build(y, m, d, kick_daily_seed(y, m, d), kick_number, out);
}
