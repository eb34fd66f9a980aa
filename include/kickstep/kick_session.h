// SPDX-License-Identifier: MIT
/// @file kickstep/kick_session.h
/// kickstep/kick_session.h — the free kick's game session: every rule of play, as one value.
///
/// A session is what a player plays: the World Tour (which level, which
/// attempt, the next level once a star is won, which levels are open, the
/// friend-in-goal rule, stars and bests, the tour's end), the Daily Kick (its
/// tries and streak) and a shared kick; the shooter's run-up; when the result
/// shows and when a tap may skip to it. It owns the director (kick_director.h)
/// and the swipe reader (kick_swipe.h, kick_aim.h). A front end only moves
/// bytes and time into it and draws what it says:
///
/// @code
///   kick_session_def d = kick_session_default_def();
///   static kick_session s;                       // a plain value (about 230 KB, most of it its cache)
///   kick_session_init(&s, &d);
///   kick_session_progress_load(&s, bytes, n);    // the player's stored progress, if any
///   kick_session_tour(&s, level, attempt);       // or kick_session_daily(&s, y, m, d)
///   every frame:   kick_session_frame(&s, now_seconds)  -> draw s.dir, read s.screen
///   on a swipe:    kick_session_swipe_begin / _point(t, x, y) / _end
///   on a tap:      kick_session_tap(&s, x, y)
///   on "next":     kick_session_next(&s)
///   after a kick:  kick_session_progress_save(&s, buf, cap, &n) -> store n bytes
/// @endcode
///
/// The session holds no pointer: copying it with `=` is a snapshot. It uses no
/// wall clock and no storage: time comes in through kick_session_frame and the
/// input's own timestamps, progress in and out as bytes.
///
/// The Daily Kick's tries can be re-simulated one by one from what the player
/// submitted (kick_session_daily_try_replay): the day's setup is rebuilt from
/// the date, the swipe is read again in the same picture and the kick is played
/// from the same step, so a board can check a claimed result with the same C.
#ifndef KICKSTEP_KICK_SESSION_H
#define KICKSTEP_KICK_SESSION_H

#include "kickstep/base.h"
#include "kickstep/events.h"
#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_score.h"
#include "kickstep/kick_swipe.h"

#ifdef __cplusplus
extern "C" {
#endif

/// World Tour levels a session keeps progress for.
#define KICK_SESSION_LEVELS (KICK_WORLD_COUNT * KICK_LEVELS_PER_WORLD)

/// What the session is playing: X(NAME, name). One list gives the enum and its names.
#define KICK_SESSION_MODES(X) \
  X(TOUR, tour)               \
  X(DAILY, daily)             \
  X(SHARED, shared)

/// Which screen a front end shows; the session decides when each one comes.
///   aim: waiting for a swipe; flight: the live kick plays; result: the kick is
///   over and the result stays until kick_session_next; replay: the instant replay
///   plays (a tap skips it).
#define KICK_SESSION_SCREENS(X) \
  X(AIM, aim)                   \
  X(FLIGHT, flight)             \
  X(RESULT, result)             \
  X(REPLAY, replay)

/// The player's options (kick_session_set_option).
///   effects: slow motion, replays and shake, 1 on (default) or 0, at once;
///   person_keeper: a second person keeps goal by taps, 0 off (default); World
///   Tour kicks only, from the next kick (or the kick being aimed): a friendly
///   earns no star and uses no attempt.
#define KICK_SESSION_OPTIONS(X) \
  X(EFFECTS, effects)           \
  X(PERSON_KEEPER, person_keeper)

/// @cond KS_SESSION_ENUMS
/* The enums are made from the lists above: KICK_SESSION_MODE_TOUR, ...,
   KICK_SESSION_SCREEN_AIM, ..., KICK_SESSION_OPT_EFFECTS, ..., each list
   ending with its _count. */
#define KICK_SESSION_ENUM_MODE(N, n) KICK_SESSION_MODE_##N,
#define KICK_SESSION_ENUM_SCREEN(N, n) KICK_SESSION_SCREEN_##N,
#define KICK_SESSION_ENUM_OPTION(N, n) KICK_SESSION_OPT_##N,
/// What the session is playing (KICK_SESSION_MODES).
typedef enum kick_session_mode { KICK_SESSION_MODES(KICK_SESSION_ENUM_MODE) kick_session_mode_count } kick_session_mode;
/// Which screen to show (KICK_SESSION_SCREENS).
typedef enum kick_session_screen {
  KICK_SESSION_SCREENS(KICK_SESSION_ENUM_SCREEN) kick_session_screen_count
} kick_session_screen;
/// An option id (KICK_SESSION_OPTIONS).
typedef enum kick_session_option {
  KICK_SESSION_OPTIONS(KICK_SESSION_ENUM_OPTION) kick_session_option_count
} kick_session_option;
#undef KICK_SESSION_ENUM_MODE
#undef KICK_SESSION_ENUM_SCREEN
#undef KICK_SESSION_ENUM_OPTION
/// @endcond

/// "tour", "daily", "shared"; "" out of range.
KS_API const char *kick_session_mode_name(int32_t mode);
/// "aim", "flight", "result", "replay"; "" out of range.
KS_API const char *kick_session_screen_name(int32_t screen);
/// "effects", "person_keeper"; "" out of range.
KS_API const char *kick_session_option_name(int32_t option);
/// "goal", "moment", "ring" (kick_points_kind); "" out of range.
KS_API const char *kick_points_kind_name(int32_t kind);

/// Every number of the session that is a rule. Get one from kick_session_default_def().
typedef struct kick_session_def {
  uint64_t tour_seed;             ///< the World Tour's match seed, the same for every player; default 20261029
  int32_t tour_attempts;          ///< attempts at a level before it starts again, 1..99; default 5
  int32_t runup_steps;            ///< the shooter's run-up: steps from the read swipe to the strike, 0..6000;
                                  ///< default 270 (0.45 s)
  int32_t result_delay_goal;      ///< steps of celebration after a goal before the result (no replay); default 900
  int32_t result_delay_miss;      ///< the same after a save, the woodwork, a block, wide or over; default 540
  int32_t result_delay_short;     ///< the same after a short; default 300
  int32_t daily_tries;            ///< the Daily Kick's tries a day: KICK_DAILY_TRIES (3), the record's rule
                                  ///< (kick_score.h); no other value is accepted
  bool effects;                   ///< slow motion, replays and shake at the start; default true
  bool person_keeper;             ///< a friend in goal at the start; default false
  double screen_width;            ///< the drawing's size at the start, CSS px; default 1280
  double screen_height;           ///< default 800
  uint32_t cookie;                ///< set by kick_session_default_def; do not touch
} kick_session_def;

/// What the session keeps of the last swipe or key kick it read: enough to
/// re-simulate it (kick_session_daily_try_replay).
#define KICK_SESSION_MAX_SAMPLES 512
/// One read kick as it came in.
typedef struct kick_session_input {
  bool keys;                      ///< a keyboard kick (keys, hold) instead of a swipe
  double screen_width;            ///< the screen it was swiped on, CSS px
  double screen_height;           ///< CSS px
  int32_t sample_count;           ///< swipe samples in samples[0..sample_count); 0 for keys
  bool samples_dropped;           ///< the swipe had more than KICK_SESSION_MAX_SAMPLES: it cannot be re-read
  kick_touch samples[KICK_SESSION_MAX_SAMPLES]; ///< px of the screen, y down, t in s (as given)
  kick_keys key_kick;             ///< the keys (aim, height, bend, hold_s) of a key kick
  int64_t read_step;              ///< the live shot's step when it was read (the wait on the spot)
} kick_session_input;

/// The session: one plain value. Fields are read-only for front ends.
typedef struct kick_session {
  kick_session_def def;           ///< the rules it was built with
  kick_director dir;              ///< the director of the kick on screen
  kick_swipe swipe;               ///< the swipe being drawn
  kick_swipe_reading reading;     ///< the last kick read (swipe or keys)
  kick_aim_reading aim;           ///< the last swipe read in the picture
  kick_session_input input;       ///< the last kick as it came in
  double screen_w;                ///< the drawing's width, CSS px (kick_session_screen_size)
  double screen_h;                ///< the drawing's height, CSS px
  ks_events events;               ///< director events of the last frame (or tap)
  int32_t mode;                   ///< kick_session_mode
  int32_t level;                  ///< World Tour level index (a shared kick: its level, or -1)
  int32_t year;                   ///< the Daily Kick's date: year
  int32_t month;                  ///< month 1..12
  int32_t day;                    ///< day of the month
  int32_t attempt;                ///< 1-based
  int32_t goals;                  ///< goals this session (this level, or today's Daily Kick)
  int32_t best_stars;             ///< best stars on this level in this session
  int32_t last_stars;             ///< stars of the last decided kick
  int32_t screen;                 ///< kick_session_screen
  int32_t last_outcome;           ///< kick_outcome of the last decided kick
  uint32_t last_moments;          ///< its kick_moment bits
  uint64_t match_seed;            ///< the kick's match seed
  bool effects;                   ///< the effects option
  bool person_keeper;             ///< the friend-in-goal option
  bool decided_seen;              ///< the live kick's decision has been counted
  bool friendly;                  ///< the last decided kick had a person in goal: it earned and used nothing
  bool has_share;                 ///< the kick on screen came from a share code
  bool started;                   ///< the director has been built
  bool skip;                      ///< a tap asked for the result
  kick_points points;             ///< the last decided kick's points
  kick_miss miss;                 ///< the last decided kick's miss (KICK_MISS_NONE for a goal)
  int32_t miss_repeat;            ///< decided kicks in a row, up to the last, that missed the same way
  int32_t stars[KICK_SESSION_LEVELS]; ///< the World Tour's stars per level, 0..3
  int32_t best[KICK_SESSION_LEVELS];  ///< best points per level (a kick with a star)
  bool tour_complete;             ///< the last level has just been passed
  kick_daily_record daily;        ///< the Daily Kick's record (kick_score.h)
  kick_keys keys;                 ///< the keyboard's aim, height and bend
  bool key_charging;              ///< the power key is down
  double key_t0;                  ///< when it went down, s
  kick_shot_cache cache;          ///< the director's shot cache (kick_batch.h): the wind by step, filled while
                                  ///< the player aims, and the keeper's latest estimate; a pure cache, checked
                                  ///< on every bit it stands for, so it changes no result
  uint32_t cookie;                ///< set by kick_session_init
} kick_session;

/// Defaults as documented on each field.
KS_API kick_session_def kick_session_default_def(void);
/// KS_OK, or why the def is unusable (KS_ERR_NULL, KS_ERR_UNINITIALISED, KS_ERR_RANGE, KS_ERR_NOT_FINITE).
KS_API ks_status kick_session_def_check(const kick_session_def *def);
/// A session with no progress, on no kick yet (kick_session_tour or _daily
/// starts one). Errors: the def's. s is untouched on error.
KS_API ks_status kick_session_init(kick_session *s, const kick_session_def *def);
/// KS_OK when s was built by kick_session_init; KS_ERR_NULL, KS_ERR_UNINITIALISED otherwise.
KS_API ks_status kick_session_check(const kick_session *s);

/* ------------------------------------------------------------------ kicks */

/// World Tour level `level` (0-based), attempt 1..tour_attempts, on the tour's seed.
/// Errors: KS_ERR_NOT_FOUND (no such level), KS_ERR_RANGE (attempt).
KS_API ks_status kick_session_tour(kick_session *s, int32_t level, int32_t attempt);
/// The same on another match seed (0 counts as 1): tests and share codes.
KS_API ks_status kick_session_tour_seeded(kick_session *s, int32_t level, uint64_t seed, int32_t attempt);
/// The Daily Kick of a date (UTC): the next of the day's tries in the record.
/// KS_ERR_RANGE once the day's tries are used or for a date before the
/// record's day; KS_ERR_NOT_FOUND for a date that does not exist.
KS_API ks_status kick_session_daily(kick_session *s, int32_t year, int32_t month, int32_t day);
/// The next kick: World Tour, the next level once this one has a star (the
/// same level again after a miss, from attempt 1 once all are used; the same
/// attempt after a friendly); Daily Kick, the next try. KS_ERR_STATE off the
/// result screen or for a shared kick; KS_ERR_RANGE after the last level or try.
KS_API ks_status kick_session_next(kick_session *s);
/// Plays a decoded share code's kick (kick_replay_start_director).
KS_API ks_status kick_session_share(kick_session *s, const kick_replay *r);
/// An option (kick_session_option). KS_ERR_NOT_FOUND, KS_ERR_NOT_FINITE.
KS_API ks_status kick_session_set_option(kick_session *s, int32_t option, double value);

/* ------------------------------------------------------------------ input */

/// The drawing's size, CSS px: the aiming camera is framed for it and swipes
/// are read in it. Refused outside kick_aim_screen_check, or while a swipe
/// with samples is being drawn (KS_ERR_STATE).
KS_API ks_status kick_session_screen_size(kick_session *s, double width, double height);
/// A new swipe. KS_ERR_STATE off the aiming screen.
KS_API ks_status kick_session_swipe_begin(kick_session *s);
/// One sample: t in s (the event's own timestamp), x, y in CSS px (y down).
KS_API ks_status kick_session_swipe_point(kick_session *s, double t, double x, double y);
/// The swipe is over: read in the picture; the shooter runs up and strikes it
/// def.runup_steps later. The reader's status on a refused swipe (s->reading.error says why).
KS_API ks_status kick_session_swipe_end(kick_session *s);
/// The keyboard's aim (-1..1), height (0..1) and bend (-1..1).
KS_API ks_status kick_session_keys_set(kick_session *s, double aim, double height, double bend);
/// The power key goes down at t, s.
KS_API ks_status kick_session_keys_charge(kick_session *s, double t);
/// The power key comes up at t: the keys are read (kick_keys_read) and kicked.
KS_API ks_status kick_session_keys_release(kick_session *s, double t);
/// The power meter at t while the key is held (0 otherwise): drawing only.
KS_API double kick_session_keys_power(const kick_session *s, double t);
/// A tap: skips a replay; with a person in goal, a dive at (x, y) on the
/// keeper's line; otherwise, once the kick is decided or rolling on the
/// ground, skips to the result.
KS_API ks_status kick_session_tap(kick_session *s, double x, double y);

/* ------------------------------------------------------------------ time */

/// One display refresh at `target_seconds` (the frame's own timestamp). Returns
/// the steps run (live and replay), or a negative ks_status.
KS_API int32_t kick_session_frame(kick_session *s, double target_seconds);
/// Tab hidden / shown: no catch-up.
KS_API void kick_session_pause(kick_session *s);
/// See kick_session_pause.
KS_API void kick_session_resume(kick_session *s);

/* ------------------------------------------------------------------ reading */

/// Whether a tap now skips to the result.
KS_API bool kick_session_can_skip(const kick_session *s);
/// The World Tour attempt to store once a kick is read (0 outside the tour or before a kick is read).
KS_API int32_t kick_session_attempt_spent(const kick_session *s);
/// Level i is open: the first, or the one before it has a star. -1 out of range.
KS_API int32_t kick_session_level_unlocked(const kick_session *s, int32_t level);
/// Stars of the whole tour.
KS_API int32_t kick_session_tour_stars(const kick_session *s);
/// The most stars the tour holds (levels x KICK_STAR_COUNT).
KS_API int32_t kick_session_tour_stars_max(void);
/// Best points of the whole tour.
KS_API int32_t kick_session_tour_points(const kick_session *s);
/// The Daily Kick's tries left on the session's date (0 outside the Daily Kick).
KS_API int32_t kick_session_daily_tries_left(const kick_session *s);
/// Steps after the decision before the result shows when no replay plays.
KS_API int64_t kick_session_result_delay(const kick_session *s);

/* ------------------------------------------------------------------ progress */

/// The player's stored progress of a level: stars 0..3, best points >= 0.
/// The session keeps the better of what it has and this.
KS_API ks_status kick_session_progress_set(kick_session *s, int32_t level, int32_t stars, int32_t best_points);
/// The player's stored Daily Kick record (checked with kick_daily_record_check).
KS_API ks_status kick_session_daily_set(kick_session *s, const kick_daily_record *r);

/// Bytes of stored progress (kick_session_progress_save).
///
/// Format, version 1, all integers little-endian:
///   0  4  magic "KSPG"
///   4  1  version (1)
///   5  1  levels L (KICK_SESSION_LEVELS = 30)
///   6  L  stars of each level, 0..3
///   6+L 4L best points of each level, int32 >= 0
///   then the Daily Kick record, 7 x int32: day, tries, goals_mask, best_points,
///        streak, best_streak, last_goal_day
///   then 8 bytes: ks_fnv1a64 of every byte before it
#define KICK_SESSION_PROGRESS_BYTES (4 + 1 + 1 + 5 * KICK_SESSION_LEVELS + 7 * 4 + 8)
/// Writes the tour's stars and bests and the Daily Kick record. KS_ERR_CAPACITY
/// when cap < KICK_SESSION_PROGRESS_BYTES.
KS_API ks_status kick_session_progress_save(const kick_session *s, uint8_t *buf, size_t cap, size_t *len);
/// The progress to store once a kick is read, before its result: the same
/// bytes, with a Daily Kick try in flight counted as used (a miss until its
/// result says more), so that reloading the page does not give the try back.
KS_API ks_status kick_session_progress_save_spent(const kick_session *s, uint8_t *buf, size_t cap, size_t *len);
/// Reads stored progress: all or nothing. KS_ERR_TRUNCATED (too short),
/// KS_ERR_FORMAT (magic, level count, a field out of range, trailing bytes),
/// KS_ERR_VERSION, KS_ERR_CHECKSUM. The session keeps the better of each
/// level's stars and best; the Daily Kick record is replaced.
KS_API ks_status kick_session_progress_load(kick_session *s, const uint8_t *buf, size_t len);

/* ------------------------------------------------------------------ a Daily try, again */

/// What one kick ended in.
typedef struct kick_session_result {
  kick_outcome outcome;           ///< how it ended
  uint32_t moments;               ///< kick_moment bits
  int32_t points;                 ///< kick_score_points total
  int64_t decision_step;          ///< the live clock's total steps at the decision
  uint64_t final_hash;            ///< kick_shot_hash right after the deciding step
  kick_launch launch;             ///< the kick read from the input
} kick_session_result;

/// Re-simulates try `try_number` (1..daily_tries) of the Daily Kick of a date
/// from what was submitted: the day's setup rebuilt from the date (no
/// player's history, no friend in goal), the swipe read again in the same
/// picture (or the keys), struck def->runup_steps after input->read_step, and
/// played to its decision. The result equals what kick_session reported for
/// that try. def may be NULL for the defaults. Errors: KS_ERR_NOT_FOUND (date),
/// KS_ERR_RANGE (try, read_step, screen), the reader's status for a refused
/// swipe, KS_ERR_CAPACITY (samples dropped), KS_ERR_STATE (not decided in 10 s).
KS_API ks_status kick_session_daily_try_replay(const kick_session_def *def, int32_t year, int32_t month, int32_t day,
                                               int32_t try_number, const kick_session_input *input,
                                               kick_session_result *out);
/// The result of the last decided kick of a session (KS_ERR_STATE before one).
KS_API ks_status kick_session_last_result(const kick_session *s, kick_session_result *out);

#ifdef __cplusplus
}
#endif
#endif
