// SPDX-License-Identifier: MIT
/// wasm/kick_exports.c — the free-kick game's boundary with the browser.
///
/// The page (web/kick/) calls these functions and reads one flat array of
/// doubles, the *view*, out of the module's memory each frame; it holds no
/// game rule. What a swipe means (kick_swipe.h), how frames become steps, slow
/// motion, the replay queue and its camera (kick_director.h), the levels, stars
/// and the Daily Kick (kick_levels.h) and share codes (kick_replay.h) are all
/// C. This file only keeps the session together: which level, which attempt,
/// when the result is shown.
///
/// The same file builds natively (tests/web/kick_native.c), so a test can
/// feed the exact calls a page made to native code and compare bit for bit.
///
/// Exports (wasm names; numbers are doubles or 32-bit integers; statuses are ks_status):
///   kx_init(level, seed_lo, seed_hi)        World Tour level (0-based index), a match seed
///   kx_init_attempt(level, lo, hi, attempt) the same, resuming a stored attempt (1..5)
///   kx_progress_set(level, stars, best)     the player's stored stars and best points of a level
///   kx_level_stars/best/unlocked(level)     the tour's progress as the session keeps it
///   kx_init_daily(year, month, day)         the Daily Kick of a date (UTC), after kx_daily_set
///   kx_daily_set(day, tries, goals, best, streak, best_streak, last_goal_day)
///                                           the player's stored Daily Kick record (kick_score.h)
///   kx_daily_share() -> length              the day's share line at kx_text()
///   kx_next()                               next attempt, or the next level once passed
///   kx_screen(width, height)                the drawing's size in CSS pixels (default 1280x800):
///                                           the aiming camera (kick_aim.h) is framed for it
///   kx_swipe_begin() / kx_swipe_point(t, x, y) / kx_swipe_end()
///       a swipe: t in seconds from the pointer events' own timestamps; x, y in
///       CSS pixels of the kx_screen (x right, y down). kx_swipe_end reads it in
///       the aiming camera's picture (kick_aim_read); the shooter runs up and
///       strikes it KX_RUNUP_STEPS later.
///   kx_keys_set(aim, height, bend) / kx_keys_charge(t) / kx_keys_release(t)
///       a keyboard kick (kick_keys_read): the arrows' aim and height, the bend,
///       the power key held from t to t (its key events' own timestamps)
///   kx_keys_power(t)                        the power meter now (drawing only)
///   kx_frame(target_seconds)                one display refresh (rAF timestamp / 1000)
///   kx_pause() / kx_resume()                tab hidden / shown: no catch-up
///   kx_tap(x, y)                            a tap: skips a replay; with a person in
///                                           goal, a dive at (x, y) on the keeper's line;
///                                           otherwise, once the kick is decided or
///                                           rolling on the ground, skips to the result
///   kx_points_count/kind/what/value(i)      what the last kick's points were for
///   kx_set_option(id, value)                KX_OPT_* (kick_exports.h)
///   kx_share_encode() -> length             the share code of the last kick, at kx_text()
///   kx_share_load(length)                   plays the share code at kx_text()
///   kx_view() / kx_view_count() / kx_view_name(i)
///   kx_events() / kx_event_count() / kx_event_name(type)
///   kx_level_text(i, what), kx_text(), kx_status_name(s), kx_outcome_name(o), kx_moment_name(bit)
///   kx_miss_text() / kx_miss_tip() / kx_miss_kind()
///                                           the last kick's miss in a player's words, a tip when it
///                                           repeats (kick_score.h), its kick_miss_kind
///   kx_attempt_spent()                      the tour attempt to store once a kick is read
#include "kickstep/base.h"
#include "kickstep/dmath.h"
#include "kickstep/events.h"
#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_score.h"
#include "kickstep/kick_swipe.h"
#include "kickstep/vec.h"

#include "kick_exports.h"

#if defined(__wasm__)
#define KX_EXPORT(name) __attribute__((export_name(#name)))
#else
#define KX_EXPORT(name)
#endif

/* ------------------------------------------------------------------ the view */

#define KX_FIELD(name) KX_V_##name,
enum { KX_VIEW_FIELDS(KX_FIELD) KX_VIEW_COUNT };
#undef KX_FIELD
#define KX_NAME(name) #name,
static const char *const kx_view_names[KX_VIEW_COUNT] = {KX_VIEW_FIELDS(KX_NAME)};
#undef KX_NAME

/* ------------------------------------------------------------------ session */

#define KX_LEVELS (KICK_WORLD_COUNT * KICK_LEVELS_PER_WORLD)
/* The result comes this long (game time) after the decision when no replay plays. */
#define KX_RESULT_DELAY_GOAL 900    ///< 1.5 s of celebration after a goal
#define KX_RESULT_DELAY_MISS 540    ///< 0.9 s after a save, the woodwork, a block, wide or over
#define KX_RESULT_DELAY_SHORT 300   ///< 0.5 s after a short: nothing more to see

typedef struct kx_session {
  kick_director dir;
  kick_swipe swipe;
  kick_swipe_reading reading;
  kick_aim_reading aim;    ///< the last swipe read in the picture
  double screen_w, screen_h; ///< the drawing's size, CSS px (kx_screen)
  ks_events events;        ///< events of the last frame
  int32_t mode;            ///< KX_MODE_*
  int32_t level;           ///< tour level index
  int32_t year, month, day;
  int32_t attempt;         ///< 1-based
  int32_t goals;           ///< goals in this session (this level, or today's daily)
  int32_t best_stars;      ///< best stars on this level in this session
  int32_t last_stars;      ///< stars of the last decided kick
  int32_t screen;          ///< KX_SCREEN_*
  int32_t last_outcome;
  uint32_t last_moments;
  uint64_t match_seed;
  int32_t effects;
  int32_t person_keeper;
  int32_t decided_seen;
  int32_t friendly;        ///< the last decided kick had a person in goal: it earned and used nothing
  int32_t has_share;
  int32_t started;         ///< the director has been built
  int32_t skip;            ///< a tap asked for the result
  kick_points points;      ///< the last decided kick's points
  kick_miss miss;          ///< the last decided kick's miss (KICK_MISS_NONE for a goal)
  int32_t miss_repeat;     ///< decided kicks in a row, up to the last, that missed the same way (0 after a goal)
  /* the World Tour's progress: given by the page from its storage, kept up to date here */
  int32_t stars[KX_LEVELS];
  int32_t best[KX_LEVELS];
  int32_t tour_complete;   ///< the last level has just been passed
  /* the Daily Kick's record (kick_score.h) */
  kick_daily_record daily;
  /* the keys */
  kick_keys keys;
  int32_t key_charging;
  double key_t0;
} kx_session;

static kx_session g = {.effects = 1, .keys = {0.0, 0.45, 0.0, 0.0}, .screen_w = 1280.0, .screen_h = 800.0};

/* The swipe reader's units: CSS pixels of the screen the picture is drawn on. */
static kick_swipe_def kx_swipe_def(void) {
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = g.screen_h;
  return sd;
}
static double g_view[KX_VIEW_COUNT];
static double g_events[KS_EVENTS_CAPACITY * 6];
static char g_text[KICK_REPLAY_MAX_CODE + 1];

static void kx_after_start(void) {
  g.screen = KX_SCREEN_AIM;
  g.decided_seen = 0;
  g.friendly = 0;
  g.skip = 0;
  g.key_charging = 0;
  ks_events_clear(&g.events);
  kick_swipe_def sd = kx_swipe_def();
  kick_swipe_begin(&g.swipe, &sd);
  g.reading = (kick_swipe_reading){0};
  g.aim = (kick_aim_reading){0};
}

/// Makes `su` the next kick. The first kick builds the director; later ones
/// keep its settings and frame timing and the player's last eight shots
/// (kick_director_next_kick). A `fresh` kick starts a new director instead:
/// the Daily Kick is the same for everyone, so no player's history reaches
/// its learner keeper, and no friend takes its keeper's place (`friend` false).
static ks_status kx_start(const kick_setup *su, bool fresh, bool friend) {
  kick_setup s = *su;
  s.person_in_goal = friend && g.person_keeper != 0;
  if (s.person_in_goal && s.keeper.kind == KICK_KEEPER_NONE) s.keeper.kind = KICK_KEEPER_PLAIN;
  ks_status st;
  if (g.started && !fresh) {
    st = kick_director_next_kick(&g.dir, &s);
  } else if (g.started) {
    kick_director_def d = kick_director_default_def();
    d.setup = s;
    d.effects = g.dir.settings.effects;
    bool paused = g.dir.paused;
    kick_director fresh_dir;
    st = kick_director_init(&fresh_dir, &d);
    if (st == KS_OK) {
      g.dir = fresh_dir;
      if (paused) kick_director_pause(&g.dir);
    }
  } else {
    kick_director_def d = kick_director_default_def();
    d.setup = s;
    d.effects = g.effects != 0;
    st = kick_director_init(&g.dir, &d);
  }
  if (st != KS_OK) return st;
  g.started = 1;
  kx_after_start();
  return KS_OK;
}

static ks_status kx_begin_tour(int32_t level, uint64_t seed, int32_t attempt) {
  const kick_level *lv = kick_level_at(level);
  if (!lv) return KS_ERR_NOT_FOUND;
  kick_setup su;
  ks_status st = kick_level_setup(lv, seed, (uint64_t)(attempt - 1), &su);
  if (st != KS_OK) return st;
  st = kx_start(&su, false, true);
  if (st != KS_OK) return st;
  g.mode = KX_MODE_TOUR;
  g.level = level;
  g.match_seed = seed;
  g.attempt = attempt;
  return KS_OK;
}

/* The day's rule (kick_daily_kick, the same in kick-cli): the dice come from
   the day, and attempt n is the day's kick number n - 1. */
static ks_status kx_begin_daily(int32_t y, int32_t m, int32_t d, int32_t attempt) {
  if (attempt > KICK_DAILY_TRIES) return KS_ERR_RANGE;
  kick_daily day;
  ks_status st = kick_daily_kick(y, m, d, (uint64_t)(attempt - 1), &day);
  if (st != KS_OK) return st;
  st = kx_start(&day.setup, true, false);
  if (st != KS_OK) return st;
  g.mode = KX_MODE_DAILY;
  g.year = y;
  g.month = m;
  g.day = d;
  g.match_seed = day.setup.match_seed;
  g.attempt = attempt;
  return KS_OK;
}

static void kx_fresh_scores(void) {
  g.goals = 0;
  g.best_stars = 0;
  g.last_stars = 0;
  g.last_outcome = 0;
  g.last_moments = 0;
  g.friendly = 0;
  g.has_share = 0;
  g.points = (kick_points){0};
  g.tour_complete = 0;
}

KX_EXPORT(kx_init_attempt) int32_t kx_init_attempt(int32_t level, uint32_t seed_lo, uint32_t seed_hi, int32_t attempt) {
  uint64_t seed = ((uint64_t)seed_hi << 32) | seed_lo;
  if (seed == 0) seed = 1;
  if (attempt < 1 || attempt > KX_TOUR_ATTEMPTS) return KS_ERR_RANGE;
  ks_status st = kx_begin_tour(level, seed, attempt);
  if (st == KS_OK) kx_fresh_scores();
  return (int32_t)st;
}

KX_EXPORT(kx_init) int32_t kx_init(int32_t level, uint32_t seed_lo, uint32_t seed_hi) {
  return kx_init_attempt(level, seed_lo, seed_hi, 1);
}

/// The Daily Kick of a date: the next of today's tries in the record
/// (kx_daily_set). KS_ERR_RANGE once the day's three tries are used, or for a
/// date before the record's day; KS_ERR_NOT_FOUND for a date that does not exist.
KX_EXPORT(kx_init_daily) int32_t kx_init_daily(int32_t year, int32_t month, int32_t day) {
  int32_t dn = kick_day_number(year, month, day);
  if (dn <= 0) return KS_ERR_NOT_FOUND;
  kick_daily_record rec = g.daily;
  if (kick_daily_record_open(&rec, dn) != KS_OK) return KS_ERR_RANGE;
  if (kick_daily_tries_left(&rec, dn) <= 0) {
    g.daily = rec;
    return KS_ERR_RANGE;
  }
  ks_status st = kx_begin_daily(year, month, day, rec.tries + 1);
  if (st == KS_OK) {
    g.daily = rec;
    kx_fresh_scores();
    g.goals = __builtin_popcount(rec.goals_mask);
  }
  return (int32_t)st;
}

/* ---------------------------------------------------------------- progress */

/// The player's stored progress of a level (the page's storage): stars 0..3,
/// best points >= 0. The session keeps the better of what it has and this.
KX_EXPORT(kx_progress_set) int32_t kx_progress_set(int32_t level, int32_t stars, int32_t best_points) {
  if (level < 0 || level >= KX_LEVELS) return KS_ERR_NOT_FOUND;
  if (stars < 0 || stars > KICK_STAR_COUNT || best_points < 0) return KS_ERR_RANGE;
  if (stars > g.stars[level]) g.stars[level] = stars;
  if (best_points > g.best[level]) g.best[level] = best_points;
  return KS_OK;
}

KX_EXPORT(kx_level_stars) int32_t kx_level_stars(int32_t level) {
  return level >= 0 && level < KX_LEVELS ? g.stars[level] : -1;
}
KX_EXPORT(kx_level_best) int32_t kx_level_best(int32_t level) {
  return level >= 0 && level < KX_LEVELS ? g.best[level] : -1;
}
/// A level is open when it is the first or the one before it has a star.
KX_EXPORT(kx_level_unlocked) int32_t kx_level_unlocked(int32_t level) {
  if (level < 0 || level >= KX_LEVELS) return -1;
  return level == 0 || g.stars[level - 1] > 0;
}

static int32_t kx_tour_stars(void) {
  int32_t n = 0;
  for (int32_t i = 0; i < KX_LEVELS; i++) n += g.stars[i];
  return n;
}
static int32_t kx_tour_points(void) {
  int32_t n = 0;
  for (int32_t i = 0; i < KX_LEVELS; i++) n += g.best[i];
  return n;
}

/// The player's stored Daily Kick record (kick_daily_record's fields).
KX_EXPORT(kx_daily_set) int32_t kx_daily_set(int32_t day, int32_t tries, int32_t goals_mask, int32_t best_points,
                                             int32_t streak, int32_t best_streak, int32_t last_goal_day) {
  kick_daily_record r = {day, tries, (uint32_t)goals_mask, best_points, streak, best_streak, last_goal_day};
  if (goals_mask < 0) return KS_ERR_RANGE;
  ks_status st = kick_daily_record_check(&r);
  if (st != KS_OK) return (int32_t)st;
  g.daily = r;
  return KS_OK;
}

/// The day's share line ("Daily Kick 2026-12-01: ⚽⚽❌") at kx_text(); its length, or 0.
KX_EXPORT(kx_daily_share) int32_t kx_daily_share(void) {
  return (int32_t)kick_daily_share_text(&g.daily, g.year, g.month, g.day, g_text, sizeof g_text);
}

/// The next kick. World Tour: the next level once this one has a star; the
/// same level again after a miss, from attempt 1 once all five are used; the
/// same attempt again after a friendly.
KX_EXPORT(kx_next) int32_t kx_next(void) {
  if (g.screen != KX_SCREEN_RESULT) return KS_ERR_STATE;
  if (g.mode == KX_MODE_SHARED) return KS_ERR_STATE;
  if (g.mode == KX_MODE_DAILY) {
    int32_t goals = g.goals;
    int32_t dn = kick_day_number(g.year, g.month, g.day);
    if (kick_daily_tries_left(&g.daily, dn) <= 0) return KS_ERR_RANGE; /* the day is played */
    ks_status st = kx_begin_daily(g.year, g.month, g.day, g.daily.tries + 1);
    if (st == KS_OK) g.goals = goals;
    return (int32_t)st;
  }
  if (g.best_stars > 0) {
    if (g.level + 1 >= kick_level_count()) return KS_ERR_RANGE;
    ks_status st = kx_begin_tour(g.level + 1, g.match_seed, 1);
    if (st == KS_OK) kx_fresh_scores();
    return (int32_t)st;
  }
  /* A friendly (a friend in goal) used no attempt: the same one again. */
  int32_t attempt = g.friendly ? g.attempt : g.attempt + 1;
  int32_t goals = g.goals;
  if (attempt > KX_TOUR_ATTEMPTS) {
    attempt = 1;
    goals = 0;
  }
  ks_status st = kx_begin_tour(g.level, g.match_seed, attempt);
  if (st == KS_OK) g.goals = goals;
  return (int32_t)st;
}

KX_EXPORT(kx_level_count) int32_t kx_level_count(void) { return kick_level_count(); }

/// Text about level i: what 0 id, 1 name, 2 world name, 3 blurb, 4 keeper's
/// name, 5..7 the star rules' texts. "" when out of range.
KX_EXPORT(kx_level_text) const char *kx_level_text(int32_t i, int32_t what) {
  const kick_level *lv = kick_level_at(i);
  if (!lv) return "";
  const char *s = "";
  switch (what) {
    case 0: s = lv->id; break;
    case 1: s = lv->name; break;
    case 2: s = lv->world_name; break;
    case 3: s = lv->blurb; break;
    case 4: s = lv->keeper_name; break;
    case 5: case 6: case 7: s = lv->stars[what - 5].text; break;
    default: break;
  }
  return s ? s : "";
}

/// Venue and keeper of the current Daily Kick (what 0 venue, 1 keeper).
KX_EXPORT(kx_daily_text) const char *kx_daily_text(int32_t what) {
  kick_daily day;
  if (kick_daily_kick(g.year, g.month, g.day, 0, &day) != KS_OK) return "";
  const char *s = what == 0 ? day.venue : day.keeper_name;
  return s ? s : "";
}

KX_EXPORT(kx_set_option) int32_t kx_set_option(int32_t id, double value) {
  if (!ks_is_finite(value)) return KS_ERR_NOT_FINITE;
  switch (id) {
    case KX_OPT_EFFECTS:
      g.effects = value != 0.0;
      kick_director_set_effects(&g.dir, g.effects != 0);
      return KS_OK;
    case KX_OPT_PERSON_KEEPER: {
      int32_t was = g.person_keeper;
      g.person_keeper = value != 0.0;
      /* Nothing struck yet (aiming, no run-up): the kick being aimed changes
         keeper now; otherwise from the next kick. */
      bool aiming = g.started && g.screen == KX_SCREEN_AIM && !g.dir.struck && !g.dir.strike_pending;
      if (was == g.person_keeper || !aiming) return KS_OK;
      if (g.mode == KX_MODE_TOUR) {
        int32_t goals = g.goals, best = g.best_stars;
        ks_status st = kx_begin_tour(g.level, g.match_seed, g.attempt);
        g.goals = goals;
        g.best_stars = best;
        return (int32_t)st;
      }
      /* The Daily Kick keeps the day's keeper (kx_start): nothing to change. */
      return KS_OK;
    }
    default:
      return KS_ERR_NOT_FOUND;
  }
}

/* -------------------------------------------------------------------- swipe */

/// The size of the drawing, CSS pixels: the aiming camera is framed for it
/// and swipes are read in it. Refused (nothing changes) outside
/// KICK_SCREEN_MIN_PX..KICK_SCREEN_MAX_PX a side or 1:4..4:1, or while a
/// swipe is being drawn with samples in it.
KX_EXPORT(kx_screen) int32_t kx_screen(double width, double height) {
  ks_status st = kick_aim_screen_check(width, height);
  if (st != KS_OK) return (int32_t)st;
  if (width == g.screen_w && height == g.screen_h) return KS_OK;
  if (g.swipe.points > 0) return KS_ERR_STATE;
  g.screen_w = width;
  g.screen_h = height;
  kick_swipe_def sd = kx_swipe_def();
  return (int32_t)kick_swipe_begin(&g.swipe, &sd);
}

KX_EXPORT(kx_swipe_begin) int32_t kx_swipe_begin(void) {
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  kick_swipe_def sd = kx_swipe_def();
  return (int32_t)kick_swipe_begin(&g.swipe, &sd);
}

/// One sample. A sample whose time is not later than the last one is
/// rejected by the reader (KS_ERR_FORMAT) and changes nothing.
KX_EXPORT(kx_swipe_point) int32_t kx_swipe_point(double t, double x, double y) {
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  kick_touch s = {x, y, t};
  return (int32_t)kick_swipe_add(&g.swipe, &s, 1, NULL);
}

/* The kick is read: the shooter runs up and strikes it. */
static ks_status kx_kick(const kick_swipe_reading *r) {
  ks_status st = kick_director_kick_after(&g.dir, &r->launch, KX_RUNUP_STEPS);
  if (st != KS_OK) return st;
  g.key_charging = 0;
  g.screen = KX_SCREEN_FLIGHT;
  return KS_OK;
}

KX_EXPORT(kx_swipe_end) int32_t kx_swipe_end(void) {
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  kick_aim_reading a;
  ks_status st = kick_aim_read(NULL, &g.dir.live.setup, g.screen_w, g.screen_h, &g.swipe, &a);
  g.aim = a;
  g.reading = a.swipe;
  kick_swipe_def sd = kx_swipe_def();
  kick_swipe_begin(&g.swipe, &sd);
  if (st != KS_OK) return (int32_t)st;
  return (int32_t)kx_kick(&g.reading);
}

/// Why the last swipe was rejected ("not_upward", ...; "ok").
KX_EXPORT(kx_swipe_error) const char *kx_swipe_error(void) { return kick_swipe_error_name(g.reading.error); }
/// The same, as a sentence for the player ("" when it was read).
KX_EXPORT(kx_swipe_error_text) const char *kx_swipe_error_text(void) { return kick_swipe_error_text(g.reading.error); }

/* --------------------------------------------------------------------- keys */

/// The keyboard's aim (-1..1 across the screen), height (0..1) and bend (-1..1).
KX_EXPORT(kx_keys_set) int32_t kx_keys_set(double aim, double height, double bend) {
  if (!ks_is_finite(aim) || !ks_is_finite(height) || !ks_is_finite(bend)) return KS_ERR_NOT_FINITE;
  if (!(aim >= -1.0 && aim <= 1.0) || !(height >= 0.0 && height <= 1.0) || !(bend >= -1.0 && bend <= 1.0))
    return KS_ERR_RANGE;
  g.keys.aim = aim;
  g.keys.height = height;
  g.keys.bend = bend;
  return KS_OK;
}

/// The power key goes down at t (its event's own timestamp, s).
KX_EXPORT(kx_keys_charge) int32_t kx_keys_charge(double t) {
  if (g.screen != KX_SCREEN_AIM) return KS_ERR_STATE;
  if (!ks_is_finite(t)) return KS_ERR_NOT_FINITE;
  g.key_charging = 1;
  g.key_t0 = t;
  return KS_OK;
}

/// The power key comes up at t: the keys are read (kick_keys_read) and kicked.
KX_EXPORT(kx_keys_release) int32_t kx_keys_release(double t) {
  if (g.screen != KX_SCREEN_AIM || !g.key_charging) return KS_ERR_STATE;
  if (!ks_is_finite(t)) return KS_ERR_NOT_FINITE;
  kick_keys k = g.keys;
  k.hold_s = t > g.key_t0 ? t - g.key_t0 : 0.0;
  g.key_charging = 0;
  kick_swipe_reading r;
  ks_status st = kick_keys_read(NULL, &k, &r);
  if (st != KS_OK) return (int32_t)st;
  g.reading = r;
  return (int32_t)kx_kick(&r);
}

/// The power meter at time t while the key is held (0 when it is not): drawing only.
KX_EXPORT(kx_keys_power) double kx_keys_power(double t) {
  if (!g.key_charging || !ks_is_finite(t)) return 0.0;
  return kick_keys_power(t - g.key_t0);
}

/* ------------------------------------------------------------------- frames */

/* The same miss twice in a row earns a tip (kx_miss_tip). */
static void kx_note_miss(kick_miss m) {
  bool same = m.kind != KICK_MISS_NONE && m.kind == g.miss.kind && g.miss_repeat > 0;
  g.miss_repeat = m.kind == KICK_MISS_NONE ? 0 : same ? g.miss_repeat + 1 : 1;
  g.miss = m;
}

static void kx_on_decided(void) {
  const kick_shot *s = &g.dir.live;
  g.decided_seen = 1;
  g.last_outcome = (int32_t)kick_shot_outcome(s);
  g.last_moments = kick_shot_moments(s);
  g.points = kick_score_points(s);
  kx_note_miss(kick_shot_miss(s));
  bool goal = g.last_outcome == KICK_OUTCOME_GOAL;
  g.last_stars = 0;
  /* A kick against a friend in goal is a friendly: the points are shown, but
     it earns no star, no best and no goal, and uses no attempt (kx_next), so
     the tour cannot be won by a friend who stands still. (The Daily Kick never
     has one: kx_start.) */
  g.friendly = s->setup.person_in_goal;
  if (g.friendly) return;
  if (goal) g.goals++;
  if (g.mode == KX_MODE_TOUR) {
    g.last_stars = kick_level_stars(kick_level_at(g.level), s);
    if (g.last_stars > g.best_stars) g.best_stars = g.last_stars;
    if (g.last_stars > g.stars[g.level]) g.stars[g.level] = g.last_stars;
    if (g.last_stars > 0 && g.points.total > g.best[g.level]) g.best[g.level] = g.points.total;
    if (g.last_stars > 0 && g.level == KX_LEVELS - 1) g.tour_complete = 1;
  } else if (g.mode == KX_MODE_DAILY) {
    (void)kick_daily_record_kick(&g.daily, kick_day_number(g.year, g.month, g.day), goal, g.points.total);
  }
}

static int64_t kx_result_delay(void) {
  if (g.last_outcome == KICK_OUTCOME_GOAL) return KX_RESULT_DELAY_GOAL;
  if (g.last_outcome == KICK_OUTCOME_SHORT) return KX_RESULT_DELAY_SHORT;
  return KX_RESULT_DELAY_MISS;
}

/* ------------------------------------------------------------------- points */

KX_EXPORT(kx_points_count) int32_t kx_points_count(void) { return g.points.count; }
/// Item i of the last kick's points: kind (kick_points_kind), what (the moment
/// bit or the ring index), value (points). -1 out of range.
KX_EXPORT(kx_points_kind) int32_t kx_points_kind(int32_t i) {
  return i >= 0 && i < g.points.count ? (int32_t)g.points.items[i].kind : -1;
}
KX_EXPORT(kx_points_what) int32_t kx_points_what(int32_t i) {
  if (i < 0 || i >= g.points.count) return -1;
  const kick_points_item *it = &g.points.items[i];
  return it->kind == KICK_POINTS_FOR_RING ? it->ring : (int32_t)it->moment;
}
KX_EXPORT(kx_points_value) int32_t kx_points_value(int32_t i) {
  return i >= 0 && i < g.points.count ? g.points.items[i].points : -1;
}

/* ------------------------------------------------------------- the miss */

/// The last decided kick's miss in a player's words ("just wide of the right
/// post", kick_miss_text); "" for a goal or before a kick is decided.
KX_EXPORT(kx_miss_text) const char *kx_miss_text(void) {
  static char buf[96];
  if (!g.decided_seen) return "";
  kick_miss_text(&g.miss, buf, sizeof buf);
  return buf;
}

/// A tip once the same kind of miss comes twice (or more) in a row
/// (kick_miss_tip); "" otherwise.
KX_EXPORT(kx_miss_tip) const char *kx_miss_tip(void) {
  return g.decided_seen && g.miss_repeat >= 2 ? kick_miss_tip(g.miss.kind) : "";
}

/// The last decided kick's kick_miss_kind (0: a goal, or nothing decided).
KX_EXPORT(kx_miss_kind) int32_t kx_miss_kind(void) { return g.decided_seen ? (int32_t)g.miss.kind : 0; }

/// The World Tour attempt a page should store once a kick has been read
/// (before its flight), so that reloading the page does not give it back:
/// the next attempt, 1 after the last one (the level starts again, as
/// kx_next does), the same attempt for a friendly (a friend in goal uses
/// none). 0 outside the World Tour or before a kick is read.
KX_EXPORT(kx_attempt_spent) int32_t kx_attempt_spent(void) {
  if (g.mode != KX_MODE_TOUR || !g.started || g.screen == KX_SCREEN_AIM) return 0;
  if (g.dir.settings.person_in_goal) return g.attempt;
  return g.attempt + 1 > KX_TOUR_ATTEMPTS ? 1 : g.attempt + 1;
}

/// One display refresh at `target_seconds` (the frame's own timestamp).
KX_EXPORT(kx_frame) int32_t kx_frame(double target_seconds) {
  ks_events_clear(&g.events);
  int64_t before = kick_shot_steps(&g.dir.live) + kick_shot_steps(&g.dir.replay);
  ks_status st = kick_director_frame(&g.dir, target_seconds, &g.events);
  if (st != KS_OK) return -(int32_t)st;
  if (!g.decided_seen && kick_shot_decided(&g.dir.live)) kx_on_decided();
  if (g.screen == KX_SCREEN_FLIGHT || g.screen == KX_SCREEN_REPLAY) {
    kick_director_mode m = kick_director_get_mode(&g.dir);
    kick_director_replay_state q = g.dir.replay_state;
    if (m == KICK_DIRECTOR_REPLAY) {
      g.screen = KX_SCREEN_REPLAY;
    } else if (g.decided_seen) {
      bool replay_over = q == KICK_REPLAY_Q_FINISHED || q == KICK_REPLAY_Q_SKIPPED;
      bool no_replay = q == KICK_REPLAY_Q_NONE &&
                       kick_shot_steps(&g.dir.live) >= kick_shot_decision_step(&g.dir.live) + kx_result_delay();
      if (replay_over || no_replay || g.skip) g.screen = KX_SCREEN_RESULT;
    }
  }
  int64_t after = kick_shot_steps(&g.dir.live) + kick_shot_steps(&g.dir.replay);
  return (int32_t)(after - before);
}

KX_EXPORT(kx_pause) void kx_pause(void) { kick_director_pause(&g.dir); }
KX_EXPORT(kx_resume) void kx_resume(void) { kick_director_resume(&g.dir); }

/* Whether a tap now skips to the result: no person in goal, and the kick
   decided or rolling on the ground (its ending is slow and certain to come). */
static bool kx_can_skip(void) {
  if (g.screen != KX_SCREEN_FLIGHT || !g.dir.struck || g.dir.settings.person_in_goal) return false;
  if (g.dir.mode == KICK_DIRECTOR_REPLAY || g.dir.replay_state == KICK_REPLAY_Q_PENDING) return false;
  return kick_shot_decided(&g.dir.live) || g.dir.live.ball.on_ground;
}

/// A tap on the pitch: skips a replay (pending or playing); with a person in
/// goal during the flight, sends the keeper diving at (x, y) on his line;
/// otherwise, once the kick is decided or rolling on the ground, runs it on to
/// its decision at once and shows the result.
KX_EXPORT(kx_tap) int32_t kx_tap(double x, double y) {
  if (kx_can_skip()) {
    ks_events_clear(&g.events);
    if (!kick_shot_decided(&g.dir.live)) (void)kick_director_skip_to_decision(&g.dir, &g.events);
    if (!g.decided_seen && kick_shot_decided(&g.dir.live)) kx_on_decided();
    kick_director_tap(&g.dir, 0.0, 0.0); /* a replay it earned is skipped too */
    g.skip = 1;
    if (g.decided_seen) g.screen = KX_SCREEN_RESULT;
    return KS_OK;
  }
  return (int32_t)kick_director_tap(&g.dir, x, y);
}

/* --------------------------------------------------------------- share code */

/// Writes the last kick's share code at kx_text(); returns its length, or a
/// negative ks_status (-KS_ERR_STATE before the kick is decided).
KX_EXPORT(kx_share_encode) int32_t kx_share_encode(void) {
  static kick_replay r;
  ks_status st = kick_replay_from_director(&g.dir, &r);
  if (st != KS_OK) return -(int32_t)st;
  size_t len = 0;
  st = kick_replay_share_encode(&r, g_text, sizeof g_text, &len, NULL);
  if (st != KS_OK) return -(int32_t)st;
  return (int32_t)len;
}

/* The World Tour level a shared kick was played on (its spot, pitch, wind,
   keeper, wall and rings are the level's), or -1 (a Daily Kick, an open pitch). */
static int32_t kx_level_of(const kick_setup *su) {
  for (int32_t i = 0; i < kick_level_count(); i++) {
    kick_setup ls;
    if (kick_level_setup(kick_level_at(i), su->match_seed, su->kick_number, &ls) != KS_OK) continue;
    if (ls.spot_x == su->spot_x && ls.spot_z == su->spot_z && ls.pitch.wet == su->pitch.wet &&
        ls.wind.mean_speed_mps == su->wind.mean_speed_mps && ls.wind.bearing == su->wind.bearing &&
        ls.wind.gust_seed == su->wind.gust_seed && ls.wall.count == su->wall.count && ls.ring_count == su->ring_count &&
        (ls.keeper.kind == su->keeper.kind || su->person_in_goal))
      return i;
  }
  return -1;
}

/// Plays the share code of `len` characters at kx_text() (kick_replay_start_director):
/// the same setup, the same wait on the spot, the same kick and taps. Nothing changes unless the
/// code is valid; on error kx_text() holds one sentence saying what is wrong.
KX_EXPORT(kx_share_load) int32_t kx_share_load(int32_t len) {
  static kick_replay r;
  kick_replay_error err;
  if (len < 0) return KS_ERR_FORMAT;
  /* A code longer than KICK_REPLAY_MAX_CODE is refused by its length before a
     character is read, with the message any bad code gets. */
  ks_status st = kick_replay_share_decode(g_text, (size_t)len, &r, &err);
  if (st != KS_OK) {
    kick_replay_error_text(&err, g_text, sizeof g_text);
    return (int32_t)st;
  }
  if (!g.started) {
    kick_director_def d = kick_director_default_def();
    d.effects = g.effects != 0;
    st = kick_director_init(&g.dir, &d);
    if (st != KS_OK) return (int32_t)st;
    g.started = 1;
  }
  st = kick_replay_start_director(&r, &g.dir);
  if (st != KS_OK) return (int32_t)st;
  kx_after_start();
  kx_fresh_scores();
  /* The result says how fast and how much it bent: the code's own kick (its
     bend is the side spin about +y, as a fraction of a full bend's). */
  g.reading.launch = r.launch;
  ks_vec3 ax = r.launch.spin_axis;
  double axl = ks_sqrt(ax.x * ax.x + ax.y * ax.y + ax.z * ax.z);
  g.reading.bend = axl > 0.0 ? ks_clamp(ax.y / axl * r.launch.spin_rate / KICK_FULL_BEND_SPIN, -1.0, 1.0) : 0.0;
  g.has_share = 1;
  g.mode = KX_MODE_SHARED;
  g.level = kx_level_of(&r.setup);
  g.screen = KX_SCREEN_FLIGHT;
  return KS_OK;
}

KX_EXPORT(kx_text) char *kx_text(void) { return g_text; }
KX_EXPORT(kx_text_capacity) int32_t kx_text_capacity(void) { return (int32_t)sizeof g_text; }

/* ---------------------------------------------------------- reading the view */

static void kx_put_v3(int base, ks_vec3 v) {
  g_view[base] = v.x;
  g_view[base + 1] = v.y;
  g_view[base + 2] = v.z;
}

static void kx_fill_view(void) {
  kick_director_view dv;
  kick_director_view_get(&g.dir, &dv);
  const kick_shot *s = dv.shot ? dv.shot : &g.dir.live;
  const kick_setup *su = &s->setup;
  double *v = g_view;
  for (int i = 0; i < KX_VIEW_COUNT; i++) v[i] = 0.0;
  v[KX_V_screen] = g.screen;
  v[KX_V_mode] = g.mode;
  v[KX_V_level] = g.level;
  v[KX_V_level_count] = kick_level_count();
  v[KX_V_year] = g.year;
  v[KX_V_month] = g.month;
  v[KX_V_day] = g.day;
  v[KX_V_attempt] = g.attempt;
  v[KX_V_attempts_max] = g.mode == KX_MODE_TOUR ? KX_TOUR_ATTEMPTS : 0;
  v[KX_V_goals] = g.goals;
  v[KX_V_stars] = g.best_stars;
  v[KX_V_last_stars] = g.last_stars;
  v[KX_V_passed] = g.best_stars > 0;
  v[KX_V_time] = kick_shot_time(s);
  v[KX_V_steps] = (double)kick_shot_steps(s);
  v[KX_V_alpha] = dv.alpha;
  v[KX_V_phase] = kick_shot_phase(s);
  v[KX_V_outcome] = kick_shot_outcome(s);
  v[KX_V_moments] = kick_shot_moments(s);
  v[KX_V_last_outcome] = g.last_outcome;
  v[KX_V_last_moments] = g.last_moments;
  v[KX_V_time_scale] = dv.speed;
  v[KX_V_slow_motion] = g.dir.slow_active;
  v[KX_V_replay] = dv.mode == KICK_DIRECTOR_REPLAY;
  v[KX_V_replay_pending] = g.dir.replay_state == KICK_REPLAY_Q_PENDING;
  v[KX_V_paused] = g.dir.paused;
  v[KX_V_effects] = g.dir.settings.effects;
  v[KX_V_person_keeper] = su->person_in_goal;
  v[KX_V_friendly] = g.friendly;
  v[KX_V_taps] = g.dir.input_count;
  v[KX_V_spot_x] = su->spot_x;
  v[KX_V_spot_z] = su->spot_z;
  v[KX_V_wet] = su->pitch.wet;
  kx_put_v3(KX_V_ball_x, dv.ball);
  kx_put_v3(KX_V_ball_vx, s->ball.vel);
  kx_put_v3(KX_V_spin_ax, s->ball.spin_axis);
  v[KX_V_spin_rate] = s->ball.spin_rate;
  v[KX_V_ball_held] = s->ball.held;
  v[KX_V_in_net] = s->in_net;
  v[KX_V_crossed] = s->crossed;
  kx_put_v3(KX_V_cross_x, s->crossing);
  v[KX_V_launch_speed] = g.reading.launch.speed_mps;
  v[KX_V_bend] = g.reading.bend;

  ks_vec3 w = kick_wind_at(s, kick_shot_time(s));
  v[KX_V_wind_x] = w.x;
  v[KX_V_wind_z] = w.z;
  v[KX_V_wind_speed] = ks_sqrt(w.x * w.x + w.z * w.z);
  v[KX_V_wind_mean] = su->wind.mean_speed_mps;
  v[KX_V_wind_gustiness] = su->wind.gustiness;

  kick_keeper_pose kp;
  kick_shot_keeper_pose(s, &kp);
  v[KX_V_keeper_present] = kp.present;
  v[KX_V_keeper_diving] = kp.diving;
  v[KX_V_keeper_dive] = kp.dive_progress;
  kx_put_v3(KX_V_keeper_ax, kp.body_a);
  kx_put_v3(KX_V_keeper_bx, kp.body_b);
  v[KX_V_keeper_r] = kp.body_radius;
  kx_put_v3(KX_V_keeper_s0x, kp.shoulder[0]);
  kx_put_v3(KX_V_keeper_s1x, kp.shoulder[1]);
  kx_put_v3(KX_V_keeper_g0x, kp.glove[0]);
  kx_put_v3(KX_V_keeper_g1x, kp.glove[1]);
  v[KX_V_keeper_arm_r] = kp.arm_radius;

  int32_t wc = su->wall.count;
  v[KX_V_wall_count] = wc;
  for (int32_t i = 0; i < wc && i < KICK_WALL_MAX; i++) {
    kick_capsule c;
    if (!kick_shot_wall_player(s, i, &c)) continue;
    int base = KX_V_wall0_ax + i * 7;
    kx_put_v3(base, c.a);
    kx_put_v3(base + 3, c.b);
    v[base + 6] = c.radius;
  }
  int32_t rc = su->ring_count;
  v[KX_V_ring_count] = rc;
  for (int32_t i = 0; i < rc && i < KICK_RING_MAX; i++) {
    ks_vec3 c;
    if (!kick_shot_ring_center(s, i, &c)) continue;
    int base = KX_V_ring0_x + i * 5;
    kx_put_v3(base, c);
    v[base + 3] = su->rings[i].radius;
    v[base + 4] = (s->ring_hits >> i) & 1u;
  }
  v[KX_V_camera_long_lens] = dv.mode == KICK_DIRECTOR_REPLAY;
  kx_put_v3(KX_V_cam_x, dv.camera.pos);
  kx_put_v3(KX_V_cam_tx, dv.camera.target);
  v[KX_V_cam_fov] = dv.camera.fov;
  uint64_t h = kick_shot_hash(&g.dir.live);
  v[KX_V_hash_hi] = (double)(uint32_t)(h >> 32);
  v[KX_V_hash_lo] = (double)(uint32_t)h;
  v[KX_V_decision_step] = (double)kick_shot_decision_step(&g.dir.live);
  uint32_t agree_mask = 0;
  v[KX_V_runs_agree] = kick_director_runs_agree(&g.dir, &agree_mask);
  v[KX_V_runs_mask] = agree_mask;

  /* the shooter: the run-up's progress 0..1 (-1 when none), the strike's time */
  const kick_director *d = &g.dir;
  v[KX_V_struck] = kick_shot_struck(s);
  v[KX_V_runup] = -1.0;
  if (d->strike_pending && d->strike_due_step > d->runup_from_step)
    v[KX_V_runup] = (double)(kick_shot_steps(&d->live) - d->runup_from_step) /
                    (double)(d->strike_due_step - d->runup_from_step);
  else if (kick_shot_struck(s))
    v[KX_V_runup] = 1.0;
  v[KX_V_strike_time] = kick_shot_struck(s) ? (double)kick_shot_strike_step(s) / KICK_STEPS_PER_SECOND
                        : d->strike_pending ? (double)d->strike_due_step / KICK_STEPS_PER_SECOND
                                            : -1.0;
  v[KX_V_ball_on_ground] = s->ball.on_ground;
  v[KX_V_can_skip] = kx_can_skip();
  v[KX_V_keeper_dive_time] = s->keeper.dive_step >= 0 && kick_shot_steps(s) >= s->keeper.dive_step
                                 ? (double)(kick_shot_steps(s) - s->keeper.dive_step) / KICK_STEPS_PER_SECOND
                                 : -1.0;
  v[KX_V_keeper_stand_x] = s->keeper.stand_x;

  /* points, the tour, the day */
  v[KX_V_points] = g.decided_seen ? g.points.total : 0;
  v[KX_V_last_points] = g.points.total;
  v[KX_V_best_points] = g.mode == KX_MODE_TOUR ? g.best[g.level] : g.mode == KX_MODE_DAILY ? g.daily.best_points : 0;
  v[KX_V_tour_stars] = kx_tour_stars();
  v[KX_V_tour_points] = kx_tour_points();
  v[KX_V_tour_complete] = g.tour_complete;
  v[KX_V_daily_day] = g.daily.day;
  v[KX_V_daily_tries] = g.daily.tries;
  v[KX_V_daily_goals_mask] = g.daily.goals_mask;
  v[KX_V_daily_best] = g.daily.best_points;
  v[KX_V_daily_streak] = g.daily.streak;
  v[KX_V_daily_best_streak] = g.daily.best_streak;
  v[KX_V_daily_last_goal_day] = g.daily.last_goal_day;
  int32_t dn = g.mode == KX_MODE_DAILY ? kick_day_number(g.year, g.month, g.day) : 0;
  v[KX_V_daily_tries_left] = dn > 0 ? kick_daily_tries_left(&g.daily, dn) : 0;
  v[KX_V_key_aim] = g.keys.aim;
  v[KX_V_key_height] = g.keys.height;
  v[KX_V_key_bend] = g.keys.bend;
  v[KX_V_key_charging] = g.key_charging;
  /* Where the keys aim (their launch at half power): for the page's aim marker. */
  kick_keys ka = g.keys;
  ka.hold_s = 0.5 * KICK_KEYS_POWER_RISE_S;
  kick_swipe_reading kr;
  if (kick_keys_read(NULL, &ka, &kr) == KS_OK) {
    v[KX_V_key_direction] = kr.launch.direction;
    v[KX_V_key_elevation] = kr.launch.elevation;
  }
  /* The aiming camera for this screen (the page draws the kick through it
     until the strike), where the ball and the goal's middle are in it, and
     the last swipe's aim. */
  v[KX_V_screen_w] = g.screen_w;
  v[KX_V_screen_h] = g.screen_h;
  kick_camera ac;
  if (kick_aim_camera(su, g.screen_w, g.screen_h, &ac) == KS_OK) {
    kx_put_v3(KX_V_aim_cam_x, ac.pos);
    kx_put_v3(KX_V_aim_cam_tx, ac.target);
    v[KX_V_aim_cam_fov] = ac.fov;
    double px, py;
    if (kick_camera_project(&ac, g.screen_w, g.screen_h, ks_v3(su->spot_x, KICK_BALL_RADIUS, su->spot_z), &px, &py)) {
      v[KX_V_aim_ball_px] = px;
      v[KX_V_aim_ball_py] = py;
    }
    if (kick_camera_project(&ac, g.screen_w, g.screen_h, ks_v3(0.0, 0.5 * KICK_GOAL_HEIGHT, KICK_CROSS_Z), &px, &py)) {
      v[KX_V_aim_goal_px] = px;
      v[KX_V_aim_goal_py] = py;
    }
  }
  v[KX_V_aim_x] = g.aim.aim[0];
  v[KX_V_aim_y] = g.aim.aim[1];
  v[KX_V_aim_extended] = g.aim.extended;
  v[KX_V_aim_end_px] = g.aim.end_px[0];
  v[KX_V_aim_end_py] = g.aim.end_px[1];
}

/// Refreshes the view from the state and returns a pointer to it.
KX_EXPORT(kx_view) double *kx_view(void) {
  kx_fill_view();
  return g_view;
}
KX_EXPORT(kx_view_count) int32_t kx_view_count(void) { return KX_VIEW_COUNT; }
KX_EXPORT(kx_view_name) const char *kx_view_name(int32_t i) {
  return (i >= 0 && i < KX_VIEW_COUNT) ? kx_view_names[i] : "";
}

/// The director events of the last kx_frame, six doubles each: step, type,
/// subject, v0, v1, v2 (kick_director_event_type; subject bit 16 = from the replay).
KX_EXPORT(kx_events) double *kx_events(void) {
  for (uint32_t i = 0; i < g.events.count; i++) {
    const ks_event *e = &g.events.items[i];
    double *o = &g_events[i * 6];
    o[0] = (double)e->step;
    o[1] = e->type;
    o[2] = e->subject;
    o[3] = e->value[0];
    o[4] = e->value[1];
    o[5] = e->value[2];
  }
  return g_events;
}
KX_EXPORT(kx_event_count) int32_t kx_event_count(void) { return (int32_t)g.events.count; }
KX_EXPORT(kx_event_name) const char *kx_event_name(int32_t type) { return kick_director_event_name((uint32_t)type); }
KX_EXPORT(kx_outcome_name) const char *kx_outcome_name(int32_t o) { return kick_outcome_name((kick_outcome)o); }
KX_EXPORT(kx_moment_name) const char *kx_moment_name(int32_t bit) { return kick_moment_name((uint32_t)bit); }
KX_EXPORT(kx_status_name) const char *kx_status_name(int32_t s) { return ks_status_name((ks_status)s); }

#if defined(KS_WASM_TESTING)
/* Tests only (a module built with KS_WASM_CFLAGS=-DKS_WASM_TESTING, never the
   page's): fills the game's state with `byte`, as memory no init function
   wrote would hold it (tests/api/uninitialised_wasm.mjs). */
KX_EXPORT(kx_test_fill) void kx_test_fill(int32_t byte);
void kx_test_fill(int32_t byte) {
  __builtin_memset(&g.dir, byte, sizeof g.dir);
}
#endif
