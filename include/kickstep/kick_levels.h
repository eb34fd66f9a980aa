// SPDX-License-Identifier: MIT
/// @file kickstep/kick_levels.h
/// The game's content: the World Tour and the Daily Kick.
///
/// World Tour. Six worlds of five levels, 30 in all, as constant data. Each
/// level has an id ("5-2": world 5, level 2), a name ("Set Piece"), a spot,
/// the weather (a wet pitch), the wind (mean, bearing, gustiness, swirl, gust
/// seed), a keeper with a name and a character, a wall, target rings and
/// their motion, and three star rules. A level becomes a kick_setup with
/// kick_level_setup(level, match_seed, kick_number, &setup): the level fixes
/// everything but the dice, which come from the match seed and the kick
/// number as for any kick. The table: docs/levels.md.
///
/// Stars. A level has three star rules. Star n is earned when the decided
/// shot meets rule n and every rule before it (stars come in order), so
/// kick_level_stars returns 0..3; an undecided shot earns 0. A rule can ask
/// for a goal, any (or all) of a set of moments (kick_moment bits), all of a
/// set of target rings or a number of rings, a launch speed range, and no
/// touch of a set of things
/// (KICK_TOUCH_* bits, e.g. "the keeper never touched it").
///
/// Daily Kick. kick_daily_build(year, month, day, ...) makes the day's
/// setup from the date alone: the spot, the wind, the venue, the keeper and
/// the wall are drawn from a generator seeded by the day, so everyone gets the
/// same setup that day whatever their match seed. The match seed and kick
/// number only seed the kick's dice (the keeper's reading errors, his guess).
/// The game's rule is kick_daily_kick: the day's kicks are seeded from the
/// day (match seed = kick_daily_seed), kick number n for the day's n+1-th
/// kick, so the dice agree for everyone too; the page and kick-cli both use
/// it. The swipe and its timing decide the rest.
///
/// Everything here is freestanding and constant: no statics are written, no
/// allocation, no I/O. The strings are static constant text.
#ifndef KICKSTEP_KICK_LEVELS_H
#define KICKSTEP_KICK_LEVELS_H

#include "kickstep/base.h"
#include "kickstep/kick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_WORLD_COUNT 6           ///< worlds in the World Tour
#define KICK_LEVELS_PER_WORLD 5      ///< levels per world
#define KICK_STAR_COUNT 3            ///< star rules per level

/// One star rule: every condition set here must hold (an unset one always holds).
typedef struct kick_star_rule {
  bool need_goal;           ///< the outcome is KICK_OUTCOME_GOAL
  uint32_t moments_any;     ///< at least one of these kick_moment bits (0: no condition)
  uint32_t moments_all;     ///< every one of these kick_moment bits (0: no condition)
  uint32_t rings_all;       ///< every one of these rings (bit i = ring i) was passed through (0: none)
  int32_t rings_min;        ///< at least this many rings were passed through (0: no condition)
  uint32_t no_touch;        ///< none of these KICK_TOUCH_* bits was touched (0: no condition)
  double min_speed_mps;     ///< launch speed at least (0: no condition)
  double max_speed_mps;     ///< launch speed at most (0: no condition)
  const char *text;         ///< what the player is told, e.g. "Score through the ring"
} kick_star_rule;

/// A reference kick the level is known to be playable with: the solver's
/// inputs (aim on the goal line, speed, bend). tests/kick/test_levels.c checks
/// that the solver reaches the aim and what the kick does on the level.
typedef struct kick_level_aim {
  double aim_x;             ///< aim on the goal line, across, m
  double aim_y;             ///< aim on the goal line, height, m
  double speed_mps;         ///< m/s
  double bend;              ///< -1..1 (kick_solver_def.bend)
} kick_level_aim;

/// One World Tour level (constant data; see docs/levels.md).
typedef struct kick_level {
  const char *id;           ///< "w-n", e.g. "5-2"
  const char *name;         ///< e.g. "Set Piece"
  int32_t world;            ///< 1..6
  int32_t number;           ///< 1..5 within the world
  const char *world_name;   ///< e.g. "Grand Stadium"
  const char *blurb;        ///< one line for the level card
  double spot_x;            ///< m (kick.h frame)
  double spot_z;            ///< m
  bool wet;                 ///< wet pitch
  kick_wind_def wind;       ///< mean speed, bearing, gustiness, swirl, gust seed
  kick_keeper_kind keeper_kind; ///< the keeper (KICK_KEEPER_NONE for an empty goal)
  const char *keeper_name;  ///< e.g. "Rafa Ortega" ("" with no keeper)
  double keeper_rating;     ///< 0..1
  double keeper_reaction_s; ///< s
  int32_t wall_count;       ///< 0..6, placed 9.15 m from the spot towards the goal's middle
  uint32_t wall_jump_mask;  ///< bit i: wall player i may jump
  double wall_jump_chance;  ///< 0..1
  int32_t ring_count;       ///< 0..KICK_RING_MAX
  kick_ring_def rings[KICK_RING_MAX]; ///< target rings rings[0..ring_count)
  kick_star_rule stars[KICK_STAR_COUNT]; ///< the three star rules, in order
  kick_level_aim aim;       ///< a reference kick (see kick_level_aim)
} kick_level;

/// Number of World Tour levels (30).
KS_API int32_t kick_level_count(void);
/// Level i (0-based, in tour order 1-1 .. 6-5), NULL when out of range.
KS_API const kick_level *kick_level_at(int32_t i);
/// Index of the level whose id ("5-2") or name ("Set Piece", ASCII case-insensitive)
/// matches; -1 when none does (or key is NULL).
KS_API int32_t kick_level_find(const char *key);
/// As kick_level_find with a status: KS_ERR_NULL, KS_ERR_NOT_FOUND; *index untouched on error.
KS_API ks_status kick_level_lookup(const char *key, int32_t *index);
/// The level's setup for kick `kick_number` of match `match_seed`.
/// KS_ERR_NULL; the setup is validated (kick_setup_validate) before it is written.
KS_API ks_status kick_level_setup(const kick_level *level, uint64_t match_seed, uint64_t kick_number,
                                  kick_setup *out);
/// Stars earned by a shot on this level: 0..3 (0 while undecided or for NULL).
KS_API int32_t kick_level_stars(const kick_level *level, const kick_shot *shot);
/// True when the decided shot meets one star rule (ignores the rules before it).
KS_API bool kick_star_rule_met(const kick_star_rule *rule, const kick_shot *shot);

/* ---------------------------------------------------------------- Daily Kick */

#define KICK_DAILY_MIN_YEAR 2000     ///< earliest accepted year
#define KICK_DAILY_MAX_YEAR 2999     ///< latest accepted year

/// A day's kick.
typedef struct kick_daily {
  int32_t year;             ///< the date (Gregorian calendar): year
  int32_t month;            ///< month, 1..12
  int32_t day;              ///< day of the month, 1..31
  int64_t day_number;       ///< days since 1970-01-01
  uint64_t day_seed;        ///< kick_daily_seed of the date
  int32_t venue_index;      ///< index into the venue list
  const char *venue;        ///< the venue's name
  const char *keeper_name;  ///< the keeper's name ("" with no keeper)
  kick_setup setup;         ///< ready for kick_shot_init
} kick_daily;

/// True when y-m-d is a real Gregorian date with KICK_DAILY_MIN_YEAR <= y <= KICK_DAILY_MAX_YEAR.
KS_API bool kick_daily_date_valid(int32_t year, int32_t month, int32_t day);
/// The day's seed (a mix of the day number); 0 for an invalid date.
KS_API uint64_t kick_daily_seed(int32_t year, int32_t month, int32_t day);
/// Builds the day's kick. KS_ERR_NULL; KS_ERR_RANGE for an invalid date (Feb 30,
/// month 13, a year out of range); out untouched on error.
KS_API ks_status kick_daily_build(int32_t year, int32_t month, int32_t day, uint64_t match_seed,
                                  uint64_t kick_number, kick_daily *out);
/// The Daily Kick as it is played, in the page and in kick-cli: the day's
/// setup with the day's seed (kick_daily_seed) as its match seed and
/// `kick_number` as its kick number (0 for the day's first kick, n for the
/// n+1-th try). Errors as kick_daily_build.
KS_API ks_status kick_daily_kick(int32_t year, int32_t month, int32_t day, uint64_t kick_number, kick_daily *out);
/// Number of Daily Kick venues.
KS_API int32_t kick_daily_venue_count(void);
/// Venue i's name (NULL when out of range).
KS_API const char *kick_daily_venue(int32_t i);

#ifdef __cplusplus
}
#endif
#endif
