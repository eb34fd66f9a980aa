// SPDX-License-Identifier: MIT
/// wasm/kick_exports.c — the free-kick game's boundary with the browser.
///
/// The page (web/kick/) calls these functions and reads one flat array of
/// doubles, the *view*, out of the module's memory each frame; it holds no
/// game rule. What a swipe means (kick_swipe.h), how frames become steps, slow
/// motion, the replay queue and its camera (kick_director.h), the levels, stars
/// and the Daily Kick (kick_levels.h), share codes (kick_replay.h) and the
/// session's rules (which level, which attempt, when the result is shown:
/// kick_session.h) are all C. This file holds one kick_session and packs its
/// view; every export is a thin wrapper of a kick_session_* call.
///
/// The same file builds natively (tests/web/kick_native.c), so a test can
/// feed the exact calls a page made to native code and compare bit for bit.
///
/// Exports (wasm names; numbers are doubles or 32-bit integers; statuses are ks_status):
///   kx_tour(level, attempt)                 World Tour level (0-based index), attempt 1.., on the tour's seed
///   kx_init(level, seed_lo, seed_hi)        World Tour level on another match seed (tests)
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
///       strikes it the session's run-up later (kick_session_def.runup_steps).
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
///   kx_progress_save() -> length / kx_progress_load(length)
///                                           the player's progress as bytes at kx_text() (kick_session.h's format)
///   kx_names(kind, i) / kx_names_count(kind) the names of screens (0), modes (1), options (2), outcomes (3),
///                                           points kinds (4): the page builds its tables from them
#include "kickstep/base.h"
#include "kickstep/dmath.h"
#include "kickstep/events.h"
#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_score.h"
#include "kickstep/kick_session.h"
#include "kickstep/kick_swipe.h"
#include "kickstep/vec.h"

#include "export.h"
#include "kick_exports.h"
#include "kick_pack.h"

#define KX_EXPORT(name) KS_WASM_EXPORT(name)

/* ------------------------------------------------------------------ the view */

#define KX_FIELD(name) KX_V_##name,
enum { KX_VIEW_FIELDS(KX_FIELD) KX_VIEW_COUNT };
#undef KX_FIELD
static const char *const kx_view_names[KX_VIEW_COUNT] = {KX_VIEW_FIELDS(KS_WASM_FIELD_NAME)};

/* ------------------------------------------------------------------ session */

static kick_session g;
static double g_view[KX_VIEW_COUNT];
static double g_events[KS_EVENTS_CAPACITY * 6];
static char g_text[KICK_REPLAY_MAX_CODE + 1];

/* The page's session, built with the default rules on first use. */
static kick_session *S(void) {
  if (kick_session_check(&g) != KS_OK) {
    kick_session_def d = kick_session_default_def();
    (void)kick_session_init(&g, &d);
  }
  return &g;
}

KX_EXPORT(kx_tour) int32_t kx_tour(int32_t level, int32_t attempt) {
  return (int32_t)kick_session_tour(S(), level, attempt);
}
KX_EXPORT(kx_init_attempt) int32_t kx_init_attempt(int32_t level, uint32_t seed_lo, uint32_t seed_hi, int32_t attempt) {
  return (int32_t)kick_session_tour_seeded(S(), level, ((uint64_t)seed_hi << 32) | seed_lo, attempt);
}
KX_EXPORT(kx_init) int32_t kx_init(int32_t level, uint32_t seed_lo, uint32_t seed_hi) {
  return kx_init_attempt(level, seed_lo, seed_hi, 1);
}
/// The Daily Kick of a date: the next of today's tries in the record (kx_daily_set).
KX_EXPORT(kx_init_daily) int32_t kx_init_daily(int32_t year, int32_t month, int32_t day) {
  return (int32_t)kick_session_daily(S(), year, month, day);
}

/* ---------------------------------------------------------------- progress */

KX_EXPORT(kx_progress_set) int32_t kx_progress_set(int32_t level, int32_t stars, int32_t best_points) {
  return (int32_t)kick_session_progress_set(S(), level, stars, best_points);
}
KX_EXPORT(kx_level_stars) int32_t kx_level_stars(int32_t level) {
  return level >= 0 && level < KICK_SESSION_LEVELS ? S()->stars[level] : -1;
}
KX_EXPORT(kx_level_best) int32_t kx_level_best(int32_t level) {
  return level >= 0 && level < KICK_SESSION_LEVELS ? S()->best[level] : -1;
}
KX_EXPORT(kx_level_unlocked) int32_t kx_level_unlocked(int32_t level) { return kick_session_level_unlocked(S(), level); }

/// The player's stored Daily Kick record (kick_daily_record's fields).
KX_EXPORT(kx_daily_set) int32_t kx_daily_set(int32_t day, int32_t tries, int32_t goals_mask, int32_t best_points,
                                             int32_t streak, int32_t best_streak, int32_t last_goal_day) {
  kick_daily_record r = {day, tries, (uint32_t)goals_mask, best_points, streak, best_streak, last_goal_day};
  if (goals_mask < 0) return KS_ERR_RANGE;
  return (int32_t)kick_session_daily_set(S(), &r);
}

/// The player's progress (stars, bests, the Daily Kick record) as bytes at
/// kx_text() (kick_session_progress_save's format); their length, or a negative ks_status.
KX_EXPORT(kx_progress_save) int32_t kx_progress_save(void) {
  size_t n = 0;
  ks_status st = kick_session_progress_save(S(), (uint8_t *)g_text, sizeof g_text, &n);
  return st == KS_OK ? (int32_t)n : -(int32_t)st;
}
/// The same once a kick is read, before its result (kick_session_progress_save_spent).
KX_EXPORT(kx_progress_save_spent) int32_t kx_progress_save_spent(void) {
  size_t n = 0;
  ks_status st = kick_session_progress_save_spent(S(), (uint8_t *)g_text, sizeof g_text, &n);
  return st == KS_OK ? (int32_t)n : -(int32_t)st;
}
/// Reads `len` bytes of stored progress at kx_text(): all or nothing.
KX_EXPORT(kx_progress_load) int32_t kx_progress_load(int32_t len) {
  if (len < 0 || (size_t)len > sizeof g_text) return KS_ERR_RANGE;
  return (int32_t)kick_session_progress_load(S(), (const uint8_t *)g_text, (size_t)len);
}

/// The day's share line ("Daily Kick 2026-12-01: ⚽⚽❌") at kx_text(); its length, or 0.
KX_EXPORT(kx_daily_share) int32_t kx_daily_share(void) {
  kick_session *s = S();
  return (int32_t)kick_daily_share_text(&s->daily, s->year, s->month, s->day, g_text, sizeof g_text);
}

/// The next kick (kick_session_next).
KX_EXPORT(kx_next) int32_t kx_next(void) { return (int32_t)kick_session_next(S()); }

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
  const kick_session *s = S();
  if (kick_daily_kick(s->year, s->month, s->day, 0, &day) != KS_OK) return "";
  const char *t = what == 0 ? day.venue : day.keeper_name;
  return t ? t : "";
}

KX_EXPORT(kx_set_option) int32_t kx_set_option(int32_t id, double value) {
  return (int32_t)kick_session_set_option(S(), id, value);
}

/* -------------------------------------------------------------------- names */

/// The names the page builds its tables from: kind 0 screens, 1 modes, 2
/// options (kick_session.h), 3 outcomes (kick_outcome), 4 points kinds.
KX_EXPORT(kx_names_count) int32_t kx_names_count(int32_t kind) {
  switch (kind) {
    case 0: return kick_session_screen_count;
    case 1: return kick_session_mode_count;
    case 2: return kick_session_option_count;
    case 3: return kick_outcome_count;
    case 4: return kick_points_kind_count;
    default: return 0;
  }
}
KX_EXPORT(kx_names) const char *kx_names(int32_t kind, int32_t i) {
  switch (kind) {
    case 0: return kick_session_screen_name(i);
    case 1: return kick_session_mode_name(i);
    case 2: return kick_session_option_name(i);
    case 3: return i >= 0 && i < kick_outcome_count ? kick_outcome_name((kick_outcome)i) : "";
    case 4: return kick_points_kind_name(i);
    default: return "";
  }
}

/* -------------------------------------------------------------------- swipe */

/// The size of the drawing, CSS pixels (kick_session_screen_size).
KX_EXPORT(kx_screen) int32_t kx_screen(double width, double height) {
  return (int32_t)kick_session_screen_size(S(), width, height);
}
KX_EXPORT(kx_swipe_begin) int32_t kx_swipe_begin(void) { return (int32_t)kick_session_swipe_begin(S()); }
/// One sample. A sample whose time is not later than the last one is
/// rejected by the reader (KS_ERR_FORMAT) and changes nothing.
KX_EXPORT(kx_swipe_point) int32_t kx_swipe_point(double t, double x, double y) {
  return (int32_t)kick_session_swipe_point(S(), t, x, y);
}
KX_EXPORT(kx_swipe_end) int32_t kx_swipe_end(void) { return (int32_t)kick_session_swipe_end(S()); }

/// Why the last swipe was rejected ("not_upward", ...; "ok").
KX_EXPORT(kx_swipe_error) const char *kx_swipe_error(void) { return kick_swipe_error_name(S()->reading.error); }
/// The same, as a sentence for the player ("" when it was read).
KX_EXPORT(kx_swipe_error_text) const char *kx_swipe_error_text(void) {
  return kick_swipe_error_text(S()->reading.error);
}

/* --------------------------------------------------------------------- keys */

KX_EXPORT(kx_keys_set) int32_t kx_keys_set(double aim, double height, double bend) {
  return (int32_t)kick_session_keys_set(S(), aim, height, bend);
}
KX_EXPORT(kx_keys_charge) int32_t kx_keys_charge(double t) { return (int32_t)kick_session_keys_charge(S(), t); }
KX_EXPORT(kx_keys_release) int32_t kx_keys_release(double t) { return (int32_t)kick_session_keys_release(S(), t); }
/// The power meter at time t while the key is held (0 when it is not): drawing only.
KX_EXPORT(kx_keys_power) double kx_keys_power(double t) { return kick_session_keys_power(S(), t); }

/* ------------------------------------------------------------------- points */

KX_EXPORT(kx_points_count) int32_t kx_points_count(void) { return S()->points.count; }
/// Item i of the last kick's points: kind (kick_points_kind), what (the moment
/// bit or the ring index), value (points). -1 out of range.
KX_EXPORT(kx_points_kind) int32_t kx_points_kind(int32_t i) {
  return i >= 0 && i < S()->points.count ? (int32_t)g.points.items[i].kind : -1;
}
KX_EXPORT(kx_points_what) int32_t kx_points_what(int32_t i) {
  if (i < 0 || i >= S()->points.count) return -1;
  const kick_points_item *it = &g.points.items[i];
  return it->kind == KICK_POINTS_FOR_RING ? it->ring : (int32_t)it->moment;
}
KX_EXPORT(kx_points_value) int32_t kx_points_value(int32_t i) {
  return i >= 0 && i < S()->points.count ? g.points.items[i].points : -1;
}

/* ------------------------------------------------------------- the miss */

/// The last decided kick's miss in a player's words ("just wide of the right
/// post", kick_miss_text); "" for a goal or before a kick is decided.
KX_EXPORT(kx_miss_text) const char *kx_miss_text(void) {
  static char buf[96];
  if (!S()->decided_seen) return "";
  kick_miss_text(&g.miss, buf, sizeof buf);
  return buf;
}
/// A tip once the same kind of miss comes twice (or more) in a row (kick_miss_tip); "" otherwise.
KX_EXPORT(kx_miss_tip) const char *kx_miss_tip(void) {
  return S()->decided_seen && g.miss_repeat >= 2 ? kick_miss_tip(g.miss.kind) : "";
}
/// The last decided kick's kick_miss_kind (0: a goal, or nothing decided).
KX_EXPORT(kx_miss_kind) int32_t kx_miss_kind(void) { return S()->decided_seen ? (int32_t)g.miss.kind : 0; }

/// The World Tour attempt a page should store once a kick has been read (kick_session_attempt_spent).
KX_EXPORT(kx_attempt_spent) int32_t kx_attempt_spent(void) { return kick_session_attempt_spent(S()); }

/* ------------------------------------------------------------------- frames */

/// One display refresh at `target_seconds` (the frame's own timestamp).
KX_EXPORT(kx_frame) int32_t kx_frame(double target_seconds) { return kick_session_frame(S(), target_seconds); }
KX_EXPORT(kx_pause) void kx_pause(void) { kick_session_pause(S()); }
KX_EXPORT(kx_resume) void kx_resume(void) { kick_session_resume(S()); }
/// A tap on the pitch (kick_session_tap).
KX_EXPORT(kx_tap) int32_t kx_tap(double x, double y) { return (int32_t)kick_session_tap(S(), x, y); }

/* --------------------------------------------------------------- share code */

/// Writes the last kick's share code at kx_text(); returns its length, or a
/// negative ks_status (-KS_ERR_STATE before the kick is decided).
KX_EXPORT(kx_share_encode) int32_t kx_share_encode(void) {
  static kick_replay r;
  ks_status st = kick_replay_from_director(&S()->dir, &r);
  if (st != KS_OK) return -(int32_t)st;
  size_t len = 0;
  st = kick_replay_share_encode(&r, g_text, sizeof g_text, &len, NULL);
  if (st != KS_OK) return -(int32_t)st;
  return (int32_t)len;
}

/// Plays the share code of `len` characters at kx_text() (kick_session_share):
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
  return (int32_t)kick_session_share(S(), &r);
}

KX_EXPORT(kx_text) char *kx_text(void) { return g_text; }
KX_EXPORT(kx_text_capacity) int32_t kx_text_capacity(void) { return (int32_t)sizeof g_text; }

/* ---------------------------------------------------------- reading the view */

static void kx_fill_view(void) {
  (void)S();
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
  v[KX_V_attempts_max] = g.mode == KICK_SESSION_MODE_TOUR ? g.def.tour_attempts : 0;
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
  kick_pack_ball(&v[KX_V_ball_x], dv.ball, &s->ball);
  v[KX_V_ball_held] = s->ball.held;
  v[KX_V_in_net] = s->in_net;
  v[KX_V_crossed] = s->crossed;
  ks_wasm_put3(v, KX_V_cross_x, s->crossing);
  v[KX_V_launch_speed] = g.reading.launch.speed_mps;
  v[KX_V_bend] = g.reading.bend;

  ks_vec3 w = kick_wind_at(s, kick_shot_time(s));
  v[KX_V_wind_x] = w.x;
  v[KX_V_wind_z] = w.z;
  v[KX_V_wind_speed] = ks_sqrt(w.x * w.x + w.z * w.z);
  v[KX_V_wind_mean] = su->wind.mean_speed_mps;
  v[KX_V_wind_gustiness] = su->wind.gustiness;

  kick_pack_keeper(&v[KX_V_keeper_present], s);
  v[KX_V_wall_count] = kick_pack_wall(&v[KX_V_wall0_ax], s);
  v[KX_V_ring_count] = kick_pack_rings(&v[KX_V_ring0_x], s);
  v[KX_V_camera_long_lens] = dv.mode == KICK_DIRECTOR_REPLAY;
  kick_pack_camera(&v[KX_V_cam_x], &dv.camera);
  ks_wasm_put_hash(v, KX_V_hash_hi, KX_V_hash_lo, kick_shot_hash(&g.dir.live));
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
  v[KX_V_can_skip] = kick_session_can_skip(&g);
  v[KX_V_keeper_dive_time] = kick_pack_keeper_dive_time(s);
  v[KX_V_keeper_stand_x] = s->keeper.stand_x;

  /* points, the tour, the day */
  v[KX_V_points] = g.decided_seen ? g.points.total : 0;
  v[KX_V_last_points] = g.points.total;
  v[KX_V_best_points] = g.mode == KICK_SESSION_MODE_TOUR ? g.best[g.level] : g.mode == KICK_SESSION_MODE_DAILY ? g.daily.best_points : 0;
  v[KX_V_tour_stars] = kick_session_tour_stars(&g);
  v[KX_V_tour_points] = kick_session_tour_points(&g);
  v[KX_V_tour_complete] = g.tour_complete;
  v[KX_V_daily_day] = g.daily.day;
  v[KX_V_daily_tries] = g.daily.tries;
  v[KX_V_daily_goals_mask] = g.daily.goals_mask;
  v[KX_V_daily_best] = g.daily.best_points;
  v[KX_V_daily_streak] = g.daily.streak;
  v[KX_V_daily_best_streak] = g.daily.best_streak;
  v[KX_V_daily_last_goal_day] = g.daily.last_goal_day;
  v[KX_V_daily_tries_left] = kick_session_daily_tries_left(&g);
  v[KX_V_daily_tries_max] = g.def.daily_tries;
  v[KX_V_tour_stars_max] = kick_session_tour_stars_max();
  v[KX_V_tour_attempts] = g.def.tour_attempts;
  v[KX_V_star_count] = KICK_STAR_COUNT;
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
  kick_pack_aim(&v[KX_V_aim_cam_x], su, g.screen_w, g.screen_h);
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
  return ks_wasm_field_name(kx_view_names, KX_VIEW_COUNT, i);
}

/// The director events of the last kx_frame, six doubles each: step, type,
/// subject, v0, v1, v2 (kick_director_event_type; subject bit 16 = from the replay).
KX_EXPORT(kx_events) double *kx_events(void) {
  (void)ks_wasm_pack_events(g_events, 0, KS_EVENTS_CAPACITY, &S()->events);
  return g_events;
}
KX_EXPORT(kx_event_count) int32_t kx_event_count(void) { return (int32_t)S()->events.count; }
KX_EXPORT(kx_event_name) const char *kx_event_name(int32_t type) { return kick_director_event_name((uint32_t)type); }
KX_EXPORT(kx_outcome_name) const char *kx_outcome_name(int32_t o) { return kick_outcome_name((kick_outcome)o); }
KX_EXPORT(kx_moment_name) const char *kx_moment_name(int32_t bit) { return kick_moment_name((uint32_t)bit); }
KX_EXPORT(kx_status_name) const char *kx_status_name(int32_t s) { return ks_status_name((ks_status)s); }

#if defined(KS_WASM_TESTING)
/* Tests only (a module built with KS_WASM_TESTING, BUILD/wasm-testing, never the
   page's): fills the game's state with `byte`, as memory no init function
   wrote would hold it (tests/api/uninitialised_wasm.mjs). */
KX_EXPORT(kx_test_fill) void kx_test_fill(int32_t byte);
void kx_test_fill(int32_t byte) {
  __builtin_memset(&g.dir, byte, sizeof g.dir);
}
#endif
