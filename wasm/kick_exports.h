// SPDX-License-Identifier: MIT
/// wasm/kick_exports.h — names shared by the free-kick exports and their native test driver.
///
/// The view is one flat array of doubles that the page reads each frame. Its
/// fields are listed once here; the page looks each one up by name
/// (kick_view_name), so adding a field never shifts what the page reads.
#ifndef KICKSTEP_WASM_KICK_EXPORTS_H
#define KICKSTEP_WASM_KICK_EXPORTS_H

#include <stdint.h>

#include "kickstep/kick_session.h"

#include "kick_pack.h"

/// Every field of the view, in order (the runs of kick_pack.h as in the duel's
/// view). Units: metres, seconds, m/s, rad/s.
#define KX_VIEW_FIELDS(X)                                                                  \
  X(screen) X(mode) X(level) X(level_count) X(year) X(month) X(day) X(attempt)             \
  X(attempts_max) X(goals) X(stars) X(last_stars) X(passed) X(time) X(steps) X(alpha)      \
  X(phase) X(outcome) X(moments) X(last_outcome) X(last_moments) X(time_scale)             \
  X(slow_motion) X(replay) X(replay_pending) X(paused) X(effects) X(person_keeper) X(taps) \
  X(spot_x) X(spot_z) X(wet)                                                               \
  KICK_PACK_BALL_FIELDS(X) X(ball_held) X(in_net) X(crossed)                               \
  X(cross_x) X(cross_y) X(cross_z) X(launch_speed) X(bend)                                 \
  X(wind_x) X(wind_z) X(wind_speed) X(wind_mean) X(wind_gustiness)                         \
  KICK_PACK_KEEPER_FIELDS(X)                                                               \
  X(wall_count) KICK_PACK_WALL_FIELDS(X)                                                   \
  X(ring_count) KICK_PACK_RING_FIELDS(X)                                                   \
  X(camera_long_lens) KICK_PACK_CAMERA_FIELDS(X)                                           \
  X(hash_hi) X(hash_lo) X(decision_step) X(runs_agree) X(runs_mask)                       \
  X(struck) X(runup) X(strike_time) X(ball_on_ground) X(can_skip) X(keeper_dive_time)      \
  X(keeper_stand_x) X(points) X(last_points) X(best_points) X(tour_stars) X(tour_points)    \
  X(tour_complete) X(daily_day) X(daily_tries) X(daily_goals_mask) X(daily_best)           \
  X(daily_streak) X(daily_best_streak) X(daily_last_goal_day) X(daily_tries_left)          \
  X(key_aim) X(key_height) X(key_bend) X(key_charging) X(key_direction) X(key_elevation)   \
  X(friendly) X(screen_w) X(screen_h)                                                      \
  KICK_PACK_AIM_FIELDS(X)                                                                  \
  X(aim_x) X(aim_y) X(aim_extended) X(aim_end_px) X(aim_end_py)                          \
  X(daily_tries_max) X(tour_stars_max) X(tour_attempts) X(star_count)

/* The session's names (kick_session.h), for the native driver and tests. */
#define KX_OPT_EFFECTS KICK_SESSION_OPT_EFFECTS
#define KX_OPT_PERSON_KEEPER KICK_SESSION_OPT_PERSON_KEEPER
#define KX_MODE_TOUR KICK_SESSION_MODE_TOUR
#define KX_MODE_DAILY KICK_SESSION_MODE_DAILY
#define KX_MODE_SHARED KICK_SESSION_MODE_SHARED
#define KX_SCREEN_AIM KICK_SESSION_SCREEN_AIM
#define KX_SCREEN_FLIGHT KICK_SESSION_SCREEN_FLIGHT
#define KX_SCREEN_RESULT KICK_SESSION_SCREEN_RESULT
#define KX_SCREEN_REPLAY KICK_SESSION_SCREEN_REPLAY

/* The exports, for the native driver (the page calls them by their wasm names, the same). */
int32_t kx_tour(int32_t level, int32_t attempt);
int32_t kx_progress_save(void);
int32_t kx_progress_load(int32_t len);
int32_t kx_progress_save_spent(void);
int32_t kx_names_count(int32_t kind);
const char *kx_names(int32_t kind, int32_t i);
int32_t kx_init(int32_t level, uint32_t seed_lo, uint32_t seed_hi);
int32_t kx_init_attempt(int32_t level, uint32_t seed_lo, uint32_t seed_hi, int32_t attempt);
int32_t kx_progress_set(int32_t level, int32_t stars, int32_t best_points);
int32_t kx_level_stars(int32_t level);
int32_t kx_level_best(int32_t level);
int32_t kx_level_unlocked(int32_t level);
int32_t kx_daily_set(int32_t day, int32_t tries, int32_t goals_mask, int32_t best_points, int32_t streak,
                     int32_t best_streak, int32_t last_goal_day);
int32_t kx_daily_share(void);
int32_t kx_points_count(void);
int32_t kx_points_kind(int32_t i);
int32_t kx_points_what(int32_t i);
int32_t kx_points_value(int32_t i);
int32_t kx_keys_set(double aim, double height, double bend);
int32_t kx_keys_charge(double t);
int32_t kx_keys_release(double t);
double kx_keys_power(double t);
const char *kx_swipe_error_text(void);
int32_t kx_init_daily(int32_t year, int32_t month, int32_t day);
int32_t kx_next(void);
int32_t kx_level_count(void);
const char *kx_level_text(int32_t i, int32_t what);
const char *kx_daily_text(int32_t what);
int32_t kx_set_option(int32_t id, double value);
int32_t kx_screen(double width, double height);
int32_t kx_swipe_begin(void);
int32_t kx_swipe_point(double t, double x, double y);
int32_t kx_swipe_end(void);
const char *kx_swipe_error(void);
int32_t kx_frame(double target_seconds);
void kx_pause(void);
void kx_resume(void);
int32_t kx_tap(double x, double y);
int32_t kx_share_encode(void);
int32_t kx_share_load(int32_t len);
char *kx_text(void);
int32_t kx_text_capacity(void);
double *kx_view(void);
int32_t kx_view_count(void);
const char *kx_view_name(int32_t i);
double *kx_events(void);
int32_t kx_event_count(void);
const char *kx_event_name(int32_t type);
const char *kx_outcome_name(int32_t o);
const char *kx_moment_name(int32_t bit);
const char *kx_status_name(int32_t s);
const char *kx_miss_text(void);
const char *kx_miss_tip(void);
int32_t kx_miss_kind(void);
int32_t kx_attempt_spent(void);

#endif
