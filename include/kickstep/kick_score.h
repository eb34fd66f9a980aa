// SPDX-License-Identifier: MIT
/// @file kickstep/kick_score.h
/// kickstep/kick_score.h — what a kick scores, and the Daily Kick's record.
///
/// Points. A decided shot scores points (kick_score_points): 1000 for a goal
/// and more for each of its moments (a top corner, a curler, a rocket, a
/// Panenka, in off the woodwork, past the keeper, each ring it went through),
/// and a little for hitting the woodwork. The result lists every item, so a
/// page can say what the points were for. The World Tour keeps the best
/// points and stars per level; the Daily Kick keeps the day's best.
///
/// The Daily Kick's record. Three tries a day (KICK_DAILY_TRIES). A
/// kick_daily_record is a plain value a front end stores between visits (the
/// page keeps it in localStorage) and gives back: kick_daily_record_open
/// moves it to today, kick_daily_record_kick records a try. The streak
/// counts the days in a row on which the player scored at least once; a day
/// without a goal, or a day not played, ends it. kick_daily_share_text writes
/// the day's result as one line of text ("Daily Kick 2026-12-01: ⚽⚽❌").
///
/// Days are counted as days since 1970-01-01 (UTC): kick_day_number.
/// Freestanding: no libc, no allocation.
#ifndef KICKSTEP_KICK_SCORE_H
#define KICKSTEP_KICK_SCORE_H

#include "kickstep/base.h"
#include "kickstep/kick.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ points */

#define KICK_POINTS_GOAL 1000            ///< a goal
#define KICK_POINTS_TOP_CORNER 500       ///< the top corner
#define KICK_POINTS_CURLER 300           ///< a curler
#define KICK_POINTS_ROCKET 400           ///< a rocket (30 m/s or more)
#define KICK_POINTS_PANENKA 700          ///< a Panenka
#define KICK_POINTS_IN_OFF_WOODWORK 300  ///< in off the post or bar
#define KICK_POINTS_PAST_KEEPER 200      ///< a goal the keeper got a hand to
#define KICK_POINTS_RING 250             ///< each target ring the ball went through (goal or not)
#define KICK_POINTS_WOODWORK 100         ///< hit the woodwork and stayed out
#define KICK_POINTS_MAX_ITEMS 12         ///< most items one kick's points list

/// What a points item is for.
typedef enum kick_points_kind {
  KICK_POINTS_FOR_GOAL = 0, ///< the goal itself
  KICK_POINTS_FOR_MOMENT,   ///< `moment` says which (a kick_moment bit)
  KICK_POINTS_FOR_RING,     ///< `ring` says which
  kick_points_kind_count    ///< the number of kinds
} kick_points_kind;

/// One line of a kick's points.
typedef struct kick_points_item {
  kick_points_kind kind;    ///< what the points are for
  uint32_t moment;          ///< the kick_moment bit (KICK_POINTS_FOR_MOMENT), else 0
  int32_t ring;             ///< the ring index (KICK_POINTS_FOR_RING), else -1
  int32_t points;           ///< the points of this item
} kick_points_item;

/// A kick's points.
typedef struct kick_points {
  int32_t total;            ///< the sum of the items' points
  int32_t count;            ///< items used
  kick_points_item items[KICK_POINTS_MAX_ITEMS]; ///< the items, items[0..count)
} kick_points;

/// The points of a decided shot (all zero for NULL or an undecided shot).
KS_API kick_points kick_score_points(const kick_shot *shot);

/* --------------------------------------------------------- the Daily Kick */

#define KICK_DAILY_TRIES 3        ///< tries a day

/// The player's Daily Kick record (store it, give it back). Zero-initialised
/// means "never played".
typedef struct kick_daily_record {
  int32_t day;              ///< the day this record is about (kick_day_number); 0 = never played
  int32_t tries;            ///< tries used that day, 0..KICK_DAILY_TRIES
  uint32_t goals_mask;      ///< bit i: try i + 1 was a goal
  int32_t best_points;      ///< the day's best points, >= 0
  int32_t streak;           ///< days in a row, up to `day`, with at least one goal
  int32_t best_streak;      ///< the longest streak ever
  int32_t last_goal_day;    ///< the last day with a goal (0: none)
} kick_daily_record;

/// Days since 1970-01-01 of a proleptic Gregorian date; -1 for an invalid date
/// (month 1..12, a day that exists, year 1970..9999).
KS_API int32_t kick_day_number(int32_t year, int32_t month, int32_t day);

/// Checks a stored record: KS_ERR_NULL, KS_ERR_RANGE for a field out of range
/// (tries, goals beyond the tries, negative counts, a last goal after the day).
KS_API ks_status kick_daily_record_check(const kick_daily_record *r);

/// Brings a record to `today`: a new day starts with no tries; the streak
/// survives only if the last goal was yesterday or today. KS_ERR_RANGE for a
/// `today` before the record's day (the clock went back: nothing changes).
KS_API ks_status kick_daily_record_open(kick_daily_record *r, int32_t today);

/// Tries left today (0 once all are used).
KS_API int32_t kick_daily_tries_left(const kick_daily_record *r, int32_t today);

/// Records a try of `today`: KS_ERR_STATE when no try is left (or the record is
/// not open on today), else the try, its goal (first goal of the day: the
/// streak grows) and the day's best.
KS_API ks_status kick_daily_record_kick(kick_daily_record *r, int32_t today, bool goal, int32_t points);

/// Writes the day's result as UTF-8: "Daily Kick 2026-12-01: ⚽⚽❌" (a ball per
/// goal, a cross per miss, in the order played), NUL-terminated. Returns the
/// length in bytes (without the NUL), or 0 if it does not fit or the record is
/// not about that date.
KS_API size_t kick_daily_share_text(const kick_daily_record *r, int32_t year, int32_t month, int32_t day,
                                    char *buf, size_t cap);

/* ------------------------------------------------------- a miss in words */

/// What kind of miss a decided kick was (kick_miss_of). Left and right are
/// the shooter's, as they face the goal: the left post is the one at +x
/// (kick.h), drawn on the screen's left by a camera behind the ball; the
/// right post is at -x.
typedef enum kick_miss_kind {
  KICK_MISS_NONE = 0,     ///< a goal, or not decided
  KICK_MISS_WIDE_LEFT,    ///< crossed the line outside the post at +x (the shooter's left)
  KICK_MISS_WIDE_RIGHT,   ///< crossed the line outside the post at -x (the shooter's right)
  KICK_MISS_OVER,         ///< crossed the line over the bar
  KICK_MISS_WOODWORK,     ///< off a post or the bar, and stayed out
  KICK_MISS_SAVED,        ///< the keeper kept it out
  KICK_MISS_BLOCKED,      ///< the wall kept it out
  KICK_MISS_SHORT,        ///< it never reached the goal line
  kick_miss_kind_count    ///< the number of kinds
} kick_miss_kind;

/// A miss: its kind and how far it was.
typedef struct kick_miss {
  kick_miss_kind kind;      ///< what kind of miss
  double distance_m;        ///< wide: the gap between the ball and the post; over: between the ball and
                            ///< the bar (edge to edge, >= 0), m; 0 for the other kinds
  bool high;                ///< wide, and above the bar as well
  uint32_t touches;         ///< woodwork: the KICK_TOUCH_* woodwork bits it hit; else 0
} kick_miss;

/// The miss of a kick from its outcome, its crossing of the goal line
/// (`crossed` false: `crossing` is not read) and its KICK_TOUCH_* contacts.
/// KICK_MISS_NONE for a goal or an undecided kick.
KS_API kick_miss kick_miss_of(kick_outcome outcome, bool crossed, ks_vec3 crossing, uint32_t touches);

/// kick_miss_of for a shot (KICK_MISS_NONE for NULL).
KS_API kick_miss kick_shot_miss(const kick_shot *shot);

/// The miss in the words a player uses, UTF-8, NUL-terminated: "just wide of
/// the right post", "a metre wide of the left post", "high and two metres wide
/// of the right post", "just over the bar", "off the left post", "saved by the
/// keeper" ... ("" for KICK_MISS_NONE). Returns the length in bytes (without
/// the NUL), or 0 if it does not fit (buf then holds ""). 64 bytes always fit.
KS_API size_t kick_miss_text(const kick_miss *miss, char *buf, size_t cap);

/// A short tip for a player who has just made the same kind of miss twice in
/// a row ("" for KICK_MISS_NONE or out of range). A static string.
KS_API const char *kick_miss_tip(kick_miss_kind kind);

#ifdef __cplusplus
}
#endif
#endif
