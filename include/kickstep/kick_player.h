// SPDX-License-Identifier: MIT
/// @file kickstep/kick_player.h
/// kickstep/kick_player.h — a simulated player: what a player of a given skill kicks here.
///
/// The player kick-cli's balance sweep plays (docs/sweeps.md), for a game's
/// own bots too. On a level it knows KICK_PLAYER_CANDIDATES launches (the
/// level's reference kick, and 5 aims × 5 speed/bend styles, solved once).
/// Standing on the spot it tries each candidate on KICK_PLAYER_TRIALS rerolled
/// copies of the live shot (the same setup, clock, keeper and wall, other
/// dice), scores each trial (3 for a goal, plus the level's stars), chooses the
/// best candidate (the first of equals), and strikes it with its own execution
/// error: a normal-ish wobble on speed, elevation, direction and spin, scaled
/// by its skill (0: it kicks exactly what it chose).
///
/// @code
///   kick_player_def d = kick_player_default_def();
///   d.skill = 0.8;                                   // a steady foot
///   static kick_launch cand[KICK_PLAYER_CANDIDATES];  // once per level
///   kick_player_candidates(level, cand);
///   ks_rng dice = ks_rng_stream(bot_seed, kick_number); // the player's own dice
///   kick_player_choice ch;
///   if (kick_player_kick(&d, level, cand, &shot, &dice, &ch) == KS_OK)
///     kick_shot_strike(&shot, &ch.launch);             // or the director's strike
/// @endcode
///
/// Everything is a plain value and a pure function of its arguments: the same
/// shot, candidates and dice give the same choice, bit for bit, on every
/// build. Nothing is allocated; the shot handed in is not changed (the trials
/// are copies). A kick_player_kick plays KICK_PLAYER_CANDIDATES ×
/// KICK_PLAYER_TRIALS (78) trial kicks to a decision: a few milliseconds.
/// The pieces (kick_player_trials, kick_player_score, kick_player_choose,
/// kick_player_execute) are public so that a caller may play the trials its
/// own way (kick-cli plays them in a kick_batch): the scores are sums, the
/// same in any order.
#ifndef KICKSTEP_KICK_PLAYER_H
#define KICKSTEP_KICK_PLAYER_H

#include "kickstep/base.h"
#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_PLAYER_CANDIDATES 26 ///< candidate launches a player knows per level: the reference and 5 aims × 5 styles
#define KICK_PLAYER_TRIALS 3      ///< rerolled copies each candidate is tried on
/// The default kick_player_def.max_flight_steps: 10 s of flight.
#define KICK_PLAYER_MAX_FLIGHT_STEPS (10 * KICK_STEPS_PER_SECOND)

/// How a player plays. Get one from kick_player_default_def().
typedef struct kick_player_def {
  double skill;             ///< execution error scale, >= 0 (0: no error); default 1.0 (kick-cli's players: 0.6..1.4)
  double speed_error_mps;   ///< speed wobble at skill 1, m/s; default 0.5
  double elevation_error;   ///< elevation wobble at skill 1, rad; default 0.7°
  double direction_error;   ///< direction wobble at skill 1, rad; default 0.7°
  double spin_error;        ///< spin rate wobble at skill 1, a fraction of the rate; default 0.06
  uint32_t wait_min_steps;  ///< kick_player_wait_steps: the least time on the spot, steps; default 180 (0.3 s)
  uint32_t wait_extra_steps;///< and up to this many more, 0..KICK_STEPS_PER_SECOND * 60; default 420
  int64_t max_flight_steps; ///< a trial (and kick_player_play) ends when decided or this many steps after
                            ///< the strike, 1..KICK_STEPS_PER_SECOND * 600; default KICK_PLAYER_MAX_FLIGHT_STEPS
  uint32_t cookie;          ///< set by kick_player_default_def; do not touch
} kick_player_def;

/// What the player kicks.
typedef struct kick_player_choice {
  int32_t candidate;        ///< the chosen candidate, 0..KICK_PLAYER_CANDIDATES-1 (0: the level's reference kick)
  int32_t score;            ///< its trial score, summed over the trials (0..KICK_PLAYER_TRIALS × 6)
  kick_launch aimed;        ///< the candidate's launch
  kick_launch launch;       ///< what the foot strikes: aimed with the execution error
} kick_player_choice;

/// Defaults as documented on each field.
KS_API kick_player_def kick_player_default_def(void);
/// KS_OK, or why the def is unusable: KS_ERR_NULL, KS_ERR_UNINITIALISED (not
/// from kick_player_default_def), KS_ERR_NOT_FINITE, KS_ERR_RANGE.
KS_API ks_status kick_player_def_check(const kick_player_def *def);

/// The level's candidate launches into cand (solved with kick_solver.h, the
/// same for every dice of the level: the spot and the pitch do not depend on
/// them). Candidate 0 is the level's reference kick; 1..25 aim low near each
/// post, at the top corners and under the bar (c-1)/5, each in the style
/// (c-1)%5: 22 m/s bent -0.5 and 0.5, 26 m/s straight, 30 m/s bent -0.3 and
/// 0.3. A candidate the solver cannot reach is its best try. KS_ERR_NULL.
KS_API ks_status kick_player_candidates(const kick_level *level, kick_launch cand[KICK_PLAYER_CANDIDATES]);

/// How long the player waits on the spot before kicking, steps: wait_min_steps
/// plus 0..wait_extra_steps from the dice. 0 for a bad def (dice untouched).
KS_API uint32_t kick_player_wait_steps(const kick_player_def *def, ks_rng *dice);

/// The trials: KICK_PLAYER_TRIALS copies of the shot, each rerolled with the
/// next draw of the dice. The shot must be waiting (not struck). Errors: the
/// def's, KS_ERR_NULL, KS_ERR_UNINITIALISED (a shot kick_shot_init did not
/// make), KS_ERR_STATE (struck); trial and dice untouched then.
KS_API ks_status kick_player_trials(const kick_player_def *def, const kick_shot *shot, ks_rng *dice,
                                    kick_shot trial[KICK_PLAYER_TRIALS]);

/// What one trial kick, decided or not, is worth: 3 for a goal plus the level's stars.
KS_API int32_t kick_player_trial_score(const kick_level *level, const kick_shot *shot);

/// Plays a struck shot on until it is decided or max_flight_steps after its strike.
/// Errors: the def's, KS_ERR_NULL, KS_ERR_UNINITIALISED (a shot kick_shot_init
/// did not make), KS_ERR_STATE (not struck); the shot untouched then.
KS_API ks_status kick_player_play(const kick_player_def *def, kick_shot *shot);

/// Every candidate on every trial (a copy struck and played by
/// kick_player_play): score[c] is the sum of kick_player_trial_score over the
/// trials (a launch the shot refuses scores nothing). Errors: the def's,
/// KS_ERR_NULL; score untouched then.
KS_API ks_status kick_player_score(const kick_player_def *def, const kick_level *level,
                                   const kick_launch cand[KICK_PLAYER_CANDIDATES],
                                   const kick_shot trial[KICK_PLAYER_TRIALS], int32_t score[KICK_PLAYER_CANDIDATES]);

/// The chosen candidate: the highest score, the first of equals. *best_score
/// (may be NULL) gets its score. 0 when score is NULL.
KS_API int32_t kick_player_choose(const int32_t score[KICK_PLAYER_CANDIDATES], int32_t *best_score);

/// The launch the foot strikes when aiming `aimed`: four draws of the dice (speed,
/// elevation, direction, spin, each the sum of three uniforms), scaled by the
/// def's errors × skill, clamped (speed 5..KICK_MAX_LAUNCH_SPEED m/s, elevation
/// -0.1..1.2 rad, direction -1.5..1.5 rad, spin 0..KICK_MAX_SPIN_RATE); a
/// result kick_launch_validate refuses is `aimed` itself. Errors: the def's,
/// KS_ERR_NULL; out and dice untouched then.
KS_API ks_status kick_player_execute(const kick_player_def *def, const kick_launch *aimed, ks_rng *dice,
                                     kick_launch *out);

/// The whole decision on a waiting shot: kick_player_trials, kick_player_score,
/// kick_player_choose and kick_player_execute, in that order on the dice. The
/// shot is not struck (strike it with out->launch). Errors as the pieces; out
/// and dice untouched then.
KS_API ks_status kick_player_kick(const kick_player_def *def, const kick_level *level,
                                  const kick_launch cand[KICK_PLAYER_CANDIDATES], const kick_shot *shot, ks_rng *dice,
                                  kick_player_choice *out);

#ifdef __cplusplus
}
#endif

#endif
