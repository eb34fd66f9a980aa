// SPDX-License-Identifier: MIT
/// @file kickstep/kick_solver.h
/// The kick solver: which launch puts the ball on an aim point.
///
/// Given a spot, a launch speed and a bend, the solver looks for the
/// elevation and direction whose flight crosses a plane of constant z (by
/// default the goal line, z = KICK_CROSS_Z) at the aim point (x, y), in still
/// air. It flies the ball with the shot's own flight step (drag crisis,
/// Magnus lift, spin decay, the ground) at 1/240 s
/// (KICK_ESTIMATE_STEPS_PER_SECOND), and refines the two angles with a
/// Broyden (two-dimensional secant) iteration that needs one flight per
/// try. It tries at most 26 launches (KICK_SOLVER_MAX_TRIES).
///
/// The solver ignores the wind, the wall, the keeper and the woodwork: it
/// answers "where would this launch go on an open pitch in still air". Its
/// answer is the same bits every time (same inputs, same launch), so a
/// solved kick replays exactly.
///
/// Usage:
/// @code
///   kick_solver_def d = kick_solver_default_def();
///   d.spot_x = -3.0; d.spot_z = -22.0;
///   d.aim_x = 2.8; d.aim_y = 2.0; d.speed_mps = 26.0; d.bend = 0.5;
///   kick_solution sol;
///   if (kick_solve(&d, &sol) == KS_OK) kick_shot_strike(&shot, &sol.launch);
/// @endcode
///
/// Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED (def not from the default
/// function), KS_ERR_NOT_FINITE, KS_ERR_RANGE (an input outside its
/// documented range), and KS_ERR_NOT_FOUND when no launch within the
/// tolerance was found in max_tries (the aim is out of reach at that speed
/// and bend): `out` then holds the best launch tried, its miss distance and
/// the tries used, so nothing is lost. On every other error `out` is untouched.
#ifndef KICKSTEP_KICK_SOLVER_H
#define KICKSTEP_KICK_SOLVER_H

#include "kickstep/base.h"
#include "kickstep/kick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_SOLVER_MAX_TRIES 26          ///< most launches one solve flies
#define KICK_SOLVER_MAX_FLIGHT_SECONDS 6.0 ///< a try that has not reached the aim plane by then misses

/// What to solve for. Get one from kick_solver_default_def().
typedef struct kick_solver_def {
  double spot_x;        ///< ball spot across the pitch, m, |x| <= 40; default 0
  double spot_z;        ///< ball spot, m, -60..-5.5; default -20
  bool wet;             ///< wet pitch (matters only for shots that bounce); default false
  double aim_x;         ///< aim across the goal, m, |x| <= 20; default 0
  double aim_y;         ///< aim height of the ball's centre, m, KICK_BALL_RADIUS..10; default 1.2
  double aim_z;         ///< z of the aim plane, m, spot_z + 1 .. KICK_CROSS_Z; default KICK_CROSS_Z (the goal line)
  double speed_mps;     ///< launch speed, (0, 33.5]; default 25
  double bend;          ///< side spin as a fraction of full bend, -1..1 (+ curves towards +x, the
                        ///< shooter's left: spin KICK_FULL_BEND_SPIN × bend about +y); default 0
  double tolerance_m;   ///< a launch is good when it crosses within this of the aim, m, 0.0001..1; default 0.01
  int32_t max_tries;    ///< 1..26; default 26
  uint32_t cookie;      ///< set by kick_solver_default_def; do not touch
} kick_solver_def;

/// The answer.
typedef struct kick_solution {
  kick_launch launch;   ///< the best launch tried (speed and spin as asked; elevation and direction solved)
  int32_t tries;        ///< launches flown, 1..max_tries
  double miss_m;        ///< distance from the aim at the crossing of `launch`, m (huge if it never reached the plane)
  double cross_x;       ///< where `launch` crosses the aim plane, m
  double cross_y;       ///< m
  double flight_s;      ///< flight time from the strike to that crossing, s
  bool reached;         ///< `launch` reached the aim plane in the air or along the ground
} kick_solution;

/// Defaults as documented on each field.
KS_API kick_solver_def kick_solver_default_def(void);
/// A default def with the spot and the pitch taken from a setup (NULL: plain defaults).
KS_API kick_solver_def kick_solver_def_for_setup(const kick_setup *su);
/// Checks a def without solving (the same checks kick_solve makes).
KS_API ks_status kick_solver_validate(const kick_solver_def *d);
/// Solves (see the file comment). Deterministic: same def, same bits.
KS_API ks_status kick_solve(const kick_solver_def *d, kick_solution *out);
/// Flies one launch from (spot_x, spot_z) at 1/240 s in still air and reports
/// where it crosses the plane z = aim_z (the solver's own evaluation).
/// Returns false if it never gets there within KICK_SOLVER_MAX_FLIGHT_SECONDS.
KS_API bool kick_solver_fly(const kick_solver_def *d, const kick_launch *k, double *cross_x,
                            double *cross_y, double *flight_s);

#ifdef __cplusplus
}
#endif
#endif
